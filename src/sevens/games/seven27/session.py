"""A session of Seven Twenty-Seven (D1, D8): deals in a row with the same players.

The dealer button moves one seat clockwise each deal, skipping players with no chips, who have left. The
session ends after ``rules.deals`` deals (``None``: no limit), or when one player holds every chip. Each deal's
seed comes from the session seed (:func:`sevens.rng.derive_seed`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sevens.games.seven27.actions import Action
from sevens.games.seven27.rules import Rules
from sevens.games.seven27.state import Result, State
from sevens.rng import derive_seed


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a session: its state (seats numbered 0… among the players dealt in) and ``seats[i]``, the
    session seat of deal seat ``i``."""

    state: State
    seats: tuple[int, ...]
    index: int


@dataclass(frozen=True, slots=True)
class DealSummary:
    """A finished deal in session seats: ``chip_delta`` (0 for players not dealt in) and the deal's result."""

    index: int
    dealer: int
    seats: tuple[int, ...]
    chip_delta: tuple[int, ...]
    result: Result


class Session:
    """Chips and the dealer button across deals; deal with :meth:`next_deal`, then :meth:`record` it."""

    def __init__(self, rules: Rules, seed: int, stacks: Sequence[int] | None = None, dealer: int | None = None):
        n = rules.players
        self.rules, self.seed = rules, seed
        self.stacks = list(stacks) if stacks is not None else [rules.stack] * n
        if len(self.stacks) != n or min(self.stacks) < 0:
            raise ValueError(f"stacks={self.stacks!r} must be {n} chip counts of 0 or more")
        self.dealer = n - 1 if dealer is None else dealer
        if not 0 <= self.dealer < n:
            raise ValueError(f"dealer={self.dealer} is not a seat; allowed: 0 to {n - 1}")
        if not self.stacks[self.dealer]:
            self.dealer = self._next_dealer()
        self.starting_stacks, self.deals_played = tuple(self.stacks), 0
        self.summaries: list[DealSummary] = []

    @property
    def seated(self) -> tuple[int, ...]:
        """Session seats that still have chips (D8: a player with none has left)."""
        return tuple(s for s, chips in enumerate(self.stacks) if chips > 0)

    def is_over(self) -> bool:
        deals = self.rules.deals
        return len(self.seated) < 2 or (deals is not None and self.deals_played >= deals)

    def next_deal(self) -> Deal:
        """Deal the next hand among the seated players."""
        if self.is_over():
            raise ValueError("the session is over; no more deals")
        seats = self.seated
        rules = self.rules.replace(players=len(seats))
        stacks = [self.stacks[s] for s in seats]
        state = State.new(rules, derive_seed(self.seed, self.deals_played), seats.index(self.dealer), stacks)
        return Deal(state, seats, self.deals_played)

    def record(self, deal: Deal) -> DealSummary:
        """Add a finished deal: update the stacks and move the dealer button one seat clockwise."""
        if not deal.state.is_over():
            raise ValueError("the deal is not over yet")
        if deal.index != self.deals_played:
            raise ValueError(f"deal {deal.index} is not the next deal ({self.deals_played}) of this session")
        result = deal.state.result()
        delta = [0] * len(self.stacks)
        for i, seat in enumerate(deal.seats):
            delta[seat] = result.chip_delta[i]
            self.stacks[seat] = deal.state.stack(i)
        summary = DealSummary(self.deals_played, self.dealer, deal.seats, tuple(delta), result)
        self.summaries.append(summary)
        self.deals_played += 1
        self.dealer = self._next_dealer()
        return summary

    def _next_dealer(self) -> int:
        n = len(self.stacks)
        later = ((self.dealer + k) % n for k in range(1, n + 1))
        return next((seat for seat in later if self.stacks[seat]), self.dealer)

    def play(self, choose: Callable[[State], Action], max_deals: int | None = None) -> list[int]:
        """Play deals with ``choose`` until the session is over (or ``max_deals`` more deals); returns each
        seat's chips won minus lost over the session."""
        played = 0
        while not self.is_over() and (max_deals is None or played < max_deals):
            deal = self.next_deal()
            while not deal.state.is_over():
                deal.state.apply(choose(deal.state))
            self.record(deal)
            played += 1
        return [now - start for now, start in zip(self.stacks, self.starting_stacks, strict=True)]


__all__ = ["Deal", "DealSummary", "Session"]
