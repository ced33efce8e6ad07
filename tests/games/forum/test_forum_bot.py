"""Forum's heuristic bot and search hooks: strength against random play, and no peeking."""

from __future__ import annotations

import random

import pytest

import alea
from alea.agents import make
from alea.core.rng import make_rng
from alea.games.forum.state import ForumState
from sampled_positions import decision_positions

GAMES_PER_SEAT = 15


@pytest.mark.parametrize(("players", "ruleset"), [(4, "short"), (3, "short"), (4, "complete")])
def test_heuristic_beats_random_bots_in_every_seat(players: int, ruleset: str) -> None:
    game = alea.load("forum", players=players, ruleset=ruleset)
    for seat in range(players):
        wins = 0.0
        for i in range(GAMES_PER_SEAT):
            agents = [make("random") for _ in range(players)]
            agents[seat] = make("heuristic")
            record = alea.play(game, agents, seed=1000 * players + 37 * i + seat)
            assert record.result is not None
            wins += record.result["returns"][seat]
        assert wins >= 0.9 * GAMES_PER_SEAT, f"{game.player_names[seat]} won only {wins}"


def hidden_variant(state: ForumState, seat: int, rng: random.Random) -> ForumState:
    """The same position with the family cards ``seat`` cannot see dealt otherwise."""
    return state.determinize(seat, rng)


def decision_states(count: int, seed: int) -> list[ForumState]:
    state = alea.load("forum", players=4).new_initial_state()
    assert isinstance(state, ForumState)
    return decision_positions(state, count, seed, every=5, bot=make("heuristic"))


@pytest.mark.parametrize("kind", ["heuristic", "expert", "mcts"])
def test_bots_choose_the_same_whatever_the_hidden_family_cards(kind: str) -> None:
    differed = 0
    for state in decision_states(6, seed=5):
        seat = state.current_player()
        others = [q for q in range(state.n) if q != seat]
        for k in range(3):
            variant = hidden_variant(state, seat, make_rng(100 + k))
            if any(
                (variant.sons[q], variant.daughters[q]) != (state.sons[q], state.daughters[q])
                for q in others
            ):
                differed += 1
            assert variant.observation(seat) == state.observation(seat)
            agent = make(kind, iterations=25) if kind == "mcts" else make(kind)
            again = make(kind, iterations=25) if kind == "mcts" else make(kind)
            assert agent.act(state, seat, make_rng(9)) == again.act(variant, seat, make_rng(9))
    assert differed > 0, "no variant changed the hidden cards: the test proves nothing"


def test_trade_totals_in_one_pass_match_the_market_by_market_sums() -> None:
    checked = 0
    for ruleset in ("short", "complete"):
        game = alea.load("forum", players=4, ruleset=ruleset)
        for seed in range(6):
            record = alea.play(game, [make("heuristic") for _ in range(4)], seed=seed)
            state = game.new_initial_state()
            for k, data in enumerate(record.actions):
                state.apply_action(game.action_from_json(data))
                if k % 7 or state.is_terminal():
                    continue
                assert isinstance(state, ForumState)
                slow = []
                for p in range(4):
                    total = sum(state.trade_income(p).values()) + state.bonus[p]
                    if state.praefect == p and state.praefect_turns > 0:
                        total += 500
                    slow.append(total)
                assert state.trade_totals() == slow
                checked += 1
    assert checked > 100
