"""Forum's fate deck and family deck, loaded from ``data/cards.json`` and validated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from alea.core.boards import read_data
from alea.games.forum.board import BOARD, BoardError

FATE_CARDS: Final = 30
"""Cards in the fate deck."""

KINDS: Final = frozenset(
    {
        "fire",
        "sponsor",
        "flood",
        "chain_bonus",
        "agents_lost",
        "census",
        "harvest",
        "shipwreck",
        "governor",
        "mores",
        "divorce",
        "dispatch",
        "wrong_candidate",
        "birth",
        "snub",
        "elections",
        "praefect",
        "vow",
        "patron",
    }
)
"""Every effect a fate card may have; each is implemented in ``state.py``."""

_NEEDS: Final = {
    "fire": ("markets",),
    "sponsor": ("cost",),
    "chain_bonus": ("amount",),
    "agents_lost": ("markets",),
    "census": ("amount",),
    "harvest": ("markets", "amount"),
    "shipwreck": ("markets", "amount"),
    "divorce": ("prestige",),
    "dispatch": ("markets", "amount"),
    "wrong_candidate": ("prestige",),
    "snub": ("prestige",),
    "elections": ("roll",),
    "praefect": ("markets", "amount", "turns"),
    "vow": ("cost",),
    "patron": ("cost",),
}


@dataclass(frozen=True)
class FateCard:
    """One fate card: its number, effect kind and figures, and our title and effect text."""

    id: int
    kind: str
    title: str
    effect: str
    markets: tuple[int, ...] = ()
    amount: int = 0
    cost: int = 0
    prestige: int = 0
    roll: int = 0
    turns: int = 0


def _card(d: dict[str, Any]) -> FateCard:
    kind = str(d["kind"])
    if kind not in KINDS:
        raise BoardError(f"fate card {d.get('id')} has an unknown effect {kind!r}")
    for field in _NEEDS.get(kind, ()):
        if field not in d:
            raise BoardError(f"fate card {d['id']} ({kind}) needs {field!r}")
    return FateCard(
        id=int(d["id"]),
        kind=kind,
        title=str(d["title"]),
        effect=str(d["effect"]),
        markets=tuple(BOARD.index(m) for m in d.get("markets", ())),
        amount=int(d.get("amount", 0)),
        cost=int(d.get("cost", 0)),
        prestige=int(d.get("prestige", 0)),
        roll=int(d.get("roll", 0)),
        turns=int(d.get("turns", 0)),
    )


def parse_cards(data: dict[str, Any]) -> tuple[tuple[FateCard, ...], int, int]:
    """The fate cards in number order, and the family deck's sons and daughters."""
    try:
        cards = tuple(_card(d) for d in data["fate"])
        sons = int(data["family"]["sons"])
        daughters = int(data["family"]["daughters"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"card data is malformed: {exc!r}") from None
    if [c.id for c in cards] != list(range(1, FATE_CARDS + 1)):
        raise BoardError(f"the fate deck must be cards 1..{FATE_CARDS} in order")
    if sons < 0 or daughters < 0:
        raise BoardError("the family deck cannot hold a negative number of cards")
    return cards, sons, daughters


def load_cards() -> tuple[tuple[FateCard, ...], int, int]:
    """Load the packaged decks."""
    return parse_cards(read_data("alea.games.forum", "cards.json"))


FATE, FAMILY_SONS, FAMILY_DAUGHTERS = load_cards()
