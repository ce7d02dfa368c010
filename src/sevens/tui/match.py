"""Session bookkeeping per kind of game: which round comes next, and what a finished round scores.

The 七並べ families (Shichi-narabe, Killer sevens) score points by place (E2) with :class:`sevens.session.Session`;
Seven Twenty-Seven scores in chips, carries stacks from deal to deal and deals only players who still have
chips (D8), with its own :class:`sevens.games.seven27.Session`. Both are wrapped as a :class:`Match`, whose
rounds are :class:`RoundPlan` values: a freshly dealt state plus the map from its seats to the session's.

>>> from sevens.games.shichinarabe import FAMILY
>>> from sevens.session.session import Seat
>>> match = make_match(FAMILY, "standard", FAMILY.presets["standard"], [Seat("A", human=True)] + [Seat("b")] * 3,
...                    seed=5, rounds=2)
>>> plan = match.next_plan()
>>> plan.number, plan.dealer, plan.seats
(0, 3, (0, 1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sevens.games.base import Family, GameState
from sevens.rng import derive_seed
from sevens.session.session import Seat, Session
from sevens.session.stars import stars_for_round

ABSENT = "absent"  # the outcome of a session seat that was not dealt into a round (7-27: no chips left)


@dataclass(frozen=True)
class RoundPlan:
    """A round about to be played: its number (0, 1, …), seed, dealer (a seat of the deal), the session seat
    of each deal seat, the deal's rules, the record fields the family's replay needs, and the dealt state."""

    number: int
    seed: int
    dealer: int
    seats: tuple[int, ...]
    rules: Any
    extra: dict[str, Any]
    state: GameState = field(compare=False)


@dataclass(frozen=True)
class RoundResult:
    """A finished round in session seats: ranking (best first; seats not dealt in last), each seat's outcome,
    points (chips won for Seven Twenty-Seven) and stars (0 for computer seats)."""

    number: int
    ranking: tuple[int, ...]
    outcomes: tuple[str, ...]
    points: tuple[int, ...]
    stars: tuple[int, ...]


class Match(Protocol):
    """A session's sequence of rounds."""

    def next_plan(self) -> RoundPlan:
        """Deal the next round."""
        ...

    def record(self, plan: RoundPlan, finished: GameState) -> RoundResult:
        """Score a finished round and move the session on (dealer, stacks)."""
        ...

    def is_over(self) -> bool:
        """No more rounds."""
        ...

    @property
    def rounds_total(self) -> int | None:
        """How many rounds the session has, if known."""
        ...


class PointsMatch:
    """Shichi-narabe and Killer sevens: ``rounds`` rounds (default: one deal per seat), points by place."""

    def __init__(self, family: Family, preset: str, rules: Any, seats: Sequence[Seat], seed: int, rounds: int | None):
        self.session = Session(family, preset, rules, list(seats), seed)
        self._rounds = rounds if rounds is not None else len(seats)

    @property
    def rounds_total(self) -> int | None:
        return self._rounds

    def next_plan(self) -> RoundPlan:
        number = len(self.session.rounds)
        state = self.session.new_round()
        everyone = tuple(range(self.session.players))
        return RoundPlan(
            number, self.session.seed_for(number), self.session.dealer_for(number), everyone, self.session.rules, {},
            state,
        )  # fmt: skip

    def record(self, plan: RoundPlan, finished: GameState) -> RoundResult:
        score = self.session.record_round(finished)
        return RoundResult(score.number, score.ranking, score.outcomes, score.points, score.stars)

    def is_over(self) -> bool:
        return len(self.session.rounds) >= self._rounds


class ChipsMatch:
    """Seven Twenty-Seven: deals until ``rules.deals`` (or ``rounds``) are played, one player holds every chip,
    or the human player has none left."""

    def __init__(self, rules: Any, seats: Sequence[Seat], seed: int, rounds: int | None):
        from sevens.games.seven27 import Session as ChipSession

        self.session = ChipSession(rules, seed)
        self.humans = tuple(s for s, seat in enumerate(seats) if seat.human)
        self._rounds = rounds if rounds is not None else rules.deals
        self._deals: dict[int, Any] = {}

    @property
    def rounds_total(self) -> int | None:
        return self._rounds

    def next_plan(self) -> RoundPlan:
        deal = self.session.next_deal()
        self._deals[deal.index] = deal
        state = deal.state
        extra = {
            "starting_stacks": [state.start_stack(s) for s in range(state.players)],
            "session_seats": list(deal.seats),
        }
        seed = derive_seed(self.session.seed, deal.index)  # what the session dealt from (state.seed)
        return RoundPlan(deal.index, seed, state.dealer, deal.seats, state.rules, extra, state)

    def record(self, plan: RoundPlan, finished: GameState) -> RoundResult:
        from sevens.games.seven27.session import Deal

        dealt = self._deals.pop(plan.number)
        summary = self.session.record(Deal(finished, dealt.seats, dealt.index))  # type: ignore[arg-type]
        n = len(self.session.stacks)
        ranking = tuple(plan.seats[s] for s in summary.result.ranking)
        ranking += tuple(s for s in range(n) if s not in ranking)
        outcomes = tuple(
            ABSENT if s not in plan.seats else "broke" if self.session.stacks[s] == 0 else "finished" for s in range(n)
        )
        stars = stars_for_round(ranking, outcomes)
        return RoundResult(
            plan.number,
            ranking,
            outcomes,
            tuple(summary.chip_delta),
            tuple(stars[s] if s in self.humans and s in plan.seats else 0 for s in range(n)),
        )

    def is_over(self) -> bool:
        human_broke = any(self.session.stacks[s] == 0 for s in self.humans)
        played_out = self._rounds is not None and self.session.deals_played >= self._rounds
        return self.session.is_over() or human_broke or played_out


def make_match(family: Family, preset: str, rules: Any, seats: Sequence[Seat], seed: int, rounds: int | None) -> Match:
    """The bookkeeping that fits ``family``: chips for Seven Twenty-Seven, points for the others."""
    if family.name == "seven27":
        return ChipsMatch(rules, seats, seed, rounds)
    return PointsMatch(family, preset, rules, seats, seed, rounds)


__all__ = ["ABSENT", "ChipsMatch", "Match", "PointsMatch", "RoundPlan", "RoundResult", "make_match"]
