"""A session's rounds as the front-ends play them: which round comes next, and what a finished round scores, in
*players* (the session's seats, fixed for the whole session).

The 七並べ families (Shichi-narabe, Killer sevens) score points by place (E2) through :class:`Session`; Seven
Twenty-Seven scores in chips, carries stacks from deal to deal and deals only players who still have chips (D8),
through :class:`sevens.games.seven27.Session`. Both are wrapped as a :class:`Match`, whose rounds are
:class:`RoundPlan` values: a freshly dealt state plus the player of each of its seats. After a ghost swap (B13)
the points and stars of a seat go to the player sitting in it at the end.

The server and the terminal UI differ only in policy, which they pass to :func:`make_match`: how many rounds a
points session has by default, and whether a chips session ends once its human players are broke.

>>> from sevens.games.shichinarabe import FAMILY
>>> from sevens.session.session import Seat
>>> match = make_match(FAMILY, "standard", FAMILY.presets["standard"], [Seat("A", human=True)] + [Seat("b")] * 3,
...                    seed=5, rounds=2, default_rounds=1)
>>> plan = match.next_plan()
>>> plan.number, plan.dealer, plan.seats
(0, 3, (0, 1, 2, 3))
>>> while not plan.state.is_over():
...     plan.state.apply(plan.state.legal_actions()[0])
>>> result = match.record(plan, plan.state)
>>> result.ranking, result.points, result.stars, match.is_over()
((0, 2, 1, 3), (10, -10, 5, -5), (3, 0, 0, 0), False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sevens.games.base import Family, GameState
from sevens.rng import derive_seed
from sevens.session.scoring import DEFAULT_TABLE, PointsTable, round_outcomes, round_points
from sevens.session.seats import player_at
from sevens.session.session import Seat, Session
from sevens.session.stars import stars_for_round

ABSENT = "absent"  # the outcome of a player not dealt into a round (7-27: no chips left)


@dataclass(frozen=True)
class RoundPlan:
    """A round about to be played: its number (0, 1, … in the session), seed, dealer (a deal seat), the player
    of each deal seat, the deal's rules, extra record fields the family's replay needs, and the dealt state."""

    number: int
    seed: int
    dealer: int
    seats: tuple[int, ...]
    rules: Any
    extra: dict[str, Any]
    state: GameState = field(compare=False)


@dataclass(frozen=True)
class RoundResult:
    """A finished round in players: ranking (best first; players not dealt in last), each player's outcome,
    points (chips won for Seven Twenty-Seven) and stars (0 for computer players)."""

    number: int
    ranking: tuple[int, ...]
    outcomes: tuple[str, ...]
    points: tuple[int, ...]
    stars: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (players, not seats)."""
        return {
            "number": self.number,
            "ranking": list(self.ranking),
            "outcomes": list(self.outcomes),
            "points": list(self.points),
            "stars": list(self.stars),
        }


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
    """Shichi-narabe and Killer sevens: ``rounds`` rounds, points by place (E2), stars (E3)."""

    def __init__(
        self,
        family: Family,
        preset: str,
        rules: Any,
        seats: Sequence[Seat],
        seed: int,
        rounds: int,
        table: PointsTable = DEFAULT_TABLE,
    ) -> None:
        self.family = family
        self.session = Session(family, preset, rules, list(seats), seed, table)
        self._rounds = rounds
        self._played = 0

    @property
    def rounds_total(self) -> int | None:
        return self._rounds

    def next_plan(self) -> RoundPlan:
        number = self._played
        seed, dealer = self.session.seed_for(number), self.session.dealer_for(number)
        state = self.family.new_state(self.session.rules, seed, dealer)
        everyone = tuple(range(self.session.players))
        return RoundPlan(number, seed, dealer, everyone, self.session.rules, {}, state)

    def record(self, plan: RoundPlan, finished: GameState) -> RoundResult:
        if not finished.is_over():
            raise ValueError("only a finished round can be recorded; this one is still being played")
        result = finished.result().to_dict()
        n = finished.players
        outcomes = round_outcomes(result, n)
        points = round_points(self.family, finished, self.session.table)
        stars = stars_for_round(result["ranking"], outcomes)
        by_seat = [player_at(plan.seats, finished, seat) for seat in range(n)]  # who sits in each seat now
        player_points, player_stars, player_outcomes = [0] * n, [0] * n, [""] * n
        for seat, player in enumerate(by_seat):
            player_points[player] = points[seat]
            player_outcomes[player] = outcomes[seat]
            player_stars[player] = stars[seat] if self.session.seats[player].human else 0
        self._played += 1
        return RoundResult(
            plan.number,
            tuple(by_seat[seat] for seat in result["ranking"]),
            tuple(player_outcomes),
            tuple(player_points),
            tuple(player_stars),
        )

    def is_over(self) -> bool:
        return self._played >= self._rounds


class ChipsMatch:
    """Seven Twenty-Seven: deals until ``rounds`` (default ``rules.deals``) are played or one player holds every
    chip (D8); with ``human_broke_ends``, also once every human player (if any) has no chips left."""

    def __init__(
        self, rules: Any, seats: Sequence[Seat], seed: int, rounds: int | None, *, human_broke_ends: bool = False
    ) -> None:
        from sevens.games.seven27 import Session as ChipSession

        self.session = ChipSession(rules, seed)
        self.humans = frozenset(s for s, seat in enumerate(seats) if seat.human)
        self.human_broke_ends = human_broke_ends
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
        return RoundPlan(deal.index, seed, state.dealer, tuple(deal.seats), state.rules, extra, state)

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
        # nobody left to play for: every human player (if there are any) is out of chips
        broke = [self.session.stacks[s] == 0 for s in self.humans]
        human_broke = self.human_broke_ends and bool(broke) and all(broke)
        played_out = self._rounds is not None and self.session.deals_played >= self._rounds
        return bool(self.session.is_over() or human_broke or played_out)


def make_match(
    family: Family,
    preset: str,
    rules: Any,
    seats: Sequence[Seat],
    seed: int,
    rounds: int | None,
    *,
    default_rounds: int,
    human_broke_ends: bool = False,
) -> Match:
    """The bookkeeping that fits ``family``: chips for Seven Twenty-Seven (``rounds`` deals, else the rules'),
    points for the others (``rounds``, else ``default_rounds``)."""
    if family.name == "seven27":
        return ChipsMatch(rules, seats, seed, rounds, human_broke_ends=human_broke_ends)
    return PointsMatch(family, preset, rules, seats, seed, rounds if rounds is not None else default_rounds)


__all__ = ["ABSENT", "ChipsMatch", "Match", "PointsMatch", "RoundPlan", "RoundResult", "make_match"]
