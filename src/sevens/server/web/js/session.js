// The end of a session, said right (the standings themselves: results.js, as the server sent them); the round
// counter; the short celebration with the stars you earned; and
// the players who ran out of chips (Seven Twenty-Seven, D8), shown as out rather than vanishing.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";

const ABSENT = "absent"; // a player not dealt into a deal (no chips left)
const BROKE = "broke";

/** How a round ended for a player, in words ("finished", "last", ...; an unknown outcome as it is). */
export function outcomeText(outcome) {
  const key = `outcome_${outcome}`;
  return has(key) ? t(key) : outcome;
}

/** The round the table is in, 1-based: finished rounds, plus the one being played (none once it is over). */
export function roundNumber(room, game, scores) {
  const finished = scores && scores.rounds ? scores.rounds.length : room.rounds_played || 0;
  const playing = room.status === "playing" && game && !game.over ? 1 : 0;
  const n = Math.max(1, finished + playing);
  return room.rounds ? Math.min(n, room.rounds) : n;
}

/** Whether ``player`` is out of chips: not dealt into the current deal, or broke at the last one. */
export function isBust(player, game, scores) {
  if (game && game.seat_players && game.seat_players.includes(player) && !game.over) return false;
  const rounds = scores && scores.rounds ? scores.rounds : [];
  const last = rounds[rounds.length - 1];
  return Boolean(last && [ABSENT, BROKE].includes(last.outcomes[player]));
}

/** Whether every human player is out of chips (why a chips session ended before its last deal). */
export function humansAllBust(room, scores) {
  const humans = room.members.filter((m) => m.kind === "human");
  return humans.length > 0 && humans.every((m) => isBust(m.player, null, scores));
}

/** A moment of joy at the end of a session: your stars this session, drawn one by one. */
export function celebration(stars, won) {
  const shown = Math.min(stars, 30);
  return h("div", { class: ["celebrate", won ? "won" : ""], role: "status", "data-testid": "celebration" },
    h("strong", { class: "celebrate-title" }, t("celebrate_title")),
    h("span", { class: "celebrate-stars", "aria-hidden": "true" },
      Array.from({ length: shown }, (_, i) => h("span", { class: "burst-star", style: { animationDelay: `${i * 90}ms` } }, "★"))),
    h("span", { class: "celebrate-words" }, stars ? t("celebrate_stars", { n: stars }) : t("celebrate_no_stars")));
}
