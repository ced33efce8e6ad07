"""Builders for HOTRE engine tests: positions set up directly, without playing to them.

``people_turn`` and ``faction_turn`` open a turn at its declaration step; ``put`` and ``lay``
stand armies, Cities and forts the way the engine would have left them; ``expanding`` and
``attacking`` carry a People turn on to its expansion or to the edge of a battle. The engine
caches each position's legal moves until the next action, so every helper that edits a position
by hand drops the cache (``state._legal = None``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from alea.core.game import Action
from alea.games.hotre import turns
from alea.games.hotre.actions import Decide, Pick, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.game import HotreGame
from alea.games.hotre.position import replaced
from alea.games.hotre.state import HotreState


def land(name: str) -> int:
    """A land's index by name."""
    return BOARD.index(name)


def fresh(players: int = 4, **options: object) -> HotreState:
    """The state before the deal."""
    return HotreGame(players=players, **options).new_initial_state()


def fresh_with(**fields: list[int]) -> HotreState:
    """The state before the deal, four players, with the named per-seat lists set."""
    s = fresh()
    for name, values in fields.items():
        assert len(getattr(s, name)) == len(values), f"{name} has one entry a seat"
        setattr(s, name, type(getattr(s, name))(values))  # a tuple field stays a tuple
    return s


def people_turn(seat: int = 0, number: int = 1, period: int = 1, **options: object) -> HotreState:
    """``seat`` plays People ``number`` of ``period`` (``options`` as ``fresh``'s); the
    declaration step is next."""
    s = fresh(**options)  # type: ignore[arg-type]
    s.period = period
    s.stage = 0
    s.people_counter = replaced(s.people_counter, seat, number)
    turns.begin_people(s, seat, number)
    return s


def faction_turn(seat: int = 0, emperor: int = 5, period: int = 1, **options: object) -> HotreState:
    """``seat``'s Faction turn under Emperor ``emperor`` in ``period``; the declaration step
    is next."""
    s = fresh(**options)  # type: ignore[arg-type]
    s.period = period
    s.emperor_counter = replaced(s.emperor_counter, seat, emperor)
    turns.begin_faction(s, seat)
    return s


def put(s: HotreState, where: str, force: int, k: int) -> int:
    """Stand ``k`` armies of ``force`` in land ``where``."""
    i = land(where)
    old = s.force_in_land[i]
    if old >= 0:
        s.force_armies[old] -= s.armies_in_land[i]
    s.force_in_land[i] = force
    s.armies_in_land[i] = k
    s.force_armies[force] += k
    s._legal = None
    return i


_ARMIES = re.compile(r"(t|\d+)x(\d)")
_CITY = {"city": 1, "looted": 2}
_FORT = re.compile(r"(fort|fortress)(?:@(\d+))?")


def lay(s: HotreState, pieces: str) -> None:
    """Set up lands from a text of ``;``-separated items, ``"<land>: <piece> <piece>..."``.

    A piece is ``FxK``, ``K`` armies of force ``F`` (``t``: the force whose turn it is); ``city``
    or ``looted``, a City standing or looted; ``fort`` or ``fortress``, with ``@O`` for its
    owner force ``O``. For example ``"Italia: 1x3 fort@1 city; Sicilia: tx2"``. An empty text
    lays nothing.
    """
    if not pieces.strip():
        return
    for item in pieces.split(";"):
        where, colon, spec = item.partition(":")
        if not colon or not spec.split():
            raise ValueError(f"cannot lay {item.strip()!r}: write '<land>: <pieces>'")
        i = land(where.strip())
        for word in spec.split():
            if armies := _ARMIES.fullmatch(word):
                force = s.turn_force if armies[1] == "t" else int(armies[1])
                put(s, where.strip(), force, int(armies[2]))
            elif word in _CITY:
                s.city_state[i] = _CITY[word]
            elif fort := _FORT.fullmatch(word):
                s.fort_level[i] = 1 if fort[1] == "fort" else 2
                if fort[2] is not None:
                    s.fort_owner[i] = int(fort[2])
            else:
                raise ValueError(f"cannot lay {word!r} in {where.strip()!r}")
    s._legal = None


