// The standings as people read them (issue 40): the session's place, the name, the session total and the
// session's stars first, then the last round in its own column, labelled with its number. The rows are the
// server's standings exactly as sent (scores.standings: one function and one tie rule, sevens.session.standings);
// the page never ranks anything itself. Used at the end of every round, at the end of the session, and by the
// replay at the end of each round.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { celebration, humansAllBust, isBust, outcomeText } from "./session.js";

export function signed(n) {
  if (n === undefined || n === null) return "";
  return n > 0 ? `+${n}` : String(n);
}

/** What a player's last round came to: how it ended for them ("outlasted everyone" for a winner left alone). */
export function roundOutcome(round, player) {
  const said = round.outcomes[player];
  return round.ranking && round.ranking[0] === player && said === "left" ? t("outcome_survivor") : outcomeText(said);
}

/**
 * The standings table. ``standings``: the server's rows ({player, place, total, stars}), best first; ``round``:
 * the last round by player ({number, points, stars, outcomes, ranking}); ``who``: {name(player), computer(player),
 * me (a player or null), outcome(player) (the round's words for them)}.
 */
export function standingsTable(standings, round, who) {
  const n = round.number + 1;
  // two heading rows: the session's own columns under one heading, the round's column apart and numbered
  const head = [
    h("tr", {},
      h("th", { scope: "col", rowspan: 2, class: "rank" }, t("rank")),
      h("th", { scope: "col", rowspan: 2, class: "name" }, t("player_col")),
      h("th", { scope: "colgroup", colspan: 2, class: "session-head" }, t("session_col")),
      h("th", { scope: "col", rowspan: 2, class: "round" }, t("round_col", { n }))),
    h("tr", {},
      h("th", { scope: "col", class: "num session-total" }, t("total")),
      h("th", { scope: "col", class: "stars", title: t("session_stars_head") }, "★")),
  ];
  const rows = standings.map((row) => {
    const player = row.player;
    const computer = who.computer(player);
    const roundStars = (round.stars || [])[player] || 0;
    return h("tr", { class: [row.place === 1 ? "winner" : "", who.me === player ? "me" : ""], "data-player": player, "data-place": row.place },
      h("td", { class: "rank" }, t("rank_n", { n: row.place })),
      h("td", { class: "name" }, h("span", { class: "who" }, who.name(player))),
      h("td", { class: "num strong session-total", "data-total": row.total }, signed(row.total)),
      computer
        ? h("td", { class: "stars muted", "aria-label": t("bot_no_stars"), title: t("bot_no_stars") }, "–")
        : h("td", { class: "stars", "data-stars": row.stars, "aria-label": t("session_stars_n", { n: row.stars }) }, `★${row.stars}`),
      h("td", { class: "round", "data-points": round.points[player] },
        h("span", { class: "round-outcome" }, who.outcome(player)), " ",
        h("span", { class: "round-points" }, signed(round.points[player])),
        roundStars ? h("span", { class: "round-stars", "aria-label": t("round_stars_n", { n: roundStars, round: n }) }, ` ${"★".repeat(roundStars)}`) : null));
  });
  return h("div", { class: "scroll-x standings-box", tabindex: 0, role: "region", "aria-label": t("ranking") },
    h("table", { class: "ranking standings", "data-testid": "standings" }, h("thead", {}, head), h("tbody", {}, rows)));
}

/** The winner screen at the end of a round and of the session (``view``: the table's RoomView). At the end of the
 * session the winners are the server's (most points, chips in Seven Twenty-Seven) and a short celebration shows
 * the stars you earned; between rounds, who won the round. */
export function resultsPanel(view) {
  const frame = view.lastRound;
  const scores = frame.scores;
  const room = view.room;
  const round = scores.rounds[scores.rounds.length - 1];
  const chipsGame = room.family === "seven27";
  const over = frame.session_over;
  const members = room.members;
  const mine = view.you && view.you.player !== null && view.you.role === "player" ? view.you.player : null;
  const who = {
    name: (player) => view.playerName(player),
    computer: (player) => Boolean(members[player] && members[player].kind === "bot"),
    me: view.you ? view.you.player : null,
    outcome: (player) => (chipsGame && isBust(player, null, scores) ? t("status_bust") : roundOutcome(round, player)),
  };
  let winnerLine = null;
  const winners = scores.winners || [];
  if (over && winners.length) {
    const names = winners.map((p) => view.playerName(p));
    const said = names.length === 1 ? t("session_winner_is", { name: names[0] }) : t("session_winners_are", { names: names.join(t("player.separator")) });
    winnerLine = h("p", { class: "winner-line", "data-testid": "winner", "data-players": winners.join(",") }, icon("trophy"), " ", said,
      h("small", {}, " ", t("session_winner_total", { total: signed(scores.totals[winners[0]]) })));
  } else if (round && round.ranking.length) {
    winnerLine = h("p", { class: "winner-line", "data-testid": "winner", "data-players": String(round.ranking[0]) }, icon("trophy"), " ",
      t("winner_is", { name: view.playerName(round.ranking[0]) }));
  }
  const party = over && mine !== null ? celebration(scores.stars[mine] || 0, winners.includes(mine)) : null;
  const early = over && chipsGame && room.rounds && scores.rounds.length < room.rounds && humansAllBust(room, scores)
    ? h("p", { class: "notice", "data-testid": "ended-early" }, t("ended_early")) : null;
  const buttons = [];
  if (over && view.isHost()) {
    buttons.push(h("button", { type: "button", class: "primary", "data-testid": "rematch", "data-key": "rematch",
      on: { click: () => view.socket.send("rematch") } }, t("rematch")));
  } else if (over) {
    buttons.push(h("span", { class: "muted" }, t("rematch_wait")));
  }
  if (over && room.record) {
    buttons.push(h("a", { class: "button secondary", href: `#/replay/${room.record}`, "data-testid": "replay-link" }, t("watch_replay")));
  }
  if (over) {
    buttons.push(h("button", { type: "button", class: "secondary", "data-testid": "results-leave", "data-key": "results-leave",
      on: { click: () => view.leaveNow() } }, t("leave_table")));
  }
  buttons.push(h("button", { type: "button", class: "link-button", "data-key": "close-results",
    on: { click: () => { view.resultsOpen = false; view.render(); } } }, t("close")));
  const played = scores.rounds.length;
  const caption = over ? t("final_standings") : room.rounds ? t("standings_after", { n: played, total: room.rounds }) : null;
  return h("section", { class: ["results", over ? "final" : ""], "data-testid": "results", "aria-label": t("ranking") },
    h("h2", {}, over ? t("session_over") : t("round_over")),
    party,
    winnerLine,
    early,
    caption ? h("p", { class: "muted" }, caption) : null,
    round ? standingsTable(scores.standings || [], round, who) : null,
    over ? null : h("p", { class: "muted small" }, t("next_round_soon")),
    h("div", { class: "button-row" }, buttons));
}
