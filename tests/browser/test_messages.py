"""Every message the page can show, drawn by the page's own code in Japanese and in English: the page's words
(``web.*``), every move-log event of the three games, every refusal (with the legal moves) and the computer
players' levels. None may carry words of the other language (card names aside)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .language import CARD_NAME, JAPANESE, LATIN_WORD

SHOWN_BY_THE_PAGE = ("web.", "log.", "event.", "s27.", "refusal.", "level.")
# shown in the other language on purpose: the button that switches to it
OTHER_LANGUAGE_ON_PURPOSE = {"web.switch_lang"}

_DRAW_EVERY_MESSAGE = """async ([lang, name]) => {
  const i18n = await import("/static/js/i18n.js");
  const wording = await import("/static/js/wording.js");
  await i18n.loadCatalogue();
  i18n.setLang(lang);
  const names = () => name;
  const sample = (param) => {
    if (param.endsWith("seat")) return 1;
    if (param === "card") return "8h";
    if (param === "cards") return "8h 9h Ts";
    if (param === "action") return "Jk+Ks";
    if (param === "legal") return ["8h", "pass", "Jk+9d"];
    return 3;
  };
  const catalogue = await (await fetch("/api/i18n")).json();
  const drawn = [];
  for (const [key, texts] of Object.entries(catalogue)) {
    const params = {};
    for (const m of `${texts.en} ${texts.ja}`.matchAll(/\\{(\\w+)\\}/g)) params[m[1]] = sample(m[1]);
    // the page's words get cards and seats as the page passes them: drawn (♥8) and named
    if (key.startsWith("web.")) drawn.push([key, i18n.t(key.slice(4), wording.readableParams(params, names))]);
    else if (key.startsWith("refusal.")) {
      drawn.push([key, wording.explain("illegal", "", key, { ...params, legal: sample("legal") }, names)]);
    }
    else if (key.startsWith("level.")) drawn.push([key, wording.agentLevel(key.slice(6))]);
    else drawn.push([key, wording.entryText({ seat: 1, key, params }, names)]);
  }
  return drawn;
}"""


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_message_and_event_reads_in_one_language(page: Page, lang: str) -> None:
    page.goto("/")
    expect(page.get_by_test_id("lang")).not_to_be_empty()  # the page has loaded its catalogue
    name = "あいこ" if lang == "ja" else "Aiko"
    drawn = page.evaluate(_DRAW_EVERY_MESSAGE, [lang, name])
    keys = {key for key, _ in drawn}
    assert {"log.play", "event.timeout_pass", "s27.take_up", "refusal.not_next_to_open_end", "web.bot_name"} <= keys
    foreign = LATIN_WORD if lang == "ja" else JAPANESE
    bad = []
    for key, text in drawn:
        if not key.startswith(SHOWN_BY_THE_PAGE) or key in OTHER_LANGUAGE_ON_PURPOSE:
            continue
        assert "{" not in text, f"{key}: a placeholder was left unfilled: {text!r}"
        if foreign.search(CARD_NAME.sub("", text.replace(name, ""))):
            bad.append(f"{key}: {text!r}")
    assert not bad, f"{len(bad)} {lang} messages carry the other language:\n" + "\n".join(bad)
