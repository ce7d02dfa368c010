// The replay viewer: a finished game as the server replayed it (the table and every hand after each move): step,
// play, jump. Players are named as at the table (players.js).
import { getGame } from "./api.js";
import { cardFace, cardName } from "./cards.js";
import { fill, h } from "./dom.js";
import { has, t } from "./i18n.js";
import { icon } from "./icons.js";
import * as killer from "./killer.js";
import { playerLabel, playerLink } from "./players.js";
import { gameTitle } from "./rules.js";
import * as seven27 from "./seven27.js";
import * as shichinarabe from "./shichinarabe.js";
import { roundOutcome, standingsTable } from "./results.js";
import { outcomeText } from "./session.js";
import { explain } from "./table.js";
import { actionText } from "./wording.js";

const FAMILIES = { shichinarabe, killer, seven27 };
const PLAY_MS = 700;

export class ReplayView {
  constructor(root, id, catalog) {
    this.root = root;
    this.id = id;
    this.catalog = catalog;
    this.game = null;
    this.round = 0;
    this.step = 0;
    this.playing = null;
    this.onKey = (e) => this.keydown(e);
    document.addEventListener("keydown", this.onKey);
    fill(root, h("p", { class: "muted" }, t("loading")));
    getGame(id).then((game) => {
      this.game = game;
      this.render();
    }).catch((err) => fill(root, h("div", { class: "notice", role: "alert" }, explain(err.code, err.message)),
      h("a", { href: "#/", class: "button secondary" }, t("back_to_lobby"))));
  }

  destroy() {
    this.stop();
    document.removeEventListener("keydown", this.onKey);
  }

  get steps() {
    return this.game.rounds[this.round].steps;
  }

  go(step) {
    this.step = Math.max(0, Math.min(this.steps.length - 1, step));
    if (this.step === this.steps.length - 1) this.stop();
    this.render();
  }

  toggle() {
    if (this.playing) return this.stop();
    if (this.step === this.steps.length - 1) this.step = 0;
    this.playing = setInterval(() => this.go(this.step + 1), PLAY_MS);
    this.render();
  }

  stop() {
    if (this.playing) clearInterval(this.playing);
    this.playing = null;
  }

  keydown(e) {
    if (!this.game || (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && e.target.type !== "range")) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (e.key in moves) {
      e.preventDefault();
      this.go(this.step + moves[e.key]);
    } else if (e.key === "Home") this.go(0);
    else if (e.key === "End") this.go(this.steps.length - 1);
    else if (e.key === " " && e.target.tagName !== "BUTTON") {
      e.preventDefault();
      this.toggle();
    }
  }

