"""Position text: any Seven Twenty-Seven deal in one line, like FEN in chess.

Twelve fields, separated by spaces::

    RULES  DEALER  ROUND  PHASE  DOWN  UP  STACKS  IN  BETS  STANDS  FOLDED  DECK

- ``RULES``: the rules' text (``seven27``, ``seven27,tie_rule=equal`` …); players = number of hands.
- ``DEALER``: the dealer's seat. ``ROUND``: the number of the current (or last) betting round, from 1.
- ``PHASE``: ``b2`` betting round, seat 2 to act; ``c0`` card round, seat 0 to act, ``c0+`` when someone has
  already taken a card this card round; ``end`` when the deal is over.
- ``DOWN``, ``UP``: each seat's face-down and face-up cards, ``/``-separated, run together (``5sAh``), ``-`` for none.
- ``STACKS``: chips behind per seat (after the payout once the deal is over); ``IN``: chips each seat put in this
  deal; ``BETS``: chips put in this betting round; ``STANDS``: stands so far. All comma-separated.
- ``FOLDED``: folded seats, comma-separated, ``-`` for none.
- ``DECK``: the undealt cards in dealing order, ``-`` for none. When reading, a final ``*`` stands for every card
  not yet placed, in card order (A♠ … K♠, A♥ … K♣): ``*`` alone, or ``7h5c*`` for a deck whose next cards are
  7♥ then 5♣.

Who still has to act in a betting round follows from the bets: before any bet, the seats from the one to act
to the dealer; after one, every seat still in with chips behind whose bet is below the highest.

>>> text = "seven27 2 1 b0 5s/Ks/9s Tc/Ah/Ad 99,99,99 1,1,1 0,0,0 0,0,0 - *"
>>> state = parse_position(text)
>>> state.to_move, [str(a) for a in state.legal_actions()], state.pot
(0, ['check', 'bet'], 3)
>>> parse_position(state.position()) == state
True
"""

from __future__ import annotations

from sevens.cards import ALL_CARDS, DECK_SIZE, cards_text, iter_bits, mask_of, parse_card, split_card_tokens
from sevens.errors import NotationError, expect_text
from sevens.games.positions import check_seat_count, per_seat, seat_number, whole_number
from sevens.games.seven27.rules import parse_rules_text
from sevens.games.seven27.state import BETTING, CARDS, State

_FIELDS = "RULES DEALER ROUND PHASE DOWN UP STACKS IN BETS STANDS FOLDED DECK"


def parse_position(text: str) -> State:
    """Read a position; raises :class:`NotationError` saying which field is wrong and why."""
    expect_text(text, "a position", "seven27 …")
    fields = text.split()
    if len(fields) != 12:
        raise NotationError(f"a position has 12 space-separated fields ({_FIELDS}), got {len(fields)}")
    rules_text, dealer_text, round_text, phase_text, down_text, up_text = fields[:6]
    stacks_text, in_text, bets_text, stands_text, folded_text, deck_text = fields[6:]
    downs = [mask_of(_cards(h, "DOWN")) for h in down_text.split("/")]
    n = len(downs)
    rules = parse_rules_text(rules_text, players=n)
    ups = [mask_of(_cards(h, "UP")) for h in up_text.split("/")]
    check_seat_count(ups, n, "UP", "DOWN lists")
    stacks, committed, bets, stands = (
        per_seat(t, n, name, "DOWN lists")
        for t, name in ((stacks_text, "STACKS"), (in_text, "IN"), (bets_text, "BETS"), (stands_text, "STANDS"))
    )
    state = State._blank(rules, seat_number(dealer_text, n, "DEALER"), None, stacks)
    state._down, state._up, state._in, state._bets, state._stands = downs, ups, committed, bets, stands
    state._deck = _deck(deck_text, downs, ups)
    for entry in [] if folded_text == "-" else folded_text.split(","):
        state._folded |= 1 << seat_number(entry, n, "FOLDED")
    state._round = whole_number(round_text, "ROUND")
    _check_round(state, phase_text)
    _read_phase(state, phase_text)
    return state


