"""The C yardstick (``bench/sevens_limit.c``), built one way for every bench script: ``gcc -O2``, one thread.

Random 4-player ``standard`` games from random deals, uniform over the legal actions including pass; the
binary prints ``games=… steps=… time=…s games/s=… steps/s=…``.
"""

from __future__ import annotations

import re
import resource
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

C_SOURCE = Path(__file__).resolve().parent / "sevens_limit.c"
C_FLAGS = ("-O2",)


@contextmanager
def built(source: Path = C_SOURCE) -> Iterator[Path]:
    """The yardstick compiled with :data:`C_FLAGS` into a temporary folder (removed afterwards)."""
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "sevens_limit"
        subprocess.run(["gcc", *C_FLAGS, "-o", str(binary), str(source)], check=True)
        yield binary


def games_per_second(binary: Path, games: int) -> float:
    """Run ``games`` games; the binary's own games/s (wall clock)."""
    return rates(binary, games)[0]


def rates(binary: Path, games: int) -> tuple[float, float]:
    """Run ``games`` games: games per second of wall clock (the binary's own figure) and per CPU-second (its
    user + system time, which other load on the machine does not inflate)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(binary), str(games)], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    match = re.search(r"games/s=(\d+)", out)
    if not match:
        raise SystemExit(f"unexpected output from {binary.name}: {out!r}")
    return float(match.group(1)), games / max(cpu, 1e-9)
