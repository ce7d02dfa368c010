// Comforts card players expect, kept in this browser: the hand sorted by suit or by rank, and an optional
// auto-pass that passes only when pass is the ONLY legal action the server sent (the rules are never guessed).
import { parseCard, RANKS, SUITS } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SORT_KEY = "sevens.sort";
const AUTO_PASS_KEY = "sevens.auto_pass";
export const SORTS = ["suit", "rank"];

export const sortChoice = () => (localStorage.getItem(SORT_KEY) === "rank" ? "rank" : "suit");
export const setSortChoice = (sort) => localStorage.setItem(SORT_KEY, sort);
export const autoPassOn = () => localStorage.getItem(AUTO_PASS_KEY) === "on";
export const setAutoPass = (on) => localStorage.setItem(AUTO_PASS_KEY, on ? "on" : "off");

/** Sort key of a card text: by suit (s h d c, then A…K) or by rank (A…K, then suit); jokers and hidden last. */
function cardKey(text, sort) {
  const card = parseCard(text);
  if (!card) return [99, 99];
  const suit = SUITS.indexOf(card.suit);
  const rank = RANKS.indexOf(card.rank);
  return sort === "rank" ? [rank, suit] : [suit, rank];
}

/** The hand in the chosen order (a copy). */
export function sortedHand(hand, sort) {
  return [...hand].sort((a, b) => {
    const [a1, a2] = cardKey(a, sort);
    const [b1, b2] = cardKey(b, sort);
    return a1 - b1 || a2 - b2;
  });
}

/** Whether auto-pass should pass now: it is on and the legal actions are exactly ["pass"]. */
export const passIsForced = (legal) => legal.length === 1 && legal[0] === "pass";

/** The sort switch and the auto-pass box, under the hand. */
export function handTools(onChange) {
  const sort = sortChoice();
  return h("div", { class: "hand-tools" },
    h("span", { class: "segmented small", role: "radiogroup", "aria-label": t("sort_label") },
      h("span", { class: "field-label" }, t("sort_label")),
      SORTS.map((s) => h("label", { class: ["seg", s === sort ? "on" : ""], "data-testid": `sort-${s}` },
        h("input", { type: "radio", name: "hand-sort", value: s, checked: s === sort, "data-key": `sort-${s}`,
          on: { change: () => { setSortChoice(s); onChange(); } } }),
        t(`sort_${s}`)))),
    h("label", { class: "check auto-pass", title: t("auto_pass") },
      h("input", { type: "checkbox", checked: autoPassOn(), "data-key": "auto-pass", "data-testid": "auto-pass",
        on: { change: (e) => { setAutoPass(e.target.checked); onChange(); } } }),
      t("auto_pass")));
}
