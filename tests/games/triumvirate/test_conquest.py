"""TRI-5 and TRI-6: collecting conquest, triumphs in Rome, and the civil war that ends them."""

from __future__ import annotations

import pytest
from builders import apply, end_turn, hx, new_state, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

from alea.games.triumvirate.actions import Clash, Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import LEADER, MOVE

ROMA = BOARD.rome
START = {CRASSUS: "Antiochia", CAESAR: "Bibracte", POMPEY: "Carthago Nova"}


# -- TRI-5.1 collecting -----------------------------------------------------------------------


@pytest.mark.rule("TRI-5.1")
@pytest.mark.rule("TRI-6.1")
def test_the_game_begins_in_the_conquest_phase() -> None:
    state = new_state(CRASSUS)
    assert not state.civil_war
    assert Decide(CRASSUS, "collect") in state.legal_actions()


@pytest.mark.rule("TRI-5.1")
@pytest.mark.parametrize(("seat", "gain"), [(CRASSUS, 2), (CAESAR, 1), (POMPEY, 1)])
def test_a_leader_in_his_zone_collects_conquest(seat: int, gain: int) -> None:
    state = new_state(seat)  # every leader starts inside his own zone
    assert Decide(seat, "collect") in state.legal_actions()
    apply(state, Decide(seat, "collect"))
    assert state.conquests[seat] == gain
    assert [state.conquests[s] for s in range(3) if s != seat] == [0, 0]


@pytest.mark.rule("TRI-5.1")
def test_collecting_replaces_the_leaders_move_not_the_troops() -> None:
    state = new_state(CAESAR)
    bibracte = hx("Bibracte")
    apply(state, Decide(CAESAR, "collect"))
    assert state.stage == MOVE
    assert state.moves_left == 0
    assert not any(isinstance(a, March) for a in state.legal_actions())
    refused(state, March(CAESAR, hx("Alesia")), "TRI-4.1")
    apply(state, Move(CAESAR, bibracte, hx("Alesia")))
    assert state.leader[CAESAR] == bibracte


@pytest.mark.rule("TRI-5.1")
@pytest.mark.parametrize(
    ("seat", "where"),
    [(CAESAR, "Carthago Nova"), (POMPEY, "Bibracte"), (CRASSUS, "Byzantium"), (CAESAR, "Roma")],
)
def test_no_collecting_outside_ones_own_zone(seat: int, where: str) -> None:
    state = position(seat, leaders={seat: where})
    assert Decide(seat, "collect") not in state.legal_actions()
    refused(state, Decide(seat, "collect"), "TRI-5.1")


@pytest.mark.rule("TRI-5.1")
def test_crassus_conquests_option() -> None:
    state = new_state(CRASSUS, crassus_conquests=3)
    apply(state, Decide(CRASSUS, "collect"))
    assert state.conquests[CRASSUS] == 3


@pytest.mark.rule("TRI-1.6")
@pytest.mark.rule("TRI-5.1")
def test_caesar_collects_in_cisalpina_only_in_the_variant() -> None:
    state = position(CAESAR, leaders={CAESAR: "Mediolanum"})
    refused(state, Decide(CAESAR, "collect"), "TRI-5.1")
    state = position(CAESAR, leaders={CAESAR: "Mediolanum"}, caesar_cisalpina=True)
    apply(state, Decide(CAESAR, "collect"))
    assert state.conquests[CAESAR] == 1
    # The variant gives Cisalpina to Caesar alone.
    state = position(POMPEY, leaders={POMPEY: "Mediolanum"}, caesar_cisalpina=True)
    refused(state, Decide(POMPEY, "collect"), "TRI-5.1")


# -- TRI-5.2 the cap --------------------------------------------------------------------------


@pytest.mark.rule("TRI-5.2")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR, POMPEY])
def test_collecting_is_refused_at_four(seat: int) -> None:
    conquests = [0, 0, 0]
    conquests[seat] = 4
    state = position(seat, leaders={seat: START[seat]}, conquests=conquests)
    assert Decide(seat, "collect") not in state.legal_actions()
    refused(state, Decide(seat, "collect"), "TRI-5.2")


