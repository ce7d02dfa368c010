"""Compile every function of the kernel once, ahead of use: ``sevens warmup``.

numba compiles a function the first time it is called with given argument types (10–60 CPU-seconds for the
whole kernel, depending on the machine) and, since every function is ``cache=True``, writes the result to its
cache: the ``__pycache__`` folder beside :mod:`.engine` when it is writable, otherwise a folder in the user's
cache directory (or ``NUMBA_CACHE_DIR`` when set). Later processes load it in well under a second. Each part
below calls the compiled entry points with the argument types the package's own callers use (the batch API,
the search's playouts and reading, the vector environment), so nothing is left to compile on first use;
tests/kernel checks that.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from sevens.games.shichinarabe import Rules, State
from sevens.kernel import engine
from sevens.kernel.batch import Batch, noise_array, tables_for, weights_array, weights_table
from sevens.policy_weights import DEFAULT_WEIGHTS


@dataclass(frozen=True, slots=True)
class Part:
    name: str
    seconds: float


def _batches() -> None:
    """Deals, starts, random and heuristic play, on the calling thread and across threads."""
    for rules in (Rules.preset("standard"), Rules.preset("joker")):
        Batch.dealt(rules, 4, seed=1).play("random", seed=1)
        Batch.blank(rules, 4).play("heuristic", seed=1, deal=True, noise=0.5)
        Batch.blank(rules, 2048).play("random", seed=1, deal=True)  # the parallel loop
        Batch.from_seeds(rules, [1]).trace(0, "heuristic")


def _actions() -> None:
    """Action numbers (a search's candidates) and per-game weights and streams (its playouts)."""
    rules = Rules.preset("standard")
    batch = Batch.from_states([State.new(rules, 1)] * 2)
    batch.apply(np.zeros(2, dtype=np.int64))
    weights = np.stack([weights_array(DEFAULT_WEIGHTS)] * rules.players)[None].repeat(2, axis=0)
    batch.play("heuristic", noise=[0.1] * rules.players, weights=weights, streams=np.arange(2, dtype=np.uint64))


def _reading() -> None:
    """The search's reading of the other players (:mod:`sevens.agents.shichinarabe.kernel`)."""
    t = tables_for(Rules.preset("standard"))
    moments = np.zeros((1, engine.MOMENT_COLUMNS), dtype=np.int64)
    weights = np.stack([weights_array(DEFAULT_WEIGHTS)])
    misses = np.zeros(1, dtype=np.int64)
    engine.plain_misses(1, 0, moments, weights, True, t.cfg, t.lanes, t.lengths, misses)


def _vector() -> None:
    """The vector environments' steps (:mod:`sevens.envs.vector`, both forms), on one thread and across threads."""
    rules = Rules.preset("standard")
    t = tables_for(rules)
    n = rules.players
    w, noise = weights_table(DEFAULT_WEIGHTS, n)[0], noise_array(0.0, n)
    for games in (2, 4):
        state = np.zeros((games, engine.WIDTH), dtype=np.int64)
        rngs = np.zeros((games, 2), dtype=np.uint64)
        obs = np.zeros((games, engine.observation_size(n)), dtype=np.uint8)
        mask = np.zeros((games, engine.ACTIONS), dtype=np.int8)
        rewards = np.zeros(games, dtype=np.float32)
        flags = np.ones(games, dtype=np.bool_), np.zeros(games, dtype=np.bool_)
        actions = np.zeros(games, dtype=np.int64)
        engine.seed_envs(rngs, np.uint64(1))
        common = (t.cfg, t.table, t.lanes, t.lengths, w, noise, rngs, obs, mask, rewards, flags[1])
        seats = np.zeros(games, dtype=np.int64)
        points = np.zeros((games, n), dtype=np.float32)
        self_play = (state, actions, flags[0], t.cfg, t.table, rngs, seats, obs, mask, points, flags[1])
        if games == 2:
            engine.step_self_play(0, games, *self_play)
            engine.observe_movers(state, t.cfg, seats, obs, mask)
            engine.step_envs(0, games, state, actions, flags[0], 0, engine.HEURISTIC, *common)
            engine.continue_envs(
                state, 0, engine.HEURISTIC, t.cfg, t.table, t.lanes, t.lengths, w, noise, rngs, obs, mask
            )
            engine.deal_envs(  # SAME_STEP auto-reset
                state, flags[0], 0, engine.HEURISTIC, t.cfg, t.table, t.lanes, t.lengths, w, noise, rngs, obs, mask
            )
        else:
            engine.step_self_play_parallel(*self_play)
            engine.step_envs_parallel(state, actions, flags[0], 0, engine.RANDOM, *common)


PARTS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("batches", _batches),
    ("actions", _actions),
    ("reading", _reading),
    ("vector", _vector),
)


def warm_up(
    progress: Callable[[str], None] = lambda name: None, jobs: int = 1, names: tuple[str, ...] | None = None
) -> list[Part]:
    """Compile (or load from the cache) every part (or those ``names``), calling ``progress(name)`` before each;
    their CPU times.

    With ``jobs`` above 1 the parts compile in that many fresh processes at once (each writes what it compiled
    to the cache, which numba writes atomically): ``batches`` and ``vector`` take about half the time each, so
    two cores finish in half the time of one. With 1 they compile here, in this process."""
    chosen = [name for name, _ in PARTS if names is None or name in names]
    if jobs <= 1:
        return [_compiled(name, progress) for name in chosen]
    # spawn, not fork: a child forked from a process whose threads (numba's, a caller's) run may hang
    with ProcessPoolExecutor(min(jobs, len(chosen)), mp_context=multiprocessing.get_context("spawn")) as pool:
        started = [pool.submit(_compiled, name) for name in chosen]
        for name in chosen:
            progress(name)
        return [part.result() for part in started]


def _compiled(name: str, progress: Callable[[str], None] = lambda name: None) -> Part:
    progress(name)
    begin = time.process_time()
    dict(PARTS)[name]()
    return Part(name, round(time.process_time() - begin, 2))


def default_jobs() -> int:
    """As many processes as the parts or the cores this process may use, whichever is fewer."""
    return max(1, min(len(PARTS), len(os.sched_getaffinity(0))))


def cache_folder() -> str:
    """Where numba keeps the kernel's compiled code (see the module's notes)."""
    cache = getattr(engine.play_batch, "_cache", None)
    return str(getattr(cache, "_cache_path", "numba's cache"))
