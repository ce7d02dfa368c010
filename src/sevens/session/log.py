"""The move log as structured entries: what a front-end shows, in the player's language, for every action and
rule event of a round.

:func:`log_entries` reads the ``history`` of a view dictionary (``state.view(seat).to_dict()`` or the server's
public view) and returns one entry per line: ``{"seat": int | None, "key": str, "params": {...}}``, where
``key`` is a message of ``locale/game.json``. In ``params`` a card or cards are notation text under ``card``
/ ``cards`` (``"8h"``, ``"8h 9h"``; ``??`` for a card the viewer may not see), seats are 0-based ints under
keys ending in ``seat`` (a front-end names them as its players see them) and counts and chips are ints.

A move the turn clock made (E4) is its own entry: ``event.timeout_pass`` for a pass, otherwise
``event.timeout`` followed by the move itself. ``timeouts`` holds the numbers (from 1) of those moves.

>>> view = {"history": [[0, "7h"], [1, "pass"], [2, "eliminated 8h 9h"]]}
>>> [(e["key"], e["params"]) for e in log_entries("shichinarabe", view, timeouts={2})]
... # doctest: +NORMALIZE_WHITESPACE
[('log.play', {'seat': 0, 'card': '7h'}), ('event.timeout_pass', {'seat': 1}),
 ('event.eliminated', {'seat': 2, 'cards': '8h 9h'})]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypedDict

from sevens.i18n import Lang, catalogue, t


class LogEntry(TypedDict):
    """One line of the move log: who (``None`` for the table as a whole), the message key, its parameters."""

    seat: int | None
    key: str
    params: dict[str, Any]


_CARD = re.compile(r"^[A2-9TJQK][shdc]$")
_SEVEN27_ACTIONS = frozenset({"check", "bet", "call", "raise", "fold", "take", "stand"})
_ALL_IN = frozenset({"ante", "bet", "call", "raise"})


def log_entries(family: str, view: Mapping[str, Any], timeouts: Collection[int] = ()) -> list[LogEntry]:
    """The structured move log of ``view`` (a view dictionary of ``family``); see the module's text."""
    history = view.get("history") or []
    if family == "seven27":
        lines: Iterable[tuple[LogEntry, bool]] = (_seven27_entry(str(text)) for text in history)
    elif family in ("shichinarabe", "killer"):
        lines = (_seat_entry(int(seat), str(text)) for seat, text in history)
    else:
        raise ValueError(f"no move log is defined for the family {family!r}")
    entries: list[LogEntry] = []
    moves = 0
    for entry, is_move in lines:
        if is_move:
            moves += 1
            if moves in timeouts:
                if entry["key"] == "log.pass":
                    entry = _entry(entry["seat"], "event.timeout_pass", seat=entry["seat"])
                else:
                    entries.append(_entry(entry["seat"], "event.timeout", seat=entry["seat"]))
        entries.append(entry)
    return entries


def format_entry(entry: LogEntry, lang: Lang, seat_name: Any = None) -> str:
    """One entry as text in ``lang``; ``seat_name(seat)`` names seats (default: 1-based numbers, as in
    ``locale/game.json``'s ``log.seat``)."""
    name = seat_name or (lambda seat: t("log.seat", lang, number=seat + 1))
    params = {key: name(value) if key.endswith("seat") else value for key, value in entry["params"].items()}
    return t(entry["key"], lang, **params)


def action_text(text: str, lang: Lang) -> str:
    """A legal action's notation (``8h``, ``pass``, ``Jk+9h``, ``swap 8h``, ``check`` …) in words of ``lang``;
    a card stays in card notation, and text that is no known action is returned as it is."""
    if _CARD.match(text):
        return text
    word, _, rest = text.partition(" ")
    if text.startswith("Jk+"):
        return t("action.joker_below", lang, card=text[3:])
    if text.endswith("+Jk"):
        return t("action.joker_above", lang, card=text[:-3])
    if word == "swap":
        return t("action.swap", lang, card=rest)
    key = f"action.{text}"
    return t(key, lang) if key in catalogue() else text