@pytest.mark.rule("TRI-5.2")
def test_caesar_reaches_four_one_at_a_time() -> None:
    state = position(CAESAR, leaders={CAESAR: "Bibracte"}, conquests=[0, 3, 0])
    apply(state, Decide(CAESAR, "collect"))
    assert state.conquests[CAESAR] == 4


@pytest.mark.rule("TRI-5.2")
def test_crassus_holding_three_loses_the_extra_token() -> None:
    state = position(CRASSUS, leaders={CRASSUS: "Antiochia"}, conquests=[3, 0, 0])
    apply(state, Decide(CRASSUS, "collect"))
    assert state.conquests[CRASSUS] == 4


@pytest.mark.rule("TRI-5.2")
def test_max_conquests_option() -> None:
    state = position(CAESAR, leaders={CAESAR: "Bibracte"}, conquests=[0, 4, 0], max_conquests=6)
    apply(state, Decide(CAESAR, "collect"))
    assert state.conquests[CAESAR] == 5
    state = position(CRASSUS, leaders={CRASSUS: "Antiochia"}, conquests=[5, 0, 0], max_conquests=6)
    apply(state, Decide(CRASSUS, "collect"))
    assert state.conquests[CRASSUS] == 6


# -- TRI-5.3 triumphs -------------------------------------------------------------------------


@pytest.mark.rule("TRI-5.3")
def test_a_triumph_turns_conquests_into_popularity() -> None:
    state = position(CAESAR, leaders={CAESAR: ROMA}, conquests=[1, 3, 0], popularity=[0, 2, 0])
    assert Decide(CAESAR, "parade") in state.legal_actions()
    apply(state, Decide(CAESAR, "parade"))
    assert state.conquests == [1, 0, 0]
    assert state.popularity == [0, 5, 0]
    # the triumph replaced the leader's move
    assert state.moves_left == 0
    refused(state, March(CAESAR, hx("Capua")), "TRI-4.1")
    # popularity is public and kept for the rest of the game
    for viewer in (None, CRASSUS, CAESAR, POMPEY):
        assert state.observation(viewer)["players"][CAESAR]["popularity"] == 5
    apply(state, Decide(CAESAR, "end"))
    end_turn(state)
    end_turn(state)
    assert state.popularity == [0, 5, 0]


@pytest.mark.rule("TRI-5.3")
@pytest.mark.rule("TRI-6.1")
def test_march_to_rome_then_parade_next_turn() -> None:
    state = position(CAESAR, leaders={CAESAR: "Arretium"}, conquests=[0, 2, 0])
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1), March(CAESAR, ROMA), Decide(CAESAR, "end"))
    assert not state.civil_war  # a leader is not a troop
    end_turn(state)
    end_turn(state)
    apply(state, Decide(CAESAR, "parade"))
    assert (state.conquests[CAESAR], state.popularity[CAESAR]) == (0, 2)


@pytest.mark.rule("TRI-5.3")
def test_a_triumph_is_held_in_rome_only() -> None:
    state = position(CAESAR, leaders={CAESAR: "Capua"}, conquests=[0, 2, 0])
    assert Decide(CAESAR, "parade") not in state.legal_actions()
    refused(state, Decide(CAESAR, "parade"), "TRI-5.3")


@pytest.mark.rule("TRI-5.3")
def test_a_triumph_without_conquests_is_refused() -> None:
    state = position(CAESAR, leaders={CAESAR: ROMA}, popularity=[0, 2, 0])
    assert Decide(CAESAR, "parade") not in state.legal_actions()
    refused(state, Decide(CAESAR, "parade"), "TRI-5.3")


# -- TRI-6.1 the civil war --------------------------------------------------------------------


