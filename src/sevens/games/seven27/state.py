"""The Seven Twenty-Seven engine: one :class:`State` per deal (RULES.md D1–D7).

A deal runs: antes and the deal pattern (D3), then betting rounds (D4) and card rounds (D5) in turn until a
card round in which nobody takes a card, then the showdown (D6, D7); or it ends when all but one player fold.
Every operation is appended to :attr:`State.history` as an :class:`~.operations.Operation`.

>>> from sevens.games.seven27 import Rules, State, parse_action
>>> state = State.new(Rules.preset("seven27"), seed=7)
>>> for text in ("bet", "call", "fold", "call"):
...     state.apply(parse_action(text))
>>> state.phase, state.pot, state.contenders
('card', 19, (0, 1, 3))"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass
from functools import reduce
from operator import or_
from typing import Any

from sevens.cards import ALL_CARDS, DECK_SIZE, cards_text, mask_of
from sevens.errors import ArgumentError, wrong_action
from sevens.games.arguments import flag, rules_of, seat_index, seed_value
from sevens.games.dealing import shuffled_deck
from sevens.games.refusals import Refusal, refused
from sevens.games.seven27.actions import (
    BET,
    BET_ACTION,
    CALL,
    CALL_ACTION,
    CARD_KINDS,
    CHECK,
    CHECK_ACTION,
    FOLD,
    FOLD_ACTION,
    KIND_NAMES,
    RAISE,
    RAISE_ACTION,
    STAND_ACTION,
    TAKE,
    TAKE_ACTION,
    Action,
)
from sevens.games.seven27.evaluate import Evaluation, evaluate
from sevens.games.seven27.operations import Operation
from sevens.games.seven27.pots import Pot, PotAward, showdown, side_pots
from sevens.games.seven27.rules import Rules
from sevens.games.seven27.view import SeatView, View
from sevens.games.state_base import StateBase

BETTING, CARDS, OVER = range(3)
PHASE_NAMES = ("bet", "card", "over")
FAMILY_TITLE = "Seven Twenty-Seven"  # in errors
_NOT_POSITION = frozenset({"players", "seed", "_order", "_actions", "_ops"})  # derived, or history
_NOTHING_TO_ANSWER = {FOLD: "refusal.nothing_owed", CALL: "refusal.no_bet_to_call"}  # refused with no bet to answer
# D3: which cards of the initial deal go face up, one pass round the table each
DEAL_PATTERNS: dict[str, tuple[bool, ...]] = {
    "down_up": (False, True),
    "up_down": (True, False),
    "two_down_one_up": (False, False, True),
}


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a deal. ``ranking`` orders seats by chips won (ties: clockwise from the dealer's left);
    ``chip_delta[seat]`` = chips won minus chips put in; ``stacks`` after the deal; ``totals[seat]`` = the
    (7, 27) totals in halves of each hand shown at the showdown (``None`` for a seat that showed nothing or a
    half it could not win); ``pots`` = how each pot was divided."""

    ranking: tuple[int, ...]
    chip_delta: tuple[int, ...]
    stacks: tuple[int, ...]
    fold_out: bool
    totals: tuple[tuple[int | None, int | None] | None, ...]
    pots: tuple[PotAward, ...]

    def rank(self, seat: int) -> int:
        """1 for the seat that won most."""
        return self.ranking.index(seat_index(seat, len(self.ranking))) + 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "ranking": list(self.ranking),
            "chip_delta": list(self.chip_delta),
            "stacks": list(self.stacks),
            "fold_out": self.fold_out,
            "totals": [None if t is None else list(t) for t in self.totals],
            "pots": [p.to_dict() for p in self.pots],
        }


def _stacks(rules: Rules, stacks: Sequence[int] | None) -> list[int]:
    """The chips behind each seat at the start: ``rules.stack`` each unless given; each at least one chip."""
    n = rules.players
    chips = [rules.stack] * n if stacks is None else list(stacks)
    if len(chips) != n or any(isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in chips):
        raise ArgumentError(f"stacks={chips!r} must be {n} whole numbers of at least 1 chip")
    return chips


