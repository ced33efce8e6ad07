"""HOTRE actions: small frozen data; the rules in ``state.py`` give them effect."""

from __future__ import annotations

from typing import Annotated, Any, Final

from alea.core.actions import (
    ActionSet,
    Codec,
    DeclaredAction,
    FieldError,
    Flag,
    Named,
    Whole,
    Word,
    is_whole,
)
from alea.core.game import Action
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS

SEATS: Final = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
"""Seat names, in seat order (HRE-1.7)."""

NATION_NAMES: Final = tuple(dict.fromkeys(p.nation for p in CHARTS.peoples))
"""The chart's Peoples (nations) in order of first appearance: People Revive's targets."""

VERBS: Final = {
    "end_declaration": "end the event declaration",
    "end_build": "end the build",
    "done_takeup": "finish taking armies up",
    "end_expansion": "end the expansion",
    "stand": "stand and fight",
    "loot": "loot the City",
    "spare": "spare the City",
    "take_fort": "take over the Fort",
    "destroy_fort": "destroy the Fort",
    "recruit": "recruit a Legion",
    "eliminate": "let the army be eliminated",
    "accept": "accept the bribe",
    "refuse": "refuse the bribe",
}
"""Decisions without a land."""

PICKS: Final = {
    "place": "place an army in",
    "take_up": "take an army up from",
    "start": "start the Faction in",
    "retreat": "retreat an army to",
    "bribe": "bribe the Rebels in",
    "fort": "build a Fort in",
    "fortress": "turn the Fort into a Fortress in",
    "rebuild": "rebuild the City of",
    "free_fort": "place a free Fort in",
    "found": "found a City in",
}
"""Decisions that name one land."""


def land_name(land: int) -> str:
    """A land's name."""
    return BOARD.lands[land].name


class _DrawingOrder(Codec):
    """The seats in drawing order: a list of 2 to 4 distinct seats, each 0 up to their count."""

    kind = tuple

    def dump(self, value: Any) -> list[int]:
        return list(value)

    def load(self, raw: Any) -> tuple[int, ...]:
        if (
            not isinstance(raw, list)
            or not all(is_whole(x) for x in raw)
            or sorted(raw) != list(range(len(raw)))
        ):
            raise FieldError(f"must list each seat once, from 0 up, not {raw!r}")
        if not 2 <= len(raw) <= 4:
            raise FieldError(f"must hold 2 to 4 seats, not {len(raw)}")
        return tuple(raw)

    def text(self, value: Any) -> str:
        return ", ".join(SEATS[s] for s in value)


def _card_set(card: int) -> str:
    return str(DECK[card - 1].set)


Seat = Annotated[int, Whole(0, 3, names=SEATS)]
Land = Annotated[int, Named([land.name for land in BOARD.lands], "a land of the HOTRE map")]
Card = Annotated[int, Whole(1, len(DECK), text=_card_set)]


class Order(DeclaredAction, json_type="order", template="drawing order: {seats}"):
    """Chance: the first period's drawing order from the dice (HRE-3.1), lowest first."""

    seats: Annotated[tuple[int, ...], _DrawingOrder()]


class Deal(DeclaredAction, json_type="deal", template="{seat} is dealt a card of set {card}"):
    """Chance: ``seat`` is dealt event card ``card`` (HRE-2.4)."""

    seat: Seat
    card: Card


class DrawCounter(DeclaredAction, json_type="counter", template="{emperor} counter is drawn"):
    """Chance: the drawer takes counter ``number`` (People, or Emperor) from the pile (HRE-3.2).

    The counter is drawn face down: the table learns its kind, only the drawer its number.
    """

    emperor: Annotated[bool, Flag("an Emperor", "a People")]
    number: Annotated[int, Whole(1, 6)]


class Round(DeclaredAction, json_type="round", template="{attacker_wins} wins the round{died}"):
    """Chance: one decided round of battle (HRE-12.0.1); ``died``: triples killed the third die."""

    attacker_wins: Annotated[bool, Flag("the attacker", "the defender")]
    died: Annotated[bool, Flag(" (triples: the general falls)", "")]


class Dice(DeclaredAction, json_type="dice", template="the dice show {value}"):
    """Chance: the total of a roll of one or more dice (loot, Kingdom treasure, calamities)."""

    value: Annotated[int, Whole(0, 36)]


class HandTo(DeclaredAction, json_type="hand"):
    """Keep the drawn counter (``to == seat``) or hand it face down to seat ``to`` (HRE-3.2)."""

    seat: Seat
    to: Seat

    def __str__(self) -> str:
        if self.to == self.seat:
            return f"{SEATS[self.seat]} keeps the counter"
        return f"{SEATS[self.seat]} hands the counter to {SEATS[self.to]}"


class Decide(DeclaredAction, json_type="decide", template="{seat}: {verb}"):
    """A decision without a land: end a step, loot or spare, take or destroy a Fort, recruit."""

    seat: Seat
    verb: Annotated[str, Word(VERBS)]


class Pick(DeclaredAction, json_type="pick", template="{seat}: {verb} {land}"):
    """A decision naming a land: place, take up, start, retreat, buy, found."""

    seat: Seat
    verb: Annotated[str, Word(PICKS)]
    land: Land


class PlayCard(DeclaredAction, json_type="play"):
    """Play event card ``card`` (HRE-4.0, HRE-8.5); ``target`` a land or Area index, or -1."""

    seat: Seat
    card: Card
    target: Annotated[int, Whole(-1, 44)] = -1

    def __str__(self) -> str:
        c = DECK[self.card - 1]
        text = f"{SEATS[self.seat]} plays {c.title} ({c.kind.replace('_', ' ')})"
        if self.target >= 0:
            t = self.target
            # A target the card cannot have (sent by a client, refused by the rules) is shown
            # by number, so the refusal can still name it.
            if c.kind == "people_revive":
                text += f" on the {NATION_NAMES[t]}" if t < len(NATION_NAMES) else f" on {t}"
            elif c.kind == "pestilence":
                text += f" on {BOARD.areas[t].name}" if t < len(BOARD.areas) else f" on {t}"
            else:
                text += f" on {land_name(t)}" if t < len(BOARD.lands) else f" on {t}"
        return text


class Offer(DeclaredAction, json_type="offer"):
    """A Faction's bribe offer to an attacking People (HRE-15.4); 0 is "no offer"."""

    seat: Seat
    amount: Annotated[int, Whole(0, 100_000)]

    def __str__(self) -> str:
        if not self.amount:
            return f"{SEATS[self.seat]} offers no bribe"
        return f"{SEATS[self.seat]} offers {self.amount} RVP to be spared"


ACTIONS: Final = ActionSet(
    "HOTRE", (Order, Deal, DrawCounter, Round, Dice, HandTo, Decide, Pick, PlayCard, Offer)
)


def action_from_json(d: Any) -> Action:
    """Parse an action from its JSON form; malformed data raises ``RecordError``."""
    return ACTIONS.from_json(d)
