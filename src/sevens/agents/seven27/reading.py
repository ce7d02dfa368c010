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
        pool=ALL_CARDS & ~reduce(or_, (sv.up | sv.down for sv in view.seats)),
        deck_count=view.deck_count,
        stands=tuple(sv.stands for sv in view.seats),
        refusal_limit=view.rules.refusal_limit,
        card_round=view.phase == "card",
        took_before=took_before,
        choices=choices,
    )


def _replay(view: View, order: tuple[int, ...]) -> tuple[tuple[Choice, ...], bool]:
    """Other players' choices from the public history, and whether a card was taken earlier in this card round."""
    me, n = view.seat, len(view.seats)
    up, down, bets = [0] * n, [0] * n, [0] * n
    high = raises = 0
    betting_round, in_betting = 1, True
    last_card_line = -1  # where in ``order`` the seat of the last take/stand line sits
    took = False  # a card was taken in the card round of the last take/stand line
    choices: list[Choice] = []
    for words in map(str.split, view.history):
        if words[0] == "d":  # "d p2 5s up" / "d p2 ?? down"
            _receive(up, down, int(words[1][1:]), words[2:])
            continue
        seat, kind_name = int(words[0][1:]), words[1]
        if kind_name in ("ante", "show", "win"):
            continue
        kind = _KIND[kind_name]
        if kind in (TAKE, STAND):
            position = order.index(seat)
            if in_betting or position <= last_card_line:  # each card round runs clockwise: a new one began
                in_betting, took = False, False
            last_card_line = position
            took |= kind == TAKE
            if seat != me:
                choices.append(Choice(seat, kind, up[seat], down[seat]))
            if kind == TAKE:  # "p1 take 5s up" / "p1 take ?? down"
                _receive(up, down, seat, words[2:])
            continue
        if not in_betting:  # a betting round after a card round with a card taken
            in_betting, betting_round = True, betting_round + 1
            bets, high, raises = [0] * n, 0, 0
        if seat != me:
            raise_ok = raises < view.rules.raise_cap or not high
            small = betting_round < BIG_BET_FROM_ROUND
            choices.append(Choice(seat, kind, up[seat], down[seat], high - bets[seat], raise_ok, small, raises))
        bets[seat] += int(words[2]) if len(words) > 2 and words[2].isdigit() else 0
        high = max(high, bets[seat])
        raises += kind == RAISE
    # the seat's card round is that of the last take/stand line if the seat comes after it, else a new one
    same_card_round = view.phase == "card" and not in_betting and me is not None and order.index(me) > last_card_line
    return tuple(choices), same_card_round and took


def _receive(up: list[int], down: list[int], seat: int, words: list[str]) -> None:
    """Cards dealt or taken: ``5s up`` or ``?? down`` (one ``??`` for each card this seat may not see)."""
    if words[-1] == "up":
        up[seat] |= mask_of(parse_cards(" ".join(words[:-1])))
    else:
        down[seat] += len(words) - 1


__all__ = ["Choice", "Table", "read_table"]
