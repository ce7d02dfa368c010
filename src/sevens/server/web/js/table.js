// One room in the browser: the waiting room, the table of any family, results, scoreboard, rematch.
// Everything shown comes from the server's frames; playable cards are the server's legal actions.
import { dropTicket, savePreset } from "./api.js";
import { announce, deckChoice, moveFocus, rove, setDeckChoice } from "./a11y.js";
import { cardFace, cardLabel, cardName, handCardName } from "./cards.js";
import { chatPanel } from "./chat.js";
import { fill, h, unescape } from "./dom.js";
import { Effects } from "./effects.js";
import { has, t, tn } from "./i18n.js";
import { icon } from "./icons.js";
import * as killer from "./killer.js";
import * as seven27 from "./seven27.js";
import * as shichinarabe from "./shichinarabe.js";
import { RoomSocket } from "./socket.js";
import { rulesBox, rulesHref } from "./rules.js";
import { actionText, botName, explain } from "./wording.js";
import { TurnAlert } from "./alerts.js";
import { autoPassOn, handTools, passIsForced, sortChoice, sortedHand } from "./comforts.js";
import { withReadings } from "./ruby.js";
import { isBust, outcomeText, roundNumber } from "./session.js";
import { resultsPanel } from "./results.js";
import { Stamps } from "./stamps.js";
import { invitePanel } from "./invite.js";

export { explain, outcomeText };

const FAMILIES = { shichinarabe, killer, seven27 };
const ERROR_SHOWN_MS = 7000;
const FRESH_MS = 700;
const HINTS_KEY = "sevens.hints";
const PACES = ["slow", "normal", "fast"];


/** Cards from the hand that an action moves (see shichinarabe.actionCards). */
const actionCards = shichinarabe.actionCards;

export class RoomView {
  constructor(root, code, ticket, catalog, hooks = {}) {
    this.root = root;
    this.hooks = hooks; // an embedded table's callbacks (embed.js): roundOver(frame, view)
    this.code = code;
    this.ticket = ticket;
    this.catalog = catalog;
    this.room = null;
    this.you = null;
    this.game = null;
    this.scores = null;
    this.chat = [];
    this.lastRound = null;
    this.resultsOpen = false;
    this.pending = false;
    this.lastAction = null;
    this.freshUntil = 0;
    this.chooser = null;
    this.clockAt = 0;
    this.connection = "connecting";
    this.logOpen = false;
    this.confirmingLeave = false;
    this.effects = new Effects(() => this.pace());
    this.alert = new TurnAlert((f, s) => this.effects.tone(f, s));
    this.stamps = new Stamps((catalog && catalog.stamps) || {}, (stamp) => this.socket.send("reaction", { stamp }), () => this.render());
    this.autoPassed = null; // the move auto-pass answered (once per turn)
    this.build();
    this.socket = new RoomSocket(code, ticket ? ticket.token : null);
    this.socket.addEventListener("frame", (e) => this.onFrame(e.detail));
    this.socket.addEventListener("status", (e) => this.onStatus(e.detail));
    this.socket.connect();
    this.timer = setInterval(() => this.tickClock(), 250);
    this.onKey = (e) => this.keydown(e);
    document.addEventListener("keydown", this.onKey);
    // while the keyboard's focus is with the hand or the action buttons: the card that had it last (its data-key),
    // "actions" from a button; null once the person moves the focus elsewhere (then a redraw leaves it be)
    this.handKey = null;
    this.said = ""; // the turn the live region said last
    this.tableEl.addEventListener("focusin", (e) => this.noteFocus(e.target));
  }

  destroy() {
    clearInterval(this.timer);
    clearTimeout(this.errorTimer);
    clearTimeout(this.flashTimer);
    document.removeEventListener("keydown", this.onKey);
    this.alert.destroy();
    this.socket.close();
  }

  // ------------------------------------------------------------------ layout
  build() {
    this.notice = h("div", { class: "notice", role: "alert", "aria-live": "assertive", hidden: true, "data-testid": "notice" });
    this.flash = h("div", { class: "flash", role: "status", hidden: true, "data-testid": "flash" });
    this.dialog = h("div", { class: "dialog-slot" });
    this.status = h("div", { class: "status-line" }); // what changes is said by the live region (a11y.js)
    this.stage = h("div", { class: "stage" });
    this.players = h("section", { class: "panel players" });
    this.board = h("section", { class: "panel scoreboard" });
    this.log = h("section", { class: "panel log" });
    this.chatBox = chatPanel({
      send: (fields) => this.socket.send("chat", fields),
      names: () => this.chatNames(),
    });
    this.tableEl = h("div", { id: "table", class: "table-view", "data-turn": "connecting", "data-move": "" },
      h("div", { class: "table-head" }, this.status),
      this.dialog,
      this.notice,
      this.flash,
      h("div", { class: "table-grid" }, this.stage, h("aside", { class: "side" }, this.players, this.board, this.log, this.chatBox.el)));
    fill(this.root, this.tableEl);
  }

