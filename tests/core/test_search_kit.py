"""The evaluation every game's search hooks build from their seats' strengths."""

from __future__ import annotations

import random

import pytest

import alea
from alea.core.registry import hook


@pytest.mark.parametrize("name", ["triumvirate", "forum", "hotre"])
def test_evaluation_is_shares_before_the_end_and_the_returns_at_it(name: str) -> None:
    evaluate = hook(name, "evaluate")
    state = alea.load(name).new_initial_state()
    rng = random.Random(3)
    seen_open = False
    while not state.is_terminal():
        if not state.is_chance_node():
            values = evaluate(state)
            assert len(values) == state.game.num_players
            assert sum(values) == pytest.approx(1.0)
            assert all(v >= 0 for v in values)
            seen_open = True
        actions = state.legal_actions() or [a for a, _ in state.chance_outcomes()]
        state.apply_action(actions[int(rng.random() * len(actions))])
    assert seen_open
    assert evaluate(state) == state.returns()
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))
