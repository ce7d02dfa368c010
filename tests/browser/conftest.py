"""Browser tests: a real ``sevens serve`` process per test worker (its own port and SQLite file, computer players
without delay) and Debian's Chromium driven by Playwright. Skipped, saying why, where Chromium or Playwright is
missing (CI installs both through .ci/run). Playwright's own browser download is never used."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

if not CHROMIUM.exists():
    pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)",
                allow_module_level=True)  # fmt: skip
try:
    from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    pytest.skip("browser tests need the playwright package (pip install -e '.[dev]')", allow_module_level=True)

expect.set_options(timeout=15_000)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``sevens serve`` on a free loopback port with a fresh SQLite file; yields its base URL."""
    db = tmp_path_factory.mktemp("browser-db") / "sevens.sqlite3"
    port = free_port()
    command = [sys.executable, "-m", "sevens.server", "--host", "127.0.0.1", "--port", str(port), "--db",
               f"sqlite:///{db}", "--bot-delay", "0", "--sqlite-sync", "normal", "--log-level", "info"]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines: queue.Queue[str] = queue.Queue()
    output: list[str] = []

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            output.append(line)
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        while True:
            try:
                line = lines.get(timeout=30)
            except queue.Empty:
                raise AssertionError("the server did not start:\n" + "".join(output)) from None
            if "Uvicorn running on" in line:
                break
        assert f"Open http://127.0.0.1:{port}/ in your browser" in "".join(output)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """A Chromium per test: Playwright's sync API keeps an event loop running in this thread while it is open,
    which would break the other tests (asyncio.run) that the same worker runs in between."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


NewPage = Callable[..., Page]


@pytest.fixture
def new_page(browser: Browser, server: str) -> Iterator[NewPage]:
    """Pages in fresh browser contexts (each its own storage: another person), closed after the test."""
    contexts: list[BrowserContext] = []

    def make(locale: str = "en-US", viewport: dict[str, int] | None = None, **options: Any) -> Page:
        context = browser.new_context(base_url=server, locale=locale, viewport=viewport or DESKTOP, **options)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        pages = context.pages
        for page in pages:
            assert not getattr(page, "errors", []), f"the page raised: {page.errors}"  # type: ignore[attr-defined]
        context.close()


@pytest.fixture
def page(new_page: NewPage) -> Page:
    return new_page()
