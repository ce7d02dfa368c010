"""The registry entry of a sevens family and its records, built from its ``State`` class (see
:class:`~sevens.games.base.Family`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sevens.games.base import Family, FamilyOutline
from sevens.games.records import RecordWriter, Replayer, check_result, header, replay_actions, seat_names
from sevens.games.sevens_core.state import SevensState

S = TypeVar("S", bound=SevensState)


def sevens_family(
    outline: FamilyOutline,
    state_class: type[S],
    parse_action: Callable[[str], Any],
    plays: int,
    seat_stats: Callable[[Any], dict[str, list[int]]] | None = None,
) -> tuple[Family, RecordWriter, Replayer[S]]:
    """The family ``outline`` describes, whose rounds are ``state_class``, with its ``to_record`` and ``replay``
    (its records store no more than rules, seed, dealer, seats, actions and result); ``plays`` bounds the card
    actions of a round (each puts a card on the table for good)."""
    game = outline.name

    def to_record(state: Any, seats: list[str] | None = None) -> dict[str, Any]:
        """The record of a round dealt by ``State.new`` (a position read from text has no seed); the order of
        the fields is the order of the JSON text."""
        names = seat_names(state, seats)
        return {
            **header(game),
            "rules": state.rules.to_dict(),
            "seed": state.seed,
            "dealer": state.dealer,
            "seats": names,
            "actions": [str(a) for a in state.actions],
            "result": state.result().to_dict() if state.is_over() else None,
        }

    def deal(record: dict[str, Any]) -> S:
        rules = state_class._RULES.from_dict(record["rules"])
        return state_class.new(rules, seed=record["seed"], dealer=record.get("dealer"))

    def replay(record: dict[str, Any], upto: int | None = None) -> S:
        """Rebuild the state of a record (after ``upto`` actions, or all). A record whose stored result differs
        from the replayed one raises :class:`RecordError`."""
        state = replay_actions(record, game, deal, parse_action, upto)
        check_result(record, state, upto)
        return state

    def max_steps(rules: Any) -> int:
        """Passes are bounded by the limit, or without one by a stalemate after one cycle between two plays."""
        per_seat = rules.pass_limit if rules.pass_limit is not None else plays + 1
        return int(plays + per_seat * rules.players + rules.players)

    family = Family.of(
        outline,
        new_state=state_class.new,
        parse_action=parse_action,
        parse_position=state_class.parse_position,
        to_record=to_record,
        replay=replay,
        max_steps=max_steps,
        seat_stats=seat_stats,
    )
    return family, to_record, replay
