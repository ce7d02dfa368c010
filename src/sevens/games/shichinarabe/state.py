"""The 七並べ engine: one :class:`State` per round, with a small vocabulary.

>>> from sevens.games.shichinarabe import Rules, State
>>> state = State.new(Rules.preset("standard"), seed=7)
>>> state.to_move, [str(a) for a in state.legal_actions()]
(2, ['6c', 'pass'])
>>> state.apply(state.legal_actions()[0]); state.to_move
3
>>> while not state.is_over():
...     state.apply(state.legal_actions()[0])
>>> state.result().ranking
(0, 1, 3, 2)

Cards are bits (see :mod:`sevens.cards`); each suit's playable positions come from precomputed tables
(:mod:`.tables`), refreshed only for the suit that changed. Jokers have no index: each seat holds a count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevens.cards import DECK_SIZE, ROW, ROW_MASK, SEVENS_MASK, SUIT_MASKS, SUITS, card_text, iter_bits
from sevens.errors import NotationError
from sevens.games.arguments import seat_index
from sevens.games.positions import seat_number
from sevens.games.refusals import Refusal, refused
from sevens.games.sevens_core.notation import cards_field, parse_hands, parse_rows, rows_text
from sevens.games.sevens_core.result import RoundResult
from sevens.games.sevens_core.state import (
    ELIMINATED,
    FINISHED,
    IN,
    SEVEN_OF_DIAMONDS,
    STATUS_NAMES,
    STUCK,
    Event,
    SevensState,
)
from sevens.games.shichinarabe.actions import (
    GHOST,
    JOKER,
    JOKER_ABOVE_ACTIONS,
    JOKER_BELOW_ACTIONS,
    PASS,
    PASS_ACTION,
    PLAY,
    PLAY_ACTIONS,
    SWAP,
    SWAP_ACTIONS,
    Action,
)
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.tables import shifted_tables
from sevens.games.shichinarabe.view import JOKER_MARK, View

_NOT_SUIT = tuple(~m for m in SUIT_MASKS)
_BITS = (*(1 << c for c in range(DECK_SIZE)), 0, 0)  # jokers (52, 53) have no bit
_SUIT_OF = tuple(c // ROW for c in range(DECK_SIZE))


@dataclass(frozen=True, slots=True)
class Result(RoundResult):
    """Final ranking (B12). ``ranking`` lists seats best first; ``outcomes[seat]`` is one of ``finished``,
    ``left`` (the last player holding cards), ``stalemate``, ``eliminated``, ``joker_stuck``."""

    cards_left: tuple[int, ...]


class State(SevensState):
    """A round of 七並べ. Create with :meth:`new` (or :func:`~.position.parse_position`), then ask and apply."""

    __slots__ = (
        "_jokers", "_occupied", "_joker_at", "_removed",
        "_playable", "_jk_below", "_jk_above", "_tables",
        "_occupants", "_opens_with_7d", "_jokers_or_swaps",
    )  # fmt: skip

    _FAMILY_TITLE = "七並べ (Sevens)"
    _RULES = Rules
    _ACTION = Action
    _VIEW = View
    _LAST_IN = 1  # B11: the round ends when one player is left holding cards
    _BOARD_FIELDS = ("ROWS", "HANDS")
    _TAIL_FIELDS = ("OCCUPANTS",)
    _ROUND_OVER = "at most one player in, or a stalemate"

    rules: Rules
    _jokers: list[int]  # jokers held per seat
    _occupied: int  # positions filled on the table (real cards and jokers)
    _joker_at: int  # positions where a joker stands
    _removed: int  # jokers that left play (B8d)
    _playable: int
    _jk_below: int
    _jk_above: int
    _tables: tuple[tuple[tuple[int, ...], ...], ...]
    _occupants: list[int]
    _opens_with_7d: bool
    _jokers_or_swaps: bool

    # ------------------------------------------------------------------ creation (B1–B4)
    @classmethod
    def _deck_size(cls, rules: Rules) -> int:
        return DECK_SIZE + rules.jokers  # numbers 52, 53 are jokers

    def _init_board(self) -> None:
        rules = self.rules
        self._jokers = [0] * self.players
        self._occupied = self._joker_at = self._removed = 0
        self._playable = self._jk_below = self._jk_above = 0
        self._tables = shifted_tables(rules.ak_link, rules.tunnel)
        self._occupants = list(range(self.players))
        self._opens_with_7d = rules.opening == "fan_tan" and rules.first_player == "diamond_seven"
        self._jokers_or_swaps = rules.jokers > 0

    def _deal(self, dealt: list[list[int]]) -> None:
        self._hands = [sum(map(_BITS.__getitem__, cards)) for cards in dealt]
        self._jokers = [sum(c >= DECK_SIZE for c in cards) for cards in dealt]
        if self.rules.opening == "sevens_placed":
            self._occupied = SEVENS_MASK
            self._hands = [hand & ~SEVENS_MASK for hand in self._hands]
        self._refresh_all()

    # ------------------------------------------------------------------ questions
    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move, sorted (plays, joker plays, swaps, pass); empty when over."""
        p = self._turn
        if p < 0:
            return []
        hand = self._hands[p]
        if self._opens_with_7d and self._opening_pending():
            return [PLAY_ACTIONS[SEVEN_OF_DIAMONDS]]  # B4: Fan Tan's first move is 7♦
        m = hand & self._playable
        acts = []
        while m:  # inline: a function call here costs the benchmark ~5% (docs/decisions.md)
            low = m & -m
            acts.append(PLAY_ACTIONS[low.bit_length() - 1])
            m ^= low
        if self._jokers_or_swaps:
            acts += self._joker_actions(p, hand)
        if self._passes[p] < self._limit and (self._voluntary or not acts):  # B9
            acts.append(PASS_ACTION)
        return acts

    def _joker_actions(self, p: int, hand: int) -> list[Action]:
        acts = []
        if self._jokers[p]:
            jk = [JOKER_BELOW_ACTIONS[c] for c in iter_bits(hand & self._jk_below)]
            jk += [JOKER_ABOVE_ACTIONS[c] for c in iter_bits(hand & self._jk_above)]
            acts += sorted(jk, key=Action.sort_key)
        if self.rules.joker_exchange == "optional" and hand & self._joker_at:
            acts += [SWAP_ACTIONS[c] for c in iter_bits(hand & self._joker_at)]
        return acts

    def _has_play(self, q: int) -> bool:
        hand = self._hands[q]
        if hand & self._playable:
            return True
        if self._jokers[q] and hand & (self._jk_below | self._jk_above):
            return True
        return self.rules.joker_exchange == "optional" and bool(hand & self._joker_at)

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal, else why not: a catalogue key (``refusal.*``) and its parameters.
        Anything but this family's action raises :class:`~sevens.errors.WrongTypeError`."""
        self._check_type(action)
        if action.kind == GHOST:
            return self._ghost_refusal(action)
        return super().refusal(action)

    def _legal_texts(self, action: Action) -> list[str] | None:
        """The legal actions listed after a refusal (none after the round or for a ghost swap)."""
        return None if action.kind == GHOST else super()._legal_texts(action)

    def _reason(self, action: Action) -> Refusal:
        p, rules, kind = self._turn, self.rules, action.kind
        text = str(action)
        if kind == PASS:
            return ("refusal.first_move_7d", {}) if self._opening_pending() else self._pass_refusal()
        bit = 1 << action.card
        card = card_text(action.card)
        if not self._hands[p] & bit:
            return ("refusal.not_in_hand", {"card": card})
        if kind == SWAP:
            if rules.joker_exchange != "optional":
                return ("refusal.swap_off", {"action": text})
            return ("refusal.no_joker_there", {"action": text, "card": card})
        if self._opening_pending():
            return ("refusal.first_move_7d", {})
        if kind == JOKER:
            return ("refusal.joker_position" if self._jokers[p] else "refusal.no_joker_held", {"action": text})
        return self._play_refusal(action.card, text)

    def _play_refusal(self, c: int, text: str) -> Refusal:
        """Why a card in the hand may not be played: a joker on its place, its 7 not out, or no open end next to it."""
        if self._occupied >> c & 1:
            return ("refusal.joker_on_position", {"action": text})
        if not self._occupied >> (ROW * (c // ROW) + 6) & 1:
            return ("refusal.seven_missing", {"action": text})
        return ("refusal.not_next_to_open_end", {"action": text, "card": card_text(c)})

    def _ghost_refusal(self, action: Action) -> Refusal | None:
        if not self.rules.ghost:
            return ("refusal.ghost_off", {})
        if self._turn < 0:
            return ("refusal.ghost_round_over", {})
        g, s = action.ghost, action.speaker
        if not (0 <= g < self.players and 0 <= s < self.players):
            return ("refusal.ghost_seats", {"last": self.players - 1})
        if self._status[g] != ELIMINATED:
            return ("refusal.not_a_ghost", {"ghost_seat": g})
        if self._status[s] != IN:
            return ("refusal.speaker_not_in", {"speaker_seat": s})
        return None

    # ------------------------------------------------------------------ the one verb that changes a state
    # hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to move (a ghost swap for the seats it names).

        Raises :class:`IllegalActionError` saying why, and changes nothing, when it is not legal; anything but a
        七並べ action (text, ``None``, another family's action) raises :class:`~sevens.errors.WrongTypeError`."""
        if type(action) is not Action:
            self._check_type(action)
        p = self._turn
        kind = action.kind
        if kind == PLAY and p >= 0:  # the hot path of every simulation, kept flat
            c = action.card
            bit = _BITS[c]
            hand = self._hands[p]
            if hand & self._playable & bit and not (
                self._opens_with_7d and c != SEVEN_OF_DIAMONDS and self._opening_pending()
            ):
                hand ^= bit
                self._hands[p] = hand
                self._occupied |= bit
                self._refresh(_SUIT_OF[c])
                self._log.append((p, action))
                self._streak = 0
                if not hand:
                    self._exit(p, self._empty_exit(p))
                self._settle(p, inclusive=False)
                return
        elif kind == PASS and p >= 0:
            if (
                self._passes[p] < self._limit
                and (self._voluntary or PASS_ACTION in self.legal_actions())
                and not (self._opens_with_7d and self._opening_pending())  # B4: Fan Tan opens with 7♦, no pass
            ):
                self._pass(p, action)
                return
        elif kind == GHOST:
            self._ghost_swap(action)
            return
        elif p >= 0 and action in self.legal_actions():
            self._log.append((p, action))  # before the exchange it may cause, which is logged as it happens
            if kind == JOKER:
                self._joker_play(p, action)
            else:  # a swap: the card goes where the joker stands, the joker to the hand
                self._hands[p] ^= 1 << action.card
                self._joker_at ^= 1 << action.card
                self._jokers[p] += 1
            self._streak = 0
            # B8c: one action may leave several players joker-stuck (a joker play and its forced exchange):
            # the mover first, then the others in turn order after the mover.
            self._leave_empty(p)
            self._settle(p, inclusive=False)
            return
        raise self._refuse(action)

    def _opening_pending(self) -> bool:
        """Fan Tan with ``diamond_seven``: until 7♦ is out, the only legal move is 7♦ (B4)."""
        return self._opens_with_7d and not self._occupied >> SEVEN_OF_DIAMONDS & 1

    def _joker_play(self, p: int, action: Action) -> None:
        x = action.card
        suit = x // ROW
        gap_bit = 1 << (suit * ROW + (x % ROW + action.side) % ROW)  # side: -1 or 1; legal only across K–A when linked
        self._hands[p] ^= 1 << x
        self._jokers[p] -= 1
        self._occupied |= (1 << x) | gap_bit
        self._joker_at |= gap_bit
        self._refresh(suit)
        if self.rules.joker_exchange == "forced":
            holder = next(s for s in range(self.players) if self._hands[s] & gap_bit)
            if holder != p:  # B8b: the real card replaces the joker, out of turn
                self._hands[holder] ^= gap_bit
                self._joker_at ^= gap_bit
                self._jokers[holder] += 1
                self._log.append((holder, Event("exchange", cards=gap_bit)))

    def _ghost_swap(self, action: Action) -> None:
        if (refusal := self._ghost_refusal(action)) is not None:
            raise refused(refusal, action)
        g, s = action.ghost, action.speaker
        # B13: seat s keeps its hand and place with the returned ghost in it; seat g now holds the speaker,
        # eliminated from this moment on, so seat g's elimination moves to the end of the order.
        self._exits.remove((g, ELIMINATED))
        self._exits.append((g, ELIMINATED))
        self._occupants[g], self._occupants[s] = self._occupants[s], self._occupants[g]
        self._log.append((g, action))

    # ------------------------------------------------------------------ exits
    def _eliminate(self, q: int) -> None:
        """B10/B8d: lay the hand out; its jokers leave play, and so does any joker its cards replace."""
        cards = self._hands[q]
        covered = cards & self._joker_at
        removed = self._jokers[q] + covered.bit_count()
        self._hands[q] = self._jokers[q] = 0
        self._joker_at ^= covered
        self._removed += removed
        self._occupied |= cards
        self._refresh_all()
        self._exit(q, ELIMINATED, Event("eliminated", cards=cards))
        if removed:
            self._log.append((q, Event("jokers_removed", count=removed)))

    def _empty_exit(self, seat: int) -> int:
        return STUCK if self._jokers[seat] else FINISHED  # B8c: only jokers left

    def _held(self, seat: int) -> int:
        return self._hands[seat].bit_count() + self._jokers[seat]

    # ------------------------------------------------------------------ tables
    def _refresh(self, suit: int) -> None:
        row = (self._occupied >> (ROW * suit)) & ROW_MASK
        tables = self._tables
        keep = _NOT_SUIT[suit]
        self._playable = (self._playable & keep) | tables[0][suit][row]
        if self.rules.jokers:
            _, below, above = tables
            self._jk_below = (self._jk_below & keep) | below[suit][row]
            self._jk_above = (self._jk_above & keep) | above[suit][row]

    def _refresh_all(self) -> None:
        for suit in range(4):
            self._refresh(suit)

    # ------------------------------------------------------------------ results and public facts
    def result(self) -> Result:
        """The ranking (B12): who went out, in the order they left; then who holds cards, fewest first; then the
        eliminated and the joker-stuck, the last to go first. Raises ``ValueError`` while the round is on."""
        return Result(*self._ranking(), tuple(map(self._held, range(self.players))))

    def _rank_key(self, seat: int, left_at: int) -> tuple[int, ...]:
        return (left_at, self._held(seat))

    def jokers_in_hand(self, seat: int) -> int:
        return self._jokers[seat_index(seat, self.players)]

    @property
    def table(self) -> int:
        return self._occupied & ~self._joker_at

    @property
    def joker_positions(self) -> int:
        """Positions where a joker stands."""
        return self._joker_at

    @property
    def removed_jokers(self) -> int:
        return self._removed

    @property
    def playable_positions(self) -> int:
        return self._playable & ~self._occupied

    @property
    def occupants(self) -> tuple[int, ...]:
        """Which starting player sits in each seat (changes only by a ghost swap)."""
        return tuple(self._occupants)

    def _view_fields(self, seat: int) -> dict[str, Any]:
        return {
            "jokers_in_hand": self._jokers[seat],
            "joker_positions": self._joker_at,
            "removed_jokers": self._removed,
        }

    # ------------------------------------------------------------------ position text: ROWS HANDS [OCCUPANTS]
    def _board_texts(self) -> list[str]:
        rows = rows_text(self.table, self._joker_at, JOKER_MARK)
        return ["/".join(rows), "/".join(map(cards_field, self._hands, self._jokers))]

    def _tail_texts(self) -> list[str]:
        return [] if self._occupants == list(range(self.players)) else [",".join(map(str, self._occupants))]

    def _read_board(self, texts: list[str]) -> None:
        rows_text, hands_text = texts
        table, joker_at = parse_rows(rows_text, JOKER_MARK, "joker")
        if sevens := joker_at & SEVENS_MASK:
            suit = SUITS[(sevens & -sevens).bit_length() // ROW]
            raise NotationError(f"ROWS: a joker stands on 7{suit}; a joker may not stand for a 7 (B8a)")
        self._hands, self._jokers = parse_hands(hands_text, table, jokers=True)  # a joker's card is not out
        self._occupied, self._joker_at = table | joker_at, joker_at
        self._removed = self.rules.jokers - sum(self._jokers) - joker_at.bit_count()
        self._refresh_all()

    def _read_tail(self, texts: list[str]) -> None:
        if texts:
            n = self.players
            self._occupants = [seat_number(o, n, "OCCUPANTS") for o in texts[0].split(",")]
            if sorted(self._occupants) != list(range(n)):
                raise NotationError(f"OCCUPANTS must list each starting player 0 to {n - 1} once, got {texts[0]!r}")

    def _check_board(self) -> None:
        if self._removed < 0:
            raise NotationError(f"more jokers in play than the rules' {self.rules.jokers}")
        jokers = sum(self._jokers) + self._joker_at.bit_count() + self._removed  # each in one place, kept as moves go
        if jokers != self.rules.jokers:
            raise NotationError(f"{jokers} jokers accounted for, rules have {self.rules.jokers}")

    def _check_seat(self, seat: int) -> None:
        status = self._status[seat]
        if status in (FINISHED, ELIMINATED) and self._held(seat):
            raise NotationError(f"seat {seat} left the round but still holds cards")
        if status == STUCK and (self._hands[seat] or not self._jokers[seat]):
            raise NotationError(f"seat {seat} is joker-stuck but does not hold only jokers")

    def _check_turn(self) -> None:
        if self._opening_pending() and not self._hands[self._turn] >> SEVEN_OF_DIAMONDS & 1:
            raise NotationError(f"TURN: the first move must be 7d (B4), which seat {self._turn} does not hold")


__all__ = ["ELIMINATED", "FINISHED", "IN", "STATUS_NAMES", "STUCK", "Event", "Result", "State"]