class State(StateBase):
    """One deal of Seven Twenty-Seven. Create with :meth:`new` (or :func:`~.position.parse_position`)."""

    __slots__ = (
        "rules", "players", "dealer", "seed", "_order",
        "_deck", "_down", "_up",
        "_start", "_stack", "_in", "_bets", "_won",
        "_folded", "_stands", "_shown",
        "_round", "_phase", "_turn", "_need", "_high", "_raises", "_took",
        "_actions", "_ops",
    )  # fmt: skip

    rules: Rules
    players: int
    dealer: int
    seed: int | None
    _order: tuple[int, ...]  # seats clockwise from the dealer's left
    _deck: tuple[int, ...]  # undealt cards, next first
    _down: list[int]  # face-down cards per seat (bit sets)
    _up: list[int]  # face-up cards per seat
    _start: list[int]  # stacks before the ante
    _stack: list[int]  # chips behind
    _in: list[int]  # chips put in this deal (ante and bets)
    _bets: list[int]  # chips put in this betting round
    _won: list[int]  # chips received at the end
    _folded: int  # bit set of seats
    _stands: list[int]  # stands so far (refusal_limit)
    _shown: int  # seats whose hands were shown at the showdown
    _round: int  # betting rounds begun (1, 2, …)
    _phase: int
    _turn: int  # -1 when over
    _need: int  # seats that still have to act this betting round
    _high: int  # highest bet this betting round
    _raises: int  # raises this betting round (after the opening bet)
    _took: bool  # someone took a card in this card round
    _actions: list[Action]
    _ops: list[Operation]

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls, rules: Rules, seed: int, dealer: int | None = None, stacks: Sequence[int] | None = None,
        deck: Sequence[int] | None = None,
    ) -> State:  # fmt: skip
        """Shuffle with ``seed``, take the antes and deal (D3), and open the first betting round.

        ``dealer`` defaults to the last seat (so seat 0 is the dealer's left); ``stacks`` to ``rules.stack`` each;
        ``deck`` is an order of the cards to draw from instead of shuffling with ``seed`` (no seed is kept then).
        Every stack must hold at least one chip (a player with none has left the session, D8); a stack smaller
        than the ante puts in all it has."""
        rules_of(rules, Rules, "Seven Twenty-Seven")
        seed = seed_value(seed)
        n = rules.players
        dealer = n - 1 if dealer is None else seat_index(dealer, n, "dealer")
        chips = _stacks(rules, stacks)
        state = cls._blank(rules, dealer, seed if deck is None else None, chips)
        state._deck = tuple(shuffled_deck(DECK_SIZE, seed, deck))
        state._ante_and_deal()
        state._start_betting()
        return state

    def _ante_and_deal(self) -> None:
        """Take the antes, then deal by the rules' pattern round the table from the dealer's left (D3)."""
        ante = self.rules.ante
        for s in self._order:
            if ante:
                paid = self._pay(s, ante)
                self._ops.append(Operation("ante", s, paid, all_in=not self._stack[s]))
        self._bets = [0] * self.players  # the ante is not a bet of the first betting round
        for face_up in DEAL_PATTERNS[self.rules.deal]:
            for s in self._order:
                self._give(s, face_up, "deal")

    @classmethod
    def _blank(cls, rules: Rules, dealer: int, seed: int | None, stacks: list[int]) -> State:
        state = cls.__new__(cls)
        n = len(stacks)
        state.rules, state.players, state.dealer, state.seed = rules, n, dealer, seed
        state._order = tuple((dealer + 1 + i) % n for i in range(n))
        state._deck = ()
        state._start, state._stack = stacks.copy(), stacks
        state._down, state._up, state._in, state._bets, state._won, state._stands = ([0] * n for _ in range(6))
        state._folded = state._shown = state._round = state._need = state._high = state._raises = 0
        state._phase, state._turn, state._took = BETTING, -1, False
        state._actions, state._ops = [], []
        return state

    # ------------------------------------------------------------------ questions
    @property
    def phase(self) -> str:
        """``bet`` (a betting round), ``card`` (a card round) or ``over``."""
        return PHASE_NAMES[self._phase]

    @property
    def betting_round(self) -> int:
        """The number of the current (or last) betting round, from 1."""
        return self._round

    @property
    def bet_size(self) -> int:
        """The fixed bet and raise size of the current (or last) betting round (D4)."""
        return self.rules.bet_size(max(self._round, 1))

    @property
    def high_bet(self) -> int:
        """The highest bet of the current betting round."""
        return self._high

    @property
    def raises(self) -> int:
        """Raises made in the current betting round (the opening bet not counted)."""
        return self._raises

    @property
    def card_taken(self) -> bool:
        """Whether someone has taken a card in the current card round."""
        return self._took

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must add to match the highest bet (it may put in less, all-in)."""
        return self._high - self._bets[seat_index(seat, self.players)]

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to act, sorted by :meth:`Action.sort_key`; empty when over."""
        p = self._turn
        if p < 0:
            return []
        if self._phase == CARDS:
            return [TAKE_ACTION, STAND_ACTION]  # only seats that may take a card get the turn
        size = self.rules.bet_size(self._round)
        to_call = self._high - self._bets[p]
        if not to_call:
            return [CHECK_ACTION, BET_ACTION] if self._can_aggress(p, size) else [CHECK_ACTION]
        if self._raises < self.rules.raise_cap and self._can_aggress(p, to_call + size):
            return [CALL_ACTION, RAISE_ACTION, FOLD_ACTION]
        return [CALL_ACTION, FOLD_ACTION]

    def _can_aggress(self, p: int, cost: int) -> bool:
        """A bet or raise needs the full amount and another player still able to answer it."""
        return self._stack[p] >= cost and bool(self._able() & ~(1 << p))

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal, else why not: a catalogue key (``refusal.*``) and its parameters.
        Anything but this family's action raises :class:`~sevens.errors.WrongTypeError`."""
        if type(action) is not Action:
            raise wrong_action(action, FAMILY_TITLE)
        if self._turn < 0:
            return ("refusal.deal_over", {})
        if action in self.legal_actions():
            return None
        key, params = self._reason(action)
        return key, {"action": str(action), **params}

    def _reason(self, action: Action) -> Refusal:
        if self._phase == CARDS:
            return ("refusal.card_round", {})
        if action.kind in CARD_KINDS:
            return ("refusal.betting_round", {})
        return self._betting_reason(action.kind)

    def _betting_reason(self, kind: int) -> Refusal:
        """Why a betting action is refused in this betting round."""
        if kind == CHECK:
            return ("refusal.owe", {"to_call": self._high - self._bets[self._turn], "high": self._high})
        if kind in _NOTHING_TO_ANSWER:
            return (_NOTHING_TO_ANSWER[kind], {})
        return self._bet_or_raise_reason(kind)

    def _bet_or_raise_reason(self, kind: int) -> Refusal:
        if kind == BET and self._high:
            return ("refusal.already_bet", {"high": self._high})
        if kind == RAISE and not self._high:
            return ("refusal.no_bet_to_raise", {})
        if kind == RAISE and self._raises >= self.rules.raise_cap:
            return ("refusal.raise_cap", {"cap": self.rules.raise_cap})
        p = self._turn
        size, to_call, stack = self.rules.bet_size(self._round), self._high - self._bets[p], self._stack[p]
        cost = size if kind == BET else to_call + size
        if stack < cost:
            return ("refusal.short_stack", {"cost": cost, "stack": stack})
        return ("refusal.nobody_to_answer", {})

    # ------------------------------------------------------------------ the one verb that changes a state
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to act. An illegal action raises :class:`IllegalActionError` saying why
        and listing the legal ones, and changes nothing."""
        refusal = self.refusal(action)
        if refusal is not None:
            raise refused(refusal, action, self._legal_texts(action))
        p = self._turn
        self._actions.append(action)
        if self._phase == CARDS:
            self._card_action(p, action.kind == TAKE)
        else:
            self._bet_action(p, action.kind)

    def _bet_action(self, p: int, kind: int) -> None:
        bit = 1 << p
        self._need &= ~bit
        paid = 0
        if kind == FOLD:
            self._folded |= bit
        elif kind != CHECK:
            size = 0 if kind == CALL else self.rules.bet_size(self._round)
            paid = self._pay(p, self._high - self._bets[p] + size)
            if size:  # a bet or raise: everyone else able to act must answer it
                self._high += size
                self._raises += kind == RAISE
                self._need = self._able() & ~bit
        # the seat to act had chips before acting, so an empty stack now means all-in
        self._ops.append(Operation(KIND_NAMES[kind], p, paid, all_in=not self._stack[p]))
        if kind == FOLD and len(self.contenders) == 1:
            self._finish()  # D4: everyone else folded
            return
        self._turn = self._next_in(p, self._need)
        if self._turn < 0:
            self._end_betting()

    def _card_action(self, p: int, take: bool) -> None:
        if take:
            self._give(p, self.rules.draw_face == "up", "take")
            self._took = True
        else:
            self._stands[p] += 1
            self._ops.append(Operation("stand", p))
        self._turn = self._next_taker(self._order.index(p) + 1)
        if self._turn >= 0:
            return
        if self._took:
            self._start_betting()
        else:
            self._finish()  # D5: a full card round with nobody taking a card

    # ------------------------------------------------------------------ flow
    def _start_betting(self) -> None:
        self._round += 1
        self._phase = BETTING
        self._high = self._raises = 0
        self._took = False
        able = self._able()
        if able.bit_count() < 2:  # nobody could answer a bet: the round has no actions
            self._end_betting()
            return
        self._need = able
        self._turn = self._next_in(self._order[-1], able)

    def _end_betting(self) -> None:
        self._close_betting()
        self._phase = CARDS
        self._took = False
        self._turn = self._next_taker(0)
        if self._turn < 0:
            self._finish()  # nobody may take a card (deck empty, or refusal limits reached)

    def _finish(self) -> None:
        awards = self._settle()
        if self._shown:
            for s in self.contenders:
                self._ops.append(Operation("show", s, cards=self._down[s] | self._up[s]))
        for i, award in enumerate(awards):
            for s in self._order:
                if award.shares[s]:
                    self._ops.append(Operation("win", s, award.shares[s], pot=i))
        self._stack = [chips + won for chips, won in zip(self._stack, self._won, strict=True)]
        self._close_betting()

    def _settle(self) -> list[PotAward]:
        """End the deal: the contenders show (unless everyone else folded) and each seat wins its shares of the
        pots (D6, D7). Also how a position read as ``end`` is completed, its stacks already paid out."""
        awards = self._awards()
        if len(self.contenders) > 1:
            self._shown = sum(1 << s for s in self.contenders)
        self._won = [sum(a.shares[s] for a in awards) for s in range(self.players)]
        self._phase, self._turn = OVER, -1
        return awards

    def _close_betting(self) -> None:
        self._bets = [0] * self.players
        self._high = self._raises = self._need = 0

    def _awards(self) -> list[PotAward]:
        evaluations = {s: self.evaluation(s) for s in self.contenders}
        return showdown(self._in, self.contenders, evaluations, self.rules.tie_rule)

    # ------------------------------------------------------------------ small helpers
    def _pay(self, seat: int, amount: int) -> int:
        paid = min(amount, self._stack[seat])
        self._stack[seat] -= paid
        self._in[seat] += paid
        self._bets[seat] += paid
        return paid

    def _give(self, seat: int, face_up: bool, kind: str) -> None:
        card = self._deck[0]
        self._deck = self._deck[1:]
        bit = 1 << card
        (self._up if face_up else self._down)[seat] |= bit
        self._ops.append(Operation(kind, seat, cards=bit, face_up=face_up))

    def _able(self) -> int:
        """Seats still in that have chips behind (may bet, call or raise)."""
        return sum(1 << s for s in range(self.players) if not self._folded >> s & 1 and self._stack[s])

    def _next_in(self, seat: int, mask: int) -> int:
        """The first seat in ``mask`` clockwise after ``seat``, or -1."""
        later = mask >> (seat + 1) << (seat + 1)
        chosen = later or mask  # none after ``seat``: wrap round to the lowest seat
        return (chosen & -chosen).bit_length() - 1  # the lowest seat of ``chosen`` (-1 for none)

    def can_take(self, seat: int) -> bool:
        """Whether ``seat`` may take a card in a card round: still in, cards left, refusal limit not reached."""
        seat = seat_index(seat, self.players)
        limit = self.rules.refusal_limit
        return bool(self._deck) and not self._folded >> seat & 1 and (limit is None or self._stands[seat] < limit)

    def _next_taker(self, start: int) -> int:
        """The first seat from position ``start`` (clockwise from the dealer's left) who may take a card, or -1."""
        for s in self._order[start:]:
            if self.can_take(s):
                return s
        return -1

    # ------------------------------------------------------------------ public facts
    @property
    def contenders(self) -> tuple[int, ...]:
        """Seats that have not folded, clockwise from the dealer's left."""
        return tuple(s for s in self._order if not self._folded >> s & 1)

    def is_folded(self, seat: int) -> bool:
        return bool(self._folded >> seat_index(seat, self.players) & 1)

    def is_all_in(self, seat: int) -> bool:
        """Still in with no chips behind."""
        return not self.is_folded(seat) and not self._stack[seat_index(seat, self.players)] and self._phase != OVER

    def is_shown(self, seat: int) -> bool:
        """Whether ``seat``'s hand was shown at the showdown (then its down cards are public)."""
        return bool(self._shown >> seat_index(seat, self.players) & 1)

    def down_cards(self, seat: int) -> int:
        """``seat``'s face-down cards (bit set): front-ends show them only to that seat, or once shown."""
        return self._down[seat_index(seat, self.players)]

    def up_cards(self, seat: int) -> int:
        return self._up[seat_index(seat, self.players)]

    def hand(self, seat: int) -> int:
        seat = seat_index(seat, self.players)
        return self._down[seat] | self._up[seat]

    def stack(self, seat: int) -> int:
        """Chips behind (not yet put in)."""
        return self._stack[seat_index(seat, self.players)]

    def start_stack(self, seat: int) -> int:
        return self._start[seat_index(seat, self.players)]

    def committed(self, seat: int) -> int:
        """Chips ``seat`` put in this deal (ante and bets)."""
        return self._in[seat_index(seat, self.players)]

    def bet(self, seat: int) -> int:
        """Chips ``seat`` put in this betting round."""
        return self._bets[seat_index(seat, self.players)]

    def stands(self, seat: int) -> int:
        return self._stands[seat_index(seat, self.players)]

    @property
    def pot(self) -> int:
        """Every chip put in this deal and not yet paid out."""
        return 0 if self._phase == OVER else sum(self._in)

    def pots(self) -> list[Pot]:
        """The main pot and side pots as they stand (D4); empty once paid out."""
        if self._phase == OVER:
            return []
        return side_pots(self._in, self.contenders)

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def deck(self) -> tuple[int, ...]:
        """Undealt cards in dealing order (hidden from every player)."""
        return self._deck

    def evaluation(self, seat: int) -> Evaluation:
        """What ``seat``'s whole hand counts for 7 and 27 under these rules (private while cards are down)."""
        seat, r = seat_index(seat, self.players), self.rules
        return evaluate(self._down[seat] | self._up[seat], ten_half=r.ten_half, tie_rule=r.tie_rule, bust=r.bust)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied, in order: with the rules, seed, dealer and stacks this replays the deal."""
        return tuple(self._actions)

    @property
    def history(self) -> tuple[Operation, ...]:
        """Every operation in order (antes, cards, actions, shows, wins), hidden cards included."""
        return tuple(self._ops)

    def result(self) -> Result:
        """The outcome (D6, D7); raises ``ValueError`` while the deal is on."""
        if self._phase != OVER:
            raise ValueError("the deal is not over yet; result() is available once is_over() is true")
        delta = tuple(self._won[s] - self._in[s] for s in range(self.players))
        ranking = tuple(sorted(self._order, key=lambda s: -delta[s]))  # stable: ties clockwise from dealer's left
        totals = tuple(astuple(self.evaluation(s)) if self.is_shown(s) else None for s in range(self.players))
        fold_out = len(self.contenders) == 1
        return Result(ranking, delta, tuple(self._stack), fold_out, totals, tuple(self._awards()))

    def view(self, seat: int | None, history: bool = True) -> View:
        """What ``seat`` may know (``None``: a spectator, who sees only public cards); ``history=False`` leaves
        the log's text out."""
        if seat is not None:
            seat = seat_index(seat, self.players)
        to_move = self.to_move
        mine = seat is not None and to_move == seat
        return View(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            betting_round=self.betting_round,
            bet_size=self.bet_size,
            high_bet=self.high_bet,
            raises=self.raises,
            to_move=to_move,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            to_call=self.to_call(seat) if seat is not None else 0,
            seats=self._seat_views(seat),
            pots=tuple(self.pots()),
            pot=self.pot,
            deck_count=self.deck_size,
            own=None if seat is None else self.evaluation(seat),
            history=self._history_texts(seat) if flag(history, "history") else (),
            result=self.result().to_dict() if self.is_over() else None,
        )

    def _sees(self, seat: int | None, s: int) -> bool:
        """Whether ``seat`` (``None``: a spectator) sees seat ``s``'s down cards."""
        return s == seat or self.is_shown(s)

    def _seat_views(self, seat: int | None) -> tuple[SeatView, ...]:
        return tuple(
            SeatView(
                seat=s,
                down=self.down_cards(s) if self._sees(seat, s) else 0,
                down_count=self.down_cards(s).bit_count(),
                up=self.up_cards(s),
                stack=self.stack(s),
                committed=self.committed(s),
                bet=self.bet(s),
                stands=self.stands(s),
                folded=self.is_folded(s),
                all_in=self.is_all_in(s),
                shown=self.is_shown(s),
            )
            for s in range(self.players)
        )

    def _history_texts(self, seat: int | None) -> tuple[str, ...]:
        """The log as ``seat`` may read it: face-down cards named only where it sees them."""
        return tuple(op.text(reveal=op.face_up or self._sees(seat, op.seat)) for op in self.history)

    def position(self) -> str:
        """The position text (see :mod:`.position`)."""
        phase = "end" if self.is_over() else f"{'bc'[self._phase]}{self._turn}{'+' * self._took}"
        fields = [
            self.rules.text(),
            str(self.dealer),
            str(self._round),
            phase,
            *("/".join(cards_text(hand, sep="") or "-" for hand in hands) for hands in (self._down, self._up)),
            *(",".join(map(str, chips)) for chips in (self._stack, self._in, self._bets, self._stands)),
            self._folded_text(),
            "".join(cards_text(1 << c) for c in self._deck) or "-",
        ]
        return " ".join(fields)

    def _folded_text(self) -> str:
        return ",".join(str(s) for s in range(self.players) if self.is_folded(s)) or "-"

    def hidden_from(self, seat: int) -> int:
        """Cards ``seat`` may not know: other seats' down cards not shown, and the undealt deck."""
        seat = seat_index(seat, self.players)
        others = (self._down[s] for s in range(self.players) if s != seat and not self._shown >> s & 1)
        return reduce(or_, others, mask_of(self._deck))

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless every card is in exactly one place and no chip was made or lost."""
        self._check_cards()
        self._check_chips()

    def _check_cards(self) -> None:
        seen = 0
        for part in (*self._down, *self._up, *(1 << c for c in self._deck)):
            if seen & part:
                raise AssertionError(f"card(s) {cards_text(seen & part)} are in two places")
            seen |= part
        if seen != ALL_CARDS:
            raise AssertionError(f"card(s) {cards_text(ALL_CARDS & ~seen)} are nowhere")

    def _check_chips(self) -> None:
        if min(self._stack + self._in + self._bets + self._won) < 0:
            raise AssertionError("a negative chip count")
        if any(b > c for b, c in zip(self._bets, self._in, strict=True)):
            raise AssertionError("a bet this round is more than the chips put in this deal")
        held = sum(self._stack) + (0 if self._phase == OVER else sum(self._in))
        if held != sum(self._start):
            raise AssertionError(f"{held} chips on the table, {sum(self._start)} at the start")
        if self._phase == OVER and sum(self._won) != sum(self._in):
            raise AssertionError(f"{sum(self._won)} chips paid out of a pot of {sum(self._in)}")

    def _key(self) -> tuple[Any, ...]:
        """Same position (history aside): cards everywhere, chips, folds, stands, phase and turn."""
        return tuple(getattr(self, name) for name in self.__slots__ if name not in _NOT_POSITION)


__all__ = ["BETTING", "CARDS", "DEAL_PATTERNS", "OVER", "PHASE_NAMES", "Result", "State"]
