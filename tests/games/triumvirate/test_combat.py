"""TRI-7: combat — when battles happen, the dice, fighting to the end, and leaders' deaths."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from builders import apply, check_invariants, end_turn, hx, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

import alea
from alea.games.triumvirate.actions import Clash, Decide, March, Move, Roll
from alea.games.triumvirate.combat import (
    battle_odds,
    clash_table,
    expected_survivors,
    highest_die,
    round_odds,
)
from alea.games.triumvirate.state import BATTLE, LEADER, MOVE, TriumvirateState

# Open land north of the Alps; B, C, D, E run west to east, N1 and N2 lie north of C.
A, B, C, D, E = hx("12,2"), hx("13,2"), hx("14,2"), hx("15,2"), hx("16,2")
N1, N2 = hx("13,1"), hx("14,1")
FAR = hx("20,0")

# -- the exact odds, against brute force ------------------------------------------------------


def dice(troops: int, leader: bool) -> list[range]:
    return [range(1, 7)] * troops + ([range(1, 9)] if leader else [])


def brute_highest(troops: int, leader: bool) -> dict[int, Fraction]:
    rolls = list(product(*dice(troops, leader)))
    counts = Counter(max(r) for r in rolls)
    return {k: Fraction(n, len(rolls)) for k, n in counts.items()}


def brute_round(att: int, al: bool, dfn: int, dl: bool) -> dict[tuple[int, int], Fraction]:
    """P(attacker's highest, defender's highest), enumerating every die of both sides."""
    a_rolls = list(product(*dice(att, al)))
    d_rolls = list(product(*dice(dfn, dl)))
    counts = Counter((max(a), max(d)) for a in a_rolls for d in d_rolls)
    total = len(a_rolls) * len(d_rolls)
    return {pair: Fraction(n, total) for pair, n in counts.items()}


def chain_battle(att: int, al: bool, dfn: int, dl: bool) -> tuple[Fraction, Fraction]:
    """Win chance and expected survivors, by pushing probability mass through the rounds."""
    mass = {(att, dfn): Fraction(1)}
    win = survivors = Fraction(0)
    while mass:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (a, d), m in mass.items():
            if d == 0:
                win += m
                survivors += m * a
                continue
            if a == 0:
                continue
            joint = brute_round(a, al, d, dl)
            p = sum((q for (i, j), q in joint.items() if i > j), Fraction(0))
            nxt[a, d - 1] = nxt.get((a, d - 1), Fraction(0)) + m * p
            nxt[a - 1, d] = nxt.get((a - 1, d), Fraction(0)) + m * (1 - p)
        mass = nxt
    return win, survivors


@pytest.mark.rule("TRI-7.2")
def test_one_die_against_one_die() -> None:
    assert round_odds(1, False, 1, False) == Fraction(15, 36)
    assert brute_round(1, False, 1, False)[(2, 1)] == Fraction(1, 36)
    assert battle_odds(1, False, 1, False) == Fraction(15, 36)


@pytest.mark.rule("TRI-7.2")
@pytest.mark.parametrize("troops", [1, 2, 3, 4])
@pytest.mark.parametrize("leader", [False, True])
def test_highest_die_matches_enumeration(troops: int, leader: bool) -> None:
    brute = brute_highest(troops, leader)
    exact = highest_die(troops, leader)
    assert len(exact) == 9
    assert {k: p for k, p in enumerate(exact) if p} == brute
    assert sum(exact) == 1


SMALL = [
    (1, False, 1, False),
    (2, False, 1, False),
    (1, False, 2, False),
    (1, True, 1, False),
    (1, False, 1, True),
    (2, True, 2, False),
    (2, False, 2, True),
    (1, True, 1, True),
    (3, False, 2, True),
]


@pytest.mark.rule("TRI-7.2")
@pytest.mark.parametrize(("att", "al", "dfn", "dl"), SMALL)
def test_round_odds_and_clash_table_match_enumeration(
    att: int, al: bool, dfn: int, dl: bool
) -> None:
    joint = brute_round(att, al, dfn, dl)
    assert round_odds(att, al, dfn, dl) == sum(p for (i, j), p in joint.items() if i > j)
    outcomes, probs, cum = clash_table(att, al, dfn, dl)
    assert {(c.attacker, c.defender): p for c, p in zip(outcomes, probs, strict=True)} == {
        pair: pytest.approx(float(p), rel=1e-12) for pair, p in joint.items()
    }
    assert sum(probs) == pytest.approx(1, abs=1e-12)
    assert cum[-1] == 1.0
    assert list(cum) == sorted(cum)


@pytest.mark.rule("TRI-7.2")
@pytest.mark.parametrize("att", [1, 2, 3, 4])
@pytest.mark.parametrize("dfn", [1, 2, 3, 4])
@pytest.mark.parametrize(("al", "dl"), [(False, False), (True, False), (False, True), (True, True)])
def test_every_clash_table_sums_to_one(att: int, dfn: int, al: bool, dl: bool) -> None:
    _, probs, _ = clash_table(att, al, dfn, dl)
    assert sum(probs) == pytest.approx(1, abs=1e-12)
    a = highest_die(att, al)
    d = highest_die(dfn, dl)
    assert sum(a[i] * d[j] for i in range(9) for j in range(9)) == 1


@pytest.mark.rule("TRI-7.3")
@pytest.mark.parametrize(
    ("att", "al", "dfn", "dl"),
    [(1, False, 1, False), (2, False, 1, False), (1, True, 2, False), (2, False, 2, True)],
)
def test_battle_odds_match_a_round_by_round_chain(att: int, al: bool, dfn: int, dl: bool) -> None:
    win, survivors = chain_battle(att, al, dfn, dl)
    assert battle_odds(att, al, dfn, dl) == win
    assert expected_survivors(att, al, dfn, dl) == survivors
    assert battle_odds(att, al, 0, dl) == 1
    assert battle_odds(0, al, dfn, dl) == 0


# -- TRI-7.1 when battles happen --------------------------------------------------------------


@pytest.mark.rule("TRI-7.1")
def test_a_troop_entering_enemy_troops_attacks_and_stops() -> None:
    state = position(CAESAR, troops={B: (CAESAR, 2), C: (POMPEY, 1)}, leaders={POMPEY: FAR})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, B, C))
    assert (state.owner[C], state.count[C]) == (POMPEY, 1)  # not taken yet
    assert state.attack == {C: 1}
    assert state.count[B] == 1
    refused(state, Move(CAESAR, C, D), "TRI-4.2")  # its move ended there
    check_invariants(state)
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == BATTLE
    assert state.battle is not None
    assert state.battle[:6] == [C, 1, 0, POMPEY, 1, 0]


@pytest.mark.rule("TRI-7.1")
def test_battles_are_fought_one_hex_at_a_time_the_leaders_last() -> None:
    # The leader joins the attack on the lower-numbered hex, so plain hex order would fight
    # his battle first.
    assert N1 < D
    state = position(
        CAESAR,
        troops={C: (CAESAR, 3), N1: (ROME, 1), D: (ROME, 1)},
        leaders={CAESAR: C},
    )
    apply(state, Decide(CAESAR, "roll"), Roll(6, 3))
    apply(state, Move(CAESAR, C, N1), Move(CAESAR, C, D), March(CAESAR, N1))
    assert state.moves_left == 0  # he joined the battle and stopped
    apply(state, Decide(CAESAR, "end"))
    assert state.battle is not None
    assert (state.battle[0], state.battle[2]) == (D, 0)
    apply(state, Clash(6, 1))
    assert state.stage == BATTLE
    assert (state.battle[0], state.battle[2]) == (N1, 1)
    assert state.owner[D] == CAESAR
    apply(state, Clash(7, 1))
    assert state.stage == LEADER
    assert state.owner[N1] == CAESAR


@pytest.mark.rule("TRI-7.1")
def test_a_lone_leader_may_not_enter_enemy_player_troops() -> None:
    state = position(CAESAR, troops={C: (POMPEY, 1), D: (CAESAR, 1)}, leaders={CAESAR: B})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 4))
    assert March(CAESAR, C) not in state.legal_actions()
    refused(state, March(CAESAR, C), "TRI-7.1")
    # ... until his own troops attack the hex: then he may join them, and stops there.
    apply(state, Move(CAESAR, D, C))
    assert March(CAESAR, C) in state.legal_actions()
    apply(state, March(CAESAR, C))
    assert (state.leader[CAESAR], state.moves_left) == (C, 0)
    assert not any(isinstance(a, March) for a in state.legal_actions())
    with pytest.raises(alea.IllegalActionError):
        state.apply_action(March(CAESAR, B))


@pytest.mark.rule("TRI-7.1")
def test_a_leader_who_joined_a_battle_is_held_there_by_tri_7_1() -> None:
    state = position(CAESAR, troops={C: (POMPEY, 1), D: (CAESAR, 1)}, leaders={CAESAR: B})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 4), Move(CAESAR, D, C), March(CAESAR, C))
    refused(state, March(CAESAR, B), "TRI-7.1")


@pytest.mark.rule("TRI-7.1")
@pytest.mark.rule("TRI-7.5")
def test_a_leader_among_romans_joins_when_his_troops_attack_them() -> None:
    state = position(CAESAR, troops={C: (ROME, 1), D: (CAESAR, 1)}, leaders={CAESAR: B})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 4), March(CAESAR, C))
    assert state.moves_left == 3  # entering Romans alone is no battle
    apply(state, Move(CAESAR, D, C))
    refused(state, March(CAESAR, B), "TRI-7.1")
    apply(state, Decide(CAESAR, "end"))
    assert state.battle is not None
    assert state.battle[2] == 1


# -- TRI-7.2 a round --------------------------------------------------------------------------


def battle_position(
    att: int,
    att_leader: bool,
    dfn: int,
    def_leader: bool,
    defender: int = POMPEY,
    extra: dict[str | int, tuple[int, int]] | None = None,
) -> TriumvirateState:
    """Caesar has just ended his movement with ``att`` troops attacking C."""
    troops = {B: (CAESAR, att), C: (defender, dfn), FAR: (CAESAR, 1), **(extra or {})}
    leaders = {CAESAR: B if att_leader else N2, POMPEY: C if def_leader else hx("20,1")}
    state = position(CAESAR, troops=troops, leaders=leaders)
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1))
    for _ in range(att):
        apply(state, Move(CAESAR, B, C))
    if att_leader:
        apply(state, March(CAESAR, C))
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == BATTLE
    return state


@pytest.mark.rule("TRI-7.2")
@pytest.mark.parametrize(
    ("att_leader", "def_leader"), [(False, False), (True, False), (True, True)]
)
def test_a_round_is_the_pair_of_highest_dice(att_leader: bool, def_leader: bool) -> None:
    state = battle_position(2, att_leader, 3, def_leader)
    outcomes = state.chance_outcomes()
    expected_actions, expected_probs, _ = clash_table(2, att_leader, 3, def_leader)
    assert [a for a, _ in outcomes] == list(expected_actions)
    assert [p for _, p in outcomes] == list(expected_probs)
    assert max(a.attacker for a, _ in outcomes) == (8 if att_leader else 6)
    assert max(a.defender for a, _ in outcomes) == (8 if def_leader else 6)


@pytest.mark.rule("TRI-7.2")
def test_a_leader_die_is_only_possible_with_the_leader_present() -> None:
    state = battle_position(2, False, 2, False)
    refused(state, Clash(7, 1), "TRI-7.2")
    refused(state, Clash(1, 8), "TRI-7.2")
    state = battle_position(2, True, 2, False)
    refused(state, Clash(1, 7), "TRI-7.2")
    apply(state, Clash(7, 1))


@pytest.mark.rule("TRI-7.2")
def test_the_lower_side_loses_a_troop_and_the_defender_wins_ties() -> None:
    state = battle_position(2, False, 2, False)
    assert state.battle is not None
    apply(state, Clash(4, 4))
    assert (state.battle[1], state.battle[4]) == (1, 2)
    apply(state, Clash(5, 4))
    assert (state.battle[1], state.battle[4]) == (1, 1)
    apply(state, Clash(2, 3))
    assert state.battle is None
    assert (state.owner[C], state.count[C]) == (POMPEY, 1)


# -- TRI-7.3 to the end -----------------------------------------------------------------------


@pytest.mark.rule("TRI-7.3")
def test_rounds_repeat_until_the_defenders_fall_and_survivors_occupy() -> None:
    state = battle_position(3, False, 2, False, defender=ROME)
    before = list(state.troops)
    apply(state, Clash(6, 1))
    assert state.stage == BATTLE
    # no retreat: nothing but the next round
    refused(state, Decide(CAESAR, "end"), "TRI-3.3")
    refused(state, Move(CAESAR, C, B), "TRI-3.3")
    apply(state, Clash(3, 3), Clash(6, 5))
    assert state.battle is None
    assert (state.owner[C], state.count[C]) == (CAESAR, 2)
    assert state.troops[CAESAR] == before[CAESAR] - 1
    assert state.troops[ROME] == before[ROME] - 2
    check_invariants(state)


@pytest.mark.rule("TRI-7.3")
def test_a_repelled_attack_leaves_the_reduced_defenders() -> None:
    state = battle_position(1, False, 3, False, defender=ROME)
    before = list(state.troops)
    apply(state, Clash(6, 1), Clash(2, 2))
    assert state.battle is None
    assert (state.owner[C], state.count[C]) == (ROME, 2)
    assert state.troops[CAESAR] == before[CAESAR] - 1
    assert state.troops[ROME] == before[ROME] - 1
    assert state.current_player() == POMPEY
    check_invariants(state)


@pytest.mark.rule("TRI-7.3")
@pytest.mark.rule("TRI-7.4")
def test_a_leader_die_alone_does_not_keep_a_side_in_battle() -> None:
    state = battle_position(1, True, 2, False, defender=ROME)
    apply(state, Clash(8, 1))
    assert state.stage == BATTLE
    apply(state, Clash(2, 6))  # his last troop falls; his d8 cannot fight on alone
    assert state.battle is None
    assert not state.alive[CAESAR]
    assert state.current_player() == POMPEY


# -- TRI-7.4 death of a leader ----------------------------------------------------------------


@pytest.mark.rule("TRI-7.4")
def test_a_fallen_attacker_is_out_and_his_troops_turn_roman() -> None:
    state = battle_position(1, True, 1, False)
    elsewhere = state.count[FAR]
    roman_before = state.troops[ROME]
    apply(state, Clash(6, 6))
    assert not state.alive[CAESAR]
    assert state.leader[CAESAR] == -1
    assert state.troops[CAESAR] == 0
    assert not state.holdings[CAESAR]
    assert (state.owner[FAR], state.count[FAR]) == (ROME, elsewhere)
    assert state.troops[ROME] == roman_before + elsewhere
    assert (state.owner[C], state.count[C]) == (POMPEY, 1)
    assert not state.is_terminal()
    check_invariants(state)
    # his seat is skipped from now on
    assert state.current_player() == POMPEY
    end_turn(state)
    assert state.current_player() == CRASSUS
    end_turn(state)
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-7.4")
def test_a_defending_leader_falls_with_his_troops() -> None:
    pompey_elsewhere = hx("Gades")
    state = battle_position(2, False, 1, True, extra={pompey_elsewhere: (POMPEY, 2)})
    apply(state, Clash(6, 8))
    assert state.alive[POMPEY]  # the defence held this round
    apply(state, Clash(6, 5))
    assert not state.alive[POMPEY]
    assert (state.owner[C], state.count[C]) == (CAESAR, 1)
    assert (state.owner[pompey_elsewhere], state.count[pompey_elsewhere]) == (ROME, 2)
    assert state.troops[POMPEY] == 0
    check_invariants(state)


@pytest.mark.rule("TRI-7.4")
def test_a_defending_leader_survives_a_repelled_attack() -> None:
    state = battle_position(1, False, 1, True)
    apply(state, Clash(5, 7))
    assert state.alive[POMPEY]
    assert state.leader[POMPEY] == C
    assert (state.owner[C], state.count[C]) == (POMPEY, 1)


# -- TRI-7.5 lone leaders ---------------------------------------------------------------------


@pytest.mark.rule("TRI-7.5")
@pytest.mark.parametrize("civil_war", [False, True])
def test_roman_troops_never_fight_a_lone_leader(civil_war: bool) -> None:
    state = position(CAESAR, troops={C: (ROME, 3)}, leaders={CAESAR: B}, civil_war=civil_war)
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1))
    assert March(CAESAR, C) in state.legal_actions()
    apply(state, March(CAESAR, C), Decide(CAESAR, "end"))
    assert state.alive[CAESAR]
    assert (state.leader[CAESAR], state.owner[C], state.count[C]) == (C, ROME, 3)
    assert state.current_player() == POMPEY  # no battle, no popularity to roll with
    end_turn(state)
    end_turn(state)
    assert state.alive[CAESAR]


def pompey_onto_lone_caesar(troops: dict[int, tuple[int, int]]) -> TriumvirateState:
    """Pompey's turn, his leader far off: he stays and moves a troop from B into C, where
    Caesar's leader stands with no troop of his own; ``troops`` as ``position`` takes them."""
    state = position(POMPEY, troops=troops, leaders={CAESAR: C, POMPEY: hx("20,1")})
    return apply(state, Decide(POMPEY, "stay"), Move(POMPEY, B, C))


