// The Killer sevens grid: 4×13 with dead cells, kills and dead piles (Part C). Only the server decides what dies.
import { cardFace, cardName, cellFace, RANKS, SUITS } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { actionCards, gridCell, landed, logLines, passesLeft } from "./shichinarabe.js";

export { logLines, passesLeft };

export function board(view, ctx) {
  const fresh = landed(ctx.lastAction);
  const hinted = new Set();
  if (ctx.hints) for (const a of ctx.legal) for (const c of actionCards(a)) hinted.add(c);
  const rows = SUITS.map((suit, r) => {
    const line = (view.grid || [])[r] || ".............";
    const cells = RANKS.map((rank, col) => {
      const card = rank + suit;
      const mark = line[col];
      let cls = "cell";
      let label;
      let content;
      if (mark === "x") {
        cls += " dead";
        label = t("dead_position", { card: cardName(card) });
        content = h("span", { class: "dead-mark", "aria-hidden": "true" }, "✕");
      } else if (mark === ".") {
        cls += " empty";
        label = t("empty_position", { card: cardName(card) });
        content = h("span", { class: "slot-rank", translate: "no" }, rank === "T" ? "10" : rank);
      } else {
        cls += " filled";
        label = cardName(card);
        content = cellFace(card);
      }
      return gridCell(card, cls, label, content, fresh, hinted);
    });
    return h("div", { class: `row suit-${suit}`, role: "row" }, cells);
  });
  const parts = [h("div", { class: "board rows13 killer", role: "grid", "aria-label": t("killer_grid") }, rows)];
  const own = view.seat !== null && view.dead_piles ? view.dead_piles[view.seat] : null;
  if (own && own.length) {
    parts.push(
      h("div", { class: "dead-pile", role: "group", "aria-label": t("your_dead") },
        h("span", { class: "dead-title" }, t("your_dead")),
        own.map((card) => h("span", { class: "mini-card", role: "img", title: cardName(card), "aria-label": cardName(card) }, cardFace(card)))),
    );
  }
  return h("div", { class: "killer-wrap" }, parts);
}

export function seatFacts(view, seat) {
  const limit = view.rules ? view.rules.pass_limit : null;
  const used = (view.passes_used || [])[seat] || 0;
  return [
    t("cards_n", { n: (view.hand_counts || [])[seat] ?? 0 }),
    limit === null || limit === undefined ? t("passes_used_n", { used }) : t("passes_n", { used, limit }),
    t("dead_n", { n: (view.dead_counts || [])[seat] ?? 0 }),
    t("kills_n", { n: (view.kills || [])[seat] ?? 0 }),
  ];
}

export const hasHand = true;
