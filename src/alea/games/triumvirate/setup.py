"""The Triumvirate's setup: which troops stand where, where the leaders start (TRI-2).

The board (terrain, Italy, the T hexes and whom each belongs to) is fixed by the board data;
the setup says how many troops stand on them, where each leader starts with how large an
escort, which zone Crassus commands and whether Pompey's leader sails. Three setups are named:
``authored``, the board as first drawn; ``tuned``, the fair setup found by the balance lab
(TRI-2.5); and ``tuned1``, the lab's first fair setup, kept for games and records that used it.
Any setup option given explicitly overrides the named setup's value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from alea.core.errors import OptionError
from alea.games.triumvirate.board import BOARD, FORCES, Board
from alea.games.triumvirate.options import SETUP_FIELDS, TriumvirateOptions

ROMAN: Final = 3

AUTHORED: Final[dict[str, Any]] = {
    "pompey_leader_at_sea": True,
    "rome_garrison": 0,
    "italy_garrison": 1,
    "crassus_escort": 1,
    "caesar_escort": 1,
    "pompey_escort": 1,
    "crassus_start": None,
    "caesar_start": "Bibracte",
    "pompey_start": "Carthago Nova",
    "crassus_zone": "syria",
    "crassus_popularity": 0,
}
"""The board as first drawn (TRI-2.4): one troop on every T hex, Rome empty. Crassus starts
where his zone's start is (Antiochia in Syria) unless ``crassus_start`` says otherwise."""

TUNED: Final[dict[str, Any]] = {
    **AUTHORED,
    "rome_garrison": 2,
    "crassus_escort": 3,
    "caesar_escort": 2,
    "pompey_escort": 4,
    "crassus_zone": "macedonia",
    "crassus_popularity": 5,
}
"""The fair setup the balance lab's tuner found by itself (TRI-2.5; docs/balance.md says how)."""

TUNED1: Final[dict[str, Any]] = {
    **AUTHORED,
    "rome_garrison": 3,
    "italy_garrison": 4,
    "crassus_escort": 3,
    "caesar_escort": 2,
    "caesar_start": "Durocortorum",
    "crassus_zone": "macedonia",
    "crassus_popularity": 2,
}
"""The first fair setup, found in three hand-narrowed tuning stages (TRI-2.5)."""

SETUPS: Final[dict[str, dict[str, Any]]] = {
    "tuned": TUNED,
    "tuned1": TUNED1,
    "authored": AUTHORED,
}


@dataclass(frozen=True)
class Setup:
    """Everything a new game places, resolved from the options.

    Attributes:
        values: the value of every setup option in force (the named setup's, or given);
            Crassus's start is filled in from his zone when neither says it.
        garrisons: ``(hex, force, troops)`` for every hex that holds troops at the start.
        starts: each leader's start hex.
        zones: each leader's military zone.
        zone_names: each zone's name, for messages.
        counters: counters per force (Crassus, Caesar, Pompey, Rome): TRI-1.4, TRI-8.3.
        leader_at_sea: whether Pompey's leader may cross water (TRI-4.5).
        popularity: each player's popularity tokens at the start (TRI-2.2).

    """

    values: dict[str, Any]
    garrisons: tuple[tuple[int, int, int], ...]
    starts: tuple[int, ...]
    zones: tuple[frozenset[int], ...]
    zone_names: tuple[str, ...]
    counters: tuple[int, ...]
    leader_at_sea: bool
    popularity: tuple[int, ...]


def resolve(opts: TriumvirateOptions) -> dict[str, Any]:
    """Every setup option's value: given ones as given, the rest from the named setup."""
    preset = SETUPS[opts.setup]
    return {name: _given(opts, name, preset) for name in SETUP_FIELDS}


def _given(opts: TriumvirateOptions, name: str, preset: dict[str, Any]) -> Any:
    value = getattr(opts, name)
    return preset[name] if value is None else value


def _hex(board: Board, text: str, option: str) -> int:
    h = board.find(text)
    if h is None:
        raise OptionError(f"triumvirate option {option!r}: no hex called {text!r} (TRI-1.1)")
    return h


def build_setup(opts: TriumvirateOptions, board: Board = BOARD) -> Setup:
    """The setup the options describe (TRI-2.1, 2.2, 2.4, 2.5).

    Raises:
        OptionError: a start hex that is no land of the leader's zone, that holds another
            force's T or another leader, or a troop count above the stack limit.

    """
    values = resolve(opts)
    for name in ("italy_garrison", "rome_garrison", *(f"{f.lower()}_escort" for f in FORCES)):
        if values[name] > opts.stack_limit:
            raise OptionError(
                f"triumvirate option {name!r} is {values[name]}, above the stack limit of "
                f"{opts.stack_limit} (TRI-4.3)"
            )
    zones = list(board.zones)
    names = list(board.zone_regions)
    zone_starts = list(board.starts)
    for key, region, hexes, start in board.zone_variants[0]:  # TRI-1.5, TRI-2.4
        if key == values["crassus_zone"]:
            zones[0] = hexes
            names[0] = region
            zone_starts[0] = start
    if opts.caesar_cisalpina:
        zones[1] = zones[1] | board.cisalpina
        names[1] = f"{names[1]} and Cisalpina"
    garrison_force = dict(board.garrisons)
    troops: dict[int, tuple[int, int]] = {}
    for h, owner in board.garrisons:  # TRI-2.1
        n = values["italy_garrison"] if owner == ROMAN and h in board.italy else 1
        troops[h] = (owner, n)
    if values["rome_garrison"] > 0:
        troops[board.rome] = (ROMAN, values["rome_garrison"])
    starts = []
    for seat, force in enumerate(FORCES):
        option = f"{force.lower()}_start"
        given = values[option]
        h = zone_starts[seat] if given is None else _hex(board, str(given), option)
        if h not in zones[seat]:
            raise OptionError(
                f"triumvirate option {option!r}: {board.label(h)} is not in {force}'s military "
                f"zone ({names[seat]}); a leader starts in his zone (TRI-2.2)"
            )
        if garrison_force.get(h, seat) != seat:
            raise OptionError(
                f"triumvirate option {option!r}: {board.label(h)} holds a T of another force; "
                "a leader starts among his own troops (TRI-2.2)"
            )
        if h in starts:
            raise OptionError(f"triumvirate option {option!r}: two leaders cannot start on one hex")
        starts.append(h)
        values[option] = board.label(h)
        troops[h] = (seat, values[f"{force.lower()}_escort"])  # TRI-2.2: his escort
    garrisons = tuple(sorted((h, f, n) for h, (f, n) in troops.items()))
    placed = [0, 0, 0, 0]
    for _, f, n in garrisons:
        placed[f] += n
    # TRI-1.4: a player's counters are his own troops plus enough to take in every Roman troop;
    # Rome has the box's grey counters or, in a setup that places more, as many as it places.
    rome_counters = max(board.counters[ROMAN], placed[ROMAN])
    counters = (*(placed[s] + rome_counters for s in range(3)), rome_counters)
    return Setup(
        values=values,
        garrisons=garrisons,
        starts=tuple(starts),
        zones=tuple(zones),
        zone_names=tuple(names),
        counters=counters,
        leader_at_sea=bool(values["pompey_leader_at_sea"]),
        popularity=(int(values["crassus_popularity"]), 0, 0),
    )


__all__ = ["AUTHORED", "SETUPS", "TUNED", "Setup", "build_setup", "resolve"]
