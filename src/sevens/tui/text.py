"""The terminal UI's words in Japanese and English.

:func:`tr` looks a key up here first, then in :mod:`sevens.i18n` (shared words such as ``seat`` or
``status_eliminated``), so the two never disagree.

>>> tr("pass_button", "ja"), tr("pass_button", "en")
('パス (p)', 'Pass (p)')
>>> tr("status_eliminated", "ja")
'脱落'
"""

from __future__ import annotations

from sevens.i18n import MESSAGES as SHARED
from sevens.i18n import Lang, t

# key -> (English, Japanese)
MESSAGES: dict[str, tuple[str, str]] = {
    "app_title": ("Sevens", "七並べ"),
    "your_hand": ("Your hand", "あなたの手札"),
    "players": ("Players", "プレイヤー"),
    "move_log": ("Moves", "手順"),
    "you": ("you", "あなた"),
    "pass_button": ("Pass (p)", "パス (p)"),
    "passes_left": ("passes left: {left}", "残りパス: {left}"),
    "passes_unlimited": ("passes: unlimited", "パス: 無制限"),
    "your_turn": ("Your turn", "あなたの番です"),
    "waiting_for": ("{name} is thinking…", "{name} が考えています…"),
    "not_your_turn": ("it is not your turn (to move: {name})", "あなたの番ではありません (手番: {name})"),
    "round_not_over": ("the current round is not over yet", "まだこのゲームは終わっていません"),
    "round_is_over": ("the round is over", "このゲームは終わりました"),
    "you_are_out": (
        "you are out of this round; the others play on",
        "あなたはこのゲームを抜けました。他の人が続けます",
    ),
    "refused": ("Refused: {why}", "出せません: {why}"),
    "bad_text": ("Not understood: {why}", "読み取れません: {why}"),
    "timer": ("time: {seconds}s", "残り時間: {seconds}秒"),
    "timer_idle": ("time limit: {seconds}s per turn", "制限時間: 1手{seconds}秒"),
    "timer_off": ("no time limit", "時間制限なし"),
    "timed_out": ("Time is up: played {action}", "時間切れ: {action} を出しました"),
    "hints_on": ("hints on (h)", "ヒントあり (h)"),
    "hints_off": ("hints off (h)", "ヒントなし (h)"),
    "hint_playable": ("playable: {cards}", "出せるカード: {cards}"),
    "hint_none": ("nothing playable", "出せるカードはありません"),
    "joker_choices": ("joker plays: use the buttons or type e.g. Jk+9h", "ジョーカー: ボタンか Jk+9h のように入力"),
    "type_action": (
        "type a card or action (7h, pass, Jk+9h) and Enter",
        "カードや行動を入力 (7h, pass, Jk+9h) して Enter",
    ),
    "round_title": ("Round {number} of {total}", "第{number}ゲーム / 全{total}ゲーム"),
    "round_title_open": ("Round {number}", "第{number}ゲーム"),
    "dealer": ("dealer: {name}", "親: {name}"),
    "round_over_title": ("Round {number} is over", "第{number}ゲーム終了"),
    "session_over_title": ("The session is over", "セッション終了"),
    "place": ("place", "順位"),
    "name": ("name", "名前"),
    "outcome": ("outcome", "結果"),
    "points": ("points", "点"),
    "total": ("total", "合計"),
    "stars": ("stars", "星"),
    "chips": ("chips", "チップ"),
    "stars_line": (
        "{name}: ★{round} this round, ★{session} this session, ★{lifetime} in all",
        "{name}: 今回 ★{round} / このセッション ★{session} / 累計 ★{lifetime}",
    ),
    "next_round": ("Next round (Enter)", "次のゲーム (Enter)"),
    "close": ("Close (Enter)", "閉じる (Enter)"),
    "quit": ("Quit (q)", "終了 (q)"),
    "saved": (
        "Saved as session {id}; resume with `sevens play --resume {id}`",
        "セッション{id}に保存しました。`sevens play --resume {id}` で再開できます",
    ),
    "resumed": ("Resumed session {id} at move {moves}", "セッション{id}を{moves}手目から再開しました"),
    "outcome_finished": ("finished", "上がり"),
    "outcome_absent": ("not dealt in", "不参加"),
    "outcome_broke": ("no chips", "チップなし"),
    "kills": ("kills", "キル"),
    "dead": ("dead", "死札"),
    "stack": ("stack", "持ちチップ"),
    "bet": ("bet", "賭け"),
    "pot": ("pot: {pot}", "ポット: {pot}"),
    "phase_bet": ("betting round {round}", "ベットラウンド {round}"),
    "phase_card": ("card round", "カードラウンド"),
    "phase_over": ("deal over", "ディール終了"),
    "to_call": ("to call: {amount}", "コール額: {amount}"),
    "totals_7_27": ("your hand counts {text} (7 / 27)", "あなたの手: {text} (7 / 27)"),
    "folded": ("folded", "降り"),
    "all_in": ("all-in", "オールイン"),
    "deck": ("deck: {count}", "山札: {count}"),
    "up_cards": ("up", "表"),
    "down_cards": ("down", "裏"),
    "action_check": ("Check (c)", "チェック (c)"),
    "action_bet": ("Bet (b)", "ベット (b)"),
    "action_call": ("Call (a)", "コール (a)"),
    "action_raise": ("Raise (r)", "レイズ (r)"),
    "action_fold": ("Fold (f)", "フォールド (f)"),
    "action_take": ("Take a card (t)", "カードをもらう (t)"),
    "action_stand": ("Stand (s)", "スタンド (s)"),
    "menu_title": ("New game", "新しいゲーム"),
    "menu_preset": ("Preset", "プリセット"),
    "menu_settings": ("Variants (key=value, comma separated)", "ローカルルール (key=value をカンマ区切り)"),
    "menu_players": ("Players", "人数"),
    "menu_bots": ("Computer players (agent names, comma separated)", "コンピューター (エージェント名をカンマ区切り)"),
    "menu_time": ("Seconds per turn (empty: no limit)", "1手の制限時間 秒 (空欄: なし)"),
    "menu_rounds": ("Rounds (empty: default)", "ゲーム数 (空欄: 標準)"),
    "menu_name": ("Your name", "あなたの名前"),
    "menu_lang": ("Language", "言語"),
    "menu_hints": ("Hints", "ヒント"),
    "menu_start": ("Start", "開始"),
    "menu_resume": ("Resume a saved session", "保存したセッションを再開"),
    "menu_no_saved": ("no saved session", "保存したセッションはありません"),
    "menu_bad_number": ("{field}: {value!r} is not a number", "{field}: {value!r} は数ではありません"),
    "history_title": ("Sessions", "セッション履歴"),
    "history_empty": ("no sessions yet", "まだセッションがありません"),
    "id": ("id", "ID"),
    "date": ("date", "日時"),
    "rounds": ("rounds", "ゲーム数"),
    "state": ("state", "状態"),
    "session_finished": ("finished", "終了"),
    "session_open": ("in progress", "続きあり"),
    "replay_title": ("Session {session}, round {number}", "セッション{session} 第{number}ゲーム"),
    "replay_step": ("move {step} of {total} (←/→, Home/End)", "{step}/{total} 手目 (←/→, Home/End)"),
    "replay_no_round": (
        "session {session} has no round {number}; it has {count}",
        "セッション{session}に第{number}ゲームはありません (全{count}ゲーム)",
    ),
    "help": (
        "←/→ choose a card · Enter play · p pass · h hints · / type · q save and quit",
        "←/→ カードを選ぶ · Enter 出す · p パス · h ヒント · / 入力 · q 保存して終了",
    ),
}


def tr(key: str, lang: Lang, **params: object) -> str:
    """The UI text ``key`` in ``lang``; keys shared with the rest of the program come from :mod:`sevens.i18n`."""
    pair = MESSAGES.get(key)
    if pair is None:
        return t(key, lang, **params)
    return (pair[1] if lang == "ja" else pair[0]).format(**params)


def outcome_text(outcome: str, lang: Lang) -> str:
    """A round outcome (``finished``, ``eliminated``, ``left`` …) in words."""
    key = f"outcome_{outcome}"
    if key in MESSAGES:
        return tr(key, lang)
    shared = f"status_{outcome}"
    return t(shared, lang) if shared in SHARED else outcome


__all__ = ["MESSAGES", "outcome_text", "tr"]
