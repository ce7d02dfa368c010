// Game texts in the player's language: actions, the structured move log (game.json's "log."/"event."/"s27."
// keys) and refused moves (reason_key + params). Cards are shown with suit symbols, seats by the names players
// see (never a 0-based number), computer players as "Computer 1 (Normal)".
import { cardLabel, parseCard } from "./cards.js";
import { getLang, has, t } from "./i18n.js";

const WORDS = new Set(["pass", "check", "bet", "call", "raise", "fold", "take", "stand", "up", "down", "swap", "ghost"]);

/** One action or card text ("8h", "8h 9h", "Jk+9h", "swap 8h", "take up") in words and suit symbols. */
export function actionText(text) {
  return String(text)
    .split(/(\s+|\+)/)
    .map((token) => {
      if (token === "Jk") return t("joker");
      if (parseCard(token)) return cardLabel(token);
      if (WORDS.has(token)) return t(`word_${token}`);
      return token;
    })
    .join("");
}

/** The parameters of a catalogue entry made readable: seats named, cards and actions drawn, lists joined. */
export function readableParams(params, names) {
  const out = {};
  for (const [key, value] of Object.entries(params || {})) {
    if (key.endsWith("seat") && Number.isInteger(value)) out[key] = names(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => actionText(v)).join(" ");
    else if (typeof value === "string") out[key] = actionText(value);
    else out[key] = value;
  }
  return out;
}

/** One entry of the view's structured log ({seat, key, params}) as a sentence. */
export function entryText(entry, names) {
  const params = { ...(entry.seat === null || entry.seat === undefined ? {} : { seat: entry.seat }), ...entry.params };
  return t(entry.key, readableParams(params, names));
}

/** A refused move or request in the player's language. With a reason key: an illegal move is titled
 * ("You can't play that.") and explained, with the legal moves; any other refusal is its reason alone (its
 * title would say the same twice). Without one, the title, and the server's English sentence for English
 * readers only, where the title does not already say all of it (SAID_WHOLE). */
export function explain(code, message, reasonKey = null, params = null, names = (seat) => String(seat + 1)) {
  const title = has(`err_${code}`) ? t(`err_${code}`) : t("err_other");
  const gap = getLang() === "ja" ? "" : " "; // Japanese runs sentences on after 。
  if (reasonKey && has(reasonKey)) {
    const readable = readableParams(params, names);
    let reason = t(reasonKey, readable);
    if (params && Array.isArray(params.legal) && params.legal.length) reason = t("refusal.legal_now", { reason, legal: readable.legal });
    return code === "illegal" ? `${title}${gap}${reason}` : reason.charAt(0).toUpperCase() + reason.slice(1);
  }
  return message && getLang() === "en" && !SAID_WHOLE.has(code) ? `${title}${gap}${message}` : title;
}

/** Refusals whose own words already say all the server's sentence says (adding it would say it twice). */
const SAID_WHOLE = new Set(["reaction_rate", "unknown_stamp", "not_player", "chat_rate"]);

/** The display name of a computer player: its number among the room's computers and its level ("Computer 2"
 * alone where space is short, or for an agent the API seated by its raw name: a player never reads an agent id). */
export function botName(members, member, withLevel = true) {
  const n = members.filter((m) => m.kind === "bot" && m.player <= member.player).length;
  const level = withLevel ? agentLevel(member.agent) : "";
  return level ? t("bot_name", { n, level }) : t("bot_name_plain", { n });
}

/** A level in words (levels.json's "level.<name>"); "" for anything that is not one of the five levels. */
export function agentLevel(agent) {
  return has(`level.${agent}`) ? t(`level.${agent}`) : "";
}
