"""Position text: any 七並べ state in one line, like FEN in chess.

Fields, separated by spaces::

    RULES  ROWS  HANDS  TURN  PASSES  EXITS  DEALER  STREAK  [OCCUPANTS]

- ``RULES``: the rules' text (``standard``, ``tunnel``, ``joker,jokers=2`` …); players = number of hands.
- ``ROWS``: the four rows s/h/d/c, 13 characters A…K each: the rank if the card is on the table, ``*`` for a
  joker standing there, ``.`` for empty.
- ``HANDS``: each seat's hand, ``/``-separated, cards run together (``2s3sJk``), ``-`` for none. When reading,
  one hand may be ``*``: every card that is neither on the table nor in another hand (jokers not included).
- ``TURN``: the seat to move, ``-`` when the round is over.
- ``PASSES``: passes used per seat, comma-separated.
- ``EXITS``: who left, in order: ``2f`` finished, ``1x`` eliminated, ``3j`` joker-stuck; ``-`` for nobody.
- ``DEALER``: the dealer's seat. ``STREAK``: passes in a row (for the stalemate rule, B11).
- ``OCCUPANTS`` (only after a ghost swap): the starting player in each seat, comma-separated.

>>> state = parse_position("standard ....56789..../......7....../......7....../......7...... "
...                        "As2s3s4sTsJsQsKs/AhKh/AdKd/* 0 0,0,0,0 - 3 0")
>>> [str(a) for a in state.legal_actions()]
['4s', 'Ts', 'pass']
>>> parse_position(state.position()) == state
True
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from sevens.cards import (
    ALL_CARDS,
    DECK_SIZE,
    JOKER_TEXT,
    RANKS,
    ROW,
    SEVEN_RANK_INDEX,
    SUITS,
    cards_text,
    is_joker_text,
    parse_card,
    split_card_tokens,
)
from sevens.errors import NotationError, RulesError, expect_text
from sevens.games.positions import per_seat, seat_number, whole_number
from sevens.games.shichinarabe.rules import parse_rules_text
from sevens.games.shichinarabe.state import ELIMINATED, FINISHED, IN, SEVEN_OF_DIAMONDS, STUCK, State

_EXIT_CODES = {FINISHED: "f", ELIMINATED: "x", STUCK: "j"}
_EXIT_KINDS = {v: k for k, v in _EXIT_CODES.items()}


def format_position(state: State) -> str:
    rows = []
    for suit in range(4):
        chars = []
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            chars.append("*" if state.joker_positions & bit else RANKS[rank] if state.table & bit else ".")
        rows.append("".join(chars))
    hands = [
        cards_text(state.hand(s), sep="") + JOKER_TEXT * state.jokers_in_hand(s) or "-" for s in range(state.players)
    ]
    exits = ",".join(f"{s}{_EXIT_CODES[k]}" for s, k in state._exits) or "-"
    fields = [
        state.rules.text(),
        "/".join(rows),
        "/".join(hands),
        "-" if state.to_move is None else str(state.to_move),
        ",".join(str(state.passes_used(s)) for s in range(state.players)),
        exits,
        str(state.dealer),
        str(state.pass_streak),
    ]
    if state.occupants != tuple(range(state.players)):
        fields.append(",".join(map(str, state.occupants)))
    return " ".join(fields)


def parse_position(text: str) -> State:
    """Read a position; raises :class:`NotationError` saying which field is wrong and why."""
    expect_text(text, "a position", "standard …")
    fields = text.split()
    if len(fields) not in (8, 9):
        raise NotationError(
            f"a position has 8 or 9 space-separated fields (RULES ROWS HANDS TURN PASSES EXITS DEALER STREAK "
            f"[OCCUPANTS]), got {len(fields)}"
        )
    rules_text, rows_text, hands_text, turn_text, passes_text, exits_text, dealer_text, streak_text = fields[:8]
    hand_texts = hands_text.split("/")
    try:
        rules = parse_rules_text(rules_text, players=len(hand_texts))
    except RulesError as exc:
        raise NotationError(f"RULES {rules_text!r} with {len(hand_texts)} hands: {exc}") from exc
    n = rules.players
    occupied, joker_at = _parse_rows(rows_text)
    hands, jokers = (list(x) for x in zip(*(_parse_hand(h, i) for i, h in enumerate(hand_texts)), strict=True))
    rest = [i for i, h in enumerate(hand_texts) if h == "*"]
    if len(rest) > 1:
        raise NotationError("HANDS: only one hand may be '*' (the rest of the cards)")
    if rest:
        hands[rest[0]] = ALL_CARDS & ~(occupied & ~joker_at) & ~reduce(or_, hands)  # a joker's card is not out
    state = State._blank(rules, seat_number(dealer_text, n, "DEALER"), None, hands, jokers)
    state._occupied, state._joker_at = occupied, joker_at
    state._removed = rules.jokers - sum(jokers) - joker_at.bit_count()
    state._passes = per_seat(passes_text, n, "PASSES")
    state._streak = whole_number(streak_text, "STREAK")
    for entry in [] if exits_text == "-" else exits_text.split(","):
        seat, kind = seat_number(entry[:-1], n, "EXITS"), _EXIT_KINDS.get(entry[-1:])
        if kind is None:
            raise NotationError(f"EXITS entry {entry!r}: expected a seat then f, x or j (e.g. 2f)")
        state._exits.append((seat, kind))
        state._status[seat] = kind
    state._in = state._status.count(IN)
    if len(fields) == 9:
        state._occupants = [seat_number(o, n, "OCCUPANTS") for o in fields[8].split(",")]
        if sorted(state._occupants) != list(range(n)):
            raise NotationError(f"OCCUPANTS must list each starting player 0 to {n - 1} once, got {fields[8]!r}")
    state._refresh_all()
    state._turn = -1 if turn_text == "-" else seat_number(turn_text, n, "TURN")
    _validate(state)
    return state


def _parse_rows(text: str) -> tuple[int, int]:
    rows = text.split("/")
    if len(rows) != 4 or any(len(r) != ROW for r in rows):
        raise NotationError(f"ROWS must be 4 rows (s/h/d/c) of 13 characters each, got {text!r}")
    occupied = joker_at = 0
    for suit, row in enumerate(rows):
        for rank, ch in enumerate(row):
            bit = 1 << (suit * ROW + rank)
            if ch == "*":
                if rank == SEVEN_RANK_INDEX:
                    raise NotationError(f"ROWS: a joker stands on 7{SUITS[suit]}; a joker may not stand for a 7 (B8a)")
                occupied |= bit
                joker_at |= bit
            elif ch.upper() == RANKS[rank]:
                occupied |= bit
            elif ch != ".":
                raise NotationError(
                    f"ROWS: {SUITS[suit]} row position {rank + 1} is {ch!r}; allowed: "
                    f"{RANKS[rank]} (card out), * (joker) or . (empty)"
                )
    return occupied, joker_at


def _parse_hand(text: str, seat: int) -> tuple[int, int]:
    if text in ("-", "*"):
        return 0, 0
    mask = jokers = 0
    for token in split_card_tokens(text):
        if is_joker_text(token):
            jokers += 1
            continue
        c = parse_card(token)
        if mask >> c & 1:
            raise NotationError(f"HANDS: seat {seat} lists {token} twice")
        mask |= 1 << c
    return mask, jokers


def _validate(state: State) -> None:
    n, rules = state.players, state.rules
    seen = state.table
    for s in range(n):
        both = seen & state.hand(s)
        if both:
            raise NotationError(f"card(s) {cards_text(both)} are in two places")
        seen |= state.hand(s)
    if seen != ALL_CARDS:
        raise NotationError(f"card(s) {cards_text(ALL_CARDS & ~seen)} are nowhere (every card must be placed once)")
    if state.removed_jokers < 0:
        raise NotationError(f"more jokers in play than the rules' {rules.jokers}")
    if state.joker_positions & ~state._occupied & ((1 << DECK_SIZE) - 1):
        raise NotationError("a joker stands outside the rows")
    for s in range(n):
        limit = rules.pass_limit
        if limit is not None and state.passes_used(s) > limit:
            raise NotationError(f"PASSES: seat {s} used {state.passes_used(s)} passes; the limit is {limit}")
        status = state._status[s]
        if status == IN and not state.hand_size(s):
            raise NotationError(f"seat {s} holds no cards but is not listed in EXITS")
        if status in (FINISHED, ELIMINATED) and state.hand_size(s):
            raise NotationError(f"seat {s} left the round but still holds cards")
        if status == STUCK and (state.hand(s) or not state.jokers_in_hand(s)):
            raise NotationError(f"seat {s} is joker-stuck but does not hold only jokers")
    if len({s for s, _ in state._exits}) != len(state._exits):
        raise NotationError("EXITS lists a seat twice")
    over = state._in <= 1 or (rules.pass_limit is None and state.pass_streak >= state._in)
    if over != (state.to_move is None):
        raise NotationError("TURN must be '-' exactly when the round is over (at most one player in, or a stalemate)")
    if state.to_move is not None:
        if state._status[state.to_move] != IN:
            raise NotationError(f"TURN: seat {state.to_move} is not in the round")
        if state._opening_pending() and not state.hand(state.to_move) >> SEVEN_OF_DIAMONDS & 1:
            raise NotationError(f"TURN: the first move must be 7d (B4), which seat {state.to_move} does not hold")
        if not state.legal_actions():
            raise NotationError(
                f"TURN: seat {state.to_move} has no legal action; such a player is eliminated before moving (B9)"
            )


def parse_hand_text(text: str) -> tuple[int, int]:
    """A hand's cards and joker count from text such as ``"2s 3s Jk"`` (for tests and tools)."""
    return _parse_hand(text.replace(" ", ""), 0)


__all__ = ["JOKER_TEXT", "format_position", "parse_card", "parse_hand_text", "parse_position"]
