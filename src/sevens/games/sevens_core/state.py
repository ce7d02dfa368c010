"""The round that 七並べ (RULES.md Part B) and Killer sevens (Part C) share, written once: :class:`SevensState`.
A family's ``State`` subclasses it and supplies its geometry through the hooks below; what the core owns and
what a family supplies is told in docs/decisions.md, "The sevens core".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any, ClassVar, Self

from sevens.cards import DECK_SIZE, HIDDEN_TEXT, card, card_text, cards_text
from sevens.errors import NotationError, RulesError, expect_text, wrong_action
from sevens.games.arguments import flag, rules_of, seat_index, seed_value
from sevens.games.dealing import deal_round_robin
from sevens.games.positions import per_seat, seat_number, whole_number
from sevens.games.refusals import Refusal, refused
from sevens.games.sevens_core.result import RoundResult
from sevens.games.state_base import StateBase

IN, FINISHED, ELIMINATED, STUCK = range(4)
STATUS_NAMES = ("in", "finished", "eliminated", "joker_stuck")
EXIT_CODES = {FINISHED: "f", ELIMINATED: "x", STUCK: "j"}  # in position text: 2f, 1x, 3j
NO_LIMIT = 1 << 62
SEVEN_OF_DIAMONDS = card(7, 2)

_NOT_POSITION = frozenset(("seed", "_log", "_texts"))
PublicLog = tuple[tuple[int, str], ...]  # (seat, the text one seat may read)


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules did on their own, logged publicly beside the actions. ``kind``: ``finished``,
    ``eliminated`` (``cards`` laid out), ``joker_stuck``, ``stalemate``; 七並べ's ``exchange`` (``cards``: the real
    card put where the joker stood; the joker went to the seat it is logged under) and ``jokers_removed``
    (``count`` jokers left play, B8d); Killer's ``dead`` (``cards`` of the seat it is logged under died; ``by`` is
    credited with the kills).

    >>> Event("dead", cards=0b11, by=2).public_text(visible=False)
    'dead ?? ?? by 2'
    """

    kind: str
    cards: int = 0
    count: int = 0
    by: int = -1

    def __str__(self) -> str:
        return self.public_text(visible=True)

    def public_text(self, visible: bool) -> str:
        """The text a seat reads: with ``visible`` false a death shows ``??`` for each card (who lost which card
        is hidden; the dead positions are public)."""
        kind = self.kind
        if kind == "dead":
            shown = cards_text(self.cards) if visible else " ".join([HIDDEN_TEXT] * self.cards.bit_count())
            return f"dead {shown} by {self.by}"
        if kind == "exchange":
            return f"exchange {card_text(self.cards.bit_length() - 1)}"
        if kind == "eliminated" and self.cards:
            return f"eliminated {cards_text(self.cards)}"
        if kind == "jokers_removed":
            return f"jokers_removed {self.count}"
        return kind