def _check_round(state: State, phase_text: str) -> None:
    """What the round, the folds, the bets and the stands must agree on, whatever the phase."""
    if state._round < 1:
        raise NotationError("ROUND: betting rounds are numbered from 1")
    if not state.contenders:
        raise NotationError("FOLDED: every seat folded; at least one must still be in")
    if len(state.contenders) == 1 and phase_text != "end":
        raise NotationError("PHASE: only one seat is still in, so the deal is over (write 'end')")
    _check_seats(state)
    if not phase_text.startswith("b") and any(state._bets):
        raise NotationError("BETS: bets are collected when a betting round ends; outside one they must all be 0")


def _check_seats(state: State) -> None:
    """No seat bet more this round than it put in, nor stood more often than the rules allow."""
    limit = state.rules.refusal_limit
    for s in range(state.players):
        if state._bets[s] > state._in[s]:
            raise NotationError(f"BETS: seat {s} bet {state._bets[s]} this round but put in only {state._in[s]}")
        if limit is not None and state._stands[s] > limit:
            raise NotationError(f"STANDS: seat {s} stood {state._stands[s]} times; the limit is {limit}")


def _read_phase(state: State, text: str) -> None:
    n = state.players
    if text == "end":
        state._settle()
    elif text[:1] in ("b", "c"):
        _read_turn(state, text)
    else:
        raise NotationError(f"PHASE: {text!r}; expected b<seat> (betting), c<seat> or c<seat>+ (card round), or end")
    state._start = [state._stack[s] + state._in[s] - state._won[s] for s in range(n)]
    if state._phase == BETTING:
        _read_betting_round(state)
    if state._phase == CARDS and not state.can_take(state._turn):
        raise NotationError(f"PHASE: seat {state._turn} may not take a card (folded, refusal limit or empty deck)")


def _read_turn(state: State, text: str) -> None:
    """``b<seat>``, ``c<seat>`` or ``c<seat>+``: the round's kind, the seat to act, and whether a card was taken."""
    took = text.endswith("+")
    state._phase = BETTING if text[0] == "b" else CARDS
    state._turn = seat_number(text[1 : len(text) - took], state.players, "PHASE")
    if took and state._phase == BETTING:
        raise NotationError("PHASE: '+' (a card taken this card round) belongs to a card round, e.g. c2+")
    state._took = took


def _read_betting_round(state: State) -> None:
    """The highest bet, the raises and who still has to act follow from the bets (see the module's text)."""
    size = state.rules.bet_size(state._round)
    high = max(state._bets)
    state._high = high
    state._raises = max(high // size - 1, 0)
    able = state._able()
    if high:
        state._need = sum(1 << s for s in range(state.players) if able >> s & 1 and state._bets[s] < high)
    else:
        first = state._order.index(state._turn)
        state._need = sum(1 << s for s in state._order[first:] if able >> s & 1)
    _check_betting_round(state, size, able)


def _check_betting_round(state: State, size: int, able: int) -> None:
    high = state._high
    if high % size or state._raises > state.rules.raise_cap:
        raise NotationError(
            f"BETS: the highest bet {high} is not the opening bet of {size} plus at most "
            f"{state.rules.raise_cap} raises of {size}"
        )
    if not high and able.bit_count() < 2:
        raise NotationError("PHASE: a betting round with fewer than two players able to bet has no actions")
    if not state._need >> state._turn & 1:
        raise NotationError(
            f"PHASE: seat {state._turn} has nothing to do in this betting round (folded, all-in or done)"
        )


def _cards(text: str, field: str, held: int = 0, twice: str = "is listed twice") -> list[int]:
    """The cards of ``text`` (``-``: none), each listed once and none of them in ``held``."""
    seen, cards = held, []
    for token in split_card_tokens("" if text == "-" else text):
        c = parse_card(token)
        if seen >> c & 1:
            raise NotationError(f"{field}: {token} {twice}")
        seen |= 1 << c
        cards.append(c)
    return cards


def _deck(text: str, downs: list[int], ups: list[int]) -> tuple[int, ...]:
    held = 0
    for part in (*downs, *ups):
        if held & part:
            raise NotationError(f"card(s) {cards_text(held & part)} are in two places")
        held |= part
    deck = _cards(text.removesuffix("*"), "DECK", held, "is already in a hand or listed twice")
    missing = ALL_CARDS & ~(held | mask_of(deck))
    if missing and not text.endswith("*"):  # a final '*' places the missing cards in card order
        raise NotationError(f"card(s) {cards_text(missing)} are nowhere (each of the {DECK_SIZE} cards once)")
    return (*deck, *iter_bits(missing))


__all__ = ["parse_position"]
