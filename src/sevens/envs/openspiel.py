"""OpenSpiel games: ``import sevens.envs.openspiel`` registers one game per family with ``pyspiel.register_game``.

=====================  ================================================================
game                   parameters (all optional)
=====================  ================================================================
``sevens``             ``preset`` (default ``standard``; any 七並べ preset), ``players``,
``sevens_killer``      ``settings`` (``--set`` changes, comma-separated: ``"pass_limit=none,ak_link=true"``)
``sevens_seven27``     and ``deals`` (how many deals chance draws from, default 65,536)
=====================  ================================================================

The game is imperfect-information with explicit chance: the first node is chance, and its outcome ``k`` deals
the cards ``sevens`` deals from seed ``k`` (for Seven Twenty-Seven, seed ``k`` also orders the deck it draws
from). Information-state and observation tensors are the shared encoder's vector of the seat's view
(:mod:`sevens.envs.encoding`); the information-state string adds every action so far (all actions are
public), so it has perfect recall. Returns are E2 points (chips won for Seven Twenty-Seven).
``resample_from_infostate`` deals the cards a seat cannot see afresh, consistently with its view (七並べ and
Killer Sevens), which is what OpenSpiel's IS-MCTS needs.

>>> import pyspiel
>>> game = pyspiel.load_game("sevens", {"preset": "tunnel", "players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)  # the cards sevens deals from seed 7
>>> from sevens.games.shichinarabe import Rules, State
>>> same = State.new(Rules.preset("tunnel", players=3), seed=7)
>>> state.current_player() == same.to_move
True
>>> [state.action_to_string(a) for a in state.legal_actions()] == [str(a) for a in same.legal_actions()]
True
>>> len(state.information_state_tensor()) == game.information_state_tensor_size()
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from sevens.envs.table import Table, family_of_rules, make_rules
from sevens.errors import RulesError
from sevens.games.base import GameState
from sevens.session.scoring import round_points

DEFAULT_DEALS = 1 << 16

GAME_NAMES = {"shichinarabe": "sevens", "killer": "sevens_killer", "seven27": "sevens_seven27"}
"""OpenSpiel's name of each family's game."""

_DEFAULT_PRESETS = {"shichinarabe": "standard", "killer": "killer", "seven27": "seven27"}


def _settings_text(text: str) -> list[str]:
    return [part for part in (p.strip() for p in text.split(",")) if part]


class SevensGame(pyspiel.Game):  # type: ignore[misc]
    """One family's game under the rules its parameters name."""

    family_name = "shichinarabe"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_parameters(self.family_name), **(params or {})}
        family, rules = make_rules(str(values["preset"]), None, _settings_text(str(values["settings"])))
        if family.name != self.family_name:
            raise RulesError(f"preset {values['preset']!r} is {family.name}, not a preset of {self.family_name}")
        if int(values["players"]) > 0:
            rules = rules.replace(players=int(values["players"]))
        self.deals = int(values["deals"])
        if self.deals < 1:
            raise RulesError(f"deals={self.deals} must be at least 1")
        self.table = Table(family, rules)
        chips = family.name == "seven27"
        n = rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.table.space),
            max_chance_outcomes=self.deals,
            num_players=n,
            min_utility=-float(rules.stack) if chips else -10.0,
            max_utility=float(rules.stack * (n - 1)) if chips else 10.0,
            utility_sum=0.0 if chips else None,
            max_game_length=family.max_steps(rules) + 1,
        )
        super().__init__(_game_type(self.family_name), info, {**values, "players": n})

    def new_initial_state(self) -> SevensState:
        return SevensState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> SevensObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        # no type given: OpenSpiel asks for the default observation (without recall)
        return SevensObserver(self.table, perfect_recall=iig_obs_type is not None and iig_obs_type.perfect_recall)


