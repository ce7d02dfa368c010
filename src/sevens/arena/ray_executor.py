"""Arenas on a Ray cluster (``sevens arena --ray [ADDRESS]``; needs ``pip install 'sevens[research]'``).

Each deal is one Ray task; outcomes come back in deal order, and every deal is seeded from the match's seed
alone, so the results are those of the local run. Without an address a small local Ray is started (two CPUs,
no dashboard, a 100 MB object store, listening on 127.0.0.1 only) and stopped afterwards; with one, the
cluster's nodes need ``sevens`` installed (the same version) to import the tasks. An address is tried first, in a
child process given :data:`JOIN_SECONDS` to join the cluster: Ray itself waits minutes for one that does not
answer (and a proxy may accept the connection without a cluster behind it).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
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

CONNECT_SECONDS = 4.0
"""How long the head node of a cluster may take to accept a connection before ``--ray ADDRESS`` gives up."""

JOIN_SECONDS = 9.0
"""How long a trial driver may take to join the cluster (a healthy one takes a few seconds, Ray's import included)."""

_JOIN_AND_LEAVE = "import sys, ray; ray.init(address=sys.argv[1], log_to_driver=False); ray.shutdown()"


def check_reachable(address: str) -> None:
    """Raise :class:`SevensError` unless a Ray cluster answers at ``address`` (``HOST:PORT``, ``ray://HOST:PORT`` or
    ``auto``): something must accept a connection within :data:`CONNECT_SECONDS`, then a trial driver in a child
    process must join and leave the cluster within :data:`JOIN_SECONDS`.

    >>> check_reachable("no-port-here")
    Traceback (most recent call last):
    ...
    sevens.errors.SevensError: --ray address 'no-port-here' is not HOST:PORT (or ray://HOST:PORT, or auto)
    """
    if address != "auto":
        _check_connects(address)
    try:
        trial = subprocess.run(
            [sys.executable, "-c", _JOIN_AND_LEAVE, address], capture_output=True, text=True, timeout=JOIN_SECONDS
        )
    except subprocess.TimeoutExpired:
        raise SevensError(
            f"cannot reach a Ray cluster at {address}: it accepts connections but no Ray cluster answered within "
            f"{JOIN_SECONDS:g} s; check the address (the head node's GCS port, 6379 by default)"
        ) from None
    if trial.returncode != 0:
        last = (trial.stderr.strip().splitlines() or ["no message"])[-1]
        raise SevensError(f"cannot reach a Ray cluster at {address}: {last}")


def _check_connects(address: str) -> None:
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise SevensError(f"--ray address {address!r} is not HOST:PORT (or ray://HOST:PORT, or auto)")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else exc.strerror or str(exc)
        raise SevensError(
            f"cannot reach a Ray cluster at {address}: {reason} within {CONNECT_SECONDS:g} s; "
            "check the address and that the head node is running (ray start --head)"
        ) from None


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
                    check_reachable(address)
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
