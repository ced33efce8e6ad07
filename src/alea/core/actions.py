"""Action types declared once: JSON form, parsing and text derived from a dataclass's fields.

A game declares each action as a class that subclasses ``DeclaredAction``, naming its JSON
``type`` with the class keyword ``json_type`` and, usually, its text with ``template``; the class
becomes a frozen dataclass with slots, so it declares nothing but its fields. Each field's
annotation says what it holds: ``int``, ``bool``, ``str`` or ``tuple[int, ...]``, optionally
refined with ``Annotated`` by a codec (a range, the names of seats or places, a set of words) and
by ``Key`` when its JSON key differs from the attribute's name::

    Seat = Annotated[int, Whole(0, 2, names=FORCES)]

    class Move(DeclaredAction, json_type="move", template="{seat} moves a troop {src}→{to}"):
        seat: Seat
        src: Annotated[int, HEX, Key("from")]
        to: Annotated[int, HEX]

    ACTIONS = ActionSet("Triumvirate", (Move, ...))

``ACTIONS.from_json`` then checks every field against its annotation and raises ``RecordError``
with a sentence that names the action type and the field, so malformed input (a list where a
word belongs, a seat out of range, a place that does not exist) never reaches the rules.
"""

from __future__ import annotations

import dataclasses
from abc import ABCMeta
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import (
    Annotated,
    Any,
    ClassVar,
    Final,
    cast,
    dataclass_transform,
    get_args,
    get_origin,
    get_type_hints,
)

from alea.core.errors import RecordError
from alea.core.game import JSON, Action


class FieldError(ValueError):
    """A JSON value a field cannot hold; the message completes "<field> ..."."""


