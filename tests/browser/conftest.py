"""Browser tests: a real ``sevens serve`` process per test worker (its own port and SQLite file, computer players
without delay) and Debian's Chromium driven by Playwright. Skipped, saying why, where Chromium or Playwright is
missing (CI installs both through .ci/run). Playwright's own browser download is never used.

Every wait is for what the page shows; its deadline (:data:`WAIT_MS`) only bounds a hang, so it is generous: on a
busy machine (CI beside other work) a page may take many seconds to draw. When a test fails, what each of its
pages showed (a screenshot, the HTML, the console) and the end of the server's log are saved under
``failures/`` in the screenshots' folder, and the folder is named in the test's output."""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy
import pytest

from harness.process import ServerProcess, server_process

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
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # pragma: no cover - the dev extra installs it
    pytest.skip("browser tests need the playwright package (pip install -e '.[dev]')", allow_module_level=True)

WAIT_MS = 60_000
"""How long a wait for the page, or an action on it, may take before the test fails (a hang, not slowness)."""
expect.set_options(timeout=WAIT_MS)
FAILED_CALL = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    """Mark a test whose call failed, for :func:`new_page` to save what its pages showed."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        item.stash[FAILED_CALL] = True


@pytest.fixture(scope="session")
def server_process_of_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``sevens serve`` on a free loopback port with a fresh SQLite file, for every browser test of a worker.

    Every page of a worker comes from 127.0.0.1, so to the server they are one client: its per-address allowances
    are lifted (they have their own tests in tests/server and tests/deploy). Under the defaults (20 rooms at once,
    then 10 a minute) how many tables a test could create depended on how fast the tests before it had run."""
    db = tmp_path_factory.mktemp("browser-db") / "sevens.sqlite3"
    many = "100000"
    options = ("--sqlite-sync", "normal", "--rooms-per-minute", many, "--lobbies-per-address", many,
               "--requests-per-second", many)  # fmt: skip
    with server_process(f"sqlite:///{db}", options) as process:
        process.wait_for(f"Open {process.url}/ in your browser")
        yield process


@pytest.fixture(scope="session")
def server(server_process_of_worker: ServerProcess) -> str:
    """The base URL of the worker's ``sevens serve``."""
    return server_process_of_worker.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for each run of a module's tests that a worker takes one after another, each test in fresh
    contexts (:func:`new_page`); pytest closes it when the worker turns to another module. Not for the whole
    session: Playwright's sync API keeps an event loop running in this thread while it is open, which would break
    the other tests (asyncio.run) that the worker runs in between. (One per test cost about 0.8 s of CPU each.)"""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


NewPage = Callable[..., Page]


@pytest.fixture
def new_page(
    request: pytest.FixtureRequest, browser: Browser, server_process_of_worker: ServerProcess
) -> Iterator[NewPage]:
    """Pages in fresh browser contexts (each its own storage: another person), closed after the test."""
    contexts: list[BrowserContext] = []
    page_errors: dict[Page, list[str]] = {}  # what each page made here raised
    consoles: dict[Page, list[str]] = {}

    def make(locale: str = "en-US", viewport: ViewportSize | None = None, **options: Any) -> Page:
        context = browser.new_context(
            base_url=server_process_of_worker.url, locale=locale, viewport=viewport or DESKTOP, **options
        )
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        console: list[str] = []
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        page.on("requestfailed", lambda r: console.append(f"request failed: {r.method} {r.url} {r.failure}"))
        page_errors[page], consoles[page] = errors, console
        return page

    yield make
    if request.node.stash.get(FAILED_CALL, False):
        keep_what_the_pages_showed(request.node, contexts, consoles, server_process_of_worker)
    for context in contexts:
        pages = context.pages
        for page in pages:
            assert not page_errors.get(page), f"the page raised: {page_errors[page]}"
        context.close()


@pytest.fixture
def page(new_page: NewPage) -> Page:
    return new_page()


def keep_what_the_pages_showed(
    test: pytest.Item, contexts: list[BrowserContext], consoles: dict[Page, list[str]], server: ServerProcess
) -> None:
    """A failed test's evidence: each page's screenshot, HTML and console, and the end of the server's log."""
    from .helpers import screenshot_folder  # here: the helpers need playwright, which may be missing (skip above)

    folder = screenshot_folder() / "failures" / re.sub(r"[^\w.-]+", "_", test.nodeid)[-150:]
    folder.mkdir(parents=True, exist_ok=True)
    pages = [page for context in contexts for page in context.pages]
    for number, page in enumerate(pages, 1):
        try:
            page.screenshot(path=str(folder / f"page-{number}.png"), full_page=True, timeout=10_000)
            (folder / f"page-{number}.html").write_text(page.content(), encoding="utf-8")
        except PlaywrightError as exc:  # a page that cannot be read any more: say so, keep the rest
            (folder / f"page-{number}.error.txt").write_text(str(exc), encoding="utf-8")
        lines = [f"url: {page.url}", *consoles.get(page, [])]
        (folder / f"page-{number}.console.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "server.log").write_text("".join(server.output[-400:]), encoding="utf-8")
    print(f"what the {len(pages)} page(s) showed and the server's log: {folder}")
