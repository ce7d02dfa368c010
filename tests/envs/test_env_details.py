"""Details of the single-game envs and what they share that the API checkers do not reach (mutation survivors,
issue 43): the PettingZoo env's seeding and messages, the Gymnasium ids' registration, masks off the mover's
turn, policies as opponents, the table's text, a numerically safe softmax, Seven Twenty-Seven's stands figure."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium

import sevens.envs
from sevens.cards import DECK_SIZE
from sevens.envs.gymnasium import SevensEnv
from sevens.envs.opponents import PolicyOpponent, make_opponent
from sevens.envs.policy import LinearPolicy
from sevens.envs.table import Table, family_of_rules
from sevens.errors import RulesError


def finish(table: Table) -> None:
    while not table.state.is_over():
        table.state.apply(table.state.legal_actions()[0])


def test_the_pettingzoo_env_deals_sevens_own_game_for_a_seed_and_goes_on_reproducibly_without_one() -> None:
    pytest.importorskip("pettingzoo")
    from sevens.envs.pettingzoo import env as make_env

    game = make_env(preset="standard", players=3)
    game.reset(seed=7)
    own = game.table.family.new_state(game.table.rules, 7)
    assert game.table.state.position() == own.position()  # reset(seed=S) deals what `sevens` deals from S

    def unseeded_after(seed: int) -> list[str]:
        other = make_env(preset="standard", players=3)
        other.reset(seed=seed)
        positions = []
        for _ in range(3):
            other.reset()
            positions.append(other.table.state.position())
        return positions

    first = unseeded_after(7)
    assert unseeded_after(7) == first and len(set(first)) == 3  # later resets go on from the seed, reproducibly
    assert unseeded_after(8) != first
    assert own.position() not in first


def test_the_pettingzoo_env_says_what_to_do_before_reset_and_names_the_agents() -> None:
    pytest.importorskip("pettingzoo")
    from sevens.envs.pettingzoo import env as make_env

    game = make_env(preset="standard", players=3)
    with pytest.raises(RulesError, match=r"^call reset\(\) before observe\(\), last\(\) or step\(\)$"):
        game.observe("player_0")
    game.reset(seed=1)
    with pytest.raises(RulesError, match=r"^no agent 'player_3'; the agents are player_0, player_1, player_2$"):
        game.observe("player_3")


def test_importing_the_package_registers_each_gymnasium_id_once(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = dict(gymnasium.registry)
    kept = registry["sevens/Killer-v0"]
    del registry["sevens/Shichinarabe-v0"], registry["sevens/Seven27-v0"]
    monkeypatch.setattr(gymnasium.envs.registration, "registry", registry)
    monkeypatch.setattr(gymnasium, "registry", registry)
    sevens.envs._register_gymnasium_ids()
    assert registry["sevens/Killer-v0"] is kept  # an id already there is left as it is
    for env_id, preset in sevens.envs.GYMNASIUM_IDS.items():
        spec = registry[env_id]
        assert spec.entry_point == "sevens.envs.gymnasium:SevensEnv" and spec.kwargs == {"preset": preset}
    env = gymnasium.make("sevens/Seven27-v0", players=3, opponents="random")
    made: Any = env.unwrapped
    assert made.table.family.name == "seven27" and made.table.players == 3


def test_off_the_movers_turn_every_mask_is_empty() -> None:
    env = SevensEnv(preset="standard", players=3, opponents="random")
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not env.action_masks().any() and not obs["action_mask"].any()  # the game is over: nobody moves
    table = Table.build("standard", players=3)
    table.deal(seed=4)
    mover = table.state.to_move
    assert mover is not None
    assert not table.view_observation((mover + 1) % 3)["action_mask"].any()
    assert table.view_observation(mover)["action_mask"].any()


def test_the_tables_text_says_who_moves_then_that_the_game_is_over() -> None:
    table = Table.build("killer", players=4)
    table.deal(seed=3)
    assert table.render_text() == f"{table.state.position()}\nseat {table.state.to_move} to move"
    finish(table)
    assert table.render_text() == f"{table.state.position()}\ngame over"


def test_rules_of_no_family_are_refused_by_name() -> None:
    with pytest.raises(RulesError, match=r"^'tunnel' are not the rules of any family$"):
        family_of_rules("tunnel")


class _Snapshot:
    """A policy object (not callable itself): ``act`` over observation dicts, ``reset`` told its seat and seed."""

    def __init__(self) -> None:
        self.resets: list[tuple[int, int]] = []

    def reset(self, seat: int, seed: int) -> None:
        self.resets.append((seat, seed))

    def act(self, observation: dict[str, Any]) -> int:
        return int(np.flatnonzero(observation["action_mask"])[-1])  # the last legal number


def test_a_policy_object_is_reset_with_its_seat_and_seed_and_plays_through_its_act() -> None:
    table = Table.build("standard", players=4)
    policy = _Snapshot()
    opponent = make_opponent(cast(Any, policy), table)
    assert isinstance(opponent, PolicyOpponent)
    table.deal(seed=6)
    mover = table.state.to_move
    assert mover is not None
    opponent.reset(mover, 99)
    assert policy.resets == [(mover, 99)] and opponent.seat == mover
    legal = table.state.legal_actions()
    last_legal = table.space.action(int(table.space.mask(legal).nonzero()[0][-1]))
    assert opponent.act(table.state.view(mover), legal) == last_legal


def test_softmax_stays_finite_for_large_scores_and_reads_the_bias_as_added() -> None:
    policy = LinearPolicy(np.zeros((2, 3)), np.array([1000.0, 999.0, 5000.0]))
    probabilities = policy.probabilities(np.ones(2, dtype=np.float32), np.array([1, 1, 0], dtype=np.int8))
    e = np.exp(1.0)
    np.testing.assert_allclose(probabilities, [e / (1 + e), 1 / (1 + e), 0.0])
    assert policy.best(np.ones(2, dtype=np.float32), np.array([1, 1, 1], dtype=np.int8)) == 2


def test_seven27s_stands_figure_is_a_tenth_of_each_seats_stands() -> None:
    """The layout of docs/research.md: 2 × 52 own cards, the phase, 12 figures, then per seat (the viewer first)
    its 52 up cards and 8 figures, the fifth of which is its stands / 10."""
    from sevens.games.seven27.state import PHASE_NAMES

    table = Table.build("seven27", players=4)
    table.deal(seed=1)
    state: Any = table.state
    walk = np.random.default_rng(1)
    while not any(state.stands(s) for s in range(4)):
        legal = state.legal_actions()
        state.apply(legal[int(walk.integers(len(legal)))])
    seat = 2
    vector = table.observe(seat)["observation"]
    start = 2 * DECK_SIZE + len(PHASE_NAMES) + 12
    for k in range(4):
        stands = state.stands((seat + k) % 4)
        assert vector[start + k * (DECK_SIZE + 8) + DECK_SIZE + 4] == np.float32(min(stands / 10, 1.0))
    assert any(state.stands(s) for s in range(4))


def test_the_private_slots_are_the_viewers_own_cards_and_what_only_it_knows() -> None:
    from sevens.envs.encoding import private_slots

    table = Table.build("joker", players=4)
    table.deal(seed=5)
    state: Any = table.state
    assert private_slots("shichinarabe", table.rules).tolist() == [*range(DECK_SIZE), 4 * DECK_SIZE]
    vector = table.observe(1)["observation"]
    hand = [float(state.hand(1) >> card & 1) for card in range(DECK_SIZE)]
    assert vector[:DECK_SIZE].tolist() == hand and vector[4 * DECK_SIZE] == state.jokers_in_hand(1) / 2
    assert private_slots("killer", Table.build("killer").rules).tolist() == list(range(DECK_SIZE))
    # Seven Twenty-Seven: its down cards, and its hand's low and high totals with their "none" flags, after the
    # up cards (52), the phase (3) and eight public figures
    seven27 = Table.build("seven27").rules
    assert private_slots("seven27", seven27).tolist() == [
        *range(DECK_SIZE),
        *range(2 * DECK_SIZE + 11, 2 * DECK_SIZE + 15),
    ]
    assert private_slots("seven27", seven27).dtype == np.intp
    with pytest.raises(
        RulesError, match=r"^no observation encoder for 'poker'; allowed: shichinarabe, killer, seven27$"
    ):
        private_slots("poker", seven27)


def test_an_encoder_reads_a_state_as_it_reads_the_seats_view_or_says_it_reads_views_only() -> None:
    table = Table.build("standard", players=5)
    table.deal(seed=8)
    assert table.encoder.reads_state
    for seat in range(5):
        direct = table.encoder.encode_state(table.state, seat)
        assert direct.tolist() == table.encoder.encode(table.state.view(seat)).tolist()
    seven27 = Table.build("seven27", players=3)
    assert not seven27.encoder.reads_state
    with pytest.raises(RulesError, match=r"^this encoder reads views only; encode\(state.view\(seat\)\) instead$"):
        seven27.encoder.encode_state(seven27.state, 0)


def test_the_pettingzoo_env_defaults_to_standard_and_declares_its_spaces() -> None:
    pytest.importorskip("pettingzoo")
    from sevens.envs.pettingzoo import SevensAEC

    game = SevensAEC(players=3)
    assert game.table.rules == Table.build("standard", players=3).rules and len(game.possible_agents) == 3
    spaces: Any = game.observation_space("player_0")
    observation, mask = spaces["observation"], spaces["action_mask"]
    assert observation.dtype == np.float32 and float(observation.high.max()) == 1.0
    assert mask.dtype == np.int8 and int(mask.high.max()) == 1
    with pytest.raises(RulesError, match=r"^call reset\(\) before observe\(\), last\(\) or step\(\)$"):
        game.step(0)


def test_the_pettingzoo_env_refuses_no_action_from_the_mover_and_an_action_from_a_finished_agent() -> None:
    pytest.importorskip("pettingzoo")
    from sevens.envs.pettingzoo import env as make_env

    game = make_env(preset="standard", players=3)
    game.reset(seed=2)
    mover = game.agent_selection
    with pytest.raises(RulesError, match=rf"^{mover} is to move: give an action number, not None$"):
        game.step(None)
    while not game.table.state.is_over():
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    with pytest.raises(ValueError, match="only valid action is None"):  # PettingZoo's dead step
        game.step(0)


@pytest.mark.parametrize("kind", ["gymnasium", "pettingzoo"])
def test_human_rendering_prints_the_table_after_each_move_and_no_mode_prints_nothing(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def play(render_mode: str | None) -> Any:
        if kind == "gymnasium":
            env = SevensEnv(preset="standard", players=3, opponents="random", render_mode=render_mode)
            obs, _ = env.reset(seed=1)
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            return env.table
        pytest.importorskip("pettingzoo")
        from sevens.envs.pettingzoo import env as make_env

        game = make_env(preset="standard", players=3, render_mode=render_mode)
        game.reset(seed=1)
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
        return game.table

    play(None)
    assert capsys.readouterr().out == ""
    table = play("human")
    printed = capsys.readouterr().out
    assert printed.count(" to move\n") == 2 and printed.endswith(table.render_text() + "\n")  # reset, then step


def test_the_gymnasium_env_plays_the_learners_legal_choice_and_scores_only_the_end() -> None:
    env = SevensEnv(preset="standard", players=3, opponents="random")
    obs, _ = env.reset(seed=9)
    done, cards_over_a_legal_pass = False, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        choice = int(legal[0])  # a card where there is one: not the default action (E4: the pass while legal)
        history: Any = env.table.state
        before = len(history.history)
        cards_over_a_legal_pass += choice != 208 and 208 in legal
        obs, reward, done, _, info = env.step(choice)
        assert info == {"illegal_action": False}
        assert history.history[before] == (0, env.table.space.action(choice))  # the learner's own choice
        if not done:
            assert reward == 0.0
    assert reward == env.table.points()[0] and cards_over_a_legal_pass > 0
    with pytest.raises(RulesError, match=r"^the game is over: call reset\(\) before step\(\)$"):
        env.step(0)


def test_reset_counts_the_deals_it_skipped_and_gives_up_after_the_most_it_may(monkeypatch: pytest.MonkeyPatch) -> None:
    import sevens.envs.gymnasium as gym_env

    env = SevensEnv(preset="standard", players=3, opponents="random")
    real = SevensEnv._deal
    refusals = [2]

    def deal(self: SevensEnv) -> bool:
        dealt = real(self)
        if refusals[0] > 0:
            refusals[0] -= 1
            return False
        return dealt

    monkeypatch.setattr(SevensEnv, "_deal", deal)
    monkeypatch.setattr(gym_env, "MAX_SKIPPED_DEALS", 2)
    _, info = env.reset(seed=1)
    assert info == {"skipped_deals": 2}  # two skipped: the most allowed
    refusals[0] = 3
    with pytest.raises(RulesError, match=r"^the learner was out before its first turn in 3 deals in a row$"):
        env.reset(seed=1)


def test_each_deal_has_its_own_wide_seed_and_each_opponent_is_reset_for_its_seat() -> None:
    class Recording:
        name, needs_view = "recording", False

        def __init__(self) -> None:
            self.resets: list[tuple[int, int]] = []

        def reset(self, seat: int, seed: int) -> None:
            self.resets.append((seat, seed))

        def act(self, view: Any, legal: Any) -> Any:
            return legal[0]

    players = [Recording(), Recording()]
    env = SevensEnv(preset="standard", players=3, opponents=players)
    for seed in range(4):
        env.reset(seed=seed)
    assert [seat for seat, _ in players[0].resets] == [1] * 4 and [seat for seat, _ in players[1].resets] == [2] * 4
    own = [seed for _, seed in players[0].resets]
    assert len(set(own)) == 4 and max(own) >= 1 << 32  # a new, wide seed per deal (not a few hundred games)
    assert all(a != b for (_, a), (_, b) in zip(players[0].resets, players[1].resets, strict=True))


def test_seats_out_of_range_are_refused_naming_the_seats_there_are_and_the_spaces_are_declared() -> None:
    for seat in (True, 1.5, 4):
        with pytest.raises(RulesError, match=r"^seat .* is not a seat; allowed: 0 to 3$"):
            SevensEnv(preset="standard", players=4, seat=seat)  # type: ignore[arg-type]
    table = Table.build("standard", players=4)
    table.deal(seed=1)
    with pytest.raises(RulesError, match=r"^seat 4 is not a seat; allowed: 0 to 3$"):
        table.observe(4)
    env = SevensEnv(preset="standard", players=4, opponents="random")
    spaces: Any = env.observation_space
    observation, mask = spaces["observation"], spaces["action_mask"]
    assert observation.dtype == np.float32 and float(observation.high.max()) == 1.0
    assert mask.dtype == np.int8 and int(mask.high.max()) == 1


def test_without_a_pass_limit_passes_are_scaled_as_if_ten_were_allowed() -> None:
    from sevens.games.shichinarabe.state import STATUS_NAMES

    table = Table.build("standard", players=3, settings=["pass_limit=none"])
    table.deal(seed=2)
    state = table.state
    passer = state.to_move
    assert passer is not None
    state.apply(next(a for a in state.legal_actions() if str(a) == "pass"))
    vector = table.observe(passer)["observation"]
    per_seat = 3 + len(STATUS_NAMES)
    assert vector[4 * DECK_SIZE + 3 + 1] == np.float32(1 / 10)  # the viewer's block comes first
    assert vector[4 * DECK_SIZE + 3 + per_seat + 1] == 0.0


def test_each_deal_is_drawn_from_the_whole_63_bit_range_of_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    env = SevensEnv(preset="standard", players=3, opponents="random")
    dealt: list[int] = []
    deal = env.table.deal

    def recording(seed: int) -> None:
        dealt.append(seed)
        deal(seed)

    monkeypatch.setattr(env.table, "deal", recording)
    for seed in range(4):
        env.reset(seed=seed)
    assert len(set(dealt)) == len(dealt) >= 4 and max(dealt) >= 1 << 40  # not a few hundred games


def test_named_search_opponents_play_the_fixed_sample_budget() -> None:
    from sevens.envs.opponents import FIXED_ROLLOUTS

    opponent = make_opponent("search", Table.build("standard", players=3))
    assert opponent.budget.samples == FIXED_ROLLOUTS  # type: ignore[attr-defined]


def test_what_is_not_an_opponent_or_an_action_number_is_refused_saying_what_is() -> None:
    table = Table.build("standard", players=3)
    with pytest.raises(RulesError) as refused:
        make_opponent(42, table)  # type: ignore[arg-type]
    assert str(refused.value) == (
        "opponent 42 is not an agent name, a sevens agent or a policy; give e.g. 'normal', or a function from an "
        "observation dict to an action number"
    )
    with pytest.raises(RulesError, match=r"^action number 209 is out of range; allowed: 0 to 208$"):
        table.space.action(209)


def test_settings_come_as_a_mapping_a_comma_separated_text_or_a_list_and_bad_names_are_refused() -> None:
    from sevens.envs.encoding import action_space_for, encoder_for
    from sevens.envs.table import make_rules

    listed = make_rules("joker", 4, ["pass_limit=1", "jokers=2"])[1]
    assert listed.pass_limit == 1 and listed.jokers == 2 and listed.players == 4
    assert make_rules("joker", 4, "pass_limit=1, jokers=2,")[1] == listed
    assert make_rules("joker", 4, {"pass_limit": 1, "jokers": 2})[1] == listed
    with pytest.raises(RulesError, match=r"^preset must be a name such as 'standard', not int$"):
        make_rules(3)  # type: ignore[arg-type]
    with pytest.raises(
        RulesError, match=r"^no action space for family 'poker'; allowed: shichinarabe, killer, seven27$"
    ):
        action_space_for("poker")
    with pytest.raises(
        RulesError, match=r"^no observation encoder for 'poker'; allowed: shichinarabe, killer, seven27$"
    ):
        encoder_for("poker", listed)
