"""The numbers behind the 七並べ heuristic's scores: data that the agents' policy
(:mod:`sevens.agents.shichinarabe.policy`, which re-exports them) and the compiled kernel (:mod:`sevens.kernel`)
both read, so it lives below both."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """The numbers behind the scores (tuned by duplicate matches, see the package notes)."""

    end: float = 0.0
    bank: float = 0.2
    progress: float = 1.5
    progress_deep: float = 0.3
    open: float = 1.0
    open_deep: float = 0.8
    open_gap: float = 0.6
    gate: float = -1.0
    gate_block: float = 0.4
    joker: float = 1.5
    joker_kill: float = 3.0
    joker_urgency: float = 2.0
    swap: float = 0.1
    tunnel_danger: float = 1.5
    tunnel_kill: float = 1.5
    pass_threshold: float = -1.2
    pass_pressure: float = 0.5
    pressure_options: int = 3
    reserve: int = 0


DEFAULT_WEIGHTS = Weights()
