"""User-facing text in Japanese and English. Front-ends call :func:`t` with a key; the language defaults to
the locale (``ja`` when ``LANG``/``LC_ALL``/``LC_MESSAGES`` starts with ``ja``, else ``en``).

>>> t("seat", "ja", seat=2), t("seat", "en", seat=2)
('席2', 'seat 2')
"""

from __future__ import annotations

import os
from typing import Literal

Lang = Literal["ja", "en"]
LANGS: tuple[Lang, ...] = ("ja", "en")

# key -> (English, Japanese)
MESSAGES: dict[str, tuple[str, str]] = {
    "seat": ("seat {seat}", "席{seat}"),
    "to_move": ("to move: seat {seat}", "手番: 席{seat}"),
    "round_over": ("round over", "ゲーム終了"),
    "cards": ("cards", "手札"),
    "passes": ("passes", "パス"),
    "status": ("status", "状態"),
    "rank": ("rank", "順位"),
    "ranking": ("Ranking", "順位"),
    "status_in": ("in", "参加中"),
    "status_finished": ("finished", "上がり"),
    "status_eliminated": ("eliminated", "脱落"),
    "status_joker_stuck": ("joker-stuck", "ジョーカー残り"),
    "status_left": ("left holding cards", "最後まで残った"),
    "status_stalemate": ("stalemate", "手詰まり"),
    "moves": ("moves", "手順"),
    "unlimited": ("unlimited", "無制限"),
    "table": ("Table", "場"),
    "jokers_removed": ("jokers out of play", "除外されたジョーカー"),
    "preset": ("preset", "プリセット"),
    "parameter": ("parameter", "パラメータ"),
    "value": ("value", "値"),
    "summary": ("summary", "説明"),
    "presets_title": ("Presets", "プリセット一覧"),
    "family": ("game", "ゲーム"),
    "replay_ok": ("the replay reproduces the recorded result", "記録どおりの結果を再現しました"),
    "error": ("error", "エラー"),
}


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
    pair = MESSAGES.get(key)
    if pair is None:
        return key
    return (pair[1] if lang == "ja" else pair[0]).format(**params)
