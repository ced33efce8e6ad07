"""What each of the Triumvirate bot's style parameters changes in a stated position.

Every parameter's default is the ``normal`` bot's play (the golden games hold it); each test
builds a position where the parameter matters and checks that the default bot and the styled one
part ways there, and how.
"""

from __future__ import annotations

import random

import pytest
from builders import apply, position
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

from alea.games.triumvirate.actions import Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.bot import Style, TriumvirateBot
from alea.games.triumvirate.state import TriumvirateState

ROMA = BOARD.rome
CAPUA = BOARD.find("Capua")
ARRETIUM = BOARD.find("Arretium")
SEA = 214
"""A sea hex beside Rome and Arretium."""
assert not BOARD.land[SEA]
assert ROMA in BOARD.neighbours[SEA]
assert ARRETIUM in BOARD.neighbours[SEA]


def _act(bot: TriumvirateBot, state: TriumvirateState) -> object:
    return bot.act(state, state.current_player(), random.Random(0))


def test_flags_are_read_from_a_spec_as_zero_or_one() -> None:
    bot = TriumvirateBot(sea_safe=1, flee=0, leader_die=1)
    assert bot.style == Style(sea_safe=True, leader_die=True)
    assert bot.spec() == {"name": "heuristic", "sea_safe": True, "leader_die": True}


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"shelter": 0}, "shelter must be at least 1"),
        ({"muster": -1}, "muster must be at least 0"),
        ({"wary": -2}, "wary must be at least 0"),
        ({"prey": 1.5}, "prey must be from 0 to 1"),
        ({"desperate": -1}, "desperate must be at least 0"),
    ],
)
def test_a_bad_new_parameter_is_refused(params: dict[str, int | float], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        TriumvirateBot(**params)


def test_sea_safe_sees_no_danger_at_sea_from_troops_that_cannot_sail() -> None:
    state = position(POMPEY, troops={ARRETIUM: (CAESAR, 3)}, leaders={POMPEY: SEA}, civil_war=True)
    assert TriumvirateBot()._danger(state, POMPEY, SEA) == 3
    assert TriumvirateBot(sea_safe=True)._danger(state, POMPEY, SEA) == 0
    # Pompey's own fleet is another matter for his rivals' leaders.
    state = position(CAESAR, troops={ARRETIUM: (POMPEY, 2)}, civil_war=True)
    assert TriumvirateBot(sea_safe=True)._danger(state, CAESAR, SEA) == 2


def test_shelter_is_how_many_roman_troops_keep_a_lone_leader_safe() -> None:
    state = position(
        POMPEY,
        troops={ROMA: (ROME, 2), ARRETIUM: (CAESAR, 3)},
        leaders={POMPEY: ROMA},
        civil_war=True,
    )
    assert TriumvirateBot()._danger(state, POMPEY, ROMA) == 0
    assert TriumvirateBot(shelter=3)._danger(state, POMPEY, ROMA) == 3


def test_wary_fears_a_rival_leader_who_could_win_the_garrison_over() -> None:
    troops = {ROMA: (ROME, 2)}
    leaders = {POMPEY: ROMA, CRASSUS: CAPUA}
    state = position(POMPEY, troops=troops, leaders=leaders, popularity=[5, 0, 0])
    assert TriumvirateBot()._danger(state, POMPEY, ROMA) == 0
    assert TriumvirateBot(wary=1)._danger(state, POMPEY, ROMA) > TriumvirateBot().style.risk
    # Without popularity he cannot; far off, a wary leader of one step does not fear him.
    poor = position(POMPEY, troops=troops, leaders=leaders, popularity=[0, 0, 0])
    assert TriumvirateBot(wary=1)._danger(poor, POMPEY, ROMA) == 0
    far = position(POMPEY, troops=troops, leaders={POMPEY: ROMA}, popularity=[5, 0, 0])
    assert BOARD.distance(far.leader[CRASSUS], ROMA) > 1
    assert TriumvirateBot(wary=1)._danger(far, POMPEY, ROMA) == 0


def _pompey_in_threatened_rome() -> TriumvirateState:
    return position(
        POMPEY,
        troops={ROMA: (ROME, 2), ARRETIUM: (CAESAR, 4)},
        leaders={POMPEY: ROMA},
        civil_war=True,
    )


def test_flee_takes_the_leader_out_of_danger_even_from_rome() -> None:
    state = _pompey_in_threatened_rome()
    assert _act(TriumvirateBot(shelter=3), state) == Decide(POMPEY, "stay")
    fleeing = TriumvirateBot(shelter=3, flee=True, sea_safe=True)
    assert _act(fleeing, state) == Decide(POMPEY, "roll")
    apply(state, Decide(POMPEY, "roll"), Roll(6, 2))
    step = _act(fleeing, state)
    assert isinstance(step, March)
    assert fleeing._danger(state, POMPEY, step.to) < fleeing._danger(state, POMPEY, ROMA)


def test_muster_keeps_the_leader_beside_rome_until_his_troops_are_near() -> None:
    def at_sea(troops: dict[int, tuple[int, int]], civil_war: bool = True) -> TriumvirateState:
        state = position(
            POMPEY,
            troops={ROMA: (ROME, 2), **troops},
            leaders={POMPEY: SEA},
            civil_war=civil_war,
            popularity=[0, 0, 1],
        )
        return apply(state, Decide(POMPEY, "roll"), Roll(6, 1))

    assert _act(TriumvirateBot(), at_sea({})) == March(POMPEY, ROMA)
    assert _act(TriumvirateBot(muster=2), at_sea({})) == Decide(POMPEY, "end")
    ready = at_sea({245: (POMPEY, 2)})
    assert _act(TriumvirateBot(muster=2), ready) == March(POMPEY, ROMA)
    # After his triumph, before the civil war, he waits beside Rome as well.
    paraded = at_sea({}, civil_war=False)
    assert TriumvirateBot(seize_rome=True)._leader_target(paraded, POMPEY) == ROMA
    waiting = TriumvirateBot(seize_rome=True, muster=2)._leader_target(paraded, POMPEY)
    assert waiting in BOARD.neighbours[ROMA]


def test_muster_waits_for_troops_too_when_the_civil_war_left_his_conquests_worthless() -> None:
    """TRI-6.1: conquests still held when the civil war begins can never be paraded."""

    def at_sea(civil_war: bool) -> TriumvirateState:
        state = position(
            POMPEY,
            troops={ROMA: (ROME, 2)},
            leaders={POMPEY: SEA},
            civil_war=civil_war,
            conquests=[0, 0, 2],
        )
        return apply(state, Decide(POMPEY, "roll"), Roll(6, 1))

    assert _act(TriumvirateBot(muster=2), at_sea(civil_war=True)) == Decide(POMPEY, "end")
    # Before it, the same leader goes to Rome to parade them.
    assert _act(TriumvirateBot(muster=2), at_sea(civil_war=False)) == March(POMPEY, ROMA)


def test_leader_die_counts_the_leader_in_an_attack_on_his_own_hex() -> None:
    state = position(
        POMPEY,
        troops={ROMA: (ROME, 2), SEA: (POMPEY, 2)},
        leaders={POMPEY: ROMA},
        civil_war=True,
    )
    apply(state, Decide(POMPEY, "stay"))
    assert _act(TriumvirateBot(), state) == Decide(POMPEY, "end")  # two against two: 36%
    assert _act(TriumvirateBot(leader_die=True), state) == Move(POMPEY, SEA, ROMA)  # 70%


def test_prey_attacks_the_garrison_a_rival_leader_shelters_in() -> None:
    state = position(
        POMPEY,
        troops={ROMA: (ROME, 2), SEA: (POMPEY, 2)},
        leaders={POMPEY: 213, CRASSUS: ROMA},
        civil_war=True,
    )
    apply(state, Decide(POMPEY, "stay"))
    assert _act(TriumvirateBot(), state) == Decide(POMPEY, "end")
    assert _act(TriumvirateBot(prey=0.3), state) == Move(POMPEY, SEA, ROMA)


def test_desperate_attacks_rome_at_any_odds_once_a_rival_is_close_to_ruling_it() -> None:
    """TRI-9.2: a rival who ends four turns in a row in Rome in the civil war wins the game."""

    def held(turns: int) -> TriumvirateState:
        state = position(
            POMPEY,
            troops={ROMA: (CAESAR, 3), SEA: (POMPEY, 2)},
            leaders={POMPEY: 213, CAESAR: ROMA},
            civil_war=True,
            streak=[0, turns, 0],
        )
        return apply(state, Decide(POMPEY, "stay"))

    assert _act(TriumvirateBot(), held(2)) == Decide(POMPEY, "end")  # two against three and a d8
    assert _act(TriumvirateBot(desperate=2), held(2)) == Move(POMPEY, SEA, ROMA)
    assert _act(TriumvirateBot(desperate=3), held(2)) == Decide(POMPEY, "end")
    assert _act(TriumvirateBot(desperate=3), held(3)) == Move(POMPEY, SEA, ROMA)


def test_desperate_ends_the_wait_for_troops_once_a_rival_is_close_to_ruling_rome() -> None:
    def at_sea(turns: int) -> TriumvirateState:
        state = position(
            POMPEY,
            troops={ROMA: (ROME, 2)},
            leaders={POMPEY: SEA, CAESAR: ROMA},
            civil_war=True,
            popularity=[0, 0, 1],
            streak=[0, turns, 0],
        )
        return apply(state, Decide(POMPEY, "roll"), Roll(6, 1))

    assert _act(TriumvirateBot(muster=2, desperate=2), at_sea(1)) == Decide(POMPEY, "end")
    assert _act(TriumvirateBot(muster=2, desperate=2), at_sea(2)) == March(POMPEY, ROMA)
    assert _act(TriumvirateBot(muster=2), at_sea(3)) == Decide(POMPEY, "end")
