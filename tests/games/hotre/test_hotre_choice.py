"""The HRE-15.5 variant: Faction points at the end for the early choosers of a starting Area."""

from __future__ import annotations

import pytest
from hotre_builders import end_declaration, fresh, land

import alea
from alea.agents import make
from alea.core.errors import OptionError
from alea.games.hotre import turns
from alea.games.hotre.actions import Pick
from alea.games.hotre.state import HotreState


def one_period(players: int, choice_rvp: int) -> tuple[list[int], HotreState]:
    """A seeded one-period game of heuristic bots: who chose, in order, and the end."""
    game = alea.load("hotre", players=players, last_period=1, choice_rvp=choice_rvp)
    record = alea.play(game, [make("heuristic")] * game.num_players, seed=3)
    state = alea.replay(record)
    assert isinstance(state, HotreState)
    chosen = [a["seat"] for a in record.actions if a["type"] == "pick" and a["verb"] == "start"]
    return chosen, state


@pytest.mark.rule("HRE-15.5")
@pytest.mark.parametrize("players", [3, 2])
def test_the_kth_chooser_scores_its_share_at_the_end(players: int) -> None:
    chosen, plain = one_period(players, 0)
    again, state = one_period(players, 7)
    assert again == chosen  # the points come at the end: the game is the same until then
    assert state.history() == plain.history()
    seats = state.seat_count
    assert len(chosen) == seats
    for k, seat in enumerate(chosen):
        gain = (seats - 1 - k) * 7  # the first to choose scores most, the last nothing
        assert state.faction_points[seat] == plain.faction_points[seat] + gain
    logged = [(e.seat, e.points) for e in state.points_log() if e.source == "choice"]
    assert logged == [(seat, (seats - 1 - k) * 7) for k, seat in enumerate(chosen[:-1])]
    assert not [e for e in plain.points_log() if e.source == "choice"]


@pytest.mark.rule("HRE-15.5")
def test_choosing_early_scores_nothing_before_the_end() -> None:
    s = fresh(3, choice_rvp=7)
    turns.begin_faction(s, 0)
    end_declaration(s)
    s.apply_action(Pick(0, "start", land("Italia")))
    assert s.faction_points[0] == 0  # the drawing order of the next period never sees them


@pytest.mark.rule("HRE-15.5")
def test_a_negative_compensation_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="choice_rvp"):
        fresh(3, choice_rvp=-1)


@pytest.mark.rule("HRE-15.5")
def test_the_flat_form_gives_every_chooser_but_the_last_the_same() -> None:
    game = alea.load("hotre", players=3, last_period=1, choice_rvp=7, choice_rvp_form="flat")
    record = alea.play(game, [make("heuristic")] * 3, seed=3)
    state = alea.replay(record)
    assert isinstance(state, HotreState)
    chosen, plain = one_period(3, 0)
    assert state.history() == plain.history()
    for k, seat in enumerate(chosen):
        gain = 7 if k < 2 else 0
        assert state.faction_points[seat] == plain.faction_points[seat] + gain
    logged = [(e.seat, e.points) for e in state.points_log() if e.source == "choice"]
    assert logged == [(chosen[0], 7), (chosen[1], 7)]


def test_an_unknown_form_is_refused_with_its_choices() -> None:
    with pytest.raises(OptionError, match="choice_rvp_form"):
        fresh(3, choice_rvp=5, choice_rvp_form="steep")