@pytest.mark.rule("TRI-7.5")
def test_a_lone_leader_caught_by_enemy_troops_falls_after_the_battles() -> None:
    state = pompey_onto_lone_caesar({B: (POMPEY, 1), FAR: (CAESAR, 2)})
    assert state.owner[C] == POMPEY
    assert state.alive[CAESAR]  # not yet: the catch is judged after the battles
    apply(state, Decide(POMPEY, "end"))
    assert not state.alive[CAESAR]
    assert state.owner[FAR] == ROME
    assert state.current_player() == CRASSUS
    check_invariants(state)


@pytest.mark.rule("TRI-7.5")
def test_a_lone_leader_among_romans_falls_if_another_player_takes_the_hex() -> None:
    state = pompey_onto_lone_caesar({B: (POMPEY, 2), C: (ROME, 1)})
    apply(state, Decide(POMPEY, "end"))
    assert state.battle is not None
    assert (state.battle[3], state.battle[5]) == (ROME, 0)  # Caesar is not in the battle
    apply(state, Clash(6, 2))
    assert state.owner[C] == POMPEY
    assert not state.alive[CAESAR]


@pytest.mark.rule("TRI-7.5")
def test_a_lone_leader_among_romans_survives_if_they_hold() -> None:
    state = pompey_onto_lone_caesar({B: (POMPEY, 1), C: (ROME, 1)})
    apply(state, Decide(POMPEY, "end"), Clash(2, 2))
    assert state.owner[C] == ROME
    assert state.alive[CAESAR]


