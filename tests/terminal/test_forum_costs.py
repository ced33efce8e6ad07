"""Forum's terminal texts about money: what a choice costs, debt, and the dice the guide names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rich.text import Text

import alea
from alea.core.game import State
from alea.games.forum import terminal as view
from alea.games.forum.actions import Build, Give
from sampled_positions import first_position


def first_state(wanted: Callable[[State], bool]) -> State:
    """The first position of random four-player games (seeds 1, 2, ...) that is ``wanted``."""
    return first_position("forum", wanted, range(1, 40))


def _builder(s: State) -> bool:
    p = s.current_player()
    return p >= 0 and any(isinstance(a, Build) for a in s.legal_actions())


def _rows(state: State) -> dict[str, list[str]]:
    actions = state.legal_actions()
    rows = view.choice_rows(state, actions, range(len(actions)))
    return {label: [Text.from_markup(t).plain for _, t in entries] for label, entries in rows}


def _with_money(state: State, money: int, prestige: int) -> State:
    """The same position with the player to move holding ``money`` and ``prestige``."""
    s: Any = state.clone()
    p = s.current_player()
    s.money[p] = money
    s.prestige[p] = prestige
    s._legal = None  # the cached choices rest on the money just changed
    return s


def _build_menu(money: int) -> list[str]:
    """The build choices offered to a player with ``money`` and 3 prestige (there are some)."""
    builds = _rows(_with_money(first_state(_builder), money, 3))["build a horreum in"]
    assert builds
    return builds


@pytest.mark.rule("FOR-6.2")
def test_the_build_menu_names_the_price_not_the_profit() -> None:
    for text in _build_menu(1000):
        assert "($100;" in text
        assert "$75 each" not in text
        assert "a trade" in text


@pytest.mark.rule("FOR-8.2")
def test_a_spend_into_debt_is_flagged_with_its_prestige() -> None:
    assert all("into debt: −1 prestige" in text for text in _build_menu(50))
    assert all("debt" not in text for text in _build_menu(500))


@pytest.mark.rule("FOR-8.2")
def test_the_log_tells_the_prestige_a_new_debt_costs() -> None:
    state = _with_money(first_state(_builder), 50, 3)
    build = next(a for a in state.legal_actions() if isinstance(a, Build))
    p = state.current_player()
    before = state.observation(None)
    text = state.action_to_string(build)
    state.apply_action(build)
    after = state.observation(None)
    lines = [Text.from_markup(n.text).plain for n in view.narrate(before, build, text, after)]
    mine = next(line for line in lines if line.startswith(f"  the {view.GENTES[p]}:"))
    assert "−$100 (now −$50)" in mine
    assert "$100 of new debt costs 1 prestige" in mine


@pytest.mark.rule("FOR-6.5")
def test_a_benefaction_into_debt_is_flagged_too() -> None:
    state = first_state(lambda s: any(isinstance(a, Give) for a in s.legal_actions()))
    poor = _with_money(state, 0, 3)
    gifts = _rows(poor)["give a benefaction"]
    assert gifts
    assert all("into debt: −2 prestige" in t for t in gifts if "($200)" in t)


@pytest.mark.rule("FOR-3.1")
@pytest.mark.rule("FOR-4.4")
def test_the_guide_names_the_dice_and_costs_of_the_options_played() -> None:
    default = " ".join(Text.from_markup(view.guide(alea.load("forum").options)).plain.split())
    assert "on 4+ one enters Rome" in default
    assert "roll 4+ (2+ if you are married into that market's aristocracy, 6+ if" in default
    assert "($100)" in default
    house = alea.load("forum", enter_roll=5, contest_roll=3, build_cost=150).options
    text = " ".join(Text.from_markup(view.guide(house)).plain.split())
    assert "on 5+ one enters Rome" in text
    assert "roll 3+" in text
    assert "($150)" in text
    assert view.guide({}) == view.GUIDE
