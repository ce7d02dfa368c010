"""The kernel sits below the agents (DESIGN.md layers, issue 29): no kernel module imports the agents, even
inside a function; the data both read (lanes, heuristic weights) lives below both."""

from __future__ import annotations

import ast
from pathlib import Path

import sevens.kernel

KERNEL = Path(sevens.kernel.__file__).parent


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_kernel_module_imports_the_agents_or_a_front_end() -> None:
    above = ("sevens.agents", "sevens.session", "sevens.arena", "sevens.cli", "sevens.tui", "sevens.server")
    modules = sorted(KERNEL.glob("*.py"))
    assert len(modules) >= 4
    offending = {
        f"{path.name}: {name}" for path in modules for name in imported_modules(path) if name.startswith(above)
    }
    assert not offending


def test_the_agents_read_the_same_weights_and_lanes_the_kernel_reads() -> None:
    from sevens.agents.shichinarabe import board, policy
    from sevens.games.shichinarabe import lanes
    from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

    assert policy.Weights is Weights and policy.DEFAULT_WEIGHTS is DEFAULT_WEIGHTS
    assert board.row_lanes is lanes.row_lanes and board.both_open is lanes.both_open
