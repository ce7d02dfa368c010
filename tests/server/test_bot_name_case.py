"""Names ending in " bot" are kept for computer players (server/members.bot_name), whatever their case: a human
cannot pass as a bot by writing "Bot" or "BOT". A name that only ends in the letters b-o-t is a human name."""

from __future__ import annotations

import pytest

from sevens.server.errors import ServerError
from sevens.server.room.members import bot_name
from sevens.server.security import clean_name


@pytest.mark.parametrize(
    "name", ["Alice bot", "Alice Bot", "Alice BOT", "Alice bOt", "ｒａｎｄｏｍ bot", "  strong Bot  "]
)
def test_a_name_ending_in_bot_is_refused_in_any_case(name: str) -> None:
    with pytest.raises(ServerError, match="names ending in ' bot' are kept for computer players") as refused:
        clean_name(name, 40)
    assert refused.value.code == "bad_name"


@pytest.mark.parametrize("name", ["Abbot", "Robot", "Talbot", "bot", "Bot Alice", "Alice-bot"])
def test_a_name_that_only_ends_in_the_letters_is_a_human_name(name: str) -> None:
    assert clean_name(name, 40) == name


def test_every_computer_players_name_is_one_a_human_cannot_take() -> None:
    for agent in ("random", "greedy", "normal", "strong"):
        with pytest.raises(ServerError):
            clean_name(bot_name(agent).upper(), 40)
