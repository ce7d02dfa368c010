"""pytest, for the whole repository.

Modules that need the ``research`` extra (absent from a core install) have their doctests collected only where
their optional packages are installed; their tests skip by themselves, locally.

On CI (``CI=true``, which .ci/run exports) every component the tests need is installed by .ci/run, so a test
that skips is a check that silently did not run: it fails instead, naming what was missing, and so does a
missing optional package. Locally a skip stays a skip (a developer without Chromium can still run the rest)."""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from importlib.util import find_spec

import pluggy
import pytest

ON_CI = os.environ.get("CI", "").lower() == "true"

_OPTIONAL = {
    "src/sevens/envs/pettingzoo.py": "pettingzoo",
    "src/sevens/envs/gymnasium.py": "gymnasium",
    "src/sevens/envs/policy.py": "gymnasium",  # its example trains in the Gymnasium env
    "src/sevens/envs/openspiel.py": "pyspiel",
    "src/sevens/envs/ismcts.py": "pyspiel",
    "src/sevens/arena/ray_executor.py": "ray",
    "src/sevens/kernel": "numba",
}
_MISSING = {path: module for path, module in _OPTIONAL.items() if find_spec(module) is None}
if ON_CI and _MISSING:
    raise pytest.UsageError(f"CI=true but these packages are missing (pip install -e '.[research]'): {_MISSING}")
collect_ignore = list(_MISSING)


def _fail_instead_of_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    if ON_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped on CI (CI=true), where nothing may skip: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    outcome = yield
    _fail_instead_of_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pluggy.Result[pytest.CollectReport], None]:
    outcome = yield
    _fail_instead_of_skip(outcome.get_result())


FRESH_CACHES = "SEVENS_FRESH_CACHES"
"""Set by bench/mutation.py: mutmut forks each mutant's test from a process that has already filled the package's
``functools.cache`` tables (the rules' precomputed rows, Killer's geometry), so a mutant in the code that builds
them would never run. With it set, every test starts with those caches empty."""


def clear_package_caches() -> int:
    """Empty every ``functools.cache`` defined in an imported ``sevens`` module; returns how many."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if name == "sevens" or name.startswith("sevens."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                    value.cache_clear()
                    cleared += 1
    return cleared


@pytest.fixture(autouse=os.environ.get(FRESH_CACHES) == "1")
def _fresh_package_caches() -> None:
    clear_package_caches()
