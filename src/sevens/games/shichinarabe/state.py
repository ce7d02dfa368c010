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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sevens.cards import (
    ALL_CARDS,
    DECK_SIZE,
    ROW,
    ROW_MASK,
    SEVENS_MASK,
    SUIT_MASKS,
    card,
    card_text,
    cards_text,
    iter_bits,
)
from sevens.errors import wrong_action
from sevens.games.dealing import deal_round_robin
from sevens.games.refusals import Refusal, refused
from sevens.games.shichinarabe.actions import (
    ABOVE,
    BELOW,
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
from sevens.games.state_base import StateBase

IN, FINISHED, ELIMINATED, STUCK = range(4)
STATUS_NAMES = ("in", "finished", "eliminated", "joker_stuck")
SEVEN_OF_DIAMONDS = card(7, 2)
_NOT_SUIT = tuple(~m for m in SUIT_MASKS)
_BITS = (*(1 << c for c in range(DECK_SIZE)), 0, 0)  # jokers (52, 53) have no bit
_SUIT_OF = tuple(c // ROW for c in range(DECK_SIZE))
NO_LIMIT = 1 << 62
FAMILY_TITLE = "七並べ (Sevens)"  # in errors


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules did on their own, logged publicly beside the actions.

    ``kind``: ``finished``, ``eliminated`` (``cards`` = the laid-out cards), ``joker_stuck``, ``exchange``
    (``cards`` = the real card put where the joker stood; the joker went to ``seat``), ``jokers_removed``
    (``count`` jokers left play, B8d) or ``stalemate``."""

    kind: str
    cards: int = 0
    count: int = 0

    def __str__(self) -> str:
        if self.kind == "exchange":
            return f"exchange {card_text(self.cards.bit_length() - 1)}"
        if self.kind == "eliminated" and self.cards:
            return f"eliminated {cards_text(self.cards)}"
        if self.kind == "jokers_removed":
            return f"jokers_removed {self.count}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Result:
    """Final ranking (B12). ``ranking`` lists seats best first; ``outcomes[seat]`` is one of ``finished``,
    ``left`` (the last player holding cards), ``stalemate``, ``eliminated``, ``joker_stuck``."""

    ranking: tuple[int, ...]
    outcomes: tuple[str, ...]
    cards_left: tuple[int, ...]

    def rank(self, seat: int) -> int:
        """1 for the winner."""
        return self.ranking.index(seat) + 1

    def to_dict(self) -> dict[str, Any]:
        return {"ranking": list(self.ranking), "outcomes": list(self.outcomes), "cards_left": list(self.cards_left)}


class State(StateBase):
    """A round of 七並べ. Create with :meth:`new` (or :func:`~.position.parse_position`), then ask and apply."""

    __slots__ = (
        "rules", "players", "dealer", "seed",
        "_hands", "_jokers", "_occupied", "_joker_at", "_removed",
        "_playable", "_jk_below", "_jk_above", "_tables",
        "_passes", "_status", "_exits", "_turn", "_in", "_streak",
        "_log", "_occupants", "_opens_with_7d", "_next", "_limit",
        "_voluntary", "_jokers_or_swaps",
    )  # fmt: skip

    rules: Rules
    players: int
    dealer: int
    seed: int | None
    _hands: list[int]  # real cards per seat, bit sets
    _jokers: list[int]  # jokers held per seat
    _occupied: int  # positions filled on the table (real cards and jokers)
    _joker_at: int  # positions where a joker stands
    _removed: int  # jokers that left play (B8d)
    _playable: int
    _jk_below: int
    _jk_above: int
    _tables: tuple[tuple[tuple[int, ...], ...], ...]
    _passes: list[int]
    _status: list[int]
    _exits: list[tuple[int, int]]
    _turn: int  # -1 once the round is over
    _in: int  # players still in the round
    _streak: int  # passes in a row
    _log: list[tuple[int, Action | Event]]
    _occupants: list[int]
    _opens_with_7d: bool
    _next: tuple[int, ...]
    _limit: int
    _voluntary: bool
    _jokers_or_swaps: bool

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: Rules, seed: int, dealer: int | None = None, deck: Sequence[int] | None = None) -> State:
        """Deal a new round (B1–B4). ``dealer`` defaults to the last seat, so seat 0 is dealer's left. ``deck``
        deals that order of card numbers instead of shuffling with ``seed`` (the state then has no seed)."""
        n = rules.players
        dealer = n - 1 if dealer is None else dealer
        dealt = deal_round_robin(DECK_SIZE + rules.jokers, n, dealer, seed, deck)  # numbers 52, 53 are jokers
        hands = [sum(map(_BITS.__getitem__, cards)) for cards in dealt]
        jokers = [sum(c >= DECK_SIZE for c in cards) for cards in dealt]
        state = cls._blank(rules, dealer, seed if deck is None else None, hands, jokers)
        seven_holder = next(s for s in range(n) if hands[s] >> SEVEN_OF_DIAMONDS & 1)
        if rules.opening == "sevens_placed":
            state._occupied = SEVENS_MASK
            for s in range(n):
                hands[s] &= ~SEVENS_MASK
        state._refresh_all()
        for s in state._from_dealers_left():
            state._check_empty_hand(s)  # B12: hands emptied by the sevens finish in seat order
        first = seven_holder if rules.first_player == "diamond_seven" else (dealer + 1) % n
        state._settle(first, inclusive=True)
        return state

    @classmethod
    def _blank(cls, rules: Rules, dealer: int, seed: int | None, hands: list[int], jokers: list[int]) -> State:
        state = cls.__new__(cls)
        n = len(hands)
        state.rules, state.players, state.dealer, state.seed = rules, n, dealer, seed
        state._hands, state._jokers = hands, jokers
        state._occupied = state._joker_at = state._removed = 0
        state._playable = state._jk_below = state._jk_above = 0
        state._tables = shifted_tables(rules.ak_link, rules.tunnel)
        state._passes = [0] * n
        state._status = [IN] * n
        state._exits = []
        state._turn = -1
        state._in = n
        state._streak = 0
        state._log = []
        state._occupants = list(range(n))
        state._next = tuple((s + 1) % n for s in range(n))
        state._limit = NO_LIMIT if rules.pass_limit is None else rules.pass_limit
        state._opens_with_7d = rules.opening == "fan_tan" and rules.first_player == "diamond_seven"
        state._voluntary = rules.voluntary_pass
        state._jokers_or_swaps = rules.jokers > 0
        return state

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
        while m:
            low = m & -m
            acts.append(PLAY_ACTIONS[low.bit_length() - 1])
            m ^= low
        if self._jokers_or_swaps:
            acts += self._joker_actions(p, hand)
        if self._passes[p] < self._limit and (self._voluntary or not acts):
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

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal, else why not: a catalogue key (``refusal.*``) and its parameters.
        Anything but this family's action raises :class:`~sevens.errors.WrongTypeError`."""
        if type(action) is not Action:
            raise wrong_action(action, FAMILY_TITLE)
        if action.kind == GHOST:
            return self._ghost_refusal(action)
        if self._turn < 0:
            return ("refusal.round_over", {})
        if action in self.legal_actions():
            return None
        return self._reason(action)

    def _legal_texts(self, action: Action) -> list[str] | None:
        """The legal actions listed after a refusal (none after the round or for a ghost swap)."""
        return None if action.kind == GHOST else super()._legal_texts(action)

    def _reason(self, action: Action) -> Refusal:
        p, rules, kind = self._turn, self.rules, action.kind
        text = str(action)
        if kind == PASS:
            if self._opening_pending():
                return ("refusal.first_move_7d", {})
            if rules.pass_limit is not None and self._passes[p] >= rules.pass_limit:
                return ("refusal.no_pass_left", {"used": self._passes[p], "limit": rules.pass_limit})
            return ("refusal.pass_not_allowed", {})
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
            if not self._jokers[p]:
                return ("refusal.no_joker_held", {"action": text})
            return ("refusal.joker_position", {"action": text})
        if self._occupied & bit:
            return ("refusal.joker_on_position", {"action": text})
        if not self._occupied >> (ROW * (action.card // ROW) + 6) & 1:
            return ("refusal.seven_missing", {"action": text})
        return ("refusal.not_next_to_open_end", {"action": text, "card": card})

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
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to move (a ghost swap for the seats it names).

        Raises :class:`IllegalActionError` saying why, and changes nothing, when it is not legal; anything but a
        七並べ action (text, ``None``, another family's action) raises :class:`~sevens.errors.WrongTypeError`."""
        if type(action) is not Action:
            raise wrong_action(action, FAMILY_TITLE)
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
                    self._check_empty_hand(p)
                self._settle(p, inclusive=False)
                return
        elif kind == PASS and p >= 0:
            if (
                self._passes[p] < self._limit
                and (self._voluntary or PASS_ACTION in self.legal_actions())
                and not (self._opens_with_7d and self._opening_pending())  # B4: Fan Tan opens with 7♦, no pass
            ):
                self._passes[p] += 1
                self._log.append((p, action))
                self._streak += 1
                if self._limit == NO_LIMIT and self._streak >= self._in:
                    self._log.append((p, Event("stalemate")))
                    self._turn = -1
                    return
                self._settle(p, inclusive=False)
                return
        elif kind == GHOST:
            self._ghost_swap(action)
            return
        elif p >= 0 and action in self.legal_actions():
            self._log.append((p, action))  # before the exchange it may cause, which is logged as it happens
            if kind == JOKER:
                self._joker_play(p, action)
            else:
                self._swap(p, action)
            self._streak = 0
            # B8c: one action may leave several players joker-stuck (a joker play and its forced exchange):
            # the mover first, then the others in turn order after the mover.
            for k in range(self.players):
                self._check_empty_hand((p + k) % self.players)
            self._settle(p, inclusive=False)
            return
        raise refused(self.refusal(action) or ("refusal.round_over", {}), action, self._legal_texts(action))

    def _opening_pending(self) -> bool:
        """Fan Tan with ``diamond_seven``: until 7♦ is out, the only legal move is 7♦ (B4)."""
        return self._opens_with_7d and not self._occupied >> SEVEN_OF_DIAMONDS & 1

    def _joker_play(self, p: int, action: Action) -> None:
        x = action.card
        suit = x // ROW
        gap = _neighbour(x, action.side, self.rules.ak_link)
        gap_bit = 1 << gap
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

    def _swap(self, p: int, action: Action) -> None:
        bit = 1 << action.card
        self._hands[p] ^= bit
        self._joker_at ^= bit
        self._jokers[p] += 1

    def _ghost_swap(self, action: Action) -> None:
        refusal = self._ghost_refusal(action)
        if refusal is not None:
            raise refused(refusal, action)
        g, s = action.ghost, action.speaker
        # B13: seat s keeps its hand and place with the returned ghost in it; seat g now holds the speaker,
        # eliminated from this moment on, so seat g's elimination moves to the end of the order.
        self._exits.remove((g, ELIMINATED))
        self._exits.append((g, ELIMINATED))
        self._occupants[g], self._occupants[s] = self._occupants[s], self._occupants[g]
        self._log.append((g, action))

    # ------------------------------------------------------------------ turn order and exits
    def _settle(self, p: int, inclusive: bool) -> None:
        """Give the turn to the first player still in after ``p`` (or at ``p``) who has an action,
        eliminating on the way anyone with no play and no pass left (B9), and end the round if due (B11)."""
        status, nxt = self._status, self._next
        q = p if inclusive else nxt[p]
        while self._in > 1:
            while status[q] != IN:
                q = nxt[q]
            if self._passes[q] < self._limit or self._has_play(q):
                self._turn = q
                return
            self._eliminate(q)
            q = nxt[q]
        self._turn = -1

    def _has_play(self, q: int) -> bool:
        hand = self._hands[q]
        if hand & self._playable:
            return True
        if self._jokers[q] and hand & (self._jk_below | self._jk_above):
            return True
        return self.rules.joker_exchange == "optional" and bool(hand & self._joker_at)

    def _eliminate(self, q: int) -> None:
        """B10/B8d: lay the hand out; its jokers leave play, and so does any joker its cards replace."""
        cards = self._hands[q]
        covered = cards & self._joker_at
        removed = self._jokers[q] + covered.bit_count()
        self._hands[q] = 0
        self._jokers[q] = 0
        self._joker_at ^= covered
        self._removed += removed
        self._occupied |= cards
        self._refresh_all()
        self._status[q] = ELIMINATED
        self._in -= 1
        self._exits.append((q, ELIMINATED))
        self._log.append((q, Event("eliminated", cards=cards)))
        if removed:
            self._log.append((q, Event("jokers_removed", count=removed)))

    def _check_empty_hand(self, s: int) -> None:
        if self._hands[s] or self._status[s] != IN:
            return
        kind = STUCK if self._jokers[s] else FINISHED  # B8c: only jokers left
        self._status[s] = kind
        self._in -= 1
        self._exits.append((s, kind))
        self._log.append((s, Event(STATUS_NAMES[kind])))

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
    def is_stalemate(self) -> bool:
        return self._turn < 0 and self._in > 1

    def result(self) -> Result:
        """The ranking (B12); raises ``ValueError`` while the round is still on."""
        if self._turn >= 0:
            raise ValueError("the round is not over yet; result() is available once is_over() is true")
        order = self._from_dealers_left()
        remaining = [s for s in order if self._status[s] == IN]
        remaining.sort(key=lambda s: self.hand_size(s))  # stable: ties stay in seat order from dealer's left
        finished = [s for s, k in self._exits if k == FINISHED]
        eliminated = [s for s, k in reversed(self._exits) if k == ELIMINATED]
        stuck = [s for s, k in reversed(self._exits) if k == STUCK]
        outcomes = [STATUS_NAMES[k] for k in self._status]
        for s in remaining:
            outcomes[s] = "stalemate" if len(remaining) > 1 else "left"
        ranking = tuple(finished + remaining + eliminated + stuck)
        return Result(ranking, tuple(outcomes), tuple(self.hand_size(s) for s in range(self.players)))

    def hand(self, seat: int) -> int:
        """The real cards ``seat`` holds, as a bit set (front-ends show it only to that seat)."""
        return self._hands[seat]

    def jokers_in_hand(self, seat: int) -> int:
        return self._jokers[seat]

    def hand_size(self, seat: int) -> int:
        return self._hands[seat].bit_count() + self._jokers[seat]

    @property
    def table(self) -> int:
        """Real cards on the table, as a bit set."""
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
        """Positions a card may be played on now (for hints and renderers)."""
        return self._playable & ~self._occupied

    def passes_used(self, seat: int) -> int:
        return self._passes[seat]

    def status(self, seat: int) -> str:
        return STATUS_NAMES[self._status[seat]]

    @property
    def exits(self) -> tuple[tuple[int, str], ...]:
        """Who left the round, in order: ``(seat, finished|eliminated|joker_stuck)``."""
        return tuple((s, STATUS_NAMES[k]) for s, k in self._exits)

    @property
    def pass_streak(self) -> int:
        return self._streak

    @property
    def occupants(self) -> tuple[int, ...]:
        """Which starting player sits in each seat (changes only by a ghost swap)."""
        return tuple(self._occupants)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied, in order: with the rules, seed and dealer this replays the round."""
        return tuple(a for _, a in self._log if isinstance(a, Action))

    @property
    def history(self) -> tuple[tuple[int, Action | Event], ...]:
        """The public log: ``(seat, action or event)`` in order. Everything in it is public."""
        return tuple(self._log)

    def view(self, seat: int) -> Any:
        from sevens.games.shichinarabe.view import build_view

        return build_view(self, seat)

    def position(self) -> str:
        from sevens.games.shichinarabe.position import format_position

        return format_position(self)

    def _key(self) -> tuple[Any, ...]:
        """Same position (history aside): the same cards everywhere, turn, passes, exits and streak."""
        return (
            self.rules, self.dealer, tuple(self._hands), tuple(self._jokers), self._occupied, self._joker_at,
            self._removed, tuple(self._passes), tuple(self._status), tuple(self._exits), self._turn,
            self._streak, tuple(self._occupants),
        )  # fmt: skip

    def hidden_from(self, seat: int) -> int:
        """Cards ``seat`` may not know: every other seat's hand."""
        hidden = 0
        for s in range(self.players):
            if s != seat:
                hidden |= self._hands[s]
        return hidden

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless every card and joker is in exactly one place."""
        self.check_cards_conserved()

    def check_cards_conserved(self) -> None:
        """Raise ``AssertionError`` unless every card is in exactly one place (for conformance checks)."""
        seen = self.table
        for s in range(self.players):
            if seen & self._hands[s]:
                raise AssertionError(f"card(s) {cards_text(seen & self._hands[s])} are in two places")
            seen |= self._hands[s]
        if seen != ALL_CARDS:
            raise AssertionError(f"card(s) {cards_text(ALL_CARDS & ~seen)} are nowhere")
        jokers = sum(self._jokers) + self._joker_at.bit_count() + self._removed
        if jokers != self.rules.jokers:
            raise AssertionError(f"{jokers} jokers accounted for, rules have {self.rules.jokers}")


def _neighbour(pos: int, side: int, ring: bool) -> int:
    """The position on ``side`` (BELOW/ABOVE) of card index ``pos`` in its row."""
    suit, rank = divmod(pos, ROW)
    rank += -1 if side == BELOW else 1
    if ring:
        rank %= ROW
    return suit * ROW + rank


__all__ = ["ABOVE", "BELOW", "Event", "Result", "State"]
