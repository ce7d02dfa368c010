"""A Gymnasium single-agent environment: one seat learns, the others are played by agents or policies.

The observation is the same dict as PettingZoo's (``observation`` floats from the learner's view, and
``action_mask``); ``action_masks()`` returns the mask too, for maskable learners. The reward is the learner's
E2 points (chips for Seven Twenty-Seven) when the game ends, 0 before. The opponents (:mod:`.opponents`) are
agent or level names (default ``normal``, which every family has; search agents play a fixed, seeded sample
budget, so a seed replays the same game), ``sevens`` agent objects, or policies over observation dicts (self-play
against frozen snapshots). They see only their own views, and ``info`` holds nothing about hidden cards.

An action is a whole number in ``0 … n-1`` (``int``, a numpy integer or a one-element integer array); anything
else is refused with :class:`~sevens.errors.RulesError`. A number in range that is not legal now is not played:
the learner's default action (E4: pass if legal, else the card nearest its 7) is played instead and
``info["illegal_action"]`` is true, so generic checkers that sample unmasked actions still see a well-formed game.

A deal in which the learner is out of the game before its first turn (possible with ``pass_limit=0``: a seat with
no play at its turn is eliminated) is skipped: ``reset`` deals again from the next seed of its generator, and
``info["skipped_deals"]`` counts them, so every episode has at least one step and every reward is delivered.

>>> env = SevensEnv(preset="standard", players=4, opponents="heuristic")
>>> obs, info = env.reset(seed=5)
>>> obs["observation"].shape, bool(obs["action_mask"].any()), info
((239,), True, {'skipped_deals': 0})
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

from sevens.agents.base import Agent
from sevens.envs.encoding import Mask, action_number
from sevens.envs.opponents import DEFAULT_OPPONENT, OpponentSpec, make_opponent
from sevens.envs.table import RENDER_MODES, Settings, Table, check_render_mode
from sevens.errors import RulesError
from sevens.rng import derive_seed
from sevens.session.clock import default_action

MAX_SKIPPED_DEALS = 1000
"""Deals ``reset`` may skip (the learner out before its first turn) before it gives up with an error."""


class SevensEnv(gymnasium.Env[dict[str, Any], int]):  # type: ignore[misc,unused-ignore]
    """``seat`` learns; ``opponents`` is one opponent for every other seat, or one per other seat."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self, preset: str = "standard", players: int | None = None, settings: Settings = None,
        opponents: OpponentSpec | Sequence[OpponentSpec] = DEFAULT_OPPONENT, seat: int = 0,
        render_mode: str | None = None,
    ) -> None:  # fmt: skip
        self.table = Table.build(preset, players, settings)
        n = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise RulesError(f"seat {seat!r} is not a seat; allowed: 0 to {n - 1}")
        specs: list[OpponentSpec] = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * (n - 1)  # type: ignore[list-item]
        if len(specs) != n - 1:
            raise RulesError(f"{len(specs)} opponents for {n} players; give one, or one per other seat")
        self.seat = seat
        self.render_mode = check_render_mode(render_mode)
        others = [s for s in range(n) if s != seat]
        self.opponents: dict[int, Agent] = {
            s: make_opponent(spec, self.table) for s, spec in zip(others, specs, strict=True)
        }
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
        skipped = 0
        while not self._deal():
            skipped += 1
            if skipped > MAX_SKIPPED_DEALS:
                raise RulesError(f"the learner was out before its first turn in {skipped} deals in a row")
        self._render_if_human()
        return self.table.observe(self.seat), {"skipped_deals": skipped}

    def _deal(self) -> bool:
        """Deal from the next seed and play the opponents up to the learner's turn: false if it never comes."""
        game_seed = int(self.np_random.integers(2**62))
        self.table.deal(game_seed)
        for s, agent in self.opponents.items():
            agent.reset(s, derive_seed(game_seed, s + 1))
        self._play_opponents()
        return self.table.state.to_move == self.seat

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.table.state
        chosen = self.table.space.action(action_number(action))
        if state.to_move != self.seat:
            raise RulesError("the game is over: call reset() before step()")
        legal = state.legal_actions()
        illegal = chosen not in legal
        state.apply(default_action(legal) if illegal else chosen)
        self._play_opponents()
        done = state.is_over()
        reward = self.table.points()[self.seat] if done else 0.0
        self._render_if_human()
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

    def render(self) -> str | None:
        """``ansi``: the game so far as text (the position, like FEN, and who is to move); ``human``: printed."""
        return self.table.render(self.render_mode)

    def _render_if_human(self) -> None:
        if self.render_mode == "human":
            self.render()
