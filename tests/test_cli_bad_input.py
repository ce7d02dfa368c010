"""Issue 27: every command's bad input, as a table. Each numeric option at −1, 0 and a huge value, each path
option missing or unwritable, and the cases the issue found (`watch --seed -1`, `watch --save` into a missing
folder, `arena --plot` likewise, `serve --database foo://bar`, `serve` on a busy port or a bad host, `simulate`
and `arena --seed -1`): the command exits 2 with exactly one ``error: …`` line and no traceback, before it does
any work (no game drawn, no server started). Where 0 (or a huge value) is a valid choice the table says so and
the command is run with it."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import nothing_starts, refused, runner
from sevens.cli.app import app
from sevens.server.command import lan_addresses

__all__ = ["nothing_starts"]  # an autouse fixture: a refused command must not start a server or a screen

HUGE = str(10**30)
FILE = "/etc/hostname"  # a file, so a path below it can be neither read nor created (even by root)
MISSING_FOLDER = "/nonexistent-sevens-folder/x"

# (command and arguments, what the error line says); {db} is a fresh SQLite file, {busy} a port in use
REFUSED: list[tuple[tuple[str, ...], str]] = [
    # rules
    (("rules", "nope"), "unknown preset 'nope'"),
    (("rules", "standard", "--players", "-1"), "players=-1 is out of range; allowed: 2 to 20"),
    (("rules", "standard", "--players", "0"), "players=0 is out of range"),
    (("rules", "standard", "--players", HUGE), "out of range; allowed: 2 to 20"),
    (("rules", "--players", "5"), "give its name"),  # --players without a preset would be ignored
    (("rules", "--lang", "xx"), "allowed: ja, en"),
    # simulate
    (("simulate", "--games", "-1"), "--games"),
    (("simulate", "--games", "0"), "greater than or equal to 1"),
    (("simulate", "--games", HUGE), "less than or equal to 10000000"),
    (("simulate", "--seed", "-1"), "--seed"),
    (("simulate", "--seed", str(2**64)), "less than or equal to 18446744073709551615"),
    (("simulate", "--players", "0"), "players=0 is out of range"),
    (("simulate", "--players", "-1"), "players=-1 is out of range"),
    (("simulate", "--players", HUGE), "out of range; allowed: 2 to 20"),
    (("simulate", "--agents", "genius"), "unknown agent 'genius'"),
    # bench
    (("bench", "--seconds", "-1"), "--seconds -1 must be more than 0"),
    (("bench", "--seconds", "0"), "--seconds 0 must be more than 0"),
    (("bench", "--seconds", HUGE), "less than or equal to 3600"),
    (("bench", "--batched", "--threads", "-1"), "--threads"),
    (("bench", "--batched", "--threads", "0"), "greater than or equal to 1"),
    (("bench", "--batched", "--threads", HUGE), "less than or equal to 256"),
    (("bench", "--threads", "2"), "--threads applies only with --batched"),
    (("bench", "--players", "0"), "players=0 is out of range"),
    # check
    (("check", "--games", "0"), "--games"),
    (("check", "--games", "-1"), "--games"),
    (("check", "--games", HUGE), "less than or equal to 10000000"),
    (("check", "--seed", "-1"), "--seed"),
    (("check", "--deep-every", "0"), "--deep-every"),
    (("check", "--deep-every", "-1"), "--deep-every"),
    (("check", "--players", "-1"), "must be a number or a range"),
    (("check", "--players", "0"), "players=0 is out of range"),
    (("check", "--players", "5-3"), "is an empty range"),
    (("check", "--players", f"4-{HUGE}"), "players=21 is out of range"),
    # arena
    (("arena", "--games", "-1"), "--games"),
    (("arena", "--games", "0"), "greater than or equal to 1"),
    (("arena", "--games", HUGE), "less than or equal to 10000000"),
    (("arena", "--seed", "-1"), "--seed"),
    (("arena", "--workers", "-1"), "--workers"),
    (("arena", "--workers", "0"), "greater than or equal to 1"),
    (("arena", "--workers", HUGE), "less than or equal to 256"),
    (("arena", "--players", "0"), "players=0 is out of range"),
    (("arena", "--games", "4", "--plot", f"{MISSING_FOLDER}/x.png"), "does not exist"),
    (("arena", "--games", "4", "--plot", f"{FILE}/x.png"), "does not exist"),
    (("arena", "--games", "4", "--plot", "/tmp"), "is a folder"),
    # watch
    (("watch", "--seed", "-1"), "--seed"),
    (("watch", "--seed", HUGE), "less than or equal to 18446744073709551615"),
    (("watch", "--delay", "-1"), "--delay"),
    (("watch", "--delay", HUGE), "less than or equal to 60"),
    (("watch", "--players", "0"), "players=0 is out of range"),
    (("watch", "--save", f"{MISSING_FOLDER}/x.json"), "does not exist"),
    (("watch", "--save", f"{FILE}/x.json"), "does not exist"),
    (("watch", "--save", "/tmp"), "is a folder"),
    # replay
    (("replay",), "give a record FILE"),
    (
        ("replay", f"{MISSING_FOLDER}/x.json"),
        "there is no file /nonexistent-sevens-folder/x/x.json; give a record file",
    ),
    (("replay", FILE), "/etc/hostname is not a record: not JSON"),
    (("replay", "/"), "/ is a folder; give a record file (a record is a JSON file written by `sevens watch --save`"),
    (("replay", "--session", "-1"), "--session"),
    (("replay", "--session", "0"), "greater than or equal to 1"),
    (("replay", "--session", HUGE), "less than or equal to 9223372036854775807"),
    (("replay", "--session", "5", "--db", "{db}"), "no session with id 5"),
    (("replay", "--session", "1", "--round", "0", "--db", "{db}"), "--round"),
    (("replay", "--session", "1", "--round", "-1", "--db", "{db}"), "--round"),
    (("replay", "--session", "1", "--round", HUGE, "--db", "{db}"), "no session with id 1"),
    (("replay", "--session", "1", "--db", "foo://bar"), "cannot open database foo://bar"),
    # play
    (("play", "--db", "{db}", "--players", "-1"), "players=-1 is out of range"),
    (("play", "--db", "{db}", "--players", "0"), "players=0 is out of range"),
    (("play", "--db", "{db}", "--players", HUGE), "out of range; allowed: 2 to 20"),
    (("play", "--db", "{db}", "--time", "-1"), "must be more than 0 seconds"),
    (("play", "--db", "{db}", "--time", "0"), "must be more than 0 seconds"),
    (("play", "--db", "{db}", "--time", HUGE), "less than or equal to 86400"),
    (("play", "--db", "{db}", "--rounds", "-1"), "--rounds"),
    (("play", "--db", "{db}", "--rounds", "0"), "greater than or equal to 1"),
    (("play", "--db", "{db}", "--rounds", HUGE), "less than or equal to 1000"),
    (("play", "--db", "{db}", "--seed", "-1"), "--seed"),
    (("play", "--db", "{db}", "--seed", HUGE), "less than or equal to 18446744073709551615"),
    (("play", "--db", "{db}", "--resume", "-1"), "--resume"),
    (("play", "--db", "{db}", "--resume", "0"), "greater than or equal to 1"),
    (("play", "--db", "{db}", "--resume", "7"), "no session with id 7"),
    (("play", "--db", "{db}", "--bot-delay", "-1"), "--bot-delay"),
    (("play", "--db", "{db}", "--bot-delay", HUGE), "less than or equal to 60"),
    (("play", "--db", "{db}", "--name", " "), "the player's name is empty"),
    (("play", "--db", "{db}", "--continue"), "there is no unfinished session to continue"),
    (("play", "--db", "foo://bar"), "cannot open database foo://bar"),
    (("play", "--db", f"sqlite:///{FILE}/x.db"), "cannot open database"),
    # history
    (("history", "--limit", "-1"), "--limit"),
    (("history", "--limit", "0"), "greater than or equal to 1"),
    (("history", "--limit", HUGE), "less than or equal to 10000"),
    (("history", "--db", "foo://bar"), "cannot open database foo://bar"),
    (("history", "--db", f"sqlite:///{FILE}/x.db"), "cannot open database"),
    # serve
    (("serve", "--database", "foo://bar"), "cannot open database foo://bar"),
    (("serve", "--database", f"sqlite:///{FILE}/x.db"), "cannot open database"),
    (("serve", "--port", "{busy}"), "Address already in use; choose another --port"),
    (("serve", "--host", "999.1.1.1"), "is not an address this machine can listen on"),
    (("serve", "--host", "203.0.113.77"), "cannot listen on 203.0.113.77"),  # a documentation address (TEST-NET-3)
    (("serve", "--port", "-1"), "--port"),
    (("serve", "--port", "0"), "--port"),
    (("serve", "--port", HUGE), "less than or equal to 65535"),
    (("serve", "--grace", "-1"), "--grace"),
    (("serve", "--grace", HUGE), "less than or equal to 86400"),
    (("serve", "--bot-delay", "-1"), "--bot-delay"),
    (("serve", "--shutdown-seconds", "0"), "--shutdown-seconds"),
    (("serve", "--shutdown-seconds", HUGE), "less than or equal to 86400"),
    (("serve", "--bot-delay", HUGE), "less than or equal to 60"),
    (("serve", "--rooms-per-minute", "-1"), "--rooms-per-minute"),
    (("serve", "--rooms-per-minute", "0"), "greater than or equal to 0.01"),
    (("serve", "--rooms-per-minute", HUGE), "less than or equal to 1000000"),
    (("serve", "--lobbies-per-address", "-1"), "--lobbies-per-address"),
    (("serve", "--lobbies-per-address", "0"), "greater than or equal to 1"),
    (("serve", "--lobbies-per-address", HUGE), "less than or equal to 1000000"),
    (("serve", "--connections-per-address", "-1"), "--connections-per-address"),
    (("serve", "--connections-per-address", "0"), "greater than or equal to 1"),
    (("serve", "--connections-per-address", HUGE), "less than or equal to 1000000"),
    (("serve", "--log-level", "loud"), "allowed: critical, error, warning, info, debug, trace"),
    (("serve", "--sqlite-sync", "fast"), "allowed: full, normal"),
    (("serve", "--redis", "nope"), "is not a URL of the form redis://host:port"),
    (("serve", "--advertise", "nope"), "is not a URL of the form http://host:port"),
    (("serve", "--host", "0.0.0.0", "--redis", "redis://127.0.0.1:1"), "--advertise http://HOST:PORT is needed"),
    (("serve", "--embed-origin", "https://family.example/games"), "is not an origin: give scheme://host[:port]"),
    (("serve", "--embed-origin", "family.example"), "is not an origin: give scheme://host[:port]"),
]


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        yield held.getsockname()[1]


def _filled(args: tuple[str, ...], tmp_path: Path, port: int) -> list[str]:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    return [arg.format(db=db, busy=port) for arg in args]


@pytest.mark.parametrize(("args", "says"), REFUSED, ids=[" ".join(args) for args, _ in REFUSED])
def test_bad_input_is_one_error_line_and_exit_2(
    args: tuple[str, ...], says: str, tmp_path: Path, busy_port: int, nothing_starts: list[dict[str, Any]]
) -> None:
    error = refused(*_filled(args, tmp_path, busy_port))
    assert says in error, error
    assert not nothing_starts  # the server was not started
    assert not Path(MISSING_FOLDER).parent.exists()  # nothing was created on the way


def test_watch_refuses_an_unwritable_save_before_drawing_the_game() -> None:
    result = runner.invoke(app, ["watch", "--save", f"{MISSING_FOLDER}/x.json", "--lang", "en"])
    assert result.exit_code == 2 and result.stdout == ""  # not a move drawn before the refusal


# Values at the edges that are valid: the command runs with them (fast ones) and exits 0.
ACCEPTED: list[tuple[str, ...]] = [
    ("watch", "--delay", "0", "--seed", "0", "--lang", "en"),  # 0: no pause between moves
    ("watch", "--seed", str(2**64 - 1), "--lang", "en"),  # the largest seed
    ("simulate", "--seed", "0", "--games", "1", "--json"),
    ("simulate", "--seed", str(2**64 - 1), "--games", "1", "--json"),
    ("check", "--seed", "0", "--games", "1", "--deep-every", HUGE),  # a huge step: no deep check after the start
    ("history", "--limit", "10000", "--db", "{db}"),
    ("rules", "standard", "--players", "20", "--json"),
]


@pytest.mark.parametrize("args", ACCEPTED, ids=[" ".join(args) for args in ACCEPTED])
def test_edge_values_that_are_valid_work(args: tuple[str, ...], tmp_path: Path) -> None:
    result = runner.invoke(app, _filled(args, tmp_path, 0))
    assert result.exit_code == 0, (result.output, result.exception)
    assert "error" not in result.stderr


def test_serve_accepts_zero_grace_and_zero_bot_delay(nothing_starts: list[dict[str, Any]]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    options = ["--grace", "0", "--bot-delay", "0", "--shutdown-seconds", "3"]
    result = runner.invoke(app, ["serve", "--port", str(port), *options, "--db", "sqlite://"])
    assert result.exit_code == 0, (result.output, result.exception)
    [served] = nothing_starts
    config = served["config"]
    assert served["port"] == port and config.grace_seconds == 0 and config.bot_delay == 0
    assert config.shutdown_seconds == 3


def test_serve_on_every_interface_prints_the_addresses_phones_can_open(nothing_starts: list[dict[str, Any]]) -> None:
    """`sevens serve --host 0.0.0.0`: the LAN address(es) to open from another device at the table, no loopback."""
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port = probe.getsockname()[1]
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(port), "--db", "sqlite://"])
    assert result.exit_code == 0, (result.output, result.exception)
    expected = lan_addresses("0.0.0.0")
    shown = [line for line in result.stdout.splitlines() if "同じネットワーク" in line]
    assert [line.rsplit(" ", 1)[-1] for line in shown] == [f"http://{a}:{port}/" for a in expected]
    assert not any(a.startswith("127.") for a in expected)
    assert nothing_starts and nothing_starts[0]["host"] == "0.0.0.0"
