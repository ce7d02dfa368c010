"""A rolling restart during play: three ``sevens serve`` processes on one Redis and one PostgreSQL; each in turn
gets ``SIGTERM`` (taken out of the clients' list first, as a load balancer does), drains — its rooms adopted by
the others before their clients are told to reconnect — and is started again. The game loses no move, stores none
twice, and never pauses longer than 3 s."""

from __future__ import annotations

import signal
import threading
import time
from contextlib import ExitStack

import httpx2 as httpx

from harness.process import RedisServer, ServerProcess, server_process

from .helpers import started_room
from .table import Table, check_nothing_lost, stored_moves

PAUSE_SECONDS = 3.0
NODE_OPTIONS = ("--grace", "120", "--log-level", "warning")


def test_restarting_every_node_in_turn_loses_no_move_and_pauses_no_game(database_url: str, redis: RedisServer) -> None:
    options = ("--redis", redis.url, *NODE_OPTIONS)
    stacks: dict[int, ExitStack] = {}
    live: list[ServerProcess] = []

    def start() -> None:
        stack = ExitStack()
        node = stack.enter_context(server_process(database_url, options, timeout=60))
        stacks[id(node)] = stack
        live.append(node)

    try:
        for _ in range(3):
            start()
        with httpx.Client(timeout=10) as http:
            code, tokens = started_room(http, live[0].url, live[1].url)
            with Table(code, tokens, lambda: [node.address for node in live]) as table:
                table.play(moves=10)
                began = time.monotonic()
                for _ in range(3):
                    leaving = live.pop(0)  # out of the balancer's list, then told to stop
                    leaving.proc.send_signal(signal.SIGTERM)

                    def has_exited(node: ServerProcess = leaving) -> bool:
                        return node.proc.poll() is not None

                    table.play(until=has_exited, timeout=30)
                    # uvicorn re-raises the signal once it has shut down cleanly: the exit status of SIGTERM
                    assert leaving.proc.wait(timeout=30) == -signal.SIGTERM, leaving.log()
                    assert "Traceback" not in leaving.log(), leaving.log()
                    stacks.pop(id(leaving)).close()
                    starting = threading.Thread(target=start)  # the players play on while it starts
                    starting.start()

                    def has_started(thread: threading.Thread = starting) -> bool:
                        return not thread.is_alive()

                    table.play(until=has_started, timeout=90)
                    starting.join()
                    table.play(moves=10)
                pause = table.longest_pause(since=began)
                print(f"rolling restart of 3 nodes: {table.moves} moves, longest pause {pause:.2f} s, "
                      f"{table.reconnects} reconnections")  # fmt: skip
                assert pause < PAUSE_SECONDS
            record = int(http.get(f"{live[0].url}/api/rooms/{code}").json()["record"])
    finally:
        for stack in stacks.values():
            stack.close()
    check_nothing_lost(table, stored_moves(database_url, record))
