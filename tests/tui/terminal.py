"""A ``sevens`` command in a real pseudo-terminal, read as a person sees it.

:class:`Terminal` starts the command under a pty of a given size (pexpect), feeds everything it writes to a
terminal emulator (pyte) and offers the screen as text lines, so tests assert on what is displayed (after
cursor moves, colours, the alternate screen and wide Japanese characters), never on raw bytes. Waiting is for
the screen to show something (or for the program to end), with a deadline, never a sleep.

The final screens of the journeys are saved as text files in the folder the browser tests save screenshots
to (``$SEVENS_SCREENSHOTS``, else ``build/screenshots/``, not committed), under ``terminal/``.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pexpect
import pyte
from wcwidth import wcwidth

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
WAIT = 60.0
"""Seconds to wait for the screen to show something before the test fails (the machine may be busy)."""

SYNC_QUERY = "\x1b[?2026$p"
SYNC_SUPPORTED = "\x1b[?2026;2$y"
SYNC_BEGIN, SYNC_END = "\x1b[?2026h", "\x1b[?2026l"
"""Synchronized output (mode 2026): Textual asks for it and, told it is supported, draws each frame between
these marks, so the tests read whole frames, never one half drawn."""

KEYS = {
    "enter": "\r",
    "esc": "\x1b",
    "tab": "\t",
    "shift+tab": "\x1b[Z",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "space": " ",
    "home": "\x1b[H",
    "end": "\x1b[F",
}


def screen_folder() -> Path:
    """Where the saved screens go: ``$SEVENS_SCREENSHOTS/terminal``, else ``build/screenshots/terminal``."""
    path = Path(os.environ.get("SEVENS_SCREENSHOTS") or ROOT / "build" / "screenshots") / "terminal"
    path.mkdir(parents=True, exist_ok=True)
    return path


def displayed_row(screen: pyte.Screen, y: int) -> str:
    """Row ``y`` as a terminal shows it. A wide character fills its cell and the stub after it; a stub left
    alone (a narrow character written over the wide one before it) shows as a blank, and a narrow character on
    a wide one's stub erases the wide one, as in a real terminal.
    (pyte's own ``Screen.display`` raises IndexError on such a stub.)"""
    row, after_wide = screen.buffer[y], False
    cells: list[str] = []
    for x in range(screen.columns):
        data = row[x].data
        if after_wide and data == "":
            after_wide = False
            continue
        if after_wide:  # a narrow character on the wide one's stub: the terminal erased the wide one
            cells[-1] = " "
        cells.append(data or " ")
        after_wide = bool(data) and wcwidth(data[0]) == 2
    return "".join(cells)


class ScreenTimeout(AssertionError):
    """The screen did not show what was awaited in time; the message holds the screen as it was."""


class Terminal:
    """One command running in a pty of ``columns`` × ``rows``, its output drawn on an emulated screen."""

    def __init__(self, args: Sequence[str], columns: int, rows: int, env: dict[str, str] | None = None) -> None:
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.output: list[str] = []  # everything written, for a failing test's message
        self.mid_frame = False
        child_env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
        child_env.pop("NO_COLOR", None)
        child_env.pop("CI", None)  # rich and Textual draw as they would for a person, CI or not
        command = "from sevens.cli.app import main; main()"
        self.child = pexpect.spawn(
            sys.executable, ["-c", command, *args], dimensions=(rows, columns), env={**child_env, **(env or {})},
            encoding="utf-8", codec_errors="replace", cwd=str(ROOT),
        )  # fmt: skip

    # reading -------------------------------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """The screen as displayed, one string a row (wide characters take two cells but one character)."""
        return [displayed_row(self.screen, y).rstrip() for y in range(self.rows)]

    def text(self) -> str:
        return "\n".join(self.lines())

    def _pump(self, timeout: float) -> bool:
        """Feed what the program wrote within ``timeout`` seconds to the screen; False once it has ended."""
        try:
            chunk = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self._feed(chunk)
        return True

    def _feed(self, chunk: str) -> None:
        self.output.append(chunk)
        self.stream.feed(chunk)
        if SYNC_QUERY in chunk:  # Textual asks whether frames can be drawn whole: yes (as most terminals say)
            self.child.send(SYNC_SUPPORTED)
        begun, ended = chunk.rfind(SYNC_BEGIN), chunk.rfind(SYNC_END)
        if begun >= 0 or ended >= 0:
            self.mid_frame = begun > ended

    def shown(self) -> str | None:
        """The screen's text, or None while a frame is half drawn (between its synchronized-output marks)."""
        return None if self.mid_frame else self.text()

    def wait_for(self, shown: str | re.Pattern[str] | Callable[[str], bool], what: str = "") -> str:
        """Read until the screen shows ``shown`` (a text, a pattern, or a test of the screen's text); returns the
        screen's text then. Fails with the screen in the message if the program ends or the deadline passes."""
        test = _as_test(shown)
        deadline = time.monotonic() + WAIT
        while True:
            screen = self.shown()
            if screen is not None and test(screen):
                return screen
            if time.monotonic() > deadline or not self._pump(0.2):
                if test(self.text()):
                    return self.text()
                raise ScreenTimeout(f"the screen never showed {what or shown!r}; it shows:\n{self.text()}")

    def wait_for_exit(self) -> int:
        """Read until the program ends; its exit status."""
        deadline = time.monotonic() + WAIT
        while self._pump(0.2):
            if time.monotonic() > deadline:
                raise ScreenTimeout(f"the program did not end; the screen shows:\n{self.text()}")
        self.child.close()
        status = self.child.exitstatus
        return status if status is not None else -(self.child.signalstatus or 0)

    def settle(self) -> str:
        """Read until the program has written nothing for half a second (its frame fully drawn); the screen's
        text. Used only before saving a screen that a :meth:`wait_for` already proved is there."""
        while not self.child.closed:
            try:
                chunk = self.child.read_nonblocking(65536, timeout=0.5)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return self.text()
            self._feed(chunk)
        return self.text()

    # writing -------------------------------------------------------------------------------------------------

    def press(self, *keys: str) -> None:
        """Press keys by name (``enter``, ``esc``, ``tab``, ``left`` …) or type single characters."""
        for key in keys:
            self.child.send(KEYS.get(key, key))

    def save(self, name: str) -> Path:
        """Write the screen, once the program has drawn all it had to, to ``name``.txt in :func:`screen_folder`
        for a person to look at."""
        path = screen_folder() / f"{name}.txt"
        path.write_text(self.settle() + "\n", encoding="utf-8")
        return path

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close()


@contextmanager
def terminal(args: Sequence[str], size: str, env: dict[str, str] | None = None) -> Iterator[Terminal]:
    """:class:`Terminal` for ``sevens ARGS`` at ``size`` (``80x24`` or ``120x40``), ended when the block ends."""
    columns, rows = SIZES[size]
    term = Terminal(args, columns, rows, env)
    try:
        yield term
    finally:
        term.close()


def _as_test(shown: str | re.Pattern[str] | Callable[[str], bool]) -> Callable[[str], bool]:
    if isinstance(shown, str):
        return lambda screen: shown in screen
    if isinstance(shown, re.Pattern):
        return lambda screen: shown.search(screen) is not None
    return shown


# reading the game screen as a person does ------------------------------------------------------------------------

SUITS = "♠♥♦♣"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
BOARD_HEADER = re.compile(r"A\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+10\s+J\s+Q\s+K")
"""The board's header as displayed: every rank, in order, none cut off."""
SELECTED = re.compile(r"┃\s*((?:10|[A2-9JQK])[♠♥♦♣]|Jk)\s*┃")
"""The hand's selected card: the one drawn with a heavy border."""


def board(screen: str) -> dict[str, str]:
    """The board as drawn: for each position (``Q♠``), what stands there (its rank, ``·``, a hint ``●``/``○``,
    ``Jk`` …). Empty when the screen shows no whole board (a rank cut off, a suit row missing)."""
    lines = screen.splitlines()
    for row, line in enumerate(lines):
        header = BOARD_HEADER.search(line)
        if header is None:
            continue
        columns = [m.start() for m in re.finditer(r"10|[A2-9JQK]", line[header.start() : header.end()])]
        found: dict[str, str] = {}
        for suit_row in lines[row + 1 : row + 5]:
            suit = suit_row.strip()[:1]
            if suit not in SUITS:
                break
            for rank, column in zip(RANK_NAMES, columns, strict=True):
                cell = suit_row[header.start() + column : header.start() + column + 2].strip()
                found[rank + suit] = cell
        if len(found) == 52:
            return found
    return {}


def selected_card(screen: str) -> str | None:
    """The label of the hand's selected card on screen (``10♥``), or None when none is seen."""
    found = SELECTED.search(screen)
    return found.group(1) if found else None
