"""The registry entry of a sevens family and its records, built from its ``State`` class (see
:class:`~sevens.games.base.Family`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sevens.games.base import Family, FamilyOutline
from sevens.games.records import RecordWriter, Replayer, round_codec
from sevens.games.sevens_core.state import SevensState

S = TypeVar("S", bound=SevensState)


def sevens_family(
    outline: FamilyOutline,
    state: type[S],
    parse_action: Callable[[str], Any],
    plays: int,
    seat_stats: Callable[[Any], dict[str, list[int]]] | None = None,
) -> tuple[Family, RecordWriter, Replayer[S]]:
    """The family ``outline`` describes, whose rounds are ``state``, with its ``to_record`` and ``replay``;
    ``plays`` bounds the card actions of a round (each puts a card on the table for good)."""
    to_record, replay = round_codec(outline.name, state.new, state._RULES.from_dict, parse_action)

    def max_steps(rules: Any) -> int:
        """Passes are bounded by the limit, or without one by a stalemate after one cycle between two plays."""
        per_seat = rules.pass_limit if rules.pass_limit is not None else plays + 1
        return int(plays + per_seat * rules.players + rules.players)

    family = Family.of(
        outline,
        new_state=state.new,
        parse_action=parse_action,
        parse_position=state.parse_position,
        to_record=to_record,
        replay=replay,
        max_steps=max_steps,
        seat_stats=seat_stats,
    )
    return family, to_record, replay
