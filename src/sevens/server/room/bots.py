"""Computer players in rooms: which agents a family offers, and deterministic choices.

A bot's choice depends only on what its seat may see, the round's seed, its seat and the move number: the
agent is re-seeded before each decision, and a searching agent thinks in samples, not seconds
(:meth:`~sevens.agents.common.montecarlo.BudgetedAgent.make_deterministic`). So a game resumed after a restart
goes on exactly as it would have, and a node loaded by other rooms fields computer players exactly as strong as
an idle one, only slower, up to :data:`PATIENCE` times their thinking time; beyond that a person's wait wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sevens.agents import Agent, agent_names, make_agent
from sevens.errors import RulesError
from sevens.rng import derive_seed

FALLBACK_AGENT = "random"

PATIENCE = 10.0
"""How long a computer player may take on a busy node, in multiples of its thinking time on an idle core (3 s
for ``expert``): a node that slow cuts the search short rather than keep the table waiting."""


def offered_agents(family: str) -> list[str]:
    """Agent names a room of ``family`` may seat."""
    return agent_names(family)


def check_agent(family: str, name: str) -> str:
    """``name`` if ``family`` offers it, else :class:`RulesError` listing the allowed ones."""
    allowed = offered_agents(family)
    if name not in allowed:
        raise RulesError(f"unknown agent {name!r} for {family}; allowed: {', '.join(allowed)}")
    return name


def agent_or_fallback(family: str, name: str) -> str:
    """``name`` where ``family`` offers it, else :data:`FALLBACK_AGENT` (every family has it)."""
    return name if name in offered_agents(family) else FALLBACK_AGENT


@dataclass(frozen=True)
class Decision:
    """What a bot needs to choose one move, taken from the state under the room's lock."""

    agent: Agent
    seat: int
    seed: int
    view: Any
    legal: Sequence[Any]


def prepare(agent: Agent, state: Any, seat: int, round_seed: int) -> Decision:
    """Gather the seat's view and legal actions (never the state itself) for a decision."""
    view = state.view(seat) if agent.needs_view else None
    legal = list(view.legal_actions) if view is not None else list(state.legal_actions())
    seed = derive_seed(round_seed, 1 + seat + 64 * len(state.actions))
    return Decision(agent, seat, seed, view, legal)


def decide(decision: Decision) -> Any:
    """The bot's action (may run in a worker thread: it touches only the decision)."""
    decision.agent.reset(decision.seat, decision.seed)
    return decision.agent.act(decision.view, decision.legal)


def new_agent(family: str, name: str) -> Agent:
    """A fresh agent (falls back to :data:`FALLBACK_AGENT` for a name this family does not offer)."""
    try:
        agent = make_agent(name, family)
    except RulesError:
        agent = make_agent(FALLBACK_AGENT, family)
    think_in_samples = getattr(agent, "make_deterministic", None)
    if think_in_samples is not None:
        think_in_samples(patience=PATIENCE)
    return agent


__all__ = ["FALLBACK_AGENT", "Decision", "agent_or_fallback", "check_agent", "decide", "new_agent", "offered_agents",
           "prepare"]  # fmt: skip