# -- TRI-7.6 Roman troops ---------------------------------------------------------------------


@pytest.mark.rule("TRI-7.6")
def test_roman_troops_never_move_nor_attack() -> None:
    state = position(
        CRASSUS,
        troops={C: (ROME, 2), D: (CRASSUS, 1), N1: (CAESAR, 1), FAR: (POMPEY, 1)},
        leaders={CRASSUS: E, CAESAR: A, POMPEY: hx("20,1")},
        civil_war=True,
    )
    before = (state.owner[:], state.count[:])
    for _ in range(6):  # two full rounds in which nobody touches them
        seat = state.current_player()
        assert seat in (CRASSUS, CAESAR, POMPEY)
        apply(state, Decide(seat, "stay"))
        assert state.stage == MOVE
        assert all(a.src != C for a in state.legal_actions() if isinstance(a, Move))
        refused(state, Move(seat, C, B), "TRI-4.2")
        apply(state, Decide(seat, "end"))
    assert (state.owner, state.count) == before
    assert all(state.alive)


@pytest.mark.rule("TRI-7.6")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR, POMPEY])
def test_roman_troops_fight_any_player_who_enters(seat: int) -> None:
    leaders = {CRASSUS: hx("20,0"), CAESAR: hx("20,1"), POMPEY: hx("20,2")}
    state = position(seat, troops={C: (ROME, 1), B: (seat, 1)}, leaders=leaders)
    apply(state, Decide(seat, "stay"), Move(seat, B, C), Decide(seat, "end"))
    assert state.stage == BATTLE
    assert state.battle is not None
    assert (state.battle[3], state.battle[4]) == (ROME, 1)
