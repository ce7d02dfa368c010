"""What one seat may know (the observation), built by allowlist from the state.

A view holds the seat's own hand, the table, the public log, every seat's card count, passes and status,
and the seat's legal actions when it is to move. It holds no reference to the state, so nothing hidden can
be reached through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sevens.cards import cards_text, iter_bits
from sevens.games.shichinarabe.actions import Action
from sevens.games.shichinarabe.rules import Rules

if TYPE_CHECKING:
    from sevens.games.shichinarabe.state import State


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    rules: Rules
    hand: int  # own real cards, bit set
    jokers_in_hand: int
    table: int  # real cards on the table
    joker_positions: int
    removed_jokers: int
    playable_positions: int
    hand_counts: tuple[int, ...]
    passes_used: tuple[int, ...]
    statuses: tuple[str, ...]
    to_move: int | None
    legal_actions: tuple[Action, ...]
    history: tuple[tuple[int, str], ...]  # (seat, public text of an action or event)

    @property
    def passes_left(self) -> int | None:
        limit = self.rules.pass_limit
        return None if limit is None else limit - self.passes_used[self.seat]

    @property
    def hand_cards(self) -> list[int]:
        return list(iter_bits(self.hand))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what a server would send to this seat)."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "hand": cards_text(self.hand).split() + ["Jk"] * self.jokers_in_hand,
            "table": cards_text(self.table).split(),
            "joker_positions": ["Jk@" + text for text in cards_text(self.joker_positions).split()],
            "removed_jokers": self.removed_jokers,
            "hand_counts": list(self.hand_counts),
            "passes_used": list(self.passes_used),
            "statuses": list(self.statuses),
            "to_move": self.to_move,
            "legal_actions": [str(a) for a in self.legal_actions],
            "history": [list(entry) for entry in self.history],
        }


def build_view(state: State, seat: int) -> View:
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} does not exist; seats are 0 to {state.players - 1}")
    seats = range(state.players)
    to_move = state.to_move
    return View(
        seat=seat,
        rules=state.rules,
        hand=state.hand(seat),
        jokers_in_hand=state.jokers_in_hand(seat),
        table=state.table,
        joker_positions=state.joker_positions,
        removed_jokers=state.removed_jokers,
        playable_positions=state.playable_positions,
        hand_counts=tuple(state.hand_size(s) for s in seats),
        passes_used=tuple(state.passes_used(s) for s in seats),
        statuses=tuple(state.status(s) for s in seats),
        to_move=to_move,
        legal_actions=tuple(state.legal_actions()) if to_move == seat else (),
        history=tuple((s, str(item)) for s, item in state.history),
    )
