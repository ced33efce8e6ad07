from __future__ import annotations

import pytest

import alea


def test_players_may_be_given_as_text_from_the_command_line() -> None:
    assert alea.load("triumvirate", players="3").num_players == 3
    assert alea.load("triumvirate", players=3).num_players == 3


@pytest.mark.parametrize("players", [2, 4, "4"])
def test_other_player_counts_are_refused_by_name(players: object) -> None:
    with pytest.raises(alea.OptionError, match="exactly 3 players"):
        alea.load("triumvirate", players=players)


def test_option_values_out_of_range_are_named() -> None:
    with pytest.raises(alea.OptionError, match="stack_limit"):
        alea.load("triumvirate", stack_limit=9)


def test_options_are_complete_and_json_safe() -> None:
    game = alea.load("triumvirate", max_rounds="50")
    assert game.options["max_rounds"] == 50
    assert set(game.options) >= {"rome_turns_to_win", "stack_limit", "caesar_cisalpina"}
