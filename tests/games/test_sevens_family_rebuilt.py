"""The two sevens families' registry entries built again by ``sevens_family`` (issue 43 item 3): each family is
built once, at import, so its record writer, replayer and step bound are closures no later change to the builder
reaches, and a mutation test could never run one. Built again from the same parts, they must write the same
records, replay them to the same positions, refuse the same tampered record and bound the same rounds."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from sevens.cards import DECK_SIZE, SEVENS_MASK
from sevens.errors import RecordError
from sevens.games.killer import family as killer_family
from sevens.games.killer.actions import parse_action as killer_action
from sevens.games.killer.rules import Rules as KillerRules
from sevens.games.killer.state import State as KillerState
from sevens.games.sevens_core.family import sevens_family
from sevens.games.shichinarabe import family as shichinarabe_family
from sevens.games.shichinarabe.actions import parse_action as sevens_action
from sevens.games.shichinarabe.rules import Rules as SevensRules
from sevens.games.shichinarabe.state import State as SevensState


class Case(NamedTuple):
    registered: Any  # the family's module: FAMILY, to_record, replay as made at import
    state_class: Any
    plays: int
    rebuilt: tuple[Any, Any, Any]  # (family, to_record, replay) from sevens_family again
    rules: list[Any]  # with a pass limit, then without


def case(registered: Any, state_class: Any, parse_action: Any, plays: int, rules: list[Any], **extra: Any) -> Case:
    return Case(registered, state_class, plays, sevens_family(registered.OUTLINE, state_class, parse_action,
                                                              plays=plays, **extra), rules)  # fmt: skip


CASES = {
    "shichinarabe": case(shichinarabe_family, SevensState, sevens_action, DECK_SIZE,
                         [SevensRules.preset("standard"), SevensRules.preset("joker", players=5, pass_limit=None)]),
    "killer": case(killer_family, KillerState, killer_action, DECK_SIZE - SEVENS_MASK.bit_count(),
                   [KillerRules.preset("killer"), KillerRules.preset("killer", players=5, pass_limit=None)],
                   seat_stats=killer_family.seat_stats),
}  # fmt: skip


def played(state_class: Any, rules: Any, seed: int) -> Any:
    """A round dealt from ``seed`` and played to its end by random legal actions (seeded)."""
    state, choose = state_class.new(rules, seed=seed, dealer=seed % rules.players), random.Random(seed)
    while not state.is_over():
        state.apply(choose.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_rebuilt_family_writes_replays_and_refuses_records_as_the_registered_one(game: str) -> None:
    registered, state_class, _, (family, to_record, replay), all_rules = CASES[game]
    refused = 0
    assert family.name == registered.FAMILY.name == game
    assert family.presets == registered.FAMILY.presets
    assert family.seat_stats is registered.FAMILY.seat_stats
    for rules in all_rules:
        assert family.max_steps(rules) == registered.FAMILY.max_steps(rules)
        for seed in range(3):
            state = played(state_class, rules, seed)
            record = to_record(state)
            assert record == registered.to_record(state)
            named = [f"p{n}" for n in range(rules.players)]
            assert to_record(state, named) == registered.to_record(state, named)
            assert record["result"] == state.result().to_dict() and record["seed"] == seed
            assert record["actions"] == [str(a) for a in state.actions]
            assert replay(record).position() == state.position()
            half = len(record["actions"]) // 2
            assert replay(record, half).position() == registered.replay(record, half).position()
            assert family.replay(record).position() == state.position()
            tampered = {**record, "result": played(state_class, rules, seed + 100).result().to_dict()}
            if tampered["result"] != record["result"]:
                with pytest.raises(RecordError):
                    replay(tampered)
                refused += 1
            unfinished = to_record(registered.replay(record, half))
            assert unfinished["result"] is None
            assert replay(unfinished).position() == registered.replay(record, half).position()
    assert refused, "no tampered record was tried"


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_step_bound_covers_every_round_and_follows_the_pass_limit(game: str) -> None:
    _, state_class, plays, (family, _, _), all_rules = CASES[game]
    for rules in all_rules:
        bound = family.max_steps(rules)
        assert all(len(played(state_class, rules, seed).actions) <= bound for seed in range(5))
    limited, unlimited = all_rules
    assert family.max_steps(limited) == plays + limited.pass_limit * limited.players + limited.players
    assert family.max_steps(unlimited) == plays + (plays + 1) * unlimited.players + unlimited.players
