"""What a page shows, checked for one language: every visible text and every label a screen reader reads
(``aria-label``, ``title``, ``placeholder``), minus what is no language at all: card names (♥8, ♠10, the rank
letters of empty board slots), SVG drawings, and whatever the page marks ``translate="no"`` (the room code, the
language switch's own name)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from playwright.sync_api import Page

# the texts, each with where it was found; run in the page
_COLLECT = """() => {
  const found = [];
  const skipped = (el) => !el || el.closest('svg, [translate="no"], script, style, noscript, [hidden]');
  const shown = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (skipped(el) || !shown(el) || !node.textContent.trim()) continue;
    found.push([node.textContent.trim(), el.tagName.toLowerCase() + (el.className ? "." + el.className : "")]);
  }
  for (const select of document.body.querySelectorAll("select")) {  // what a closed list shows
    const chosen = select.selectedOptions[0];
    if (chosen && !skipped(select) && shown(select)) found.push([chosen.text, "select"]);
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (skipped(el)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      const value = el.getAttribute(name);
      if (value && value.trim()) found.push([value.trim(), `${el.tagName.toLowerCase()}[${name}]`]);
    }
  }
  return found;
}"""

# ♥8, ♠10, and rank letters standing alone ("スペードのA", "AからK", "AKつなぎ"): card names are no language
CARD_NAME = re.compile(r"[♠♥♦♣](?:10|[2-9AJQK])|(?<![A-Za-z])[AJQK]{1,3}(?![A-Za-z])")
LATIN_WORD = re.compile(r"[A-Za-z]+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]+")


def foreign_texts(page: Page, lang: str, names: Sequence[str] = ()) -> list[str]:
    """The texts of ``page`` holding words of the other language (empty when the page speaks only ``lang``).
    ``names``: people's names, in whatever script they chose."""
    foreign = LATIN_WORD if lang == "ja" else JAPANESE
    bad = []
    for text, where in page.evaluate(_COLLECT):
        for name in names:
            text = text.replace(name, "")
        if foreign.search(CARD_NAME.sub("", text)):
            bad.append(f"{where}: {text!r}")
    return bad


def assert_speaks(page: Page, lang: str, names: Sequence[str] = ()) -> None:
    bad = foreign_texts(page, lang, names)
    assert not bad, f"the {lang} page shows text in another language:\n" + "\n".join(bad[:20])
