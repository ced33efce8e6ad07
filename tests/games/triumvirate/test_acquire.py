"""TRI-8: winning Roman troops over with a popularity roll."""

from __future__ import annotations

import pytest
from builders import apply, check_invariants, hx, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

from alea.games.triumvirate.actions import Clash, Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.leaders import kill
from alea.games.triumvirate.state import LEADER, WOO, WOO_ROLL, TriumvirateState

R, NEXT_TO_R = hx("14,2"), hx("13,2")


def wooing(
    popularity: int,
    romans: int = 2,
    troops: dict[str | int, tuple[int, int]] | None = None,
    civil_war: bool = False,
) -> TriumvirateState:
    """Caesar's turn, his leader standing alone among ``romans`` Roman troops on R."""
    return position(
        CAESAR,
        troops={R: (ROME, romans), **(troops or {})},
        leaders={CAESAR: R},
        popularity=[0, popularity, 0],
        civil_war=civil_war,
    )


@pytest.mark.rule("TRI-8.1")
def test_a_roll_at_most_his_popularity_wins_the_romans_over() -> None:
    state = wooing(popularity=3)
    before = list(state.troops)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.stage == WOO
    assert state.legal_actions() == [Decide(CAESAR, "woo"), Decide(CAESAR, "pass")]
    apply(state, Decide(CAESAR, "woo"))
    assert state.stage == WOO_ROLL
    assert [a for a, _ in state.chance_outcomes()] == [Roll(20, v) for v in range(1, 21)]
    apply(state, Roll(20, 3))
    assert (state.owner[R], state.count[R]) == (CAESAR, 2)
    assert R in state.holdings[CAESAR]
    assert state.troops[CAESAR] == before[CAESAR] + 2
    assert state.troops[ROME] == before[ROME] - 2
    assert (state.current_player(), state.stage) == (POMPEY, LEADER)
    check_invariants(state)


@pytest.mark.rule("TRI-8.1")
def test_a_roll_above_his_popularity_fails() -> None:
    state = wooing(popularity=3)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 4))
    assert (state.owner[R], state.count[R]) == (ROME, 2)
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-8.1")
def test_the_player_may_leave_the_romans_alone() -> None:
    state = wooing(popularity=20)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "pass"))
    assert state.owner[R] == ROME
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-8.1")
def test_the_woo_step_accepts_only_woo_or_pass() -> None:
    state = wooing(popularity=3)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    for verb in ("roll", "stay", "collect", "parade", "end"):
        refused(state, Decide(CAESAR, verb), "TRI-8.1")


@pytest.mark.rule("TRI-8.1")
def test_no_roll_is_offered_without_popularity() -> None:
    state = wooing(popularity=0)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert (state.current_player(), state.stage) == (POMPEY, LEADER)
    assert state.owner[R] == ROME


@pytest.mark.rule("TRI-8.1")
def test_no_roll_is_offered_away_from_roman_troops() -> None:
    state = position(
        CAESAR, troops={R: (ROME, 2)}, leaders={CAESAR: NEXT_TO_R}, popularity=[0, 9, 0]
    )
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-8.1")
def test_a_leader_who_marched_onto_romans_may_roll_at_the_end_of_the_turn() -> None:
    state = position(
        CAESAR, troops={R: (ROME, 2)}, leaders={CAESAR: NEXT_TO_R}, popularity=[0, 9, 0]
    )
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2), March(CAESAR, R))
    assert state.stage != WOO  # not before he ends his movement
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == WOO


@pytest.mark.rule("TRI-8.1")
def test_the_roll_is_allowed_in_the_civil_war_too() -> None:
    state = wooing(popularity=3, civil_war=True)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.stage == WOO
    apply(state, Decide(CAESAR, "woo"), Roll(20, 1))
    assert state.owner[R] == CAESAR


@pytest.mark.rule("TRI-8.1")
@pytest.mark.rule("TRI-7.4")
def test_a_fallen_leaders_troops_can_be_won_over() -> None:
    state = position(
        CRASSUS,
        troops={hx("18,2"): (CRASSUS, 2), hx("19,2"): (POMPEY, 1), R: (POMPEY, 3)},
        leaders={CRASSUS: hx("17,2"), POMPEY: hx("19,2"), CAESAR: NEXT_TO_R},
        popularity=[0, 4, 0],
    )
    apply(state, Decide(CRASSUS, "stay"), Move(CRASSUS, hx("18,2"), hx("19,2")))
    apply(state, Decide(CRASSUS, "end"), Clash(6, 1))
    assert not state.alive[POMPEY]
    assert (state.owner[R], state.count[R]) == (ROME, 3)
    # Caesar walks in among the former Pompeians and wins them over.
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1), March(CAESAR, R), Decide(CAESAR, "end"))
    apply(state, Decide(CAESAR, "woo"), Roll(20, 4))
    assert (state.owner[R], state.count[R]) == (CAESAR, 3)
    check_invariants(state)


# -- TRI-8.2 in Italy -------------------------------------------------------------------------


