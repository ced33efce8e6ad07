"""Board parts kept by what they are drawn from draw the same picture as parts drawn afresh."""

from __future__ import annotations

from typing import Any

import pytest

import alea
from alea.agents.registry import parse_spec
from alea.core.picture_cache import PARTS, caching, drawn_from
from alea.core.rng import make_rng
from alea.render import render_observation


def _pictures(game: str, options: dict[str, Any], seed: int, agent: str, every: int) -> int:
    """Play a seeded game; at every ``every``-th position compare cached and fresh pictures
    for one seat in turn and the spectator. Returns how many pictures were compared."""
    loaded = alea.load(game, **options)
    state = loaded.new_initial_state()
    bot = parse_spec(agent)
    rng = make_rng(seed)
    seats = loaded.num_players
    compared = 0
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            for seat in (step % seats, None):
                obs = state.observation(seat)
                kept = render_observation(game, obs)
                with caching(False):
                    fresh = render_observation(game, obs)
                assert kept == fresh, f"{game} {options} seed {seed}: picture {step} differs"
                compared += 1
        if state.is_terminal():
            return compared
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bot.act(state, state.current_player(), rng))
        step += 1


@pytest.mark.parametrize(
    ("game", "options", "agent", "every"),
    [
        ("forum", {}, "heuristic", 1),
        ("forum", {"players": 3, "ruleset": "complete"}, "random", 2),
        ("forum", {"players": 2, "max_turns": 3}, "random", 1),  # ends on the turn cap
        ("hotre", {"players": 3}, "heuristic", 4),
        ("triumvirate", {}, "heuristic", 4),
    ],
)
def test_kept_parts_draw_the_fresh_picture(
    game: str, options: dict[str, Any], agent: str, every: int
) -> None:
    for part in PARTS:
        part.cache_clear()  # type: ignore[attr-defined]
    assert _pictures(game, options, seed=7, agent=agent, every=every) > 10


def test_a_part_sees_only_the_entries_it_names() -> None:
    seen: list[dict[str, Any]] = []

    @drawn_from("money", "players.name")
    def part(obs: dict[str, Any], y: float) -> list[str]:
        seen.append(obs)
        return [f"{obs['money']} {[p['name'] for p in obs['players']]} {y}"]

    obs = {"money": 3, "turn": 9, "players": [{"name": "a", "agents": [1]}, {"name": "b"}]}
    first = part(obs, 1.0)
    assert first == ["3 ['a', 'b'] 1.0"]
    assert seen[-1] == {"money": 3, "players": [{"name": "a"}, {"name": "b"}]}
    # A change elsewhere in the observation draws nothing new; a change it shows does.
    part({**obs, "turn": 10, "players": [{"name": "a", "agents": []}, {"name": "b"}]}, 1.0)
    assert len(seen) == 1
    assert part({**obs, "money": 4}, 1.0) == ["4 ['a', 'b'] 1.0"]
    assert part(obs, 2.0) == ["3 ['a', 'b'] 2.0"]
    assert len(seen) == 3
    # What the caller gets is its own copy: extending it leaves the kept drawing alone.
    part(obs, 1.0).append("more")
    assert part(obs, 1.0) == first


def test_a_whole_entry_and_one_of_its_fields_cannot_both_be_named() -> None:
    with pytest.raises(ValueError, match="already kept whole"):
        drawn_from("players", "players.name")(lambda obs: obs)
