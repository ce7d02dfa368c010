"""The Textual app driven through Textual's pilot: whole rounds of every family, hints, refusals, languages,
the turn clock, save and resume, the menu, history and replay. Computer seats move at once (``bot_delay=0``)
and the clock is injected, so nothing here sleeps."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Button, Input

from sevens.tui.app import ReplayApp, SevensApp
from sevens.tui.controller import Controller
from sevens.tui.history import history_table, load_round, print_replay
from sevens.tui.options import PlayOptions
from sevens.tui.screens.game import GameScreen
from sevens.tui.screens.round_over import RoundOverScreen
from sevens.tui.widgets.hand import CardWidget, Hand

from .helpers import NAME, SIZE, app_for, human_move, open_store, play_round, playing, start, text_of


@pytest.mark.parametrize(("preset", "by_hand"), [("standard", True), ("joker", False), ("killer", False),
                                                 ("seven27", True)])  # fmt: skip
def test_full_round_against_bots(tmp_path: Path, preset: str, by_hand: bool) -> None:
    """A whole round through the screen; clicks and keys where ``by_hand``, else the screen's input handler."""

    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, preset, bots=("easy",))
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await play_round(pilot, app, by_hand=by_hand)
                assert controller.round_over()
                ranking = text_of(app, "#ranking")
                assert NAME in ranking and "Computer 1" in ranking  # every seat is listed, as players see it
                assert "easy" not in ranking and "#" not in ranking  # never an agent's internal name
                assert "this session" in text_of(app, "#stars")
                await pilot.press("enter")  # the session (one round) is over: closing ends the app
                await pilot.pause()
            assert app.return_value == controller.session_id
            assert store.load_session(controller.session_id).finished

    asyncio.run(scenario())


def test_session_of_several_rounds_with_totals_and_stars(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "kids", rounds=3, bots=("easy",))
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                for number in (1, 2, 3):
                    await pilot.pause()
                    assert controller.round_number == number
                    await play_round(pilot, app, by_hand=False)
                    result = controller.results[-1]
                    totals = controller.totals()
                    assert totals[0].points == sum(r.points[0] for r in controller.results)
                    table = text_of(app, "#ranking")
                    assert f"{totals[0].points:+d}" in table
                    stars = text_of(app, "#stars")
                    assert f"★{result.stars[0]} this round" in stars
                    assert f"★{totals[0].stars} this session" in stars
                    await pilot.press("enter")
            assert len(controller.results) == 3 and controller.session_over()
            assert store.player_stars(NAME) == sum(r.stars[0] for r in controller.results)

    asyncio.run(scenario())


def _playable_marks(app: SevensApp) -> set[str]:
    return {w.card.key for w in app.screen.query(CardWidget) if w.has_class("-playable")}


def test_hints_on_and_off(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "kids")  # the kids preset turns hints on
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert controller.human_to_move()
                legal_cards = {str(a) for a in controller.legal() if str(a) != "pass"}
                assert _playable_marks(app) == legal_cards and legal_cards
                assert "playable:" in text_of(app, "#status")
                assert "●" in text_of(app, "#table")
                await pilot.press("h")
                await pilot.pause()
                assert _playable_marks(app) == set()
                assert "playable:" not in text_of(app, "#status") and "●" not in text_of(app, "#table")
                await pilot.press("h")
                await pilot.pause()
                assert _playable_marks(app) == legal_cards

    asyncio.run(scenario())


def test_illegal_card_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard", settings=["pass_limit=0"])
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert controller.human_to_move() and controller.state is not None
                before, stored = controller.state.position(), len(controller.state.actions)
                legal = {str(a) for a in controller.legal()}
                bad = next(w.card.key for w in app.screen.query(CardWidget) if w.card.key not in legal)
                assert await pilot.click(f"#card-{bad}")
                await pilot.pause()
                message = text_of(app, "#message")
                assert message.startswith("Refused:") and bad in message and "legal now" in message
                await pilot.press("p")  # a pass with none left
                await pilot.pause()
                assert "no passes left" in text_of(app, "#message")
                await pilot.press("slash", *"zz", "enter")  # typed nonsense
                await pilot.pause()
                assert text_of(app, "#message").startswith("Not understood:")
                assert controller.state.position() == before
                assert controller.round_id is not None  # started: the round is stored
                assert len(store.get_round(controller.round_id).actions) == stored
                assert isinstance(app.screen, GameScreen)

    asyncio.run(scenario())


def test_keyboard_plays_a_card(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard")
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                game = app.game
                hand = game.query_one("#hand", Hand)
                wanted = next(str(a) for a in controller.legal() if str(a) != "pass")
                keys = [c.key for c in hand.cards]
                await pilot.press(*["right"] * keys.index(wanted), "enter")
                await pilot.pause()
                assert wanted in [m.text for m in controller.moves if m.human]

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ja", ["あなたの手札", "七並べ", "残りパス: 3", "手順"]),
        ("en", ["Your hand", "Sevens", "passes left: 3", "Moves"]),
    ],
)
def test_japanese_and_english(tmp_path: Path, lang: str, words: list[str]) -> None:
    async def scenario() -> None:
        async with playing(tmp_path, "standard", lang=lang) as (app, _, pilot):
            shown = " ".join(text_of(app, s) for s in ("#hand-title", "#status", "#log")) + str(app.screen.title)
            for word in words:
                assert word in shown
            await pilot.press("p")
            await pilot.pause()
            await play_round(pilot, app, by_hand=False)
            title = text_of(app, "#round-title")
            assert ("ラウンド終了" if lang == "ja" else "is over") in title

    asyncio.run(scenario())


