"""The position kit: every game's generated ``clone`` copies each of its fields, none shared."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest

import alea
from alea.core.positions import cloner
from sampled_positions import play_on


def _slots(obj: object) -> list[str]:
    return [name for cls in type(obj).__mro__ for name in getattr(cls, "__slots__", ())]


@pytest.mark.parametrize("game_id", alea.GAMES)
def test_a_clone_holds_every_field_equal_and_no_list_of_the_original(game_id: str) -> None:
    state: Any = alea.load(game_id).new_initial_state()
    play_on(state, random.Random(7), 60)
    copy = state.clone()
    assert type(copy) is type(state)
    names = _slots(state)
    assert names
    for name in names:
        mine = getattr(state, name)
        theirs = getattr(copy, name)
        assert theirs == mine, name
        if isinstance(mine, list | array | dict | set):
            assert theirs is not mine, f"{name} is shared by the clone"
        if isinstance(mine, list):
            for inner, outer in zip(theirs, mine, strict=True):
                if isinstance(inner, list | set | dict):
                    assert inner is not outer, f"{name} shares an inner list"


def test_cloner_refuses_what_is_not_a_field_name() -> None:
    with pytest.raises(ValueError, match="not a field name"):
        cloner(shared=("game; import os",))
