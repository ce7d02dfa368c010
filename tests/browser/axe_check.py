"""axe-core (the npm package pinned by tests/browser/axe/package-lock.json, installed by ``.ci/run`` with
``npm ci --prefix tests/browser/axe``) run inside the page: the serious and critical violations of what is on
screen now. The page's Content-Security-Policy forbids inline scripts, so the pages it checks are opened with
``bypass_csp=True`` (the policy itself is tested elsewhere)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

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


def blocking_violations(page: Page) -> list[dict[str, Any]]:
    """axe's serious and critical violations of the page as it is now."""
    assert AXE_SCRIPT.exists(), f"axe-core is missing: run `npm ci --prefix tests/browser/axe` ({AXE_SCRIPT})"
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    found: list[dict[str, Any]] = page.evaluate(_RUN)
    return found


def assert_accessible(page: Page, screen: str) -> None:
    found = blocking_violations(page)
    lines = [f"{v['impact']} {v['id']} ({v['help']}):\n    " + "\n    ".join(v["nodes"]) for v in found]
    assert not found, f"axe on {screen}:\n" + "\n".join(lines)