def _entry(seat: int | None, key: str, /, **params: Any) -> LogEntry:
    return {"seat": seat, "key": key, "params": params}


def _seat_entry(seat: int, text: str) -> tuple[LogEntry, bool]:
    """A Shichi-narabe or Killer line ``(seat, text)``; the flag says whether it is a player's move."""
    word, _, rest = text.partition(" ")
    if _CARD.match(text):
        return _entry(seat, "log.play", seat=seat, card=text), True
    if text == "pass":
        return _entry(seat, "log.pass", seat=seat), True
    if text.startswith("Jk+"):
        return _entry(seat, "log.joker_below", seat=seat, card=text[3:]), True
    if text.endswith("+Jk"):
        return _entry(seat, "log.joker_above", seat=seat, card=text[:-3]), True
    if word == "swap":
        return _entry(seat, "log.swap", seat=seat, card=rest), True
    if word == "ghost":
        ghost, speaker = (int(n) for n in rest.split())
        return _entry(ghost, "log.ghost", ghost_seat=ghost, speaker_seat=speaker), True
    if word == "exchange":
        return _entry(seat, "event.exchange", seat=seat, card=rest), False
    if word == "eliminated":
        if rest:
            return _entry(seat, "event.eliminated", seat=seat, cards=rest), False
        return _entry(seat, "event.eliminated_empty", seat=seat), False
    if word == "jokers_removed":
        return _entry(None, "event.jokers_removed", count=int(rest)), False
    if word == "dead":
        cards, _, by = rest.rpartition(" by ")
        if "??" in cards:
            return _entry(seat, "event.dead_hidden", seat=seat, count=len(cards.split()), by_seat=int(by)), False
        return _entry(seat, "event.dead", seat=seat, cards=cards, by_seat=int(by)), False
    if text == "stalemate":
        return _entry(None, "event.stalemate"), False
    if text in ("finished", "joker_stuck"):
        return _entry(seat, f"event.{text}", seat=seat), False
    raise ValueError(f"unknown move log line {text!r} (seat {seat})")


def _seven27_entry(text: str) -> tuple[LogEntry, bool]:
    """A Seven Twenty-Seven operation line (``p1 call 3 all-in``, ``d p2 5s down``, ``p0 win 12 pot 1``)."""
    words = text.split()
    if words[0] == "d":  # the dealer's deal: d p2 5s down
        seat = int(words[1][1:])
        return _entry(seat, f"s27.deal_{words[-1]}", seat=seat, cards=" ".join(words[2:-1])), False
    seat, kind, rest = int(words[0][1:]), words[1], words[2:]
    is_move = kind in _SEVEN27_ACTIONS
    if kind == "take":
        return _entry(seat, f"s27.take_{rest[-1]}", seat=seat, cards=" ".join(rest[:-1])), True
    if kind == "show":
        return _entry(seat, "s27.show", seat=seat, cards=" ".join(rest)), False
    if kind == "win":
        amount, pot = int(rest[0]), int(rest[2]) if len(rest) > 2 else 0
        if pot:
            return _entry(seat, "s27.win_side", seat=seat, amount=amount, side=pot), False
        return _entry(seat, "s27.win_main", seat=seat, amount=amount), False
    if kind in _ALL_IN:
        key = f"s27.{kind}_all_in" if "all-in" in rest else f"s27.{kind}"
        return _entry(seat, key, seat=seat, amount=int(rest[0]) if rest else 0), is_move
    if kind in ("check", "fold", "stand"):
        return _entry(seat, f"s27.{kind}", seat=seat), True
    raise ValueError(f"unknown Seven Twenty-Seven log line {text!r}")


__all__ = ["LogEntry", "action_text", "format_entry", "log_entries"]
