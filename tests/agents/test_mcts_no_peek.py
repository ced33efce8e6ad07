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
from sampled_positions import decision_positions


def positions(game_name: str, count: int, seed: int) -> list[State]:
    """Decision positions with a choice, from a game of heuristic bots."""
    state = alea.load(game_name, players=3).new_initial_state()
    return decision_positions(state, count, seed, every=7, offset=3, bot=make("heuristic"))


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
