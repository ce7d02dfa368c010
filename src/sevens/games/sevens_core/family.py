"""The registry entry of a sevens family, built from its ``State`` class (see :class:`~sevens.games.base.Family`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sevens.games.base import Family, FamilyOutline
from sevens.games.records import RecordWriter, Replayer
from sevens.games.sevens_core.state import SevensState


def sevens_family(
    outline: FamilyOutline,
    state: type[SevensState],
    parse_action: Callable[[str], Any],
    records: tuple[RecordWriter, Replayer[Any]],
    plays: int,
    seat_stats: Callable[[Any], dict[str, list[int]]] | None = None,
) -> Family:
    """The family ``outline`` describes, whose rounds are ``state``; ``plays`` bounds the card actions of a round
    (each puts a card on the table for good)."""

    def max_steps(rules: Any) -> int:
        """Passes are bounded by the limit, or without one by a stalemate after one cycle between two plays."""
        per_seat = rules.pass_limit if rules.pass_limit is not None else plays + 1
        return int(plays + per_seat * rules.players + rules.players)

    return Family.of(
        outline,
        new_state=state.new,
        parse_action=parse_action,
        parse_position=state.parse_position,
        to_record=records[0],
        replay=records[1],
        max_steps=max_steps,
        seat_stats=seat_stats,
    )
