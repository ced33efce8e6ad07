"""Whole games: a golden transcript of a seeded random game, and rule invariants over playouts."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import check_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from triumvirate_seats import ROME

import alea
from alea.core.game import Action, State
from alea.games.triumvirate.actions import Move, Roll
from alea.games.triumvirate.board import BOARD, FORCES
from alea.games.triumvirate.state import LEADER, MOVE, TriumvirateState

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
        self.turn = state.turn
        self.leader = state.leader.copy()


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
            if won_over:  # the roll ends the turn: the roller is the player of the last one
                assert prev.leader[prev.turn] in BOARD.italy
        # TRI-7.6: Roman troops never move or grow, unless a leader fell (TRI-7.4).
        if sum(state.alive) == prev.alive:
            for h, o in enumerate(state.owner):
                if o == ROME:
                    assert prev.owner[h] == ROME
                    assert state.count[h] <= prev.count[h]
        if state.is_chance_node():
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
        # TRI-7.5: no leader begins a turn, or a movement, alone on another player's hex.
        if state.stage == LEADER or (state.stage == MOVE and not state.moved and not state.attack):
            for seat, pos in enumerate(state.leader):
                if pos >= 0:
                    held = state.owner[pos]
                    when = "turn" if state.stage == LEADER else "movement"
                    assert held in (-1, seat, ROME), (
                        f"{FORCES[seat]} alone on {FORCES[held]}'s {BOARD.label(pos)} "
                        f"as {FORCES[state.turn]}'s {when} begins"
                    )
        self.prev = Snapshot(state)


def watched_game(agents: list[alea.Agent], seed: int, setup: str = "authored") -> alea.GameRecord:
    """Play one game with ``RuleWatch`` checking every position; return its record."""
    game = alea.load("triumvirate", setup=setup)
    first = game.new_initial_state()
    assert isinstance(first, TriumvirateState)
    record = alea.play(game, agents, seed=seed, on_step=RuleWatch(first))
    assert record.result is not None
    assert record.result["terminal"]
    return record


@pytest.mark.rule("TRI-4.3")
@pytest.mark.rule("TRI-4.5")
@pytest.mark.rule("TRI-5.2")
@pytest.mark.rule("TRI-6.1")
@pytest.mark.rule("TRI-7.4")
@pytest.mark.rule("TRI-7.5")
@pytest.mark.rule("TRI-7.6")
@pytest.mark.rule("TRI-8.3")
@pytest.mark.rule("TRI-2.4")
@pytest.mark.rule("TRI-2.5")
@pytest.mark.parametrize("setup", ["authored", "tuned"])
@pytest.mark.parametrize("seed", range(4))
def test_rule_invariants_hold_through_random_games(seed: int, setup: str) -> None:
    watched_game(RANDOM3, seed, setup)


MIXED = [alea.agents.make("heuristic"), alea.agents.make("random"), alea.agents.make("heuristic")]
"""Two players who head for Rome and one who wanders: leaders meet on Roman hexes, die, and
their troops swell Rome's ranks, which is where TRI-7.4's and TRI-7.5's rulings matter."""


@pytest.mark.rule("TRI-7.4")
@pytest.mark.rule("TRI-7.5")
@pytest.mark.parametrize("seed", [4, 12, 23])
def test_rule_invariants_hold_where_a_popularity_roll_catches_a_lone_leader(seed: int) -> None:
    """Seeds in which a popularity roll wins a hex where a rival's leader stood alone."""
    record = watched_game(MIXED, seed)
    final = alea.replay(record)
    assert isinstance(final, TriumvirateState)
    assert not all(final.alive)


@pytest.mark.rule("TRI-7.4")
@pytest.mark.rule("TRI-7.5")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_rule_invariants_hold_through_mixed_games(seed: int) -> None:
    watched_game(MIXED, seed)
