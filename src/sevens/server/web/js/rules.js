// How to play: a short illustrated page per game and preset (#/rules/<preset>), and the rules of a table in
// words. A value of a rules parameter is said by the catalogue's "rule.<name>.<token>" (token: on/off, the
// choice's name, none, or a number with a sentence of its own), else "rule.<name>.n" with {n}; the server's
// sevens.rules_text derives the same keys, and a test checks every value of every family has its sentence.
import { h } from "./dom.js";
import { has, pick, t } from "./i18n.js";
import { FIGURES } from "./figures.js";

/** The page that explains a preset (for links from the lobby, the waiting room and the table). */
export const rulesHref = (preset) => `#/rules/${encodeURIComponent(preset)}`;

/** A preset's display name ("Standard" / 「標準」), or its code name when the catalogue has none. */
export const presetName = (preset) => (has(`preset.${preset}`) ? t(`preset.${preset}`) : preset || "");

/** A game as players name it: the family, and the preset where the family has several ("Sevens · Tunnel"). */
export function gameTitle(catalog, familyName, preset) {
  const family = catalog.families.find((f) => f.name === familyName);
  if (!family) return familyName;
  return family.presets.length > 1 && preset ? `${pick(family.title)} · ${presetName(preset)}` : pick(family.title);
}

/** A rules parameter's name in words. */
export const ruleName = (name) => (has(`rule.${name}`) ? t(`rule.${name}`) : name);

function valueToken(value) {
  if (value === true) return "on";
  if (value === false) return "off";
  if (value === null || value === undefined) return "none";
  return String(value);
}

/** One sentence saying what name = value means at the table. */
export function ruleSentence(name, value) {
  const exact = `rule.${name}.${valueToken(value)}`;
  if (has(exact) || typeof value !== "number") return t(exact);
  return t(`rule.${name}.n`, { n: value });
}

// Left out of a table's rules in words: the number of players (the seats show it), the page's hints switch,
// and settings that change nothing at that table (no joker to exchange, no link to tunnel through, no ghosts).
const SKIPPED = new Set(["players", "hints"]);
function matters(name, rules) {
  if (SKIPPED.has(name)) return false;
  if (name === "joker_exchange") return rules.jokers > 0;
  if (name === "tunnel") return rules.ak_link === true;
  if (name === "ghost") return rules.ghost === true;
  return true;
}

/** The rules of a table as a list of sentences, one per setting that matters at that table. */
export function rulesList(rules, testid = null, extra = []) {
  const items = Object.entries(rules || {}).filter(([name]) => matters(name, rules))
    .map(([name, value]) => h("li", { "data-rule": name }, ruleSentence(name, value)));
  return h("ul", { class: "rules-words", "data-testid": testid }, items, extra.map((line) => h("li", {}, line)));
}

/** Whether a table's rules differ from its preset's (players aside). */
function changedFromPreset(room, catalog) {
  const family = catalog && catalog.families.find((f) => f.name === room.family);
  const preset = family && family.presets.find((p) => p.name === room.preset);
  if (!preset) return false;
  return Object.entries(room.rules || {}).some(([name, value]) => name !== "players" && name in preset.rules && preset.rules[name] !== value);
}

/** The waiting room's box: the preset, the table's rules in words, and a link to the full page. */
export function rulesBox(room, catalog) {
  return h("section", { class: "rules-box", "aria-labelledby": "rules-box-title", "data-testid": "room-rules" },
    h("h3", { id: "rules-box-title" }, t("waiting.rules"), " · ", presetName(room.preset),
      changedFromPreset(room, catalog) ? h("span", { class: "tag changed" }, t("lobby.rules_changed")) : null),
    rulesList(room.rules, null, roomLines(room)),
    h("a", { href: rulesHref(room.preset), class: "rules-link", "data-testid": "rules-link" }, t("rules.link_preset", { name: presetName(room.preset) })));
}

/** What the room adds to its rules: the turn clock (E4) and, for the 七並べ families, how many rounds. */
function roomLines(room) {
  const lines = [];
  const clock = room.family === "seven27" ? "waiting.turn_seconds_poker" : "waiting.turn_seconds";
  if (room.turn_seconds) lines.push(t(clock, { n: room.turn_seconds }));
  if (room.rounds && room.family !== "seven27") lines.push(t("waiting.rounds", { n: room.rounds }));
  return lines;
}