  render() {
    const game = this.game;
    if (!game) return;
    const round = game.rounds[this.round];
    if (!round) {
      fill(this.root, h("p", {}, t("no_games")));
      return;
    }
    const fam = FAMILIES[game.family] || shichinarabe;
    const steps = round.steps;
    const step = steps[this.step];
    const view = { ...step.view, rules: round.rules, seat: null };
    const names = (seat) => playerLabel(game.players, round.seat_players[seat]);
    const last = steps.length - 1;
    // play and step forward carry their words too: two triangles side by side read alike
    const button = (label, icon, testid, fn, disabled, said = false) => h("button", { type: "button", class: ["secondary", said ? "said" : ""],
      "aria-label": label, title: label, "data-testid": testid, disabled, on: { click: fn } }, icon, said ? h("span", { class: "button-word" }, label) : null);
    const slider = h("input", { type: "range", min: 0, max: last, value: this.step, "aria-label": t("jump"), "data-testid": "replay-slider",
      on: { input: (e) => this.go(Number(e.target.value)) } });
    const link = `${location.origin}/#/replay/${game.id}`;
    const rounds = game.rounds.length > 1
      ? h("label", {}, `${t("round_select")} `, h("select", { on: { change: (e) => { this.stop(); this.round = Number(e.target.value); this.step = 0; this.render(); } } },
        game.rounds.map((r, i) => h("option", { value: i, selected: i === this.round }, String(r.number + 1)))))
      : null;
    // the game's own move log up to this step (older replays without one: the actions)
    const lines = round.log
      ? fam.logLines({ log: round.log.slice(0, step.log_length) }, names)
      : steps.slice(1, this.step + 1).map((s) => ({ who: s.seat === null ? "" : names(s.seat), text: actionText(s.action) }));
    const moves = lines.map((line) => h("li", {}, line.who ? [h("span", { class: "who" }, line.who), " "] : null, line.text));
    const log = h("ol", { class: "move-log" }, moves);
    const parts = [
      h("div", { class: "replay-head" },
        h("h2", {}, t("replay_title", { id: game.id }), " · ", gameTitle(this.catalog, game.family, game.preset)),
        h("div", { class: "share-row" }, h("label", {}, t("replay_link")), h("input", { class: "share", readonly: true, value: link, "aria-label": t("replay_link"), "data-testid": "replay-share" }))),
      h("div", { class: "replay-controls", role: "toolbar", "aria-label": t("replay") },
        rounds,
        button(t("first"), icon("first"), "replay-first", () => this.go(0), this.step === 0),
        button(t("prev"), icon("prev"), "replay-prev", () => this.go(this.step - 1), this.step === 0),
        button(this.playing ? t("pause") : t("play"), icon(this.playing ? "pause" : "play"), "replay-play", () => this.toggle(), false, true),
        button(t("next"), icon("next"), "replay-next", () => this.go(this.step + 1), this.step === last, true),
        button(t("last"), icon("last"), "replay-last", () => this.go(last), this.step === last),
        slider,
        h("span", { class: "step-no", "data-testid": "replay-step", "aria-live": "polite" },
          t("step_n", { n: this.step, total: last }), " ", step.action ? `${names(step.seat)}: ${actionText(step.action)}` : `(${t("deal_step")})`)),
      h("div", { class: "table-grid" },
        h("div", { class: "stage" }, h("div", { class: "felt" }, fam.board(view, { names, hints: false, legal: [], lastAction: step.action })),
          this.step === last ? this.result(round, game) : null),
        h("aside", { class: "side" },
          h("section", { class: "panel players" }, h("h2", {}, t("players_title")),
            h("p", { class: "muted small" }, t("replay.hands_note")), h("ul", { class: "player-list" },
            round.seat_players.map((player, seat) => h("li", { class: ["player", view.to_move === seat ? "turn" : ""] },
              h("div", { class: "who" }, h("strong", {}, playerLink(game.players, player))),
              h("div", { class: "facts" }, [...fam.seatFacts(view, seat), statusText(view, seat)].filter(Boolean).join(" · ")),
              fam.hasHand ? openHand(step.hands ? step.hands[seat] : null) : null,
              deadPile(view.dead_piles ? view.dead_piles[seat] : null))))),
          h("section", { class: "panel log" }, h("h2", {}, t("moves")), log))),
    ];
    fill(this.root, h("div", { class: "replay", id: "replay", "data-step": this.step }, parts));
    log.scrollTop = log.scrollHeight;
  }

  /** At the end of a round: the session's standings after it (as the server ranked them) with the round in its
   * own column, the same table the players saw. */
  result(round, game) {
    if (!round.points || !round.standings) return null;
    const byPlayer = (bySeat) => {
      const out = game.players.map(() => null);
      (bySeat || []).forEach((value, seat) => { out[round.seat_players[seat]] = value; });
      return out;
    };
    const result = round.result || {};
    const last = {
      number: round.number, points: round.points, stars: round.stars || [], outcomes: byPlayer(result.outcomes),
      ranking: (result.ranking || []).map((seat) => round.seat_players[seat]),
    };
    const who = {
      name: (player) => playerLabel(game.players, player),
      computer: (player) => Boolean(game.players[player] && !game.players[player].human),
      me: null,
      outcome: (player) => (last.outcomes[player] === null ? outcomeText("absent") : roundOutcome(last, player)),
    };
    return h("section", { class: "results final", "data-testid": "replay-result" }, h("h2", {}, t("ranking")),
      standingsTable(round.standings, last, who));
  }
}

/** A seat's hand in the replay (a finished game hides nothing). */
function openHand(cards) {
  if (!cards) return null;
  if (!cards.length) return h("div", { class: "open-hand muted" }, t("replay.no_cards"));
  return h("div", { class: "open-hand", role: "group", "aria-label": t("replay.hands"), "data-testid": "open-hand" },
    cards.map((card) => h("span", { class: "mini-card", role: "img", "aria-label": cardName(card), title: cardName(card) }, cardFace(card))));
}

/** A seat's dead pile in Killer Sevens, where dead cards are shown. */
function deadPile(cards) {
  if (!cards || !cards.length) return null;
  return h("div", { class: "open-hand dead-pile-mini", role: "group", "aria-label": t("replay.dead") },
    h("span", { class: "muted" }, t("replay.dead")),
    cards.map((card) => h("span", { class: "mini-card", role: "img", "aria-label": cardName(card), title: cardName(card) }, cardFace(card))));
}

function statusText(view, seat) {
  const status = (view.statuses || [])[seat];
  if (!status || status === "in") return "";
  return has(`status_${status}`) ? t(`status_${status}`) : outcomeText(status);
}
