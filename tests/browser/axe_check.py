"""axe-core (the npm package pinned by tests/browser/axe/package-lock.json, installed by ``.ci/run`` with
``npm ci --prefix tests/browser/axe``) run inside the page: the serious and critical violations of what is on
screen now. The page's Content-Security-Policy forbids inline scripts: axe is added to every document (frames
too) of a browser context as an init script (:func:`load_axe`), which the browser runs outside the policy, so
the pages are checked under their real policy."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Frame, Page

from .helpers import ROOT

AXE_SCRIPT = ROOT / "tests" / "browser" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.filter((v) => ["serious", "critical"].includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary.replace(/\\s+/g, " ")}`),
  }));
}"""


def load_axe(page: Page) -> None:
    """axe in every document the page's context opens from now on (call before ``goto``)."""
    assert AXE_SCRIPT.exists(), f"axe-core is missing: run `npm ci --prefix tests/browser/axe` ({AXE_SCRIPT})"
    page.context.add_init_script(path=str(AXE_SCRIPT))


def blocking_violations(page: Page | Frame) -> list[dict[str, Any]]:
    """axe's serious and critical violations of the page (or of one frame) as it is now."""
    assert page.evaluate("() => typeof axe !== 'undefined'"), "axe is not in this document: load_axe before goto"
    found: list[dict[str, Any]] = page.evaluate(_RUN)
    return found


def assert_accessible(page: Page | Frame, screen: str) -> None:
    found = blocking_violations(page)
    lines = [f"{v['impact']} {v['id']} ({v['help']}):\n    " + "\n    ".join(v["nodes"]) for v in found]
    assert not found, f"axe on {screen}:\n" + "\n".join(lines)