  // ------------------------------------------------------------------ frames
  onStatus({ state, code, reason }) {
    this.connection = state;
    if (state === "closed" && [4001, 4002, 4401].includes(code)) dropTicket(this.code);
    if (state === "reconnecting") this.showNotice(t("connection_lost"), false);
    if (state === "closed" && code !== 1000) this.showNotice(t("connection_closed", { reason: reason || code }), false);
    if (state === "open") this.hideNotice();
  }

  onFrame(frame) {
    switch (frame.type) {
      case "snapshot":
        this.room = frame.room;
        this.you = frame.you;
        this.game = frame.game;
        this.scores = frame.scores;
        this.chat = frame.chat || [];
        this.pending = false;
        this.clockAt = performance.now();
        if (frame.room.status === "finished" && frame.scores && frame.scores.rounds.length) {
          // a page that missed the last round_over (asleep, reloaded) still shows the final standings
          this.lastRound = { type: "round_over", scores: frame.scores, session_over: true };
          this.resultsOpen = true;
        }
        break;
      case "action":
        if (this.game && frame.round === this.game.round) {
          Object.assign(this.game, { turn: frame.turn, view: frame.view, seat_players: frame.seat_players,
            you_seat: frame.you_seat, clock: frame.clock, over: frame.view.to_move === null });
        }
        if (this.noticeTransient) this.hideNotice(); // a refusal is old news once the game moved on
        this.lastAction = frame.action;
        this.freshUntil = performance.now() + FRESH_MS;
        if (frame.by === "timeout") this.showTimeout(frame);
        this.effects.moved(frame, this.game ? this.game.you_seat : null);
        this.clockAt = performance.now();
        this.pending = false;
        break;
      case "round_start":
        this.game = frame.game;
        this.lastAction = null;
        this.clockAt = performance.now();
        this.pending = false;
        break;
      case "round_over":
        this.effects.roundOver();
        this.scores = frame.scores;
        this.lastRound = frame;
        this.resultsOpen = true;
        this.render();
        this.sayResults(frame);
        if (this.hooks.roundOver) this.hooks.roundOver(frame, this);
        return;
      case "room":
        this.room = frame.room;
        if (frame.event === "rematch") {
          this.lastRound = null;
          this.resultsOpen = false;
          this.scores = { rounds: [], totals: this.room.members.map(() => 0), stars: this.room.members.map(() => 0) };
        }
        break;
      case "reaction":
        this.stamps.received(frame);
        break;
      case "chat":
        this.chat.push(frame);
        this.chat = this.chat.slice(-100);
        break;
      case "ack":
        this.pending = false; // the move's own "action" frame redraws too; an ack alone must not leave it locked
        break;
      case "error":
        this.pending = false; // a refused move: the hand and the buttons come back at once
        this.showNotice(explain(frame.code, frame.message, frame.reason_key, frame.params, (seat) => this.seatName(seat)), true);
        break;
      default:
        return;
    }
    this.render();
  }

  showNotice(text, transient) {
    this.notice.textContent = text;
    this.notice.hidden = false;
    this.noticeTransient = transient;
    clearTimeout(this.errorTimer);
    if (transient) this.errorTimer = setTimeout(() => this.hideNotice(), ERROR_SHOWN_MS);
  }

  hideNotice() {
    this.notice.hidden = true;
  }

  // ------------------------------------------------------------------ questions
  get family() {
    return FAMILIES[this.room ? this.room.family : "shichinarabe"] || shichinarabe;
  }

  playerName(player) {
    if (!this.room || player === null || player === undefined) return "";
    const member = this.room.members[player];
    return memberName(this.room, member);
  }

  seatName(seat) {
    if (!this.game || seat === null || seat === undefined) return "";
    return this.playerName(this.game.seat_players[seat]);
  }

  chatNames() {
    return this.room ? this.room.members.filter((m) => m.name).map((m) => unescape(m.name)) : [];
  }

  pace() {
    return (this.room && this.room.pace) || "normal";
  }

  isHost() {
    return Boolean(this.you && this.you.host);
  }

  myTurn() {
    const g = this.game;
    return Boolean(g && !g.over && g.you_seat !== null && g.view.to_move === g.you_seat);
  }

  legal() {
    return this.myTurn() ? this.game.view.legal_actions || [] : [];
  }

