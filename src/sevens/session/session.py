"""A session (E1): rounds of one game with the same players, the dealer moving one seat clockwise each round,
points (E2) and stars (E3) accumulating.

>>> from sevens.games.shichinarabe import FAMILY as family
>>> seats = [Seat("Aiko", human=True)] + [Seat(f"bot{i}") for i in range(3)]
>>> session = Session(family, "standard", family.presets["standard"], seats, seed=1)
>>> state = session.new_round()
>>> state.dealer
3
>>> while not state.is_over():
...     state.apply(state.legal_actions()[0])
>>> score = session.record_round(state)
>>> sum(session.totals) == sum(score.points), session.new_round().dealer
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sevens.games.base import Family, GameState
from sevens.rng import derive_seed
from sevens.session.scoring import DEFAULT_TABLE, PointsTable, round_outcomes, round_points
from sevens.session.stars import stars_for_round


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    human: bool = False
    agent: str = "heuristic"  # who plays for a computer seat


@dataclass(frozen=True, slots=True)
class RoundScore:
    number: int
    dealer: int
    seed: int
    ranking: tuple[int, ...]
    outcomes: tuple[str, ...]
    points: tuple[int, ...]
    stars: tuple[int, ...]  # 0 for computer seats


@dataclass
class Session:
    family: Family
    preset: str
    rules: Any
    seats: list[Seat]
    seed: int
    table: PointsTable = DEFAULT_TABLE
    rounds: list[RoundScore] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.players:
            raise ValueError(f"{len(self.seats)} seats for rules with {self.rules.players} players")

    @property
    def players(self) -> int:
        return len(self.seats)

    def dealer_for(self, number: int) -> int:
        """Round 0 is dealt by the last seat (B1), then the deal moves one seat clockwise each round."""
        return (self.players - 1 + number) % self.players

    def seed_for(self, number: int) -> int:
        return derive_seed(self.seed, number)

    def new_round(self) -> GameState:
        """Deal the next round (number ``len(self.rounds)``)."""
        number = len(self.rounds)
        return self.family.new_state(self.rules, self.seed_for(number), self.dealer_for(number))

    def record_round(self, finished: GameState) -> RoundScore:
        """Add a finished round: its points (E2) and each human player's stars (E3)."""
        if not finished.is_over():
            raise ValueError("only a finished round can be recorded; this one is still being played")
        number = len(self.rounds)
        result = finished.result().to_dict()
        outcomes = round_outcomes(result, self.players)
        stars = stars_for_round(result["ranking"], outcomes)
        score = RoundScore(
            number=number,
            dealer=self.dealer_for(number),
            seed=self.seed_for(number),
            ranking=tuple(result["ranking"]),
            outcomes=tuple(outcomes),
            points=tuple(round_points(self.family, finished, self.table)),
            stars=tuple(s if seat.human else 0 for s, seat in zip(stars, self.seats, strict=True)),
        )
        self.rounds.append(score)
        return score

    @property
    def totals(self) -> list[int]:
        return [sum(r.points[seat] for r in self.rounds) for seat in range(self.players)]

    @property
    def stars(self) -> list[int]:
        return [sum(r.stars[seat] for r in self.rounds) for seat in range(self.players)]