class SevensState(StateBase):
    """The shared round of the sevens families; a family's ``State`` fills in the class variables and hooks
    below (each hook says what it must do)."""

    __slots__ = (
        "rules", "players", "dealer", "seed",
        "_hands", "_passes", "_status", "_exits", "_turn", "_in", "_streak", "_log",
        "_next", "_limit", "_voluntary", "_texts",
    )  # fmt: skip

    # What a family says about itself.
    _FAMILY_TITLE: ClassVar[str]  # in errors
    _RULES: ClassVar[type[Any]]  # its Rules class
    _ACTION: ClassVar[type]  # its Action class
    _VIEW: ClassVar[Callable[..., Any]]  # its View class
    _LAST_IN: ClassVar[int]  # the round ends once at most this many players are in (B11: 1, C7: 0)
    _EXIT_KINDS: ClassVar[dict[str, int]] = {code: kind for kind, code in EXIT_CODES.items()}  # EXITS' codes
    _BOARD_FIELDS: ClassVar[tuple[str, ...]]  # its position fields between RULES and TURN (ROWS HANDS …)
    _TAIL_FIELDS: ClassVar[tuple[str, ...]] = ()  # optional position fields after STREAK
    _ROUND_OVER: ClassVar[str]  # when a round is over, for errors

    # The geometry's hooks, which a family's State defines as methods (like legal_actions, declared in StateBase,
    # and apply, playable_positions and table, declared below).
    _init_board: Callable[[], None]  # set the family's own fields for an empty table
    _deal: Callable[[list[list[int]]], None]  # take the dealt cards into the hands, put the opening cards out
    _has_play: Callable[[int], bool]  # whether a seat holds anything it may put on the table now
    _eliminate: Callable[[int], None]  # lay a seat's hand out (B10, C6) and record the exit with _exit
    # How a seat not eliminated ranks (lowest first) given its place in the order of going out (the number of
    # seats if it never went out).
    _rank_key: Callable[[int, int], tuple[int, ...]]
    result: Callable[[], RoundResult]  # the family's Result of _ranking() once the round is over
    _reason: Callable[[Any], Refusal]  # why an action that is not legal is refused (the round is on)
    _view_fields: Callable[[int], dict[str, Any]]  # the family's own fields of a seat's view
    _board_texts: Callable[[], list[str]]  # the family's position fields between RULES and TURN
    _read_board: Callable[[list[str]], None]  # read those fields into the hands and the table

    rules: Any
    players: int
    dealer: int
    seed: int | None
    _hands: list[int]  # cards held per seat, bit sets
    _passes: list[int]
    _status: list[int]  # IN, FINISHED, ELIMINATED or STUCK per seat
    _exits: list[tuple[int, int]]  # (seat, status) in the order players left
    _turn: int  # -1 once the round is over
    _in: int  # players still in the round
    _streak: int  # passes in a row
    _log: list[tuple[int, Any]]  # (seat, action or event)
    _next: tuple[int, ...]
    _limit: int  # passes allowed per seat (NO_LIMIT for none)
    _voluntary: bool
    _texts: tuple[PublicLog, ...]  # the log's text as read by each audience so far (shared by clones: immutable)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: Any, seed: int, dealer: int | None = None, deck: Sequence[int] | None = None) -> Self:
        """Deal a new round with ``seed`` (0 to 2**64-1). ``dealer`` defaults to the last seat, so seat 0 is the
        dealer's left. ``deck`` deals that order of card numbers instead of shuffling with ``seed`` (the state
        then has no seed; the OpenSpiel games deal one card at a time). Bad arguments raise
        :class:`~sevens.errors.SevensError` saying what is allowed."""
        rules_of(rules, cls._RULES, cls._FAMILY_TITLE)
        seed = seed_value(seed)
        n = rules.players
        dealer = n - 1 if dealer is None else seat_index(dealer, n, "dealer")
        dealt = deal_round_robin(cls._deck_size(rules), n, dealer, seed, deck)
        state = cls._blank(rules, dealer, seed if deck is None else None)
        state._deal(dealt)
        first = (dealer + 1) % n
        state._leave_empty(first)  # hands emptied by the 7s leave first, from the dealer's left
        if rules.first_player == "diamond_seven":
            first = next(s for s, cards in enumerate(dealt) if SEVEN_OF_DIAMONDS in cards)
        state._settle(first, inclusive=True)
        return state

    @classmethod
    def _blank(cls, rules: Any, dealer: int, seed: int | None) -> Self:
        """A state with empty hands and table: no passes, exits or log, the turn unset."""
        state = cls.__new__(cls)
        n = rules.players
        state.rules, state.players, state.dealer, state.seed = rules, n, dealer, seed
        state._hands, state._passes, state._status = [0] * n, [0] * n, [IN] * n
        state._exits, state._log = [], []
        state._turn, state._in, state._streak = -1, n, 0
        state._next = tuple((s + 1) % n for s in range(n))
        state._limit = NO_LIMIT if rules.pass_limit is None else rules.pass_limit
        state._voluntary = rules.voluntary_pass
        state._texts = ((),) * (n + 1)  # one per seat, and the last for spectators
        state._init_board()
        return state

    @classmethod
    def _deck_size(cls, rules: Any) -> int:
        """Hook: how many card numbers are dealt (52, plus the jokers numbered from 52)."""
        return DECK_SIZE

    # ------------------------------------------------------------------ secrecy, ranking and checks
    def hidden_from(self, seat: int) -> int:
        """Cards ``seat`` may not know now (bit set): every other seat's hand and whatever else of theirs is
        private."""
        seat = seat_index(seat, self.players)
        return reduce(or_, (self._hands[s] | self._private(s) for s in range(self.players) if s != seat), 0)

    def _private(self, seat: int) -> int:
        """Hook: cards of ``seat`` besides its hand that other seats may not know (Killer's hidden dead piles)."""
        return 0

    def apply(self, action: Any) -> None:
        """Hook: apply ``action`` for the seat to move (raise :meth:`_refuse` when it is not legal)."""
        raise NotImplementedError

    def _ranking(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The ranking (B12, C8) and each seat's outcome, or ``ValueError`` while the round is on: the seats not
        eliminated (nor joker-stuck) by :meth:`_rank_key`, ties in seat order from the dealer's left; then the
        eliminated and the joker-stuck, the last to go first."""
        if self._turn >= 0:
            raise ValueError("the round is not over yet; result() is available once is_over() is true")
        gone = [s for kind in (ELIMINATED, STUCK) for s, k in reversed(self._exits) if k == kind]
        holding = "stalemate" if self.is_stalemate() else "left"  # 七並べ: the ビリ left holding cards
        return (*self._staying_ranked(), *gone), tuple(holding if k == IN else STATUS_NAMES[k] for k in self._status)

    def _staying_ranked(self) -> list[int]:
        """The seats neither eliminated nor joker-stuck, by :meth:`_rank_key`, ties from the dealer's left."""
        n, status = self.players, self._status
        left_at = {s: i for i, (s, k) in enumerate(self._exits) if k == FINISHED}
        from_dealers_left = [(self.dealer + 1 + i) % n for i in range(n)]
        return sorted(
            (s for s in from_dealers_left if status[s] in (IN, FINISHED)),
            key=lambda s: self._rank_key(s, left_at.get(s, n)),
        )

    def _key(self) -> tuple[Any, ...]:
        """Same position (history aside): every field but the seed, the log and its text (the others are the
        cards everywhere, turn, passes, exits and streak, and what follows from them and the rules)."""
        return tuple(getattr(self, name) for name in self._ALL_SLOTS if name not in _NOT_POSITION)

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless the state passes every check of a position read from text (cards in
        one place each, passes, statuses, the turn) and counts the players in right."""
        try:
            self._check_position()
        except NotationError as exc:
            raise AssertionError(str(exc)) from exc
        if self._in != self._status.count(IN):
            raise AssertionError(f"{self._in} players counted in, but {self._status.count(IN)} are")

    def _empty_exit(self, seat: int) -> int:
        """The status of a player whose hand has no real card left (FINISHED; 七並べ: STUCK with jokers)."""
        return FINISHED

    def _held(self, seat: int) -> int:
        """How many cards ``seat`` holds (jokers included)."""
        return self._hands[seat].bit_count()

    # ------------------------------------------------------------------ questions
    def refusal(self, action: Any) -> Refusal | None:
        """``None`` if ``action`` is legal, else why not: a catalogue key (``refusal.*``) and its parameters.
        Anything but this family's action raises :class:`~sevens.errors.WrongTypeError`."""
        self._check_type(action)
        if self._turn < 0:
            return ("refusal.round_over", {})
        return None if action in self.legal_actions() else self._reason(action)

    def _pass_refusal(self) -> Refusal:
        used, limit = self._passes[self._turn], self.rules.pass_limit
        if limit is not None and used >= limit:
            return ("refusal.no_pass_left", {"used": used, "limit": limit})
        return ("refusal.pass_not_allowed", {})

    def _check_type(self, action: Any) -> None:
        if type(action) is not self._ACTION:
            raise wrong_action(action, self._FAMILY_TITLE)

    def _refuse(self, action: Any) -> Exception:
        """The error for an action :meth:`apply` could not apply."""
        return refused(self.refusal(action) or ("refusal.round_over", {}), action, self._legal_texts(action))

    # ------------------------------------------------------------------ passes, exits and turn order
    def _pass(self, p: int, action: Any) -> None:
        """Seat ``p`` passes; with no pass limit, everyone still in passing in a row is a stalemate (B11, C7)."""
        self._passes[p] += 1
        self._log.append((p, action))
        self._streak += 1
        if self._limit == NO_LIMIT and self._streak >= self._in:
            self._log.append((p, Event("stalemate")))
            self._turn = -1
            return
        self._settle(p, inclusive=False)

    def _settle(self, p: int, inclusive: bool) -> None:
        """Give the turn to the first player still in after ``p`` (or at ``p``) who has an action, eliminating
        on the way anyone with no play and no pass left (B9), and end the round when too few are in."""
        status, nxt, last = self._status, self._next, self._LAST_IN
        q = p if inclusive else nxt[p]
        while self._in > last:
            while status[q] != IN:
                q = nxt[q]
            if self._passes[q] < self._limit or self._has_play(q):
                self._turn = q
                return
            self._eliminate(q)
            q = nxt[q]
        self._turn = -1

    def _exit(self, seat: int, kind: int, event: Any = None) -> None:
        """``seat`` leaves the round as ``kind``, logged as ``event`` (by default the status's name)."""
        self._status[seat] = kind
        self._in -= 1
        self._exits.append((seat, kind))
        self._log.append((seat, event if event is not None else Event(STATUS_NAMES[kind])))

    def _leave_empty(self, first: int) -> None:
        """Every player still in with an empty hand leaves: ``first`` first, then clockwise from it."""
        n, hands, status = self.players, self._hands, self._status
        for k in range(n):
            s = (first + k) % n
            if not hands[s] and status[s] == IN:
                self._exit(s, self._empty_exit(s))

    # ------------------------------------------------------------------ public facts (seats are checked)
    def is_stalemate(self) -> bool:
        return self._turn < 0 and self._in > self._LAST_IN

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds, as a bit set (front-ends show it only to that seat)."""
        return self._hands[seat_index(seat, self.players)]

    def hand_size(self, seat: int) -> int:
        return self._held(seat_index(seat, self.players))

    def passes_used(self, seat: int) -> int:
        return self._passes[seat_index(seat, self.players)]

    def status(self, seat: int) -> str:
        """``in``, ``finished`` (went out), ``eliminated`` or (七並べ with jokers) ``joker_stuck``."""
        return STATUS_NAMES[self._status[seat_index(seat, self.players)]]

    @property
    def exits(self) -> tuple[tuple[int, str], ...]:
        """Who left the round, in order: ``(seat, status)``."""
        return tuple((s, STATUS_NAMES[k]) for s, k in self._exits)

    @property
    def pass_streak(self) -> int:
        return self._streak

    @property
    def actions(self) -> tuple[Any, ...]:
        """Every action applied, in order: with the rules, seed and dealer this replays the round."""
        action = self._ACTION
        return tuple(a for _, a in self._log if type(a) is action)

    @property
    def history(self) -> tuple[tuple[int, Any], ...]:
        """The full log: ``(seat, action or event)`` in order (see :meth:`public_history` for one seat)."""
        return tuple(self._log)

    def public_history(self, seat: int | None) -> PublicLog:
        """The log as ``seat`` may read it (``None``: a spectator, who sees no seat's own secrets), as text. Kept
        per state and extended only by what is new."""
        return self._public_log(self._audience(None if seat is None else seat_index(seat, self.players)))

    def _audience(self, seat: int | None) -> int:
        """Hook: which cached text ``seat`` reads (0 when the whole log is public; ``players`` is spectators')."""
        return 0

    def _entry_text(self, seat: int, item: Any, audience: int) -> str:
        """Hook: the text of ``item``, logged under ``seat``, for ``audience``."""
        return str(item)

    def _public_log(self, audience: int) -> PublicLog:
        texts = self._texts
        done = texts[audience]
        log = self._log
        if len(done) < len(log):
            text = self._entry_text
            done += tuple((s, text(s, item, audience)) for s, item in log[len(done) :])
            self._texts = (*texts[:audience], done, *texts[audience + 1 :])
        return done

    def view(self, seat: int, history: bool = True) -> Any:
        """What ``seat`` may know, by allowlist (no reference to the state). ``history=False`` leaves the log's
        text out (``view.history`` is then empty) for callers that do not read it."""
        seat = seat_index(seat, self.players)
        to_move = self.to_move
        return self._VIEW(
            seat=seat,
            rules=self.rules,
            hand=self._hands[seat],
            table=self.table,
            playable_positions=self.playable_positions,
            hand_counts=tuple(map(self._held, range(self.players))),
            passes_used=tuple(self._passes),
            statuses=tuple(STATUS_NAMES[k] for k in self._status),
            to_move=to_move,
            legal_actions=tuple(self.legal_actions()) if to_move == seat else (),
            history=self._public_log(self._audience(seat)) if flag(history, "history") else (),
            **self._view_fields(seat),
        )

    @property
    def playable_positions(self) -> int:
        """Positions a card may be played on now (for hints and renderers)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ position text
    def position(self) -> str:
        """The position text (like FEN): ``RULES <board fields> TURN PASSES EXITS DEALER STREAK [tail]``."""
        turn = "-" if self._turn < 0 else str(self._turn)
        passes, exits = ",".join(map(str, self._passes)), ",".join(f"{s}{EXIT_CODES[k]}" for s, k in self._exits)
        common = [turn, passes, exits or "-", str(self.dealer), str(self._streak)]
        return " ".join([self.rules.text(), *self._board_texts(), *common, *self._tail_texts()])

    def _tail_texts(self) -> list[str]:
        return []

    @classmethod
    def parse_position(cls, text: str) -> Self:
        """Read a position; raises :class:`NotationError` saying which field is wrong and why."""
        expect_text(text, "a position", f"{next(iter(cls._RULES._PRESETS))} …")
        fields = text.split()
        board = len(cls._BOARD_FIELDS)
        common = 1 + board + 5
        if not common <= len(fields) <= common + len(cls._TAIL_FIELDS):
            counts = " or ".join(map(str, range(common, common + len(cls._TAIL_FIELDS) + 1)))
            names = " ".join(["RULES", *cls._BOARD_FIELDS, "TURN PASSES EXITS DEALER STREAK"])
            tail = "".join(f" [{name}]" for name in cls._TAIL_FIELDS)
            raise NotationError(f"a position has {counts} space-separated fields ({names}{tail}), got {len(fields)}")
        hand_texts = fields[2].split("/")  # HANDS, always the second board field
        try:
            rules = cls._RULES.parse_text(fields[0], players=len(hand_texts))
        except RulesError as exc:
            raise NotationError(f"RULES: {exc} (HANDS lists {len(hand_texts)} seats)") from exc
        n = rules.players
        turn_text, passes_text, exits_text, dealer_text, streak_text = fields[1 + board : common]
        state = cls._blank(rules, seat_number(dealer_text, n, "DEALER"), None)
        state._read_board(fields[1 : 1 + board])
        state._passes = per_seat(passes_text, n, "PASSES")
        state._streak = whole_number(streak_text, "STREAK")
        for entry in [] if exits_text == "-" else exits_text.split(","):
            seat, kind = seat_number(entry[:-1], n, "EXITS"), cls._EXIT_KINDS.get(entry[-1:])
            if kind is None:
                codes = ", ".join(f"{code} ({STATUS_NAMES[k]})" for code, k in cls._EXIT_KINDS.items())
                raise NotationError(f"EXITS entry {entry!r}: expected a seat then {codes}, e.g. 2f")
            if state._status[seat] != IN:
                raise NotationError(f"EXITS lists seat {seat} twice")
            state._exits.append((seat, kind))
            state._status[seat] = kind
        state._in = state._status.count(IN)
        state._read_tail(fields[common:])
        state._turn = -1 if turn_text == "-" else seat_number(turn_text, n, "TURN")
        state._check_position()
        return state

    def _read_tail(self, texts: list[str]) -> None:
        """Hook: read the optional fields after STREAK (none unless the family has some)."""

    def _check_position(self) -> None:
        """Raise :class:`NotationError` for a position no round reaches: cards misplaced, passes over the limit,
        an empty hand still in, a turn that disagrees with the end of the round or has no legal action."""
        self._check_board()
        if where := self._misplaced():
            raise NotationError(where)
        self._check_seats_position()
        over = self._in <= self._LAST_IN or (self.rules.pass_limit is None and self._streak >= self._in)
        if over != (self._turn < 0):
            raise NotationError(f"TURN must be '-' exactly when the round is over ({self._ROUND_OVER})")
        if self._turn >= 0:
            self._check_to_move()

    def _check_seats_position(self) -> None:
        """Each seat's passes within the limit, an empty hand never still in, and the family's own seat checks."""
        limit = self.rules.pass_limit
        for s in range(self.players):
            if limit is not None and self._passes[s] > limit:
                raise NotationError(f"PASSES: seat {s} used {self._passes[s]} passes; the limit is {limit}")
            if self._status[s] == IN and not self._held(s):
                raise NotationError(f"seat {s} holds no cards but is not listed in EXITS (an empty hand leaves)")
            self._check_seat(s)

    def _check_to_move(self) -> None:
        """The seat to move is in the round, passes the family's checks and has a legal action."""
        p = self._turn
        if self._status[p] != IN:
            raise NotationError(f"TURN: seat {p} is not in the round")
        self._check_turn()
        if not self.legal_actions():
            raise NotationError(f"TURN: seat {p} has no legal action; such a player is eliminated before moving (B9)")

    def _check_board(self) -> None:
        """Hook: the family's checks of the table that come before the cards are counted."""

    def _check_seat(self, seat: int) -> None:
        """Hook: the family's checks of one seat's hand against its status."""

    def _check_turn(self) -> None:
        """Hook: the family's checks of the seat to move."""

    # ------------------------------------------------------------------ invariants
    def _places(self, seat: int) -> Sequence[tuple[str, int]]:
        """Where ``seat``'s real cards are, as (position field, bit set) pairs."""
        return (("HANDS", self._hands[seat]),)

    def _misplaced(self) -> str | None:
        """Why the real cards are not each in exactly one place (the table, a hand, a pile), or ``None``."""
        seen = self.table
        for s in range(self.players):
            for where, mask in self._places(s):
                if seen & mask:
                    return f"{where}: seat {s}'s card(s) {cards_text(seen & mask)} are in two places"
                seen |= mask
        full = (1 << DECK_SIZE) - 1
        if seen != full:
            return f"card(s) {cards_text(full & ~seen)} are nowhere (every card must be placed once)"
        return None

    @property
    def table(self) -> int:
        """Real cards on the table, as a bit set."""
        raise NotImplementedError

    def check_cards_conserved(self) -> None:
        """Raise ``AssertionError`` unless every card is in exactly one place (for conformance checks)."""
        if where := self._misplaced():
            raise AssertionError(where)


__all__ = [
    "ELIMINATED", "EXIT_CODES", "FINISHED", "IN", "NO_LIMIT", "SEVEN_OF_DIAMONDS", "STATUS_NAMES", "STUCK",
    "Event", "PublicLog", "SevensState",
]  # fmt: skip
