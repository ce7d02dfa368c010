"""The yardstick workload (random games, uniform over legal actions including pass, from random deals) on the
compiled kernel: ``sevens bench --batched``."""

from __future__ import annotations

import time
from typing import Any

import numba

from sevens.games.shichinarabe import Rules
from sevens.kernel.batch import Batch, Loop


def bench_batched(
    rules: Rules, seconds: float = 3.0, threads: int | None = None, batch: int = 20_000, loop: Loop = "fast"
) -> dict[str, Any]:
    """Play batches of ``batch`` random games for about ``seconds`` on ``threads`` threads (default: every
    core numba may use) on ``loop`` (``"general"``: the loop heuristic play used before the fast one, and
    jokers still use); the first batch, which may compile, is not counted."""
    most: int = numba.config.NUMBA_NUM_THREADS
    chosen = most if threads is None else threads
    if not 1 <= chosen <= most:
        raise ValueError(f"threads={threads} is out of range; allowed: 1 to {most} (NUMBA_NUM_THREADS)")
    numba.set_num_threads(chosen)
    games_per_batch = Batch.blank(rules, batch)
    begin = time.perf_counter()
    games_per_batch.play("random", seed=0, deal=True, loop=loop)
    warmup = time.perf_counter() - begin
    games = steps = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    round_ = 1
    while time.perf_counter() - start < seconds or games == 0:
        out = games_per_batch.play("random", seed=round_, deal=True, loop=loop)
        games += batch
        steps += int(out.steps.sum())
        round_ += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start  # every thread's, so a busy machine does not count against the kernel
    return {
        "batched": True,
        "loop": loop,
        "threads": chosen,
        "games": games,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "warmup_seconds": round(warmup, 3),
        "games_per_second": round(games / elapsed, 1),
        "steps_per_second": round(steps / elapsed, 1),
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_second": round(games / max(cpu, 1e-9), 1),
    }
