"""The agent ladder: its statistics on hand-made counts, its schedule, and the command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from alea.cli import main
from alea.ladder import LadderResult, Match, bradley_terry, elo, schedule, seatings, wilson


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    for n in (3, 60, 300, 1001):  # exactly, not a rounding speck away
        assert wilson(0, n)[0] == 0.0
        assert wilson(n, n)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_narrows_with_more_games() -> None:
    small = wilson(3, 10)
    large = wilson(300, 1000)
    assert small[0] < large[0] < 0.3 < large[1] < small[1]


def test_bradley_terry_symmetric_counts_give_equal_ratings() -> None:
    wins = [[0, 5, 5], [5, 0, 5], [5, 5, 0]]
    strengths = bradley_terry(wins, prior=0.0)
    assert strengths == pytest.approx([1.0, 1.0, 1.0])
    assert all(elo(s) == pytest.approx(0.0, abs=1e-6) for s in strengths)


def test_bradley_terry_dominant_agent_rates_highest() -> None:
    wins = [[0, 9, 8], [1, 0, 6], [2, 4, 0]]
    strengths = bradley_terry(wins, prior=0.0)
    assert strengths[0] > strengths[1] > strengths[2]
    assert math.prod(strengths) == pytest.approx(1.0)


def test_bradley_terry_two_agents_match_the_win_ratio() -> None:
    strengths = bradley_terry([[0, 3], [1, 0]], prior=0.0)
    assert strengths[0] / strengths[1] == pytest.approx(3.0)
    rating_gap = elo(strengths[0]) - elo(strengths[1])  # type: ignore[operator]
    assert rating_gap == pytest.approx(400 * math.log10(3))


def test_bradley_terry_prior_keeps_a_winless_agent_finite() -> None:
    strengths = bradley_terry([[0, 4], [0, 0]])
    assert all(s > 0 for s in strengths)
    assert strengths[0] > strengths[1]


def test_seatings_cover_every_mix_in_every_order() -> None:
    orders = seatings(2, 3)
    assert sorted(orders) == sorted(
        [(0, 0, 1), (0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)]
    )
    three = seatings(3, 3)
    assert len(three) == 6 * 3 + 6
    for agent in range(3):
        for seat in range(3):
            assert sum(1 for o in three if o[seat] == agent) == 8
    seeds = [m.seed for m in schedule(3, 3, 2, seed=1)]
    assert len(set(seeds)) == len(seeds) == 48
    assert seeds == [m.seed for m in schedule(3, 3, 2, seed=1)]


def test_ladder_command_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ladder.json"
    code = main(
        [
            "ladder",
            "triumvirate",
            "--agents",
            "random,heuristic",
            "--games",
            "1",
            "--seed",
            "3",
            "--set",
            "max_rounds=10",
            "--out",
            str(out),
            "-q",
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "heuristic" in printed
    assert "pairwise" in printed
    data = json.loads(out.read_text())
    assert data["agents"] == ["random", "heuristic"]
    assert data["options"]["max_rounds"] == 10
    assert len(data["games"]) == 6
    for g in data["games"]:
        assert len(g["seats"]) == 3
        assert len(g["returns"]) == 3
    standings = {s["agent"]: s for s in data["standings"]}
    assert set(standings) == {"random", "heuristic"}
    for s in standings.values():
        assert s["games"] == 9
        low, high = s["ci95"]
        assert 0.0 <= low <= s["win_share"] <= high <= 1.0
        assert s["relative_to_fair"] == pytest.approx(s["win_share"] * 3)
        assert isinstance(s["rating"], float)
    assert set(data["pairwise"]) == {"random", "heuristic"}
    assert set(data["pairwise"]["random"]) == {"heuristic"}


def test_ladder_in_parallel_matches_serial(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"ladder{jobs}.json"
        args = ["ladder", "triumvirate", "--set", "max_rounds=5", "--jobs", jobs, "-q"]
        assert main([*args, "--out", str(out)]) == 0
        outs.append(json.loads(out.read_text()))
    assert outs[0] == outs[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--agents", "random,wizard"], "no agent kind 'wizard'"),
        (["--agents", "random"], "at least two agents"),
        (["--agents", "random,random"], "only once"),
        (["--agents", "random,mcts:iterations=0"], "at least 1 iteration"),
        (["--games", "0"], "--games"),
        (["--set", "max_rounds=0"], "max_rounds"),
    ],
)
def test_ladder_bad_input_exits_2(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", "triumvirate", "-q", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("alea: error:")
    assert err.count("\n") == 1
    assert words in err


def test_ladder_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "chess", "-q"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["mcts:iterations=7", "expert:iterations=7"])
def test_ladder_reports_the_search_effort(
    spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "effort.json"
    args = ["ladder", "triumvirate", "--agents", f"random,{spec}", "--set", "max_rounds=2"]
    assert main([*args, "--out", str(out), "-q"]) == 0
    assert "search effort" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert set(data["search"]) == {spec}
    effort = data["search"][spec]
    assert effort["decisions"] > 0
    # A decision with one legal action is played without search, so every search has 7.
    assert effort["iterations"] == 7 * effort["decisions"]
    assert effort["per_decision"] == 7


def test_lone_seatings_put_the_agent_alone_in_each_seat() -> None:
    assert seatings(2, 3, lone=1) == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    assert seatings(2, 4, lone=0) == [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0)]
    three = seatings(3, 3, lone=2)
    # Two other agents fill the two other seats in every order: 4 draws, 3 seats.
    assert len(three) == len(set(three)) == 12
    for order in three:
        assert order.count(2) == 1
    for seat in range(3):
        assert sum(1 for o in three if o[seat] == 2) == 4
    matches = schedule(2, 3, 2, seed=5, lone=1)
    assert [m.seats for m in matches] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)] * 2
    assert len({m.seed for m in matches}) == 6


def test_lone_result_counts_shares_per_seat() -> None:
    # The lone agent (index 1) wins two games of three, once sharing the win with a heuristic.
    matches = [Match(seats, seed) for seed, seats in enumerate(seatings(2, 3, lone=1))]
    result = LadderResult(
        game="triumvirate",
        options={},
        agents=["heuristic", "expert"],
        num_players=3,
        seed=0,
        rounds=1,
        matches=matches,
        returns=[[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [1.0, 0.0, 0.0]],
        lone="expert",
    )
    heuristic, expert = result.standings()
    assert (expert.games, heuristic.games) == (3, 6)
    assert expert.wins == pytest.approx(1.5)
    assert expert.share == pytest.approx(0.5)
    assert expert.relative == pytest.approx(1.5)
    assert (expert.low, expert.high) == pytest.approx(wilson(1.5, 3))
    assert heuristic.share == pytest.approx(1.5 / 6)
    data = result.to_json()
    assert data["lone"] == "expert"
    assert data["standings"][1]["ci95"] == pytest.approx(list(wilson(1.5, 3)))
    assert "expert alone at every table" in result.table()


def test_ladder_command_with_lone_agent(tmp_path: Path) -> None:
    out = tmp_path / "lone.json"
    args = ["ladder", "triumvirate", "--agents", "random,heuristic", "--lone", "random"]
    assert main([*args, "--set", "max_rounds=4", "--games", "2", "-q", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["lone"] == "random"
    seats = [g["seats"] for g in data["games"]]
    assert (
        seats
        == [
            ["random", "heuristic", "heuristic"],
            ["heuristic", "random", "heuristic"],
            ["heuristic", "heuristic", "random"],
        ]
        * 2
    )
    standings = {s["agent"]: s for s in data["standings"]}
    assert standings["random"]["games"] == 6
    assert standings["heuristic"]["games"] == 12
    wins = sum(g["returns"][g["seats"].index("random")] for g in data["games"])
    assert standings["random"]["wins"] == pytest.approx(wins)
    assert standings["random"]["ci95"] == pytest.approx(list(wilson(wins, 6)))


def test_ladder_without_lone_keeps_the_round_robin(tmp_path: Path) -> None:
    out = tmp_path / "robin.json"
    args = ["ladder", "triumvirate", "--agents", "random,heuristic", "--set", "max_rounds=2"]
    assert main([*args, "-q", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["lone"] is None
    assert [tuple(g["seats"]).count("random") for g in data["games"]] == [2, 2, 2, 1, 1, 1]


@pytest.mark.parametrize(
    ("lone", "words"),
    [
        ("mcts", "lone agent 'mcts' must be one of the agents (random, heuristic)"),
        ("random,heuristic", "--lone takes one agent"),
    ],
)
def test_ladder_lone_must_be_one_agent_of_the_list(
    lone: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["ladder", "triumvirate", "--agents", "random,heuristic", "--lone", lone, "-q"]
    assert main(args) == 2
    assert words in capsys.readouterr().err
