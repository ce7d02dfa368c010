"""The search's playouts on the compiled kernel (:mod:`sevens.kernel`): every candidate of many samples in one call.

The Python path (:mod:`.rollout`) plays one candidate of one sample at a time; here a chunk of samples is
loaded into one :class:`~sevens.kernel.Batch` (each sample once), copied once per candidate, the candidates
applied in the kernel, and every copy played to its end by the kernel's heuristic, which chooses as
:func:`~.policy.score_actions` does (tests/kernel). Each seat plays the weights the Python path gives it (the
searcher its own, the others theirs from the opponent mixture, or the searcher's) and the noise it gives it.

Same samples, same moves: with no noise both paths play the same games, so they give the same value to every
candidate (tests/agents/test_search_kernel.py). With noise, the draws differ: the Python path
draws from ``random.Random(noise_seed)``, the kernel from its own generator (xorshift128+) seeded by the same
``noise_seed`` of the sample; both give every candidate of a sample the same stream (common random numbers),
so the search is as paired as before, but the individual playouts are not the same games.

Needs numba (the ``research`` extra); :func:`available` says whether it is installed.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import numpy as np

from sevens.games.shichinarabe.actions import Action
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State

from .policy import Weights


def available() -> bool:
    """Whether the compiled kernel can be used (numba is installed)."""
    return importlib.util.find_spec("numba") is not None


class KernelPlayouts:
    """Plays out a search's samples on the kernel. ``mixture``: the policies the other seats may play (each
    sample says which, per seat), else every seat plays ``weights``."""

    def __init__(
        self,
        rules: Rules,
        weights: Weights,
        noise: float,
        self_noise: float | None,
        win_bonus: float,
        mixture: Sequence[Weights] | None = None,
    ) -> None:
        from sevens.kernel.batch import weights_array

        self.rules = rules
        self.win_bonus = win_bonus
        self.noise = noise
        self.self_noise = noise if self_noise is None else self_noise
        # row k of the table is the k-th policy of the mixture; the last row is the searcher's own weights
        policies = [*(mixture or ()), weights]
        self._table = np.stack([weights_array(w) for w in policies])
        self._own_row = len(policies) - 1

    def rows(
        self,
        samples: Sequence[State],
        candidates: Sequence[Action],
        seat: int,
        streams: Sequence[int],
        policies: Sequence[Sequence[int]] | None = None,
    ) -> list[list[float]]:
        """One row per sample: every candidate applied to a copy of the sample and played to its end; the
        value is ``seat``'s E2 points plus ``win_bonus`` when it ranks first. ``streams[i]``: sample ``i``'s
        noise seed (all its candidates draw the same numbers); ``policies[i][s]``: the index in the mixture of
        the policy seat ``s`` plays in sample ``i`` (``seat``'s own entry is ignored)."""
        from sevens.kernel.batch import Batch

        legal = samples[0].legal_actions()  # the seat's legal actions are the same in every sample
        indices = [legal.index(action) for action in candidates]
        width = len(candidates)
        batch = Batch.from_states(samples)
        batch.state = np.repeat(batch.state, width, axis=0)
        batch.apply(np.tile(np.asarray(indices, dtype=np.int64), len(samples)))
        players = self.rules.players
        if policies is None:
            choice = np.full((len(samples), players), self._own_row, dtype=np.int64)
        else:
            choice = np.array(policies, dtype=np.int64).reshape(len(samples), players)
            choice[:, seat] = self._own_row
        weights = self._table[np.repeat(choice, width, axis=0)]  # [game, seat, field]
        noise = [self.self_noise if s == seat else self.noise for s in range(players)]
        game_streams = np.repeat(np.asarray(streams, dtype=np.uint64), width)
        out = batch.play("heuristic", seed=0, noise=noise, weights=weights, streams=game_streams)
        values = out.points[:, seat] + self.win_bonus * (out.ranking[:, 0] == seat)
        return values.astype(np.float64).reshape(len(samples), width).tolist()  # type: ignore[no-any-return]
