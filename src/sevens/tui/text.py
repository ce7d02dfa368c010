"""The terminal UI's words in Japanese and English: the ``tui.*`` messages of ``locale/terminal.json``.

:func:`tr` looks ``tui.<key>`` up first, then ``<key>`` in the rest of the catalogue (shared words such as
``seat`` or ``status_eliminated``), so the terminal and the other front-ends never disagree.

>>> tr("pass_button", "ja"), tr("pass_button", "en")
('パス (p)', 'Pass (p)')
>>> tr("status_eliminated", "ja")
'脱落'
"""

from __future__ import annotations

from sevens.i18n import Lang, catalogue, t
from sevens.render.outcome import outcome_text


def tr(key: str, lang: Lang, **params: object) -> str:
    """The UI text ``key`` in ``lang``; keys shared with the rest of the program come from the whole catalogue."""
    own = f"tui.{key}"
    return t(own if own in catalogue() else key, lang, **params)


__all__ = ["outcome_text", "tr"]
