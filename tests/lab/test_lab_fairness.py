"""Fairness tables: equal-share tests, agents counted by game, paired comparisons of variants."""

from __future__ import annotations

from pathlib import Path

import pytest
from scipy import stats as sps

from alea.lab.data import GameRow, RunData
from alea.lab.fairness import agent_lines, paired, paired_lines, seat_test, share_table
from alea.lab.stats import equal_shares, paired_test


def fake_run(
    winners: list[int | None], lineup: list[str], seed: int = 0, shift: int = 0
) -> RunData:
    """A run of three seats whose game ``i`` was won by ``winners[i]`` (None: nobody)."""
    games = []
    n = len(lineup)
    for i, w in enumerate(winners):
        agents = lineup[shift * i % n :] + lineup[: shift * i % n]
        returns = [1.0 if s == w else 0.0 for s in range(n)]
        games.append(GameRow(i, 100 + i, agents, returns, [], 10, True, "x", 0, {}))
    meta = {
        "game": "triumvirate",
        "seat_names": ["Crassus", "Caesar", "Pompey"][:n],
        "lineup": lineup,
        "seed": seed,
        "options": {},
    }
    return RunData(Path("."), "fake", meta, games)


def test_equal_shares_is_pearsons_goodness_of_fit() -> None:
    test = equal_shares([30, 50, 120])
    assert test is not None
    expected = sps.chisquare([30, 50, 120])
    assert test.chi2 == pytest.approx(expected.statistic)
    assert test.p == pytest.approx(expected.pvalue)
    assert test.dof == 2
    assert test.decided == 200
    even = equal_shares([66, 67, 67])
    assert even is not None
    assert even.p > 0.9
    assert equal_shares([0, 0, 0]) is None
    assert equal_shares([5]) is None


def test_every_share_table_flags_an_uneven_seat() -> None:
    uneven = fake_run([2] * 80 + [1] * 20 + [0] * 5, ["heuristic"] * 3)
    text = share_table(uneven)
    assert "chi-square against equal shares" in text
    assert "UNEVEN" in text
    test = seat_test(uneven)
    assert test is not None
    assert test.p < 1e-6
    even = fake_run([0, 1, 2] * 30, ["heuristic"] * 3)
    assert "consistent with equal shares" in share_table(even)


def test_an_agent_in_several_seats_is_counted_once_per_game() -> None:
    # heuristic holds two of three seats in every game and wins 60 of 90 games.
    winners = [0, 1, 2] * 30
    run = fake_run(winners, ["heuristic", "heuristic", "mcts"], shift=1)
    lines = {a.agent: a for a in agent_lines(run)}
    h, m = lines["heuristic"], lines["mcts"]
    assert (h.seats, h.games, h.wins) == (2, 90, 60)
    assert (m.seats, m.games, m.wins) == (1, 90, 30)
    assert h.share == pytest.approx(2 / 3)
    assert h.expected == pytest.approx(2 / 3)
    # The interval comes from 90 games, not 180 seats: wider than a seat count would give.
    assert h.high - h.low > 0.18
    assert h.low < 2 / 3 < h.high
    assert "counted by game" in share_table(run)


def test_paired_test_uses_mcnemar_on_discordant_games() -> None:
    base = [1.0] * 30 + [0.0] * 70
    variant = [1.0] * 20 + [0.0] * 10 + [1.0] * 2 + [0.0] * 68
    t = paired_test(base, variant)
    assert t.method == "McNemar"
    assert (t.only_variant, t.only_base) == (2, 10)
    assert t.p == pytest.approx(sps.binomtest(2, 12, 0.5).pvalue)
    assert paired_test(base, base).p == 1.0
    shared = paired_test([0.5, 0.0, 1.0, 0.0], [0.0, 0.5, 1.0, 1.0])
    assert shared.method == "paired t"


def test_variants_on_the_same_seeds_are_compared_game_by_game() -> None:
    base = fake_run([2] * 60 + [1] * 40, ["heuristic"] * 3, seed=3)
    variant = fake_run([2] * 30 + [0] * 30 + [1] * 40, ["heuristic"] * 3, seed=3)
    other_seeds = fake_run([2] * 60 + [1] * 40, ["heuristic"] * 3, seed=4)
    assert paired(base, variant)
    assert not paired(base, other_seeds)
    lines = {line.label: line for line in paired_lines(base, variant)}
    assert lines["Pompey"].test.only_base == 30
    assert lines["Pompey"].test.only_variant == 0
    assert lines["Caesar"].test.p == 1.0
    assert lines["Crassus"].holm_p < 0.001
    assert lines["no winner"].share == 0.0
