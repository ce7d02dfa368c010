// Pictures for the rules pages, drawn with the table's own cards and board (no image files): one suit row, the
// whole Sevens layout, the Killer grid, and Seven Twenty-Seven hands. Cells marked "target" are playable.
import { cardFace, cardName, cellFace, jokerCell, RANKS, SUITS } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import * as killer from "./killer.js";
import * as shichinarabe from "./shichinarabe.js";

const NONE = new Set();

/** One suit's row A…K: ranks on the table, playable ranks, closed ranks, and where a joker stands. */
export function suitRow(suit, { table = [], playable = [], closed = [], joker = null } = {}) {
  const on = new Set(table);
  const targets = new Set(playable.map((r) => r + suit));
  const shut = new Set(closed);
  const cells = RANKS.map((rank) => {
    const card = rank + suit;
    if (rank === joker) return shichinarabe.gridCell(card, "cell filled joker", t("joker_on", { card: cardName(card) }), jokerCell(), NONE, NONE);
    if (on.has(rank)) return shichinarabe.gridCell(card, "cell filled", cardName(card), cellFace(card), NONE, NONE);
    const cls = shut.has(rank) ? "cell empty closed" : "cell empty";
    const label = shut.has(rank) ? `${t("empty_position", { card: cardName(card) })} (${t("rules.legend.closed")})` : t("empty_position", { card: cardName(card) });
    return shichinarabe.gridCell(card, cls, label, h("span", { class: "slot-rank" }, rank === "T" ? "10" : rank), NONE, targets);
  });
  return h("div", { class: "board rows13 figure-board", role: "grid", "aria-label": t("table_label") },
    h("div", { class: `row suit-${suit}`, role: "row" }, cells));
}

/** The four rows with the given cards on the table and the playable ones marked. */
export function layout(table, playable = []) {
  return shichinarabe.board({ table, joker_positions: [] }, { hints: true, legal: playable, lastAction: null });
}

/** The Killer grid: rows of 13 marks ("." empty, "x" dead, any other character a card on the table). */
export function killerGrid(grid, playable = []) {
  return killer.board({ grid, seat: null }, { hints: true, legal: playable, lastAction: null });
}

/** Cards in a row, face up. */
export function hand(cards) {
  return h("div", { class: "figure-hand" }, cards.map((card) => h("span", { class: "mini-card", role: "img", "aria-label": cardName(card) }, cardFace(card))));
}

/** A figure: the picture on the felt, then its caption. */
export function figure(picture, caption, legend = false) {
  return h("figure", { class: "rules-figure" },
    h("div", { class: "felt" }, picture),
    h("figcaption", {}, caption,
      legend ? h("span", { class: "legend" }, h("span", { class: "legend-target", "aria-hidden": "true" }), t("rules.legend.playable")) : null));
}

// The examples of RULES.md, each as a picture with its caption key.
const SEVENS = SUITS.map((suit) => `7${suit}`);

export const FIGURES = {
  start: () => figure(layout(SEVENS), t("rules.fig.start")),
  basic: () => figure(suitRow("s", { table: ["5", "6", "7", "8", "9"], playable: ["4", "T"] }), t("rules.fig.basic"), true), // B5
  ak_link: () => figure(suitRow("h", { table: ["7", "8", "9", "T", "J", "Q", "K"], playable: ["A", "6"] }), t("rules.fig.ak_link"), true), // B6
  tunnel: () => figure(suitRow("s", { table: ["A", "7", "8", "9", "T", "J", "Q", "K"], playable: ["2"], closed: ["6"] }), t("rules.fig.tunnel"), true), // B7
  joker: () => figure(suitRow("h", { table: ["5", "6", "7", "8", "9", "J"], joker: "T" }), t("rules.fig.joker")), // B8a
  fan_tan: () => figure(layout([], ["7d"]), t("rules.fig.fan_tan"), true), // B3, B4
  kids: () => figure(layout([...SEVENS, "8s", "6h"], ["9s", "6s", "5h", "8h", "6d", "8d", "6c", "8c"]), t("rules.fig.kids"), true),
  killer_play: () => figure(killerGrid(["......7......", "......78.....", "......7......", "......7......"], ["6s", "8s", "9s", "6h", "9h", "6d", "8d", "9d", "6c", "8c"]), t("rules.fig.killer_play"), true), // C2
  killer_death: () => figure(killerGrid(["......7......", "......7..T...", "......789xJ..", "......7..T..."]), t("rules.fig.killer_death")), // C3
  seven27: () => figure(h("div", { class: "figure-hands" },
    h("div", {}, hand(["5h", "As", "Ad"]), h("p", {}, t("rules.fig.seven27_both"))),
    h("div", {}, hand(["Kc", "6h"]), h("p", {}, t("rules.fig.seven27_low"))),
    h("div", {}, hand(["Ts", "9d", "8c"]), h("p", {}, t("rules.fig.seven27_high")))), ""), // D2, D6
};
