// Players of a finished game as the table named them: people by name, computer players as "Computer 1 (Normal)"
// (wording.js's botName). Seats come from the server as {name, human, agent}.
import { h, unescape } from "./dom.js";
import { getLang } from "./i18n.js";
import { botName } from "./wording.js";

/** The name of seat i of a game's seats. */
export function playerLabel(seats, i) {
  const seat = seats[i];
  if (!seat) return "";
  if (seat.human) return unescape(seat.name);
  const members = seats.map((s, player) => ({ kind: s.human ? "human" : "bot", player, agent: s.agent }));
  return botName(members, members[i]);
}

/** A person's name linked to their profile; a computer player's as plain text. */
export function playerLink(seats, i) {
  const seat = seats[i];
  const label = playerLabel(seats, i);
  if (!seat || !seat.human) return label;
  return h("a", { href: profileHref(seat.name), class: "player-link", translate: "no" }, label); // a name is no language
}

export const profileHref = (name) => `#/profile/${encodeURIComponent(name)}`;

/** A date and time from the server (ISO 8601) as this language writes it. */
export function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(getLang() === "ja" ? "ja-JP" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(date);
}
