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

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
WAIT = 60.0
"""Seconds to wait for the screen to show something before the test fails (the machine may be busy)."""

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
}


def screen_folder() -> Path:
    """Where the saved screens go: ``$SEVENS_SCREENSHOTS/terminal``, else ``build/screenshots/terminal``."""
    path = Path(os.environ.get("SEVENS_SCREENSHOTS") or ROOT / "build" / "screenshots") / "terminal"
    path.mkdir(parents=True, exist_ok=True)
    return path


class ScreenTimeout(AssertionError):
    """The screen did not show what was awaited in time; the message holds the screen as it was."""


class Terminal:
    """One command running in a pty of ``columns`` × ``rows``, its output drawn on an emulated screen."""

    def __init__(self, args: Sequence[str], columns: int, rows: int, env: dict[str, str] | None = None) -> None:
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.output: list[str] = []  # everything written, for a failing test's message
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
        return [line.rstrip() for line in self.screen.display]

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

    def wait_for(self, shown: str | re.Pattern[str] | Callable[[str], bool], what: str = "") -> str:
        """Read until the screen shows ``shown`` (a text, a pattern, or a test of the screen's text); returns the
        screen's text then. Fails with the screen in the message if the program ends or the deadline passes."""
        test = _as_test(shown)
        deadline = time.monotonic() + WAIT
        while True:
            screen = self.text()
            if test(screen):
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
        while True:
            try:
                chunk = self.child.read_nonblocking(65536, timeout=0.5)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return self.text()
            self._feed(chunk)

    # writing -------------------------------------------------------------------------------------------------

    def press(self, *keys: str) -> None:
        """Press keys by name (``enter``, ``esc``, ``tab``, ``left`` …) or type single characters."""
        for key in keys:
            self.child.send(KEYS.get(key, key))

    def save(self, name: str) -> Path:
        """Write the screen to ``name``.txt in :func:`screen_folder` for a person to look at."""
        path = screen_folder() / f"{name}.txt"
        path.write_text(self.text() + "\n", encoding="utf-8")
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
