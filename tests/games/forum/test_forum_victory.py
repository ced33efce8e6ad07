"""FOR-9: the consulship at the end of a turn, its tie-breaks, and the turn cap."""

from __future__ import annotations

import random

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, stage

import alea
from alea.core.errors import IllegalActionError
from alea.core.game import TERMINAL
from alea.games.forum.actions import Decide, Draw
from alea.games.forum.state import ForumState


def over(state: ForumState, winners: list[int]) -> None:
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert stage(state) == "over"
    assert state.winners == winners
    assert state.end_reason == "prestige"
    share = 1 / len(winners)
    assert state.returns() == [share if p in winners else 0.0 for p in range(state.n)]


# --- FOR-9.1 ----------------------------------------------------------------------------------


@pytest.mark.rule("FOR-9.1")
def test_fifteen_prestige_after_the_conversion_wins() -> None:
    state = fb.at_fate()
    state.prestige[B] = 14
    state.money[B] = 1200  # the $1000 mark is converted first: 15
    fb.set_purse(state, C, 1500, 14)  # already converted: stays at 14
    fb.quiet_draw(state)
    over(state, [B])
    assert state.prestige == [0, 15, 14, 0]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]
    assert "Cornelii" in state.outcome_text()
    assert "15" in state.outcome_text()
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []


@pytest.mark.rule("FOR-9.1")
def test_fifteen_in_mid_turn_is_not_yet_a_win() -> None:
    state = fb.new_state(players=3)
    fb.skip_to(state, "social")
    state.prestige[A] = 15
    state._legal = None
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    fb.pass_until(state, "fate")  # the whole turn goes on
    assert not state.is_terminal()
    state.apply_action(Draw(22))  # the wrong claimant: back to 14 before the end
    assert not state.is_terminal()
    assert state.prestige[A] == 14
    assert state.turn == 2


@pytest.mark.rule("FOR-9.1")
def test_more_than_fifteen_wins_too() -> None:
    state = fb.at_fate(players=2)
    state.prestige[A] = 17
    fb.quiet_draw(state)
    over(state, [A])


@pytest.mark.rule("FOR-9.1")
def test_nothing_is_played_after_the_consulship() -> None:
    state = fb.at_fate(players=2)
    state.prestige[B] = 15
    fb.quiet_draw(state)
    before = state.to_json()
    for action in (Draw(7), Decide(A, "pass"), Decide(B, "done")):
        with pytest.raises(IllegalActionError, match="over") as err:
            state.apply_action(action)
        assert err.value.rule == "FOR-9.1"
    assert state.to_json() == before


# --- FOR-9.2 ----------------------------------------------------------------------------------


_ = None  # a seat's money left as dealt


@pytest.mark.rule("FOR-9.2")
@pytest.mark.parametrize(
    ("prestige", "money", "gifts", "options", "winners"),
    [
        # The rules' own order: money decides between consuls, not a higher prestige.
        pytest.param(
            [16, 15, 3, 0], [100, 5000, _, _], None, {}, [B], id="the most money wins at fifteen"
        ),
        # "A tie in both prestige and money" goes to benefactions: prestige counts after money.
        pytest.param(
            [15, 16, 15, 3], [900, 900, 900, _], [4, 0, 4, 0], {}, [B], id="then the prestige"
        ),
        pytest.param(
            [16, 15, 3, 0],
            [100, 5000, _, _],
            None,
            {"tie_break": "prestige"},
            [A],
            id="the prestige-first variant keeps the ladder first",
        ),
        # D is the richest, but short of 15.
        pytest.param(
            [15, 15, 15, 14], [500, 800, 700, 5000], None, {}, [B], id="only those at fifteen"
        ),
        pytest.param(
            [15, 15, 15, 0], [600, 600, 600, _], [1, 3, 2, 4], {}, [B], id="then benefactions"
        ),
    ],
)
def test_the_consul_among_those_at_fifteen(
    prestige: list[int],
    money: list[int | None],
    gifts: list[int] | None,
    options: dict[str, object],
    winners: list[int],
) -> None:
    state = fb.at_fate(**options)
    state.prestige[:] = prestige
    for seat, amount in enumerate(money):
        if amount is not None:
            fb.set_money(state, seat, amount)
    if gifts is not None:
        state.gifts[:] = gifts
    fb.quiet_draw(state)
    over(state, winners)
    assert state.consuls() == winners


@pytest.mark.rule("FOR-9.2")
def test_the_tie_break_option_is_checked() -> None:
    assert alea.load("forum").options["tie_break"] == "money"
    with pytest.raises(ValueError, match="tie_break"):
        alea.load("forum", tie_break="benefactions")


@pytest.mark.rule("FOR-9.2")
def test_players_equal_on_all_three_share_the_victory() -> None:
    state = fb.at_fate()
    state.prestige[:] = [16, 14, 16, 16]
    for p in range(4):
        fb.set_money(state, p, 600)
    fb.set_money(state, D, 400)
    state.gifts[:] = [2, 2, 2, 2]
    fb.quiet_draw(state)
    over(state, [A, C])
    assert state.returns() == [0.5, 0.0, 0.5, 0.0]
    assert "Aemilii and the Licinii" in state.outcome_text()


# --- FOR-9.3 ----------------------------------------------------------------------------------


@pytest.mark.rule("FOR-9.3")
def test_the_default_cap_is_a_hundred_turns() -> None:
    assert alea.load("forum").opts.max_turns == 100


@pytest.mark.rule("FOR-9.3")
def test_an_undecided_game_ends_at_the_cap_with_no_winner() -> None:
    state = fb.new_state(players=3, max_turns=3)
    for turn in (1, 2, 3):
        fb.pass_until(state, "fate")
        assert state.turn == turn
        assert not state.is_terminal()
        fb.quiet_draw(state)
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.winners == []
    assert state.end_reason == "cap"
    assert state.turn == 3
    assert state.returns() == [0.0, 0.0, 0.0]
    assert "no one" in state.outcome_text()
    assert "3 turns" in state.outcome_text()


@pytest.mark.rule("FOR-9.3")
def test_a_consul_in_the_last_turn_still_wins() -> None:
    state = fb.at_fate(players=2, max_turns=1)
    state.prestige[B] = 15
    fb.quiet_draw(state)
    over(state, [B])


@pytest.mark.rule("FOR-9.3")
def test_random_games_always_end_within_the_cap() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = fb.new_state(players=2 + seed % 3, max_turns=8)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
            assert state.turn <= 8
        assert state.end_reason in ("cap", "prestige")
        if state.end_reason == "cap":
            assert state.returns() == [0.0] * state.n
            assert state.turn == 8
        else:
            assert sum(state.returns()) == pytest.approx(1.0)
