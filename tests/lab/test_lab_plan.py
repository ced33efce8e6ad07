"""What a run plays: per-game seeds, seatings, and the checks on its arguments."""

from __future__ import annotations

import pytest
from numpy.random import SeedSequence

from alea.lab import LabError, RunSpec, game_seed
from alea.lab.plan import seat_orders


def test_game_seeds_are_the_spawned_children_of_the_master_seed() -> None:
    children = SeedSequence(42).spawn(5)
    expected = [int(c.generate_state(1, "uint64")[0]) >> 1 for c in children]
    assert [game_seed(42, i) for i in range(5)] == expected
    assert len(set(expected)) == 5
    assert all(0 <= s < 2**63 for s in expected)
    assert game_seed(43, 0) != game_seed(42, 0)


def test_seed_of_a_game_does_not_depend_on_the_run_size() -> None:
    spec = RunSpec.build("forum", {"players": 3}, ["heuristic"], 7)
    assert spec.task(11).seed == game_seed(7, 11)
    assert spec.task(11) == spec.task(11)


def test_one_agent_fills_every_seat() -> None:
    spec = RunSpec.build("triumvirate", {}, ["heuristic"], 0)
    assert spec.lineup == ["heuristic"] * 3
    assert spec.orders == [("heuristic",) * 3]
    assert not spec.mixed()
    assert spec.seat_names == ["Crassus", "Caesar", "Pompey"]
    assert spec.code_version.startswith("alea ")
    assert "triumvirate/" in spec.code_version


def test_different_agents_rotate_through_every_seat_order() -> None:
    orders = seat_orders(["heuristic", "random", "random"])
    assert len(orders) == 3
    spec = RunSpec.build("triumvirate", {}, ["heuristic", "random", "random"], 0)
    seats = [spec.seating(i) for i in range(6)]
    for seat in range(3):
        assert sum(s[seat] == "heuristic" for s in seats) == 2
    assert len(seat_orders(["a", "b", "c", "d"])) == 24


def test_options_are_completed_with_defaults() -> None:
    spec = RunSpec.build("forum", {"players": "3", "win_prestige": "12"}, ["random"], 0)
    assert spec.options["players"] == 3
    assert spec.options["win_prestige"] == 12
    assert spec.options["ruleset"] == "short"


@pytest.mark.parametrize(
    ("game", "options", "agents", "seed", "words"),
    [
        ("nosuch", {}, ["heuristic"], 0, "no game"),
        ("forum", {"bogus": 1}, ["heuristic"], 0, "bogus"),
        ("forum", {"win_prestige": 0}, ["heuristic"], 0, "win_prestige"),
        ("triumvirate", {}, ["heuristic", "random"], 0, "3 seats"),
        ("triumvirate", {}, ["wizard"], 0, "wizard"),
        ("triumvirate", {}, [], 0, "at least one agent"),
        ("triumvirate", {}, ["heuristic"], -1, "non-negative"),
    ],
)
def test_bad_run_arguments_are_named(
    game: str, options: dict[str, object], agents: list[str], seed: int, words: str
) -> None:
    with pytest.raises(LabError, match=words):
        RunSpec.build(game, options, agents, seed)
