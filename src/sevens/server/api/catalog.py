"""What the lobby offers, as data: every family with its presets (a one-line summary in English and Japanese),
the computer players (the levels first, each with its name and a one-line description in both languages,
and ``default_level``), and each rules parameter with how it can be set and a one-line explanation of the local
rule it stands for. ``GET /api/catalog`` sends it; the browser builds its forms from it and never hard-codes a rule.

>>> entry = catalog()["families"][0]
>>> entry["name"], entry["presets"][0]["name"], "greedy" in entry["agents"]
('shichinarabe', 'standard', True)
>>> entry["default_level"], entry["levels"][2]["name"], entry["levels"][2]["title"]["ja"]
('normal', 'normal', 'ふつう')
>>> tunnel = next(p for p in entry["parameters"] if p["name"] == "tunnel")
>>> tunnel["kind"], tunnel["choices"], tunnel["help"]["en"][:24]
('choice', ['off', 'cross', 'end'], 'Tunnel (B7): once a suit')
"""

from __future__ import annotations

from typing import Any

from sevens.agents.base import agent_names
from sevens.agents.levels import DEFAULT_LEVEL, LEVELS, about, display_name
from sevens.games.registry import families
from sevens.i18n import LANGS, t
from sevens.server.room.chat import PHRASES
from sevens.server.room.reactions import STAMPS

# name -> (English, Japanese): one line per local rule or parameter (RULES.md ids in brackets)
PARAMETER_HELP: dict[str, tuple[str, str]] = {
    "players": ("Number of players (seats at the table).", "プレイヤーの人数（席の数）。"),
    "opening": (
        "Opening (B3): sevens_placed puts every 7 on the table first; fan_tan starts empty and 7s are played.",
        "開始方法（B3）：sevens_placed は最初に7を全部並べる、fan_tan は場が空で7も手番で出す。",
    ),
    "first_player": (
        "First player (B4): the holder of 7♦, or the dealer's left.",
        "最初の手番（B4）：♦7を持つ人、または親の左隣。",
    ),
    "ak_link": (
        "A–K link (B6): A and K are joined, so a run can go on past K to A and past A to K.",
        "AとKをつなげる（B6）：KのとなりにA、AのとなりにKが出せる。",
    ),
    "tunnel": (
        "Tunnel (B7): once a suit crosses the A–K link (cross) or reaches A or K (end), its other end closes.",
        "トンネル（B7）：AKをまたいだら（cross）またはAかKに届いたら（end）、反対側の端が閉じる。",
    ),
    "jokers": (
        "Jokers (B8): 0–2; a joker is played with a card two steps beyond a run, filling the gap.",
        "ジョーカー（B8）：0〜2枚。1つ空けた先の札と一緒に出して、間を埋める。",
    ),
    "joker_exchange": (
        "Joker exchange (B8b): forced (the real card's holder swaps it at once), optional (on their turn), none.",
        "ジョーカー交換（B8b）：forced は本物を持つ人がすぐ交換、optional は手番で交換してもよい、none は交換なし。",
    ),
    "pass_limit": (
        "Pass limit (B9): passes allowed per round; one more when you cannot play eliminates you. Empty: unlimited.",
        "パスの回数（B9）：1ラウンドにパスできる回数。使い切って出せないと脱落。空欄は無制限。",
    ),
    "voluntary_pass": (
        "Voluntary pass (B9, 止める): you may pass even when you could play.",
        "止める（B9）：出せる札があってもパスしてよい。",
    ),
    "ghost": (
        "Ghost rule (B13): eliminated players chat as ghosts; talk to one and you swap places.",
        "お化け（B13）：脱落した人はお化けとしてチャットでき、話しかけた人と入れ替わる。",
    ),
    "hints": ("Hints (E5): the cards you can play are highlighted.", "ヒント（E5）：出せる札を光らせる。"),
    "death": (
        "Death (C4): a position dies when its 4 orthogonal, its 2 horizontal, or all 8 neighbours are out.",
        "死に方（C4）：上下左右（orthogonal）、左右（horizontal）、8方向すべて（all_eight）が埋まると死ぬ。",
    ),
    "enclosure": (
        "Enclosure (C4): a closed group of empty positions up to this size dies as a whole. Empty: any size.",
        "囲い（C4）：この数までのひとかたまりの空き位置が囲まれると全部死ぬ。空欄はいくつでも。",
    ),
    "wrap": (
        "Wrap (C4): K is next to A and the clubs row next to the spades row, so there are no walls.",
        "端つなぎ（C4）：KとA、♣の行と♠の行がとなり合い、壁がなくなる。",
    ),
    "dead_cards_visible": (
        "Dead cards visible (C4): dead piles are face up; off, only how many each player lost is shown.",
        "死に札を見せる（C4）：死に札を表向きに置く。オフなら枚数だけ見える。",
    ),
    "tiebreak": (
        "Tie-break (C4): at equal dead cards, who left earlier ranks higher, or who killed most.",
        "同点のとき（C4）：先に抜けた人（earlier_exit）か、多く殺した人（most_kills）が上。",
    ),
    "stack": ("Chips each player starts with (D1).", "最初に持つチップ（D1）。"),
    "ante": (
        "Ante (D3): chips everyone puts in the pot before the deal.",
        "アンティ（D3）：配る前に全員が出すチップ。",
    ),
    "deal": (
        "Deal (D3): one card down then one up (down_up), up then down, or two down and one up.",
        "配り方（D3）：裏1枚・表1枚（down_up）、表・裏（up_down）、裏2枚・表1枚。",
    ),
    "small_bet": ("Bet size of the first two betting rounds (D4).", "最初の2回の賭けの額（D4）。"),
    "big_bet": ("Bet size from the third betting round on (D4).", "3回目からの賭けの額（D4）。"),
    "raise_cap": (
        "Most raises after the opening bet in one betting round (D4).",
        "1回の賭けでできるレイズの上限（D4）。",
    ),
    "draw_face": ("Extra cards are dealt face up or face down (D5).", "追加のカードを表向き・裏向きで配る（D5）。"),
    "refusal_limit": (
        "Refusal limit (D5): after this many stands a player takes no more cards. Empty: no limit.",
        "スタンドの上限（D5）：この回数スタンドしたらもう引けない。空欄は無制限。",
    ),
    "ten_half": ("10 counts ½ like J, Q and K (D2).", "10もJ・Q・Kと同じく½と数える（D2）。"),
    "tie_rule": (
        "Ties (D6): at equal distance the lower total wins (under_wins), or both tie (equal).",
        "同じ近さのとき（D6）：合計の小さい方が勝ち（under_wins）か、引き分け（equal）。",
    ),
    "bust": (
        "Bust (D6): a total over 7 or over 27 cannot win that half.",
        "バスト（D6）：7や27を超えたらその半分は取れない。",
    ),
    "deals": ("Deals in a session (D8).", "1セッションの配る回数（D8）。"),
}

