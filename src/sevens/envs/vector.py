"""Thousands of 七並べ games stepped at once in compiled code: a Gymnasium ``VectorEnv`` on the kernel.

Each of the ``num_envs`` sub-environments is one game of the rules (every 七並べ preset and setting; the other
families have no compiled engine) in which seat ``seat`` learns and the other seats are played inside the
kernel by ``opponents``: ``"random"`` (uniform over the legal actions, pass included) or ``"heuristic"`` (the
agents' lane-reading policy with :data:`~sevens.policy_weights.DEFAULT_WEIGHTS`, plus ``noise`` times a
uniform draw per action; 0 = deterministic). One :meth:`~SevensVectorEnv.step` plays every learner's action,
then every opponent's up to the learner's next turn, for all games, without returning to Python.

**Actions** are the numbers of the shared 七並べ action space (:func:`sevens.envs.encoding.action_space_for`,
209 of them, the same as the PettingZoo/Gymnasium envs): ``0–51`` play the card (bit ``suit * 13 + rank - 1``,
suits ♠ ♥ ♦ ♣ as in :mod:`sevens.cards`), ``52–103`` ``Jk+X`` (joker below X, then X), ``104–155`` ``X+Jk``,
``156–207`` exchange X for the joker standing there, ``208`` pass. ``infos["action_mask"]`` (and
:meth:`~SevensVectorEnv.action_masks`) is ``(num_envs, 209)`` ``int8``, 1 where legal. An action that is not
an integer, out of range, or not legal in its game is refused with a :class:`~sevens.errors.SevensError`
naming the game and what is allowed, before any game changes.

**Observations** are ``(num_envs, 158 + 3 × players)`` ``uint8``, from the learner's side only (no hidden
card), seats relative to the learner (the learner first, then clockwise):

==========================  ==========  ===============================================================
field                       offset      values
==========================  ==========  ===============================================================
own hand                    0–51        1 where the learner holds the card (real cards)
table                       52–103      1 where a real card lies on the table
jokers on the table         104–155     1 where a joker stands (B8a); all 0 without jokers
cards held, per seat        156 + k     real cards + jokers held by relative seat k
passes used, per seat       156 + P + k the passes relative seat k has used (capped at 255)
status, per seat            156 + 2P + k 0 in, 1 finished, 2 eliminated, 3 joker-stuck
own jokers                  156 + 3P    jokers in the learner's hand
pass streak                 157 + 3P    passes in succession since the last card (B11 stalemate)
==========================  ==========  ===============================================================

(``P`` players, ``k`` from 0.) The rules themselves (pass limit, link, tunnel, …) are fixed per env and not
repeated in the observation.

**Rewards** are 0 until a game ends, then the learner's E2 points (10, 5, 2 by place, 0, −5 eliminated,
−10 last or joker-stuck). A game is never over before the learner's first action: a deal in which the
learner is out before its turn (possible with ``pass_limit=0``) is dealt again. Games are never truncated.

**Auto-reset** follows Gymnasium 1.x's default (``AutoresetMode.NEXT_STEP``): the step that ends a game
returns its last observation with ``terminations[g]`` true and the reward; the next ``step`` ignores that
game's action, deals it a new game and returns its first observation with reward 0. The mask returned with
that last observation has a single 1, at the pass (208): no row of a mask is ever all 0, so the usual
``logits + log(mask)`` (or ``where(mask, logits, -inf)``) masking never gives NaN, and the action a masked
policy then samples (the pass, with log-probability 0 and entropy 0) adds nothing to a policy gradient. A
trainer must still leave that step's transition out of its losses: the observation after it belongs to
another game (docs/research.md, "Training on the vector env", gives the recipe and ``bench/ppo_numpy.py``
follows it). Gymnasium's ``RecordEpisodeStatistics`` reads the mode from ``metadata`` and counts episodes right.

>>> env = SevensVectorEnv(num_envs=8, opponents="heuristic")
>>> obs, infos = env.reset(seed=1)
>>> obs.shape, infos["action_mask"].shape
((8, 170), (8, 209))
>>> import numpy as np
>>> first_legal = infos["action_mask"].argmax(axis=1)
>>> obs, rewards, terminations, truncations, infos = env.step(first_legal)
>>> rewards.dtype.name, bool(truncations.any())
('float32', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from sevens.envs.table import Settings, make_rules
from sevens.errors import IllegalActionError, RulesError, SevensError, WrongTypeError
from sevens.games.shichinarabe import Rules, State
from sevens.kernel import engine
from sevens.kernel.batch import (
    POLICIES,
    Batch,
    across_threads,
    check_supported,
    noise_array,
    tables_for,
    weights_array,
    weights_table,
)
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

StepResult = tuple[
    npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
]
PARALLEL_FROM = 512  # fewer games are stepped on the calling thread (waking the pool costs more)
AUTORESET_MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)


class SevensVectorEnv(VectorEnv):  # type: ignore[misc,unused-ignore]
    """``num_envs`` games of ``preset`` (with ``players`` and ``settings`` as in the other envs); seat ``seat``
    learns, ``opponents`` (``"random"`` or ``"heuristic"``, with ``noise`` and the heuristic's ``weights``, e.g.
    the ``normal`` level's) plays the rest inside the kernel.
    ``copy``: return fresh arrays each step (default), or the env's own buffers, overwritten by the next step.
    ``autoreset_mode``: ``NEXT_STEP`` (Gymnasium's default, above) or ``SAME_STEP`` (a game that ends is dealt
    anew within the same step: the observation and mask returned are the new game's, the last ones are in
    ``infos["final_obs"]`` and ``infos["final_info"]["action_mask"]``, as Gymnasium's ``SyncVectorEnv`` gives
    them; what SB3's ``VecEnv`` expects, :mod:`sevens.envs.sb3`)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self, num_envs: int = 1024, preset: str = "standard", players: int | None = None, settings: Settings = None,
        opponents: str = "heuristic", seat: int = 0, noise: float = 0.0, copy: bool = True,
        weights: Weights = DEFAULT_WEIGHTS, autoreset_mode: AutoresetMode = AutoresetMode.NEXT_STEP,
    ) -> None:  # fmt: skip
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise SevensError(f"num_envs must be a whole number of at least 1, got {num_envs!r}")
        _, rules = make_rules(preset, players, settings)
        check_supported(rules)
        if opponents not in POLICIES:
            raise RulesError(f"opponents {opponents!r} cannot play inside the kernel; allowed: {', '.join(POLICIES)}")
        n = rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise RulesError(f"seat {seat!r} is not a seat; allowed: 0 to {n - 1}")
        if not isinstance(noise, int | float) or noise < 0:
            raise SevensError(f"noise must be a number from 0, got {noise!r}")
        if autoreset_mode not in AUTORESET_MODES:
            raise SevensError(
                f"autoreset_mode must be one of {', '.join(str(m) for m in AUTORESET_MODES)}, got {autoreset_mode!r}"
            )
        self.metadata = {**type(self).metadata, "autoreset_mode": autoreset_mode}
        self.rules: Rules = rules
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        self.copy = copy
        self._tables = tables_for(rules)
        self._policy = POLICIES[opponents]
        if not isinstance(weights, Weights):
            raise SevensError(f"weights must be a sevens.policy_weights.Weights, got {type(weights).__name__}")
        self._weights = weights_table(weights, n)[0]
        self._noise = noise_array(float(noise), n)
        size = engine.observation_size(n)
        self.single_observation_space = spaces.Box(0, 255, (size,), dtype=np.uint8)
        self.single_action_space = spaces.Discrete(engine.ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._state = np.zeros((num_envs, engine.WIDTH), dtype=np.int64)
        self._rngs = np.zeros((num_envs, 2), dtype=np.uint64)
        self._fresh = np.ones(num_envs, dtype=np.bool_)
        self._obs = np.zeros((num_envs, size), dtype=np.uint8)
        self._mask = np.zeros((num_envs, engine.ACTIONS), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._started = False
        self._next_seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])

    # ---------------------------------------------------------------------------------------------- Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        """Deal every game anew (game ``g`` from the generator ``(seed, g)``) and play to the learner's turn.
        ``options={"states": [State, …]}`` starts from positions of the Python engine instead (one per game,
        these rules; each copied), e.g. to compare with it; their later games are dealt by the kernel."""
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
                raise SevensError(f"seed must be a whole number from 0 to 2**64-1, got {seed!r}")
            self._next_seed = seed
        engine.seed_envs(self._rngs, np.uint64(self._next_seed))
        self._next_seed = (self._next_seed + 0x9E3779B97F4A7C15) % (1 << 64)  # a reset without a seed differs
        states = (options or {}).get("states")
        if states is not None:
            self._load(states)
        else:
            self._fresh[:] = True
            self._run(np.zeros(self.num_envs, dtype=np.int64))
        self._started = True
        return self._out(self._obs), self._infos()

    def step(self, actions: npt.ArrayLike) -> StepResult:
        """Play every learner's action number, then the opponents' up to the learner's next turn."""
        if not self._started:
            raise SevensError("call reset() before step()")
        chosen = self._checked(actions)
        self._run(chosen)
        if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP and self._terminated.any():
            return self._same_step_reset()
        return (
            self._out(self._obs), self._out(self._rewards), self._out(self._terminated),
            self._out(self._truncated), self._infos(),
        )  # fmt: skip

    def action_masks(self) -> npt.NDArray[np.int8]:
        """``(num_envs, 209)``: 1 at each legal action number of each game now (for a game that has just ended,
        1 at the pass only: the next action is ignored)."""
        return self._mask.copy()

    def heuristic_actions(self, weights: Weights = DEFAULT_WEIGHTS) -> npt.NDArray[np.int64]:
        """``(num_envs,)``: the action number the kernel's heuristic (``weights``, no noise) would play in each
        game now for the seat to move, -1 for a finished game: a teacher's labels for imitation learning."""
        t = self._tables
        chosen = np.empty(self.num_envs, dtype=np.int64)
        engine.heuristic_numbers(self._state, t.cfg, t.lanes, t.lengths, weights_array(weights), chosen)
        return chosen

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: every game is in this process's arrays."""

    # ---------------------------------------------------------------------------------------------- inside
    def _checked(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The actions as ``int64``, or an error naming the first game whose action is not legal."""
        given = np.asarray(actions)
        if given.dtype.kind not in "iu":
            raise WrongTypeError(f"actions must be integers (one action number per game), not {given.dtype} values")
        if given.shape != (self.num_envs,):
            raise SevensError(f"actions must have one entry per game ({self.num_envs}), got shape {given.shape}")
        chosen = given.astype(np.int64)
        out_of_range = np.flatnonzero((chosen < 0) | (chosen >= engine.ACTIONS))
        going = ~self._fresh  # a finished game's action is ignored: it is dealt anew (NEXT_STEP auto-reset)
        if out_of_range.size and going[out_of_range].any():
            g = int(out_of_range[going[out_of_range]][0])
            raise IllegalActionError(
                f"game {g}: action {int(chosen[g])} is out of range; allowed: 0 to {engine.ACTIONS - 1}",
                reason="out_of_range",
            )
        chosen = np.where(going, chosen, 0)
        illegal = np.flatnonzero(going & (self._mask[np.arange(self.num_envs), np.clip(chosen, 0, None)] == 0))
        if illegal.size:
            g = int(illegal[0])
            raise IllegalActionError(
                f"game {g}: action {int(chosen[g])} is not legal now; allowed: "
                f"{np.flatnonzero(self._mask[g]).tolist()} (infos['action_mask'])",
                reason="illegal",
            )
        return chosen

    def _run(self, actions: npt.NDArray[np.int64]) -> None:
        t = self._tables
        step = engine.step_envs_parallel if self.num_envs >= PARALLEL_FROM else _step_serial
        across_threads(
            step, self._state, actions, self._fresh, self.seat, self._policy, t.cfg, t.table, t.lanes, t.lengths,
            self._weights, self._noise, self._rngs, self._obs, self._mask, self._rewards, self._terminated,
        )  # fmt: skip

    def _same_step_reset(self) -> StepResult:
        """SAME_STEP: the games that ended are dealt anew now; their last observation and mask go to
        ``infos["final_obs"]`` (Gymnasium's object array, ``None`` for the others) and
        ``infos["final_info"]["action_mask"]``, with the ``_final_obs`` / ``_final_info`` flags."""
        ended = self._terminated.copy()
        final_obs = np.full(self.num_envs, None, dtype=object)
        for g in np.flatnonzero(ended):
            final_obs[g] = self._obs[g].copy()
        final_masks = np.where(ended[:, None], self._mask, 0).astype(np.int8)
        t = self._tables
        engine.deal_envs(
            self._state, self._fresh, self.seat, self._policy, t.cfg, t.table, t.lanes, t.lengths, self._weights,
            self._noise, self._rngs, self._obs, self._mask,
        )  # fmt: skip
        infos = self._infos()
        infos.update(
            final_obs=final_obs, _final_obs=ended, final_info={"action_mask": final_masks, "_action_mask": ended},
            _final_info=ended,
        )  # fmt: skip
        return (
            self._out(self._obs), self._out(self._rewards), ended, self._out(self._truncated), infos,
        )  # fmt: skip

    def _load(self, states: Sequence[State]) -> None:
        if len(states) != self.num_envs:
            raise SevensError(f"options['states'] must hold one state per game ({self.num_envs}), got {len(states)}")
        batch = Batch.from_states(list(states))
        if batch.rules != self.rules:
            raise RulesError(f"the states' rules {batch.rules.text()} are not this env's {self.rules.text()}")
        self._state[:] = batch.state
        self._continue_loaded()
        self._fresh[:] = False

    def _continue_loaded(self) -> None:
        """Positions just loaded: the opponents move to the learner's turn."""
        t = self._tables
        engine.continue_envs(
            self._state, self.seat, self._policy, t.cfg, t.table, t.lanes, t.lengths, self._weights, self._noise,
            self._rngs, self._obs, self._mask,
        )  # fmt: skip
        over = np.flatnonzero(self._state[:, engine.TURN] != self.seat)
        if over.size:
            self._fresh[:] = True
            raise SevensError(f"state {int(over[0])} ends before seat {self.seat} moves; give positions it can play")

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._out(self._mask)}

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array


class SevensVectorSelfPlayEnv(SevensVectorEnv):
    """The multi-agent form (self-play): every seat of every game is the caller's, in PettingZoo's AEC turn
    order per game. ``infos["seat"][g]`` is the seat to move in game ``g`` (``possible_agents[seat]`` in
    PettingZoo's names); the observation and mask are that seat's, and ``step`` plays its action number.
    ``rewards`` are ``(num_envs,)`` as every Gymnasium vector env's (so ``RecordEpisodeStatistics`` and other
    wrappers take it as is): the E2 points of the seat whose action the step played, on the step that ends a
    game, 0 before. ``infos["seat_rewards"]`` is ``(num_envs, players)``: every seat's E2 points on that step,
    0 before (what a self-play trainer credits to each seat's last decision). At the end the observation is the
    last mover's. Auto-reset, masks, refusals and seeding as :class:`SevensVectorEnv`.

    >>> env = SevensVectorSelfPlayEnv(num_envs=4)
    >>> obs, infos = env.reset(seed=2)
    >>> infos["seat"].shape, env.possible_agents
    ((4,), ['player_0', 'player_1', 'player_2', 'player_3'])
    >>> obs, rewards, terminations, truncations, infos = env.step(infos["action_mask"].argmax(axis=1))
    >>> rewards.shape, infos["seat_rewards"].shape
    ((4,), (4, 4))
    """

    def __init__(
        self, num_envs: int = 1024, preset: str = "standard", players: int | None = None, settings: Settings = None,
        copy: bool = True,
    ) -> None:  # fmt: skip
        super().__init__(num_envs, preset, players, settings, opponents="random", copy=copy)
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._seat_rewards = np.zeros((num_envs, n), dtype=np.float32)

    def _run(self, actions: npt.NDArray[np.int64]) -> None:
        t = self._tables
        movers = self._seats.copy()  # the seats whose actions this step plays
        args = (
            self._state, actions, self._fresh, t.cfg, t.table, self._rngs, self._seats, self._obs, self._mask,
            self._seat_rewards, self._terminated,
        )  # fmt: skip
        if self.num_envs >= PARALLEL_FROM:
            across_threads(engine.step_self_play_parallel, *args)
        else:
            engine.step_self_play(0, self.num_envs, *args)
        self._rewards[:] = self._seat_rewards[np.arange(self.num_envs), movers]

    def _continue_loaded(self) -> None:
        over = np.flatnonzero(self._state[:, engine.TURN] < 0)
        if over.size:
            self._fresh[:] = True
            raise SevensError(f"state {int(over[0])} is over; give positions with a seat to move")
        engine.observe_movers(self._state, self._tables.cfg, self._seats, self._obs, self._mask)

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self._out(self._mask), "seat": self._seats.copy(),
            "seat_rewards": self._out(self._seat_rewards),
        }  # fmt: skip


def _step_serial(*args: Any) -> None:
    games = args[0].shape[0]
    engine.step_envs(0, games, *args)
