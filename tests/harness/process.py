"""``python -m sevens.server`` as a child process on a free loopback port: started, waited for until it listens,
and stopped, for the tests that need a real process (restart, multi-node, browser) and the load benchmark; and
what several nodes share in those runs: Debian's ``redis-server`` on a free port, a scratch PostgreSQL schema; and
for the chaos tests a Redis and a private PostgreSQL that can be stopped and started again (:class:`RedisServer`,
:class:`PostgresServer`).

Readiness is a TCP connection to the port, not a log line, so it holds at any ``--log-level``. The child's
stdout and stderr are read all the time by a thread (so a chatty server never blocks on a full pipe) and kept
in :attr:`ServerProcess.output`.
"""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

HOST = "127.0.0.1"


class ServerStartError(RuntimeError):
    """The server exited or did not listen in time; the message holds what it printed."""


PORT_BLOCK = 400  # ports per test worker, from FIRST_PORT up (gw0 first), all below the kernel's ephemeral range
FIRST_PORT = 10_000
_next_port = [random.randrange(PORT_BLOCK)]  # this process's cursor in its block (a bench script run by a test
# shares its worker's block: starting elsewhere in it, the two rarely meet, and a taken port is skipped anyway)


def free_port() -> int:
    """A TCP port that nothing uses now, on any address, and that no outgoing connection will take meanwhile.

    A port the kernel hands out for ``bind(0)`` is one of its ephemeral ports, which it also gives to outgoing
    connections: between this choice and the server's own bind, one of the many connections the other tests
    open could take it (a server then fails with "address already in use"). So each test worker draws from its
    own block below the ephemeral range (``PYTEST_XDIST_WORKER`` gwN: the N-th block), skipping a port in use."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = FIRST_PORT + PORT_BLOCK * (int(worker) if worker.isdigit() else 0)
    for _ in range(PORT_BLOCK):
        port = first + _next_port[0] % PORT_BLOCK
        _next_port[0] += 1
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind(("0.0.0.0", port))  # no SO_REUSEADDR: anything on the port, on any address, refuses
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {first}..{first + PORT_BLOCK - 1}")


class OnLoopback:
    """A server listening on ``port`` of the loopback interface."""

    port: int

    @property
    def address(self) -> str:
        """``host:port``, for ``ws://`` and ``http://`` URLs."""
        return f"{HOST}:{self.port}"

    @property
    def url(self) -> str:
        """The base URL, without a trailing slash."""
        return f"http://{self.address}"


@dataclass
class ServerProcess(OnLoopback):
    """A running server: the child process, its port, and every line it has printed so far."""

    proc: subprocess.Popen[str]
    port: int
    output: list[str] = field(default_factory=list)

    def log(self) -> str:
        return "".join(self.output)

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        """Wait until the server has printed a line containing ``text``; ``TimeoutError`` (with the output) if not."""
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.output):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server did not print {text!r}:\n{self.log()}")
            time.sleep(0.05)

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)


def listening(port: int) -> bool:
    """Whether something accepts TCP connections on ``port`` of the loopback interface."""
    try:
        with socket.create_connection((HOST, port), timeout=1.0):
            return True
    except OSError:
        return False