class SevensState(pyspiel.State):  # type: ignore[misc]
    """A chance node (the deal), then the ``sevens`` engine's state, which decides everything."""

    def __init__(self, game: SevensGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.table, game.deals)
        self._engine = _Engine(None)
        self.public: list[str] = []  # "seat:action" of every action so far (every action is public)

    @property
    def table(self) -> Table:
        return self._shared.table

    @property
    def deals(self) -> int:
        return self._shared.deals

    @property
    def game_state(self) -> GameState | None:
        """The engine's state once dealt (``None`` at the chance node)."""
        return self._engine.state

    @game_state.setter
    def game_state(self, value: GameState | None) -> None:
        self._engine.state = value

    @classmethod
    def of(cls, game: SevensGame, game_state: GameState, public: list[str]) -> SevensState:
        """A state past the deal holding ``game_state`` (used to set up searches from a seat's view)."""
        state = cls(game)
        state.game_state, state.public = game_state, list(public)
        return state

    def current_player(self) -> int:
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        mover = self.game_state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game_state is not None
        space = self.table.space
        return sorted(space.index(a) for a in self.game_state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(k, p) for k in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.game_state is None:
            self.game_state = self.table.family.new_state(self.table.rules, int(action))
            return
        mover = self.game_state.to_move
        chosen = self.table.space.action(int(action))
        self.game_state.apply(chosen)
        self.public.append(f"{mover}:{chosen}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self.table.space.action(int(action)))

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over()

    def returns(self) -> list[float]:
        if self.game_state is None or not self.game_state.is_over():
            return [0.0] * self.table.players
        return [float(p) for p in round_points(self.table.family, self.game_state)]

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> SevensState:
        """A state that ``player`` cannot tell from this one: the cards it cannot see dealt afresh."""
        seed = int(probability_sampler() * 2**53) if probability_sampler is not None else random.getrandbits(53)
        if self.game_state is None:
            return SevensState(self.get_game())
        resample = resampler_for(self.table.family.name)
        game_state = resample(self.game_state.view(player), random.Random(seed))
        return SevensState.of(self.get_game(), game_state, self.public)

    def __str__(self) -> str:
        return "before the deal" if self.game_state is None else self.game_state.position()


class _Shared:
    """What every state of one game shares; OpenSpiel clones a state by deep copy, which must not copy this."""

    __slots__ = ("deals", "table")

    def __init__(self, table: Table, deals: int) -> None:
        self.table, self.deals = table, deals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Engine:
    """The engine's state inside an OpenSpiel state: a deep copy is the engine's own (cheap) ``clone``."""

    __slots__ = ("state",)

    def __init__(self, state: GameState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())


class SevensObserver:
    """Tensors from the shared encoder; strings from the seat's view (and, with perfect recall, every action)."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SevensState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.table.encoder.encode(state.game_state.view(player))

    def string_from(self, state: SevensState, player: int) -> str:
        if state.game_state is None:
            return f"seat {player}: before the deal"
        seen = state.game_state.view(player).to_dict()
        seen.pop("history", None)  # the log holds events as well; the recall below is the actions alone
        text = f"seat {player}: " + json.dumps(seen, sort_keys=True, separators=(",", ":"))
        return text + " | " + " ".join(state.public) if self.perfect_recall else text


def load_for_rules(rules: Any, deals: int = DEFAULT_DEALS) -> Any:
    """The registered OpenSpiel game of ``rules`` (any family, preset or variant)."""
    family = family_of_rules(rules)
    preset, _, settings = rules.text().partition(",")
    params = {"preset": preset, "players": rules.players, "settings": settings, "deals": deals}
    return pyspiel.load_game(GAME_NAMES[family.name], params)


def resampler_for(family_name: str) -> Callable[[Any, random.Random], GameState]:
    """``(view, rng) → state`` dealing the cards the view's seat cannot see (七並べ and Killer Sevens)."""
    if family_name == "shichinarabe":
        from sevens.agents.shichinarabe.knowledge import Knowledge as ShichiKnowledge
        from sevens.agents.shichinarabe.sampling import Sampler as ShichiSampler
        from sevens.agents.shichinarabe.sampling import build_state as build_shichi

        def shichinarabe(view: Any, rng: random.Random) -> GameState:
            knowledge = ShichiKnowledge.fresh(view).update(view)
            return build_shichi(view, knowledge, ShichiSampler(view, knowledge).sample(rng))

        return shichinarabe
    if family_name == "killer":
        from sevens.agents.killer.knowledge import Knowledge as KillerKnowledge
        from sevens.agents.killer.sampling import Sampler as KillerSampler
        from sevens.agents.killer.sampling import build_state as build_killer

        def killer(view: Any, rng: random.Random) -> GameState:
            knowledge = KillerKnowledge.fresh(view).update(view)
            return build_killer(view, knowledge, KillerSampler(view, knowledge).sample(rng))

        return killer
    raise RulesError(f"resampling hidden cards is not offered for {family_name}; allowed: shichinarabe, killer")


def _parameters(family_name: str) -> dict[str, Any]:
    return {"preset": _DEFAULT_PRESETS[family_name], "players": 0, "settings": "", "deals": DEFAULT_DEALS}


def _game_type(family_name: str) -> Any:
    table = Table.build(_DEFAULT_PRESETS[family_name])
    family = table.family
    chips = family_name == "seven27"
    return pyspiel.GameType(
        short_name=GAME_NAMES[family_name],
        long_name=f"sevens: {family.title[0]} ({family.title[1]})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if chips else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=family.max_players,
        min_num_players=family.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(family_name),
    )


def _register() -> None:
    for family_name in GAME_NAMES:
        game_class = type(f"SevensGame_{family_name}", (SevensGame,), {"family_name": family_name})
        pyspiel.register_game(_game_type(family_name), game_class)


_register()