class Codec:
    """How values of one kind go to JSON, come back checked, and read as text.

    Attributes:
        kind: the Python type of the field it serves (``int``, ``bool``, ``str``, ``tuple``).

    """

    kind: ClassVar[type] = object

    def dump(self, value: Any) -> Any:
        """The JSON form of ``value``."""
        return value

    def load(self, raw: Any) -> Any:
        """The value of JSON ``raw``; ``FieldError`` saying what is wrong otherwise."""
        raise NotImplementedError

    def text(self, value: Any) -> str:
        """``value`` as a player reads it."""
        return str(value)


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a JSON whole number (``true`` and ``false`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Whole(Codec):
    """A whole number, in ``lo..hi`` when given; ``names`` or ``text`` say how it reads.

    Args:
        lo: the least value allowed, if any.
        hi: the greatest value allowed, if any.
        names: the text of each value (a seat's name, say), indexed by the value.
        text: a function giving the text of a value, when ``names`` will not do.

    """

    kind = int

    def __init__(
        self,
        lo: int | None = None,
        hi: int | None = None,
        *,
        names: Sequence[str] | None = None,
        text: Callable[[int], str] | None = None,
    ) -> None:
        self.lo = lo
        self.hi = hi
        self.names = names
        self.text_of = text

    def load(self, raw: Any) -> int:
        """``raw`` if it is a whole number in range."""
        lo, hi = self.lo, self.hi
        if is_whole(raw) and (lo is None or raw >= lo) and (hi is None or raw <= hi):
            return int(raw)
        if lo is not None and hi is not None:
            raise FieldError(f"must be a whole number from {lo} to {hi}, not {raw!r}")
        if lo is not None:
            raise FieldError(f"must be a whole number of at least {lo}, not {raw!r}")
        if hi is not None:
            raise FieldError(f"must be a whole number of at most {hi}, not {raw!r}")
        raise FieldError(f"must be a whole number, not {raw!r}")

    def text(self, value: Any) -> str:
        """The value's name, or the number."""
        if self.text_of is not None:
            return self.text_of(value)
        if self.names is not None:
            return str(self.names[value])
        return str(value)


class Flag(Codec):
    """A yes or no; ``yes`` and ``no`` are its text either way."""

    kind = bool

    def __init__(self, yes: str = "yes", no: str = "no") -> None:
        self.yes = yes
        self.no = no

    def load(self, raw: Any) -> bool:
        """``raw`` if it is ``true`` or ``false``."""
        if isinstance(raw, bool):
            return raw
        raise FieldError(f"must be true or false, not {raw!r}")

    def text(self, value: Any) -> str:
        """The yes or no text."""
        return self.yes if value else self.no


class Word(Codec):
    """A word from a fixed set; a mapping's values are the words' text.

    Args:
        words: the words allowed (any word when ``None``), or a mapping from each to its text.

    """

    kind = str

    def __init__(self, words: Iterable[str] | Mapping[str, str] | None = None) -> None:
        self.texts: Mapping[str, str] | None = (
            None
            if words is None
            else words
            if isinstance(words, Mapping)
            else {w: w for w in words}
        )

    def load(self, raw: Any) -> str:
        """``raw`` if it is one of the words."""
        texts = self.texts
        if isinstance(raw, str) and (texts is None or raw in texts):
            return raw
        if texts is None:
            raise FieldError(f"must be a word, not {raw!r}")
        raise FieldError(f"must be one of {', '.join(texts)}; not {raw!r}")

    def text(self, value: Any) -> str:
        """The word's text (the word itself when it has none)."""
        texts = self.texts
        return str(value) if texts is None else str(texts.get(value, value))


class Named(Codec):
    """An index into a table of named things (markets, lands) that goes to JSON by name.

    Parsing accepts the name or the index, so hand-written JSON may use either.

    Args:
        names: the name of each index.
        what: what the things are, for error messages ("a market of the Forum board").

    """

    kind = int

    def __init__(self, names: Sequence[str], what: str) -> None:
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.what = what

    def dump(self, value: Any) -> str:
        """The thing's name."""
        name: str = self.names[value]
        return name

    def load(self, raw: Any) -> int:
        """The index of the name (or index) ``raw``."""
        if isinstance(raw, str) and raw in self.index:
            return self.index[raw]
        if is_whole(raw) and 0 <= raw < len(self.names):
            return int(raw)
        raise FieldError(f"must be {self.what}, not {raw!r}")

    def text(self, value: Any) -> str:
        """The thing's name."""
        return str(self.names[value])


class Wholes(Codec):
    """A tuple of whole numbers, each checked by ``item``; a list in JSON."""

    kind = tuple

    def __init__(self, item: Whole | None = None) -> None:
        self.item = item or Whole()

    def dump(self, value: Any) -> list[Any]:
        """The JSON list."""
        return [self.item.dump(v) for v in value]

    def load(self, raw: Any) -> tuple[int, ...]:
        """The tuple of the list ``raw``."""
        if not isinstance(raw, list):
            raise FieldError(f"must be a list of whole numbers, not {raw!r}")
        try:
            return tuple(self.item.load(v) for v in raw)
        except FieldError as exc:
            raise FieldError(f"must be a list whose every item {exc}") from None

    def text(self, value: Any) -> str:
        """The items' texts, comma-separated."""
        return ", ".join(self.item.text(v) for v in value)


class Key:
    """An ``Annotated`` marker: the field's JSON key, where it differs from its name."""

    def __init__(self, name: str) -> None:
        self.name = name


_DEFAULT_CODECS: Final[dict[Any, Codec]] = {
    int: Whole(),
    bool: Flag(),
    str: Word(),
}


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    key: str
    codec: Codec
    default: Any


def _base_type(hint: Any) -> Any:
    origin = get_origin(hint)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis and args[0] is int:
            return tuple
    return hint


def _declared_fields(cls: type[DeclaredAction]) -> tuple[_Field, ...]:
    hints = get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        meta: tuple[Any, ...] = ()
        if get_origin(hint) is Annotated:
            hint, *rest = get_args(hint)
            meta = tuple(rest)
        base = _base_type(hint)
        codecs = [m for m in meta if isinstance(m, Codec)]
        keys = [m.name for m in meta if isinstance(m, Key)]
        if len(codecs) > 1 or len(keys) > 1:
            raise TypeError(f"{cls.__name__}.{f.name} declares more than one codec or key")
        if codecs:
            codec = codecs[0]
        elif base is tuple:
            codec = Wholes()
        elif base in _DEFAULT_CODECS:
            codec = _DEFAULT_CODECS[base]
        else:
            raise TypeError(f"{cls.__name__}.{f.name}: no JSON form for a field of type {hint!r}")
        if codec.kind is not base:
            raise TypeError(
                f"{cls.__name__}.{f.name} is a {base.__name__} field, but its codec "
                f"{type(codec).__name__} holds {codec.kind.__name__} values"
            )
        default = f.default if f.default is not dataclasses.MISSING else dataclasses.MISSING
        out.append(_Field(f.name, keys[0] if keys else f.name, codec, default))
    return tuple(out)


@dataclass_transform(frozen_default=True)
class _Declaring(ABCMeta):
    """Makes each subclass of ``DeclaredAction`` a frozen dataclass with slots."""

    def __new__(
        mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any
    ) -> _Declaring:
        cls = super().__new__(mcs, name, bases, ns, **kw)
        # ``DeclaredAction`` itself holds no fields, and ``dataclass(slots=True)`` builds the
        # slotted class anew through this metaclass: neither is wrapped again.
        if not any(isinstance(b, _Declaring) for b in bases) or "__dataclass_fields__" in ns:
            return cls
        made: Any = dataclasses.dataclass(frozen=True, slots=True)(cast(Any, cls))
        return cast(_Declaring, made)


class DeclaredAction(Action, metaclass=_Declaring):
    """An action whose JSON form and text follow from its fields (see the module's docstring).

    Subclasses are frozen dataclasses with slots. The class keyword ``json_type`` is the
    ``"type"`` of the JSON form; ``template`` is the text, with ``{field}`` standing for the text
    of that field (a subclass whose text needs more than a template overrides ``__str__``).
    ``problem`` may name what is wrong with a combination of fields that are each well-formed.
    """

    __slots__ = ()

    json_type: ClassVar[str] = ""
    template: ClassVar[str] = ""
    declared: ClassVar[tuple[_Field, ...]] = ()

    def __init_subclass__(cls, *, json_type: str = "", template: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        # The slotted copy of a class is made without the keywords; it keeps the first's.
        if json_type:
            cls.json_type = json_type
        if template:
            cls.template = template

    def to_json(self) -> JSON:
        """The JSON form: ``{"type": json_type, key: value, ...}`` in field order."""
        d: JSON = {"type": self.json_type}
        for f in self.declared:
            d[f.key] = f.codec.dump(getattr(self, f.name))
        return d

    def field_texts(self) -> dict[str, str]:
        """Each field's text, by field name, as the template uses them."""
        return {f.name: f.codec.text(getattr(self, f.name)) for f in self.declared}

    def __str__(self) -> str:
        return self.template.format_map(self.field_texts())

    def problem(self) -> str | None:
        """What is wrong with these fields together, if anything (checked when parsing)."""
        return None


class ActionSet:
    """The action types of one game: parses their JSON forms, checked field by field.

    Args:
        game: the game's name as players read it, for error messages ("Forum").
        types: every action type of the game.

    """

    def __init__(self, game: str, types: Iterable[type[DeclaredAction]]) -> None:
        self.game = game
        self.by_type: dict[str, type[DeclaredAction]] = {}
        for cls in types:
            if not cls.json_type or cls.json_type in self.by_type:
                raise TypeError(f"{cls.__name__} needs a json_type of its own")
            cls.declared = _declared_fields(cls)
            self.by_type[cls.json_type] = cls

    def from_json(self, data: Any) -> DeclaredAction:
        """The action of JSON ``data``; anything malformed raises ``RecordError`` naming it."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise RecordError(f"not a {self.game} action: {data!r}")
        kind = data["type"]
        cls = self.by_type.get(kind)
        if cls is None:
            raise RecordError(
                f"unknown {self.game} action type {kind!r}; the types are {', '.join(self.by_type)}"
            )
        what = f"{self.game} action {kind!r}"
        fields = cls.declared
        extra = set(data) - {"type", *(f.key for f in fields)}
        if extra:
            raise RecordError(f"{what} has no field {sorted(extra)[0]!r}")
        values = []
        for f in fields:
            if f.key in data:
                try:
                    values.append(f.codec.load(data[f.key]))
                except FieldError as exc:
                    raise RecordError(f"{what}: {f.key} {exc}") from None
            elif f.default is not dataclasses.MISSING:
                values.append(f.default)
            else:
                raise RecordError(f"{what} lacks {f.key!r}")
        action = cls(*values)
        problem = action.problem()
        if problem is not None:
            raise RecordError(f"{what}: {problem}")
        return action
