"""The Roman Empire bot's style: the defaults are the normal bot, and every term is read."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

import alea
from alea.agents import parse_spec
from alea.agents.levels import ExpertLevel, SearchLevel
from alea.core import registry
from alea.core.record import play
from alea.core.rng import make_rng
from alea.games.hotre import bot as bot_module
from alea.games.hotre import forces
from alea.games.hotre.actions import HandTo
from alea.games.hotre.bot import (
    PEOPLE_EDGE,
    PLAN_STAGES,
    STYLE_SPACE,
    HotreBot,
    Style,
    canonical,
    counts,
    evaluate,
    expect,
    worth,
)
from alea.games.hotre.constants import HAND
from alea.games.hotre.game import HotreGame
from alea.games.hotre.state import HotreState
from alea.lab.style import coerce

EVERY_TERM = (
    "lead=0.3,late=0.4,legions=0.2,armies=0.1,lands=0.1,cities=0.5,forts=0.3,cards=0.4,"
    "rvp=-0.2,people=0.5,emperor=1"
)
"""A style that sets every term of the evaluation a default bot leaves out (and ``finale``)."""


def _actions(agents: list[str], seed: int, players: int = 4) -> list[object]:
    game = alea.load("hotre", players=players)
    record = play(game, [parse_spec(a) for a in agents], seed=seed)
    return list(record.actions)


def test_the_default_style_is_the_normal_bot_and_names_no_parameter() -> None:
    assert HotreBot().style == Style()
    assert HotreBot().spec() == {"name": "heuristic"}
    assert parse_spec("heuristic").spec() == {"name": "heuristic"}


def test_the_defaults_given_by_name_play_the_same_game_as_no_parameters() -> None:
    named = "heuristic:hold=0.8,rival=0.5,depth=3,end_penalty=0.05,lead=0,late=0,cards=0,plan=1"
    assert _actions([named, "random", "heuristic", named], 3) == _actions(
        ["heuristic", "random", "heuristic", "heuristic"], 3
    )


def test_a_style_is_named_in_the_record_and_changes_the_play() -> None:
    styled = f"heuristic:{EVERY_TERM},finale=1"
    game = alea.load("hotre", players=3)
    record = play(game, [parse_spec(styled), parse_spec("heuristic"), parse_spec("heuristic")], 4)
    assert record.seats[0]["agent"]["cities"] == 0.5
    assert record.seats[0]["agent"]["rvp"] == -0.2
    assert record.seats[1]["agent"] == {"name": "heuristic"}
    normal = _actions(["heuristic"] * 3, 4, players=3)
    assert list(record.actions) != normal


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("heuristic:hould=1", "no parameter hould"),
        ("heuristic:depth=7", "depth must be from 0 to 4"),
        ("heuristic:rival=1.5", "rival must be from 0 to 1"),
        ("heuristic:lead=-0.1", "lead must be from 0 to 1"),
        ("heuristic:plan=4", "plan must be from 1 to 3"),
    ],
)
def test_a_bad_style_is_refused_with_what_was_wrong(spec: str, words: str) -> None:
    bot = parse_spec(spec)
    state = alea.load("hotre").new_initial_state()
    with pytest.raises(ValueError, match=words):
        bot.act(state, 0, random.Random(0))


def test_every_style_parameter_has_a_range_to_search_around_its_default() -> None:
    assert set(STYLE_SPACE) == {f.name for f in fields(Style)}
    for name, (low, high) in STYLE_SPACE.items():
        assert low <= getattr(Style(), name) <= high, name
        Style(**{name: low})
        Style(**{name: high})
    assert coerce(STYLE_SPACE, {"depth": "2", "cities": "0.1"}) == {"depth": 2, "cities": 0.1}


def test_counts_match_the_forces_on_the_map() -> None:
    state = HotreGame(players=4).new_initial_state()
    rng = make_rng(7)
    bot = HotreBot()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        S = state.seat_count
        for seat, (legions, armies, cities, forts, lands, people) in enumerate(counts(state)):
            assert legions == state.force_armies[seat]
            assert lands == forces.armies_lands(state, seat)
            mine = [g for g in range(len(state.force_kind)) if state.force_owner[g] == seat]
            assert armies == sum(state.force_armies[g] for g in mine if g >= S)
            held = [i for i, g in enumerate(state.force_in_land) if g in mine]
            assert lands + people == len(held)
            assert cities == sum(state.city_state[i] == 1 for i in held)
            assert forts == sum(
                state.fort_level[i] for i, g in enumerate(state.fort_owner) if g == seat
            )
        checked += 1
        state.apply_action(bot.act(state, state.current_player(), rng))
    assert checked > 100


def test_each_term_moves_the_evaluation_by_its_weight_times_its_count() -> None:
    state = HotreGame(players=4).new_initial_state()
    rng = make_rng(2)
    bot = HotreBot()
    seat = -1
    while seat < 0 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bot.act(state, state.current_player(), rng))
        have = [s for s, c in enumerate(counts(state)) if c[0] and c[2] and state.hands[s]]
        seat = have[0] if have and state.period > 1 else -1
    legions, _armies, cities, _forts, lands, people = counts(state)[seat]
    alone = Style(rival=0.0)
    base = evaluate(state, seat, alone)
    assert evaluate(state, seat, Style(rival=0.0, legions=0.5)) - base == pytest.approx(
        0.5 * legions
    )
    assert evaluate(state, seat, Style(rival=0.0, cities=0.25)) - base == pytest.approx(
        0.25 * cities
    )
    assert evaluate(state, seat, Style(rival=0.0, lands=0.5)) - base == pytest.approx(
        0.5 * (lands + people)
    )
    assert evaluate(state, seat, Style(rival=0.0, cards=1.0)) - base == pytest.approx(
        len(state.hands[seat])
    )


def test_a_bot_that_weighs_its_people_keeps_the_strongest_and_hands_on_the_weakest() -> None:
    # Between the two it weighs what it may yet be handed, which need not be better.
    keeps = 0
    hands = 0
    bot = HotreBot(people=2.0)
    for seed in range(6):
        state = HotreGame(players=4).new_initial_state()
        rng = make_rng(seed)
        while state.period == 1 and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            seat = state.current_player()
            action = bot.act(state, seat, rng)
            free = not state.people_counter[seat] and len(state.legal_actions()) > 1
            if state.stage == HAND and not state.emperor_handout and free:
                edge = PEOPLE_EDGE[0][state.drawn_counter]
                kept = isinstance(action, HandTo) and action.to == seat
                if edge == max(PEOPLE_EDGE[0]):
                    assert kept
                    keeps += 1
                elif edge == min(PEOPLE_EDGE[0]):
                    assert not kept
                    hands += 1
            state.apply_action(action)
    assert keeps
    assert hands


def _planned_position(seed: int) -> tuple[HotreState, int]:
    """The first position, from the second period on, of a seeded game of default bots where a
    seat builds, takes armies up or places them, with more than two choices."""
    state = HotreGame(players=4).new_initial_state()
    rng = make_rng(seed)
    bot = HotreBot()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if state.period >= 2 and state.stage in PLAN_STAGES and len(legal) > 2:
            return state, seat
        state.apply_action(bot.act(state, seat, rng))
    raise AssertionError("no such position")


def test_a_plan_of_two_weighs_each_decision_by_the_best_next_one_of_its_own() -> None:
    style = Style(plan=2)
    looked = 0
    for seed in (1, 2, 3):
        state, seat = _planned_position(seed)
        base = canonical(state, seat)
        legal = base.legal_actions()
        values = []
        for action in legal:
            after = base.clone()
            after.apply_action(action)
            planned = worth(base, action, seat, style, 1)
            plain = worth(base, action, seat, style, 0)
            penalty = expect(after, seat, style.depth, style) - plain
            if after.is_chance_node():
                pass  # the dice first: the plan's next decision is weighed under each outcome
            elif (
                after.stage in PLAN_STAGES
                and after.current_player() == seat
                and len(after.legal_actions()) > 1
            ):
                best = max(worth(after, a, seat, style, 0) for a in after.legal_actions())
                assert planned == pytest.approx(best - penalty)
                looked += 1
            else:
                assert planned == pytest.approx(plain)
            values.append(planned)
        chosen = HotreBot(plan=2).act(state, seat, make_rng(0))
        assert values[legal.index(chosen)] == pytest.approx(max(values))
    assert looked


def test_the_look_ahead_starts_from_the_best_one_step_choices_and_stops_at_its_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for a single look-ahead, the choice is among the best by the one-step worth,
    where the full look-ahead may choose otherwise."""
    style = Style(plan=2)
    otherwise = 0
    for seed in (1, 2, 3, 4):
        state, seat = _planned_position(seed)
        base = canonical(state, seat)
        legal = base.legal_actions()
        plain = [worth(base, a, seat, style, 0) for a in legal]
        full = HotreBot(plan=2).act(state, seat, make_rng(0))
        otherwise += plain[legal.index(full)] < max(plain) - 1e-9
        with monkeypatch.context() as m:
            m.setattr(bot_module, "PLAN_WORK", 1)
            chosen = HotreBot(plan=2).act(state, seat, make_rng(0))
        assert plain[legal.index(chosen)] == pytest.approx(max(plain))
    assert otherwise, "the full look-ahead chose as the one-step worth did: the test proves nothing"


