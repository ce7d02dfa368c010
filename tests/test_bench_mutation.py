"""bench/mutation.py: its areas (pyproject's [tool.sevens.mutation]), the mutmut configuration it writes for
one, and how it reads mutmut's results (the mutation runs themselves take minutes to hours: docs/decisions.md)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

from bench_scripts import load_bench_script

mutation = load_bench_script("mutation")
RESULTS = """    sevens.session.standings.x_session_winners__mutmut_1: killed
    sevens.session.standings.x_session_winners__mutmut_2: survived
    sevens.session.log.x_pretty_card__mutmut_1: no tests
    sevens.session.clock.x_default_action__mutmut_5: timeout
"""


def test_every_area_of_the_issue_is_configured_with_files_that_exist() -> None:
    areas = mutation.areas()
    assert set(areas) == {"games", "session", "envs", "agents-common", "cluster"} | {
        "envs-vector", "envs-openspiel", "envs-tables"}  # fmt: skip
    root = Path(mutation.ROOT)
    for area in areas.values():
        assert area.mutate and area.tests
        assert all(list(root.glob(pattern)) for pattern in area.mutate), area.mutate
        named = area.tests + area.deselect + area.ignore
        assert all((root / path.partition("::")[0]).exists() for path in named), area.tests


def test_the_mutmut_configuration_of_an_area_is_toml_mutmut_reads() -> None:
    config = tomllib.loads(mutation.mutmut_config(mutation.areas()["envs"]))["tool"]["mutmut"]
    assert config["only_mutate"] == ["src/sevens/envs/*"]
    assert config["pytest_add_cli_args_test_selection"][:2] == ["tests/envs", "--deselect=tests/envs/test_ray_arena.py"]
    assert "-x" in config["pytest_add_cli_args"] and config["also_copy"] == ["bench", "docs", "conftest.py"]


def test_a_file_an_area_ignores_is_not_even_collected() -> None:
    """games leaves out a test whose collection fails under mutmut: ``--ignore``, since ``--deselect`` still
    imports the file (and the failed collection stops mutmut's first run)."""
    config = tomllib.loads(mutation.mutmut_config(mutation.areas()["games"]))["tool"]["mutmut"]
    assert config["pytest_add_cli_args_test_selection"][-1] == "--ignore=tests/games/test_strict_arguments.py"


def test_envs_is_the_union_of_its_groups() -> None:
    areas = mutation.areas()
    groups = [areas[name] for name in ("envs-vector", "envs-openspiel", "envs-tables")]
    root = Path(mutation.ROOT)
    mutated = {path for area in groups for pattern in area.mutate for path in root.glob(pattern)}
    assert mutated == set(root.glob("src/sevens/envs/*.py"))
    # every test file a group runs is one the union runs (tests/envs, less what it deselects)
    union = areas["envs"]
    assert all(path.startswith("tests/envs/") and path not in union.deselect for area in groups for path in area.tests)


def test_results_are_counted_and_only_kills_count_as_killed() -> None:
    counts = mutation.tally(RESULTS)
    assert counts == Counter({"killed": 1, "survived": 1, "no tests": 1, "timeout": 1})
    assert mutation.kill_ratio(counts) == 0.5 and mutation.kill_ratio(Counter()) == 0.0
    assert mutation.survivors(RESULTS) == ["sevens.session.standings.x_session_winners__mutmut_2",
                                           "sevens.session.log.x_pretty_card__mutmut_1"]  # fmt: skip
