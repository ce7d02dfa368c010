"""Arenas on a Ray cluster (``sevens arena --ray [ADDRESS]``; needs ``pip install 'sevens[research]'``).

Each deal is one Ray task; outcomes come back in deal order, and every deal is seeded from the match's seed
alone, so the results are those of the local run. Without an address a small local Ray is started (two CPUs,
no dashboard, a 100 MB object store, listening on 127.0.0.1 only) and stopped afterwards; with one, the
cluster's nodes need ``sevens`` installed (the same version) to import the tasks.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, TypeVar

import ray

from sevens.errors import SevensError

T = TypeVar("T")
R = TypeVar("R")

LOCAL_OPTIONS: dict[str, Any] = {
    "num_cpus": 2,
    "include_dashboard": False,
    "object_store_memory": 100 * 1024 * 1024,
    "log_to_driver": False,
}
"""A local Ray kept small: this tool shares its machine."""

_SINGLE_NODE_VARIABLE = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@contextmanager
def _loopback_only() -> Iterator[None]:
    """Ray binds its servers to 127.0.0.1 only when it takes itself for a single machine that joins no cluster
    (its own switch for Windows and macOS); elsewhere they listen on every interface. A local arena needs no
    cluster, so it sets that switch while its Ray runs (a private setting of Ray: skipped if it is gone)."""
    from ray._private import ray_constants

    saved_variable = os.environ.get(_SINGLE_NODE_VARIABLE)
    saved = getattr(ray_constants, "ENABLE_RAY_CLUSTER", None)
    os.environ[_SINGLE_NODE_VARIABLE] = "0"  # for Ray's own processes
    if saved is not None:
        ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if saved_variable is None:
            os.environ.pop(_SINGLE_NODE_VARIABLE, None)
        else:
            os.environ[_SINGLE_NODE_VARIABLE] = saved_variable
        if saved is not None:
            ray_constants.ENABLE_RAY_CLUSTER = saved


@contextmanager
def ray_executor(address: str | None = None) -> Iterator[Callable[[Callable[[T], R], list[T]], Iterator[R]]]:
    """A ``DealMap`` for :func:`~sevens.arena.tournament.run_match` on the Ray cluster at ``address`` (a local
    one when ``None``). Ray is shut down on leaving if it was started here."""
    with ExitStack() as stack:
        if not ray.is_initialized():
            try:
                if address:
                    ray.init(address=address, log_to_driver=False)
                else:
                    stack.enter_context(_loopback_only())
                    ray.init(**LOCAL_OPTIONS)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise SevensError(f"cannot reach a Ray cluster at {address or 'a new local Ray'}: {exc}") from None
            stack.callback(ray.shutdown)

        def run(function: Callable[[T], R], tasks: list[T]) -> Iterator[R]:
            remote = ray.remote(function)
            pending = [remote.remote(task) for task in tasks]
            for ref in pending:  # in submission order, whatever order they finish in
                yield ray.get(ref)

        yield run
