"""The other seats of a single-agent environment: an agent or level by name, any ``sevens`` agent object, or any
policy (a callable, or an object with ``act``) that reads the same observation a learner reads.

A policy is called with the observation dict of its seat (``observation`` and ``action_mask``, exactly what the
environment gives a learner in that seat) and returns an action number: a frozen snapshot of a learner plays
against its successor this way (self-play). Named search agents are made with a fixed, seeded sample budget
(:func:`fixed_budget`), so that the same seed plays the same game: their interactive mode stops on a clock.

>>> from sevens.envs.table import Table
>>> table = Table.build("standard", players=4)
>>> first = make_opponent(lambda obs: int(obs["action_mask"].nonzero()[0][0]), table)
>>> table.deal(seed=3)
>>> mover = table.state.to_move
>>> first.reset(mover, 0)
>>> first.act(table.state.view(mover), table.state.legal_actions()) == table.state.legal_actions()[0]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sevens.agents.base import Agent, make_agent
from sevens.envs.encoding import action_number
from sevens.envs.table import Table
from sevens.errors import RulesError

FIXED_ROLLOUTS = 16
"""Samples per decision of a named search agent inside an environment (instead of its time budget)."""

DEFAULT_OPPONENT = "normal"
"""The level every family offers: the opponents of an environment given none."""

Policy = Callable[[dict[str, Any]], Any]
OpponentSpec = str | Agent | Policy


def fixed_budget(agent: Agent) -> Agent:
    """``agent`` made reproducible: a search agent thinking on a clock gets a fixed number of samples instead
    (its generator is seeded by ``reset``), so a seed replays the same game on any machine under any load.
    Agents without a search are deterministic already and are returned as they are."""
    make_deterministic = getattr(agent, "make_deterministic", None)
    if callable(make_deterministic):
        make_deterministic(FIXED_ROLLOUTS)
    return agent


class PolicyOpponent:
    """A policy over observation dicts playing one seat: its view is encoded as a learner's would be."""

    name = "policy"
    needs_view = True

    def __init__(self, policy: Policy, table: Table) -> None:
        self.policy = policy
        self.table = table
        self.seat = 0

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        reset = getattr(self.policy, "reset", None)
        if callable(reset):
            reset(seat, seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        space = self.table.space
        observation = {"observation": self.table.encoder.encode(view), "action_mask": space.mask(legal)}
        choose = getattr(self.policy, "act", self.policy)
        action = space.action(action_number(choose(observation)))
        if action not in legal:
            raise RulesError(f"the opponent policy chose {action}, which is not legal now; legal: {list(legal)}")
        return action


def make_opponent(spec: OpponentSpec, table: Table) -> Agent:
    """One seat's player from an agent or level name, a ``sevens`` agent (``act(view, legal)`` and ``reset``), or a
    policy over observation dicts (a callable, or an object whose ``act`` takes one observation)."""
    if isinstance(spec, str):
        return fixed_budget(make_agent(spec, table.family.name))  # never a research agent (oracle sees every hand)
    if _is_agent(spec):
        return spec  # type: ignore[return-value]
    if callable(spec) or callable(getattr(spec, "act", None)):
        return PolicyOpponent(spec, table)  # type: ignore[arg-type]
    raise RulesError(
        f"opponent {spec!r} is not an agent name, a sevens agent or a policy; give e.g. 'normal', or a function "
        "from an observation dict to an action number"
    )


def _is_agent(spec: object) -> bool:
    """A ``sevens`` agent: ``act(view, legal)``, ``reset(seat, seed)`` and ``needs_view``."""
    return all(hasattr(spec, name) for name in ("act", "reset", "needs_view"))
