"""User-facing text in Japanese and English, from one catalogue.

The catalogue is the JSON files of :mod:`sevens.locale` (``{"key": {"en": "…", "ja": "…"}}``), one file per
area (``common``, ``game``, ``terminal``, ``web``, …); every front-end, the browser page included (it loads
the same catalogue from the server), looks its words up here. A key is defined in exactly one file. The
language defaults to the locale (``ja`` when ``SEVENS_LANG``/``LC_ALL``/``LC_MESSAGES``/``LANG`` starts with
``ja``, else ``en``).

>>> t("seat", "ja", seat=2), t("seat", "en", seat=2)
('席2', 'seat 2')
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Literal

Lang = Literal["ja", "en"]
LANGS: tuple[Lang, ...] = ("ja", "en")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every message: key -> {"en": text, "ja": text}, merged from the files of :mod:`sevens.locale`."""
    merged: dict[str, dict[str, str]] = {}
    # Read by path like the package's other data (the web page, migrations): importlib.resources would cost the
    # command line's start-up more than reading the catalogue.
    for entry in sorted(LOCALE_DIR.glob("*.json")):
        messages: dict[str, dict[str, str]] = json.loads(entry.read_text(encoding="utf-8"))
        for key, texts in messages.items():
            if key in merged:
                raise RuntimeError(f"message {key!r} is defined twice (again in locale/{entry.name})")
            if set(texts) != set(LANGS):
                raise RuntimeError(f"message {key!r} in locale/{entry.name} needs exactly 'en' and 'ja'")
            merged[key] = texts
    return merged


def default_lang() -> Lang:
    for var in ("SEVENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def parse_lang(text: str | None) -> Lang:
    """A ``--lang`` value checked (``ja`` or ``en``); the locale's language when it is not given."""
    if text is None:
        return default_lang()
    if text not in LANGS:
        from sevens.errors import SevensError

        raise SevensError(f"--lang {text!r} is not supported; allowed: ja, en")
    return "ja" if text == "ja" else "en"


def t(key: str, lang: Lang, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in; an unknown key is returned as it is."""
    texts = catalogue().get(key)
    if texts is None:
        return key
    return texts[lang].format(**params)
