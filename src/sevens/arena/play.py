"""Play games between agents and summarise them (``sevens simulate``).

Besides wins and ranks, the summary of a 七並べ family says whether the games look like people's games:
``mean_finishers`` (players who went out per game), ``no_finisher_games`` (games nobody went out of: all but
one were eliminated or joker-stuck, typically because everyone held back), ``mean_eliminations`` (players out
for passing too often, B11) and ``mean_joker_stuck`` (players left with only a joker, B8c) — two separate fields,
so that neither hides the other.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sevens.agents.base import Agent, make_agent
from sevens.errors import RulesError
from sevens.games.base import Family, GameState
from sevens.rng import derive_seed


def play_game(family: Family, rules: Any, seed: int, agents: Sequence[Agent]) -> GameState:
    """One game from ``seed`` with ``agents[seat]`` choosing for each seat; returns the finished state."""
    state = family.new_state(rules, seed)
    for seat, agent in enumerate(agents):
        agent.reset(seat, derive_seed(seed, seat + 1))
    while (mover := state.to_move) is not None:
        agent = agents[mover]
        legal = state.legal_actions()
        state.apply(agent.act(state.view(mover) if agent.needs_view else None, legal))
    return state


@dataclass
class Summary:
    """Totals over a series of games, per seat."""

    preset: str
    players: int
    agents: list[str]
    games: int = 0
    turns: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    rank_sum: list[int] = field(default_factory=list)
    stats: dict[str, list[float]] = field(default_factory=dict)
    finishers: int = 0  # players who went out, summed over games
    no_finisher_games: int = 0
    eliminations: int = 0
    joker_stuck: int = 0
    has_outcomes: bool = False  # the family's results say who went out (the 七並べ families; not Seven Twenty-Seven)

    def add(self, state: GameState, family: Family) -> None:
        result = state.result()
        ranking = result.ranking
        outcomes = getattr(result, "outcomes", None)
        if outcomes is not None:
            self.has_outcomes = True
            finished = sum(outcome == "finished" for outcome in outcomes)
            self.finishers += finished
            self.no_finisher_games += finished == 0
            self.eliminations += sum(outcome == "eliminated" for outcome in outcomes)
            self.joker_stuck += sum(outcome == "joker_stuck" for outcome in outcomes)
        self.games += 1
        self.turns += len(state.actions)
        self.wins[ranking[0]] += 1
        for place, seat in enumerate(ranking, start=1):
            self.rank_sum[seat] += place
        if family.seat_stats is not None:
            for name, values in family.seat_stats(state).items():
                total = self.stats.setdefault(name, [0.0] * self.players)
                for seat, value in enumerate(values):
                    total[seat] += value

    def to_dict(self) -> dict[str, Any]:
        n = max(self.games, 1)
        data: dict[str, Any] = {
            "preset": self.preset,
            "games": self.games,
            "players": self.players,
            "agents": self.agents,
            "wins": self.wins,
            "mean_rank": [round(r / n, 4) for r in self.rank_sum],
            "mean_turns": round(self.turns / n, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
        }
        if self.has_outcomes:  # do the games look like people's games: does anyone go out? (issue 20)
            data["mean_finishers"] = round(self.finishers / n, 4)
            data["no_finisher_games"] = self.no_finisher_games
            data["mean_eliminations"] = round(self.eliminations / n, 4)
            data["mean_joker_stuck"] = round(self.joker_stuck / n, 4)
        for name, totals in self.stats.items():
            data[name] = [round(v / n, 4) for v in totals] if name.startswith("mean_") else [int(v) for v in totals]
        return data


def simulate(family: Family, preset: str, rules: Any, games: int, seed: int, agent_names: Sequence[str]) -> Summary:
    """Play ``games`` games; game ``k`` is dealt from ``derive_seed(seed, k)``. One agent name is used for every
    seat; otherwise give one per seat."""
    n = rules.players
    names = list(agent_names) * n if len(agent_names) == 1 else list(agent_names)
    if len(names) != n:
        raise RulesError(f"{len(agent_names)} agents for {n} players; give one agent for all seats or one per seat")
    if games < 0:
        raise RulesError(f"games={games} is negative; allowed: 0 or more")
    agents = [make_agent(name, family.name) for name in names]
    summary = Summary(preset, n, names, wins=[0] * n, rank_sum=[0] * n)
    start = time.perf_counter()
    for k in range(games):
        summary.add(play_game(family, rules, derive_seed(seed, k), agents), family)
    summary.seconds = time.perf_counter() - start
    return summary
