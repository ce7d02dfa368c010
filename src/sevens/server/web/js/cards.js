// Cards drawn by code as SVG: faces, backs, jokers, suit pips. Card text is the engine's (A2): "7h", "Ts", "Jk", "??".
import { deckChoice } from "./a11y.js";
import { s } from "./dom.js";
import { t } from "./i18n.js";

export const SUITS = ["s", "h", "d", "c"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const RANK_SHOWN = { T: "10" };
const RED = new Set(["h", "d"]);

// Suit shapes in a 100×100 box (drawn here, no font or image needed).
const SUIT_SHAPES = {
  h: [["path", { d: "M50 92 C22 66 4 50 4 30 C4 15 15 5 29 5 C39 5 46 11 50 20 C54 11 61 5 71 5 C85 5 96 15 96 30 C96 50 78 66 50 92Z" }]],
  d: [["path", { d: "M50 3 L90 50 L50 97 L10 50Z" }]],
  s: [["path", { d: "M50 3 C63 24 95 40 95 62 C95 76 85 84 73 84 C64 84 57 79 54 73 C55 84 59 91 67 96 L33 96 C41 91 45 84 46 73 C43 79 36 84 27 84 C15 84 5 76 5 62 C5 40 37 24 50 3Z" }]],
  c: [
    ["circle", { cx: 50, cy: 27, r: 21 }],
    ["circle", { cx: 26, cy: 59, r: 21 }],
    ["circle", { cx: 74, cy: 59, r: 21 }],
    ["path", { d: "M45 55 C45 76 40 88 31 96 L69 96 C60 88 55 76 55 55Z" }],
  ],
};

/** {rank, suit} of a card text, or null for a joker, a hidden card or any other word ("up" is no card). */
export function parseCard(text) {
  if (!text || text.length !== 2) return null;
  const rank = text[0].toUpperCase();
  const suit = text[1].toLowerCase();
  return RANKS.includes(rank) && SUITS.includes(suit) ? { rank, suit } : null;
}

export const isRed = (suit) => RED.has(suit);
export const rankText = (rank) => RANK_SHOWN[rank] || rank;
// The four-colour deck (a choice kept in this browser): diamonds blue and clubs green, so no two suits share a colour.
const FOUR_COLOURS = { s: "#1b1b1b", h: "#c62828", d: "#1050a8", c: "#1b6b2a" };
const FOUR_TINTS = { s: "#e6e9ef", h: "#fbe3e0", d: "#e1ebf8", c: "#e2f1e3" };
export const suitColor = (suit) => (deckChoice() === "four" ? FOUR_COLOURS[suit] : isRed(suit) ? "#c62828" : "#1b1b1b");
const courtTint = (suit) => (deckChoice() === "four" ? FOUR_TINTS[suit] : isRed(suit) ? "#fbe3e0" : "#e6e9ef");

/** A suit pip as an SVG group at (x, y), size × size. */
export function pip(suit, x, y, size) {
  const k = size / 100;
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, fill: suitColor(suit) },
    SUIT_SHAPES[suit].map(([tag, attrs]) => s(tag, attrs)),
  );
}

/** The spoken name of a card: "8 of hearts" / "ハートの8". */
export function cardName(text) {
  if (text === "Jk") return t("joker");
  if (text === "??") return t("hidden_card");
  const card = parseCard(text);
  if (!card) return text;
  return t("card_name", { rank: rankText(card.rank), suit: t(`suit_${card.suit}`) });
}

/** What a screen reader says for a card of the hand: "8 of hearts, playable" / 「ハートの8、出せます」. */
export function handCardName(text, playable) {
  return playable ? t("card_playable", { card: cardName(text) }) : cardName(text);
}

/** A short visible name with a suit symbol: "♥8". */
export function cardLabel(text) {
  if (text === "Jk") return t("joker");
  const card = parseCard(text);
  if (!card) return text;
  return `${{ s: "♠", h: "♥", d: "♦", c: "♣" }[card.suit]}${rankText(card.rank)}`;
}

function frame(extra) {
  return s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, ry: 9, ...extra });
}

