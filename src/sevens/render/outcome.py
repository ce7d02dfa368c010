"""A round's outcome for a seat in words, as every terminal command says it (``sevens play``'s end of round,
``sevens watch`` and ``sevens replay``'s ranking), in the words of ``locale/terminal.json``."""

from __future__ import annotations

from sevens.i18n import Lang, catalogue, t


def outcome_text(outcome: str, lang: Lang, place: int) -> str:
    """A round outcome (``finished``, ``eliminated``, ``left`` …) in words, for the seat ranked ``place`` (from
    1) in the round. A seat left holding cards is the ビリ (last), unless every other seat was eliminated before
    it: then it ranks first and outlasted everyone (RULES.md E2), as the web page says too.

    >>> outcome_text("left", "ja", 4), outcome_text("left", "ja", 1), outcome_text("left", "en", 1)
    ('ビリ', '最後まで残った', 'outlasted everyone')
    """
    if outcome == "left" and place == 1:
        outcome = "survivor"
    for key in (f"tui.outcome_{outcome}", f"status_{outcome}"):
        if key in catalogue():
            return t(key, lang)
    return outcome


__all__ = ["outcome_text"]
