"""PettingZoo AEC environments for every family, preset and variant (``pip install 'sevens[research]'``).

Agents are ``player_0 … player_{n-1}`` (seat numbers). Each observation is a dict: ``observation``, the seat's
view as a fixed-size float vector (:mod:`sevens.envs.encoding`), and ``action_mask``, 1 for each legal action
number (all zeros when the seat is not to move). Rewards come only at the end of a game: E2 points for the
七並べ family and Killer Sevens, chips won or lost for Seven Twenty-Seven. A player who leaves early (finished,
eliminated) stays among the agents until the game ends, since its reward depends on the final ranking.

>>> env = env(preset="standard", players=4)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0, env.agent_selection in env.agents
((239,), True, True)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sevens.envs.table import RENDER_MODES, Settings, Table, check_render_mode
from sevens.errors import RulesError


class SevensAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One game per episode; ``reset(seed=S)`` deals the same cards as ``sevens`` does from seed ``S``."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "sevens_v0",
        "render_modes": RENDER_MODES,
        "is_parallelizable": False,
    }

    def __init__(
        self, preset: str = "standard", players: int | None = None, settings: Settings = None,
        render_mode: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__()
        self.table = Table.build(preset, players, settings)
        self.render_mode = check_render_mode(render_mode)
        n = self.table.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        size, actions = self.table.encoder.size, len(self.table.space)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(actions)
        self._seeds = random.Random()  # the deals of resets without a seed
        self._dealt = False

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._dealt:
            raise RulesError("call reset() before observe(), last() or step()")
        try:
            seat = self._seats[agent]
        except KeyError:
            raise RulesError(f"no agent {agent!r}; the agents are {', '.join(self.possible_agents)}") from None
        return self.table.observe(seat)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)  # later resets without a seed go on from this one, reproducibly
        self.table.deal(seed if seed is not None else self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._dealt = True
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Select the seat to move, or, once the game is over, reward and end every agent. Rewards come only at the
        end, so before it they stay zero and there is nothing to clear or accumulate (a step stays cheap)."""
        mover = self.table.state.to_move
        if mover is not None:
            self.agent_selection = self.possible_agents[mover]
            return
        for agent, points in zip(self.possible_agents, self.table.points(), strict=True):
            self.rewards[agent] = points
            self.terminations[agent] = True
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        if not self._dealt:
            raise RulesError("call reset() before observe(), last() or step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise RulesError(f"{agent} is to move: give an action number, not None")
        self.table.apply_number(action)  # a bad number raises here and changes nothing
        self._settle()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the game so far as text (the position, like FEN, and who is to move); ``human``: printed."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> SevensAEC:
    return SevensAEC(**kwargs)


def env(**kwargs: Any) -> SevensAEC:
    """The environment. PettingZoo's usual wrappers are not needed (they cost 40% of a step here): it refuses by
    itself what they refuse, with a clear :class:`~sevens.errors.RulesError`: an action that is not a whole
    number in range, ``step``/``observe``/``last`` before ``reset``; ``step`` after the end is a dead step."""
    return SevensAEC(**kwargs)
