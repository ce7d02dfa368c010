// The table alone, framed by a family app's page (/embed/…, docs/embed.md): no lobby, no header; at each
// round's end and at the session's end a message to the parent page, posted only to the origins the server's
// operator allowed (sevens serve --embed-origin …, given to the page in a <meta>).
//
//   /embed/play?preset=standard&players=4&level=easy&rounds=3&name=Aiko&lang=ja&kids=1&seed=7
//       a new table: this person and computers, started at once
//   /embed/room/CODE#token=SEAT_TOKEN
//       a table the app created over the HTTP API (the token in the fragment never reaches a server log)
import { createRoom, loadTicket, saveTicket, startRoom } from "./api.js";
import { fill, h } from "./dom.js";
import { setLang, t } from "./i18n.js";
import { memberName, RoomView } from "./table.js";
import { explain } from "./wording.js";

const ORIGINS_META = "sevens-embed-origins";
const KEPT = "sevens.embed."; // sessionStorage: the table of this frame (a reload resumes it), messages already posted
export const MESSAGE_VERSION = 1;

export const isEmbedded = () => location.pathname === "/embed" || location.pathname.startsWith("/embed/");

/** The origins this page may post to (none: it posts nothing). */
export function embedOrigins() {
  const meta = document.querySelector(`meta[name="${ORIGINS_META}"]`);
  return meta ? meta.content.split(/\s+/).filter(Boolean) : [];
}

/** Post ``message`` to the parent page, once per key (a reload of the frame never counts a round twice). The
 * browser delivers it only if the parent's origin is the target's: never to a site not allowed. */
function post(key, message) {
  if (window.parent === window) return;
  const sent = `${KEPT}sent.${key}`;
  if (sessionStorage.getItem(sent)) return;
  sessionStorage.setItem(sent, "1");
  for (const origin of embedOrigins()) window.parent.postMessage(message, origin);
}


/** The messages of a round_over frame for the person of this frame. */
export function roundMessages(frame, view) {
  const room = view.room;
  const me = view.you && view.you.role === "player" ? view.you.player : null;
  const scores = frame.scores;
  const round = scores.rounds[scores.rounds.length - 1];
  if (me === null || !round) return [];
  const base = { version: MESSAGE_VERSION, room: room.code, family: room.family, preset: room.preset };
  const roundRank = round.ranking.indexOf(me);
  const messages = [{
    type: "sevens:round", ...base,
    round: scores.rounds.length,
    rounds: room.rounds ?? null,
    rank: roundRank < 0 ? null : roundRank + 1,
    outcome: round.outcomes[me],
    points: round.points[me],
    stars: round.stars[me] || 0,
    session_total: scores.totals[me],
    session_stars: scores.stars[me] || 0,
    session_over: Boolean(frame.session_over),
  }];
  if (frame.session_over) {
    // the standings as the server sent them (session/standings.py: one tie rule everywhere), never re-ranked here
    const member = (player) => room.members.find((m) => m.player === player);
    const standings = scores.standings.map((row) => ({
      player: row.player, name: memberName(room, member(row.player)), computer: member(row.player).kind === "bot",
      rank: row.place, total: row.total, stars: row.stars,
    }));
    const mine = scores.standings.find((row) => row.player === me);
    messages.push({
      type: "sevens:session", ...base,
      rounds_played: scores.rounds.length,
      rank: mine.place,
      winner: scores.winners.includes(me),
      session_total: scores.totals[me],
      stars: scores.stars[me] || 0,
      standings,
    });
  }
  return messages;
}

/** What the view calls back: each round's end, posted once per frame (its seq is the room's event number). */
const hooks = {
  roundOver(frame, view) {
    for (const message of roundMessages(frame, view)) post(`${view.code}.${frame.seq}.${message.type}`, message);
  },
  ready(view) {
    post(`${view.code}.ready`, { type: "sevens:ready", version: MESSAGE_VERSION, room: view.code });
  },
};

/** The body of POST /api/rooms from the query: this person and computers. Bad values are the server's to refuse
 * (its one-line reason is shown); only the shape is read here. */
function roomBody(query) {
  const players = Number(query.get("players") || 4);
  const level = query.get("level") || "normal";
  const seats = [{ kind: "human" }];
  for (let i = 1; i < (Number.isInteger(players) ? players : 0); i += 1) seats.push({ kind: "bot", agent: level });
  const body = { preset: query.get("preset") || "standard", seats, host_name: query.get("name") || t("seat_you"), listed: false };
  if (query.get("rounds")) body.rounds = Number(query.get("rounds"));
  if (query.get("seed")) body.seed = Number(query.get("seed"));
  if (query.get("kids") === "1") body.kids = true;
  return body;
}

/** A new table for /embed/play (or the one this frame made before a reload). */
async function playTicket(query) {
  const kept = `${KEPT}table.${location.search}`;
  const code = sessionStorage.getItem(kept);
  const saved = code ? loadTicket(code) : null;
  if (saved) return saved;
  const ticket = await createRoom(roomBody(query));
  saveTicket({ ...ticket, name: query.get("name") || "" });
  sessionStorage.setItem(kept, ticket.code);
  await startRoom(ticket.code, ticket.token);
  return ticket;
}

/** The view of the frame: the table, or a one-line reason it cannot be shown. */
export async function embedView(main, catalog) {
  document.body.classList.add("embedded");
  const query = new URLSearchParams(location.search);
  if (query.get("lang") === "ja" || query.get("lang") === "en") setLang(query.get("lang"));
  const [, , kind, arg] = location.pathname.split("/");
  try {
    let ticket;
    if (kind === "room" && arg) {
      const code = arg.toUpperCase();
      const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
      ticket = token ? { code, token } : loadTicket(code); // without a token: a spectator
      if (token) saveTicket(ticket);
      const view = new RoomView(main, code, ticket, catalog, hooks);
      hooks.ready(view);
      return view;
    }
    if (kind === undefined || kind === "" || kind === "play") {
      ticket = await playTicket(query);
      const view = new RoomView(main, ticket.code, ticket, catalog, hooks);
      hooks.ready(view);
      return view;
    }
    throw Object.assign(new Error(`/embed/${kind}: use /embed/play?… or /embed/room/CODE`), { code: "invalid" });
  } catch (err) {
    fill(main, h("div", { class: "notice", role: "alert", "data-testid": "embed-error" },
      t("embed_bad_query", { reason: explain(err.code, err.message) })));
    return null;
  }
}
