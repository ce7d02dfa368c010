"""The small choices under the agents' sampling and search, pinned exactly (issue 41: mutants that survived the
agents' tests): ``weighted_pick`` gives each option exactly its share of the points, and ``paired_choice``
keeps the default unless a rival beats it by its confidence margin."""

from __future__ import annotations

from collections import Counter

from sevens.agents.common.montecarlo import paired_choice
from sevens.agents.common.sampling import weighted_pick


def test_each_option_gets_exactly_its_share_of_the_points() -> None:
    # two one-slot seats: point 0 goes to the first, point 1 to the second (a card goes to each half the time)
    assert [weighted_pick([3, 5], [1, 1], point) for point in (0, 1)] == [3, 5]
    picks = Counter(weighted_pick([0, 1, 2], [2, 0, 3], point) for point in range(5))
    assert picks == {0: 2, 2: 3}  # by weight, and never an option of weight 0
    assert weighted_pick([0, 1, 2], [2, 0, 3], 1.999) == 0 and weighted_pick([0, 1, 2], [2, 0, 3], 2.0) == 2


# The rival's paired differences from the default: 2, -1.5, 1.5, -1 (mean 0.25, standard error about 0.85).
NOISY_RIVAL = [[0.0, 2.0], [0.0, -1.5], [0.0, 1.5], [0.0, -1.0]]


def test_a_rival_ahead_by_less_than_its_margin_does_not_replace_the_default() -> None:
    assert paired_choice(NOISY_RIVAL, 0, 1.0) == 0
    assert paired_choice(NOISY_RIVAL, 0, 0.25) == 1  # a margin of 0.21: the mean of 0.25 clears it
    assert paired_choice(NOISY_RIVAL, 0, 0.0) == 1
    assert paired_choice([[0.0, 0.0]] * 4, 0, 0.0) == 0  # no better than the default: the default
