"""A HOTRE position as data: every field, copying, equality, the points log and the saved JSON.

The position is kept in flat lists of ints (one entry per land, seat or force) so ``clone`` is a
handful of list copies. Forces are numbered: ``0..S-1`` the seats' Roman Factions, ``S`` the
neutral Rebels, then every People, Minor People and Kingdom in order of first appearance.

The rules that change a position live in one module per area of ``RULES.md`` beside this
module; ``HotreState`` in ``state`` binds them as the methods of the game contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Self

from alea.core.game import CHANCE, Action, CachedLegalState, handover
from alea.core.positions import StagedState, cloner
from alea.games.hotre.actions import action_from_json
from alea.games.hotre.cards import DECK
from alea.games.hotre.constants import (
    CARRIED,
    DEAL,
    FACTION,
    NATIONS,
    NL,
    OVER,
    POINT_SOURCES,
    REBELS,
    STAGE_NAMES,
    PointsEntry,
)
from alea.games.hotre.options import HotreOptions

if TYPE_CHECKING:
    from alea.games.hotre.table import HotreTable

SAVED_KEYS: Final[dict[str, str]] = {
    "force_in_land": "occ",
    "armies_in_land": "cnt",
    "fort_level": "fort",
    "fort_owner": "fown",
    "city_state": "city",
    "force_kind": "fk",
    "force_owner": "fo",
    "force_origin": "fx",
    "force_armies": "armies",
    "people_points": "ppts",
    "faction_points": "fpts",
    "cards_played": "played",
    "people_counter": "pcounter",
    "emperor_counter": "ecounter",
    "people_counter_seen": "pknow",
    "emperor_counter_seen": "eknow",
    "prev_people_counter": "prev_pnum",
    "eliminated_legions": "elim",
    "faction_dead": "dead",
    "draw_order": "order",
    "counter_pile": "pile",
    "card_box": "box",
    "task_queue": "dq",
    "pending": "pend",
    "forts_built": "new_forts",
    "truces": "truce",
    "emptied_by_calamity": "calm",
    "active_seat": "active",
    "half_turn": "half",
    "acting_force": "act_force",
    "turn_force": "main_force",
    "sub_force_acting": "sub",
    "armies_to_place": "to_place",
    "free_forts_left": "free_forts",
    "armies_placed": "placed",
    "draw_position": "draw_pos",
    "drawn_counter": "drawn",
    "emperor_handout": "emp_phase",
    "next_people_call": "pcall",
    "next_emperor_call": "ecall",
    "battle_land": "bat_land",
    "battle_round": "bat_round",
    "battle_defender": "bat_def",
    "battle_difficult": "bat_diff",
    "battle_by_sea": "bat_sea",
    "turn_flags": "flags",
    "cities_to_found": "found_left",
    "resume_stage": "back",
    "battle_by_card": "bat_card",
    "rebels_to_fight": "rebels_left",
}
"""The key each renamed field is saved under: saved positions keep their short keys."""

_LISTS: Final = (
    "force_in_land",
    "armies_in_land",
    "fort_level",
    "fort_owner",
    "city_state",
    "force_kind",
    "force_owner",
    "force_origin",
    "force_armies",
    "nation_force",
    "people_points",
    "faction_points",
    "cards_played",
    "people_counter",
    "emperor_counter",
    "people_counter_seen",
    "emperor_counter_seen",
    "prev_people_counter",
    "start_land",
    "eliminated_legions",
    "faction_dead",
    "draw_order",
    "counter_pile",
    "card_box",
    "task_queue",
    "pending",
    "forts_built",
    "used_cards",
    "winners",
    "truces",
    "emptied_by_calamity",
)
"""The fields that are flat sequences of ints, in their saved order."""
_COPIED: Final = frozenset(
    {"force_in_land", "armies_in_land", "fort_level", "fort_owner", "city_state", "force_armies"}
    | {"people_points", "faction_points", "eliminated_legions", "task_queue", "pending"}
)
"""Those of ``_LISTS`` that change move by move: lists, which ``clone`` copies."""
_TUPLES: Final = tuple(f for f in _LISTS if f not in _COPIED)
"""The others change seldom: tuples, replaced whole when they change, so a clone shares them."""
_SCALARS: Final = (
    "period",
    "stage",
    "player",
    "active_seat",
    "half_turn",
    "acting_force",
    "turn_force",
    "sub_force_acting",
    "armies_to_place",
    "free_forts_left",
    "armies_placed",
    "draw_position",
    "drawn_counter",
    "emperor_handout",
    "next_people_call",
    "next_emperor_call",
    "battle_land",
    "battle_round",
    "battle_defender",
    "battle_difficult",
    "battle_by_sea",
    "turn_flags",
    "deal_seat",
    "deal_set",
    "cities_to_found",
    "resume_stage",
    "battle_by_card",
    "rebels_to_fight",
)
"""The fields that are ints, in their saved order (after the lists)."""
_START_AT_ONE: Final = ("period", "next_people_call", "next_emperor_call", "deal_set")
"""The int fields that start at 1; the others start at 0, but for those below and the stage."""
_START_AT_NONE: Final = (
    "active_seat",
    "acting_force",
    "turn_force",
    "battle_land",
    "battle_defender",
)
"""The int fields that start at -1: no seat, force or land yet."""


class HotrePosition(CachedLegalState, StagedState):
    """A position of History of the Roman Empire: the map, the forces, the seats and the turn."""

    label = "HOTRE"
    __slots__ = (
        *_LISTS,
        *_SCALARS,
        "_hist",
        "_hlen",
        "_legal",
        "_points_log",
        "_reach",
        "game",
        "hands",
        "n",
        "opts",
        "seat_count",
    )
    final_stage = OVER

    game: HotreTable
    """The table: options and seats."""
    opts: HotreOptions
    """The game's options."""
    n: int
    """Number of players, 2 to 4 (HRE-1.7)."""
    seat_count: int
    """Number of seats: the players, or four with two players (HRE-15.1)."""
    hands: list[list[int]]
    """Per seat: the event card ids in its hand (HRE-2.4)."""
    force_in_land: list[int]
    """Per land: the force holding it (a force number), -1 if empty."""
    armies_in_land: list[int]
    """Per land: armies standing there, 0 to 3 (HRE-10.1)."""
    fort_level: list[int]
    """Per land: 0 no defences, 1 a Fort, 2 a Fortress (HRE-5.3, HRE-12.1)."""
    fort_owner: list[int]
    """Per land: the force owning its Fort or Fortress, -1 if none."""
    city_state: list[int]
    """Per land: 0 no City, 1 a standing City, 2 a looted City (HRE-12.8, HRE-13)."""
    force_kind: tuple[int, ...]
    """Per force: FACTION, PEOPLE, MINOR, KINGDOM or REBELS."""
    force_owner: tuple[int, ...]
    """Per force: the seat controlling it, -1 for the Rebels."""
    force_origin: tuple[int, ...]
    """Per force: People chart row or card id, times 256, plus a Kingdom's loot bonus."""
    force_armies: list[int]
    """Per force: armies it has on the map."""
    nation_force: tuple[int, ...]
    """Per nation (index into NATIONS): the force of its People, -1 before it enters."""
    people_points: list[int]
    """Per seat: People points (HRE-2.2)."""
    faction_points: list[int]
    """Per seat: Faction points, the RVP its Faction earns and spends (HRE-2.2)."""
    cards_played: tuple[int, ...]
    """Per seat: event cards played this period, at most two (HRE-4.0)."""
    people_counter: tuple[int, ...]
    """Per seat: the People counter it holds this period, 1 to 5, 0 for none."""
    emperor_counter: tuple[int, ...]
    """Per seat: the Emperor counter it holds this period, 1 to 6, 0 for none."""
    people_counter_seen: tuple[int, ...]
    """Per seat: bit mask of the seats that have seen its People counter (HRE-3.6)."""
    emperor_counter_seen: tuple[int, ...]
    """Per seat: bit mask of the seats that have seen its Emperor counter (HRE-3.6)."""
    prev_people_counter: tuple[int, ...]
    """Per seat: its People counter of the period before, the tie break of HRE-3.1."""
    start_land: tuple[int, ...]
    """Per seat: the Start land its Faction chose (HRE-5.5), -1 before."""
    eliminated_legions: list[int]
    """Per seat: its eliminated Legions, which recruiting brings back (HRE-5.1)."""
    faction_dead: tuple[int, ...]
    """Per seat: 1 once its Faction is dead (HRE-5.7), else 0."""
    draw_order: tuple[int, ...]
    """The seats in this period's drawing order (HRE-3.1)."""
    counter_pile: tuple[int, ...]
    """Counter numbers still to draw in the hand-out under way."""
    card_box: tuple[int, ...]
    """Event card ids not dealt (HRE-2.3)."""
    task_queue: list[int]
    """A displacement [land, force, armies left] (HRE-9.1), or Kingdoms left to roll (HRE-14.3)."""
    pending: list[int]
    """What a battle or event left open: loot, Epidemy, Rebellion or bribe details."""
    forts_built: tuple[int, ...]
    """Lands where the Faction built a Fort this turn (no Fortress there yet, HRE-5.3)."""
    used_cards: tuple[int, ...]
    """Event card ids played so far, in order."""
    winners: tuple[int, ...]
    """The winning players once the game is over (HRE-14.1)."""
    truces: tuple[int, ...]
    """Bribe truces this period, each a People force times 8 plus a seat (HRE-15.4)."""
    emptied_by_calamity: tuple[int, ...]
    """Per land: 1 if a calamity emptied it and nobody entered since (HRE-8.4)."""
    period: int
    """The period under way, 1 to the last (HRE-3.0)."""
    stage: int
    """The step of play, one of the stage codes of ``constants``."""
    player: int
    """The seat to decide now, CHANCE or TERMINAL."""
    active_seat: int
    """The seat whose half-turn it is, -1 outside half-turns."""
    half_turn: int
    """The half-turn under way: 0 none, 1 a People's, 2 a Faction's (HRE-3.8)."""
    acting_force: int
    """The force placing armies now (the turn's own or one an event raised), -1 for none."""
    turn_force: int
    """The force whose half-turn it is: the counter's People or the seat's Faction."""
    sub_force_acting: int
    """1 while a force raised by an event acts in place of the turn's force."""
    armies_to_place: int
    """Armies the acting force still has to place."""
    free_forts_left: int
    """Forts the Faction may still build free in period 1 (HRE-5.5)."""
    armies_placed: int
    """Armies the acting force has placed so far this half-turn."""
    draw_position: int
    """Index into ``draw_order`` of the seat drawing now."""
    drawn_counter: int
    """The counter just drawn and not yet handed on, 0 for none."""
    emperor_handout: int
    """0 while the People counters are handed out, 1 for the Emperor counters."""
    next_people_call: int
    """The next People counter number to call (HRE-3.8), 6 once all called."""
    next_emperor_call: int
    """The next Emperor counter number to call (HRE-3.8), 7 once all called."""
    battle_land: int
    """The land fought over, -1 outside a battle."""
    battle_round: int
    """Rounds fought so far in the battle under way."""
    battle_defender: int
    """The force defending in the battle under way."""
    battle_difficult: int
    """1 if the attack crosses difficult terrain or a strait (HRE-12.4, HRE-12.5)."""
    battle_by_sea: int
    """1 if the attack comes over the sea (HRE-12.4)."""
    turn_flags: int
    """Bit set of the lasting events (LASTING) and the Emperor's third die (F_EMP3)."""
    deal_seat: int
    """The seat dealt to next (HRE-2.4)."""
    deal_set: int
    """The card set being dealt, 1 to SETS (HRE-2.3)."""
    cities_to_found: int
    """Free Cities the Faction still has to found this turn (HRE-13.1)."""
    resume_stage: int
    """DECLARE if an event interrupted the declaration, else 0: play resumes there."""
    battle_by_card: int
    """1 if a Revolt card started the battle under way (HRE-8.5.6)."""
    rebels_to_fight: int
    """Rebel armies of a Revolt or Rebellion still to fight."""
    _points_log: tuple[Any, ...] | None
    """The points log as nested pairs (entries, earlier), shared by clones like the history."""
    _reach: tuple[list[Action], int, int, int] | None
    """The expansion's choices last worked out, with the acting force, the mask of the lands it
    reaches and the mask of its full lands they came from (``movement.place``)."""

    def __init__(self, game: HotreTable) -> None:
        self.game = game
        self.opts = game.opts
        self.n = game.num_players
        S = 4 if self.n == 2 else self.n  # HRE-15.1: two players play four seats
        self.seat_count = S
        self.hands = [[] for _ in range(S)]
        deck = [c for c in DECK if not c.optional]
        if self.opts.gods_favor:  # HRE-15.3
            swap = next(c for c in deck if c.kind == "wrath_of_god" and c.id == 35)
            deck[deck.index(swap)] = DECK[-1]
        self.force_in_land = [-1] * NL
        self.armies_in_land = [0] * NL
        self.fort_level = [0] * NL
        self.fort_owner = [-1] * NL
        self.city_state = [0] * NL
        self.force_kind = (FACTION,) * S + (REBELS,)
        self.force_owner = (*range(S), -1)
        self.force_origin = (0,) * (S + 1)
        self.force_armies = [0] * (S + 1)
        self.nation_force = (-1,) * len(NATIONS)
        self.people_points = [0] * S
        self.faction_points = [0] * S
        self.cards_played = (0,) * S
        self.people_counter = (0,) * S
        self.emperor_counter = (0,) * S
        self.people_counter_seen = (0,) * S
        self.emperor_counter_seen = (0,) * S
        self.prev_people_counter = (0,) * S
        self.start_land = (-1,) * S
        self.eliminated_legions = [0] * S
        self.faction_dead = (0,) * S
        self.draw_order = tuple(range(S))
        self.counter_pile = ()
        self.card_box = tuple(c.id for c in deck)
        self.task_queue = []
        self.pending = []
        self.forts_built = ()
        self.used_cards = ()
        self.winners = ()
        self.truces = ()
        self.emptied_by_calamity = (0,) * NL
        for f in _SCALARS:
            setattr(self, f, 0)
        for f in _START_AT_ONE:
            setattr(self, f, 1)
        for f in _START_AT_NONE:
            setattr(self, f, -1)
        self.stage = DEAL
        self.player = CHANCE
        self._hist: tuple[Any, ...] | None = None
        self._hlen = 0
        self._legal: list[Action] | None = None
        self._reach: tuple[list[Action], int, int, int] | None = None
        self._points_log = None

    # -- whose decision is next ----------------------------------------------------------------

    def current_player(self) -> int:
        """Player to move, ``CHANCE`` or ``TERMINAL``."""
        p = self.player
        if p < 0:
            return p
        return p % 2 if self.n == 2 else p

    def seat_player(self, seat: int) -> int:
        """The player who decides for ``seat`` (HRE-15.1: seats 1, 3 / 2, 4 with two players)."""
        return seat % 2 if self.n == 2 else seat

    def owner(self, force: int) -> int:
        """Seat owning ``force`` (-1 for the Rebels)."""
        return int(self.force_owner[force])

    clone = cloner(
        shared=(
            "game",
            "opts",
            "n",
            "seat_count",
            *_SCALARS,
            *_TUPLES,
            "_hist",
            "_hlen",
            "_points_log",
            "_reach",
        ),
        copied=tuple(f for f in _LISTS if f in _COPIED),
        nested=("hands",),
        optional=("_legal",),  # the choices the rules left: a clone gets its own list
    )

    # -- the points log (HRE-2.2) --------------------------------------------------------------

    def log_points(self, seat: int, faction: bool, parts: list[tuple[int, int, int]]) -> None:
        """Add ``(source, area, points)`` items to the points log (bookkeeping only)."""
        period = self.period
        items = tuple([(seat, period, faction, *p) for p in parts if p[2]])
        if items:
            self._points_log = (items, self._points_log)

    def points_log(self) -> list[PointsEntry]:
        """Every change of People and Faction points so far, oldest first.

        For each seat, the entries of each track add up to its points on that track (HRE-2.2):
        what it scored for cities, Areas, its Emperor, loot and the end of the game, less the RVP
        it spent and the bribes it paid.
        """
        batches = []
        node = self._points_log
        while node is not None:
            batches.append(node[0])
            node = node[1]
        batches.reverse()
        return [
            PointsEntry(seat, period, faction, POINT_SOURCES[source], area, points)
            for batch in batches
            for seat, period, faction, source, area, points in batch
        ]

    # -- saved positions -----------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(tuple(getattr(self, f)) for f in _LISTS),
            tuple(getattr(self, f) for f in _SCALARS),
            tuple(tuple(h) for h in self.hands),
            self._hlen,
        )

    def _write(self) -> dict[str, Any]:
        """The saved fields, under the saved keys of ``SAVED_KEYS``."""
        d: dict[str, Any] = {}
        for f in _LISTS:
            d[SAVED_KEYS.get(f, f)] = list(getattr(self, f))
        for f in _SCALARS:
            d[SAVED_KEYS.get(f, f)] = getattr(self, f)
        d["hands"] = [list(h) for h in self.hands]
        return d

    @classmethod
    def from_json(cls, game: HotreTable, d: Any) -> Self:
        """Rebuild a state, checking shapes; bad data raises ``RecordError``."""
        with cls.loading(game, d) as s:
            for f in _LISTS:
                key = SAVED_KEYS.get(f, f)
                v = d[key]
                if not isinstance(v, list) or not all(_is_int(x) for x in v):
                    raise ValueError(f"{key} must be a list of whole numbers")
                setattr(s, f, tuple(v) if f in _TUPLES else list(v))
            for f in _SCALARS:
                key = SAVED_KEYS.get(f, f)
                v = d[key]
                if not _is_int(v):
                    raise ValueError(f"{key} must be a whole number")
                setattr(s, f, v)
            hands = d["hands"]
            if not isinstance(hands, list) or len(hands) != s.seat_count:
                raise ValueError("hands has the wrong shape")
            for h in hands:
                if not isinstance(h, list) or not all(
                    _is_int(x) and 1 <= x <= len(DECK) for x in h
                ):
                    raise ValueError("a hand holds a card that does not exist")
            s.hands = [list(h) for h in hands]
            for f in ("force_in_land", "armies_in_land", "fort_level", "fort_owner", "city_state"):
                if len(getattr(s, f)) != NL:
                    raise ValueError(f"{SAVED_KEYS[f]} must have one entry per land")
            nf = len(s.force_kind)
            if not (len(s.force_owner) == len(s.force_origin) == len(s.force_armies) == nf):
                raise ValueError("the force tables differ in length")
            if any(not -1 <= x < nf for x in s.force_in_land) or not 0 <= s.stage < len(
                STAGE_NAMES
            ):
                raise ValueError("a land or the stage is out of range")
            if any(not 0 <= x <= 3 for x in s.armies_in_land):
                raise ValueError("a land holds more than three armies")
            s.load_history(d["history"], action_from_json)
            for seat in range(s.seat_count):
                s.log_points(seat, False, [(CARRIED, -1, s.people_points[seat])])
                s.log_points(seat, True, [(CARRIED, -1, s.faction_points[seat])])
        return s

    # -- hand-overs to later steps, bound by HotreState to the rule modules ------------------

    _resume = handover(
        "Go back to the step a battle or an event interrupted: the declaration or expansion."
    )
    _end_half = handover("End the half-turn under way and call the next counter (HRE-3.8).")
    _next_half = handover("Call the next counter's half-turn, or end the period (HRE-3.8).")


def held_by(force_in_land: Sequence[int], force: int) -> list[int]:
    """The lands whose entry in ``force_in_land`` is ``force``, in order."""
    return [i for i, g in enumerate(force_in_land) if g == force]


def replaced(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``items`` with entry ``i`` set to ``value``: how a tuple field of a position changes."""
    return (*items[:i], value, *items[i + 1 :])


def without(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``items`` less the first entry equal to ``value`` (which must be there)."""
    i = items.index(value)
    return items[:i] + items[i + 1 :]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
