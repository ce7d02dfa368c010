"""Stable-Baselines3's ``VecEnv`` over the vector env, with action masks for sb3-contrib's ``MaskablePPO``.

SB3 does not take Gymnasium vector envs: it has its own ``VecEnv`` API (``reset() -> obs``, ``step_async`` and
``step_wait() -> (obs, rewards, dones, infos)`` with a list of dicts, a game that ends reset within the same
step and its last observation in ``infos[i]["terminal_observation"]``). :func:`sb3_vec_env` wraps a
:class:`~sevens.envs.vector.SevensVectorEnv` (made with ``autoreset_mode=SAME_STEP``) in a subclass of SB3's
``VecEnv``, and ``MaskablePPO`` reads the masks through ``env_method("action_masks")`` (one row per game: the
legal actions of the observation just returned, the new game's after an end)::

    from sb3_contrib import MaskablePPO

    model = MaskablePPO("MlpPolicy", sb3_vec_env(num_envs=16, opponents="random"), seed=0)
    model.learn(50_000)

stable-baselines3 (and so torch) is imported only by :func:`sb3_vec_env`: the package does not depend on it.
The behaviour lives in :class:`VecEnvAdapter`, a plain class the tests check against the real vector env without
SB3; ``bench/sb3_maskable_ppo.py`` trains ``MaskablePPO`` on it where SB3 is installed (docs/research.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode

from sevens.envs.vector import SevensVectorEnv
from sevens.errors import SevensError

Indices = None | int | Iterable[int]


class VecEnvAdapter:
    """SB3's ``VecEnv`` methods over one :class:`SevensVectorEnv` (``SAME_STEP``): what :func:`sb3_vec_env` mixes
    into SB3's base class. ``kwargs`` go to :class:`SevensVectorEnv` (``num_envs``, ``preset``, ``opponents``, …)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("autoreset_mode", AutoresetMode.SAME_STEP)
        if kwargs["autoreset_mode"] != AutoresetMode.SAME_STEP:
            raise SevensError("SB3's VecEnv resets a finished game within the step: autoreset_mode must be SAME_STEP")
        self.env = SevensVectorEnv(**kwargs)
        self._init_base(self.env.num_envs, self.env.single_observation_space, self.env.single_action_space)
        self._actions: npt.NDArray[np.int64] | None = None
        self._seed: int | None = None

    def _init_base(self, num_envs: int, observation_space: Any, action_space: Any) -> None:
        """SB3's ``VecEnv.__init__`` where SB3 is mixed in; the same attributes without it."""
        self.num_envs = num_envs
        self.observation_space = observation_space
        self.action_space = action_space
        self.render_mode: str | None = None

    # ------------------------------------------------------------------------------------------- VecEnv API
    def reset(self) -> npt.NDArray[np.uint8]:
        """Deal every game anew (with the seed given to :meth:`seed`, once; then the env's own sequence)."""
        obs, _ = self.env.reset(seed=self._seed)
        self._seed = None
        return obs

    def step_async(self, actions: npt.ArrayLike) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(
        self,
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]]:
        if self._actions is None:
            raise SevensError("call step_async(actions) before step_wait()")
        obs, rewards, terminations, truncations, infos = self.env.step(self._actions)
        self._actions = None
        dones = terminations | truncations
        per_game: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for g in np.flatnonzero(dones):
            per_game[g] = {
                "terminal_observation": infos["final_obs"][g],
                "TimeLimit.truncated": bool(truncations[g] and not terminations[g]),
            }
        return obs, rewards, dones, per_game

    def step(self, actions: npt.ArrayLike) -> tuple[Any, ...]:
        self.step_async(actions)
        return self.step_wait()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, 209)`` booleans: the legal actions of each game's current observation."""
        return self.env.action_masks().astype(bool)

    def seed(self, seed: int | None = None) -> list[int | None]:
        """The seed of the next :meth:`reset` (game ``g`` from ``(seed, g)``), as SB3's ``VecEnv.seed``."""
        self._seed = seed
        return [seed] * self.num_envs

    def close(self) -> None:
        self.env.close()

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        """The attribute of the one vector env, once per game asked for; per-game masks for ``action_masks``."""
        games = self._games(indices)
        if attr_name == "action_masks":
            return [self._mask_of(g) for g in games]
        value = getattr(self, attr_name) if hasattr(self, attr_name) else getattr(self.env, attr_name)
        return [value for _ in games]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        self._games(indices)
        setattr(self.env, attr_name, value)

    def env_method(self, method_name: str, *args: Any, indices: Indices = None, **kwargs: Any) -> list[Any]:
        """``env_method("action_masks")`` gives each game's mask row (what ``MaskablePPO`` calls); any other
        method of the vector env is called once and its answer given for each game asked for."""
        games = self._games(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[g] for g in games]
        answer = getattr(self.env, method_name)(*args, **kwargs)
        return [answer for _ in games]

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> list[bool]:
        return [isinstance(self.env, wrapper_class) for _ in self._games(indices)]

    def get_images(self) -> Sequence[None]:
        return [None] * self.num_envs

    # ------------------------------------------------------------------------------------------- inside
    def _mask_of(self, g: int) -> Any:
        return lambda: self.action_masks()[g]

    def _games(self, indices: Indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        chosen = [indices] if isinstance(indices, int) else list(indices)
        wrong = [g for g in chosen if not (isinstance(g, int | np.integer) and 0 <= g < self.num_envs)]
        if wrong:
            raise SevensError(f"indices {wrong} are not games; allowed: 0 to {self.num_envs - 1}")
        return [int(g) for g in chosen]


@cache
def _sb3_class() -> type:
    try:
        from stable_baselines3.common.vec_env import VecEnv  # type: ignore[import-not-found,unused-ignore]
    except ImportError as missing:
        raise SevensError(
            "sb3_vec_env needs stable-baselines3 (pip install stable-baselines3 sb3-contrib; it brings torch)"
        ) from missing

    class SevensSB3VecEnv(VecEnvAdapter, VecEnv):  # type: ignore[misc,valid-type,unused-ignore]
        """:class:`VecEnvAdapter` as an SB3 ``VecEnv`` (``isinstance`` checks, ``VecEnv``'s own helpers)."""

        def _init_base(self, num_envs: int, observation_space: Any, action_space: Any) -> None:
            VecEnv.__init__(self, num_envs, observation_space, action_space)

        def seed(self, seed: int | None = None) -> list[int | None]:
            return VecEnvAdapter.seed(self, seed)  # the vector env seeds its games itself, from one seed

    return SevensSB3VecEnv


def sb3_vec_env(**kwargs: Any) -> Any:
    """A stable-baselines3 ``VecEnv`` of :class:`SevensVectorEnv` games (``kwargs`` as it takes them), with
    ``action_masks`` for ``MaskablePPO``. Raises :class:`~sevens.errors.SevensError` when SB3 is not installed."""
    return _sb3_class()(**kwargs)