@contextmanager
def server_process(
    database_url: str, options: Sequence[str] = (), timeout: float = 60.0, stop_timeout: float = 15.0
) -> Iterator[ServerProcess]:
    """Run ``python -m sevens.server --db database_url *options`` on a free loopback port, its computer players
    without delay; yield once it listens, then stop it with SIGTERM (SIGKILL after ``stop_timeout`` seconds)
    unless it has exited already. :class:`ServerStartError` if it exits or does not listen within ``timeout``
    seconds."""
    port = free_port()
    command = [sys.executable, "-m", "sevens.server", "--host", HOST, "--port", str(port), "--db", database_url,
               "--bot-delay", "0", *options]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}  # lines arrive as they are printed
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    server = ServerProcess(proc, port)
    threading.Thread(target=server._pump, daemon=True).start()
    try:
        deadline = time.monotonic() + timeout
        while not listening(port):
            if proc.poll() is not None:
                raise ServerStartError(f"the server exited with code {proc.returncode}:\n{server.log()}")
            if time.monotonic() > deadline:
                raise ServerStartError(f"the server did not listen within {timeout:g} s:\n{server.log()}")
            time.sleep(0.05)
        yield server
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=stop_timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def redis_process(timeout: float = 60.0) -> Iterator[str]:
    """Run Debian's ``redis-server`` on a free loopback port without persistence (``--save ''
    --appendonly no``); yield its URL, then stop it. :class:`ServerStartError` if it is missing or does not
    listen in time."""
    executable = shutil.which("redis-server")
    if executable is None:
        raise ServerStartError("redis-server is not installed (Debian: apt-get install redis-server)")
    port = free_port()
    command = [executable, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
               "--protected-mode", "yes", "--loglevel", "warning"]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while not listening(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise ServerStartError(f"redis-server did not listen on port {port}")
            time.sleep(0.05)
        yield f"redis://{HOST}:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def postgres_schema(base_url: str, prefix: str = "t") -> Iterator[str]:
    """A new, empty schema of the PostgreSQL database at ``base_url``, as a URL whose connections use it; dropped
    with everything in it afterwards (nodes of a multi-node test or load run share one such schema)."""
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"{prefix}_{uuid.uuid4().hex[:16]}"
    admin = create_engine(make_url(base_url).set(drivername="postgresql+psycopg"), pool_pre_ping=True)
    try:
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        options = {"options": f"-csearch_path={schema}"}
        yield make_url(base_url).update_query_dict(options).render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


class RedisServer:
    """Debian's ``redis-server`` on one loopback port, which can be stopped and started again on the same port
    (an outage, a restart: nothing persists, so a restarted Redis is empty)."""

    def __init__(self, port: int | None = None) -> None:
        self.executable = shutil.which("redis-server")
        if self.executable is None:
            raise ServerStartError("redis-server is not installed (Debian: apt-get install redis-server)")
        self.port = port if port is not None else free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self, timeout: float = 60.0) -> None:
        command = [str(self.executable), "--port", str(self.port), "--bind", HOST, "--save", "", "--appendonly",
                   "no", "--protected-mode", "yes", "--loglevel", "warning"]  # fmt: skip
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while not listening(self.port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise ServerStartError(f"redis-server did not listen on port {self.port}")
            time.sleep(0.05)

    def stop(self, kill: bool = False) -> None:
        """Stop it (``kill``: SIGKILL, else SIGTERM) and wait until it has exited."""
        if self.proc is None:
            return
        if kill:
            self.proc.kill()
        else:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    """A :class:`RedisServer`, started; stopped afterwards."""
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


POSTGRES_USER = "postgres"  # initdb and the server refuse to run as root: they run as Debian's postgres user


class PostgresServer:
    """A private PostgreSQL (Debian's binaries) in a scratch directory on a free loopback port, which a test may
    stop (fast, or ``immediate``: a crash) and start again without disturbing any other test's database."""

    def __init__(self, directory: str) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise ServerStartError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bin = os.path.dirname(found[-1])
        self.directory = directory
        self.data = os.path.join(directory, "data")
        self.port = free_port()
        self._run(["initdb", "-D", self.data, "-A", "trust", "-U", "sevens", "-E", "UTF8", "--no-sync"])

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://sevens@{HOST}:{self.port}/postgres"

    def _run(self, command: list[str]) -> None:
        argv = [os.path.join(self.bin, command[0]), *command[1:]]
        if os.geteuid() == 0:
            argv = ["runuser", "-u", POSTGRES_USER, "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, cwd="/", check=False)
        if done.returncode != 0:
            raise ServerStartError(f"{command[0]} failed:\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses={HOST} -c fsync=off"
        self._run(["pg_ctl", "-D", self.data, "-o", options, "-l", os.path.join(self.directory, "log"), "-w", "start"])

    def stop(self, mode: str = "fast") -> None:
        """Stop it: ``fast`` (connections cut, a clean shutdown) or ``immediate`` (a crash, recovered at start)."""
        self._run(["pg_ctl", "-D", self.data, "-m", mode, "-w", "stop"])


@contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A :class:`PostgresServer`, started; stopped and removed afterwards."""
    directory = tempfile.mkdtemp(prefix="sevens-pg-")
    if os.geteuid() == 0:
        shutil.chown(directory, POSTGRES_USER)
    try:
        server = PostgresServer(directory)
        server.start()
        try:
            yield server
        finally:
            with contextlib.suppress(ServerStartError):
                server.stop("immediate")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


__all__ = [
    "OnLoopback",
    "PostgresServer",
    "RedisServer",
    "ServerProcess",
    "ServerStartError",
    "free_port",
    "listening",
    "postgres_schema",
    "postgres_server",
    "redis_process",
    "redis_server",
    "server_process",
]  # fmt: skip
