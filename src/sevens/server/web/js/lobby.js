// The lobby: your name, a new table (game, rules with every local rule explained, seats and computer players,
// time limit, ghost rule, kids mode), join by code, open tables and finished games.
import { createRoom, joinRoom, listGames, listRooms, roomInfo, saveName, savedName, savedPreset, savePreset, saveTicket,
  startRoom } from "./api.js";
import { fill, h, navigate, unescape } from "./dom.js";
import { pick, t } from "./i18n.js";
import { playerLink, profileHref, when } from "./players.js";
import { gameTitle, presetName, ruleName, ruleSentence, rulesHref } from "./rules.js";
import { explain } from "./table.js";
import { inviteCard } from "./invite.js";

const TIME_LIMITS = [null, 10, 20, 30, 60];
const PLAY_NOW_COMPUTERS = 3;

/** The preset this browser last started a table with (for "Play now"), if the server still offers it. */
function lastPreset(catalog) {
  const saved = savedPreset();
  const fam = catalog.families.find((f) => f.presets.some((p) => p.name === saved));
  return fam ? { family: fam, preset: saved } : { family: catalog.families[0], preset: catalog.families[0].presets[0].name };
}

export class LobbyView {
  constructor(root, catalog, code = null, preset = null) {
    this.root = root;
    this.catalog = catalog;
    // opened from a rules page ("play with these rules"): that preset, else the first game's first
    const chosen = catalog.families.find((f) => f.presets.some((p) => p.name === preset)) || catalog.families[0];
    this.form = {
      family: chosen.name,
      preset: chosen.presets.some((p) => p.name === preset) ? preset : chosen.presets[0].name,
      variants: {},
      players: 4,
      seats: [],
      turn: null,
      ghost: false,
      kids: false,
      rounds: 1,
      listed: true,
    };
    this.rooms = [];
    this.games = [];
    this.invite = code ? { code, info: null } : null; // opened from an invite link: "join this table" on top
    this.fitSeats();
    this.render();
    this.refresh();
    this.poll = setInterval(() => this.refresh(), 5000);
    if (code) this.loadInvite(code);
  }

  async loadInvite(code) {
    try {
      this.invite.info = await roomInfo(code);
    } catch (err) {
      this.invite = null;
      this.render();
      this.say(explain(err.code, err.message));
      return;
    }
    if (this.invite.info.status !== "lobby") {
      navigate(`#/room/${this.invite.info.code}`); // started meanwhile: watch it
      return;
    }
    this.render();
  }

  destroy() {
    clearInterval(this.poll);
  }

  familyEntry() {
    return this.catalog.families.find((f) => f.name === this.form.family);
  }

  presetEntry() {
    return this.familyEntry().presets.find((p) => p.name === this.form.preset);
  }

  fitSeats() {
    // seat 0 is you; the others default to the family's default level (normal); only levels are offered
    const fam = this.familyEntry();
    const levels = fam.levels.map((l) => l.name);
    const fallback = levels.includes(fam.default_level) ? fam.default_level : levels[0];
    const seats = this.form.seats.slice(0, this.form.players - 1);
    while (seats.length < this.form.players - 1) seats.push(fallback);
    this.form.seats = seats.map((s) => (s === "human" || levels.includes(s) ? s : fallback));
  }

  async refresh() {
    try {
      [this.rooms, this.games] = await Promise.all([listRooms(), listGames()]);
    } catch {
      return;
    }
    this.renderLists();
  }

  // ------------------------------------------------------------------ drawing
  render() {
    this.message = h("div", { class: "notice", role: "alert", hidden: true, "data-testid": "notice" });
    this.lists = h("div", { class: "lists" });
    const name = h("input", { id: "player-name", type: "text", maxlength: 24, value: savedName(), autocomplete: "nickname",
      placeholder: t("name_placeholder"), "data-testid": "name", on: { input: (e) => saveName(e.target.value.trim()) } });
    const quick = lastPreset(this.catalog);
    const playNow = h("button", { type: "button", class: "primary play-now", "data-testid": "play-now",
      title: t("play_now_about", { preset: presetName(quick.preset) }), on: { click: () => this.playNow() } }, t("play_now"));
    // an invite link puts "join this table" first, with the name field in it (no new table by mistake)
    const invite = this.invite && this.invite.info
      ? inviteCard(this.invite.info, this.catalog, name, { join: (seat) => this.join(this.invite.info.code, seat) })
      : null;
    fill(this.root, h("div", { class: "lobby" },
      invite ? this.message : null,
      invite,
      invite ? null : h("section", { class: "panel name-panel" }, h("label", { for: "player-name" }, t("your_name")), name,
        playNow,
        h("a", { class: "link-button", href: "#/profile/", "data-testid": "profile-link", on: { click: (e) => {
          e.preventDefault();
          const who = this.root.querySelector("#player-name").value.trim();
          if (who) navigate(profileHref(who));
          else this.say(t("name_needed"));
        } } }, t("lobby.profile"))),
      invite ? null : this.message,
      h("div", { class: "lobby-grid" }, this.createPanel(), h("div", { class: "lobby-side" }, this.joinPanel(), this.lists))));
    this.renderLists();
  }

