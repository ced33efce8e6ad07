"""Forum actions: small frozen data; the rules in ``state.py`` give them effect."""

from __future__ import annotations

from typing import Annotated, Any, Final

from alea.core.actions import ActionSet, DeclaredAction, Flag, Key, Named, Whole, Word
from alea.core.game import Action
from alea.games.forum.board import BOARD

GENTES: Final = ("Aemilii", "Cornelii", "Licinii", "Valerii")
"""Seat names: four Roman families, in seat order."""

PRICES: Final = (0, 100, 200, 300, 400, 500)
"""Dowries a proposal or a counter-offer may name (FOR-4.5)."""

BENEFACTION_KINDS: Final = BOARD.benefactions

_VERB_TEXT: Final = {
    "done": "have finished moving their agents",
    "pass": "pass",
    "accept": "accept",
    "decline": "decline",
    "pay": "pay",
    "refuse": "refuse",
}


def space_name(space: int) -> str:
    """A benefaction space as text, e.g. ``QVAESTOR TEMPLE``."""
    band, kind = divmod(space, len(BENEFACTION_KINDS))
    return f"{BOARD.bands[band].name} {BENEFACTION_KINDS[kind]}"


Seat = Annotated[int, Whole(0, 3, names=GENTES)]
Market = Annotated[int, Named([m.name for m in BOARD.markets], "a market of the Forum board")]
Child = Annotated[bool, Flag("son", "daughter")]
Price = Annotated[int, Whole(0, 100_000)]


class FirstPlayer(
    DeclaredAction, json_type="first", template="the {seat} win the roll and play first"
):
    """Chance: the roll for first player (FOR-1.6)."""

    seat: Seat


class Family(DeclaredAction, json_type="family", template="the {seat} draw a family card ({son})"):
    """Chance: a family card drawn by ``seat`` (FOR-1.4, FOR-7.15): a son or a daughter."""

    seat: Seat
    son: Child


class Roll(DeclaredAction, json_type="roll", template="the die shows {value}"):
    """Chance: one six-sided die."""

    value: Annotated[int, Whole(1, 6)]


class Draw(DeclaredAction, json_type="fate", template="fate card {card} is drawn"):
    """Chance: the fate card drawn this turn (FOR-7.1), by its number 1-30."""

    card: Annotated[int, Whole(1, 30)]


class Decide(DeclaredAction, json_type="decide", template="the {seat} {verb}"):
    """A decision without a place: finish moving, pass, accept, decline, pay or refuse."""

    seat: Seat
    verb: Annotated[str, Word(_VERB_TEXT)]


class Move(DeclaredAction, json_type="move", template="the {seat} move an agent {src} → {to}"):
    """An agent steps along one link (FOR-3.2)."""

    seat: Seat
    src: Annotated[Market, Key("from")]
    to: Market


class MarryLocal(
    DeclaredAction,
    json_type="marry_local",
    template="the {seat} marry a {son} into the aristocracy of {market}",
):
    """Marry a child into the local aristocracy of ``market`` (FOR-4.3, FOR-7.12)."""

    seat: Seat
    market: Market
    son: Child


class Propose(
    DeclaredAction,
    json_type="propose",
    template="the {seat} offer their {son} in marriage to the {to} for ${price}",
):
    """Propose a marriage alliance to ``to``: our son or daughter, for ``price`` (FOR-4.5)."""

    seat: Seat
    to: Seat
    son: Child
    price: Price


class Counter(DeclaredAction, json_type="counter", template="the {seat} ask ${price} instead"):
    """Answer a proposal with another price (FOR-4.5)."""

    seat: Seat
    price: Price


class Divorce(DeclaredAction, json_type="divorce", template="the {seat} divorce the {other}"):
    """End the marriage alliance with ``other`` on request (FOR-4.7)."""

    seat: Seat
    other: Seat


class Build(DeclaredAction, json_type="build", template="the {seat} build a horreum in {market}"):
    """Build a horreum where an agent stands (FOR-6.2)."""

    seat: Seat
    market: Market


class Destroy(
    DeclaredAction,
    json_type="destroy",
    template="the {seat} try to destroy the {victim}' horreum in {market}",
):
    """Try to destroy ``victim``'s horreum where an agent stands (FOR-6.4)."""

    seat: Seat
    market: Market
    victim: Seat


class Give(DeclaredAction, json_type="give", template="the {seat} give a benefaction: {space}"):
    """Give a benefaction: a space of the prestige ladder, 0-8 (FOR-6.5)."""

    seat: Seat
    space: Annotated[int, Whole(0, 8, text=space_name)]


class Dismiss(
    DeclaredAction, json_type="dismiss", template="the {seat} give up their agent in {market}"
):
    """Give up the agent in ``market`` (the patron's campaign, FOR-7.20)."""

    seat: Seat
    market: Market


ACTIONS: Final = ActionSet(
    "Forum",
    (
        FirstPlayer,
        Family,
        Roll,
        Draw,
        Decide,
        Move,
        MarryLocal,
        Propose,
        Counter,
        Divorce,
        Build,
        Destroy,
        Give,
        Dismiss,
    ),
)


def action_from_json(d: Any) -> Action:
    """Parse an action from its JSON form; malformed data raises ``RecordError``."""
    return ACTIONS.from_json(d)


def place_of(action: Action) -> str | None:
    """The market an action happens in, by name (the board picture's ``data-place``)."""
    if isinstance(action, Move):
        return BOARD.markets[action.to].name
    if isinstance(action, Build | Destroy | MarryLocal | Dismiss):
        return BOARD.markets[action.market].name
    return None