// Sections of each family's page: [section, text key, figure or a function of the preset's rules choosing one].
const SECTIONS = {
  shichinarabe: [
    ["goal", "rules.shichinarabe.goal"],
    ["setup", "rules.shichinarabe.setup", (rules) => (rules.opening === "fan_tan" ? "fan_tan" : "start")],
    ["turn", "rules.shichinarabe.turn", () => "basic"],
    ["pass", "rules.shichinarabe.pass"],
    ["end", "rules.shichinarabe.end"],
    ["score", "rules.shichinarabe.score"],
  ],
  killer: [
    ["goal", "rules.killer.goal"],
    ["setup", "rules.killer.setup"],
    ["turn", "rules.killer.turn", () => "killer_play"],
    ["death", "rules.killer.death", () => "killer_death"],
    ["pass", "rules.killer.pass"],
    ["end", "rules.killer.end"],
    ["score", "rules.killer.score"],
  ],
  seven27: [
    ["goal", "rules.seven27.goal"],
    ["setup", "rules.seven27.setup"],
    ["count", "rules.seven27.count", () => "seven27"],
    ["turn", "rules.seven27.turn"],
    ["end", "rules.seven27.end"],
  ],
};

// The picture that shows what a preset changes (standard's is already in "Your turn").
const PRESET_FIGURE = { ak_link: "ak_link", tunnel: "tunnel", joker: "joker", english: "fan_tan", kids: "kids" };

export class RulesView {
  constructor(root, preset, catalog) {
    this.root = root;
    this.preset = decodeURIComponent(preset || "standard");
    this.catalog = catalog;
    this.render();
  }

  find() {
    for (const family of this.catalog.families) {
      const preset = family.presets.find((p) => p.name === this.preset);
      if (preset) return { family, preset };
    }
    return null;
  }

  render() {
    const found = this.find();
    const nav = this.nav();
    if (!found) {
      this.root.replaceChildren(h("div", { class: "rules-page", id: "rules" },
        h("div", { class: "notice", role: "alert" }, t("rules.unknown", { preset: this.preset })), nav));
      return;
    }
    const { family, preset } = found;
    const sections = (SECTIONS[family.name] || []).map(([section, key, pictured]) => {
      const which = pictured ? pictured(preset.rules) : null;
      return h("section", { class: "rules-section", "data-section": section },
        h("h3", {}, t(`rules.section.${section}`)),
        h("p", {}, t(key)),
        which && FIGURES[which] ? FIGURES[which]() : null);
    });
    const special = PRESET_FIGURE[preset.name];
    const title = gameTitle(this.catalog, family.name, preset.name);
    const article = h("article", { class: "panel rules-article", "aria-labelledby": "rules-title" },
      h("h2", { id: "rules-title" }, t("rules.title", { name: title })),
      h("p", { class: "rules-lead" }, has(`rules.preset.${preset.name}`) ? t(`rules.preset.${preset.name}`) : pick(preset.summary)),
      special ? FIGURES[special]() : null,
      sections,
      h("section", { class: "rules-section", "data-section": "settings" },
        h("h3", {}, t("rules.this_table")), rulesList(preset.rules, "rules-settings")),
      h("div", { class: "button-row" },
        h("a", { class: "button primary", href: `#/play/${encodeURIComponent(preset.name)}`, "data-testid": "rules-play" }, t("rules.play_this")),
        h("a", { class: "button secondary", href: "#/" }, t("back_to_lobby"))));
    this.root.replaceChildren(h("div", { class: "rules-page", id: "rules", "data-preset": preset.name }, article, nav));
  }

  nav() {
    const groups = this.catalog.families.map((family) => h("li", {},
      h("span", { class: "rules-nav-family" }, pick(family.title)),
      h("ul", { class: "rules-nav-presets" }, family.presets.map((p) => h("li", {},
        h("a", { href: rulesHref(p.name), class: p.name === this.preset ? "on" : "", "aria-current": p.name === this.preset ? "page" : null,
          "data-testid": `rules-${p.name}` }, presetName(p.name)))))));
    return h("nav", { class: "panel rules-nav", "aria-label": t("rules.other") }, h("h2", {}, t("rules.other")), h("ul", {}, groups));
  }
}
