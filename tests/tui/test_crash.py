"""Killing `sevens play` in the middle of a session (issue 6): a child process plays a long session against
the store as fast as it can and reports every move once it is committed; it is killed with SIGKILL at an
arbitrary moment. The store must then hold every reported move (at most one more, committed but not yet
reported), every finished round with its points and stars, and the session must resume from its last
committed move and play on to the end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from sevens.store import Store
from sevens.tui.controller import Controller

# The child: one human seat that plays its first legal action, three random computers, 40 rounds.
CHILD = """
import json, sys
from sevens.store import Store
from sevens.tui.controller import Controller
from sevens.tui.options import PlayOptions, resolve

with Store.open(sys.argv[1]) as store:
    options = PlayOptions(preset="standard", seed=11, rounds=40, lang="en", bots=("easy",), name="Aiko")
    controller = Controller.start(store, resolve(options))
    print("session", controller.session_id, flush=True)
    while not controller.session_over():
        if controller.round_over():
            controller.begin_round()
        number = controller.round_number
        if controller.human_to_move():
            move = controller.submit(controller.legal()[0])
        else:
            move = controller.step_bot()
        print("move", number, move.text, flush=True)
        if controller.round_over():
            totals = [[t.points, t.stars] for t in controller.totals()]
            print("round", number, json.dumps(totals), flush=True)
"""

KILL_AFTER_ROUNDS = 3


def test_a_killed_session_loses_only_its_unfinished_round_and_resumes_from_its_last_move(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'crash.db'}"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert child.stdout is not None
    lines: list[str] = []
    for line in child.stdout:  # the child plays on while we read: the kill lands wherever it is
        lines.append(line.split("\n")[0])
        if line.startswith(f"move {KILL_AFTER_ROUNDS + 1} "):  # the child is in the middle of a round
            child.send_signal(signal.SIGKILL)
            break
    rest, errors = child.communicate(timeout=60)
    assert child.returncode == -signal.SIGKILL, errors
    lines += rest.splitlines()  # moves the child reported before it died

    session_id = int(lines[0].split()[1])
    reported: dict[int, list[str]] = {}
    finished: dict[int, list[list[int]]] = {}
    for line in lines[1:]:
        kind, number_text, rest_of_line = line.split(" ", 2)
        if kind == "move":
            reported.setdefault(int(number_text), []).append(rest_of_line)
        else:
            finished[int(number_text)] = json.loads(rest_of_line)
    last = max(reported)
    assert last > KILL_AFTER_ROUNDS and len(finished) >= KILL_AFTER_ROUNDS

    with Store.open(url) as store:
        info = store.load_session(session_id)
        stored = {r.number + 1: r for r in info.rounds}
        for number, moves in reported.items():  # every reported move was committed, in order
            assert list(stored[number].actions[: len(moves)]) == moves
        # the round being played when it died: at most one move committed but never reported
        assert len(stored[last].actions) - len(reported[last]) in (0, 1)
        finished_in_store = sorted(n for n, r in stored.items() if r.finished)
        assert finished_in_store[: len(finished)] == sorted(finished)  # every reported round was scored
        assert len(finished_in_store) - len(finished) in (0, 1)  # and perhaps the one it died finishing
        if finished_in_store == sorted(finished):
            totals = [[t.points, t.stars] for t in store.session_totals(session_id)]
            assert totals == finished[max(finished)]  # points and stars as the child last saw them

        resumed = Controller.resume(store, session_id)
        assert len(resumed.results) == sum(r.finished for r in info.rounds)
        if not resumed.round_over():
            assert resumed.state is not None
            assert [str(a) for a in resumed.state.actions] == list(stored[last].actions)
        while not resumed.session_over():
            if resumed.round_over():
                resumed.begin_round()
            elif resumed.human_to_move():
                resumed.submit(resumed.legal()[0])
            else:
                resumed.step_bot()
        assert store.load_session(session_id).finished
        assert len(resumed.results) == 40