  /** Whether the reasons are explained (the playable cards are marked on your turn either way). The choice
   * is kept in this browser; until it is made, the table's rules (hints, kids mode) decide. */
  hintsOn() {
    const saved = localStorage.getItem(HINTS_KEY);
    if (saved === "on" || saved === "off") return saved === "on";
    const rules = this.room ? this.room.rules : {};
    return Boolean((rules && rules.hints) || (this.room && this.room.kids));
  }

  setHints(on) {
    localStorage.setItem(HINTS_KEY, on ? "on" : "off");
    this.render();
  }

  // ------------------------------------------------------------------ moves
  play(action) {
    if (this.pending || !this.game) return;
    this.chooser = null;
    const id = this.socket.send("move", { round: this.game.round, seq: this.game.turn + 1, action });
    if (id !== null) this.pending = true;
    this.render();
  }

  clickCard(card) {
    const options = this.legal().filter((a) => actionCards(a).includes(card));
    if (options.length === 1) return this.play(options[0]);
    if (options.length === 0) return this.play(card); // the server explains why not (never guessed here)
    this.chooser = { card, options };
    this.render();
    const first = this.stage.querySelector(".chooser button");
    if (first) first.focus();
  }

  /** The keys of the table: P passes, H goes to the hand, the arrows and Home/End move within the hand (one tab
   * stop), Enter or Space plays the focused card (it is a button), Esc closes the joker chooser. */
  keydown(e) {
    const typing = e.target && ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName);
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "p" || e.key === "P") {
      const pass = this.stage.querySelector("[data-action='pass']");
      if (pass && !pass.disabled) {
        e.preventDefault();
        pass.click();
      }
    } else if (e.key === "h" || e.key === "H") {
      if (this.focusHand()) e.preventDefault();
    } else if (e.target.closest && e.target.closest(".hand")) {
      const cards = [...this.stage.querySelectorAll(".hand .hand-card")];
      if (moveFocus(cards, e.target.closest(".hand-card"), e.key)) e.preventDefault();
    } else if (e.key === "Escape" && this.chooser) {
      this.chooser = null;
      this.render();
      this.focusHand();
    }
  }

  /** Where the focus is decides whether it returns to the hand after the table is drawn again. */
  noteFocus(target) {
    const card = target.closest && target.closest(".hand-card");
    if (card) this.handKey = card.dataset.key;
    else if (target.closest && target.closest(".chooser, .action-bar")) this.handKey = this.handKey || "actions";
    else this.handKey = null; // elsewhere on purpose: the focus stays where the person put it
  }

  /** Focus the hand: the card focused last, else its neighbour, else the first playable card. */
  focusHand(index = null, scroll = true) {
    const cards = [...this.stage.querySelectorAll(".hand .hand-card")];
    if (!cards.length) return false;
    const same = cards.find((c) => c.dataset.key === this.handKey);
    const card = same || (index !== null ? cards[Math.min(index, cards.length - 1)] : null)
      || cards.find((c) => c.dataset.legal === "true") || cards[0];
    rove(cards, card);
    card.focus({ preventScroll: !scroll });
    return true;
  }

  /** Focus the first action button that can be pressed now (the betting buttons of Seven Twenty-Seven). */
  focusActions() {
    const button = [...this.stage.querySelectorAll(".action-bar button")].find((b) => !b.disabled);
    if (button) button.focus({ preventScroll: true });
  }

  /** The live region: a new turn is said once (whose, and on yours how many cards you can play). */
  sayTurn() {
    const g = this.game;
    if (!g || g.over || !this.room || this.room.status !== "playing" || g.view.to_move === null) return;
    const key = `${g.round}:${g.turn}:${g.view.to_move}`;
    if (key === this.said) return;
    this.said = key;
    if (!this.myTurn()) {
      announce(t("say_turn_of", { name: this.seatName(g.view.to_move) }));
      return;
    }
    if (!this.family.hasHand) {
      announce(t("say_your_turn_bet"));
      return;
    }
    const playable = new Set();
    for (const a of this.legal()) for (const c of actionCards(a)) playable.add(c);
    announce(playable.size ? t("say_your_turn", { n: playable.size }) : t("say_your_turn_none"));
  }

  /** The live region at a round's end and the session's: the winner as the results say it, and your points. */
  sayResults(frame) {
    const scores = frame.scores;
    const round = scores.rounds[scores.rounds.length - 1];
    const winner = this.stage.querySelector("[data-testid=winner]");
    const said = winner ? winner.textContent.trim() : "";
    const mine = this.you && this.you.role === "player" ? this.you.player : null;
    const signedOrZero = (n) => signed(n || 0) || "0";
    if (frame.session_over) {
      announce(mine === null ? t("say_session_over_watching", { winner: said })
        : t("say_session_over", { winner: said, total: signedOrZero(scores.totals[mine]), stars: scores.stars[mine] || 0 }));
    } else {
      const n = scores.rounds.length;
      announce(mine === null || !round ? t("say_round_over_watching", { n, winner: said })
        : t("say_round_over", { n, winner: said, points: signedOrZero(round.points[mine]), total: signedOrZero(scores.totals[mine]) }));
    }
  }

  /** Auto-pass (if turned on): pass at once when pass is the only legal action the server sent. */
  maybeAutoPass() {
    const g = this.game;
    if (!g || !this.myTurn() || this.pending || !autoPassOn() || !passIsForced(this.legal())) return;
    const move = `${g.round}:${g.turn}`;
    if (this.autoPassed === move) return;
    this.autoPassed = move;
    queueMicrotask(() => {
      this.play("pass");
      fill(this.flash, t("auto_passed"));
      this.flash.hidden = false;
      clearTimeout(this.flashTimer);
      this.flashTimer = setTimeout(() => { this.flash.hidden = true; }, ERROR_SHOWN_MS);
    });
  }

  // ------------------------------------------------------------------ drawing
  render() {
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    const handIndex = this.handIndex();
    const room = this.room;
    if (!room) return;
    document.body.classList.toggle("kids", Boolean(room.kids));
    const g = this.game;
    this.tableEl.dataset.family = room.family;
    this.tableEl.dataset.status = room.status;
    let turn = "other";
    if (room.status === "lobby") turn = "lobby";
    else if (!g) turn = "waiting"; // started, the deal not here yet
    else if (g.over) turn = "over";
    else if (this.myTurn()) turn = "me";
    this.tableEl.dataset.turn = turn;
    this.tableEl.dataset.move = g ? `${g.round}:${g.turn}` : "";
    // the player (not seat) to move: lets a second browser at the table know whose turn it is
    this.tableEl.dataset.toMove = g && !g.over && g.view.to_move !== null ? String(g.seat_players[g.view.to_move]) : "";
    this.tableEl.dataset.sessionOver = String(room.status === "finished");
    if (room.status === "playing" && this.you && this.you.role === "player") savePreset(room.preset); // for "Play now"
    this.alert.update(turn === "me", this.tableEl.dataset.move);
    this.maybeAutoPass();
    this.renderStatus();
    if (room.status === "lobby") this.renderWaiting();
    else this.renderStage();
    this.renderPlayers();
    this.renderScoreboard();
    this.renderLog();
    this.chatBox.update(this.chat, room, this.you);
    this.effects.fly(this.root);
    const again = focused ? this.root.querySelector(`[data-key="${CSS.escape(focused)}"]`) : null;
    // the focus put back where it was, without scrolling: a person who scrolled away to read the board stays there
    const usable = again && !again.disabled;
    if (usable && again !== document.activeElement) again.focus({ preventScroll: true });
    else if (!usable && this.handKey && !this.chooser && !this.root.contains(document.activeElement)) {
      if (!this.focusHand(handIndex, false)) this.focusActions(); // Seven Twenty-Seven: no hand, its buttons
    }
    this.sayTurn();
  }

  /** The place in the hand of the card that had the focus (a card just played leaves: its neighbour takes it). */
  handIndex() {
    const cards = [...this.stage.querySelectorAll(".hand .hand-card")];
    const i = cards.findIndex((c) => c.dataset.key === this.handKey);
    return i < 0 ? null : i;
  }

  renderStatus() {
    const room = this.room;
    const g = this.game;
    const parts = [h("span", { class: "room-code" }, tn("room", { code: h("span", { class: "code", translate: "no" }, room.code) }))];
    if (g && room.status !== "lobby") {
      const n = roundNumber(room, g, this.scores);
      parts.push(h("span", { class: "round-no", "data-testid": "round-no", "data-round": n },
        room.rounds ? t("round_of", { n, total: room.rounds }) : t("round_n", { n })));
      if (!g.over && room.status === "playing") {
        const mine = this.myTurn();
        const yours = room.kids ? withReadings(t("kids_your_turn")) : t("your_turn");
        parts.push(h("span", { class: ["turn", mine ? "mine" : ""], "data-testid": "turn" },
          mine ? yours : t("turn_of", { name: this.seatName(g.view.to_move) })));
      }
      // the turn clock: a bar that empties, and the seconds beside it
      parts.push(h("span", { class: "timer", "data-testid": "timer", hidden: true }, icon("clock"), h("span", { class: "timer-text" }),
        h("span", { class: "timer-bar", role: "progressbar", "aria-label": t("time_left"), "aria-valuemin": 0, "aria-valuemax": 100 },
          h("span", { class: "timer-fill" }))));
    }
    if (this.you && this.you.role === "spectator") parts.push(h("span", { class: "tag" }, t("watching")));
    const tools = [];
    if (room.status !== "lobby" && this.family.hasHand) {
      const box = h("input", { type: "checkbox", id: "hints", checked: this.hintsOn(), "data-key": "hints",
        on: { change: (e) => this.setHints(e.target.checked) } });
      tools.push(h("label", { class: "hints-toggle", for: "hints", title: t("hints_label") }, box, t("hints")));
    }
    if (room.status !== "lobby") tools.push(this.deckControl(), this.paceControl(), this.soundControl(), this.alertControl());
    // how to play, in a tab of its own: the game stays where it is
    tools.push(h("a", { href: rulesHref(room.preset), target: "_blank", rel: "noopener", "data-testid": "table-rules-link" }, t("rules.link")));
    tools.push(h("button", { class: "link-button log-button", type: "button", "data-key": "log-button", "data-testid": "log-button",
      "aria-expanded": String(this.logOpen), on: { click: () => { this.logOpen = !this.logOpen; this.render(); } } }, t("moves")));
    tools.push(h("button", { class: "link-button", type: "button", "data-key": "leave", "data-testid": "leave", on: { click: () => this.leave() } },
      this.inRunningGame() ? t("leave") : t("back_to_lobby")));
    parts.push(h("span", { class: "tools" }, tools));
    fill(this.status, parts);
    this.tableEl.classList.toggle("log-open", this.logOpen);
    this.renderConfirm();
    this.tickClock();
  }

  /** How fast computer players move (the room's pace: the host chooses, everyone sees it). */
  paceControl() {
    const pace = this.room.pace || "normal";
    if (!this.isHost()) return h("span", { class: "pace muted" }, t("pace_is", { pace: t(`pace_${pace}`) }));
    return h("label", { class: "pace" }, h("span", { class: "pace-label" }, t("pace")), h("span", { class: "pace-short" }, t("pace_short")), " ",
      h("select", { "data-key": "pace", "data-testid": "pace", "aria-label": t("pace"), on: { change: (e) => this.socket.send("pace", { pace: e.target.value }) } },
        PACES.map((p) => h("option", { value: p, selected: p === pace }, t(`pace_${p}`)))));
  }

  /** The four-colour deck: diamonds blue, clubs green (kept in this browser). */
  deckControl() {
    return h("label", { class: "check deck-toggle", title: t("deck_four_label") },
      h("input", { type: "checkbox", checked: deckChoice() === "four", "data-key": "deck", "data-testid": "deck-four",
        "aria-label": t("deck_four_label"), on: { change: (e) => { setDeckChoice(e.target.checked ? "four" : "two"); this.render(); } } }),
      t("deck_four"));
  }

  soundControl() {
    const on = this.effects.soundOn();
    return h("button", { type: "button", class: ["icon-button", on ? "on" : ""], "data-key": "sound", "data-testid": "sound",
      "aria-pressed": String(on), "aria-label": t("sound"), title: t("sound"),
      on: { click: () => { this.effects.setSound(!on); this.render(); } } }, icon(on ? "sound" : "mute"));
  }

  /** Sound and vibration for the turn alert (the title and icon change whenever the page is in the background). */
  alertControl() {
    const on = this.alert.soundOn();
    return h("label", { class: "check alert-toggle", title: t("alert_toggle") },
      h("input", { type: "checkbox", checked: on, "data-key": "turn-alert", "data-testid": "turn-alert", "aria-label": t("alert_toggle"),
        on: { change: (e) => this.alert.setSound(e.target.checked) } }), t("alert_short"));
  }

  tickClock() {
    const el = this.status.querySelector(".timer");
    if (!el) return;
    const clock = this.game && !this.game.over ? this.game.clock : null;
    el.hidden = !clock;
    if (!clock) return;
    const left = Math.max(0, clock.seconds - (performance.now() - this.clockAt) / 1000);
    const share = clock.limit ? Math.min(1, left / clock.limit) : 0;
    el.querySelector(".timer-text").textContent = t("timer", { n: Math.ceil(left) });
    el.querySelector(".timer-fill").style.width = `${(share * 100).toFixed(1)}%`;
    el.querySelector(".timer-bar").setAttribute("aria-valuenow", String(Math.round(share * 100)));
    el.querySelector(".timer-bar").setAttribute("aria-valuetext", t("seconds_left", { n: Math.ceil(left) }));
    el.classList.toggle("low", left <= 5);
  }

  /** A seated player leaving a game still running is asked first (a computer plays their seat after). */
  inRunningGame() {
    return Boolean(this.you && this.you.role === "player" && this.room && this.room.status === "playing");
  }

  leave() {
    if (this.inRunningGame()) {
      this.confirmingLeave = true;
      this.render();
      const stay = this.tableEl.querySelector(".confirm [data-action='stay']");
      if (stay) stay.focus();
      return;
    }
    this.leaveNow();
  }

  leaveNow() {
    if (this.you && this.you.role === "player" && this.room.status !== "finished") {
      this.socket.send("leave");
      dropTicket(this.code);
    }
    location.hash = "#/";
  }

  renderConfirm() {
    if (!this.confirmingLeave || !this.inRunningGame()) {
      this.confirmingLeave = false;
      fill(this.dialog);
      return;
    }
    const stay = () => { this.confirmingLeave = false; this.render(); };
    fill(this.dialog, h("div", { class: "confirm", role: "alertdialog", "aria-label": t("leave_title"), "data-testid": "leave-confirm" },
      h("p", {}, t("leave_question")),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "primary", "data-action": "leave", "data-testid": "leave-yes", on: { click: () => this.leaveNow() } }, t("leave_yes")),
        h("button", { type: "button", class: "secondary", "data-action": "stay", "data-testid": "leave-no", on: { click: stay } }, t("leave_no")))));
  }

  /** 「時間切れ：パス」: a turn the clock passed is said on the table, not only in the log. */
  showTimeout(frame) {
    const seat = this.moverSeat(frame);
    const name = seat === null ? "" : this.seatName(seat);
    const said = frame.action === "pass" ? t("event.timeout_pass", { seat: name }) : `${t("event.timeout", { seat: name })} ${actionText(frame.action)}`;
    fill(this.flash, said);
    this.flash.hidden = false;
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => { this.flash.hidden = true; }, ERROR_SHOWN_MS);
  }

  /** The seat that made the move of an action frame (the frame names the player; seats are per round). */
  moverSeat(frame) {
    const seats = frame.seat_players || (this.game ? this.game.seat_players : []);
    const seat = seats.indexOf(frame.player);
    return seat < 0 ? null : seat;
  }

  renderWaiting() {
    const room = this.room;
    const members = room.members.map((m) => h("li", { class: m.open ? "open" : "" },
      memberName(room, m),
      m.player === room.host ? h("span", { class: "tag host" }, t("host_mark")) : null));
    const controls = this.isHost()
      ? h("button", { type: "button", class: "primary big", "data-testid": "start", "data-key": "start",
        on: { click: () => this.socket.send("start") } }, t("start"))
      : h("p", { class: "muted" }, t("waiting_host"));
    fill(this.stage, h("section", { class: "panel waiting" },
      h("h2", {}, t("room", { code: room.code })),
      h("p", { class: "muted" }, t("waiting_players")),
      h("div", { class: "waiting-top" }, h("ol", { class: "member-list" }, members), controls),
      invitePanel(room.code),
      rulesBox(room, this.catalog)));
  }

  /** Someone who came by a link (or a code) after the start is told why they only watch, not left to guess. */
  lateNotice() {
    if (this.ticket || !this.you || this.you.role !== "spectator" || this.room.status === "lobby") return null;
    const finished = this.room.status === "finished";
    return h("p", { class: "notice late-notice", role: "status", "data-testid": "late-notice" },
      t(finished ? "late_finished" : "late_watching"));
  }

  renderStage() {
    const g = this.game;
    const room = this.room;
    const fam = this.family;
    const parts = [this.lateNotice()];
    if (this.lastRound && this.resultsOpen) parts.push(this.results());
    if (g) {
      const ctx = {
        names: (seat) => this.seatName(seat),
        hints: this.hintsOn(),
        legal: this.legal(),
        lastAction: performance.now() < this.freshUntil ? this.lastAction : null,
      };
      if (this.you && this.you.role === "player" && g.you_seat === null && room.status === "playing"
        && isBust(this.you.player, g, this.scores)) {
        parts.push(h("p", { class: "notice bust", role: "status", "data-testid": "bust" }, t("bust_you")));
      }
      parts.push(h("div", { class: "felt" }, fam.board(g.view, ctx)));
      if (g.you_seat !== null && g.view.seat !== null && !g.over) parts.push(this.controls(g.view, ctx));
      if (room.status === "playing" && this.you && this.you.role === "player") parts.push(this.stamps.bar());
    }
    fill(this.stage, parts);
  }

  controls(view, ctx) {
    const fam = this.family;
    const mine = this.myTurn();
    const legal = ctx.legal;
    const buttons = [];
    if (fam === seven27) {
      for (const action of legal) {
        buttons.push(h("button", { type: "button", class: "action", "data-action": action, "data-key": `act-${action}`,
          disabled: this.pending, on: { click: () => this.play(action) } }, seven27.actionLabel(action, view)));
      }
    } else {
      const left = fam.passesLeft(view);
      const canPass = legal.includes("pass");
      const note = left === null ? t("passes_unlimited") : t("passes_left", { n: left });
      buttons.push(h("button", { type: "button", class: "action pass", "data-action": "pass", "data-key": "act-pass",
        "aria-keyshortcuts": "P", disabled: !mine || this.pending || !canPass,
        "aria-label": `${t("pass")} (${note})`, on: { click: () => this.play("pass") } },
      t("pass"), h("small", {}, ` (${note})`)));
      if (mine && !canPass && view.rules && view.rules.voluntary_pass === false) buttons.push(h("span", { class: "muted" }, t("no_pass")));
    }
    const bar = h("div", { class: "action-bar" }, buttons);
    const out = [bar];
    if (this.chooser) out.push(this.chooserPanel());
    if (fam.hasHand) out.push(this.hand(view, ctx));
    return h("div", { class: "controls" }, out);
  }

  chooserPanel() {
    const { card, options } = this.chooser;
    const label = (a) => {
      if (a.startsWith("swap ")) return t("swap_joker", { card: cardLabel(card) });
      if (a.startsWith("Jk+")) return t("play_with_joker_below", { card: cardLabel(a.slice(3)) });
      if (a.endsWith("+Jk")) return t("play_with_joker_above", { card: cardLabel(a.slice(0, -3)) });
      return t("play_alone", { card: cardLabel(a) });
    };
    return h("div", { class: "chooser", role: "group", "aria-label": t("choose_play", { card: cardName(card) }) },
      h("span", {}, t("choose_play", { card: cardLabel(card) })),
      options.map((a) => h("button", { type: "button", class: "action", "data-action": a, on: { click: () => this.play(a) } }, label(a))),
      h("button", { type: "button", class: "link-button", on: { click: () => { this.chooser = null; this.render(); } } }, t("cancel")));
  }

  hand(view, ctx) {
    const playable = new Set();
    for (const a of ctx.legal) for (const c of actionCards(a)) playable.add(c);
    const counts = {};
    const cards = sortedHand(view.hand || [], sortChoice()).map((card) => {
      counts[card] = (counts[card] || 0) + 1;
      const legal = playable.has(card); // only on your turn: legal actions come with it
      const cls = ["hand-card", legal ? "legal" : "", legal && ctx.hints ? "hint" : ""];
      // aria-disabled, not disabled, while a move is on its way: a disabled button would drop the focus
      return h("button", { type: "button", class: cls, "data-card": card, "data-legal": String(legal),
        "data-key": `card-${card}-${counts[card]}`, "aria-label": handCardName(card, legal), "aria-disabled": this.pending ? "true" : null,
        on: { click: () => { if (!this.pending) this.clickCard(card); } } }, cardFace(card));
    });
    const active = cards.find((c) => c.dataset.key === this.handKey) || cards.find((c) => c.dataset.legal === "true");
    rove(cards, active);
    const hand = h("div", { class: "hand", role: "group", "aria-label": t("hand"), "aria-describedby": "keys-help", "data-testid": "hand" }, cards);
    // marked cards need no words; with hints on, the page also says why they are the playable ones
    const kids = this.room.kids && has(`kids_hint_why_${this.room.family}`);
    const why = ctx.hints && playable.size && has(`hint_why_${this.room.family}`)
      ? h("p", { class: "hint-why", "data-testid": "hint-why" },
        kids ? withReadings(t(`kids_hint_why_${this.room.family}`)) : t(`hint_why_${this.room.family}`))
      : null;
    const key = (name) => h("kbd", { translate: "no" }, name); // a key's name is no word of either language
    const keys = h("p", { id: "keys-help", class: "keys-help" }, tn("keys_help", { enter: key("Enter"), p: key("P"), h: key("H") }));
    return h("div", { class: "hand-area" }, why, hand, keys, handTools(() => this.render()));
  }

  /** The winner screen at the end of a round and of the session: the standings as the server sent them. */
  results() {
    return resultsPanel(this);
  }

  renderPlayers() {
    const room = this.room;
    const g = this.game;
    const items = [];
    if (g && room.status !== "lobby") {
      const view = g.view;
      g.seat_players.forEach((player, seat) => {
        const member = room.members[player];
        const status = (view.statuses || [])[seat];
        const facts = this.family.seatFacts(view, seat);
        if (status && status !== "in") facts.push(has(`status_${status}`) ? t(`status_${status}`) : status);
        items.push(this.playerItem(member, facts, !g.over && view.to_move === seat, seat === g.you_seat, seat));
      });
      // Seven Twenty-Seven: who ran out of chips is not dealt in any more, but stays on the list as out
      for (const member of room.members) {
        if (g.seat_players.includes(member.player)) continue;
        const out = isBust(member.player, g, this.scores) ? [t("status_bust")] : [];
        items.push(this.playerItem(member, out, false, this.you && member.player === this.you.player, null, true));
      }
    } else {
      for (const member of room.members) items.push(this.playerItem(member, [], false, this.you && member.player === this.you.player));
    }
    fill(this.players, h("h2", {}, t("players_title")), h("ul", { class: "player-list" }, items));
  }

  playerItem(member, facts, turn, me, seat = null, out = false) {
    const scores = this.scores;
    const stars = scores && scores.stars ? scores.stars[member.player] : 0;
    const total = scores && scores.totals ? scores.totals[member.player] : 0;
    const flags = [];
    if (member.kind !== "bot") { // a computer player is never "away": its name says what it is
      if (member.auto) flags.push(t("auto_mark"));
      else if (!member.open && !member.connected) flags.push(t("away_mark"));
    }
    return h("li", { class: ["player", turn ? "turn" : "", me ? "me" : "", out ? "out" : ""], "aria-current": turn ? "true" : null,
      "data-seat": seat, "data-player": member.player },
      h("div", { class: "who" },
        h("span", { class: ["dot", member.connected || member.kind === "bot" ? "on" : ""], "aria-hidden": "true" }),
        h("strong", {}, memberName(this.room, member)),
        me ? h("span", { class: "muted" }, ` ${t("you_mark")}`) : null,
        turn ? h("span", { class: "sr-only" }, ` ${t("to_move")}`) : null,
        stars ? h("span", { class: "stars", role: "img", "aria-label": t("stars_n", { n: stars }) }, ` ★${stars}`) : null,
        scores && scores.rounds && scores.rounds.length ? h("span", { class: "score" }, signed(total)) : null,
        this.stamps.bubble(member.player)),
      h("div", { class: "facts" }, [...facts, ...flags].join(" · ")));
  }

  renderScoreboard() {
    const scores = this.scores;
    if (!scores || !scores.rounds || scores.rounds.length === 0) {
      this.board.hidden = true;
      return;
    }
    this.board.hidden = false;
    // names keep their width (never one letter a line) and stay put with the totals while the rounds scroll,
    // the newest round in view
    const head = h("tr", {}, h("th", { class: "name" }, t("players_title")),
      scores.rounds.map((r, i) => h("th", { class: "num" }, String(i + 1))),
      h("th", { class: "num sum" }, t("total")), h("th", { class: "stars" }, "★"));
    const rows = this.room.members.map((m) => h("tr", { "data-player": m.player },
      h("th", { class: "name", scope: "row" }, shortName(this.room, m)),
      scores.rounds.map((r) => h("td", { class: "num" }, signed(r.points[m.player]))),
      h("td", { class: "num strong sum", "data-total": scores.totals[m.player] }, signed(scores.totals[m.player])),
      h("td", { class: "stars" }, String(scores.stars[m.player] || 0))));
    const scroller = h("div", { class: "scroll-x scores-scroll", tabindex: 0, role: "region", "aria-label": t("scoreboard") }, h("table", { class: "scores", "data-testid": "scoreboard" }, h("thead", {}, head), h("tbody", {}, rows)));
    fill(this.board, h("h2", {}, t("scoreboard")), scroller);
    requestAnimationFrame(() => { scroller.scrollLeft = scroller.scrollWidth; });
  }

  renderLog() {
    const g = this.game;
    if (!g) {
      fill(this.log, h("h2", {}, t("moves")));
      return;
    }
    const lines = this.family.logLines(g.view, (seat) => this.seatName(seat));
    const list = h("ol", { class: "move-log", "aria-label": t("moves"), tabindex: 0 }, // it scrolls: reachable by keyboard
      lines.slice(-60).map((line) => h("li", { class: line.key ? line.key.replace(/\./g, "-") : null },
        line.who ? h("span", { class: "who" }, line.who, " ") : null, line.text)));
    fill(this.log, h("h2", {}, t("moves")), list);
    list.scrollTop = list.scrollHeight;
  }
}

/** A member's name: computer players as "Computer 1 (Normal)"; people of the same name told apart by seat. */
export function memberName(room, member) {
  if (!member) return "";
  if (member.kind === "bot") return botName(room.members, member);
  if (!member.name) return t("open_seat");
  const name = unescape(member.name);
  const twins = room.members.filter((m) => m.name === member.name).length > 1;
  return twins ? `${name} ${member.player + 1}` : name;
}

/** A name for narrow places (the scoreboard): computer players without their level ("Computer 2"). */
function shortName(room, member) {
  return member && member.kind === "bot" ? botName(room.members, member, false) : memberName(room, member);
}

function signed(n) {
  if (n === undefined || n === null) return "";
  return n > 0 ? `+${n}` : String(n);
}

