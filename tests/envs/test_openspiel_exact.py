"""The OpenSpiel games' outputs written out field by field (issue 43: the survivors of mutating ``openspiel.py``).

The exactness tests (``test_information_states.py``) check that strings and tensors tell histories apart exactly
when the seat can; they pass for any encoding that does so. These check the encoding itself, as the module's
docstring and docs/research.md describe it: the information-state string is the seat's view and record as
compact, key-sorted JSON after the cards dealt to it; the tensor's record is three numbers a slot (who, relative
to the reader; what, an action number or an event's code; its card or seat), the public ones read the public
record; the log names the card a take turned up; the game's type, sizes, utilities and errors."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import numpy as np
import pytest

from sevens.cards import DECK_SIZE, card_text
from sevens.errors import IllegalActionError, NotationError, RulesError
from sevens.games.registry import families

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from sevens.envs.encoding import card_bits  # noqa: E402
from sevens.envs.openspiel import (  # noqa: E402
    EVENT_CODES,
    MAX_RESAMPLES,
    SevensState,
    _entry_numbers,
    resample_consistent,
    resampler_for,
    settings_of,
)

# Tables whose records hold events: eliminations (pass_limit=0), jokers, and Killer's deaths hidden from the
# other seats (so a seat's record and the public one differ).
TABLES = [
    ("sevens", {"preset": "joker", "players": 5, "settings": "pass_limit=0,jokers=2"}),
    ("sevens_killer", {"preset": "killer", "players": 5, "settings": "pass_limit=0,dead_cards_visible=false"}),
    ("sevens_seven27", {"preset": "seven27", "players": 4}),
]
INFO = {"private": pyspiel.PrivateInfoType.SINGLE_PLAYER, "public": pyspiel.PrivateInfoType.NONE}


def played(name: str, params: dict[str, Any], seed: int) -> list[SevensState]:
    """Every state of one game dealt and played at random from ``seed``, chance nodes included."""
    state = pyspiel.load_game(name, params).new_initial_state()
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def some_of(states: list[SevensState], count: int) -> list[SevensState]:
    """About ``count`` states spread over a game, its last included."""
    return [*states[:: max(1, len(states) // count)], states[-1]]


def engine_record(state: SevensState, reader: int | None) -> list[Any]:
    """What ``reader`` read of the history, from the engine itself (the state here was played from its deal)."""
    engine: Any = state.game_state
    if engine is None:
        return []
    if state.get_game().family_name == "seven27":
        return list(engine.view(reader).history)
    return list(engine.public_history(reader))


def expected_string(state: SevensState, seat: int, private: bool, recall: bool) -> str:
    """The string as documented: ``seat N: `` (then the cards dealt to it, for a seat's own sevens string), then
    its view (or what every seat's view shows alike) without rules, and with recall its record, as JSON."""
    game = state.get_game()
    who = f"seat {seat}: "
    if private and game.family_name != "seven27":
        names = ["joker" if c >= DECK_SIZE else card_text(c) for c in sorted(state.dealt_to(seat))]
        who += f"dealt to me: {' '.join(names)}; "
    if state.game_state is None:
        return f"{who}dealing {len(state.deck)} of {game.deck_size}"
    engine: Any = state.game_state
    if private or game.family_name == "seven27":
        seen = engine.view(seat if private else None, history=False).to_dict()
    else:
        views = [engine.view(s, history=False).to_dict() for s in range(game.num_players())]
        seen = {key: value for key, value in views[0].items() if all(v[key] == value for v in views)}
    seen.pop("rules")
    seen.pop("history", None)
    if recall:
        seen["history"] = engine_record(state, seat if private else None)
    return who + json.dumps(seen, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(("name", "params"), TABLES, ids=str)
def test_strings_are_the_seats_view_and_record_as_compact_sorted_json(name: str, params: dict[str, Any]) -> None:
    """Information-state and observation strings, private and public, at 40 states of a game; a seat's own
    record differs from the public one somewhere in Killer (hidden deaths), and a sevens seat's cards include
    a joker."""
    states = played(name, params, seed=7)
    game = states[0].get_game()
    n = game.num_players()
    observers = {
        (kind, recall): make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall, public_info=True,
                                                                          private_info=info))
        for kind, info in INFO.items()
        for recall in (True, False)
    }  # fmt: skip
    own_records_differ = 0
    for state in some_of(states, 40):
        for seat in range(n):
            assert state.information_state_string(seat) == expected_string(state, seat, True, True)
            assert state.observation_string(seat) == expected_string(state, seat, True, False)
            for (kind, recall), observer in observers.items():
                assert observer.string_from(state, seat) == expected_string(state, seat, kind == "private", recall)
            own_records_differ += state.game_state is not None and state.record(seat) != state.record(None)
    if name == "sevens_killer":
        assert own_records_differ > 0
    if name == "sevens":
        assert any(c >= DECK_SIZE for seat in range(n) for c in states[-1].dealt_to(seat))


def decoded_record(tensor: np.ndarray, game: Any) -> np.ndarray:
    """The record part of an information-state tensor as (who, what, argument) slots, up to the first empty one;
    every slot after it must be empty."""
    record = tensor[game.observation_tensor_size() :].reshape(-1, 3)
    used = next((i for i, row in enumerate(record) if not row.any()), len(record))
    assert not record[used:].any(), "a slot after the first empty one is in use"
    return record[:used]


def expected_record(state: SevensState, reader: int | None, seat: int) -> np.ndarray:
    """The record ``reader`` read (``None``: the public one), as ``seat``'s tensor writes it (docs/research.md):
    who ``(seat' - seat) mod n + 1`` over n; what, an action number + 1 (Seven Twenty-Seven: over the actions)
    or an event's code after the actions + 1, over actions + events; the argument + 1 over 54 (a seat's
    relative to ``seat``; Seven Twenty-Seven: the card a take turned up + 1, over 52)."""
    game = state.get_game()
    n, actions = game.num_players(), game.num_distinct_actions()
    if game.family_name == "seven27":
        slots = [
            (((who - seat) % n + 1) / n, (number + 1) / actions, (turned + 1) / DECK_SIZE)
            for who, number, turned in state.log
        ]
        return np.asarray(slots, np.float32).reshape(-1, 3)
    codes = actions + len(EVENT_CODES)
    slots = []
    for who, text in engine_record(state, reader):
        for code, argument, is_seat in _entry_numbers(game.family_name, text):
            shown = (argument - seat) % n + 1 if is_seat else argument + 1
            slots.append((((who - seat) % n + 1) / n, (code + 1) / codes, shown / (DECK_SIZE + 2)))
    return np.asarray(slots, np.float32).reshape(-1, 3)


@pytest.mark.parametrize(("name", "params"), TABLES, ids=str)
def test_the_tensors_record_is_three_numbers_a_slot_from_the_record_the_observer_reads(
    name: str, params: dict[str, Any]
) -> None:
    states = played(name, params, seed=14)
    game = states[0].get_game()
    n = game.num_players()
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=True, public_info=True, private_info=INFO["public"])
    )
    kinds = {"event": 0, "seat argument": 0}
    for state in some_of(states, 30):
        for seat in range(n):
            mine = decoded_record(np.asarray(state.information_state_tensor(seat)), game)
            assert np.array_equal(mine, expected_record(state, seat, seat))
            public.set_from(state, seat)
            assert np.array_equal(decoded_record(public.tensor, game), expected_record(state, None, seat))
        if name == "sevens_seven27" or state.game_state is None:
            continue
        for _, text in state.record(None):
            for code, _, is_seat in _entry_numbers(game.family_name, text):
                kinds["event"] += code >= game.num_distinct_actions()
                kinds["seat argument"] += is_seat
    if name == "sevens_seven27":
        assert any(turned >= 0 for _, _, turned in states[-1].log)  # a take turned a card face up
    else:
        assert kinds["event"] > 0
    if name == "sevens_killer":
        assert kinds["seat argument"] > 0  # deaths credited to a killer's seat