@pytest.mark.rule("TRI-8.2")
@pytest.mark.rule("TRI-6.1")
@pytest.mark.parametrize(("roll", "won"), [(5, True), (6, False)])
def test_winning_romans_over_in_italy_starts_the_civil_war(roll: int, won: bool) -> None:
    capua = hx("Capua")
    assert capua in BOARD.italy
    state = position(
        CAESAR, troops={capua: (ROME, 1)}, leaders={CAESAR: capua}, popularity=[0, 5, 0]
    )
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    assert not state.civil_war
    apply(state, Roll(20, roll))
    assert (state.owner[capua] == CAESAR) is won
    assert state.civil_war is won


@pytest.mark.rule("TRI-8.2")
def test_winning_romans_over_outside_italy_does_not() -> None:
    messana = hx("Messana")
    state = position(
        CAESAR, troops={messana: (ROME, 1)}, leaders={CAESAR: messana}, popularity=[0, 5, 0]
    )
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 1))
    assert state.owner[messana] == CAESAR
    assert not state.civil_war


# -- TRI-8.3 counters run out -----------------------------------------------------------------


def caesar_with(on_board: int, romans: int) -> TriumvirateState:
    """Caesar (25 counters) with ``on_board`` troops in stacks of four, wooing ``romans``."""
    troops: dict[str | int, tuple[int, int]] = {}
    for i, col in enumerate(range(16, 24)):
        n = min(4, on_board - 4 * i)
        if n > 0:
            troops[hx(f"{col},0")] = (CAESAR, n)
    return wooing(popularity=20, romans=romans, troops=troops)


@pytest.mark.rule("TRI-8.3")
def test_no_roll_when_he_lacks_counters_for_the_whole_stack() -> None:
    state = caesar_with(on_board=23, romans=3)
    assert state.troops[CAESAR] == 23
    assert state.observation(None)["players"][CAESAR]["supply"] == 2
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.current_player() == POMPEY  # not offered: two counters for three Romans
    assert (state.owner[R], state.count[R]) == (ROME, 3)


@pytest.mark.rule("TRI-8.3")
def test_the_roll_is_offered_when_the_counters_just_suffice() -> None:
    state = caesar_with(on_board=23, romans=2)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.stage == WOO
    apply(state, Decide(CAESAR, "woo"), Roll(20, 20))
    assert state.troops[CAESAR] == BOARD.counters[CAESAR] == 25
    assert state.observation(None)["players"][CAESAR]["supply"] == 0
    check_invariants(state)


@pytest.mark.rule("TRI-8.3")
def test_fifteen_romans_always_fit_in_a_players_counters() -> None:
    # Each player's counters hold his own garrisons plus all fifteen Roman troops (TRI-1.4).
    for seat in (CRASSUS, CAESAR, POMPEY):
        own = sum(1 for _, f in BOARD.garrisons if f == seat)
        assert BOARD.counters[seat] - own == BOARD.counters[ROME]


# -- TRI-7.5 a rival left alone when the Romans change sides ---------------------------------

AQUILEIA = hx("Aquileia")


def sharing_aquileia(winner: int, rival: int, alone: bool = False) -> TriumvirateState:
    """``winner``'s turn; his leader and ``rival``'s stand on Aquileia among two Roman troops.

    The third leader waits far away with a troop, so the game goes on after one death; with
    ``alone`` he is dead already, so one death ends the game.
    """
    third = 3 - winner - rival
    popularity = [0, 0, 0]
    popularity[winner] = 5
    troops = {AQUILEIA: (ROME, 2)}
    leaders = {winner: AQUILEIA, rival: AQUILEIA}
    if not alone:
        troops[hx("20,1")] = (third, 1)
        leaders[third] = hx("20,1")
    dead = [third] if alone else []
    return position(winner, troops=troops, leaders=leaders, popularity=popularity, dead=dead)


@pytest.mark.rule("TRI-7.5")
@pytest.mark.rule("TRI-8.1")
def test_caesar_wins_aquileia_and_pompey_alone_there_falls_at_once() -> None:
    state = sharing_aquileia(CAESAR, POMPEY)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 1))
    assert (state.owner[AQUILEIA], state.count[AQUILEIA]) == (CAESAR, 2)
    assert not state.alive[POMPEY]
    assert state.leader[POMPEY] == -1
    # Pompey, next in the order, does not get a turn to march away: Crassus plays.
    assert (state.current_player(), state.stage) == (CRASSUS, LEADER)
    check_invariants(state)


@pytest.mark.rule("TRI-7.5")
@pytest.mark.parametrize(
    ("winner", "rival"),
    [(w, r) for w in (CRASSUS, CAESAR, POMPEY) for r in (CRASSUS, CAESAR, POMPEY) if w != r],
)
def test_the_lone_rival_falls_whatever_the_seat_order(winner: int, rival: int) -> None:
    state = sharing_aquileia(winner, rival)
    apply(state, Decide(winner, "stay"), Decide(winner, "end"), Decide(winner, "woo"))
    apply(state, Roll(20, 5))
    assert state.owner[AQUILEIA] == winner
    assert not state.alive[rival]
    assert state.alive[winner]
    third = 3 - winner - rival
    assert state.current_player() == third  # the next living seat clockwise
    check_invariants(state)


