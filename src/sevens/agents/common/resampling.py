"""Determinizations that explain what the opponents did, and turning deals into states.

Killer's search draws a few deals consistent with its view and keeps one with probability proportional to
how well it explains the other players' recent choices (the opponent model's likelihood:
sampling-importance-resampling); Shichi-narabe's draws them from a Metropolis–Hastings chain instead
(:mod:`.posterior`). Either way each deal is turned into a state. Building a state from text is slow, so
the first deal of a move is parsed into a template and every later one is a clone of it with the hands
replaced. The deal type and the state type are the family's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TypeVar

from .determinized import Determinization, StateSource

DealT = TypeVar("DealT")
StateT = TypeVar("StateT", bound=Determinization)


def resample(deals: list[DealT], log_weight: Callable[[DealT], float], rng: random.Random) -> DealT:
    """One of ``deals`` with probability proportional to its likelihood (``exp(log_weight)``)."""
    if len(deals) == 1:
        return deals[0]
    logs = [log_weight(d) for d in deals]
    top = max(logs)
    return rng.choices(deals, [math.exp(x - top) for x in logs])[0]


def resampled_states(
    sample: Callable[[random.Random], DealT],
    log_weight: Callable[[DealT], float],
    tries: int,
    build: Callable[[DealT], StateT],
    refill: Callable[[StateT, DealT], StateT],
) -> StateSource[StateT]:
    """States of deals resampled from ``tries`` draws of ``sample`` each (:func:`template_states`)."""

    def resampled(rng: random.Random) -> DealT:
        return resample([sample(rng) for _ in range(tries)], log_weight, rng)

    return template_states(resampled, build, refill)


def template_states(
    sample: Callable[[random.Random], DealT],
    build: Callable[[DealT], StateT],
    refill: Callable[[StateT, DealT], StateT],
) -> StateSource[StateT]:
    """States of the deals ``sample`` gives: the first ``build`` into a template, the others ``refill``-ed into
    a copy of it."""
    template: list[StateT] = []

    def draw(rng: random.Random) -> StateT:
        deal = sample(rng)
        if not template:
            template.append(build(deal))
            return template[0].clone()
        return refill(template[0], deal)

    return draw