def test_the_log_names_the_card_each_take_turned_face_up() -> None:
    """Seven Twenty-Seven: a take that turns a card face up logs it; every other action logs -1."""
    turned_up, aces = 0, 0
    for seed in range(40):
        state = pyspiel.load_game("sevens_seven27", {"players": 4}).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
                continue
            engine = state.game_state
            before = [engine.up_cards(s) for s in range(4)]
            state.apply_action(rng.choice(state.legal_actions()))
            new = [engine.up_cards(s) & ~b for s, b in enumerate(before)]
            cards = [c for bits in new for c in range(DECK_SIZE) if bits >> c & 1]
            assert state.log[-1][2] == (cards[0] if len(cards) == 1 else -1)
            turned_up += len(cards) == 1
            aces += cards == [0]  # card 0: a bit no other card shares
    assert turned_up > 20 and aces > 0


@pytest.mark.parametrize(("name", "params"), TABLES, ids=str)
def test_the_observation_tensor_holds_the_view_then_the_deal(name: str, params: dict[str, Any]) -> None:
    """The encoder's vector of the seat's view (zeros while dealing; the private slots zero in public ones), then
    the cards dealt to the seat as 52 bits, its jokers over 2, and the share of the deck dealt so far."""
    states = played(name, params, seed=3)
    game = states[0].get_game()
    view_size = game.table.encoder.size
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=INFO["public"])
    )
    assert public.tensor.dtype == np.float32 and public.dict["observation"] is public.tensor
    sevens = game.family_name != "seven27"
    private_shown = 0  # (state, seat) pairs whose private slots, zero in the public tensor, are not zero
    for state in [states[0], states[len(states) // 8], states[game.deck_size], states[-1]]:
        for seat in range(game.num_players()):
            mine = state.dealt_to(seat)
            deal = np.concatenate([
                card_bits(sum(1 << c for c in mine if c < DECK_SIZE)),
                [sum(c >= DECK_SIZE for c in mine) / 2, min(len(state.deck), game.deck_size) / game.deck_size],
            ]).astype(np.float32)  # fmt: skip
            tensor = np.asarray(state.observation_tensor(seat))
            assert np.array_equal(tensor[view_size:], deal)
            public.set_from(state, seat)
            assert not public.tensor[view_size:-1].any() and public.tensor[-1] == deal[-1]
            if state.game_state is None:
                assert not tensor[:view_size].any() and not public.tensor[:view_size].any()
            else:
                vector = game.table.encoder.encode(game.table.numbers_view(state.game_state, seat))
                assert np.array_equal(tensor[:view_size], vector)
                vector[game.private_slots] = 0.0
                assert np.array_equal(public.tensor[:view_size], vector)
                private_shown += bool(tensor[:view_size][game.private_slots].any())
    assert private_shown > 0
    assert sevens == any(states[-1].dealt_to(s) for s in range(game.num_players()))
    if name == "sevens":
        assert any(c >= DECK_SIZE for s in range(5) for c in states[-1].dealt_to(s))


def test_the_default_observer_is_the_seats_own_observation_without_recall() -> None:
    game = pyspiel.load_game("sevens", {"players": 4})
    observer = game.make_py_observer()
    assert (observer.game, observer.perfect_recall, observer.private) == (game, False, True)
    state = played("sevens", {"players": 4}, seed=1)[60]
    assert observer.string_from(state, 2) == state.observation_string(2)
    with pytest.raises(ValueError, match=r"observation parameters are not supported; given \{'x': 1\}"):
        game.make_py_observer(None, {"x": 1})
    every = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match=r"allowed: public_info=True with private_info SINGLE_PLAYER .* or NONE"):
        game.make_py_observer(every)


def test_chance_outcomes_are_named_by_their_cards() -> None:
    state = pyspiel.load_game("sevens", {"preset": "joker", "players": 4, "settings": "jokers=2"}).new_initial_state()
    names = [state.action_to_string(pyspiel.PlayerId.CHANCE, card) for card in (0, 51, 52, 53)]
    assert names == ["deal As", "deal Kc", "deal joker 1", "deal joker 2"]


@pytest.mark.parametrize(("name", "family"), [("sevens", "shichinarabe"), ("sevens_killer", "killer"),
                                              ("sevens_seven27", "seven27")])  # fmt: skip
def test_the_dealt_deck_starts_the_engines_game_from_seed_0(name: str, family: str) -> None:
    state = played(name, {"players": 4}, seed=5)[-1]
    game = state.get_game()
    again = families()[family].new_state(game.rules, 0, deck=state.deck)
    for _, number, _ in state.log:
        again.apply(game.table.space.action(number))
    assert again == state.game_state


def test_the_game_type_sizes_and_utilities() -> None:
    for name in ("sevens", "sevens_killer", "sevens_seven27"):
        game = pyspiel.load_game(name, {"players": 4})
        kind = game.get_type()
        assert kind.provides_information_state_string and kind.provides_information_state_tensor
        assert kind.provides_observation_string and kind.provides_observation_tensor
        title = game.table.family.title
        assert kind.long_name == f"sevens: {title[0]} ({title[1]})" and title[0] != title[1]
        if name == "sevens":
            assert kind.long_name == "sevens: Sevens (七並べ)"
        assert game.max_game_length() == game.history_slots + game.deck_size
        steps = int(game.table.family.max_steps(game.rules))
        seven27 = name == "sevens_seven27"
        players = 4
        assert game.history_slots == (steps if seven27 else 2 * steps + 3 * DECK_SIZE + players + 4)
        assert game.information_state_tensor_size() == game.observation_tensor_size() + 3 * game.history_slots
        stack = game.rules.stack if seven27 else 0
        assert (game.min_utility(), game.max_utility()) == ((-stack, 3 * stack) if seven27 else (-10.0, 10.0))


def test_a_table_of_one_player_is_refused() -> None:
    with pytest.raises(RulesError):
        pyspiel.load_game("sevens", {"players": 1})


def test_settings_take_only_the_first_colon_as_the_equals_sign() -> None:
    assert settings_of("a:b:c; d=e:f") == ["a=b:c", "d=e:f"]


def test_a_state_set_up_from_a_game_state_alone_reads_the_engines_record() -> None:
    states = played("sevens_killer", TABLES[1][1], seed=2)
    state = next(s for s in states if s.game_state is not None and s.record(0) != s.record(None))
    game, engine = state.get_game(), state.game_state
    assert engine is not None
    alone = SevensState.of(game, engine.clone(), state.log, {1: state.dealt_to(1)})
    assert [alone.record(s) for s in (0, None)] == [state.record(0), state.record(None)]
    assert [alone.knows_deal(s) for s in range(5)] == [False, True, False, False, False]
    assert all(state.knows_deal(s) for s in range(5))
    with pytest.raises(RulesError, match="earlier holds 2 records; give 6: one per seat, then the public one"):
        SevensState.of(game, engine, state.log, earlier=[(), ()])


def test_a_resample_keeps_the_seats_own_record_and_gives_the_others_the_public_one() -> None:
    states = played("sevens_killer", TABLES[1][1], seed=2)
    state = next(s for s in states if s.game_state is not None and s.record(0) != s.record(None))
    resampled = state.resample_from_infostate(0, random.Random(1).random)
    assert resampled.record(0) == state.record(0) and resampled.information_state_string(0) == (
        state.information_state_string(0)
    )
    assert all(resampled.record(s) == state.record(None) for s in (1, 2, 3, 4, None))
    for copied in (resampled.clone(), copy.deepcopy(resampled)):  # OpenSpiel's clone and Python's deep copy
        assert copied.record(0) == state.record(0) and copied.knows_deal(0) and not copied.knows_deal(1)
        assert copied.information_state_string(0) == state.information_state_string(0)


def test_a_resample_while_dealing_is_a_new_deal_of_the_same_game() -> None:
    state = played("sevens", {"players": 4}, seed=1)[10]
    assert state.is_chance_node()
    again = state.resample_from_infostate(0, random.Random(0).random)
    assert again.get_game() == state.get_game() and again.is_chance_node() and again.deck == []


def test_resamples_drawn_from_a_sampler_are_spread_over_many_deals() -> None:
    """The sampler's draw picks the resample's seed from 2**53 (not from a handful of seeds)."""
    state = played("sevens", {"players": 4}, seed=4)[70]
    draw = random.Random(9).random
    deals = {str(state.resample_from_infostate(1, draw)) for _ in range(300)}
    assert len(deals) > 150


def test_a_finished_game_and_a_number_that_is_not_whole_are_refused_with_their_reasons() -> None:
    state = played("sevens", {"players": 4}, seed=1)[-1]
    with pytest.raises(IllegalActionError, match=r"^the game is over: no action is legal$"):
        state._apply_action(0)
    with pytest.raises(IllegalActionError, match=r"^an action is a whole number, not 1\.0$"):
        state._apply_action(1.0)  # type: ignore[arg-type]  # what a caller may pass all the same


class NoDealFits(random.Random):
    """A generator whose every draw fails as a deal the rules rule out does (the samplers' NotationError)."""

    def random(self) -> float:
        raise NotationError("this deal leaves the seat to move without an action")

    def getrandbits(self, k: int, /) -> int:
        raise NotationError("this deal leaves the seat to move without an action")


def test_resampling_is_refused_where_it_is_not_offered_or_no_deal_fits() -> None:
    with pytest.raises(RulesError, match=r"^resampling hidden cards is not offered for seven27; allowed: shichinarabe"):
        resampler_for("seven27")
    engine = played("sevens", {"players": 4}, seed=1)[60].game_state
    assert engine is not None
    with pytest.raises(RulesError, match=f"^no deal consistent with seat 1's view in {MAX_RESAMPLES} draws$"):
        resample_consistent("shichinarabe", engine.view(1), NoDealFits(0))
