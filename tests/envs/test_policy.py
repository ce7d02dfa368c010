"""The tiny linear policy of :mod:`sevens.envs.policy` (the Gymnasium env's example and the tests' snapshot)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sevens.errors import RulesError

pytest.importorskip("gymnasium")

from sevens.envs.policy import LinearPolicy


def test_the_policy_puts_no_probability_on_illegal_actions() -> None:
    rng = np.random.default_rng(3)
    policy = LinearPolicy(rng.normal(size=(5, 4)), rng.normal(size=4))
    probabilities = policy.probabilities(rng.random(5).astype(np.float32), np.array([1, 0, 1, 0], dtype=np.int8))
    assert probabilities[1] == probabilities[3] == 0.0
    assert probabilities.sum() == pytest.approx(1.0)


def test_a_saved_policy_loads_back_and_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    policy = LinearPolicy(np.arange(6.0).reshape(3, 2), np.array([1.0, -1.0]))
    policy.save(tmp_path / "p.npz")
    loaded = LinearPolicy.load(tmp_path / "p.npz")
    assert np.array_equal(loaded.weights, policy.weights) and np.array_equal(loaded.bias, policy.bias)
    with pytest.raises(RulesError, match="no policy file at"):
        LinearPolicy.load(tmp_path / "none.npz")