def test_a_plan_of_two_plays_otherwise_than_the_default_and_still_legally() -> None:
    planned = _actions(["heuristic:plan=2", "heuristic", "heuristic", "heuristic"], 5)
    assert planned != _actions(["heuristic"] * 4, 5)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_expert_plays_its_tuned_planning_style_in_every_seat(players: int) -> None:
    """The file asks for no search (``"search": null``): the expert is the heuristic bot in its
    tuned style, looking two of its own decisions ahead; ``iterations=`` makes it search over
    that style."""
    config = registry.hook("hotre", "expert")()
    assert config["search"] is None
    assert config["think"] == "thinks ≤ 1 s"
    style = Style(**config["styles"]["all"])
    assert style != Style()
    assert style.plan == 2
    expert = parse_spec("expert")
    assert isinstance(expert, ExpertLevel)
    state = HotreGame(players=players).new_initial_state()
    rng = make_rng(players)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    player = expert.player("hotre", seat)
    assert isinstance(player, HotreBot)
    assert player.style == style
    assert expert.act(state, seat, random.Random(1)) in state.legal_actions()
    assert expert.searches == 0
    quick = parse_spec("expert:iterations=5")
    searcher = quick.player("hotre", seat)
    assert isinstance(searcher, SearchLevel)
    assert isinstance(searcher.search.policy, HotreBot)
    assert searcher.search.policy.style == style
    assert quick.act(state, seat, random.Random(1)) in state.legal_actions()
    assert quick.searches == 1