  say(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  name() {
    const value = this.root.querySelector("#player-name").value.trim();
    if (!value) {
      this.say(t("name_needed"));
      this.root.querySelector("#player-name").focus();
      return null;
    }
    saveName(value);
    return value;
  }

  createPanel() {
    const fam = this.familyEntry();
    const preset = this.presetEntry();
    const form = this.form;
    const families = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("game") },
      this.catalog.families.map((f) => h("label", { class: ["seg", f.name === form.family ? "on" : ""], "data-testid": `family-${f.name}` },
        h("input", { type: "radio", name: "family", value: f.name, checked: f.name === form.family,
          on: { change: () => {
            form.family = f.name;
            form.preset = f.presets[0].name;
            form.variants = {};
            form.ghost = false;
            form.players = Math.max(f.min_players, Math.min(form.players, f.max_players));
            this.fitSeats();
            this.render();
          } } }),
        pick(f.title))));
    const presets = h("select", { id: "preset", "data-testid": "preset", on: { change: (e) => {
      form.preset = e.target.value;
      form.variants = {};
      this.render();
    } } }, fam.presets.map((p) => h("option", { value: p.name, selected: p.name === form.preset }, `${presetName(p.name)} — ${pick(p.summary)}`)));
    const players = h("input", { id: "players", type: "number", min: fam.min_players, max: fam.max_players, value: form.players,
      "data-testid": "players", on: { change: (e) => {
        const n = Number(e.target.value);
        form.players = Math.max(fam.min_players, Math.min(fam.max_players, Number.isFinite(n) ? n : 4));
        this.fitSeats();
        this.render();
      } } });
    // what to expect of each level chosen, said once under the seats (four "Normal: …" lines would push the
    // create button below the fold)
    const about = h("div", { class: "seat-about muted", id: "seats-about", "aria-live": "polite" }, this.seatsAbout());
    const seatRows = form.seats.map((choice, i) => h("li", {},
      h("label", { for: `seat-${i + 1}` }, t("seat_n", { n: i + 2 })),
      h("select", { id: `seat-${i + 1}`, "data-testid": `seat-${i + 1}`, "aria-describedby": "seats-about", on: { change: (e) => {
        form.seats[i] = e.target.value;
        fill(about, this.seatsAbout());
      } } },
        h("option", { value: "human", selected: choice === "human" }, t("seat_human")),
        fam.levels.map((l) => h("option", { value: l.name, selected: choice === l.name },
          t("seat_bot", { agent: l.name === fam.default_level ? t("level_default", { level: pick(l.title) }) : pick(l.title) }))))));
    const time = h("select", { id: "turn", on: { change: (e) => { form.turn = e.target.value ? Number(e.target.value) : null; } } },
      TIME_LIMITS.map((s) => h("option", { value: s ?? "", selected: s === form.turn }, s ? t("seconds", { n: s }) : t("no_limit"))));
    const rounds = h("input", { id: "rounds", type: "number", min: 1, max: 50, value: form.rounds,
      on: { change: (e) => { form.rounds = Math.max(1, Math.min(50, Number(e.target.value) || 1)); } } });
    const check = (key, label, testid) => h("label", { class: "check" },
      h("input", { type: "checkbox", checked: form[key], "data-testid": testid, on: { change: (e) => { form[key] = e.target.checked; } } }), label);
    return h("section", { class: "panel create", "aria-labelledby": "create-title" },
      h("h2", { id: "create-title" }, t("new_room")),
      h("div", { class: "field" }, h("span", { class: "field-label" }, t("game")), families),
      // the chosen preset's summary is in its option already: the line under it only links how to play
      h("div", { class: "field" }, h("span", { class: "field-head" }, h("label", { for: "preset" }, t("preset")),
        h("a", { href: rulesHref(form.preset), class: "rules-link", "data-testid": "lobby-rules-link" }, t("rules.link"))), presets),
      this.rulesPanel(fam, preset),
      h("div", { class: "field row" }, h("label", { for: "players" }, t("players")), players,
        fam.name === "seven27" ? null : [h("label", { for: "rounds" }, t("rounds")), rounds],
        h("label", { for: "turn" }, t("time_limit")), time),
      h("div", { class: "field" }, h("span", { class: "field-label" }, t("seats")),
        h("ol", { class: "seat-list" }, h("li", {}, h("span", {}, t("seat_n", { n: 1 })), h("strong", {}, t("seat_you"))), seatRows), about),
      fam.name === "shichinarabe" ? check("ghost", t("ghost_rule"), "ghost") : null,
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: form.kids, "data-testid": "kids", on: { change: (e) => {
        form.kids = e.target.checked;
        // kids mode plays the kids preset (no pass limit, hints on) where the game has it
        if (form.kids && fam.presets.some((p) => p.name === "kids")) {
          form.preset = "kids";
          form.variants = {};
          this.render();
        }
      } } }), t("kids_mode")),
      check("listed", t("listed"), "listed"),
      // a bar that stays at the bottom of the window while the form is longer than it
      h("div", { class: "create-bar" },
        h("button", { type: "button", class: "primary big", "data-testid": "create", on: { click: () => this.create() } }, t("create"))));
  }

  /** One line per level chosen for a seat: its name and what to expect of it. */
  seatsAbout() {
    const chosen = new Set(this.form.seats);
    return this.familyEntry().levels.filter((l) => chosen.has(l.name)).map((l) =>
      h("p", {}, t("lobby.level_about", { level: pick(l.title), about: pick(l.about) })));
  }

  // Every local rule in words: its name, a control, and what the chosen value means at the table (a choice
  // offers each of its values as a sentence). Changes are kept in form.variants; the panel updates in place.
  rulesPanel(fam, preset) {
    const changed = () => Object.keys(this.form.variants).length;
    const summary = h("summary", {}, t("local_rules"));
    const reset = h("button", { type: "button", class: "link-button", "data-testid": "rules-reset", on: { click: () => {
      this.form.variants = {};
      this.render(); // the panel stays open (rulesOpen)
    } } }, t("lobby.rules_reset"));
    const mark = () => {
      const n = changed();
      summary.replaceChildren(t("local_rules"), n ? h("span", { class: "tag changed" }, `${t("lobby.rules_changed")} ${n}`) : "");
      reset.hidden = !n;
    };
    mark();
    const rows = fam.parameters.map((p) => {
      const base = preset.rules[p.name];
      const current = () => (p.name in this.form.variants ? this.form.variants[p.name] : base);
      const id = `rule-${p.name}`;
      const said = h("p", { class: "rule-words", id: `${id}-words`, "aria-live": "polite" });
      const item = h("li", { class: "rule", "data-rule": p.name });
      const show = () => {
        said.textContent = p.kind === "choice" ? "" : ruleSentence(p.name, current());
        item.classList.toggle("changed", p.name in this.form.variants);
        mark();
      };
      const set = (value) => {
        if (value === base) delete this.form.variants[p.name];
        else this.form.variants[p.name] = value;
        show();
      };
      let control;
      if (p.kind === "bool") {
        control = h("input", { id, type: "checkbox", checked: current(), "aria-describedby": `${id}-words`, on: { change: (e) => set(e.target.checked) } });
      } else if (p.kind === "choice") {
        control = h("div", { class: "rule-choices", role: "radiogroup", "aria-labelledby": `${id}-name` }, p.choices.map((c) =>
          h("label", { class: "rule-choice" },
            h("input", { type: "radio", name: id, value: c, checked: c === current(), "data-value": c, on: { change: () => set(c) } }),
            h("span", {}, ruleSentence(p.name, c)))));
      } else {
        control = h("input", { id, type: "number", min: p.min, max: p.max, value: current() ?? "", "aria-describedby": `${id}-words`,
          placeholder: p.optional ? t("none_value") : "", on: { input: (e) => {
            const text = e.target.value.trim();
            set(text === "" && p.optional ? null : Number(text));
          } } });
      }
      show();
      const label = p.kind === "choice" ? h("span", { class: "rule-name", id: `${id}-name` }, ruleName(p.name))
        : h("label", { class: "rule-name", for: id }, ruleName(p.name));
      item.append(h("div", { class: "rule-control" }, label, control), said);
      return item;
    });
    return h("details", { class: "rules", "data-testid": "local-rules", open: this.rulesOpen,
      on: { toggle: (e) => { this.rulesOpen = e.target.open; } } }, summary, h("ul", { class: "rule-list" }, rows), reset);
  }

  joinPanel() {
    const code = h("input", { id: "join-code", type: "text", maxlength: 6, autocapitalize: "characters", "data-testid": "join-code",
      placeholder: "ABC234", translate: "no", "aria-label": t("code") });
    return h("section", { class: "panel join" }, h("h2", {}, t("join_by_code")),
      h("form", { class: "inline", on: { submit: (e) => { e.preventDefault(); this.join(code.value.trim().toUpperCase()); } } },
        code, h("button", { type: "submit", class: "primary", "data-testid": "join" }, t("join"))));
  }

  renderLists() {
    if (!this.lists) return;
    const rooms = this.rooms.length
      ? this.rooms.map((room) => {
        const free = room.members.filter((m) => m.open).length;
        const host = room.host !== null && room.members[room.host] ? unescape(room.members[room.host].name) : "";
        const fam = this.catalog.families.find((f) => f.name === room.family);
        return h("li", { class: "room-item" },
          h("div", {}, h("strong", { translate: "no" }, room.code), " ", fam ? pick(fam.title) : room.family, " · ", presetName(room.preset),
            h("div", { class: "muted" }, t("seats_free", { free, total: room.members.length }), host ? ` · ${t("host_is", { name: host })}` : "")),
          h("button", { type: "button", class: "secondary", on: { click: () => this.join(room.code) } }, t("join")));
      })
      : [h("li", { class: "muted" }, t("no_open_rooms"))];
    const games = this.games.length
      ? this.games.map((g) => this.gameItem(g))
      : [h("li", { class: "muted" }, t("no_games"))];
    fill(this.lists,
      h("section", { class: "panel" }, h("div", { class: "panel-head" }, h("h2", {}, t("open_rooms")),
        h("button", { type: "button", class: "link-button", on: { click: () => this.refresh() } }, t("refresh"))),
      h("ul", { class: "room-list", "data-testid": "open-rooms" }, rooms)),
      h("section", { class: "panel" }, h("h2", {}, t("recent_games")), h("ul", { class: "room-list" }, games)));
  }

  /** A finished game: when, which game, who won (people linked to their profiles), and its replay. */
  gameItem(g) {
    const game = gameTitle(this.catalog, g.family, g.preset);
    const seats = g.seats || [];
    const winners = (g.winners || []).map((i) => playerLink(seats, i));
    const winnerLine = winners.length
      ? [t("games.winner"), " ", winners.flatMap((w, i) => (i ? [t("player.separator"), w] : [w]))]
      : t("games.no_winner");
    return h("li", { class: "room-item game-item", "data-game": g.id },
      h("div", {},
        h("strong", {}, game),
        h("div", { class: "muted" }, h("time", { datetime: g.created_at }, when(g.created_at)), " · ",
          g.rounds === 1 ? t("games.rounds_one") : t("games.rounds", { n: g.rounds })),
        h("div", { class: "winner", "data-testid": `winner-${g.id}` }, winnerLine)),
      h("a", { class: "button secondary", href: `#/replay/${g.id}`, "data-testid": `replay-${g.id}` }, t("replay")));
  }

  // ------------------------------------------------------------------ actions
  async create() {
    const name = this.name();
    if (!name) return;
    const f = this.form;
    const seats = [{ kind: "human" }, ...f.seats.map((s) => (s === "human" ? { kind: "human" } : { kind: "bot", agent: s }))];
    const body = { preset: f.preset, variants: f.variants, seats, host_name: name, turn_seconds: f.turn, ghost: f.ghost,
      kids: f.kids, listed: f.listed };
    if (f.family !== "seven27") body.rounds = f.rounds;
    try {
      const ticket = await createRoom(body);
      saveTicket({ ...ticket, name });
      savePreset(f.preset);
      navigate(`#/room/${ticket.code}`);
    } catch (err) {
      this.say(explain(err.code, err.message));
    }
  }

  /** One click: you and three computers at the default level, the preset you last played, started. */
  async playNow() {
    const name = this.name();
    if (!name) return;
    const { family, preset } = lastPreset(this.catalog);
    const seats = [{ kind: "human" }];
    for (let i = 0; i < PLAY_NOW_COMPUTERS; i += 1) seats.push({ kind: "bot", agent: family.default_level });
    try {
      const ticket = await createRoom({ preset, seats, host_name: name, listed: false });
      saveTicket({ ...ticket, name });
      savePreset(preset);
      await startRoom(ticket.code, ticket.token);
      navigate(`#/room/${ticket.code}`);
    } catch (err) {
      this.say(explain(err.code, err.message));
    }
  }

  async join(code, seat = null) {
    if (!code) return;
    try {
      const info = await roomInfo(code);
      if (info.status !== "lobby") {
        navigate(`#/room/${info.code}`); // started: watch it
        return;
      }
      const name = this.name();
      if (!name) return;
      const ticket = await joinRoom(info.code, name, seat);
      saveTicket({ ...ticket, name });
      navigate(`#/room/${ticket.code}`);
    } catch (err) {
      this.say(explain(err.code, err.message));
    }
  }
}

/** A preset's name in the player's language (pages.json's "preset.<name>"), else its name. */
