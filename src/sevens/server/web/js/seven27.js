// The Seven Twenty-Seven table: every seat's down and up cards, chips, bets, the pot and the betting buttons.
import { cardBack, cardFace, cardName } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { actionText, entryText } from "./wording.js";

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
    if (seat.seat === view.dealer) notes.push(h("span", { class: "chip-dealer", title: t("dealer") }, t("dealer_chip")));
    if (seat.folded) notes.push(h("span", { class: "tag" }, t("folded")));
    if (seat.all_in) notes.push(h("span", { class: "tag" }, t("all_in")));
    return h(
      "section",
      {
        class: ["p-seat", me ? "me" : "", turn ? "turn" : "", seat.folded ? "folded" : ""],
        "aria-label": `${ctx.names(seat.seat)}: ${t("stack_n", { n: seat.stack })}${turn ? ` ${t("to_move")}` : ""}`,
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
    view.own_totals ? ownTotals(view.own_totals) : null);
  return h("div", { class: "poker" }, center, h("div", { class: "p-seats" }, seats));
}

const TARGETS = [["7", 14], ["27", 54]]; // in halves, as the engine counts (D2)

/** Both of your totals, to 7 and to 27, each with how far it is from its target and whether it is past it
 * (a total the engine gives as null cannot win that half: over the target with the bust variant). */
function ownTotals(totals) {
  const items = TARGETS.map(([target, goal], i) => {
    const total = totals[i];
    let state = "under";
    let note;
    if (total === null || total === undefined) {
      state = "bust";
      note = t("total_bust");
    } else if (total === goal) {
      state = "exact";
      note = t("total_exact");
    } else if (total > goal) {
      state = "over";
      note = t("total_over", { d: half(total - goal) });
    } else {
      note = t("total_under", { d: half(goal - total) });
    }
    return h("div", { class: ["total", state], "data-testid": `total-${target}`, "data-state": state },
      h("span", { class: "total-label" }, t("total_to", { target })),
      h("strong", { class: "total-value" }, total === null || total === undefined ? "–" : half(total)),
      h("span", { class: "total-note" }, note));
  });
  return h("div", { class: "totals", role: "group", "aria-label": t("your_totals_label") }, items);
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
  if (view.log) return view.log.map((entry) => ({ who: "", text: entryText(entry, names), key: entry.key }));
  // history lines name seats as "p2": show the player's name instead
  return (view.history || [])
    .filter((line) => !line.startsWith("d ") && !/ ante /.test(line))
    .map((line) => {
      const m = /^p(\d+) (.*)$/.exec(line);
      return m ? { who: names(Number(m[1])), text: actionText(m[2]) } : { who: "", text: actionText(line) };
    });
}

export const passesLeft = () => null;
export const hasHand = false;
