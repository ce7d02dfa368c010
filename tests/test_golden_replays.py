"""Golden replays: recorded games must replay to exactly the same final position and result, forever."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sevens.games.shichinarabe import replay

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_games() -> None:
    assert len(GOLDEN) >= 8


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_exactly(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    state = replay(golden["record"])
    assert state.position() == golden["final_position"]
    assert state.result().to_dict() == golden["record"]["result"]
