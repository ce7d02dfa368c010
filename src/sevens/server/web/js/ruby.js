// Readings for kids: a text may mark kanji with their reading as ｜漢字《かんじ》 (the notation Japanese e-books
// use); it is drawn as <ruby> furigana. Text without marks comes out as it is.
import { h } from "./dom.js";

const MARK = /｜([^｜《》]+)《([^》]+)》/g;

/** ``text`` as nodes, each marked word a <ruby> with its reading above. */
export function withReadings(text) {
  const out = [];
  let at = 0;
  for (const match of text.matchAll(MARK)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    out.push(h("ruby", {}, match[1], h("rp", {}, "("), h("rt", {}, match[2]), h("rp", {}, ")")));
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
