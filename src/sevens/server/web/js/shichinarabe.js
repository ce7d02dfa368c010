// The Shichi-narabe table: the four suit rows in order (A…K), jokers standing on the board, seat facts.
import { cardName, cellFace, jokerCell, RANKS, SUITS } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { actionText, entryText } from "./wording.js";

/** Cards that an action text moves from the hand: "7h", "Jk+9h", "9h+Jk", "swap 8h". */
export function actionCards(action) {
  if (action.startsWith("swap ")) return [action.slice(5)];
  if (action === "pass" || action.startsWith("ghost")) return [];
  return action.split("+");
}

/** Where the cards of the last action landed (for the short "just played" animation). */
export function landed(action) {
  if (!action) return new Set();
  return new Set(actionCards(action).filter((c) => c !== "Jk"));
}

/** Board positions the player could fill now (only shown with hints). */
function targets(legal) {
  const found = new Set();
  for (const action of legal) for (const card of actionCards(action)) if (card !== "Jk") found.add(card);
  return found;
}

export function board(view, ctx) {
  const table = new Set(view.table || []);
  const jokers = new Set((view.joker_positions || []).map((j) => j.slice(3)));
  const fresh = landed(ctx.lastAction);
  const hinted = ctx.hints ? targets(ctx.legal) : new Set();
  const rows = SUITS.map((suit) => {
    const cells = RANKS.map((rank) => {
      const card = rank + suit;
      let content;
      let label;
      let cls = "cell";
      if (table.has(card)) {
        content = cellFace(card);
        label = cardName(card);
        cls += " filled";
      } else if (jokers.has(card)) {
        content = jokerCell();
        label = t("joker_on", { card: cardName(card) });
        cls += " filled joker";
      } else {
        content = h("span", { class: "slot-rank", translate: "no" }, rank === "T" ? "10" : rank);
        label = t("empty_position", { card: cardName(card) });
        cls += " empty";
      }
      return gridCell(card, cls, label, content, fresh, hinted);
    });
    return h("div", { class: `row suit-${suit}`, role: "row" }, cells);
  });
  return h("div", { class: "board rows13", role: "grid", "aria-label": t("table_label") }, rows);
}

/** One cell of a suit row: the last move's cards are "fresh", hinted playable positions a "target". */
export function gridCell(card, cls, label, content, fresh, hinted) {
  if (fresh.has(card)) cls += " fresh";
  if (hinted.has(card)) {
    cls += " target";
    label = t("card_playable", { card: label });
  }
  return h("div", { class: cls, role: "gridcell", "aria-label": label, "data-card": card }, content);
}

/** One line of facts per seat for the players panel. */
export function seatFacts(view, seat) {
  const limit = view.rules ? view.rules.pass_limit : null;
  const used = (view.passes_used || [])[seat] || 0;
  const facts = [t("cards_n", { n: (view.hand_counts || [])[seat] ?? 0 })];
  facts.push(limit === null || limit === undefined ? t("passes_used_n", { used }) : t("passes_n", { used, limit }));
  return facts;
}

/** The player's passes left, or null when unlimited. */
export function passesLeft(view) {
  const limit = view.rules ? view.rules.pass_limit : null;
  if (limit === null || limit === undefined || view.seat === null) return null;
  return limit - ((view.passes_used || [])[view.seat] || 0);
}

/** Move log lines: the view's structured log in words (older servers: its history, actions drawn). */
export function logLines(view, names) {
  if (view.log) return view.log.map((entry) => ({ who: "", text: entryText(entry, names), key: entry.key }));
  return (view.history || []).map(([seat, text]) => ({ who: names(seat), text: actionText(text) }));
}

export const hasHand = true;
