"""Test helpers shared by every family's agent tests: playing agents through a game, walking random games,
the object graph a view or an agent can reach (to prove it holds no state), and the check that a search
agent's choice does not depend on where the hidden cards really are."""

from __future__ import annotations

import gc
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, Self, TypeVar

from sevens.agents.base import Agent


class Playable(Protocol):
    """The part of a family's ``State`` the helpers use."""

    @property
    def to_move(self) -> int | None: ...

    @property
    def players(self) -> int: ...

    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def view(self, seat: int) -> Any: ...

    def clone(self) -> Self: ...

    def position(self) -> str: ...


StateT = TypeVar("StateT", bound=Playable)


def play_out(state: StateT, agents: Sequence[Agent], seed: int) -> StateT:
    """Play ``state`` to its end with ``agents`` (reset with seeds ``seed + seat``), checking that every
    action they return is legal."""
    for seat, agent in enumerate(agents):
        agent.reset(seat, seed + seat)
    while (mover := state.to_move) is not None:
        legal = state.legal_actions()
        agent = agents[mover]
        action = agent.act(state.view(mover) if agent.needs_view else None, legal)
        assert action in legal, f"{agent.name} chose {action} not in {legal} at {state.position()}"
        state.apply(action)
    return state


def random_walk(state: StateT, seed: int, every: int = 3) -> Iterator[StateT]:
    """States met along one game of uniform random play from ``state`` (every ``every`` moves), each a clone
    the caller may keep."""
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1


def object_graph(root: Any) -> list[Any]:
    """Every object reachable from ``root`` (slots included), classes excepted."""
    seen: dict[int, Any] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
        slots = getattr(type(obj), "__slots__", ())
        todo.extend(getattr(obj, name) for name in slots if hasattr(obj, name))
    return list(seen.values())


AGENT_NAMES = ("random", "greedy", "heuristic", "search")
"""The agents every 七並べ family offers, rotated through the seats by the legality tests."""


def rotation(first: int) -> list[str]:
    """:data:`AGENT_NAMES`, starting with the ``first``-th."""
    return [AGENT_NAMES[(first + k) % len(AGENT_NAMES)] for k in range(len(AGENT_NAMES))]


def mover_view(state: Playable) -> tuple[int, Any]:
    """The seat to move in ``state`` and its view."""
    seat = state.to_move
    assert seat is not None
    return seat, state.view(seat)


def choice_in(agent: Agent, state: Playable) -> str:
    """What ``agent`` plays, as text, in ``state`` (the seat to move), checked legal."""
    seat, view = mover_view(state)
    agent.reset(seat, 1)
    action = agent.act(view, state.legal_actions())
    assert action in state.legal_actions()
    return str(action)


def absences_proved(positions: Iterable[Playable], fresh: Callable[[Any], Any]) -> int:
    """Cards the public log proves absent from some hand, summed over the mover's views at ``positions``."""
    total = 0
    for state in positions:
        view = state.view(state.to_move or 0)
        total += sum(c.bit_count() for c in fresh(view).update(view).excluded)
    return total


def walks(walk: Callable[[Any, int, int], Iterator[StateT]], rules: Any, seeds: range, every: int) -> Iterator[StateT]:
    """The positions of ``walk(rules, seed, every)`` (a family's ``random_positions``) for every seed in turn."""
    return itertools.chain.from_iterable(walk(rules, seed, every) for seed in seeds)


def view_graphs(positions: Iterable[StateT], state_type: type) -> Iterator[tuple[StateT, int, list[Any]]]:
    """``(state, seat, graph)``: what every seat's view at each of ``positions`` reaches, checked free of states."""
    for state in positions:
        for seat in range(state.players):
            graph = object_graph(state.view(seat))
            assert not any(isinstance(obj, state_type) for obj in graph)
            yield state, seat, graph


def sampled(
    positions: Iterable[StateT], fresh: Callable[[Any], Any], sampler: Callable[[Any, Any], Any]
) -> Iterator[tuple[StateT, int, Any, Any, Any]]:
    """``(state, seat, view, knowledge, sampler)`` for the mover at each of ``positions``."""
    for state in positions:
        seat, view = mover_view(state)
        knowledge = fresh(view).update(view)
        yield state, seat, view, knowledge, sampler(view, knowledge)


def redealer(
    fresh: Callable[[Any], Any], sampler: Callable[[Any, Any], Any], build: Callable[[Any, Any, Any], StateT]
) -> Callable[[Any, random.Random], StateT]:
    """``redeal(view, rng)``: a state that looks like ``view`` from its seat, the hidden cards sampled anew."""

    def redeal(view: Any, rng: random.Random) -> StateT:
        knowledge = fresh(view).update(view)
        return build(view, knowledge, sampler(view, knowledge).sample(rng))

    return redeal


def choices_in(worlds: Iterable[Any], seat: int, make_agent: Callable[[], Agent]) -> list[Any]:
    """What a fresh agent (same seed) chooses for ``seat`` in each of ``worlds``."""
    choices = []
    for world in worlds:
        agent = make_agent()
        agent.reset(seat, 99)
        choices.append(agent.act(world.view(seat), world.legal_actions()))
    return choices


def search_ignores_hidden_cards(
    positions: Iterable[StateT],
    parse: Callable[[str], StateT],
    redeal: Callable[[Any, random.Random], StateT],
    make_agent: Callable[[], Agent],
    seed: int = 2,
) -> int:
    """For each position with a choice, check that an agent chooses the same in two states that look the
    same from the mover's seat but deal the hidden cards differently: the position itself (reparsed, with an
    empty log as a sample has) and ``redeal(view, rng)``. Returns how many positions were checked."""
    checked, rng = 0, random.Random(seed)
    for state in positions:
        seat = state.to_move
        assert seat is not None
        real = parse(state.position())
        view = real.view(seat)
        if len(view.legal_actions) < 2:
            continue
        other = redeal(view, rng)
        assert other.view(seat) == view
        choices = choices_in((real, other), seat, make_agent)
        assert choices[0] == choices[1]
        checked += 1
    return checked
