"""Every agent returns a legal action in every variant, 2–10 players, short stacks included."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_strategies import seven27_rules
from sevens.games.seven27 import Rules

from .support import play, quick


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=seven27_rules, seed=st.integers(0, 2**32), short=st.booleans())
def test_agents_play_legal_actions_in_any_variant(rules: Rules, seed: int, short: bool) -> None:
    names = ["montecarlo", "rule", "random"]
    rng = random.Random(seed)
    stacks = [rng.randint(rules.ante + 1, rules.stack) for _ in range(rules.players)] if short else None
    agents = [quick(names[(s + seed) % 3], rollouts=8) for s in range(rules.players)]
    state = play(rules, seed, agents, stacks)
    state.check_invariants()
