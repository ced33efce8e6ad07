"""The search agent never reads what its seat cannot see, in the two games with hidden cards.

On sampled decision positions, the search with a fixed rng must choose the same action on the
true position and on re-deals of everything its seat cannot see (``determinize``): its every
iteration starts from a fresh determinization, so what it was handed must not matter.
"""

from __future__ import annotations

import pytest

import alea
from alea.agents import MCTSAgent, make
from alea.core.game import State
from alea.core.rng import make_rng


def positions(game_name: str, count: int, seed: int) -> list[State]:
    """Decision positions with a choice, from a game of heuristic bots."""
    game = alea.load(game_name, players=3)
    state = game.new_initial_state()
    rng = make_rng(seed)
    bot = make("heuristic")
    picked: list[State] = []
    step = 0
    while not state.is_terminal() and len(picked) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        p = state.current_player()
        if len(state.legal_actions()) > 1 and step % 7 == 3:
            picked.append(state.clone())
        state.apply_action(bot.act(state, p, rng))
        step += 1
    assert len(picked) == count
    return picked


@pytest.mark.parametrize("game_name", ["forum", "hotre"])
def test_search_chooses_the_same_on_every_redeal(game_name: str) -> None:
    changed = 0
    for state in positions(game_name, 6, seed=3):
        seat = state.current_player()
        chosen = MCTSAgent(iterations=25).act(state.clone(), seat, make_rng(5))
        for k in range(3):
            variant = state.determinize(seat, make_rng(50 + k))
            assert variant.observation(seat) == state.observation(seat)
            changed += repr(variant.observation(None)) != repr(state.observation(None)) or (
                variant._key() != state._key()  # type: ignore[attr-defined]
            )
            again = MCTSAgent(iterations=25).act(variant, seat, make_rng(5))
            assert again == chosen
    assert changed > 0, "no re-deal changed the hidden part: the test proves nothing"
