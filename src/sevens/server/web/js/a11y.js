// For people who play without a mouse or with a screen reader (issue 40): one live region that says turn
// changes and results aloud, the keys of the hand (arrows, Home/End, one tab stop), and the four-colour deck
// choice (suits told apart by colour too, not only by shape), kept in this browser like the hand's sort.

const DECK_KEY = "sevens.deck";
export const DECKS = ["two", "four"];

export const deckChoice = () => (localStorage.getItem(DECK_KEY) === "four" ? "four" : "two");
export function setDeckChoice(deck) {
  localStorage.setItem(DECK_KEY, deck === "four" ? "four" : "two");
  document.documentElement.dataset.deck = deckChoice();
}
document.documentElement.dataset.deck = deckChoice();

let region = null;

/** The page's one live region: outside <main>, so redrawing a view never removes it (a region must exist
 * before its text changes for screen readers to notice). */
function liveRegion() {
  if (region && region.isConnected) return region;
  region = document.createElement("div");
  region.id = "announcer";
  region.className = "sr-only";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.dataset.testid = "announcer";
  document.body.append(region);
  return region;
}

/** Say ``text`` in the live region (polite: after what the reader is saying). The same words twice in a row
 * are said twice: the region is emptied first. */
export function announce(text) {
  const el = liveRegion();
  if (!text) return;
  el.textContent = "";
  // a separate task, so assistive technology sees the change from empty to the words
  setTimeout(() => {
    el.textContent = text;
    el.dataset.count = String(Number(el.dataset.count || 0) + 1);
  }, 30);
}

liveRegion();

/** Arrow keys inside a group of buttons (the hand): Left/Up and Right/Down move to the neighbour, Home/End to the
 * ends. Returns whether the key was used. */
export function moveFocus(buttons, current, key) {
  const i = buttons.indexOf(current);
  if (i < 0) return false;
  const next = {
    ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1, Home: 0, End: buttons.length - 1,
  }[key];
  if (next === undefined || !buttons[next]) return false;
  buttons[next].focus();
  rove(buttons, buttons[next]);
  return true;
}

/** One tab stop for a group: ``active`` (or the first) is reachable by Tab, the others by the arrows. */
export function rove(buttons, active) {
  const chosen = buttons.includes(active) ? active : buttons[0];
  for (const b of buttons) b.tabIndex = b === chosen ? 0 : -1;
}
