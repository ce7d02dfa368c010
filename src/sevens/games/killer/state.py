"""The Killer sevens engine (殺しの7並べ, RULES.md Part C): one :class:`State` per round.

>>> from sevens.games.killer import Rules, State
>>> state = State.new(Rules.preset("killer"), seed=7)
>>> state.to_move, [str(a) for a in state.legal_actions()]
(2, ['6c', 'pass'])
>>> while not state.is_over():
...     state.apply(state.legal_actions()[0])
>>> result = state.result()
>>> sorted(result.ranking), sum(result.kills) == state.dead_positions.bit_count()
([0, 1, 2, 3], True)

Cards are bits (:mod:`sevens.cards`); the eight-neighbour and death masks of every position come from
:mod:`.geometry`, so a move costs a few integer operations: the cards it makes playable are ``|=``-ed into
``front`` and only the empty positions around it are tested for death.

Decisions where RULES.md is silent (as a Japanese player would expect):

- *Last player*: the round goes on while anyone holds a live card (C7, seed 000 「全員がゲームから抜けるか
  脱落するかした段階でゲームは終了」), so the last player keeps playing alone and may kill their own cards.
- *Kill credit*: every card that dies counts as one kill for the mover (or the eliminated player), their own
  cards included (C3 「自分で自分のカードを殺す」 is still a kill).
- *Order of leaving* when one move empties several hands: the mover first, then the others clockwise from the
  mover; players whose hands are empty once the 7s are placed leave before the first turn in seat order from
  the dealer's left (as B12).
- *Dead positions* stay empty: they count as empty (not as walls) for their neighbours, and belong to the
  enclosed group around them (C4).
- *Groups* follow the death variant's neighbourhood: with ``horizontal`` a group is a run of empty positions
  in a row, with ``all_eight`` it is connected through all eight neighbours; ``enclosure=1`` is then exactly
  the single-position rule of that variant.
- ``enclosure=None`` ("any enclosed group", seed 001): every maximal group of empty positions is bounded by
  cards or walls, so taken literally everything would die at the start. A group of any size dies once it is no
  longer *open field*, that is once every position in it touches a card on the table (one of its eight
  neighbours is out). Integer enclosures must stay below the size of the groups beside the 7s at the start.
- *Hidden dead cards*: the dead positions are public (they stay empty on the table); what is hidden is who
  lost which card. Others see each player's number of dead cards, and the log shows ``??`` for each.
- *Names*: a player who leaves with an empty hand (C5, 抜け) has the status and outcome ``finished``, the
  project's shared name for "went out", so scoring (E2) and front-ends read it as in Part B.
- *Stalemate* (C7): while anyone holds a live card, some live card touches the table (a row of live empty
  positions always leads back to its 7, and a dead position never borders a live one in its own group), so
  a stalemate only comes from voluntary passes; with ``voluntary_pass`` off the round always plays out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevens.cards import ALL_CARDS, DECK_SIZE, SEVENS_MASK, card, card_text, cards_text, mask_of
from sevens.errors import wrong_action
from sevens.games.dealing import deal_round_robin
from sevens.games.killer.actions import PASS, PASS_ACTION, PLAY, PLAY_ACTIONS, Action
from sevens.games.killer.events import DIED, LAID_OUT, STALEMATE, Event
from sevens.games.killer.events import FINISHED as FINISHED_EVENT
from sevens.games.killer.geometry import dying, enclosed_alone, geometry, touching
from sevens.games.killer.result import Result, rank_seats
from sevens.games.killer.rules import Rules
from sevens.games.refusals import Refusal, refused
from sevens.games.state_base import StateBase

IN, FINISHED, ELIMINATED = range(3)
STATUS_NAMES = ("in", "finished", "eliminated")  # "finished": left the round with an empty hand (C5, 抜け)
SEVEN_OF_DIAMONDS = card(7, 2)
NO_LIMIT = 1 << 62
FAMILY_TITLE = "Killer sevens"  # in errors
_BITS = tuple(1 << c for c in range(DECK_SIZE))


class State(StateBase):
    """A round of Killer sevens. Create with :meth:`new` (or :func:`~.position.parse_position`), then ask
    and :meth:`apply`."""

    __slots__ = (
        "rules", "players", "dealer", "seed",
        "_hands", "_dead", "_table", "_deadpos", "_front", "_kills",
        "_passes", "_status", "_exits", "_turn", "_in", "_streak", "_log",
        "_next", "_limit", "_voluntary", "_adjacent", "_nbrs", "_seeds", "_enclosure", "_single",
    )  # fmt: skip

    rules: Rules
    players: int
    dealer: int
    seed: int | None
    _hands: list[int]  # live cards per seat, bit sets
    _dead: list[int]  # dead piles per seat
    _table: int  # cards on the table
    _deadpos: int  # dead positions (the union of the dead piles)
    _front: int  # positions touching a card on the table (eight neighbours)
    _kills: list[int]
    _passes: list[int]
    _status: list[int]
    _exits: list[tuple[int, int]]
    _turn: int  # -1 once the round is over
    _in: int  # players still in the round
    _streak: int  # passes in a row
    _log: list[tuple[int, Action | Event]]
    _next: tuple[int, ...]
    _limit: int
    _voluntary: bool
    _adjacent: tuple[int, ...]
    _nbrs: tuple[int, ...]
    _seeds: tuple[int, ...]  # per position: where a group may die when a card lands there
    _enclosure: int | None
    _single: bool  # enclosure == 1: only single positions die (the fast path)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: Rules, seed: int, dealer: int | None = None, deck: Sequence[int] | None = None) -> State:
        """Deal a round (C1: as B1–B4 with the 7s placed). ``dealer`` defaults to the last seat. ``deck`` deals
        that order of card numbers instead of shuffling with ``seed`` (the state then has no seed)."""
        n = rules.players
        dealer = n - 1 if dealer is None else dealer
        hands = [mask_of(cards) for cards in deal_round_robin(DECK_SIZE, n, dealer, seed, deck)]
        seven_holder = next(s for s in range(n) if hands[s] >> SEVEN_OF_DIAMONDS & 1)
        state = cls._blank(rules, dealer, seed if deck is None else None, [h & ~SEVENS_MASK for h in hands])
        state._set_table(SEVENS_MASK)
        for s in state._from_dealers_left():
            if not state._hands[s]:
                state._leave(s)
        first = seven_holder if rules.first_player == "diamond_seven" else (dealer + 1) % n
        state._settle(first, inclusive=True)
        return state

    @classmethod
    def _blank(cls, rules: Rules, dealer: int, seed: int | None, hands: list[int]) -> State:
        state = cls.__new__(cls)
        n = len(hands)
        state.rules, state.players, state.dealer, state.seed = rules, n, dealer, seed
        state._hands = hands
        state._dead = [0] * n
        state._table = state._deadpos = state._front = 0
        state._kills = [0] * n
        state._passes = [0] * n
        state._status = [IN] * n
        state._exits = []
        state._turn = -1
        state._in = n
        state._streak = 0
        state._log = []
        state._next = tuple((s + 1) % n for s in range(n))
        state._limit = NO_LIMIT if rules.pass_limit is None else rules.pass_limit
        state._voluntary = rules.voluntary_pass
        geo = geometry(rules.death, rules.wrap)
        state._adjacent, state._nbrs = geo.adjacent, geo.death
        # A card changes the groups of its death neighbours; with enclosure=None it also brings its eight
        # neighbours to the front, which can close an open group.
        state._seeds = geo.death if rules.enclosure is not None else geo.death_or_adjacent
        state._enclosure = rules.enclosure
        state._single = rules.enclosure == 1
        return state

    def _set_table(self, table: int) -> None:
        self._table = table
        self._front = touching(table, self._adjacent)

    # ------------------------------------------------------------------ questions
    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move, sorted (plays by card, then pass); empty when over."""
        p = self._turn
        if p < 0:
            return []
        m = self._hands[p] & self._front
        acts = []
        while m:
            low = m & -m
            acts.append(PLAY_ACTIONS[low.bit_length() - 1])
            m ^= low
        if self._passes[p] < self._limit and (self._voluntary or not acts):
            acts.append(PASS_ACTION)
        return acts

    def refusal(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal, else why not: a catalogue key (``refusal.*``) and its parameters.
        Anything but this family's action raises :class:`~sevens.errors.WrongTypeError`."""
        if type(action) is not Action:
            raise wrong_action(action, FAMILY_TITLE)
        if self._turn < 0:
            return ("refusal.round_over", {})
        if action in self.legal_actions():
            return None
        return self._reason(action)

    def _reason(self, action: Action) -> Refusal:
        p, limit = self._turn, self.rules.pass_limit
        if action.kind == PASS:
            if limit is not None and self._passes[p] >= limit:
                return ("refusal.no_pass_left", {"used": self._passes[p], "limit": limit})
            return ("refusal.pass_not_allowed", {})
        card, bit = card_text(action.card), 1 << action.card
        if self._table & bit:
            return ("refusal.on_table", {"card": card})
        if self._deadpos & bit:
            return ("refusal.dead_card", {"card": card})
        if not self._hands[p] & bit:
            return ("refusal.not_in_hand", {"card": card})
        return ("refusal.not_touching", {"card": card})

    # ------------------------------------------------------------------ the one verb that changes a state
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to move. An illegal action raises :class:`IllegalActionError` saying
        why and what is legal, and changes nothing; anything but a Killer sevens action (text, ``None``, another
        family's action) raises :class:`~sevens.errors.WrongTypeError` and changes nothing."""
        if type(action) is not Action:
            raise wrong_action(action, FAMILY_TITLE)
        p = self._turn
        if p >= 0:
            if action.kind == PLAY:
                c = action.card
                bit = _BITS[c]
                hand = self._hands[p]
                if hand & bit & self._front:  # the hot path of every simulation, kept flat
                    hand ^= bit
                    self._hands[p] = hand
                    table = self._table | bit
                    self._table = table
                    self._front |= self._adjacent[c]
                    self._log.append((p, action))
                    self._streak = 0
                    around = self._seeds[c] & ~table & ~self._deadpos
                    newly = 0
                    if around:
                        if self._single:
                            newly = enclosed_alone(around, table, self._nbrs)
                        else:
                            newly = dying(around, table, self._front, self._nbrs, self._enclosure) & ~self._deadpos
                    if newly:
                        self._kill(newly, p)
                        self._leave_empty(p)
                    elif not hand:
                        self._leave(p)
                    self._settle(p, inclusive=False)
                    return
            elif (
                action.kind == PASS
                and self._passes[p] < self._limit
                and (self._voluntary or not self._hands[p] & self._front)
            ):
                self._passes[p] += 1
                self._log.append((p, action))
                self._streak += 1
                if self._limit == NO_LIMIT and self._streak >= self._in:
                    self._log.append((p, Event(STALEMATE)))
                    self._turn = -1
                    return
                self._settle(p, inclusive=False)
                return
        raise refused(self.refusal(action) or ("refusal.round_over", {}), action, self._legal_texts(action))

    # ------------------------------------------------------------------ deaths, exits and turn order
    def _kill(self, newly: int, by: int) -> None:
        """C3: the cards on ``newly`` die; each holder moves them to their dead pile; ``by`` gets the kills."""
        self._deadpos |= newly
        self._kills[by] += newly.bit_count()
        n, hands = self.players, self._hands
        for k in range(n):
            s = (by + k) % n
            lost = hands[s] & newly
            if lost:
                hands[s] ^= lost
                self._dead[s] |= lost
                self._log.append((s, Event(DIED, cards=lost, by=by)))

    def _leave_empty(self, first: int) -> None:
        """C5: every player still in with an empty hand leaves, ``first`` first, then clockwise."""
        n = self.players
        for k in range(n):
            s = (first + k) % n
            if not self._hands[s] and self._status[s] == IN:
                self._leave(s)

    def _leave(self, s: int) -> None:
        self._status[s] = FINISHED
        self._in -= 1
        self._exits.append((s, FINISHED))
        self._log.append((s, Event(FINISHED_EVENT)))

    def _settle(self, p: int, inclusive: bool) -> None:
        """Give the turn to the first player still in after ``p`` (or at ``p``) who has an action, eliminating
        on the way anyone with no play and no pass left (B9); the round ends when nobody is in (C7)."""
        status, nxt = self._status, self._next
        q = p if inclusive else nxt[p]
        while self._in:
            while status[q] != IN:
                q = nxt[q]
            if self._passes[q] < self._limit or self._hands[q] & self._front:
                self._turn = q
                return
            self._eliminate(q)
            q = nxt[q]
        self._turn = -1

    def _eliminate(self, q: int) -> None:
        """C6: lay the hand out on its positions; the cards it encloses die, credited to ``q``."""
        cards = self._hands[q]
        self._hands[q] = 0
        self._table |= cards
        self._front |= touching(cards, self._adjacent)
        self._status[q] = ELIMINATED
        self._in -= 1
        self._exits.append((q, ELIMINATED))
        self._log.append((q, Event(LAID_OUT, cards=cards)))
        around = touching(cards, self._seeds) & ~self._table & ~self._deadpos
        newly = dying(around, self._table, self._front, self._nbrs, self._enclosure) & ~self._deadpos
        if newly:
            self._kill(newly, q)
            self._leave_empty(q)

    def _dead_by_rule(self) -> int:
        """Every dead position, recomputed from the table alone (the incremental ``_deadpos`` must equal it)."""
        empty = ALL_CARDS & ~self._table
        return dying(empty, self._table, self._front, self._nbrs, self._enclosure)

    # ------------------------------------------------------------------ results and public facts
    def is_stalemate(self) -> bool:
        return self._turn < 0 and self._in > 0

    def ranking_dead(self, seat: int) -> int:
        """Dead cards as counted for ranking: the dead pile, plus cards still held at a stalemate (C7)."""
        held = self._hands[seat].bit_count() if self._turn < 0 else 0
        return self._dead[seat].bit_count() + held

    def result(self) -> Result:
        """The ranking (C8); raises ``ValueError`` while the round is still on."""
        if self._turn >= 0:
            raise ValueError("the round is not over yet; result() is available once is_over() is true")
        n = self.players
        dead = tuple(self.ranking_dead(s) for s in range(n))
        exits = tuple((s, STATUS_NAMES[k]) for s, k in self._exits)
        ranking = rank_seats(n, self.dealer, dead, self._kills, exits, self.rules.tiebreak)
        outcomes = tuple("stalemate" if k == IN else STATUS_NAMES[k] for k in self._status)
        return Result(ranking, outcomes, dead, tuple(self._kills))

    def hand(self, seat: int) -> int:
        """The live cards ``seat`` holds, as a bit set (front-ends show it only to that seat)."""
        return self._hands[seat]

    def hand_size(self, seat: int) -> int:
        return self._hands[seat].bit_count()

    def dead_pile(self, seat: int) -> int:
        """The cards that died in ``seat``'s hand, as a bit set (public only with ``dead_cards_visible``)."""
        return self._dead[seat]

    def dead_count(self, seat: int) -> int:
        return self._dead[seat].bit_count()

    def kills(self, seat: int) -> int:
        """How many cards died by ``seat``'s moves (or elimination)."""
        return self._kills[seat]

    @property
    def table(self) -> int:
        """Cards on the table, as a bit set."""
        return self._table

    @property
    def dead_positions(self) -> int:
        """Dead positions (public: they stay empty on the table), as a bit set."""
        return self._deadpos

    @property
    def playable_positions(self) -> int:
        """Positions a card may be played on now (for hints and renderers)."""
        return self._front & ~self._table & ~self._deadpos

    def passes_used(self, seat: int) -> int:
        return self._passes[seat]

    def status(self, seat: int) -> str:
        """``in``, ``finished`` (left the round with an empty hand, C5) or ``eliminated`` (C6)."""
        return STATUS_NAMES[self._status[seat]]

    @property
    def exits(self) -> tuple[tuple[int, str], ...]:
        """Who left the round, in order: ``(seat, finished|eliminated)``."""
        return tuple((s, STATUS_NAMES[k]) for s, k in self._exits)

    @property
    def pass_streak(self) -> int:
        return self._streak

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied, in order: with the rules, seed and dealer this replays the round."""
        return tuple(a for _, a in self._log if isinstance(a, Action))

    @property
    def history(self) -> tuple[tuple[int, Action | Event], ...]:
        """The full log ``(seat, action or event)``. With hidden dead cards it is not all public: use
        :meth:`public_history` for what one seat may read."""
        return tuple(self._log)

    def public_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The log as ``seat`` may read it: others' deaths show ``??`` unless dead cards are visible."""
        visible = self.rules.dead_cards_visible
        return tuple(
            (s, item.public_text(visible or s == seat) if isinstance(item, Event) else str(item))
            for s, item in self._log
        )

    def view(self, seat: int) -> Any:
        from sevens.games.killer.view import build_view

        return build_view(self, seat)

    def position(self) -> str:
        from sevens.games.killer.position import format_position

        return format_position(self)

    def _key(self) -> tuple[Any, ...]:
        """Same position (history aside): the same cards everywhere, kills, turn, passes, exits and streak."""
        return (
            self.rules, self.dealer, tuple(self._hands), tuple(self._dead), self._table, tuple(self._kills),
            tuple(self._passes), tuple(self._status), tuple(self._exits), self._turn, self._streak,
        )  # fmt: skip

    def hidden_from(self, seat: int) -> int:
        """Cards ``seat`` may not know: others' hands, and others' dead piles unless dead cards are visible."""
        hidden = 0
        for s in range(self.players):
            if s != seat:
                hidden |= self._hands[s]
                if not self.rules.dead_cards_visible:
                    hidden |= self._dead[s]
        return hidden

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless every card is in exactly one place and the deaths, kills and
        statuses agree with the table."""
        seen = self._table
        for s in range(self.players):
            for where, mask in (("hand", self._hands[s]), ("dead pile", self._dead[s])):
                if seen & mask:
                    raise AssertionError(f"card(s) {cards_text(seen & mask)} of seat {s}'s {where} are elsewhere too")
                seen |= mask
        if seen != ALL_CARDS:
            raise AssertionError(f"card(s) {cards_text(ALL_CARDS & ~seen)} are nowhere")
        piles = 0
        for pile in self._dead:
            piles |= pile
        if piles != self._deadpos or self._deadpos != self._dead_by_rule():
            raise AssertionError(
                f"dead piles {cards_text(piles)} / dead positions {cards_text(self._deadpos)} disagree with the "
                f"rule, which gives {cards_text(self._dead_by_rule())}"
            )
        if sum(self._kills) != self._deadpos.bit_count():
            raise AssertionError(f"{sum(self._kills)} kills credited for {self._deadpos.bit_count()} dead cards")
        if self._front != touching(self._table, self._adjacent):
            raise AssertionError("the playable front disagrees with the table")
        for s in range(self.players):
            if (self._status[s] == IN) != bool(self._hands[s]):
                raise AssertionError(f"seat {s} is {self.status(s)} but holds {self.hand_size(s)} card(s)")
        if self._in != self._status.count(IN):
            raise AssertionError("the count of players in the round is wrong")


__all__ = ["ELIMINATED", "FINISHED", "IN", "STATUS_NAMES", "State"]