@pytest.mark.rule("TRI-7.5")
def test_a_failed_roll_leaves_both_leaders_among_the_romans() -> None:
    state = sharing_aquileia(CAESAR, POMPEY)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 6))
    assert state.owner[AQUILEIA] == ROME
    assert state.alive[POMPEY]
    assert (state.current_player(), state.leader[POMPEY]) == (POMPEY, AQUILEIA)


@pytest.mark.rule("TRI-7.5")
@pytest.mark.rule("TRI-9.1")
def test_catching_the_last_rival_this_way_wins_the_game() -> None:
    state = sharing_aquileia(CAESAR, POMPEY, alone=True)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 2))
    assert state.is_terminal()
    assert (state.winner, state.end_reason) == (CAESAR, "last-standing")
    assert state.returns() == [0.0, 1.0, 0.0]


# -- TRI-7.4 the grey counters run short -----------------------------------------------------


@pytest.mark.rule("TRI-7.4")
@pytest.mark.rule("TRI-1.4")
def test_a_fallen_leaders_troops_turn_roman_only_as_far_as_the_grey_counters_go() -> None:
    near, middle, far = hx("Capua"), AQUILEIA, hx("Gades")
    assert BOARD.distance(near, BOARD.rome) < BOARD.distance(middle, BOARD.rome)
    assert BOARD.distance(middle, BOARD.rome) < BOARD.distance(far, BOARD.rome)
    romans = {hx(f"{col},0"): (ROME, 4) for col in (16, 17, 18)}  # 12 of the 15 grey counters
    state = position(
        CAESAR,
        troops={**romans, far: (POMPEY, 4), middle: (POMPEY, 2), near: (POMPEY, 1)},
        leaders={POMPEY: hx("Messana")},
    )
    assert state.troops[ROME] == 12
    kill(state, POMPEY)  # TRI-7.4, as after a lost battle
    # Three grey counters were left: one for Capua, two for Aquileia, none for Gades.
    assert (state.owner[near], state.count[near]) == (ROME, 1)
    assert (state.owner[middle], state.count[middle]) == (ROME, 2)
    assert (state.owner[far], state.count[far]) == (-1, 0)
    assert state.troops[ROME] == BOARD.counters[ROME] == 15
    check_invariants(state)


@pytest.mark.rule("TRI-7.4")
def test_a_stack_short_of_grey_counters_keeps_what_there_is() -> None:
    first, second = hx("Capua"), AQUILEIA
    romans = {hx(f"{col},0"): (ROME, 4) for col in (16, 17, 18)}
    romans[hx("19,0")] = (ROME, 1)  # 13 Roman troops: two grey counters left
    state = position(
        CAESAR,
        troops={**romans, first: (POMPEY, 3), second: (POMPEY, 4)},
        leaders={POMPEY: hx("Messana")},
    )
    kill(state, POMPEY)
    assert (state.owner[first], state.count[first]) == (ROME, 2)
    assert (state.owner[second], state.count[second]) == (-1, 0)
    assert state.troops[ROME] == 15
    check_invariants(state)


@pytest.mark.rule("TRI-7.4")
def test_equally_near_stacks_take_the_grey_counters_north_first_then_west() -> None:
    d = {h: BOARD.distance(h, BOARD.rome) for h in range(BOARD.size) if BOARD.land[h]}
    a, b = sorted(h for h in d if d[h] == 4)[:2]  # board order: north first, then west
    romans = {hx(f"{col},0"): (ROME, 4) for col in (16, 17, 18)}
    romans[hx("19,0")] = (ROME, 2)  # 14 Roman troops: one grey counter left
    state = position(CAESAR, troops={**romans, b: (CAESAR, 1), a: (CAESAR, 1)})
    kill(state, CAESAR)
    assert (state.owner[a], state.owner[b]) == (ROME, -1)
    assert state.troops[ROME] == 15
    check_invariants(state)


@pytest.mark.rule("TRI-7.4")
def test_the_grey_counters_cap_holds_after_a_battle_death() -> None:
    romans = {hx(f"{col},0"): (ROME, 4) for col in (16, 17, 18)}
    state = position(
        CAESAR,
        troops={
            **romans,
            NEXT_TO_R: (CAESAR, 1),
            R: (POMPEY, 1),
            hx("Gades"): (POMPEY, 4),
            hx("Capua"): (POMPEY, 2),
        },
        leaders={CAESAR: hx("20,1"), POMPEY: R},
    )
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, NEXT_TO_R, R), Decide(CAESAR, "end"))
    apply(state, Clash(6, 1))  # Pompey's last defender on R falls, and he with it
    assert not state.alive[POMPEY]
    assert (state.owner[hx("Capua")], state.count[hx("Capua")]) == (ROME, 2)
    assert (state.owner[hx("Gades")], state.count[hx("Gades")]) == (ROME, 1)
    assert state.troops[ROME] == 15
    check_invariants(state)
