"""How many Legions a Faction starts with and may ever have (HRE-1.3, HRE-5.0, HRE-15.2)."""

from __future__ import annotations

import pytest
from hotre_builders import end_declaration, fresh

from alea.core.errors import OptionError
from alea.games.hotre import turns
from alea.games.hotre.game import HotreGame
from alea.games.hotre.state import HotreState


def first_faction_turn(players: int, emperor: int, **options: object) -> HotreState:
    """Seat 0's period-1 Faction turn under ``emperor``, its build done (HRE-5.0)."""
    s = fresh(players, **options)
    s.emperor_counter = (emperor, *s.emperor_counter[1:])
    turns.begin_faction(s, 0)
    end_declaration(s)
    return s


@pytest.mark.rule("HRE-15.2")
def test_three_players_crassus_gets_nine_plus_two() -> None:
    s = first_faction_turn(3, emperor=1)  # Crassus, +2 LEGION
    assert s.armies_to_place == 11
    assert s.legions_unused(0) == 1  # the three-player set holds 12


@pytest.mark.rule("HRE-15.2")
def test_three_players_without_a_bonus_start_with_nine() -> None:
    assert first_faction_turn(3, emperor=5).armies_to_place == 9


@pytest.mark.rule("HRE-5.0")
def test_four_players_crassus_gets_seven_plus_two() -> None:
    s = first_faction_turn(4, emperor=1)
    assert s.armies_to_place == 9
    assert s.legions_unused(0) == 1


@pytest.mark.rule("HRE-1.3")
def test_a_ten_counter_set_with_three_players_cuts_the_bonus() -> None:
    """The other reading, kept as an option: the published 10 Legions bind every player count."""
    s = first_faction_turn(3, emperor=1, legion_counters=10)
    assert s.armies_to_place == 10
    assert s.legions_unused(0) == 0


@pytest.mark.rule("HRE-1.3")
def test_the_legion_set_defaults_by_player_count() -> None:
    assert HotreGame(players=4).opts.legion_set(4) == 10
    assert HotreGame(players=2).opts.legion_set(4) == 10
    assert HotreGame(players=3).opts.legion_set(3) == 12
    assert HotreGame(players=3).options["legion_counters"] is None


@pytest.mark.rule("HRE-5.0")
def test_more_starting_legions_than_counters_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match=r"start_legions.*legion_counters.*HRE-5\.0"):
        HotreGame(players=4, start_legions=11)
    with pytest.raises(OptionError, match="legion_counters"):
        HotreGame(players=3, legion_counters=8)
    assert HotreGame(players=3, start_legions=11).opts.first_legions(3) == 11
