"""The small choices under the agents' sampling and search, pinned exactly (issue 41: mutants that survived the
agents' tests): ``weighted_pick`` gives each option exactly its share of the points, and ``paired_choice``
keeps the default unless a rival beats it by its confidence margin; ``resampled_deals`` keeps deals by their
relative likelihood."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from sevens.agents.common.montecarlo import paired_choice
from sevens.agents.common.sampling import weighted_pick
from sevens.agents.common.search import resampled_deals


def test_each_option_gets_exactly_its_share_of_the_points() -> None:
    # two one-slot seats: point 0 goes to the first, point 1 to the second (a card goes to each half the time)
    assert [weighted_pick([3, 5], [1, 1], point) for point in (0, 1)] == [3, 5]
    picks = Counter(weighted_pick([0, 1, 2], [2, 0, 3], point) for point in range(5))
    assert picks == {0: 2, 2: 3}  # by weight, and never an option of weight 0
    assert weighted_pick([0, 1, 2], [2, 0, 3], 1.999) == 0 and weighted_pick([0, 1, 2], [2, 0, 3], 2.0) == 2
    # Killer's sampler draws the point as random() * total, which rounding can bring up to the total itself:
    # the last option of weight still takes it, never one of weight 0 after it
    assert weighted_pick([0, 1, 2], [2, 3, 0], 5.0) == 1


def test_a_weight_missing_for_an_option_is_an_error_not_a_silent_cut() -> None:
    # found once the walk reaches the end of the weights (a point that the first options cover stops before)
    with pytest.raises(ValueError, match="zip"):
        weighted_pick([0, 1, 2], [1.0, 1.0], 2.0)


# The rival's paired differences from the default: 2, -1.5, 1.5, -1 (mean 0.25, standard error about 0.88).
NOISY_RIVAL = [[0.0, 2.0], [0.0, -1.5], [0.0, 1.5], [0.0, -1.0]]


def test_a_rival_ahead_by_less_than_its_margin_does_not_replace_the_default() -> None:
    assert paired_choice(NOISY_RIVAL, 0, 1.0) == 0
    assert paired_choice(NOISY_RIVAL, 0, 0.3) == 0  # a margin of 0.26: the mean of 0.25 falls short
    assert paired_choice(NOISY_RIVAL, 0, 0.25) == 1  # a margin of 0.22: the mean of 0.25 clears it
    assert paired_choice(NOISY_RIVAL, 0, 0.0) == 1
    assert paired_choice([[0.0, 0.0]] * 4, 0, 0.0) == 0  # no better than the default: the default


def test_a_rival_ahead_on_every_sample_alike_or_on_a_single_sample_has_no_margin_to_clear() -> None:
    # the same lead on every sample: no spread, so no standard error, whatever the confidence asked
    assert paired_choice([[0.0, 1.0]] * 4, 0, 3.0) == 1
    # one sample gives no spread to measure either: its lead decides
    assert paired_choice([[0.0, 1.0]], 0, 1.0) == 1
    assert paired_choice([[0.0, -1.0]], 0, 1.0) == 0


def test_a_lead_of_exactly_its_margin_does_not_replace_the_default() -> None:
    # two samples, differences 0 and 2: mean 1 and standard error exactly 1, so at one standard error the
    # rival sits on the line, and the default stays
    assert paired_choice([[0.0, 0.0], [0.0, 2.0]], 0, 1.0) == 0
    assert paired_choice([[0.0, 0.0], [0.0, 2.0]], 0, 0.5) == 1


def test_resampled_deals_keep_the_likely_deal_however_small_every_likelihood() -> None:
    # deals are numbered as drawn; the odd ones explain the log far better (log-likelihood -700 against -800),
    # and every likelihood underflows on its own (exp(-700) is about 1e-304): only relative weights work
    counter = itertools.count()

    def draw(rng: random.Random) -> int:
        return next(counter)

    def log_weight(deal: int) -> float:
        return -700.0 if deal % 2 else -800.0

    resampled = resampled_deals(draw, log_weight, tries=2)
    rng = random.Random(3)
    assert [resampled(rng) for _ in range(50)] == list(range(1, 100, 2))
    single = resampled_deals(lambda rng: next(counter), log_weight, tries=1)
    assert [single(rng) for _ in range(3)] == [100, 101, 102]  # one try: every deal kept, whatever its weight
