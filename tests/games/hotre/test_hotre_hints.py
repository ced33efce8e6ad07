"""Beside the HOTRE board on the play page: the player's panel, phase hints, dice, reasons."""

from __future__ import annotations

import random

import pytest
from hotre_builders import fresh, people_turn

from alea.games.hotre import hints
from alea.games.hotre.actions import Dice, Round
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.constants import STAGE_NAMES
from alea.games.hotre.state import HotreState
from alea.render import board_hints, latest_dice, why_not


def _dealt(seed: int = 5) -> HotreState:
    """A four-seat game played by chance up to the first counter a seat keeps or hands on."""
    s = fresh(4)
    rng = random.Random(seed)
    while s.is_chance_node():
        s.apply_action(s.sample_chance(rng))
    return s


def test_every_stage_has_a_hint_for_players() -> None:
    assert set(hints.STAGE_HINT) == set(STAGE_NAMES)
    assert all(line.endswith(".") and len(line) < 160 for line in hints.STAGE_HINT.values())
    assert board_hints("hotre").hint({"stage": "lootchoice"}) == hints.STAGE_HINT["lootchoice"]


@pytest.mark.rule("HRE-2.4")
def test_the_panel_lists_the_own_hand_with_effects_and_no_other_hand() -> None:
    s = _dealt()
    obs = s.observation(0)
    rows = board_hints("hotre").panel(obs, 0)
    labels = [row[0] for row in rows]
    for label in ("Period", "Points", "People", "Emperor", "Legions", "Events played", "Hand"):
        assert label in labels
    cards = [row for row in rows if row[0].startswith("Set ")]
    assert [row[1].split(" (")[0] for row in cards] == [DECK[c - 1].title for c in s.hands[0]]
    assert all(row[2] == DECK[c - 1].effect for row, c in zip(cards, s.hands[0], strict=True))
    others = {DECK[c - 1].title for t in (1, 2, 3) for c in s.hands[t]} - {
        DECK[c - 1].title for c in s.hands[0]
    }
    text = " ".join(" ".join(row) for row in rows)
    assert not [title for title in others if title in text]


@pytest.mark.rule("HRE-3.2")
def test_the_panel_names_the_counter_just_drawn_only_for_its_drawer() -> None:
    s = _dealt()
    drawer = s.player
    mine = dict(r[:2] for r in hints.panel(s.observation(drawer), drawer))
    assert mine["You drew"].startswith("People ")
    other = (drawer + 1) % 4
    assert "You drew" not in dict(r[:2] for r in hints.panel(s.observation(other), other))


@pytest.mark.rule("HRE-15.1")
def test_with_two_players_the_panel_covers_both_seats() -> None:
    s = fresh(2)
    rng = random.Random(2)
    while s.is_chance_node():
        s.apply_action(s.sample_chance(rng))
    labels = [row[0] for row in hints.panel(s.observation(0), 0)]
    assert "Seat 1: Points" in labels
    assert "Seat 3: Points" in labels


@pytest.mark.rule("HRE-1.4")
def test_a_dice_total_is_shown_as_a_die_and_a_round_by_its_winner() -> None:
    assert hints.dice_of(Dice(9)) == {"dice": [9], "sides": 0, "text": "the dice's total"}
    won = hints.dice_of(Round(False, True))
    assert won is not None
    assert won["dice"] == []
    assert "defender wins" in won["text"]
    assert "triples" in won["text"]
    assert latest_dice("hotre", [Dice(4), Round(True, False)]) == {
        "dice": [],
        "sides": 6,
        "text": "battle round: the attacker wins",
        "ago": 0,
    }


@pytest.mark.rule("HRE-4.8")
def test_a_click_on_a_land_a_new_people_cannot_reach_says_why() -> None:
    s = people_turn(seat=0, number=1, period=1)
    s.apply_action(next(a for a in s.legal_actions() if "end the event declaration" in str(a)))
    assert s.observation(0)["stage"] == "expand"
    far = BOARD.lands[BOARD.index("Aegyptus")].name
    assert far not in [str(a) for a in s.legal_actions()]
    refusal = why_not("hotre", s, 0, far, None)
    assert refusal.rule == "HRE-4.8"
    assert "Aegyptus" in str(refusal)


def test_places_read_as_a_player_names_them() -> None:
    assert hints.place_name("area:Italia") == "the Area Italia"
    assert hints.place_name("people:galli") == "the Galli"
    assert hints.place_name("Dacia") == "Dacia"
    assert hints.attempts({"stage": "expand"}, 0, "area:Italia", None) == []
