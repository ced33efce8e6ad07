"""The HRE-15.5 variant: Faction points for the early choosers of a starting Area."""

from __future__ import annotations

import pytest
from hotre_builders import end_declaration, fresh, land

from alea.core.errors import OptionError
from alea.games.hotre import turns
from alea.games.hotre.actions import Pick
from alea.games.hotre.state import HotreState

STARTS = ("Italia", "Syria", "Macedonia", "Aquitania")


def choosing(seat: int, players: int, chosen: int, **options: object) -> HotreState:
    """``seat``'s first Faction turn, ready to choose, after ``chosen`` other Factions chose."""
    s = fresh(players, **options)
    taken = [-1] * s.seat_count
    others = [x for x in range(s.seat_count) if x != seat][:chosen]
    for other, name in zip(others, STARTS, strict=False):
        taken[other] = land(name)
    s.start_land = tuple(taken)
    turns.begin_faction(s, seat)
    end_declaration(s)
    return s


def choose(s: HotreState, seat: int, chosen: int) -> None:
    s.apply_action(Pick(seat, "start", land(STARTS[chosen])))


@pytest.mark.rule("HRE-15.5")
@pytest.mark.parametrize(
    ("players", "chosen", "points"),
    [(3, 0, 14), (3, 1, 7), (3, 2, 0), (4, 0, 21), (4, 3, 0), (2, 1, 14)],
)
def test_the_kth_chooser_scores_its_share_as_it_chooses(
    players: int, chosen: int, points: int
) -> None:
    s = choosing(1, players, chosen, choice_rvp=7)
    assert s.faction_points[1] == 0
    choose(s, 1, chosen)
    assert s.faction_points[1] == points  # (seats - k) * 7 for the k-th to choose
    logged = [e for e in s.points_log() if e.source == "choice"]
    assert [(e.seat, e.faction, e.points) for e in logged] == (
        [(1, True, points)] if points else []
    )


@pytest.mark.rule("HRE-15.5")
def test_by_the_rules_the_early_choosers_score_nothing() -> None:
    s = choosing(0, 3, 0)
    choose(s, 0, 0)
    assert s.faction_points[0] == 0
    assert not [e for e in s.points_log() if e.source == "choice"]


@pytest.mark.rule("HRE-15.5")
def test_a_negative_compensation_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="choice_rvp"):
        fresh(3, choice_rvp=-1)
