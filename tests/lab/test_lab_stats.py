"""The lab's statistics on hand-made numbers."""

from __future__ import annotations

import math

import pytest

from alea.lab.stats import (
    bootstrap_spread,
    chi_square,
    holm,
    one_proportion_z,
    two_proportion_z,
)


def test_two_proportion_z_known_value() -> None:
    # 60/100 against 45/100: pooled p 0.525, se sqrt(.525*.475*.02) = 0.070622
    z, p = two_proportion_z(60, 100, 45, 100)
    assert z == pytest.approx(0.15 / math.sqrt(0.525 * 0.475 * 0.02), rel=1e-9)
    assert p == pytest.approx(0.0337, abs=2e-4)
    assert two_proportion_z(45, 100, 60, 100)[0] == pytest.approx(-z)


def test_two_proportion_z_without_variance_is_not_significant() -> None:
    assert two_proportion_z(0, 50, 0, 80) == (0.0, 1.0)
    assert two_proportion_z(50, 50, 80, 80) == (0.0, 1.0)
    assert two_proportion_z(1, 0, 1, 5) == (0.0, 1.0)


def test_one_proportion_z_against_a_fair_share() -> None:
    z, p = one_proportion_z(50, 150, 1 / 3)
    assert z == pytest.approx(0.0, abs=1e-12)
    assert p == pytest.approx(1.0)
    z, p = one_proportion_z(70, 150, 1 / 3)
    assert z > 3
    assert p < 0.001


def test_holm_adjustment() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_chi_square_matches_the_textbook_value() -> None:
    res = chi_square([[10, 20], [20, 10]])
    assert res is not None
    chi2, dof, p = res
    assert chi2 == pytest.approx(6.6667, abs=1e-3)
    assert dof == 1
    assert p == pytest.approx(0.00982, abs=1e-4)


def test_chi_square_drops_empty_categories() -> None:
    res = chi_square([[10, 0, 20], [20, 0, 10]])
    assert res is not None
    assert res[1] == 1
    assert chi_square([[10, 0], [5, 0]]) is None
    assert chi_square([[1, 2]]) is None


def test_bootstrap_spread_of_a_lopsided_and_a_fair_game() -> None:
    lopsided = [[1.0, 0.0, 0.0]] * 80 + [[0.0, 1.0, 0.0]] * 20
    s = bootstrap_spread(lopsided, resamples=500)
    assert s.value == pytest.approx(0.8)
    assert s.shares == pytest.approx([0.8, 0.2, 0.0])
    assert s.low < 0.8 < s.high
    fair = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] * 100
    f = bootstrap_spread(fair, resamples=500)
    assert f.value == pytest.approx(0.0)
    assert f.high < s.low
    assert bootstrap_spread(lopsided, resamples=300, seed=5) == bootstrap_spread(
        lopsided, resamples=300, seed=5
    )
    with pytest.raises(ValueError, match="at least one game"):
        bootstrap_spread([])
