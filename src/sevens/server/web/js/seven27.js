// The Seven Twenty-Seven table: every seat's down and up cards, chips, bets, the pot and the betting buttons.
import { cardBack, cardFace, cardName } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const half = (n) => (n % 2 === 0 ? String(n / 2) : `${(n - 1) / 2}½`);

function card(text, down) {
  const face = text === "??" ? cardBack() : cardFace(text);
  const cls = ["p-card", down && text !== "??" ? "down-known" : ""];
  return h("span", { class: cls, role: "img", "aria-label": cardName(text) }, face);
}

export function board(view, ctx) {
  const seats = (view.seats || []).map((seat) => {
    const me = seat.seat === view.seat;
    const turn = view.to_move === seat.seat;
    const notes = [];
    if (seat.seat === view.dealer) notes.push(h("span", { class: "chip-dealer", title: t("dealer") }, "D"));
    if (seat.folded) notes.push(h("span", { class: "tag" }, t("folded")));
    if (seat.all_in) notes.push(h("span", { class: "tag" }, t("all_in")));
    return h(
      "section",
      {
        class: ["p-seat", me ? "me" : "", turn ? "turn" : "", seat.folded ? "folded" : ""],
        "aria-label": `${ctx.names(seat.seat)}: ${t("stack_n", { n: seat.stack })}`,
      },
      h("div", { class: "p-name" }, ctx.names(seat.seat), notes),
      h("div", { class: "p-cards" }, seat.down.map((c) => card(c, true)), seat.up.map((c) => card(c, false))),
      h("div", { class: "p-chips" },
        h("span", { class: "stack" }, t("stack_n", { n: seat.stack })),
        seat.bet ? h("span", { class: "bet" }, t("bet_n", { n: seat.bet })) : null),
    );
  });
  const phase = view.phase === "bet" ? t("phase_bet", { n: view.betting_round }) : view.phase === "over" ? t("phase_over") : t("phase_cards");
  const center = h("div", { class: "pot-area" },
    h("div", { class: "pot", "aria-live": "polite" }, t("pot", { n: view.pot ?? 0 })),
    h("div", { class: "phase" }, phase, " · ", t("deck_n", { n: view.deck_count ?? 0 })),
    view.own_totals ? h("div", { class: "totals" }, t("your_totals", { low: half(view.own_totals[0]), high: half(view.own_totals[1]) })) : null);
  return h("div", { class: "poker" }, center, h("div", { class: "p-seats" }, seats));
}

/** Button label of a betting or card action. */
export function actionLabel(action, view) {
  const size = view.bet_size ?? 0;
  if (action === "bet") return t("act_bet", { n: size });
  if (action === "raise") return t("act_raise", { n: size });
  if (action === "call") return t("act_call", { n: view.to_call ?? 0 });
  return t(`act_${action}`);
}

export function seatFacts(view, seat) {
  const info = (view.seats || []).find((s) => s.seat === seat);
  if (!info) return [];
  const facts = [t("stack_n", { n: info.stack })];
  if (info.folded) facts.push(t("folded"));
  return facts;
}

export function logLines(view, names) {
  // history lines name seats as "p2": show the player's name instead
  return (view.history || [])
    .filter((line) => !line.startsWith("d ") && !/ ante /.test(line))
    .map((line) => {
      const m = /^p(\d+) (.*)$/.exec(line);
      return m ? { who: names(Number(m[1])), text: m[2] } : { who: "", text: line };
    });
}

export const passesLeft = () => null;
export const hasHand = false;
