// Every word the page shows, in Japanese and English. The language follows the browser until the player picks one.

const STRINGS = {
  app_title: { en: "Sevens", ja: "七並べ" },
  app_subtitle: { en: "七並べ · Killer Sevens · Seven Twenty-Seven", ja: "七並べ・殺しの7並べ・7-27" },
  switch_lang: { en: "日本語", ja: "English" },
  switch_lang_label: { en: "Switch to Japanese", ja: "英語に切り替える" },
  loading: { en: "Loading…", ja: "読み込み中…" },
  // lobby
  your_name: { en: "Your name", ja: "あなたの名前" },
  name_placeholder: { en: "e.g. Aiko", ja: "例：あいこ" },
  name_needed: { en: "Enter your name first.", ja: "先に名前を入れてください。" },
  new_room: { en: "New table", ja: "新しいテーブル" },
  game: { en: "Game", ja: "ゲーム" },
  preset: { en: "Rules", ja: "ルール" },
  local_rules: { en: "Local rules and variants", ja: "ローカルルールと変更" },
  players: { en: "Players", ja: "人数" },
  seats: { en: "Seats", ja: "席" },
  players_title: { en: "Players", ja: "プレイヤー" },
  seat_n: { en: "Seat {n}", ja: "席{n}" },
  seat_you: { en: "You", ja: "あなた" },
  seat_human: { en: "Open seat (a friend joins)", ja: "空席（友だちが参加）" },
  seat_bot: { en: "Computer: {agent}", ja: "コンピュータ：{agent}" },
  agent_random: { en: "random (beginner)", ja: "ランダム（入門）" },
  agent_greedy: { en: "greedy (easy)", ja: "グリーディ（やさしい）" },
  agent_heuristic: { en: "heuristic (normal)", ja: "ヒューリスティック（ふつう）" },
  agent_search: { en: "search (strong)", ja: "探索（つよい）" },
  time_limit: { en: "Time per move", ja: "持ち時間" },
  no_limit: { en: "no limit", ja: "なし" },
  seconds: { en: "{n} s", ja: "{n}秒" },
  rounds: { en: "Rounds", ja: "ラウンド数" },
  ghost_rule: { en: "Ghost rule (talk to an eliminated player to swap places)", ja: "お化けルール（脱落した人に話しかけると入れ替わる）" },
  kids_mode: { en: "Kids mode (big cards, hints, preset chat phrases)", ja: "キッズモード（大きな札・ヒント・決まった言葉のチャット）" },
  listed: { en: "Show in the list of open tables", ja: "募集中の一覧に出す" },
  create: { en: "Create table", ja: "テーブルを作る" },
  join_by_code: { en: "Join with a code", ja: "コードで参加" },
  code: { en: "Code", ja: "コード" },
  join: { en: "Join", ja: "参加" },
  watch: { en: "Watch", ja: "観戦" },
  open_rooms: { en: "Open tables", ja: "募集中のテーブル" },
  no_open_rooms: { en: "No open table right now. Create one!", ja: "今は募集中のテーブルはありません。作ってみましょう！" },
  refresh: { en: "Refresh", ja: "更新" },
  recent_games: { en: "Finished games", ja: "終わったゲーム" },
  no_games: { en: "No finished game yet.", ja: "まだ終わったゲームはありません。" },
  replay: { en: "Replay", ja: "リプレイ" },
  seats_free: { en: "{free} of {total} seats free", ja: "空席 {free}/{total}" },
  host_is: { en: "host: {name}", ja: "ホスト：{name}" },
  none_value: { en: "none", ja: "なし" },
  on: { en: "on", ja: "あり" },
  off: { en: "off", ja: "なし" },
  // room lobby
  room: { en: "Table {code}", ja: "テーブル {code}" },
  share_link: { en: "Invite link", ja: "招待リンク" },
  copy: { en: "Copy", ja: "コピー" },
  copied: { en: "Copied!", ja: "コピーしました" },
  waiting_players: { en: "Waiting for players. Free seats are played by computers when the game starts.", ja: "参加者を待っています。開始すると空席はコンピュータが打ちます。" },
  waiting_host: { en: "Waiting for the host to start…", ja: "ホストが始めるのを待っています…" },
  start: { en: "Start the game", ja: "ゲームを始める" },
  join_this: { en: "Join this table", ja: "このテーブルに参加" },
  watching: { en: "You are watching.", ja: "観戦中です。" },
  leave: { en: "Leave", ja: "退出" },
  lobby: { en: "Lobby", ja: "ロビー" },
  open_seat: { en: "(open seat)", ja: "（空席）" },
  // table
  your_turn: { en: "Your turn", ja: "あなたの番です" },
  turn_of: { en: "{name}'s turn", ja: "{name}さんの番" },
  round_n: { en: "Round {n}", ja: "第{n}ラウンド" },
  round_of: { en: "Round {n} of {total}", ja: "第{n}ラウンド（全{total}回）" },
  hand: { en: "Your hand", ja: "手札" },
  hints: { en: "Hints", ja: "ヒント" },
  hints_label: { en: "Highlight the cards I can play", ja: "出せる札を光らせる" },
  pass: { en: "Pass", ja: "パス" },
  passes_left: { en: "{n} left", ja: "残り{n}回" },
  passes_unlimited: { en: "unlimited", ja: "無制限" },
  no_pass: { en: "Pass only when you cannot play", ja: "出せない時だけパス" },
  cards_n: { en: "{n} cards", ja: "{n}枚" },
  cards_n_one: { en: "1 card", ja: "1枚" },
  passes_n: { en: "passes {used}/{limit}", ja: "パス {used}/{limit}" },
  passes_used_n: { en: "passes {used}", ja: "パス {used}" },
  you_mark: { en: "(you)", ja: "（あなた）" },
  bot_mark: { en: "computer", ja: "コンピュータ" },
  auto_mark: { en: "played by a computer", ja: "コンピュータが代打ち" },
  away_mark: { en: "disconnected", ja: "切断中" },
  status_in: { en: "playing", ja: "参加中" },
  status_finished: { en: "finished", ja: "上がり" },
  status_eliminated: { en: "eliminated", ja: "脱落" },
  status_joker_stuck: { en: "joker-stuck", ja: "ジョーカー残り" },
  status_left: { en: "left holding cards", ja: "最後まで残った" },
  status_stalemate: { en: "stalemate", ja: "手詰まり" },
  status_out: { en: "out", ja: "抜け" },
  status_ghost: { en: "ghost", ja: "お化け" },
  moves: { en: "Moves", ja: "手順" },
  chat: { en: "Chat", ja: "チャット" },
  say: { en: "Send", ja: "送信" },
  chat_placeholder: { en: "Say something (@name to address)", ja: "メッセージ（@名前 で呼びかけ）" },
  reply: { en: "Reply", ja: "返信" },
  replying_to: { en: "Replying to {name}", ja: "{name}さんに返信" },
  cancel: { en: "Cancel", ja: "キャンセル" },
  timer: { en: "{n} s left", ja: "残り{n}秒" },
  choose_play: { en: "How do you play {card}?", ja: "{card}をどう出しますか？" },
  play_alone: { en: "Play {card}", ja: "{card}を出す" },
  play_with_joker_below: { en: "Joker, then {card}", ja: "ジョーカーと{card}（下側）" },
  play_with_joker_above: { en: "{card}, then joker", ja: "{card}とジョーカー（上側）" },
  swap_joker: { en: "Exchange {card} for the joker", ja: "{card}をジョーカーと交換" },
  table_label: { en: "Table: the four suit rows, A to K", ja: "場：4つのマークの列（AからK）" },
  empty_position: { en: "{card}: empty", ja: "{card}：空き" },
  joker_on: { en: "Joker standing for {card}", ja: "{card}の位置のジョーカー" },
  dead_position: { en: "{card}: dead", ja: "{card}：死に札" },
  playable: { en: "playable", ja: "出せる" },
  killer_grid: { en: "The 4×13 grid", ja: "4×13の盤" },
  dead_n: { en: "dead {n}", ja: "死に札 {n}" },
  kills_n: { en: "kills {n}", ja: "キル {n}" },
  your_dead: { en: "Your dead cards", ja: "あなたの死に札" },
  // results
  round_over: { en: "Round over", ja: "ラウンド終了" },
  session_over: { en: "Game over", ja: "ゲーム終了" },
  ranking: { en: "Ranking", ja: "順位" },
  rank_n: { en: "{n}.", ja: "{n}位" },
  points: { en: "points", ja: "点" },
  chips: { en: "chips", ja: "チップ" },
  stars: { en: "stars", ja: "星" },
  total: { en: "Total", ja: "合計" },
  scoreboard: { en: "Scoreboard", ja: "成績表" },
  rematch: { en: "Play again", ja: "もう一度遊ぶ" },
  next_round_soon: { en: "The next round has started.", ja: "次のラウンドが始まりました。" },
  close: { en: "Close", ja: "閉じる" },
  back_to_lobby: { en: "Back to the lobby", ja: "ロビーへ戻る" },
  watch_replay: { en: "Watch the replay", ja: "リプレイを見る" },
  outcome_finished: { en: "finished", ja: "上がり" },
  outcome_eliminated: { en: "eliminated", ja: "脱落" },
  outcome_left: { en: "last", ja: "ビリ" },
  outcome_joker_stuck: { en: "joker-stuck", ja: "ジョーカー残り" },
  outcome_stalemate: { en: "stalemate", ja: "手詰まり" },
  outcome_absent: { en: "not dealt in", ja: "不参加" },
  outcome_broke: { en: "out of chips", ja: "チップ切れ" },
  // seven27
  pot: { en: "Pot {n}", ja: "ポット {n}" },
  stack_n: { en: "{n} chips", ja: "{n}チップ" },
  bet_n: { en: "bet {n}", ja: "賭け {n}" },
  folded: { en: "folded", ja: "降り" },
  all_in: { en: "all-in", ja: "オールイン" },
  dealer: { en: "dealer", ja: "親" },
  phase_bet: { en: "Betting round {n}", ja: "賭け {n}回目" },
  phase_cards: { en: "Card round", ja: "カードを引く番" },
  phase_over: { en: "Showdown", ja: "ショーダウン" },
  deck_n: { en: "deck {n}", ja: "山札 {n}" },
  your_totals: { en: "Your count: {low} (7) · {high} (27)", ja: "あなたの合計：{low}（7側）・{high}（27側）" },
  act_check: { en: "Check", ja: "チェック" },
  act_bet: { en: "Bet {n}", ja: "ベット {n}" },
  act_call: { en: "Call {n}", ja: "コール {n}" },
  act_raise: { en: "Raise {n}", ja: "レイズ {n}" },
  act_fold: { en: "Fold", ja: "フォールド" },
  act_take: { en: "Take a card", ja: "1枚引く" },
  act_stand: { en: "Stand", ja: "スタンド" },
  // replay
  replay_title: { en: "Replay of game {id}", ja: "ゲーム{id}のリプレイ" },
  step_n: { en: "Move {n} of {total}", ja: "{n}/{total}手目" },
  first: { en: "Start", ja: "最初" },
  prev: { en: "Back", ja: "戻る" },
  play: { en: "Play", ja: "再生" },
  pause: { en: "Pause", ja: "停止" },
  next: { en: "Forward", ja: "進む" },
  last: { en: "End", ja: "最後" },
  jump: { en: "Jump to a move", ja: "手数へ移動" },
  deal_step: { en: "the deal", ja: "配札" },
  round_select: { en: "Round", ja: "ラウンド" },
  // cards
  joker: { en: "joker", ja: "ジョーカー" },
  hidden_card: { en: "face-down card", ja: "裏向きの札" },
  card_name: { en: "{rank} of {suit}", ja: "{suit}の{rank}" },
  suit_s: { en: "spades", ja: "スペード" },
  suit_h: { en: "hearts", ja: "ハート" },
  suit_d: { en: "diamonds", ja: "ダイヤ" },
  suit_c: { en: "clubs", ja: "クラブ" },
  // errors
  error: { en: "Error", ja: "エラー" },
  err_illegal: { en: "You can't play that.", ja: "その手は出せません。" },
  err_not_your_turn: { en: "It's not your turn.", ja: "まだあなたの番ではありません。" },
  err_bad_action: { en: "That move is not understood.", ja: "その手はわかりません。" },
  err_unknown_room: { en: "There is no open table with that code.", ja: "そのコードのテーブルはありません。" },
  err_unknown_game: { en: "That game cannot be replayed.", ja: "そのゲームはリプレイできません。" },
  err_name_taken: { en: "That name is taken in this table.", ja: "その名前は使われています。" },
  err_room_full: { en: "The table is full.", ja: "テーブルは満席です。" },
  err_not_lobby: { en: "The game has already started.", ja: "ゲームはもう始まっています。" },
  err_rules: { en: "These rules cannot be combined.", ja: "このルールの組み合わせはできません。" },
  err_chat_rate: { en: "Slow down a little.", ja: "少し待ってから送ってください。" },
  err_network: { en: "The server cannot be reached.", ja: "サーバーにつながりません。" },
  err_other: { en: "Refused.", ja: "できませんでした。" },
  connection_lost: { en: "Connection lost — reconnecting…", ja: "接続が切れました。再接続中…" },
  connection_closed: { en: "Disconnected: {reason}", ja: "切断されました：{reason}" },
};

const KEY = "sevens.lang";

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved === "ja" || saved === "en") return saved;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages[0] : navigator.language;
  return String(wanted || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

let lang = initial();

export const getLang = () => lang;

/** Switch language now; every view listening to "langchange" redraws itself. */
export function setLang(next) {
  lang = next === "ja" ? "ja" : "en";
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  window.dispatchEvent(new CustomEvent("langchange", { detail: lang }));
}

/** The text of key in the current language, with {name} placeholders filled. */
export function t(key, params = {}) {
  // English needs a singular: a key may have a `_one` form, used when the count is 1.
  if (params.n === 1 && `${key}_one` in STRINGS) key = `${key}_one`;
  const entry = STRINGS[key];
  const text = entry ? entry[lang] || entry.en : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Whether a key exists (agent names and outcomes come from the server). */
export const has = (key) => key in STRINGS;

/** A server-sent {en, ja} pair in the current language. */
export function pick(pair) {
  if (!pair) return "";
  return pair[lang] || pair.en || "";
}

document.documentElement.lang = lang;