/** A face-up card (100×140 units). */
export function cardFace(text) {
  const svg = s("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  if (text === "Jk") return joker(svg);
  const card = parseCard(text);
  if (!card) return cardBack();
  const color = suitColor(card.suit);
  const shown = rankText(card.rank);
  const court = "JQK".includes(card.rank);
  svg.append(
    frame({ fill: "#fffdf7", stroke: "#9a9486", "stroke-width": 2 }),
    s("text", { x: 9, y: 31, "font-size": shown.length > 1 ? 26 : 30, "font-weight": 700, fill: color, class: "rank" }, shown),
    pip(card.suit, 9, 38, 22),
  );
  if (court) {
    // court cards: a tinted panel with a big letter, so J, Q and K read at a glance
    svg.append(
      s("rect", { x: 34, y: 44, width: 54, height: 64, rx: 6, fill: courtTint(card.suit), stroke: color, "stroke-width": 1.5 }),
      s("text", { x: 61, y: 90, "font-size": 42, "font-weight": 700, fill: color, "text-anchor": "middle", class: "rank" }, shown),
    );
  } else {
    svg.append(pip(card.suit, 34, 62, 54));
  }
  svg.append(s("text", {
    x: 91, y: 131, "font-size": 22, "font-weight": 700, fill: color, "text-anchor": "end", class: "rank",
  }, shown));
  return svg;
}

function joker(svg) {
  svg.append(
    frame({ fill: "#fffdf7", stroke: "#9a9486", "stroke-width": 2 }),
    s("text", { x: 50, y: 30, "font-size": 17, "font-weight": 700, fill: "#6a1b9a", "text-anchor": "middle" }, "JOKER"),
    s("path", {
      d: "M50 45 L58 68 L82 68 L63 82 L70 106 L50 92 L30 106 L37 82 L18 68 L42 68Z",
      fill: "#f9a825", stroke: "#6a1b9a", "stroke-width": 2,
    }),
    s("text", { x: 50, y: 128, "font-size": 14, fill: "#6a1b9a", "text-anchor": "middle" }, "Jk"),
  );
  return svg;
}

/** A face-down card. */
export function cardBack() {
  const svg = s("svg", { viewBox: "0 0 100 140", class: "card-svg back", "aria-hidden": "true", focusable: "false" });
  svg.append(frame({ fill: "#fffdf7", stroke: "#9a9486", "stroke-width": 2 }));
  svg.append(s("rect", { x: 9, y: 9, width: 82, height: 122, rx: 6, fill: "#1e4e8c" }));
  for (let y = 20; y <= 122; y += 14) {
    for (let x = 20 + ((y / 14) % 2) * 7; x <= 82; x += 14) {
      svg.append(s("path", { d: `M${x} ${y - 5} L${x + 5} ${y} L${x} ${y + 5} L${x - 5} ${y}Z`, fill: "#3a6fb5" }));
    }
  }
  svg.append(s("circle", { cx: 50, cy: 70, r: 17, fill: "#fffdf7" }));
  svg.append(s("text", { x: 50, y: 79, "font-size": 26, "font-weight": 700, fill: "#1e4e8c", "text-anchor": "middle" }, "7"));
  return svg;
}

/** A small board cell: a big rank and a pip, readable even at 26 px wide. */
export function cellFace(text) {
  const svg = s("svg", { viewBox: "0 0 60 80", class: "cell-svg", "aria-hidden": "true", focusable: "false" });
  const card = parseCard(text);
  svg.append(s("rect", { x: 1, y: 1, width: 58, height: 78, rx: 6, fill: "#fffdf7", stroke: "#9a9486", "stroke-width": 1.5 }));
  if (!card) return svg;
  const shown = rankText(card.rank);
  svg.append(
    s("text", {
      x: 30, y: 36, "font-size": shown.length > 1 ? 28 : 34, "font-weight": 700, fill: suitColor(card.suit),
      "text-anchor": "middle",
    }, shown),
    pip(card.suit, 15, 44, 30),
  );
  return svg;
}

/** A joker standing on the board for another card. */
export function jokerCell() {
  const svg = s("svg", { viewBox: "0 0 60 80", class: "cell-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(
    s("rect", { x: 1, y: 1, width: 58, height: 78, rx: 6, fill: "#fff3c4", stroke: "#6a1b9a", "stroke-width": 2 }),
    s("path", { d: "M30 14 L36 32 L55 32 L40 43 L46 62 L30 51 L14 62 L20 43 L5 32 L24 32Z", fill: "#f9a825", stroke: "#6a1b9a", "stroke-width": 1.5 }),
    s("text", { x: 30, y: 75, "font-size": 12, fill: "#6a1b9a", "text-anchor": "middle" }, "Jk"),
  );
  return svg;
}
