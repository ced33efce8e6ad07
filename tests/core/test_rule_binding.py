"""The rule binder: a state class names its rule modules and gets their functions as methods."""

from __future__ import annotations

import types
from abc import abstractmethod
from typing import Any

import pytest

import alea
from alea.core.game import HOOKS, State, bind_rules, handover


class _Position(State):
    """A stand-in position: the contract's abstract methods and one hand-over left open."""

    @abstractmethod
    def _next_step(self) -> None:
        """A hand-over a rule module calls through the position."""


def _rules(name: str, **functions: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, fn in functions.items():
        fn.__module__ = name
        setattr(module, key, fn)
    return module


_CONTRACT = (
    "current_player",
    "legal_actions",
    "chance_outcomes",
    "apply_action",
    "clone",
    "returns",
    "scores",
    "history",
    "observation",
    "determinize",
    "to_json",
    "next_step",
)


def _answer(module: str) -> Any:
    def answer(s: Any, *args: Any) -> Any:
        return (module, args)

    return answer


def _new(cls: Any) -> Any:
    """An instance of a class mypy cannot see bound (the binding happens as the class is made)."""
    return cls()


def _contract(name: str) -> types.ModuleType:
    """A rules module that defines every function ``_Position`` leaves open."""
    return _rules(name, **{n: _answer(name) for n in _CONTRACT})


def test_every_abstract_method_and_hand_over_is_the_module_function_of_its_name() -> None:
    rules = _contract("rules_a")

    class Bound(_Position, rules=(rules,)):
        pass

    assert not Bound.__abstractmethods__
    assert Bound.__dict__["apply_action"] is rules.apply_action
    assert Bound.__dict__["_next_step"] is rules.next_step
    state = _new(Bound)
    assert state.apply_action("x") == ("rules_a", ("x",))


def test_a_hook_with_a_default_is_bound_only_where_a_module_defines_it() -> None:
    def outcome_text(s: Any) -> str:
        return "over"

    class Plain(_Position, rules=(_contract("rules_b"),)):
        pass

    class Told(
        _Position, rules=(_contract("rules_c"), _rules("rules_d", outcome_text=outcome_text))
    ):
        pass

    assert "outcome_text" in HOOKS
    assert _new(Plain).outcome_text() == ""
    assert _new(Told).outcome_text() == "over"


def test_a_function_a_module_only_imports_is_not_bound() -> None:
    borrowed = _contract("rules_e")
    lender = _rules("rules_f", outcome_text=lambda s: "borrowed")
    vars(borrowed)["outcome_text"] = lender.outcome_text  # an import, not a definition

    class Own(_Position, rules=(borrowed,)):
        pass

    assert _new(Own).outcome_text() == ""


def test_a_missing_function_names_itself() -> None:
    rules = _contract("rules_g")
    del rules.next_step
    with pytest.raises(TypeError, match="no rules module defines next_step"):
        bind_rules(type("Half", (_Position,), {}), (rules,))


def test_a_function_two_modules_define_is_refused() -> None:
    with pytest.raises(TypeError, match=r"more than one rules module defines _?\w+"):
        bind_rules(type("Twice", (_Position,), {}), (_contract("rules_h"), _contract("rules_i")))


@pytest.mark.parametrize("game_id", alea.GAMES)
def test_every_game_state_is_bound_whole_with_plain_functions(game_id: str) -> None:
    cls = type(alea.load(game_id).new_initial_state())
    assert not cls.__abstractmethods__
    for name in ("apply_action", "chance_outcomes", "observation", "determinize", "returns"):
        fn = cls.__dict__[name]
        assert isinstance(fn, types.FunctionType), name
        assert fn.__module__.startswith(f"alea.games.{game_id}."), name


def test_a_hand_over_stays_abstract_until_bound_and_keeps_its_words() -> None:
    class Position(_Position):
        _end_turn = handover("End the turn.")

    assert "_end_turn" in Position.__abstractmethods__
    assert Position._end_turn.__doc__ == "End the turn."
    with pytest.raises(TypeError, match="no rules module defines end_turn"):
        bind_rules(type("Unbound", (Position,), {}), (_contract("rules_j"),))
    done = _rules("rules_k", end_turn=_answer("rules_k"))

    class Bound(Position, rules=(_contract("rules_l"), done)):
        pass

    assert _new(Bound)._end_turn() == ("rules_k", ())
