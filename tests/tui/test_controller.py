"""The session logic without a screen: rounds, points (E2), stars (E3), the turn clock (E4), refusals and resume."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from sevens.cards import card_text
from sevens.errors import IllegalActionError, NotationError, RulesError
from sevens.session.match import ChipsMatch
from sevens.session.scoring import round_points
from sevens.tui.app import start_controller
from sevens.tui.controller import Controller, TurnError
from sevens.tui.options import PlayOptions

from .helpers import NAME, open_store, start


def _play_human_first(controller: Controller) -> None:
    """Play the session to its end, the human always taking the first legal action."""
    while not controller.session_over():
        if controller.round_over():
            controller.begin_round()
        controller.run_bots()
        if controller.human_to_move():
            controller.submit(controller.legal()[0])


@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_a_round_of_each_family_against_bots(tmp_path: Path, preset: str) -> None:
    with open_store(tmp_path) as store:
        controller = start(store, preset)
        _play_human_first(controller)
        assert controller.session_over() and len(controller.results) == 1
        stored = store.load_session(controller.session_id)
        assert stored.finished and stored.rounds[0].finished
        assert controller.state is not None  # the round it played is still on the table
        assert stored.rounds[0].actions == [str(a) for a in controller.state.actions]
        assert stored.rounds[0].points == list(controller.results[0].points)


def test_e1_e2_e3_session_totals_and_stars(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        controller = start(store, "kids", rounds=3, bots=("easy",))
        _play_human_first(controller)
        results = controller.results
        assert [r.number for r in results] == [0, 1, 2]
        dealers = [round_.dealer for round_ in store.load_session(controller.session_id).rounds]
        assert dealers == [3, 0, 1]  # E1: the deal moves one seat clockwise
        totals = controller.totals()
        for seat in range(4):
            assert totals[seat].points == sum(r.points[seat] for r in results)
            assert totals[seat].stars == sum(r.stars[seat] for r in results)
        assert all(r.stars[seat] == 0 for r in results for seat in (1, 2, 3))  # computers earn no stars
        for r in results:  # E3: 1 for not being eliminated, +1 top half, +1 first
            place = r.ranking.index(0) + 1
            expected = 0 if r.outcomes[0] == "eliminated" else 1 + (place <= 2) + (place == 1)
            assert r.stars[0] == expected
        assert controller.lifetime_stars() == totals[0].stars
        before = controller.lifetime_stars()
        second = start(store, "kids", rounds=1, seed=99)
        _play_human_first(second)
        assert second.lifetime_stars() == before + second.results[0].stars[0]  # stars add up across sessions


def test_e2_points_match_the_session_table(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        controller = start(store, "standard", bots=("normal",))
        controller.run_bots()
        while not controller.round_over():
            controller.submit(controller.legal()[0])
            controller.run_bots()
        assert controller.state is not None
        assert list(controller.results[0].points) == round_points(controller.family, controller.state)


def test_refused_actions_change_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        controller = start(store, "standard", settings=["pass_limit=0"])
        controller.run_bots()
        assert controller.human_to_move() and controller.state is not None
        before = controller.state.position()
        view = controller.view()
        unplayable = next(c for c in view.hand_cards if c not in {a.card for a in view.legal_actions})
        with pytest.raises(IllegalActionError, match=r"is not next to an open end of its suit's run; legal now"):
            controller.submit(card_text(unplayable))
        with pytest.raises(IllegalActionError, match="no passes left"):
            controller.submit("pass")
        with pytest.raises(NotationError):
            controller.submit("seven of hearts")
        assert controller.state.position() == before
        assert controller.round_id is not None  # started: the round is stored
        assert store.get_round(controller.round_id).actions == [str(a) for a in controller.state.actions]


def test_out_of_turn_is_refused(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        controller = start(store, "standard")
        assert controller.state is not None
        if controller.human_to_move():
            controller.submit(controller.legal()[0])
        assert controller.bot_to_move()
        with pytest.raises(TurnError) as refused:
            controller.submit("pass")
        said = controller.explain(refused.value, "en")
        assert "Computer" in said and "#" not in said  # named as players see it, not "easy#1" (issue 27)
        assert "あなたの番ではありません" in controller.explain(refused.value, "ja")


def test_e4_time_limit_plays_the_default_action(tmp_path: Path) -> None:
    now = [1000.0]
    with open_store(tmp_path) as store:
        controller = start(store, "standard", settings=["pass_limit=0"], turn_seconds=10, now=lambda: now[0])
        controller.run_bots()
        assert controller.human_to_move()
        now[0] += 9.5
        assert controller.check_clock() is None and controller.seconds_left() == pytest.approx(0.5)
        now[0] += 1
        legal = controller.legal()
        move = controller.check_clock()
        assert move is not None and move.timed_out and move.human
        cards = [a for a in legal if str(a) != "pass"]
        assert move.text == str(min(cards, key=lambda a: (abs(a.card % 13 + 1 - 7), a.card // 13)))


def test_resume_replays_the_stored_moves(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        first = start(store, "joker", rounds=2)
        first.run_bots()
        for _ in range(3):
            if first.human_to_move():
                first.submit(first.legal()[0])
            first.run_bots()
        assert first.state is not None and not first.round_over()
        position, moves = first.state.position(), len(first.state.actions)
        session_id = first.session_id
        del first  # the program is killed here: nothing but the store remains

        again = Controller.resume(store, session_id)
        assert again.state is not None
        assert again.state.position() == position and again.resumed_at == moves
        assert again.names[0] == NAME and again.human_to_move()
        _play_human_first(again)
        assert again.session_over() and len(again.results) == 2
        assert [t.points for t in again.totals()] == [sum(r.points[s] for r in again.results) for s in range(4)]


def test_continue_takes_the_newest_terminal_session_not_a_server_room(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        mine = start(store, "standard", rounds=2)
        # A room of `sevens serve` in the same store, newer and unfinished: not the terminal's to resume.
        store.create_session("shichinarabe", "standard", mine.rules.to_dict(), 5, [("Ken", True)], {"ui": "server"})
        resumed = start_controller(store, PlayOptions(name=NAME), continue_last=True)
        assert resumed is not None and resumed.session_id == mine.session_id


def test_continue_without_a_terminal_session_says_so(tmp_path: Path) -> None:
    with open_store(tmp_path) as store, pytest.raises(RulesError, match="no unfinished session"):
        start_controller(store, PlayOptions(name=NAME), continue_last=True)


def test_resume_between_rounds_deals_the_next_one(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        first = start(store, "seven27", rounds=3)
        while not first.round_over():
            first.run_bots()
            if first.human_to_move():
                first.submit(first.legal()[0])
        stacks = list(cast(ChipsMatch, first.match).session.stacks)  # a seven27 session plays for chips
        again = Controller.resume(store, first.session_id)
        assert again.round_number == 2 and len(again.results) == 1
        assert list(cast(ChipsMatch, again.match).session.stacks) == stacks
        assert store.load_session(first.session_id).current_round is not None


_KILLED_MID_ROUND = """
import os, signal, sys
from sevens.store import Store
from sevens.tui.controller import Controller
from sevens.tui.options import PlayOptions, resolve
store = Store.open(sys.argv[1])
controller = Controller.start(store, resolve(PlayOptions(preset="standard", name="Aiko", seed=11, rounds=2)))
for _ in range(4):
    controller.run_bots()
    controller.submit(controller.legal()[0])
print(controller.session_id, controller.state.position(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_killed_program_resumes_from_its_last_stored_move(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tui.db'}"
    done = subprocess.run([sys.executable, "-c", _KILLED_MID_ROUND, url], capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGKILL, done.stderr
    session_id, position = done.stdout.split(maxsplit=1)
    with open_store(tmp_path) as store:
        resumed = Controller.resume(store, int(session_id))
        assert resumed.state is not None and resumed.state.position() == position.strip()
        assert resumed.round_number == 1 and resumed.resumed_at == len(resumed.state.actions)
