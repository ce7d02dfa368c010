"""A Gymnasium single-agent environment: one seat learns, named ``sevens`` agents play the others.

The observation is the same dict as PettingZoo's (``observation`` floats from the learner's view, and
``action_mask``); ``action_masks()`` returns the mask too, for maskable learners. The reward is the learner's
E2 points (chips for Seven Twenty-Seven) when the game ends, 0 before. The opponents are any agent names the
family's agent registry knows (``random``, ``greedy``, ``heuristic``, ``search``, and the levels once there);
they see only their own views. An action number that is not legal now is not played: the learner's default
action (E4: pass if legal, else the card nearest its 7) is played instead and ``info["illegal_action"]`` is
true, so generic checkers that sample unmasked actions still see a well-formed game.

>>> env = SevensEnv(preset="standard", players=4, opponents="heuristic")
>>> obs, info = env.reset(seed=5)
>>> obs["observation"].shape, bool(obs["action_mask"].any())
((239,), True)
>>> import numpy as np
>>> done, total = False, 0.0
>>> while not done:
...     obs, reward, done, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
...     total += reward
>>> total in (10.0, 5.0, 2.0, -5.0, -10.0)  # E2: by place, eliminated, or last
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from sevens.agents.base import Agent, make_agent
from sevens.envs.encoding import Mask
from sevens.envs.table import Settings, Table
from sevens.errors import RulesError
from sevens.rng import derive_seed
from sevens.session.clock import default_action


class SevensEnv(gymnasium.Env[dict[str, Any], int]):  # type: ignore[misc,unused-ignore]
    """``seat`` learns; ``opponents`` is one agent name for every other seat, or one name per other seat."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self, preset: str = "standard", players: int | None = None, settings: Settings = None,
        opponents: str | Sequence[str] = "heuristic", seat: int = 0, render_mode: str | None = None,
    ) -> None:  # fmt: skip
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode {render_mode!r} is not offered; allowed: None, 'ansi'")
        self.table = Table.build(preset, players, settings)
        n = self.table.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise RulesError(f"seat {seat!r} is not a seat; allowed: 0 to {n - 1}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise RulesError(f"{len(names)} opponents for {n} players; give one name, or one per other seat")
        self.seat = seat
        self.render_mode = render_mode
        family = self.table.family.name
        others = [s for s in range(n) if s != seat]
        self.opponents: dict[int, Agent] = {s: make_agent(name, family) for s, name in zip(others, names, strict=True)}
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.table.encoder.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.table.space),), dtype=np.int8),
            }
        )
        self.action_space: spaces.Discrete = spaces.Discrete(len(self.table.space))  # type: ignore[assignment,unused-ignore]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.table.deal(game_seed)
        for s, agent in self.opponents.items():
            agent.reset(s, derive_seed(game_seed, s + 1))
        self._play_opponents()
        return self.table.observe(self.seat), {"game_seed": game_seed}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.table.state
        if state.to_move != self.seat:
            raise RulesError("the game is over: call reset() before step()")
        legal = state.legal_actions()
        chosen = self.table.space.action(int(action))
        illegal = chosen not in legal
        state.apply(default_action(legal) if illegal else chosen)
        self._play_opponents()
        done = state.is_over()
        reward = self.table.points()[self.seat] if done else 0.0
        return self.table.observe(self.seat), reward, done, False, {"illegal_action": illegal}

    def action_masks(self) -> Mask:
        """1 for each legal action number of the learner now."""
        return self.table.space.mask(self.table.state.legal_actions() if self.table.state.to_move == self.seat else [])

    def _play_opponents(self) -> None:
        """Let the other seats move until the learner is to move or the game is over."""
        state = self.table.state
        while (mover := state.to_move) is not None and mover != self.seat:
            agent = self.opponents[mover]
            state.apply(agent.act(state.view(mover) if agent.needs_view else None, state.legal_actions()))

    def render(self) -> str:
        """The position text (one line, like FEN) of the game so far."""
        return self.table.state.position()
