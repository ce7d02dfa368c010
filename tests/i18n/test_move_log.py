"""The structured move log (sevens.session.log) over random games of every family and preset: every line of
every view's history becomes an entry, moves are counted as the engine counts them, the turn clock's moves
are marked, and every entry reads in Japanese without Latin words and in English without Japanese."""

from __future__ import annotations

import random
import re
from typing import Any, cast

import pytest

from sevens.cards import mask_of, parse_cards
from sevens.games.killer.state import Event as KillerEvent
from sevens.games.registry import families
from sevens.games.rules_base import RulesBase
from sevens.games.shichinarabe.state import Event as SevensEvent
from sevens.i18n import catalogue
from sevens.session.log import LogEntry, action_text, format_entry, log_entries

CARD_NOTATION = re.compile(r"(?:10|[A2-9TJQK])[shdc♠♥♦♣]|\?\?|Jk")
LATIN = re.compile(r"[A-Za-z]")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
LOG_KEYS = {k for k in catalogue() if k.split(".")[0] in ("log", "event", "s27")} - {"log.seat", "log.list_separator"}


def untranslated(text: str, lang: str) -> list[str]:
    """Latin letters in Japanese text (card notation aside), or Japanese characters in English text."""
    if lang == "ja":
        return LATIN.findall(CARD_NOTATION.sub("", text))
    return JAPANESE.findall(text)


def games() -> list[tuple[str, str, int, int]]:
    cases = []
    for family in families().values():
        for preset in family.presets:
            for seed, players in enumerate((2, 3, 4, 6)):
                if family.min_players <= players <= family.max_players:
                    cases.append((family.name, preset, players, seed))
    return cases


def new_game(family_name: str, preset: str, players: int, seed: int) -> Any:
    family = families()[family_name]
    rules = type(cast(RulesBase, family.presets[preset])).preset(preset, players=players)
    state = family.new_state(rules, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def views(family: str, state: Any) -> list[dict[str, Any]]:
    seen = [state.view(seat).to_dict() for seat in range(state.players)]
    if family == "seven27":
        seen.append(state.view(None).to_dict())
    return seen


def game_logs(family: str, preset: str, players: int, seed: int) -> tuple[int, list[list[LogEntry]]]:
    """The moves of one random game and its log as every seat (and a Seven Twenty-Seven spectator) reads it,
    the turn clock pretending to have made the first and the last move."""
    state = new_game(family, preset, players, seed)
    moves = len(state.actions)
    return moves, [log_entries(family, view, timeouts={1, moves}) for view in views(family, state)]


@pytest.mark.parametrize(("family", "preset", "players", "seed"), games())
def test_every_line_of_a_random_game_is_an_entry_in_both_languages(
    family: str, preset: str, players: int, seed: int
) -> None:
    moves, logs = game_logs(family, preset, players, seed)
    clocked = {1, moves}
    for entries in logs:
        timeout_entries = [e for e in entries if e["key"] in ("event.timeout_pass", "event.timeout")]
        assert len(timeout_entries) == len(clocked)
        played = [e for e in entries if e["key"].startswith(("log.", "s27.")) or e["key"] == "event.timeout_pass"]
        played = [e for e in played if not _is_rule_event(e["key"])]
        assert len(played) == moves  # every move is one entry, as the engine counts moves
        for entry in entries:
            assert entry["key"] in catalogue()
            for lang in ("ja", "en"):
                text = format_entry(entry, lang)
                assert "{" not in text and not untranslated(text, lang), (lang, text, entry)


def _is_rule_event(key: str) -> bool:
    """Seven Twenty-Seven lines the dealer writes (antes, deals, showdown, pots), not a player's move."""
    return key.startswith(("s27.ante", "s27.deal", "s27.show", "s27.win"))


def rare_entries() -> list[LogEntry]:
    """Lines random games seldom reach, written by the engines' own event classes."""
    cards = mask_of(parse_cards("8h 9h"))
    one = mask_of(parse_cards("8d"))
    sevens_lines = [
        [1, str(SevensEvent("exchange", cards=one))],
        [2, str(SevensEvent("jokers_removed", count=2))],
        [2, str(SevensEvent("eliminated"))],
        [0, str(SevensEvent("joker_stuck"))],
        [0, str(SevensEvent("stalemate"))],
        [3, "ghost 3 1"],
        [1, "swap 8h"],
        [1, "Jk+9h"],
        [1, "9h+Jk"],
    ]
    killer_lines = [
        [1, KillerEvent("dead", cards=cards, by=2).public_text(visible=False)],
        [1, str(KillerEvent("dead", cards=cards, by=2))],
        [1, str(KillerEvent("stalemate"))],
    ]
    seven27_lines = [
        "p0 bet 5 all-in",
        "p1 raise 10 all-in",
        "p2 call 3 all-in",
        "p3 ante 1 all-in",
        "p1 win 4 pot 1",
        "p2 take ?? down",
    ]
    return (
        log_entries("shichinarabe", {"history": sevens_lines})
        + log_entries("killer", {"history": killer_lines})
        + log_entries("seven27", {"history": seven27_lines})
    )


def test_rare_rule_events_of_the_engines_become_entries() -> None:
    entries = rare_entries()
    keys = [e["key"] for e in entries]
    assert keys == [
        "event.exchange", "event.jokers_removed", "event.eliminated_empty", "event.joker_stuck", "event.stalemate",
        "log.ghost", "log.swap", "log.joker_below", "log.joker_above",
        "event.dead_hidden", "event.dead", "event.stalemate",
        "s27.bet_all_in", "s27.raise_all_in", "s27.call_all_in", "s27.ante_all_in", "s27.win_side", "s27.take_down",
    ]  # fmt: skip
    assert entries[5]["params"] == {"ghost_seat": 3, "speaker_seat": 1}
    assert entries[9]["params"] == {"seat": 1, "count": 2, "by_seat": 2}
    for entry in entries:
        for lang in ("ja", "en"):
            assert not untranslated(format_entry(entry, lang), lang)


def test_every_log_key_is_reached() -> None:
    """The random games and the rare lines together reach every log message of the catalogue."""
    seen = {e["key"] for e in rare_entries()}
    for case in games():
        seen |= {e["key"] for entries in game_logs(*case)[1] for e in entries}
    assert seen >= LOG_KEYS, sorted(LOG_KEYS - seen)


def test_seats_are_named_as_players_see_them() -> None:
    entry = log_entries("killer", {"history": [[0, "dead 8h by 2"]]})[0]
    assert format_entry(entry, "en") == "seat 1 loses 8h (killed by seat 3)"
    names = ["Aiko", "Ben", "Computer 1 (Normal)"]
    assert format_entry(entry, "ja", names.__getitem__) == "Aikoの8hが死札に（Computer 1 (Normal)のキル）"


@pytest.mark.parametrize(
    "text", ["8h", "pass", "Jk+9h", "9h+Jk", "swap 8h", "check", "bet", "call", "raise", "fold", "take", "stand"]
)
def test_legal_action_texts_read_in_both_languages(text: str) -> None:
    for lang in ("ja", "en"):
        assert not untranslated(action_text(text, lang), lang)
    assert action_text("pass", "ja") == "パス"
