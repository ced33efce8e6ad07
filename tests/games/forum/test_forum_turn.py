"""FOR-2: the turn — six phases, one action per phase in turn order, the rotating start."""

from __future__ import annotations

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, mk, refused, stage

from alea.games.forum.actions import (
    Build,
    Counter,
    Decide,
    Draw,
    Give,
    MarryLocal,
    Move,
    Propose,
    Roll,
)
from alea.games.forum.board import BOARD
from alea.games.forum.state import ForumState

ROME = BOARD.rome
NEUTRAL = (5, 6, 7, 8, 16, 21, 10, 11, 12, 13)
"""Fate cards that touch no one here: uprisings and plagues where no agent stands, harvests
where no horreum stands."""
PHASE = {
    **dict.fromkeys(("enter", "move"), 1),
    **dict.fromkeys(("social", "respond", "reply", "oust"), 2),
    **dict.fromkeys(("build", "destroy", "give"), 4),
    "fate": 5,
}
"""The phase of FOR-2.1 each stage belongs to."""


def trace(state: ForumState, stages: tuple[str, ...]) -> list[tuple[str, int]]:
    """Pass (entry rolls 1) while in ``stages``; each step's stage and the seat acting."""
    out = []
    while stage(state) in stages:
        who = state.actor if state.is_chance_node() else state.current_player()
        out.append((stage(state), who))
        if state.is_chance_node():
            state.apply_action(Roll(1))
            continue
        legal = state.legal_actions()
        verb = next(v for v in ("done", "pass", "decline") if Decide(who, v) in legal)
        state.apply_action(Decide(who, verb))
    return out


# -- FOR-2.1 six phases ------------------------------------------------------------------------


@pytest.mark.rule("FOR-2.1")
def test_move_intrigue_trade_build_fate_convert_in_that_order() -> None:
    state = fb.new_state()
    fb.put_horreum(state, A, "Rome")  # earns $300 alone at the trade
    fb.set_purse(state, A, 900)
    seen = fb.pass_while(state, fb.EARLY_STAGES)
    phases = [PHASE[s] for s in seen]
    assert phases == sorted(phases)
    assert (phases[0], phases[-1]) == (1, 2)
    # 3. the trade was made as the last intrigue ended, before anyone builds
    assert stage(state) == "build"
    assert (state.money[A], state.income[A]) == (1200, 300)
    assert state.prestige[A] == 0
    seen = fb.pass_while(state, ("build", "destroy", "give"))
    assert {PHASE[s] for s in seen} == {4}
    assert stage(state) == "fate"
    assert state.is_chance_node()
    assert state.prestige[A] == 0  # 6. the conversion comes only after the fate card
    state.apply_action(Draw(5))
    assert state.prestige[A] == 1
    assert (state.turn, stage(state)) == (2, "enter")


@pytest.mark.rule("FOR-2.1")
def test_victory_is_checked_only_after_the_sixth_phase() -> None:
    state = fb.new_state()
    fb.put_horreum(state, A, "Rome")
    fb.set_purse(state, A, 1700, 14)
    fb.skip_to(state, "give")
    assert state.current_player() == A
    state.apply_action(Give(A, 6))  # a praetor's benefaction: 15 prestige
    assert state.prestige[A] == 15
    assert state.money[A] == 1000
    fb.skip_to(state, "fate")
    assert not state.is_terminal()
    state.apply_action(Draw(5))
    assert state.is_terminal()
    assert state.winners == [A]


# -- FOR-2.2 one action per phase, in turn order -----------------------------------------------


@pytest.mark.rule("FOR-2.2")
@pytest.mark.parametrize(
    ("players", "first", "order"),
    [(4, C, [C, D, A, B]), (3, B, [B, C, A]), (2, B, [B, A]), (4, A, [A, B, C, D])],
)
def test_each_phase_goes_round_the_table_from_the_start_player(
    players: int, first: int, order: list[int]
) -> None:
    state = fb.new_state(players, first=first)
    moves = trace(state, ("enter", "move"))
    assert [who for s, who in moves if s == "enter"] == order
    assert [who for s, who in moves if s == "move"] == order
    assert stage(state) == "social"  # only once everyone has moved
    social = trace(state, ("social",))
    assert [who for _, who in social] == order
    assert stage(state) == "build"
    build = trace(state, ("build", "give"))
    assert [who for _, who in build] == order
    assert stage(state) == "fate"