def holds(s: HotreState, pieces: str) -> None:
    """Assert the lands stand as ``pieces`` says, in ``lay``'s words plus ``empty`` (no army):
    the armies and their force, the City (``city``, ``looted`` or ``nocity``) and the fort."""
    for item in pieces.split(";"):
        where, _, spec = item.partition(":")
        i = land(where.strip())
        seen = f"{where.strip()}: force {s.force_in_land[i]} x{s.armies_in_land[i]}"
        seen += f", city {s.city_state[i]}, fort {s.fort_level[i]}@{s.fort_owner[i]}"
        for word in spec.split():
            if armies := _ARMIES.fullmatch(word):
                force = s.turn_force if armies[1] == "t" else int(armies[1])
                ok = (s.force_in_land[i], s.armies_in_land[i]) == (force, int(armies[2]))
            elif word in ("city", "looted", "nocity"):
                ok = s.city_state[i] == _CITY.get(word, 0)
            elif fort := _FORT.fullmatch(word):
                ok = s.fort_level[i] == (1 if fort[1] == "fort" else 2)
                ok = ok and (fort[2] is None or s.fort_owner[i] == int(fort[2]))
            elif word == "empty":
                ok = s.armies_in_land[i] == 0
            else:
                raise ValueError(f"cannot check {word!r} in {where.strip()!r}")
            assert ok, f"expected {word!r}, found {seen}"


def building(emperor: int = 5, period: int = 2, pieces: str = "", rvp: int = 0) -> HotreState:
    """Seat 0's Faction turn at its build step, ``pieces`` laid and ``rvp`` to spend."""
    s = faction_turn(seat=0, emperor=emperor, period=period)
    lay(s, pieces)
    s.faction_points[0] = rvp
    end_declaration(s)
    return s


def expanding(number: int = 1, period: int = 1, pieces: str = "", **options: object) -> HotreState:
    """Seat 0's People ``number`` of ``period`` past its declaration, ``pieces`` laid first."""
    s = people_turn(seat=0, number=number, period=period, **options)
    if pieces:
        lay(s, pieces)
    end_declaration(s)
    return s


def attacking(defence: str, **options: object) -> HotreState:
    """Seat 0's Galli entered at Lugdunensis, with ``defence`` laid (see ``lay``) for an attack."""
    s = expanding(**options)
    place(s, "Lugdunensis")
    lay(s, defence)
    return s


def attacked(defence: str, **options: object) -> HotreState:
    """As ``attacking``, with the Galli's next army sent into Belgica."""
    s = attacking(defence, **options)
    place(s, "Belgica")
    return s


def played(s: HotreState, pieces: str, kind: str, target: str | int = -1) -> HotreState:
    """``s`` with ``pieces`` laid (see ``lay``), then a card of ``kind`` played (see ``play``)."""
    lay(s, pieces)
    play(s, kind, target)
    return s


def give(s: HotreState, kind: str) -> int:
    """Put the first card of ``kind`` playable this period into the active seat's hand."""
    cid = next(c.id for c in DECK if c.kind == kind and c.playable_in(s.period))
    s.hands[s.active_seat].append(cid)
    s._legal = None
    return cid


def play(s: HotreState, kind: str, target: str | int = -1) -> int:
    """Give seat 0 a card of ``kind`` and play it, at ``target`` (a land's name or an index)."""
    cid = give(s, kind)
    s.apply_action(PlayCard(0, cid, land(target) if isinstance(target, str) else target))
    return cid


def marching(
    emperor: int = 5, period: int = 2, pieces: str = "", take_up: str = "Italia"
) -> HotreState:
    """Seat 0's Faction turn with ``pieces`` laid and no RVP: building is skipped and one Legion
    is taken up from ``take_up``, so it is next to be placed."""
    s = building(emperor, period, pieces)
    s.apply_action(Decide(0, "end_build"))
    s.apply_action(Pick(0, "take_up", land(take_up)))
    s.apply_action(Decide(0, "done_takeup"))
    return s


def end_declaration(s: HotreState) -> None:
    """End the active seat's declaration step."""
    s.apply_action(Decide(s.active_seat, "end_declaration"))


def place(s: HotreState, where: str) -> None:
    """Place one army of the acting force in ``where``."""
    s.apply_action(Pick(s.player, "place", land(where)))


def chance(s: HotreState, a: Action) -> None:
    """Apply a chance outcome."""
    s.apply_action(a)


def dealt(seed: int, chances: int, players: int = 4) -> tuple[HotreState, random.Random]:
    """A new game after its first ``chances`` chance outcomes (36 deal the four hands, the 37th
    sets the first order), drawn from a rng seeded with ``seed``; return it and the rng."""
    s = fresh(players)
    rng = random.Random(seed)
    for _ in range(chances):
        s.apply_action(s.sample_chance(rng))
    return s, rng


def play_while(
    s: HotreState, rng: random.Random, going: Callable[[HotreState], bool] = lambda _: True
) -> int:
    """Play random legal decisions (chance at its odds) until the game ends or ``going`` of the
    position turns false; return the number of decisions."""
    decisions = 0
    while not s.is_terminal() and going(s):
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            decisions += 1
    return decisions


def play_random(players: int, seed: int) -> tuple[HotreState, int]:
    """Play a whole game with random legal decisions; return it and its decision count."""
    s = fresh(players)
    decisions = play_while(s, random.Random(seed))
    return s, decisions
