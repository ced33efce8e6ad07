"""Bad input: actions out of turn, wrong chance outcomes, malformed action JSON and corrupt saved
positions are refused with a sentence that says why, and a refused action changes nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from forum_builders import A, B, C, D, at_fate, build_phase, mk, new_state, skip_to, stage

import alea
from alea.core.errors import RecordError
from alea.games.forum.actions import Build, Decide, Draw, Family, FirstPlayer, Move, Propose, Roll
from alea.games.forum.state import ForumState
from refusals import refused

# --- actions out of turn ----------------------------------------------------------------------


@pytest.mark.rule("FOR-2.2")
def test_a_move_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = new_state(first=B)
    skip_to(state, "move")
    assert state.current_player() == B
    err = refused(state, Decide(C, "done"), "FOR-2.2", "Cornelii' decision now, not the Licinii")
    assert "Licinii" in err.message
    refused(state, Move(A, 0, mk("Luna")), "FOR-2.2", "not the Aemilii")


@pytest.mark.rule("FOR-2.2")
def test_a_decision_for_another_phase_is_refused() -> None:
    state = new_state()
    skip_to(state, "move")
    refused(state, Build(A, 0), "FOR-2.2", "move stage")
    refused(state, Decide(A, "pay"), "FOR-2.2", "not a legal decision")


@pytest.mark.rule("FOR-2.2")
def test_a_player_cannot_answer_for_the_dice() -> None:
    state = new_state()
    assert stage(state) == "enter"
    refused(state, Decide(A, "done"), "FOR-2.2", "not the chance event pending")
    skip_to(state, "move")
    refused(state, Roll(6), "FOR-2.2", "no chance event is pending, it is the Aemilii' decision")


@pytest.mark.rule("FOR-2.2")
def test_a_seat_not_at_the_table_is_refused() -> None:
    state = new_state(players=2)
    skip_to(state, "move")
    refused(state, Decide(D, "done"), "FOR-2.2", "not seat 3")


@pytest.mark.rule("FOR-6.2")
def test_an_illegal_action_in_turn_names_its_rule() -> None:
    state = build_phase(players=2)
    refused(state, Build(A, mk("Luna")), "FOR-6.2", "needs an agent there")


@pytest.mark.rule("FOR-4.5")
def test_an_unaffordable_dowry_is_refused() -> None:
    state = new_state(players=2)
    skip_to(state, "social")
    refused(state, Propose(A, B, True, 500), "FOR-4.5", "the price in hand")


@pytest.mark.rule("FOR-9.1")
def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = at_fate(players=2)
    state.prestige[A] = 15
    state.apply_action(Draw(5))
    assert state.is_terminal()
    refused(state, Decide(B, "done"), "FOR-9.1", "the game is over")
    refused(state, Roll(3), "FOR-9.1", "the game is over")


# --- wrong chance outcomes --------------------------------------------------------------------


@pytest.mark.rule("FOR-2.2")
@pytest.mark.parametrize("value", [0, 7, -1])
def test_a_die_cannot_show_an_impossible_face(value: int) -> None:
    state = new_state()
    refused(state, Roll(value), "FOR-2.2", f"a die cannot show {value}")


@pytest.mark.rule("FOR-2.2")
def test_a_chance_outcome_of_the_wrong_kind_is_refused() -> None:
    state = new_state()
    assert stage(state) == "enter"
    refused(state, Draw(3), "FOR-2.2", "not the chance event pending")
    refused(state, Family(A, True), "FOR-2.2", "not the chance event pending")
    fate = at_fate()
    refused(fate, Roll(4), "FOR-2.2", "not the chance event pending")


@pytest.mark.rule("FOR-7.1")
def test_a_fate_card_not_in_the_deck_is_refused() -> None:
    state = at_fate()
    state.fate_deck.remove(12)
    refused(state, Draw(12), "FOR-7.1", "fate card 12 is not in the deck")
    refused(state, Draw(31), "FOR-7.1", "fate card 31 is not in the deck")


@pytest.mark.rule("FOR-1.4")
def test_a_family_card_for_the_wrong_seat_or_from_an_empty_pile_is_refused() -> None:
    state = alea.load("forum", players=3).new_initial_state()
    assert isinstance(state, ForumState)
    refused(state, FirstPlayer(3), "FOR-1.6", "there is no seat 3")
    state.apply_action(FirstPlayer(B))
    assert stage(state) == "deal"
    refused(state, Family(B, True), "FOR-1.4", "the Aemilii draw now, not the Cornelii")
    state.deck_sons = 0
    refused(state, Family(A, True), "FOR-1.4", "no such card")


# --- malformed action JSON --------------------------------------------------------------------

BAD_ACTIONS: list[tuple[Any, str]] = [
    ("roll 6", "not a Forum action"),
    ({"value": 3}, "not a Forum action"),
    ({"type": 3}, "not a Forum action"),
    ({"type": "shuffle"}, "unknown Forum action type 'shuffle'"),
    ({"type": "roll"}, "'roll' lacks 'value'"),
    ({"type": "roll", "value": 7}, "'roll': value must be a whole number from 1 to 6, not 7"),
    ({"type": "roll", "value": "6"}, "'roll': value must be a whole number"),
    ({"type": "roll", "value": True}, "'roll': value must be a whole number"),
    ({"type": "roll", "value": 3, "seat": 1}, "'roll' has no field 'seat'"),
    ({"type": "fate", "card": 31}, "'fate': card must be a whole number from 1 to 30"),
    (
        {"type": "move", "seat": 0, "from": "Rome", "to": "Atlantis"},
        "to must be a market of the Forum board, not 'Atlantis'",
    ),
    ({"type": "move", "seat": 0, "from": "Rome"}, "lacks 'to'"),
    ({"type": "decide", "seat": 9, "verb": "pass"}, "seat must be a whole number from 0 to 3"),
    ({"type": "decide", "seat": 1, "verb": "shout"}, "verb must be one of done, pass.*'shout'"),
    ({"type": "decide", "seat": 1, "verb": []}, r"'decide': verb must be one of .*not \[\]"),
    ({"type": "decide", "seat": [1], "verb": "pass"}, r"seat must be a whole number .*\[1\]"),
    ({"type": "family", "seat": 1, "son": "yes"}, "son must be true or false"),
    ({"type": "give", "seat": 1, "space": 9}, "space must be a whole number from 0 to 8"),
    ({"type": "build", "seat": 1, "market": 57}, "market must be a market .* not 57"),
    ({"type": "build", "seat": 1, "market": {}}, "market must be a market .* not {}"),
]


@pytest.mark.parametrize(("data", "match"), BAD_ACTIONS)
def test_malformed_action_json_is_a_record_error(data: Any, match: str) -> None:
    game = alea.load("forum")
    with pytest.raises(RecordError, match=match):
        game.action_from_json(data)


def test_every_action_survives_its_json() -> None:
    game = alea.load("forum")
    for action in (
        Roll(4),
        Draw(17),
        Family(C, False),
        FirstPlayer(D),
        Move(A, 0, mk("Luna")),
        Propose(B, C, True, 300),
        Decide(D, "refuse"),
    ):
        assert game.action_from_json(action.to_json()) == action


# --- corrupt saved positions ------------------------------------------------------------------


def saved() -> dict[str, Any]:
    state = at_fate()
    state.apply_action(Draw(29))  # someone must answer: a position with a queue
    data: dict[str, Any] = state.to_json()
    return data


def setter(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d[key] = value

    return change


def dropper(key: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        del d[key]

    return change


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("no money", dropper("money"), "malformed.*'money'"),
    ("no history", dropper("history"), "malformed.*'history'"),
    ("money a word", setter("money", "lots"), "money has the wrong shape"),
    ("money for three", setter("money", [1, 2, 3]), "money has the wrong shape"),
    ("money in words", setter("money", ["a", "b", "c", "d"]), "money holds 'a'"),
    ("stage a word", setter("stage", "move"), "stage holds 'move'"),
    ("stage missing", setter("stage", None), "stage holds None"),
    ("stage unknown", setter("stage", 99), "stage holds 99"),
    ("horrea in words", setter("horrea", ["x"] * 57), "horrea holds 'x'"),
    ("horrea too many", setter("horrea", [99] * 57), "horrea holds 99"),
    ("agent nowhere", setter("agents", [[999, -1, -1, -1]] * 4), "agents holds 999"),
    ("agents cut short", setter("agents", [[0]] * 4), "agents has the wrong shape"),
    ("senate in numbers", setter("senator", [1, 0, 0, 0]), "senator holds 1"),
    ("player a word", setter("player", "x"), "player holds 'x'"),
    ("player unknown", setter("player", 7), "player holds 7"),
    ("card 99", setter("fate_deck", [99]), "fate_deck holds 99"),
    ("card twice", setter("fate_deck", [4, 4]), "card twice"),
    ("children negative", setter("sons", [-1, 0, 0, 0]), "children holds -1"),
    ("queue of strangers", setter("queue", [5]), "queue holds 5"),
    ("marriage of two", setter("marriages", [[0, 1]]), "malformed"),
    ("proposal cut short", setter("proposal", [1]), "malformed"),
    ("order of words", setter("order", "abc"), "malformed"),
    ("history a number", setter("history", 5), "malformed"),
    ("history garbled", setter("history", [{"type": "roll", "value": 9}]), "value must be"),
    ("another game", setter("game", "triumvirate"), "not a saved Forum position"),
    ("other players", setter("players", 3), "has 3 players, the game 4"),
    ("other options", setter("options", {"ruleset": "complete"}), "other options"),
]


@pytest.mark.parametrize(
    ("change", "match"), [c[1:] for c in CORRUPTIONS], ids=[c[0] for c in CORRUPTIONS]
)
def test_a_corrupt_saved_position_is_a_record_error(
    change: Callable[[dict[str, Any]], None], match: str
) -> None:
    data = saved()
    game = alea.load("forum")
    assert game.state_from_json(copy.deepcopy(data)) == game.state_from_json(data)
    change(data)
    with pytest.raises(RecordError, match=match):
        game.state_from_json(data)


@pytest.mark.parametrize("data", [None, [1, 2], "forum", 42])
def test_what_is_not_a_position_at_all(data: Any) -> None:
    with pytest.raises(RecordError, match="not a saved Forum position"):
        alea.load("forum").state_from_json(data)


def test_a_saved_position_comes_back_equal_and_plays_on() -> None:
    state = at_fate()
    state.apply_action(Draw(29))
    game = alea.load("forum")
    back = game.state_from_json(state.to_json())
    assert back == state
    assert back.legal_actions() == state.legal_actions()
    action = state.legal_actions()[0]
    back.apply_action(action)
    state.apply_action(action)
    assert back.to_json() == state.to_json()
