"""The action kit: JSON forms, parsing and text derived from a dataclass's annotated fields."""

from __future__ import annotations

from typing import Annotated, Any

import pytest

import alea
from alea.core.actions import ActionSet, DeclaredAction, Flag, Key, Named, Whole, Word
from alea.core.errors import RecordError

Side = Annotated[int, Whole(0, 1, names=("North", "South"))]
Town = Annotated[int, Named(("Ostia", "Capua", "Tarentum"), "a town of the toy map")]


class Walk(DeclaredAction, json_type="walk", template="{side} walk {src} → {to}{fast}"):
    side: Side
    src: Annotated[Town, Key("from")]
    to: Town
    fast: Annotated[bool, Flag(" quickly", "")] = False


class Say(DeclaredAction, json_type="say", template="{side} say {word}"):
    side: Side
    word: Annotated[str, Word({"ave": "hail", "vale": "farewell"})]


class Throw(DeclaredAction, json_type="throw", template="dice {dice}"):
    dice: tuple[int, ...]
    best: int

    def problem(self) -> str | None:
        return None if self.best in self.dice else f"best {self.best} is not among the dice"


TOY = ActionSet("Toy", (Walk, Say, Throw))


def test_the_json_form_follows_the_fields_in_order_with_their_keys() -> None:
    assert Walk(1, 0, 2).to_json() == {
        "type": "walk",
        "side": 1,
        "from": "Ostia",
        "to": "Tarentum",
        "fast": False,
    }
    assert list(Walk(1, 0, 2).to_json()) == ["type", "side", "from", "to", "fast"]
    assert Throw((3, 5), 5).to_json() == {"type": "throw", "dice": [3, 5], "best": 5}


@pytest.mark.parametrize(
    "action", [Walk(0, 1, 2, True), Walk(1, 2, 0), Say(0, "vale"), Throw((6, 1, 6), 6)]
)
def test_every_action_comes_back_from_its_json(action: DeclaredAction) -> None:
    assert TOY.from_json(action.to_json()) == action


def test_the_text_follows_the_template_with_each_fields_text() -> None:
    assert str(Walk(0, 1, 2, True)) == "North walk Capua → Tarentum quickly"
    assert str(Say(1, "ave")) == "South say hail"
    assert str(Throw((2, 4), 4)) == "dice 2, 4"


def test_a_named_field_takes_the_name_or_the_index() -> None:
    data = {"type": "walk", "side": 0, "from": 1, "to": "Ostia"}
    assert TOY.from_json(data) == Walk(0, 1, 0)


def test_a_missing_field_with_a_default_takes_the_default() -> None:
    assert TOY.from_json({"type": "walk", "side": 0, "from": 0, "to": 1}).fast is False  # type: ignore[attr-defined]


BAD: list[tuple[Any, str]] = [
    ([], "not a Toy action"),
    ({"side": 0}, "not a Toy action"),
    ({"type": "fly"}, "unknown Toy action type 'fly'; the types are walk, say, throw"),
    ({"type": "say", "side": 0}, "Toy action 'say' lacks 'word'"),
    ({"type": "say", "side": 0, "word": "ave", "loud": True}, "'say' has no field 'loud'"),
    ({"type": "say", "side": 0, "word": []}, r"'say': word must be one of ave, vale; not \[\]"),
    ({"type": "say", "side": 0, "word": "salve"}, "word must be one of ave, vale; not 'salve'"),
    ({"type": "say", "side": 2, "word": "ave"}, "side must be a whole number from 0 to 1, not 2"),
    ({"type": "say", "side": False, "word": "ave"}, "side must be a whole number"),
    ({"type": "say", "side": 0.0, "word": "ave"}, "side must be a whole number"),
    ({"type": "walk", "side": 0, "from": "Roma", "to": 1}, "from must be a town of the toy map"),
    ({"type": "walk", "side": 0, "from": 3, "to": 1}, "from must be a town of the toy map"),
    ({"type": "walk", "side": 0, "from": 0, "to": 1, "fast": 1}, "fast must be true or false"),
    ({"type": "throw", "dice": 3, "best": 3}, "dice must be a list of whole numbers"),
    ({"type": "throw", "dice": [3, "4"], "best": 3}, "dice must be a list whose every item"),
    ({"type": "throw", "dice": [3], "best": 4}, "'throw': best 4 is not among the dice"),
]


@pytest.mark.parametrize(("data", "match"), BAD)
def test_malformed_json_is_a_record_error_naming_the_field(data: Any, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        TOY.from_json(data)


def test_a_codec_must_suit_the_fields_type() -> None:
    class Wrong(DeclaredAction, json_type="wrong"):
        flag: Annotated[bool, Whole(0, 1)]

    with pytest.raises(TypeError, match=r"Wrong\.flag is a bool field"):
        ActionSet("Toy", (Wrong,))


def test_two_types_may_not_share_a_json_type() -> None:
    class Again(DeclaredAction, json_type="say"):
        side: Side

    with pytest.raises(TypeError, match="json_type of its own"):
        ActionSet("Toy", (Say, Again))


@pytest.mark.parametrize("game_id", alea.GAMES)
@pytest.mark.parametrize(
    "data",
    [
        {"type": "decide", "seat": 0, "verb": []},
        {"type": "decide", "seat": 0, "verb": {}},
        {"type": "decide", "seat": [0], "verb": "pass"},
    ],
)
def test_no_game_lets_an_unhashable_value_reach_its_rules(game_id: str, data: Any) -> None:
    game = alea.load(game_id)
    with pytest.raises(RecordError, match=r"action 'decide': (verb|seat) must be"):
        game.action_from_json(data)
