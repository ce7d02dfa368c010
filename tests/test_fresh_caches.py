"""conftest.py's ``clear_package_caches``, which bench/mutation.py turns on for every test (SEVENS_FRESH_CACHES=1)
so that a mutant in a cached table's builder runs in mutmut's forked test processes."""

from __future__ import annotations

from conftest import clear_package_caches

from sevens.games.killer.geometry import geometry
from sevens.games.shichinarabe.lanes import row_lanes
from sevens.games.shichinarabe.tables import shifted_tables


def test_the_package_caches_are_emptied_and_build_the_same_tables_again() -> None:
    tables, board = shifted_tables(False, "off"), geometry("orthogonal", False)
    row_lanes(0b1111111, False, "off")
    assert shifted_tables.cache_info().currsize and geometry.cache_info().currsize
    assert clear_package_caches() >= 3
    assert shifted_tables.cache_info().currsize == geometry.cache_info().currsize == 0
    assert row_lanes.cache_info().currsize == 0
    assert shifted_tables(False, "off") == tables and geometry("orthogonal", False) == board
