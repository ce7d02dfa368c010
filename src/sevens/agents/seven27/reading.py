"""What a seat can read from its view: the table as numbers, and every choice the other players made.

:func:`read_table` turns a view into a :class:`Table` (contenders in playing order, what each one's visible
cards count, how many down cards are unknown, the unseen cards, where the card round stands) and replays the
public history into :class:`Choice` records: the up cards and betting situation behind each other player's
action, for the opponent model (:mod:`.inference`). Other seats' down cards appear only as ``??``.

>>> from sevens.games.seven27 import Rules, State, parse_action
>>> state = State.new(Rules.preset("seven27", players=3), seed=1)
>>> for text in ("bet", "call", "call", "take", "stand"):
...     state.apply(parse_action(text))
>>> table = read_table(state.view(2))
>>> table.order, table.unknown, table.took_before, [(c.seat, c.kind_name, c.to_call) for c in table.choices]
((0, 1, 2), (1, 1, 0), True, [(0, 'bet', 0), (1, 'call', 5), (0, 'take', 0), (1, 'stand', 0)])"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import or_

from sevens.cards import ALL_CARDS, mask_of, parse_cards
from sevens.games.seven27.actions import KIND_NAMES, RAISE, STAND, TAKE
from sevens.games.seven27.rules import BIG_BET_FROM_ROUND
from sevens.games.seven27.view import View

from .hands import Scoring

_KIND = {name: kind for kind, name in enumerate(KIND_NAMES)}


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of another player: its kind (an action kind of :mod:`~sevens.games.seven27.actions`), the up
    cards and number of down cards it held then, and for a betting action the situation it faced."""

    seat: int
    kind: int
    up: int
    down_count: int
    to_call: int = 0
    raise_ok: bool = True
    small_bets: bool = True
    raises: int = 0

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]


@dataclass(frozen=True, slots=True)
class Table:
    """The seat's reading of the deal. Sequences are indexed by seat."""

    me: int
    scoring: Scoring
    order: tuple[int, ...]  # contenders (not folded), clockwise from the dealer's left
    base: tuple[int, ...]  # what the cards this seat can see count, per seat (ace as 1, in halves)
    aces: tuple[int, ...]
    unknown: tuple[int, ...]  # down cards of each seat this seat cannot see
    pool: int  # every card this seat has not seen: the deck, unknown down cards, folded seats' down cards
    deck_count: int
    stands: tuple[int, ...]
    refusal_limit: int | None
    card_round: bool  # the decision is take or stand
    took_before: bool  # someone already took a card in this card round
    choices: tuple[Choice, ...]


def read_table(view: View) -> Table:
    """The :class:`Table` of ``view``'s seat (which must be a player, not a spectator)."""
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to play for")
    scoring = Scoring.of(view.rules)
    n = len(view.seats)
    order = tuple((view.dealer + 1 + i) % n for i in range(n))  # clockwise from the dealer's left
    hands = [scoring.hand(sv.up | sv.down) for sv in view.seats]
    choices, took_before = _replay(view, order)
    return Table(
        me=view.seat,
        scoring=scoring,
        order=tuple(s for s in order if not view.seats[s].folded),
        base=tuple(base for base, _ in hands),
        aces=tuple(aces for _, aces in hands),
        unknown=tuple(sv.down_count - sv.down.bit_count() for sv in view.seats),
        pool=_unseen(view),
        deck_count=view.deck_count,
        stands=tuple(sv.stands for sv in view.seats),
        refusal_limit=view.rules.refusal_limit,
        card_round=view.phase == "card",
        took_before=took_before,
        choices=choices,
    )


def _unseen(view: View) -> int:
    """Every card the seat has not seen: the deck, others' unknown down cards, folded seats' down cards."""
    return ALL_CARDS & ~reduce(or_, (sv.up | sv.down for sv in view.seats))


def _replay(view: View, order: tuple[int, ...]) -> tuple[tuple[Choice, ...], bool]:
    """Other players' choices from the public history, and whether a card was taken earlier in this card round."""
    reader = _HistoryReader(view, order)
    for words in map(str.split, view.history):
        reader.read(words)
    return tuple(reader.choices), reader.took_in_my_card_round()


class _HistoryReader:
    """Replays the public history line by line: the cards each seat showed and received, the bets of the
    current betting round, and where the card rounds begin."""

    def __init__(self, view: View, order: tuple[int, ...]) -> None:
        n = len(view.seats)
        self.view, self.order, self.me, self.players = view, order, view.seat, n
        self.up, self.down, self.bets = [0] * n, [0] * n, [0] * n
        self.high = self.raises = 0
        self.betting_round, self.in_betting = 1, True
        self.last_card_line = -1  # where in ``order`` the seat of the last take/stand line sits
        self.took = False  # a card was taken in the card round of the last take/stand line
        self.choices: list[Choice] = []

    def read(self, words: list[str]) -> None:
        if words[0] == "d":  # "d p2 5s up" / "d p2 ?? down"
            _receive(self.up, self.down, int(words[1][1:]), words[2:])
            return
        seat, kind_name = int(words[0][1:]), words[1]
        if kind_name in ("ante", "show", "win"):
            return
        kind = _KIND[kind_name]
        if kind in (TAKE, STAND):
            self._card_line(seat, kind, words)
        else:
            self._bet_line(seat, kind, words)

    def _card_line(self, seat: int, kind: int, words: list[str]) -> None:
        position = self.order.index(seat)
        if self.in_betting or position <= self.last_card_line:  # each card round runs clockwise: a new one began
            self.in_betting, self.took = False, False
        self.last_card_line = position
        self.took |= kind == TAKE
        if seat != self.me:
            self.choices.append(Choice(seat, kind, self.up[seat], self.down[seat]))
        if kind == TAKE:  # "p1 take 5s up" / "p1 take ?? down"
            _receive(self.up, self.down, seat, words[2:])

    def _bet_line(self, seat: int, kind: int, words: list[str]) -> None:
        if not self.in_betting:  # a betting round after a card round with a card taken
            self.in_betting, self.betting_round = True, self.betting_round + 1
            self.bets, self.high, self.raises = [0] * self.players, 0, 0
        bets, high, raises = self.bets, self.high, self.raises
        if seat != self.me:
            raise_ok = raises < self.view.rules.raise_cap or not high
            small = self.betting_round < BIG_BET_FROM_ROUND
            self.choices.append(
                Choice(seat, kind, self.up[seat], self.down[seat], high - bets[seat], raise_ok, small, raises)
            )
        bets[seat] += int(words[2]) if len(words) > 2 and words[2].isdigit() else 0
        self.high = max(high, bets[seat])
        self.raises += kind == RAISE

    def took_in_my_card_round(self) -> bool:
        """The seat's card round is that of the last take/stand line if the seat comes after it, else a new one."""
        me = self.me
        same = self.view.phase == "card" and not self.in_betting and me is not None
        return same and self.order.index(me) > self.last_card_line and self.took


def _receive(up: list[int], down: list[int], seat: int, words: list[str]) -> None:
    """Cards dealt or taken: ``5s up`` or ``?? down`` (one ``??`` for each card this seat may not see)."""
    if words[-1] == "up":
        up[seat] |= mask_of(parse_cards(" ".join(words[:-1])))
    else:
        down[seat] += len(words) - 1


__all__ = ["Choice", "Table", "read_table"]
