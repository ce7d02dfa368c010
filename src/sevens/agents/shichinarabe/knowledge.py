"""Shichi-narabe's public deductions (:mod:`sevens.agents.common.knowledge`), with its jokers: holding a joker
for sure, a passer held none of the cards a joker play then needed, and with ``optional`` exchange none of
the cards a joker then stood on; each seat is known to hold the jokers it received in an exchange or a swap,
minus those it played since, so samples put them there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from sevens.agents.common.knowledge import LogReader
from sevens.cards import SEVENS_MASK, parse_cards
from sevens.games.shichinarabe.actions import GHOST, JOKER, PASS, PLAY, SWAP, Action, parse_action
from sevens.games.shichinarabe.view import View

from .board import joker_masks, neighbour, playable_mask


@dataclass(frozen=True, slots=True)
class Decision:
    """One action a seat chose, with what was on the table when it chose."""

    seat: int
    action: Action
    occupied: int
    joker_at: int
    passes_used: int
    put_out_before: int  # real cards the seat had put on the table before this decision
    joker_balance_before: int  # jokers the seat had played minus jokers it had received, before it


@dataclass(kw_only=True)
class Knowledge(LogReader[View]):
    """Public deductions for one round, updated incrementally from successive views of the same round."""

    known_jokers: list[int] = field(default_factory=list)  # per seat: jokers it surely holds
    occupied: int = 0  # the table as replayed (cards and jokers)
    joker_at: int = 0
    joker_balance: list[int] = field(default_factory=list)  # per seat: jokers played minus jokers received
    decisions: list[Decision] = field(default_factory=list)

    @classmethod
    def fresh(cls, view: View) -> Self:
        n = len(view.hand_counts)
        start = SEVENS_MASK if view.rules.opening == "sevens_placed" else 0
        return cls.started(n, known_jokers=[0] * n, occupied=start, joker_balance=[0] * n)

    def _resync(self, view: View) -> None:
        """Keep only what the view states when the replay disagrees."""
        if self.occupied != view.table | view.joker_positions or self.joker_at != view.joker_positions:
            self.occupied = view.table | view.joker_positions
            self.joker_at = view.joker_positions
            self._forget_passes()

    def _read(self, seat: int, text: str, view: View) -> None:
        word, _, rest = text.partition(" ")
        if word == "exchange":  # forced exchange: the real card replaced the joker, the joker went to `seat`
            self._took_joker(seat, parse_cards(rest)[0])
            return
        if word == "jokers_removed":
            return
        action = parse_action(text)
        if action.kind != GHOST:
            before = (self.occupied, self.joker_at, self.passes[seat], self.put_out[seat], self.joker_balance[seat])
            self.decisions.append(Decision(seat, action, *before))
        if action.kind == PASS:
            self._pass(seat, view)
        else:
            self._read_move(seat, action, view)

    def _read_move(self, seat: int, action: Action, view: View) -> None:
        """A play, a joker play, a swap or a ghost swap by ``seat``: the table and what ``seat`` is known to hold."""
        self.streak = 0
        if action.kind in (PLAY, JOKER):
            self.put_out[seat] |= 1 << action.card
        if action.kind == PLAY:
            self.occupied |= 1 << action.card
        elif action.kind == JOKER:
            gap = neighbour(action.card, action.side, view.rules.ak_link)
            self.occupied |= (1 << action.card) | (1 << gap)
            self.joker_at |= 1 << gap
            self.known_jokers[seat] = max(0, self.known_jokers[seat] - 1)
            self.joker_balance[seat] += 1
        elif action.kind == SWAP:
            self._took_joker(seat, action.card)
        elif action.kind == GHOST and (action.ghost, "eliminated") in self.exits:
            # B13: the ghost's elimination is struck out and counted again from now
            self.exits.remove((action.ghost, "eliminated"))
            self.exits.append((action.ghost, "eliminated"))

    def _took_joker(self, seat: int, card: int) -> None:
        """``seat`` put ``card`` where a joker stood and took the joker into its hand (a swap or an exchange)."""
        self.joker_at &= ~(1 << card)
        self.known_jokers[seat] += 1
        self.put_out[seat] |= 1 << card
        self.joker_balance[seat] -= 1

    def _laid_out(self, seat: int, cards: int) -> None:
        self.occupied |= cards
        self.joker_at &= ~cards  # B8d: a laid card replaces the joker standing on its position
        self.known_jokers[seat] = 0

    def _pass(self, seat: int, view: View) -> None:
        rules = view.rules
        playable = playable_mask(self.occupied, rules) & ~self.occupied
        proved = playable
        if self.known_jokers[seat]:
            below, above = joker_masks(self.occupied, rules)
            proved |= below | above
        if rules.joker_exchange == "optional":
            proved |= self.joker_at
        self._record_pass(seat, playable, rules.voluntary_pass, proved)
