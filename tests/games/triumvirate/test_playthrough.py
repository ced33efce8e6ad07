"""Whole games: a golden transcript of a seeded random game, and rule invariants over playouts."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import ROME, check_invariants

import alea
from alea.core.game import Action, State
from alea.games.triumvirate.actions import Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import TriumvirateState

GOLDEN = Path(__file__).parent / "golden" / "random_seed12345.txt"
RANDOM3 = [alea.agents.make("random")] * 3


def transcript(seed: int) -> tuple[list[str], alea.GameRecord]:
    lines: list[str] = []
    record = alea.play(
        alea.load("triumvirate", setup="authored"),
        RANDOM3,
        seed=seed,
        on_step=lambda _, a: lines.append(str(a)),
    )
    return lines, record


def test_golden_random_game_seed_12345() -> None:
    """The first 200 actions of a seeded all-random game, as stored when the file was made."""
    lines, record = transcript(12345)
    assert record.result is not None
    assert record.result["terminal"]
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert len(expected) == 200
    assert lines[:200] == expected


def test_same_seed_same_game_and_replay_reaches_the_same_state() -> None:
    lines, record = transcript(777)
    again, _ = transcript(777)
    assert lines == again
    final = alea.replay(record)
    assert isinstance(final, TriumvirateState)
    assert final.is_terminal()
    assert len(final.history()) == len(lines)


class Snapshot:
    """The few fields the watch compares between consecutive positions."""

    def __init__(self, state: TriumvirateState) -> None:
        self.owner = state.owner[:]
        self.count = state.count[:]
        self.alive = sum(state.alive)
        self.popularity = state.popularity.copy()
        self.civil_war = state.civil_war


class RuleWatch:
    """Checks, after every action of a playout, rules that must hold in every position."""

    def __init__(self, state: TriumvirateState) -> None:
        self.prev = Snapshot(state)

    def __call__(self, state: State, action: Action) -> None:
        assert isinstance(state, TriumvirateState)
        prev = self.prev
        check_invariants(state)  # TRI-4.3 stacks, TRI-4.5 land, TRI-8.3 counters
        assert state.current_player() in (0, 1, 2, alea.CHANCE, alea.TERMINAL)
        assert all(0 <= c <= state.game.opts.max_conquests for c in state.conquests)  # TRI-5.2
        assert all(b >= a for a, b in zip(prev.popularity, state.popularity, strict=True))
        # TRI-6.1: the civil war never ends, and starts only by a troop entering Italy.
        assert state.civil_war or not prev.civil_war
        if state.civil_war and not prev.civil_war:
            entered = isinstance(action, Move) and action.to in BOARD.italy
            won_over = isinstance(action, Roll) and action.die == 20
            assert entered or won_over, f"civil war began on {action}"
            if won_over:
                assert state.leader[state.turn] in BOARD.italy
        # TRI-7.6: Roman troops never move or grow, unless a leader fell (TRI-7.4).
        if sum(state.alive) == prev.alive:
            for h, o in enumerate(state.owner):
                if o == ROME:
                    assert prev.owner[h] == ROME
                    assert state.count[h] <= prev.count[h]
        if state.is_chance_node():
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
        self.prev = Snapshot(state)


@pytest.mark.rule("TRI-4.3")
@pytest.mark.rule("TRI-4.5")
@pytest.mark.rule("TRI-5.2")
@pytest.mark.rule("TRI-6.1")
@pytest.mark.rule("TRI-7.6")
@pytest.mark.rule("TRI-8.3")
@pytest.mark.rule("TRI-2.4")
@pytest.mark.rule("TRI-2.5")
@pytest.mark.parametrize("setup", ["authored", "tuned"])
@pytest.mark.parametrize("seed", range(4))
def test_rule_invariants_hold_through_random_games(seed: int, setup: str) -> None:
    game = alea.load("triumvirate", setup=setup)
    first = game.new_initial_state()
    assert isinstance(first, TriumvirateState)
    watch = RuleWatch(first)
    record = alea.play(game, RANDOM3, seed=seed, on_step=watch)
    assert record.result is not None
    assert record.result["terminal"]
