"""Forum's bot style: the defaults are the normal bot, and each parameter changes its play."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

import alea
from alea.agents import parse_spec
from alea.core.game import State
from alea.core.record import play
from alea.games.forum.actions import Decide, MarryLocal, Propose
from alea.games.forum.bot import HORIZON, STYLE_SPACE, ForumBot, Style, horreum_value
from alea.games.forum.constants import RESPOND, ROME, SOCIAL
from alea.games.forum.state import ForumState


def _start() -> ForumState:
    state = alea.load("forum").new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    assert isinstance(state, ForumState)
    return state


def test_the_default_style_is_the_normal_bot_and_names_no_parameter() -> None:
    assert ForumBot().style == Style()
    assert parse_spec("heuristic").spec() == {"name": "heuristic"}
    assert Style().horizon == HORIZON


def test_a_style_is_given_in_the_spec_and_named_in_the_record() -> None:
    agent = parse_spec("heuristic:horizon=12,anchor=0")
    record = play(alea.load("forum"), [agent] + [parse_spec("heuristic")] * 3, seed=3)
    assert record.seats[0]["agent"] == {"name": "heuristic", "horizon": 12, "anchor": False}
    assert record.seats[1]["agent"] == {"name": "heuristic"}


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("heuristic:horizn=3", "no parameter horizn"),
        ("heuristic:horizon=0", "horizon must be from 1 to 40"),
        ("heuristic:dowry=7", "dowry must be from 0 to 5"),
        ("heuristic:reach=9", "reach must be from 0 to 4"),
    ],
)
def test_a_bad_style_is_refused_with_what_was_wrong(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        parse_spec(spec).act(_start(), 0, random.Random(0))


def test_every_style_parameter_has_a_range_to_search_and_each_end_is_a_valid_style() -> None:
    assert set(STYLE_SPACE) == {f.name for f in fields(Style)}
    for name, (low, high) in STYLE_SPACE.items():
        default = getattr(Style(), name)
        assert isinstance(default, type(low)), name
        if not isinstance(low, bool):
            assert low <= default <= high, name
        Style(**{name: low})
        Style(**{name: high})


def test_the_horizon_scales_a_horreums_income_and_fades_as_the_leader_nears_the_end() -> None:
    state = _start()
    p = state.current_player()
    region = horreum_value(state, p, 2, horizon=0)  # Carthage: the first horreum of a region
    assert region == 1.0
    assert horreum_value(state, p, 2, 16) - region == pytest.approx(
        2 * (horreum_value(state, p, 2) - region)
    )
    bot = ForumBot(horizon=12, fade=0.5)
    assert bot._horizon(state) == 12
    state.prestige[(p + 1) % state.n] = 10
    assert bot._horizon(state) == 7
    state.prestige[(p + 1) % state.n] = 30
    assert bot._horizon(state) == 1
    assert ForumBot()._horizon(state) == HORIZON


def _watch_rome(spec: str, seed: int) -> int:
    """Ends of seat 0's movement in a game against default bots with no agent of its in Rome."""
    away = 0

    def watch(state: State, action: object) -> None:
        nonlocal away
        assert isinstance(state, ForumState)
        if action == Decide(0, "done") and ROME not in state.agents[0]:
            away += 1

    bots = [parse_spec(spec)] + [parse_spec("heuristic")] * 3
    play(alea.load("forum"), bots, seed=seed, on_step=watch)
    return away


def test_without_the_anchor_the_agent_in_rome_goes_out_to_build() -> None:
    assert sum(_watch_rome("heuristic", seed) for seed in range(3)) == 0
    assert sum(_watch_rome("heuristic:anchor=0", seed) for seed in range(3)) > 0


def test_racing_spends_the_building_reserve_on_prestige() -> None:
    state = _start()
    p = 0
    state.money[p] = 250
    state.prestige[p] = 12
    assert not ForumBot()._spare(state, p, 200)
    assert not ForumBot(race=2)._spare(state, p, 200)
    assert ForumBot(race=3)._spare(state, p, 200)
    assert ForumBot(reserve=0)._spare(state, p, 200)


def test_a_family_far_ahead_is_refused_an_alliance_only_when_asked() -> None:
    state = _start()
    rng = random.Random(1)
    while state.stage != RESPOND:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        offers = [a for a in state.legal_actions() if isinstance(a, Propose) and a.price == 0]
        state.apply_action(offers[0] if offers else ForumBot().act(state, state.player, rng))
    proposer = state.proposal[0]  # type: ignore[index]
    me = state.player
    state.prestige[proposer] = state.prestige[me] + 4
    legal = state.legal_actions()
    assert ForumBot()._respond(state, me, legal) == Decide(me, "accept")
    assert ForumBot(deny_ahead=5)._respond(state, me, legal) == Decide(me, "accept")
    assert ForumBot(deny_ahead=4)._respond(state, me, legal) == Decide(me, "decline")


def test_alliances_first_or_no_local_marriage_keep_the_children_for_other_families() -> None:
    state = _start()
    rng = random.Random(2)
    bot = ForumBot()
    while state.stage != SOCIAL or not any(
        isinstance(a, MarryLocal) for a in state.legal_actions()
    ):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bot.act(state, state.player, rng))
    p = state.player
    state.money[p] = 600  # enough to marry and still build
    legal = state.legal_actions()
    assert isinstance(bot._social(state, p, legal), MarryLocal)
    assert isinstance(ForumBot(ally_first=True)._social(state, p, legal), Propose)
    assert isinstance(ForumBot(marry_local=False)._social(state, p, legal), Propose)
    kept = state.sons[p] + state.daughters[p]
    assert isinstance(ForumBot(keep_children=kept)._social(state, p, legal), Propose)
    assert isinstance(ForumBot(keep_children=kept - 1)._social(state, p, legal), MarryLocal)
