// Every word the page shows comes from the server's one catalogue (GET /api/i18n, the JSON files of
// src/sevens/locale): the page's own words are the "web." keys (locale/web.json), game events and refusals
// are game.json's. The language follows the browser until the player picks one.

const KEY = "sevens.lang";
let strings = {};

/** Fetch the catalogue once, before anything is drawn. */
export async function loadCatalogue() {
  const response = await fetch("/api/i18n", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /api/i18n: ${response.status}`);
  strings = await response.json();
}

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved === "ja" || saved === "en") return saved;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages[0] : navigator.language;
  return String(wanted || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

let lang = initial();

export const getLang = () => lang;

/** Switch language now; every view listening to "langchange" redraws itself. */
export function setLang(next) {
  lang = next === "ja" ? "ja" : "en";
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  window.dispatchEvent(new CustomEvent("langchange", { detail: lang }));
}

// The page's own key "x" is "web.x" in the catalogue; any other key (game.json's "event.finished") as it is.
const entry = (key) => strings[`web.${key}`] || strings[key];

/** Whether a key exists (agent names, outcomes and refusal keys come from the server). */
export const has = (key) => Boolean(entry(key));

/** Python str.format placeholders ({name}, {{ and }}) filled from params. */
export function format(text, params = {}) {
  return text.replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    return name in params ? String(params[name]) : m;
  });
}

/** The text of key in the current language, with {name} placeholders filled. */
export function t(key, params = {}) {
  // English needs a singular: a key may have a `_one` form, used when the count is 1.
  if (params.n === 1 && has(`${key}_one`)) key = `${key}_one`;
  const found = entry(key);
  return found ? format(found[lang] || found.en, params) : key;
}

/** A server-sent {en, ja} pair in the current language. */
export function pick(pair) {
  if (!pair) return "";
  return pair[lang] || pair.en || "";
}

document.documentElement.lang = lang;

/** Like t, but params may be DOM nodes (a name or code marked translate="no"): returns the pieces to append. */
export function tn(key, params = {}) {
  const marks = {};
  const texts = {};
  for (const [name, value] of Object.entries(params)) {
    if (value instanceof Node) marks[name] = value;
    else texts[name] = value;
  }
  const text = t(key, texts);
  return text.split(/(\{\w+\})/).map((piece) => {
    const m = /^\{(\w+)\}$/.exec(piece);
    return m && m[1] in marks ? marks[m[1]] : piece;
  }).filter((piece) => piece !== "");
}
