"""The opponent model's reading of past choices (:class:`~.inference.OpponentModel`) on the compiled kernel.

The posterior chain asks, two seats at every step, how many of a seat's past choices each policy of the
mixture explains with the hand the chain proposes; that is most of a search's time once its playouts run
on the kernel. Here the choices are turned into an array once per move and
:func:`sevens.kernel.engine.plain_misses` counts the misses, with the kernel's card and pass scores (the
policy's, tests/kernel). Only rules without jokers are read here: with jokers (and swaps) a choice needs the
full :func:`~.policy.score_actions`, which stays in Python. The counts are the Python path's, and the
log-likelihoods are made from them by the same Python arithmetic, so both paths give the chain the same
numbers and it visits the same deals (tests/agents/test_search_kernel.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from sevens.games.shichinarabe.actions import PASS, PLAY
from sevens.games.shichinarabe.rules import Rules

from .knowledge import Decision
from .policy import Weights


def supports(rules: Rules) -> bool:
    """Whether the choices of these rules can be read on the kernel: no jokers."""
    return rules.jokers == 0


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
        rows = np.zeros((len(moments), e.MOMENT_COLUMNS), dtype=np.int64)
        for i, (d, playable, left) in enumerate(moments):
            kind = {PLAY: e.M_PLAY, PASS: e.M_PASS}.get(d.action.kind, e.M_OTHER)
            rows[i, e.M_OCCUPIED] = d.occupied
            rows[i, e.M_PLAYABLE] = playable
            rows[i, e.M_LEFT] = e.NO_LIMIT if left is None else left
            rows[i, e.M_PUT_OUT_BEFORE] = d.put_out_before
            rows[i, e.M_KIND] = kind
            rows[i, e.M_CARD] = d.action.card if kind == e.M_PLAY else 0
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
