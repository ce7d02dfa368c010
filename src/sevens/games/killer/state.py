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

Where RULES.md is silent (the last player plays on alone, kill credit, the order of leaving, dead positions
count as empty, groups, ``enclosure=None``, hidden dead cards, C7's stalemate) see docs/decisions.md, "Killer
Sevens (Part C)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any, ClassVar

from sevens.cards import ALL_CARDS, DECK_SIZE, SEVENS_MASK, card_text, cards_text, mask_of
from sevens.errors import NotationError
from sevens.games.arguments import seat_index
from sevens.games.killer.actions import PASS, PASS_ACTION, PLAY, PLAY_ACTIONS, Action
from sevens.games.killer.geometry import dying, enclosed_alone, geometry, touching
from sevens.games.killer.rules import Rules
from sevens.games.killer.view import DEAD_MARK, View, grid_rows
from sevens.games.positions import check_seat_count, per_seat
from sevens.games.sevens_core.notation import cards_field, parse_cards_field, parse_hands, parse_rows
from sevens.games.sevens_core.result import RoundResult
from sevens.games.sevens_core.state import ELIMINATED, FINISHED, IN, Event, SevensState
from sevens.games.sevens_core.state import STATUS_NAMES as _CORE_STATUS_NAMES

STATUS_NAMES = _CORE_STATUS_NAMES[:3]  # no joker_stuck; "finished": left the round with an empty hand (C5, 抜け)
_BITS = tuple(1 << c for c in range(DECK_SIZE))


@dataclass(frozen=True, slots=True)
class Result(RoundResult):
    """``outcomes[seat]`` is ``finished`` (left with an empty hand, C5), ``stalemate`` (still holding cards) or
    ``eliminated``; ``dead_cards`` are the counts used for ranking; ``kills`` the cards each seat killed. No ビリ
    (E2): cards held at a stalemate already count as dead (C7), so every seat scores by its place."""

    _LAST_PAYS = False

    dead_cards: tuple[int, ...]
    kills: tuple[int, ...]


class State(SevensState):
    """A round of Killer sevens. Create with :meth:`new` (or :func:`~.position.parse_position`), then ask
    and :meth:`apply`."""

    __slots__ = (
        "_dead", "_table", "_deadpos", "_front", "_kills",
        "_adjacent", "_nbrs", "_seeds", "_enclosure", "_single",
    )  # fmt: skip

    _FAMILY_TITLE = "Killer sevens"
    _RULES = Rules
    _ACTION = Action
    _VIEW = View
    _LAST_IN = 0  # C7: the round goes on while anyone holds a live card
    _EXIT_KINDS: ClassVar[dict[str, int]] = {"f": FINISHED, "x": ELIMINATED}
    _BOARD_FIELDS = ("ROWS", "HANDS", "DEAD", "KILLS")
    _ROUND_OVER = "nobody holds cards, or a stalemate: with pass_limit=none everyone still in passed in a row"

    rules: Rules
    _dead: list[int]  # dead piles per seat
    _table: int  # cards on the table
    _deadpos: int  # dead positions (the union of the dead piles)
    _front: int  # positions touching a card on the table (eight neighbours)
    _kills: list[int]
    _adjacent: tuple[int, ...]
    _nbrs: tuple[int, ...]
    _seeds: tuple[int, ...]  # per position: where a group may die when a card lands there
    _enclosure: int | None
    _single: bool  # enclosure == 1: only single positions die (the fast path)

    # ------------------------------------------------------------------ creation (C1: as B1–B4, 7s placed)
    def _init_board(self) -> None:
        rules, n = self.rules, self.players
        self._dead, self._kills = [0] * n, [0] * n
        self._table = self._deadpos = self._front = 0
        geo = geometry(rules.death, rules.wrap)
        self._adjacent, self._nbrs = geo.adjacent, geo.death
        self._seeds = geo.seeds(rules.enclosure)
        self._enclosure, self._single = rules.enclosure, rules.enclosure == 1

    def _deal(self, dealt: list[list[int]]) -> None:
        self._hands = [mask_of(cards) & ~SEVENS_MASK for cards in dealt]
        self._table, self._front = SEVENS_MASK, touching(SEVENS_MASK, self._adjacent)

    # ------------------------------------------------------------------ questions
    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move, sorted (plays by card, then pass); empty when over."""
        p = self._turn
        if p < 0:
            return []
        m = self._hands[p] & self._front
        acts = []
        while m:  # inline: a function call here costs the benchmark ~5% (docs/decisions.md)
            low = m & -m
            acts.append(PLAY_ACTIONS[low.bit_length() - 1])
            m ^= low
        if self._passes[p] < self._limit and (self._voluntary or not acts):  # B9
            acts.append(PASS_ACTION)
        return acts

    def _has_play(self, seat: int) -> bool:
        return bool(self._hands[seat] & self._front)

    def _reason(self, action: Action) -> tuple[str, dict[str, object]]:
        if action.kind == PASS:
            return self._pass_refusal()
        card, bit = card_text(action.card), 1 << action.card
        if self._table & bit:
            return ("refusal.on_table", {"card": card})
        if self._deadpos & bit:
            return ("refusal.dead_card", {"card": card})
        if not self._hands[self._turn] & bit:
            return ("refusal.not_in_hand", {"card": card})
        return ("refusal.not_touching", {"card": card})

    # ------------------------------------------------------------------ the one verb that changes a state
    # hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to move. An illegal action raises :class:`IllegalActionError` saying
        why and what is legal, and changes nothing; anything but a Killer sevens action (text, ``None``, another
        family's action) raises :class:`~sevens.errors.WrongTypeError` and changes nothing."""
        if type(action) is not Action:
            self._check_type(action)
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
                    elif not hand:
                        self._exit(p, FINISHED)
                    self._settle(p, inclusive=False)
                    return
            elif (
                action.kind == PASS
                and self._passes[p] < self._limit
                and (self._voluntary or not self._hands[p] & self._front)
            ):
                self._pass(p, action)
                return
        raise self._refuse(action)

    # ------------------------------------------------------------------ deaths and elimination
    def _kill(self, newly: int, by: int) -> None:
        """C3: the cards on ``newly`` die; each holder moves them to their dead pile; ``by`` gets the kills. Then
        the hands it emptied leave, ``by`` first (C5)."""
        self._deadpos |= newly
        self._kills[by] += newly.bit_count()
        n, hands = self.players, self._hands
        for k in range(n):
            s = (by + k) % n
            if lost := hands[s] & newly:
                hands[s] ^= lost
                self._dead[s] |= lost
                self._log.append((s, Event("dead", cards=lost, by=by)))
        self._leave_empty(by)

    def _eliminate(self, q: int) -> None:
        """C6: lay the hand out on its positions; the cards it encloses die, credited to ``q``."""
        cards = self._hands[q]
        self._hands[q] = 0
        self._table |= cards
        self._front |= touching(cards, self._adjacent)
        self._exit(q, ELIMINATED, Event("eliminated", cards=cards))
        around = touching(cards, self._seeds) & ~self._table & ~self._deadpos
        newly = dying(around, self._table, self._front, self._nbrs, self._enclosure) & ~self._deadpos
        if newly:
            self._kill(newly, q)

    # ------------------------------------------------------------------ results and public facts
    def ranking_dead(self, seat: int) -> int:
        """Dead cards as counted for ranking: the dead pile, plus cards still held at a stalemate (C7)."""
        seat = seat_index(seat, self.players)
        return self._dead[seat].bit_count() + (self._hands[seat].bit_count() if self._turn < 0 else 0)

    def result(self) -> Result:
        """The ranking (C8): players not eliminated first, by fewest dead cards (cards held at a stalemate count
        as dead); ties by ``tiebreak`` (``most_kills``: more kills first), then the earlier exit, a stalemate after
        every exit, then seat order from the dealer's left. The eliminated follow, the first eliminated lowest.
        Raises ``ValueError`` while the round is still on."""
        return Result(*self._ranking(), tuple(map(self.ranking_dead, range(self.players))), tuple(self._kills))

    def _rank_key(self, seat: int, left_at: int) -> tuple[int, ...]:
        return (self.ranking_dead(seat), -self._kills[seat] if self.rules.tiebreak == "most_kills" else 0, left_at)

    def dead_pile(self, seat: int) -> int:
        """The cards that died in ``seat``'s hand, as a bit set (public only with ``dead_cards_visible``)."""
        return self._dead[seat_index(seat, self.players)]

    def dead_count(self, seat: int) -> int:
        return self.dead_pile(seat).bit_count()

    def kills(self, seat: int) -> int:
        """How many cards died by ``seat``'s moves (or elimination)."""
        return self._kills[seat_index(seat, self.players)]

    @property
    def table(self) -> int:
        return self._table

    @property
    def dead_positions(self) -> int:
        """Dead positions (public: they stay empty on the table), as a bit set."""
        return self._deadpos

    @property
    def playable_positions(self) -> int:
        return self._front & ~self._table & ~self._deadpos

    def _audience(self, seat: int | None) -> int:
        if self.rules.dead_cards_visible:
            return 0
        return self.players if seat is None else seat

    def _entry_text(self, seat: int, item: Any, audience: int) -> str:
        """Others' deaths show ``??`` unless dead cards are visible."""
        if type(item) is Event:
            return item.public_text(self.rules.dead_cards_visible or seat == audience)
        return str(item)

    def _view_fields(self, seat: int) -> dict[str, Any]:
        visible, dead = self.rules.dead_cards_visible, self._dead
        return {
            "dead_positions": self._deadpos,
            "dead_counts": tuple(pile.bit_count() for pile in dead),
            "dead_piles": tuple(pile if visible or s == seat else None for s, pile in enumerate(dead)),
            "kills": tuple(self._kills),
        }

    # ------------------------------------------------------------------ position text: ROWS HANDS DEAD KILLS
    def _board_texts(self) -> list[str]:
        return [
            "/".join(grid_rows(self._table, self._deadpos)),
            "/".join(map(cards_field, self._hands)),
            "/".join(map(cards_field, self._dead)),
            ",".join(map(str, self._kills)),
        ]

    def _read_board(self, texts: list[str]) -> None:
        rows_text, hands_text, dead_text, kills_text = texts
        n = self.players
        table, marked = parse_rows(rows_text, DEAD_MARK, "dead")
        dead_texts = ["-"] * n if dead_text == "-" else dead_text.split("/")
        check_seat_count(dead_texts, n, "DEAD")
        if "*" in dead_texts:
            raise NotationError("DEAD: '*' is only allowed in HANDS")
        self._dead = [parse_cards_field(d, f"DEAD: seat {i}")[0] for i, d in enumerate(dead_texts)]
        self._deadpos = reduce(or_, self._dead)
        if marked != self._deadpos:
            raise NotationError(
                f"ROWS marks {cards_text(marked) or 'nothing'} dead (x) "
                f"but the dead piles hold {cards_text(self._deadpos) or 'nothing'}"
            )
        self._hands = parse_hands(hands_text, table | self._deadpos)[0]
        self._table, self._front = table, touching(table, self._adjacent)
        self._kills = per_seat(kills_text, n, "KILLS")

    def _check_board(self) -> None:
        if self._table & SEVENS_MASK != SEVENS_MASK:
            raise NotationError("ROWS: the four 7s are on the table from the start (C1)")
        piles = reduce(or_, self._dead)
        # the front and the dead positions, kept as moves go, must agree with the table and the piles
        if self._front != touching(self._table, self._adjacent) or self._deadpos != piles:
            raise NotationError("the playable front or the dead positions disagree with the table and the piles")
        # every dead position recomputed from the table alone (the incremental _deadpos must equal it)
        by_rule = dying(ALL_CARDS & ~self._table, self._table, self._front, self._nbrs, self._enclosure)
        if by_rule & ~piles:
            raise NotationError(
                f"card(s) {cards_text(by_rule & ~piles)} are dead by the rules (their positions are enclosed) "
                "but in no dead pile; mark them x and put them in their holders' dead piles"
            )
        if piles & ~by_rule:
            raise NotationError(
                f"card(s) {cards_text(piles & ~by_rule)} are in a dead pile but their positions are not enclosed"
            )
        if sum(self._kills) != piles.bit_count():
            raise NotationError(
                f"KILLS add up to {sum(self._kills)} but {piles.bit_count()} cards are dead "
                "(every dead card is one kill of someone)"
            )

    def _check_seat(self, seat: int) -> None:
        if self._status[seat] != IN and self._hands[seat]:
            raise NotationError(f"seat {seat} left the round (EXITS) but still holds {cards_text(self._hands[seat])}")

    def _places(self, seat: int) -> Sequence[tuple[str, int]]:
        return (("HANDS", self._hands[seat]), ("DEAD", self._dead[seat]))

    # ------------------------------------------------------------------ secrecy
    def _private(self, seat: int) -> int:
        return 0 if self.rules.dead_cards_visible else self._dead[seat]


__all__ = ["ELIMINATED", "FINISHED", "IN", "STATUS_NAMES", "Event", "Result", "State"]
