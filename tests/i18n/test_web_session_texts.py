"""The English end of a Seven Twenty-Seven session that stops early says what the Japanese says: every PERSON is
out of chips (the computers may still have some), not every player (issue 40 item 6)."""

from __future__ import annotations

from sevens.i18n import catalogue


def test_the_early_end_names_the_people_not_every_player() -> None:
    text = catalogue()["web.ended_early"]
    assert "人のプレイヤー" in text["ja"]
    assert "Every player" not in text["en"] and "in person" in text["en"], text["en"]
