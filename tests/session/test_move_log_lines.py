"""Each kind of move-log line read into its entry, exactly (sevens.session.log), and the helpers the front-ends
draw it with: where mutants survived the random games of tests/i18n/test_move_log.py (issue 43,
``bench/mutation.py session``), which check every line has an entry but not which seat, cards or amounts."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.cards import parse_card
from sevens.i18n import t
from sevens.session.hints import playable_cards
from sevens.session.log import LogEntry, action_text, format_entry, log_entries, pretty_card


def entries(family: str, history: list[Any], timeouts: set[int] | None = None) -> list[tuple[Any, ...]]:
    return [(e["seat"], e["key"], e["params"]) for e in log_entries(family, {"history": history}, timeouts or set())]


def test_every_seven_twenty_seven_line() -> None:
    history = ["d p2 5s 6h down", "p0 ante 1", "p1 take 5s up", "p1 bet 3", "p2 call 3 all-in", "p0 check",
               "p0 fold", "p1 stand", "p0 show 5s 6h", "p0 win 12 pot 1", "p1 win 7", "p2 win 4 pot 0",
               "p1 bet"]  # fmt: skip
    assert entries("seven27", history, timeouts={2, 7}) == [
        (2, "s27.deal_down", {"seat": 2, "cards": "5s 6h"}),
        (0, "s27.ante", {"seat": 0, "amount": 1}),  # not a move: the second move is the bet below
        (1, "s27.take_up", {"seat": 1, "cards": "5s"}),
        (1, "event.timeout", {"seat": 1}),
        (1, "s27.bet", {"seat": 1, "amount": 3}),
        (2, "s27.call_all_in", {"seat": 2, "amount": 3}),
        (0, "s27.check", {"seat": 0}),
        (0, "s27.fold", {"seat": 0}),
        (1, "s27.stand", {"seat": 1}),
        (0, "s27.show", {"seat": 0, "cards": "5s 6h"}),
        (0, "s27.win_side", {"seat": 0, "amount": 12, "side": 1}),
        (1, "s27.win_main", {"seat": 1, "amount": 7}),
        (2, "s27.win_main", {"seat": 2, "amount": 4}),  # side pot 0 is the main pot
        (1, "event.timeout", {"seat": 1}),  # the seventh move: deals, antes, shows and wins are not moves
        (1, "s27.bet", {"seat": 1, "amount": 0}),
    ]
    with pytest.raises(ValueError, match="unknown Seven Twenty-Seven log line 'p1 dance'"):
        log_entries("seven27", {"history": ["p1 dance"]})


def test_every_shichinarabe_and_killer_line() -> None:
    history = [[0, "Jk+9h"], [1, "8h+Jk"], [2, "swap 8h"], [3, "exchange 8d"], [0, "ghost 1 0"], [1, "eliminated"],
               [2, "eliminated 8h 9h"], [0, "jokers_removed 2"], [3, "dead 8h 9h by 2"], [3, "dead ?? ?? ?? by 1"],
               [0, "stalemate"], [1, "finished"], [2, "joker_stuck"], [3, "pass"]]  # fmt: skip
    assert entries("killer", history, timeouts={4, 5}) == [
        (0, "log.joker_below", {"seat": 0, "card": "9h"}),
        (1, "log.joker_above", {"seat": 1, "card": "8h"}),
        (2, "log.swap", {"seat": 2, "card": "8h"}),
        (3, "event.exchange", {"seat": 3, "card": "8d"}),  # a rule event, not a move
        (1, "event.timeout", {"seat": 1}),  # the fourth move, made by the turn clock
        (1, "log.ghost", {"ghost_seat": 1, "speaker_seat": 0}),
        (1, "event.eliminated_empty", {"seat": 1}),
        (2, "event.eliminated", {"seat": 2, "cards": "8h 9h"}),
        (None, "event.jokers_removed", {"count": 2}),
        (3, "event.dead", {"seat": 3, "cards": "8h 9h", "by_seat": 2}),
        (3, "event.dead_hidden", {"seat": 3, "count": 3, "by_seat": 1}),
        (None, "event.stalemate", {}),
        (1, "event.finished", {"seat": 1}),
        (2, "event.joker_stuck", {"seat": 2}),
        (3, "event.timeout_pass", {"seat": 3}),  # the fifth move: the events before it are not moves
    ]
    with pytest.raises(ValueError, match=r"unknown move log line 'dance' \(seat 2\)"):
        log_entries("shichinarabe", {"history": [[2, "dance"]]})
    with pytest.raises(ValueError, match="no move log is defined for the family 'chess'"):
        log_entries("chess", {"history": []})


def test_an_entry_names_its_seats_and_draws_its_cards_as_asked() -> None:
    played: LogEntry = {"seat": 0, "key": "log.play", "params": {"seat": 0, "card": "Ts"}}
    assert format_entry(played, "en") == t("log.play", "en", seat=t("log.seat", "en", number=1), card="Ts")
    assert format_entry(played, "en", lambda seat: ["Aiko"][seat], pretty_card) == "Aiko plays 10♠"
    out: LogEntry = {"seat": 2, "key": "event.eliminated", "params": {"seat": 2, "cards": "8h ??"}}
    assert format_entry(out, "en", str, pretty_card) == t("event.eliminated", "en", seat="2", cards="8♥ ??")
    hidden: LogEntry = {"seat": 3, "key": "event.dead_hidden", "params": {"seat": 3, "count": 2, "by_seat": 1}}
    assert format_entry(hidden, "en", str, lambda card: "!") == t("event.dead_hidden", "en", seat="3", count=2,
                                                                  by_seat="1")  # fmt: skip


def test_cards_are_drawn_and_actions_named_in_words() -> None:
    assert [pretty_card(c) for c in ("Ts", "7h", "??", "Jk")] == ["10♠", "7♥", "??", "Jk"]
    assert action_text("7h", "en") == "7h"
    assert action_text("Jk+9h", "en") == t("action.joker_below", "en", card="9h")
    assert action_text("8h+Jk", "ja") == t("action.joker_above", "ja", card="8h")
    assert action_text("swap 8h", "en") == t("action.swap", "en", card="8h")
    assert action_text("check", "ja") == t("action.check", "ja") != "check"
    assert action_text("dance", "en") == "dance"


def test_the_playable_cards_of_joker_plays_are_their_cards() -> None:
    assert playable_cards(["Jk+9h", "6h+Jk", "pass", "swap 8h"]) == sorted(parse_card(c) for c in ("9h", "6h", "8h"))
