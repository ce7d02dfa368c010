"""What one seat may know (the observation), built by allowlist from the state: its own down cards, every up
card, the chips and the public history, other seats' down cards written ``??`` until shown. A spectator
(``seat=None``) sees only public cards. A view holds no reference to the state."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from sevens.cards import HIDDEN_TEXT, cards_text
from sevens.games.seven27.actions import Action
from sevens.games.seven27.evaluate import Evaluation
from sevens.games.seven27.pots import Pot
from sevens.games.seven27.rules import Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it. ``down`` holds only the down cards the viewer may know."""

    seat: int
    down: int
    down_count: int
    up: int
    stack: int
    committed: int
    bet: int
    stands: int
    folded: bool
    all_in: bool
    shown: bool

    @property
    def down_known(self) -> bool:
        return self.down.bit_count() == self.down_count

    def down_texts(self) -> list[str]:
        """The down cards as text, ``??`` for each one the viewer may not know."""
        return cards_text(self.down).split() if self.down_known else [HIDDEN_TEXT] * self.down_count

    def to_dict(self) -> dict[str, Any]:
        """Every field but ``down_count`` (the ``??`` of ``down`` say it), cards as text."""
        plain = {"down": self.down_texts(), "up": cards_text(self.up).split()}
        return {f.name: plain.get(f.name, getattr(self, f.name)) for f in fields(self) if f.name != "down_count"}


@dataclass(frozen=True, slots=True)
class View:
    """The observation of ``seat`` (``None`` for a spectator)."""

    seat: int | None
    rules: Rules
    dealer: int
    phase: str
    betting_round: int
    bet_size: int
    high_bet: int
    raises: int
    to_move: int | None
    legal_actions: tuple[Action, ...]
    to_call: int
    seats: tuple[SeatView, ...]
    pots: tuple[Pot, ...]
    pot: int
    deck_count: int
    own: Evaluation | None  # what the viewer's whole hand counts, for 7 and 27
    history: tuple[str, ...]
    result: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what a server would send to this seat); ``own`` is sent as ``own_totals``."""
        plain = {
            "rules": self.rules.to_dict(),
            "legal_actions": [str(a) for a in self.legal_actions],
            "seats": [s.to_dict() for s in self.seats],
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots],
            "own": None if self.own is None else [self.own.low, self.own.high],
            "history": list(self.history),
        }
        named = {f.name: f.name for f in fields(self)} | {"own": "own_totals"}
        return {key: plain.get(name, getattr(self, name)) for name, key in named.items()}


__all__ = ["SeatView", "View"]
