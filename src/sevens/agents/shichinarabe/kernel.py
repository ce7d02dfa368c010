"""The search's hot paths on the compiled kernel (:mod:`sevens.kernel`); needs numba (the ``research`` extra),
:func:`available` says whether it is installed.

**Playouts** (:class:`KernelPlayouts`): where the Python path (:class:`~.search.Rollout`) plays one candidate of one
sample at a time, a chunk of samples is loaded into one :class:`~sevens.kernel.Batch` (each sample once), copied
once per candidate, the candidates applied in the kernel, and every copy played to its end by the kernel's
heuristic, which chooses as :func:`~.policy.score_actions` does (tests/kernel). Each seat plays the weights and
the noise the Python path gives it. With no noise both paths play the same games and give every candidate the
same value (tests/agents/test_search_kernel.py); with noise the kernel draws from its own generator
(xorshift128+) seeded by the same ``noise_seed`` of the sample, so every candidate of a sample still gets the
same stream (common random numbers), but the individual playouts are not the Python path's games.

**Reading** (:class:`CompiledReading`): the posterior chain asks, two seats at every step, how many of a seat's
past choices each policy of the mixture explains with the hand it proposes (:class:`~.sampling.OpponentModel`);
that is most of a search's time once its playouts run on the kernel. The choices become an array once per move
and :func:`sevens.kernel.engine.plain_misses` counts the misses with the kernel's card and pass scores. Only
rules without jokers are read here: with jokers a choice needs the full
:func:`~.policy.score_actions`, which stays in Python. The counts are the Python path's, so the chain visits
the same deals.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from sevens.games.shichinarabe.actions import PASS, PLAY, Action
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State

from .knowledge import Decision
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

        self.rules, self.win_bonus, self.noise = rules, win_bonus, noise
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


class CompiledReading:
    """Counts, per policy of ``components``, the past choices of a seat that a hand fails to explain."""

    def __init__(
        self,
        rules: Rules,
        components: Sequence[Weights],
        moments: dict[int, list[tuple[Decision, int, int | None]]],
        put_out: Sequence[int],
    ) -> None:
        """``moments[seat]``: the seat's choices to read, each with the playable positions then and the
        passes it had left (None: no limit)."""
        from sevens.kernel import engine
        from sevens.kernel.batch import tables_for, weights_array

        self._engine = engine
        tables = tables_for(rules)
        self._tables = (tables.cfg, tables.lanes, tables.lengths)
        self._voluntary = rules.voluntary_pass
        self._weights = np.stack([weights_array(w) for w in components])
        self._put_out = list(put_out)
        self._moments = {seat: self._array(found) for seat, found in moments.items()}
        self._misses = np.zeros(len(components), dtype=np.int64)

    def _array(self, moments: list[tuple[Decision, int, int | None]]) -> npt.NDArray[np.int64]:
        e = self._engine
        fields = [e.M_OCCUPIED, e.M_PLAYABLE, e.M_LEFT, e.M_PUT_OUT_BEFORE, e.M_KIND, e.M_CARD]
        rows = np.zeros((len(moments), e.MOMENT_COLUMNS), dtype=np.int64)
        for i, (d, playable, left) in enumerate(moments):
            kind = {PLAY: e.M_PLAY, PASS: e.M_PASS}.get(d.action.kind, e.M_OTHER)
            card = d.action.card if kind == e.M_PLAY else 0
            rows[i, fields] = [d.occupied, playable, e.NO_LIMIT if left is None else left, d.put_out_before, kind, card]
        return rows

    def misses(self, seat: int, hand: int) -> list[int]:
        """Per policy, how many of ``seat``'s choices holding ``hand`` now leaves unexplained."""
        moments = self._moments.get(seat)
        if moments is None:
            return [0] * len(self._misses)
        cfg, lanes, lengths = self._tables
        self._engine.plain_misses(
            hand, self._put_out[seat], moments, self._weights, self._voluntary, cfg, lanes, lengths, self._misses
        )
        return list(self._misses.tolist())