@pytest.mark.rule("TRI-6.1")
def test_a_troop_entering_italy_starts_the_civil_war_at_once() -> None:
    state = position(CAESAR, troops={"Luca": (CAESAR, 2)})
    apply(state, Decide(CAESAR, "stay"))
    apply(state, Move(CAESAR, hx("Luca"), hx("Ravenna")))  # still Cisalpina
    assert not state.civil_war
    apply(state, Move(CAESAR, hx("Luca"), hx("Arretium")))
    assert state.civil_war
    assert state.stage == MOVE  # mid-movement: it began the moment the troop entered


@pytest.mark.rule("TRI-6.1")
def test_an_attack_into_italy_starts_it_even_if_the_troop_dies() -> None:
    state = position(CAESAR, troops={"Luca": (CAESAR, 1), "Arretium": (ROME, 2)})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, hx("Luca"), hx("Arretium")))
    assert state.civil_war
    apply(state, Decide(CAESAR, "end"), Clash(1, 6))
    assert (state.owner[hx("Arretium")], state.troops[CAESAR]) == (ROME, 0)
    assert state.civil_war


@pytest.mark.rule("TRI-6.1")
def test_leaders_walk_into_italy_and_rome_without_starting_it() -> None:
    state = position(CAESAR, leaders={CAESAR: "Ravenna"})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 3))
    apply(state, March(CAESAR, hx("Arretium")), March(CAESAR, ROMA), March(CAESAR, hx("Capua")))
    apply(state, Decide(CAESAR, "end"))
    assert not state.civil_war


@pytest.mark.rule("TRI-6.1")
def test_the_civil_war_is_for_good() -> None:
    state = position(CAESAR, troops={"Luca": (CAESAR, 1)})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, hx("Luca"), hx("Arretium")))
    apply(state, Decide(CAESAR, "end"))
    end_turn(state)
    end_turn(state)
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, hx("Arretium"), hx("Luca")))
    apply(state, Decide(CAESAR, "end"))
    assert not any(state.owner[h] >= 0 for h in BOARD.italy)
    assert state.civil_war


@pytest.mark.rule("TRI-6.1")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR, POMPEY])
def test_no_conquests_are_collected_once_civil_war_begins(seat: int) -> None:
    state = position(
        seat, leaders={seat: START[seat]}, conquests=[1, 1, 1], popularity=[2, 2, 2], civil_war=True
    )
    assert state.stage == LEADER
    assert Decide(seat, "collect") not in state.legal_actions()
    refused(state, Decide(seat, "collect"), "TRI-6.1")


@pytest.mark.rule("TRI-6.1")
def test_no_triumphs_once_civil_war_begins_and_tokens_are_worthless() -> None:
    state = position(
        CAESAR, leaders={CAESAR: ROMA}, conquests=[0, 3, 0], popularity=[0, 2, 0], civil_war=True
    )
    assert Decide(CAESAR, "parade") not in state.legal_actions()
    refused(state, Decide(CAESAR, "parade"), "TRI-6.1")
    assert state.legal_actions() == [Decide(CAESAR, "roll"), Decide(CAESAR, "stay")]
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.popularity[CAESAR] == 2  # popularity is kept


@pytest.mark.rule("TRI-6.1")
@pytest.mark.rule("TRI-1.2")
@pytest.mark.parametrize(
    ("src", "to"),
    [("Panormus", "Messana"), ("Aleria", "Carales"), ("Mediolanum", "Verona"), ("Genua", "Luca")],
)
def test_provinces_outside_italy_do_not_start_it(src: str, to: str) -> None:
    state = position(CAESAR, troops={src: (CAESAR, 1)})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, hx(src), hx(to)), Decide(CAESAR, "end"))
    assert state.owner[hx(to)] == CAESAR
    assert not state.civil_war


@pytest.mark.rule("TRI-6.1")
@pytest.mark.rule("TRI-1.1")
def test_crossing_messina_into_italy_starts_it() -> None:
    state = position(CAESAR, troops={"Messana": (CAESAR, 1)})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, hx("Messana"), hx("Croton")))
    assert state.civil_war