# integer parameters: (lowest, highest) a form offers; the rules check the real limits
INT_RANGES: dict[str, tuple[int, int]] = {
    "jokers": (0, 2), "pass_limit": (0, 10), "enclosure": (1, 52), "stack": (10, 10_000), "ante": (0, 100),
    "small_bet": (1, 1000), "big_bet": (1, 1000), "raise_cap": (0, 10), "refusal_limit": (0, 20), "deals": (1, 50),
}  # fmt: skip

ROOM_OPTIONS: frozenset[str] = frozenset({"players", "ghost", "hints"})
"""Parameters the room sets another way (seats, the ghost option, the browser's hints switch)."""


def parameter_entry(rules: Any, name: str) -> dict[str, Any]:
    """How ``name`` of ``rules`` can be set: ``bool``, ``choice`` (with ``choices``) or ``int`` (with ``min``,
    ``max`` and ``optional``: whether none is allowed), and its explanation in both languages."""
    kind = type(rules)
    choices: dict[str, tuple[str, ...]] = getattr(kind, "_CHOICES", {})
    optional: dict[str, str] = getattr(kind, "_OPTIONAL", {})
    value = getattr(rules, name)
    entry: dict[str, Any] = {"name": name}
    if name in choices:
        entry.update(kind="choice", choices=list(choices[name]))
    elif isinstance(value, bool):
        entry["kind"] = "bool"
    else:
        low, high = INT_RANGES.get(name, (0, 1000))
        entry.update(kind="int", min=low, max=high, optional=name in optional or value is None)
    en, ja = PARAMETER_HELP.get(name, (name, name))
    entry["help"] = {"en": en, "ja": ja}
    return entry


def level_entries(family_name: str) -> list[dict[str, Any]]:
    """The levels ``family_name`` offers, weakest first, with display names and descriptions (ja/en)."""
    offered = agent_names(family_name)
    return [
        {
            "name": level,
            "title": {"en": display_name(level, "en"), "ja": display_name(level, "ja")},
            "about": {"en": about(level, "en"), "ja": about(level, "ja")},
        }
        for level in LEVELS
        if level in offered
    ]


def catalog() -> dict[str, Any]:
    """Families, presets, agents, parameters, kids-mode phrases and stamps, as the lobby and the table show
    them (the page offers computer players by ``levels`` only; ``agents`` lists every name the API accepts)."""
    found = []
    for family in families().values():
        first = next(iter(family.presets.values()))
        presets = []
        for name, rules in family.presets.items():
            summary = {lang: t(f"preset.{name}.about", lang) for lang in LANGS}
            presets.append({"name": name, "summary": summary, "rules": rules.to_dict()})
        found.append({
            "name": family.name,
            "title": {"en": family.title[0], "ja": family.title[1]},
            "min_players": family.min_players,
            "max_players": min(family.max_players, 10),  # a browser table beyond 10 seats is unreadable
            "agents": agent_names(family.name),  # read at run time: new agents appear without a change here
            "levels": level_entries(family.name),
            "default_level": DEFAULT_LEVEL,
            "presets": presets,
            "parameters": [parameter_entry(first, name) for name in first.to_dict() if name not in ROOM_OPTIONS],
        })  # fmt: skip
    return {"families": found, "phrases": PHRASES, "stamps": STAMPS}


__all__ = ["INT_RANGES", "PARAMETER_HELP", "ROOM_OPTIONS", "catalog", "level_entries", "parameter_entry"]
