"""The learned value's numbers: each seat's row says what the public table shows of it."""

from __future__ import annotations

import pytest
from builders import clear, new_state, place
from triumvirate_seats import CAESAR, CRASSUS, POMPEY

from alea.core.rng import make_rng
from alea.games.triumvirate import search
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.features import NAMES, SEAT_FEATURES, features

K = len(SEAT_FEATURES)
ROME = BOARD.rome


def own(row: list[float] | None, name: str) -> float:
    assert row is not None
    return row[NAMES.index(f"own_{name}")]


@pytest.mark.rule("TRI-10.1")
def test_every_seat_reads_the_same_public_table() -> None:
    """Nothing is hidden, so the rows are the same whoever determinizes the position."""
    state = new_state()
    rows = features(state)
    assert all(r is not None and len(r) == len(NAMES) for r in rows)
    for seat in range(3):
        assert features(state.determinize(seat, make_rng(seat))) == rows


@pytest.mark.rule("TRI-9.2")
def test_a_leader_holding_rome_shows_in_his_row_and_in_his_rivals_rows() -> None:
    state = new_state(first=CAESAR)
    clear(state)
    state.leader[CAESAR] = ROME
    place(state, ROME, CAESAR, 3)
    state.civil_war = True
    state.rome_turns[CAESAR] = 2
    rows = features(state)
    caesar, crassus = rows[CAESAR], rows[CRASSUS]
    assert own(caesar, "leader_in_rome") == 1.0
    assert own(caesar, "leader_far") == 0.0
    assert own(caesar, "in_rome") == 0.75
    assert own(caesar, "streak") == 0.5
    assert own(caesar, "to_move") == 1.0
    assert own(crassus, "to_move") == 0.0
    # Crassus's row shows Caesar as the seat after him (the order of play is Crassus, Caesar,
    # Pompey), Pompey's row as the seat after the next.
    assert crassus is not None
    assert rows[POMPEY] is not None
    assert crassus[K : 2 * K] == caesar[:K]  # type: ignore[index]
    assert rows[POMPEY][2 * K : 3 * K] == caesar[:K]  # type: ignore[index]
    assert caesar[NAMES.index("is_caesar")] == 1.0  # type: ignore[index]
    assert caesar[NAMES.index("civil_war")] == 1.0  # type: ignore[index]


@pytest.mark.rule("TRI-7.5")
def test_rival_troops_beside_a_lone_leader_are_his_danger() -> None:
    state = new_state()
    clear(state)
    lead = state.leader[CRASSUS]
    beside = next(n for n in BOARD.neighbours[lead] if BOARD.land[n])
    assert own(features(state)[CRASSUS], "danger") == 0.0
    place(state, beside, CAESAR, 4)
    assert own(features(state)[CRASSUS], "danger") == 0.5
    assert own(features(state)[CRASSUS], "guard") == 0.0
    place(state, lead, CRASSUS, 2)
    assert own(features(state)[CRASSUS], "guard") == 0.5


@pytest.mark.rule("TRI-7.4")
def test_a_fallen_leader_has_no_row_and_no_share_of_the_win() -> None:
    state = new_state()
    state.alive[POMPEY] = False
    state.leader[POMPEY] = -1
    rows = features(state)
    assert rows[POMPEY] is None
    shares = search.value(state)
    assert shares[POMPEY] == 0.0
    assert sum(shares) == pytest.approx(1.0)
    assert all(0.0 < shares[p] < 1.0 for p in (CRASSUS, CAESAR))


def test_the_learned_value_favours_the_leader_about_to_win_in_rome() -> None:
    state = new_state(first=CAESAR)
    base = search.value(state)
    state.leader[CAESAR] = ROME
    place(state, ROME, CAESAR, 4)
    state.civil_war = True
    state.rome_turns[CAESAR] = 3
    shares = search.value(state)
    assert shares[CAESAR] > base[CAESAR]
    assert shares[CAESAR] == max(shares)
