"""The C yardstick (``bench/sevens_limit.c``), built one way for every bench script: ``gcc -O2``, one thread.

Random 4-player ``standard`` games from random deals, uniform over the legal actions including pass; the
binary prints ``games=… steps=… time=…s games/s=… steps/s=…``.
"""

from __future__ import annotations

import re
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
    """Run ``games`` games; the binary's own games/s."""
    out = subprocess.run([str(binary), str(games)], check=True, capture_output=True, text=True).stdout
    match = re.search(r"games/s=(\d+)", out)
    if not match:
        raise SystemExit(f"unexpected output from {binary.name}: {out!r}")
    return float(match.group(1))