@pytest.mark.rule("FOR-2.2")
def test_actions_out_of_turn_are_refused() -> None:
    state = fb.new_state(first=C)
    state.apply_action(Roll(1))
    assert (stage(state), state.current_player()) == ("move", C)
    refused(state, Move(A, ROME, mk("Luna")), "FOR-2.2")
    refused(state, Decide(D, "done"), "FOR-2.2")
    fb.skip_to(state, "social")
    assert state.current_player() == C
    refused(state, Decide(B, "pass"), "FOR-2.2")
    refused(state, Propose(A, C, True, 0), "FOR-2.2")
    fb.skip_to(state, "build")
    refused(state, Build(D, ROME), "FOR-2.2")


@pytest.mark.rule("FOR-2.2")
def test_actions_outside_their_phase_are_refused() -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    refused(state, Decide(A, "done"), "FOR-2.2")  # a decision while the die is pending
    refused(state, Draw(5), "FOR-2.2")
    state.apply_action(Roll(1))
    assert stage(state) == "move"
    refused(state, Build(A, ROME), "FOR-2.2")
    refused(state, MarryLocal(A, mk("Luna"), True), "FOR-2.2")
    refused(state, Roll(4), "FOR-2.2")
    refused(state, Counter(A, 100), "FOR-2.2")  # no proposal to answer
    fb.skip_to(state, "social")
    assert state.current_player() == A
    refused(state, Counter(A, 100), "FOR-2.2")
    refused(state, Move(A, mk("Luna"), mk("Marseille")), "FOR-2.2")
    refused(state, Build(A, mk("Luna")), "FOR-2.2")
    refused(state, Give(A, 0), "FOR-2.2")
    fb.skip_to(state, "build")
    assert state.current_player() == A
    refused(state, MarryLocal(A, mk("Luna"), True), "FOR-2.2")
    refused(state, Move(A, mk("Luna"), mk("Marseille")), "FOR-2.2")
    refused(state, Decide(A, "done"), "FOR-2.2")


@pytest.mark.rule("FOR-2.2")
def test_a_player_with_no_choice_is_passed_over() -> None:
    state = fb.new_state()
    fb.clear_agents(state, B)  # B's agents are all in the reserve and B rolls 1: no move
    fb.set_children(state, C, 0, 0)  # C has no child and no ally: no intrigue
    fb.set_purse(state, D, 0)  # D cannot pay for a horreum and has no prestige: no build
    moves = trace(state, ("enter", "move"))
    assert [who for s, who in moves if s == "move"] == [A, C, D]
    assert [who for s, who in moves if s == "enter"] == [A, B, C, D]
    social = trace(state, ("social",))
    assert [who for _, who in social] == [A, B, D]
    build = trace(state, ("build", "give"))
    assert [who for _, who in build] == [A, C]  # B has no agent on the board either
    assert stage(state) == "fate"


@pytest.mark.rule("FOR-2.2")
def test_one_action_each_in_a_phase() -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    fb.skip_to(state, "social")
    state.apply_action(MarryLocal(A, mk("Luna"), False))
    assert state.current_player() == B
    refused(state, MarryLocal(A, mk("Luna"), True), "FOR-2.2")
    fb.skip_to(state, "build")
    fb.set_purse(state, A, 1000)
    state.apply_action(Build(A, mk("Luna")))
    assert stage(state) == "give"  # the benefaction may follow (FOR-6.6), nothing else
    state.apply_action(Decide(A, "pass"))
    assert state.current_player() == B
    refused(state, Build(A, ROME), "FOR-2.2")


# -- FOR-2.3 the start player rotates ----------------------------------------------------------


@pytest.mark.rule("FOR-2.3")
@pytest.mark.parametrize(("players", "first"), [(4, B), (3, C), (2, B), (4, D)])
def test_each_turn_starts_one_seat_further_left(players: int, first: int) -> None:
    state = fb.new_state(players, first=first)
    for turn in range(1, 2 * players + 2):
        assert state.turn == turn
        start = (first + turn - 1) % players
        assert state.order == tuple((start + i) % players for i in range(players))
        assert state.actor == start  # the first entry roll of the turn
        fb.skip_to(state, "fate")
        assert state.actor == start  # the start player draws the fate card
        fb.end_turn(state, card=NEUTRAL[turn])


@pytest.mark.rule("FOR-2.3")
def test_the_rotation_follows_the_first_player_not_seat_a() -> None:
    state = fb.new_state(first=D)
    assert state.order == (D, A, B, C)
    fb.end_turn(state)
    assert state.order == (A, B, C, D)
    social = trace(state, ("enter", "move", "social"))
    assert [who for s, who in social if s == "social"] == [A, B, C, D]
