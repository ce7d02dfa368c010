"""Browser tests: a real ``sevens serve`` process per test worker (its own port and SQLite file, computer players
without delay) and Debian's Chromium driven by Playwright. Skipped, saying why, where Chromium or Playwright is
missing (CI installs both through .ci/run). Playwright's own browser download is never used."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness.process import server_process

if TYPE_CHECKING:  # the import below may skip the module: playwright is optional
    from playwright.sync_api import ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}

if not CHROMIUM.exists():
    pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)",
                allow_module_level=True)  # fmt: skip
try:
    from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    pytest.skip("browser tests need the playwright package (pip install -e '.[dev]')", allow_module_level=True)

expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``sevens serve`` on a free loopback port with a fresh SQLite file; yields its base URL."""
    db = tmp_path_factory.mktemp("browser-db") / "sevens.sqlite3"
    with server_process(f"sqlite:///{db}", ("--sqlite-sync", "normal")) as process:
        process.wait_for(f"Open {process.url}/ in your browser")
        yield process.url


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
    page_errors: dict[Page, list[str]] = {}  # what each page made here raised

    def make(locale: str = "en-US", viewport: ViewportSize | None = None, **options: Any) -> Page:
        context = browser.new_context(base_url=server, locale=locale, viewport=viewport or DESKTOP, **options)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page_errors[page] = errors
        return page

    yield make
    for context in contexts:
        pages = context.pages
        for page in pages:
            assert not page_errors.get(page), f"the page raised: {page_errors[page]}"
        context.close()


@pytest.fixture
def page(new_page: NewPage) -> Page:
    return new_page()