def test_turn_clock_plays_the_default_action(tmp_path: Path) -> None:
    now = [0.0]

    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard", turn_seconds=10, now=lambda: now[0])
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert controller.human_to_move()
                assert text_of(app, "#timer") == "time: 10s\n" + "█" * 20
                now[0] += 4
                app.game.tick()
                assert text_of(app, "#timer") == "time: 6s\n" + "█" * 12 + "░" * 8  # a bar, not only a number
                now[0] += 7
                app.game.tick()
                await pilot.pause()
                timed = [m for m in controller.moves if m.timed_out]
                assert [m.text for m in timed] == ["pass"]  # E4: a pass when one is legal
                assert text_of(app, "#message") == "Time is up: pass"
                assert "time is up, pass" in text_of(app, "#log")  # the move log says the clock passed

    asyncio.run(scenario())


def test_save_and_resume_in_a_new_app(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard", rounds=2)
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                for _ in range(3):
                    await human_move(pilot, app)
                hand = [c.key for c in app.game.query_one("#hand", Hand).cards]
                table = text_of(app, "#table")
                await pilot.press("q")
                await pilot.pause()
            session_id = app.return_value
            assert session_id == controller.session_id

        with open_store(tmp_path) as store:  # a new program on the same database
            resumed = Controller.resume(store, session_id)
            app2 = SevensApp(store, resumed, bot_delay=0)
            async with app2.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert [c.key for c in app2.game.query_one("#hand", Hand).cards] == hand
                assert text_of(app2, "#table") == table
                assert text_of(app2, "#message").startswith(f"Resumed session {session_id}")
                await play_round(pilot, app2, by_hand=False)
                await pilot.press("enter")
                await play_round(pilot, app2, by_hand=False)
                await pilot.press("enter")
                await pilot.pause()
            assert store.load_session(session_id).finished
            assert len(resumed.results) == 2

    asyncio.run(scenario())


def test_menu_starts_a_game_and_lists_saved_sessions(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            saved = start(store, "killer", rounds=2)
            defaults = PlayOptions(preset="tunnel", name=NAME, seed=3, bots=("easy",))
            app = SevensApp(store, None, lang="en", defaults=defaults, bot_delay=0)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert app.screen.query_one(f"#resume-{saved.session_id}")
                app.screen.query_one("#players", Input).value = "x"
                await pilot.click("#start")
                await pilot.pause()
                assert "not a number" in text_of(app, "#menu-error")
                app.screen.query_one("#players", Input).value = "3"
                app.screen.query_one("#start", Button).press()
                await pilot.pause()
                assert isinstance(app.screen, GameScreen), text_of(app, "#menu-error")
                controller = app.game.controller
                assert controller.preset == "tunnel" and controller.rules.players == 3

    asyncio.run(scenario())


def test_history_and_replay_of_a_stored_round(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard")
            while not controller.round_over():
                controller.run_bots()
                if controller.human_to_move():
                    controller.submit(controller.legal()[0])
            console = Console(width=160, record=True, file=io.StringIO())
            console.print(history_table(store.list_sessions(), "en"))
            listing = console.export_text()
            assert str(controller.session_id) in listing and NAME in listing and "1/1" in listing
            assert "Computer" in listing and "easy#" not in listing  # computers as seen at the table (issue 27)
            assert "Standard" in listing and "standard" not in listing  # the preset's name, not its id (issue 40)
            family, record, names = load_round(store, controller.session_id, 1, "en")
            app = ReplayApp(family, record, controller.session_id, 1, "en", names)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                total = len(record["actions"])
                assert f"move {total} of {total}" in text_of(app, "#replay-step")
                frame = text_of(app, "#replay-frame")
                assert "Ranking" in frame and "Computer 1 (Easy)" in frame and "easy#" not in frame, frame
                await pilot.press("home", "right")
                assert "move 1 of" in text_of(app, "#replay-step")
                await pilot.press("escape")  # Esc leaves, as q does
                await pilot.pause()
            assert app.return_value is None and not app.is_running
        out = Console(width=160, record=True, file=io.StringIO())
        print_replay(controller.session_id, 1, url=f"sqlite:///{tmp_path / 'tui.db'}", lang="en", console=out)
        printed = out.export_text()
        assert "Ranking" in printed and "Computer 1 (Easy)" in printed and "easy#" not in printed, printed

    asyncio.run(scenario())


def test_round_over_screen_offers_the_next_round(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard", rounds=2)
            app = app_for(store, controller)
            async with app.run_test(size=SIZE) as pilot:
                await play_round(pilot, app, by_hand=False)
                assert isinstance(app.screen, RoundOverScreen)
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, GameScreen) and controller.round_number == 2

    asyncio.run(scenario())
