"""Position text: any Killer sevens state in one line, like FEN in chess.

Fields, separated by spaces::

    RULES  ROWS  HANDS  DEAD  KILLS  TURN  PASSES  EXITS  DEALER  STREAK

- ``RULES``: the rules' text (``killer``, ``killer,death=horizontal`` …); players = number of hands.
- ``ROWS``: the four rows s/h/d/c, 13 characters A…K each: the rank where the card is on the table, ``x``
  where the position is dead, ``.`` where it is empty.
- ``HANDS``: each seat's hand, ``/``-separated, cards run together (``2s3s``), ``-`` for none. When reading,
  one hand may be ``*``: every card that is not on the table, in another hand or in a dead pile.
- ``DEAD``: each seat's dead pile, ``/``-separated, like HANDS (no ``*``); a lone ``-`` when nothing died.
- ``KILLS``: kills per seat, comma-separated. ``TURN``: the seat to move, ``-`` when the round is over.
- ``PASSES``: passes used per seat, comma-separated.
- ``EXITS``: who left, in order: ``2f`` finished (hand empty, C5), ``1x`` eliminated; ``-`` for nobody.
- ``DEALER``: the dealer's seat. ``STREAK``: passes in a row (for the stalemate rule).

>>> state = parse_position("killer ......7....../......7....../.....67....../......7...... "
...                        "8s9s/Ac/* - 0,0,0 1 0,0,0 - 2 0")
>>> state.to_move, [str(a) for a in state.legal_actions()]
(1, ['pass'])
>>> from sevens.games.killer.actions import PASS_ACTION
>>> state.apply(PASS_ACTION); [str(a) for a in state.legal_actions()]
['6s', '5h', '6h', '8h', '5d', '8d', '5c', '6c', '8c', 'pass']
>>> parse_position(state.position()) == state
True
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from sevens.cards import ALL_CARDS, RANKS, ROW, SEVENS_MASK, SUITS, cards_text, parse_card, split_card_tokens
from sevens.errors import NotationError, RulesError, expect_text
from sevens.games.killer.rules import parse_rules_text
from sevens.games.killer.state import ELIMINATED, FINISHED, IN, State
from sevens.games.killer.view import DEAD_MARK, EMPTY_MARK, grid_rows
from sevens.games.positions import check_seat_count, per_seat, seat_number, whole_number

FIELDS = "RULES ROWS HANDS DEAD KILLS TURN PASSES EXITS DEALER STREAK"
_EXIT_CODES = {FINISHED: "f", ELIMINATED: "x"}
_EXIT_KINDS = {v: k for k, v in _EXIT_CODES.items()}


def format_position(state: State) -> str:
    n = state.players
    fields = [
        state.rules.text(),
        "/".join(grid_rows(state.table, state.dead_positions)),
        "/".join(cards_text(state.hand(s), sep="") or "-" for s in range(n)),
        "/".join(cards_text(state.dead_pile(s), sep="") or "-" for s in range(n)),
        ",".join(str(state.kills(s)) for s in range(n)),
        "-" if state.to_move is None else str(state.to_move),
        ",".join(str(state.passes_used(s)) for s in range(n)),
        ",".join(f"{s}{_EXIT_CODES[k]}" for s, k in state._exits) or "-",
        str(state.dealer),
        str(state.pass_streak),
    ]
    return " ".join(fields)


def parse_position(text: str) -> State:
    """Read a position; raises :class:`NotationError` saying which field is wrong and why."""
    expect_text(text, "a position", "killer …")
    fields = text.split()
    if len(fields) != 10:
        raise NotationError(f"a position has 10 space-separated fields ({FIELDS}), got {len(fields)}")
    rules_text, rows_text, hands_text, dead_text, kills_text, turn_text, passes_text, exits_text = fields[:8]
    dealer_text, streak_text = fields[8:]
    hand_texts = hands_text.split("/")
    try:
        rules = parse_rules_text(rules_text, players=len(hand_texts))
    except RulesError as exc:
        raise NotationError(f"RULES: {exc} (HANDS lists {len(hand_texts)} seats)") from exc
    n = rules.players
    table, marked = _parse_rows(rows_text)
    hands = [_parse_cards(h, f"HANDS: seat {i}") for i, h in enumerate(hand_texts)]
    dead_texts = ["-"] * n if dead_text == "-" else dead_text.split("/")
    check_seat_count(dead_texts, n, "DEAD")
    if "*" in dead_texts:
        raise NotationError("DEAD: '*' is only allowed in HANDS")
    dead = [_parse_cards(d, f"DEAD: seat {i}") for i, d in enumerate(dead_texts)]
    rest = [i for i, h in enumerate(hand_texts) if h == "*"]
    if len(rest) > 1:
        raise NotationError("HANDS: only one hand may be '*' (the rest of the cards)")
    if rest:
        hands[rest[0]] = ALL_CARDS & ~table & ~reduce(or_, hands) & ~reduce(or_, dead)
    state = State._blank(rules, seat_number(dealer_text, n, "DEALER"), None, hands)
    state._dead = dead
    state._deadpos = reduce(or_, dead)
    state._set_table(table)
    state._kills = per_seat(kills_text, n, "KILLS")
    state._passes = per_seat(passes_text, n, "PASSES")
    state._streak = whole_number(streak_text, "STREAK")
    for entry in [] if exits_text == "-" else exits_text.split(","):
        seat, kind = seat_number(entry[:-1], n, "EXITS"), _EXIT_KINDS.get(entry[-1:])
        if kind is None:
            raise NotationError(
                f"EXITS entry {entry!r}: expected a seat then f (finished: hand empty) or x (eliminated), e.g. 2f"
            )
        if state._status[seat] != IN:
            raise NotationError(f"EXITS lists seat {seat} twice")
        state._exits.append((seat, kind))
        state._status[seat] = kind
    state._in = state._status.count(IN)
    state._turn = -1 if turn_text == "-" else seat_number(turn_text, n, "TURN")
    _validate(state, marked)
    return state


def _parse_rows(text: str) -> tuple[int, int]:
    rows = text.split("/")
    if len(rows) != 4 or any(len(r) != ROW for r in rows):
        raise NotationError(f"ROWS must be 4 rows (s/h/d/c) of 13 characters each, got {text!r}")
    table = dead = 0
    for suit, row in enumerate(rows):
        for rank, ch in enumerate(row):
            bit = 1 << (suit * ROW + rank)
            if ch.upper() == RANKS[rank]:
                table |= bit
            elif ch.lower() == DEAD_MARK:
                dead |= bit
            elif ch != EMPTY_MARK:
                raise NotationError(
                    f"ROWS: {SUITS[suit]} row position {rank + 1} is {ch!r}; allowed: "
                    f"{RANKS[rank]} (card out), {DEAD_MARK} (dead) or {EMPTY_MARK} (empty)"
                )
    return table, dead


def _parse_cards(text: str, where: str) -> int:
    if text in ("-", "*"):
        return 0
    mask = 0
    try:
        for token in split_card_tokens(text):
            c = parse_card(token)
            if mask >> c & 1:
                raise NotationError(f"{where} lists {token} twice")
            mask |= 1 << c
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from exc
    return mask


def _validate(state: State, marked: int) -> None:
    _validate_cards(state, marked)
    n, limit = state.players, state.rules.pass_limit
    if sum(state._kills) != state.dead_positions.bit_count():
        raise NotationError(
            f"KILLS add up to {sum(state._kills)} but {state.dead_positions.bit_count()} cards are dead "
            "(every dead card is one kill of someone)"
        )
    for s in range(n):
        if limit is not None and state.passes_used(s) > limit:
            raise NotationError(f"PASSES: seat {s} used {state.passes_used(s)} passes; the limit is {limit}")
        if state._status[s] == IN and not state.hand(s):
            raise NotationError(f"seat {s} holds no cards but is not listed in EXITS (C5: an empty hand leaves)")
        if state._status[s] != IN and state.hand(s):
            raise NotationError(f"seat {s} left the round (EXITS) but still holds {cards_text(state.hand(s))}")
    over = state._in == 0 or (limit is None and state.pass_streak >= state._in)
    if over != (state.to_move is None):
        raise NotationError(
            "TURN must be '-' exactly when the round is over (nobody holds cards, or a stalemate: "
            "with pass_limit=none everyone still in passed in a row)"
        )
    p = state.to_move
    if p is not None:
        if state._status[p] != IN:
            raise NotationError(f"TURN: seat {p} is not in the round")
        if not state.legal_actions():
            raise NotationError(f"TURN: seat {p} has no legal action; such a player is eliminated before moving (B9)")


def _validate_cards(state: State, marked: int) -> None:
    if state.table & SEVENS_MASK != SEVENS_MASK:
        raise NotationError("ROWS: the four 7s are on the table from the start (C1)")
    seen = state.table
    for s in range(state.players):
        for where, mask in (("HANDS", state.hand(s)), ("DEAD", state.dead_pile(s))):
            if seen & mask:
                raise NotationError(f"{where}: seat {s}'s card(s) {cards_text(seen & mask)} are in two places")
            seen |= mask
    if seen != ALL_CARDS:
        raise NotationError(f"card(s) {cards_text(ALL_CARDS & ~seen)} are nowhere (every card must be placed once)")
    piles = state.dead_positions
    if marked != piles:
        raise NotationError(
            f"ROWS marks {cards_text(marked) or 'nothing'} dead (x) "
            f"but the dead piles hold {cards_text(piles) or 'nothing'}"
        )
    by_rule = state._dead_by_rule()
    if by_rule & ~piles:
        raise NotationError(
            f"card(s) {cards_text(by_rule & ~piles)} are dead by the rules (their positions are enclosed) "
            "but in no dead pile; mark them x and put them in their holders' dead piles"
        )
    if piles & ~by_rule:
        raise NotationError(
            f"card(s) {cards_text(piles & ~by_rule)} are in a dead pile but their positions are not enclosed"
        )
