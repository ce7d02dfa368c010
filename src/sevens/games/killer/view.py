"""What one seat may know in Killer sevens (the observation), built by allowlist from the state.

A view holds the seat's own hand and dead pile, the table with its dead positions, every seat's card count,
dead count, kills, passes and status, others' dead piles only with ``dead_cards_visible``, the public log and
the seat's legal actions when it is to move. It keeps no reference to the state.

>>> from sevens.games.killer import Rules, State
>>> view = State.new(Rules.preset("killer", dead_cards_visible=False), seed=7).view(2)
>>> view.grid[0], view.dead_piles
('......7......', (None, None, 0, None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sevens.cards import RANKS, ROW, cards_text, iter_bits
from sevens.games.killer.actions import Action
from sevens.games.killer.rules import Rules

if TYPE_CHECKING:
    from sevens.games.killer.state import State

DEAD_MARK = "x"
EMPTY_MARK = "."


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    rules: Rules
    hand: int  # own live cards, bit set
    table: int  # cards on the table
    dead_positions: int  # public: the positions stay empty
    playable_positions: int
    hand_counts: tuple[int, ...]
    dead_counts: tuple[int, ...]
    dead_piles: tuple[int | None, ...]  # None where this seat may not see the pile
    kills: tuple[int, ...]
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

    @property
    def grid(self) -> tuple[str, ...]:
        """The four rows s/h/d/c, A…K: the rank where a card is out, ``x`` where a position is dead, ``.``."""
        return grid_rows(self.table, self.dead_positions)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what a server would send to this seat). Dead positions appear only in ``grid``,
        never as card names, so a hidden dead pile cannot be read off them."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "hand": cards_text(self.hand).split(),
            "table": cards_text(self.table).split(),
            "grid": list(self.grid),
            "hand_counts": list(self.hand_counts),
            "dead_counts": list(self.dead_counts),
            "dead_piles": [None if pile is None else cards_text(pile).split() for pile in self.dead_piles],
            "kills": list(self.kills),
            "passes_used": list(self.passes_used),
            "statuses": list(self.statuses),
            "to_move": self.to_move,
            "legal_actions": [str(a) for a in self.legal_actions],
            "history": [list(entry) for entry in self.history],
        }


def grid_rows(table: int, dead: int) -> tuple[str, ...]:
    """Rows s/h/d/c of 13 characters: rank if on the table, ``x`` if dead, ``.`` if empty."""
    rows = []
    for suit in range(4):
        chars = []
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            chars.append(RANKS[rank] if table & bit else DEAD_MARK if dead & bit else EMPTY_MARK)
        rows.append("".join(chars))
    return tuple(rows)


def build_view(state: State, seat: int) -> View:
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} does not exist; seats are 0 to {state.players - 1}")
    seats = range(state.players)
    visible = state.rules.dead_cards_visible
    to_move = state.to_move
    return View(
        seat=seat,
        rules=state.rules,
        hand=state.hand(seat),
        table=state.table,
        dead_positions=state.dead_positions,
        playable_positions=state.playable_positions,
        hand_counts=tuple(state.hand_size(s) for s in seats),
        dead_counts=tuple(state.dead_count(s) for s in seats),
        dead_piles=tuple(state.dead_pile(s) if visible or s == seat else None for s in seats),
        kills=tuple(state.kills(s) for s in seats),
        passes_used=tuple(state.passes_used(s) for s in seats),
        statuses=tuple(state.status(s) for s in seats),
        to_move=to_move,
        legal_actions=tuple(state.legal_actions()) if to_move == seat else (),
        history=state.public_history(seat),
    )
