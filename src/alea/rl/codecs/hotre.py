"""History of the Roman Empire's codec: 1,594 action indices and a 1,615-value observation.

Seats are seen from the player who decides: seat offset ``k`` is seat ``(player + k) mod S``,
where ``S`` is the number of seats (four with two players, who play seats 1 and 3 / 2 and 4,
HRE-15.1; otherwise one seat a player). A player of a two-player game thus finds its own seats at
offsets 0 and 2, in its actions and in its observation alike. The action index space, in order
(see ``docs/rl.md`` for the whole table):

=======  =====  =================================================================
block    size   index within the block
=======  =====  =================================================================
hand         4  seat offset the drawn counter goes to (the drawer's own: keep it)
decide      13  the verbs of ``actions.VERBS``, in order
pick       450  ``45 * verb + land``, verbs of ``actions.PICKS`` in order
play       871  per event card in deck order, one index per target it may name:
                none (34 cards), a land (16 cards x 45), an area (Pestilence, 9),
                a nation (the four People Revive cards x 27)
offer      256  the bribe offered, 0 to 255 RVP (HRE-15.4)
=======  =====  =================================================================

A bribe larger than 255 RVP has no index: such offers are left out of the mask (a Faction may
still offer 255). Offsets beyond the number of seats are never legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any, Final

import numpy as np

from alea.core.game import Action, Game, State
from alea.games.hotre.actions import (
    NATION_NAMES,
    PICKS,
    VERBS,
    Decide,
    HandTo,
    Offer,
    Pick,
    PlayCard,
)
from alea.games.hotre.board import BOARD, PERIODS
from alea.games.hotre.cards import DECK
from alea.games.hotre.constants import KIND_NAMES, STAGE_NAMES
from alea.games.hotre.counters import drawn_seen_by
from alea.games.hotre.state import HotreState
from alea.games.hotre.views import shown
from alea.rl.codecs.base import (
    FloatArray,
    GameCodec,
    IllegalIndexError,
    Layout,
    Memo,
    ObservationEncoder,
    TableCodec,
    clip,
    slots,
)

SEATS: Final = 4
"""Seat slots of every per-seat block: HOTRE has at most four seats."""
N_LANDS: Final = len(BOARD.lands)
N_AREAS: Final = len(BOARD.areas)
N_NATIONS: Final = len(NATION_NAMES)
N_CARDS: Final = len(DECK)
N_SETS: Final = max(c.set for c in DECK)
OFFERS: Final = 256
"""Bribes of 0 to ``OFFERS - 1`` RVP have an index."""
VERB_NAMES: Final = tuple(VERBS)
PICK_NAMES: Final = tuple(PICKS)
LAND_TARGETS: Final = frozenset(
    (
        "epidemy",
        "plague",
        "wrath_of_god",
        "disaster",
        "treachery",
        "revolt",
        "rebellion",
        "roman_fortify",
        "engineering",
    )
)
"""Event kinds played on a land; ``pestilence`` names an area, ``people_revive`` a nation."""


def card_targets(kind: str) -> tuple[int, ...]:
    """The targets a card of ``kind`` may name in a ``PlayCard`` (-1: none)."""
    if kind in LAND_TARGETS:
        return tuple(range(N_LANDS))
    if kind == "pestilence":
        return tuple(range(N_AREAS))
    if kind == "people_revive":
        return tuple(range(N_NATIONS))
    return (-1,)


def _target_label(kind: str, target: int) -> str:
    if target < 0:
        return ""
    if kind == "pestilence":
        return f" on {BOARD.areas[target].name}"
    if kind == "people_revive":
        return f" on the {NATION_NAMES[target]}"
    return f" on {BOARD.lands[target].name}"


def action_table(seat: int, n: int) -> tuple[list[Action | None], list[str]]:
    """Every index's action for ``seat`` in an ``n``-player game, and each index's label."""
    seats = 4 if n == 2 else n
    player = seat % 2 if n == 2 else seat
    acts: list[Action | None] = []
    labels: list[str] = []

    def add(action: Action | None, label: str) -> None:
        acts.append(action)
        labels.append(label)

    for k in range(SEATS):
        to = (player + k) % seats
        add(HandTo(seat, to) if k < seats else None, f"counter to seat +{k}")
    for verb in VERB_NAMES:
        add(Decide(seat, verb), verb)
    for verb in PICK_NAMES:
        for land in range(N_LANDS):
            add(Pick(seat, verb, land), f"{verb} {BOARD.lands[land].name}")
    for card in DECK:
        for t in card_targets(card.kind):
            add(
                PlayCard(seat, card.id, t),
                f"play card {card.id} ({card.kind}){_target_label(card.kind, t)}",
            )
    for amount in range(OFFERS):
        add(Offer(seat, amount), f"offer {amount} RVP")
    return acts, labels


class HotreActions(TableCodec):
    """HOTRE's 1,594 action indices for a game of ``n`` players."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.seats = 4 if n == 2 else n
        tables = []
        labels: list[str] = []
        for seat in range(self.seats):
            acts, labels = action_table(seat, n)
            tables.append(acts)
        super().__init__(tables, labels)
        self._offer_base = self.size - OFFERS
        self._plays = {
            (a.seat, a.card, a.target): i
            for table in self._tables
            for i, a in enumerate(table)
            if isinstance(a, PlayCard)
        }
        """Card plays by their fields: the engine builds a fresh ``PlayCard`` per position."""

    def encode(self, action: Action, state: State | None = None) -> int:
        """The index of ``action``; ``IllegalIndexError`` outside the space."""
        i = self._by_id.get(id(action))
        if i is not None:
            return i
        if isinstance(action, PlayCard):
            i = self._plays.get((action.seat, action.card, action.target))
        elif isinstance(action, Offer):
            amount = action.amount
            if 0 <= action.seat < self.seats and 0 <= amount < OFFERS:
                i = self._offer_base + amount
        else:
            return super().encode(action, state)
        if i is None:
            raise IllegalIndexError(f"{action!r} is not in this game's action space")
        return i

    def decode(self, state: State, index: int) -> Action:
        """The action ``index`` means for the seat to decide.

        With two players the player to move decides for one of two seats; the seat is the one
        every legal action names.
        """
        if self.n != 2:
            return super().decode(state, index)
        if not 0 <= index < self.size:
            raise IllegalIndexError(f"action index {index} is outside 0..{self.size - 1}")
        legal = state.legal_actions()
        if not legal:
            raise IllegalIndexError("no seat is to decide now (a chance node or the end)")
        seat: int = getattr(legal[0], "seat", -1)
        action = self._tables[seat][index] if 0 <= seat < self.seats else None
        if action is None:
            raise IllegalIndexError(f"index {index} ({self.label(index)}) means nothing here")
        return action

    def legal_indices(self, state: State) -> list[int]:
        """Indices of the legal actions; bribes beyond the offer block are left out."""
        legal = state.legal_actions()
        out: list[int | None] = list(map(self._by_id.get, map(id, legal)))
        if None not in out:
            return out  # type: ignore[return-value]  # no None left
        # Only the actions the identity cache missed (fresh card plays, offers) are looked up.
        return [
            self.encode(a) if i is None else i
            for i, a in zip(out, legal, strict=True)
            if i is not None or not (isinstance(a, Offer) and a.amount >= OFFERS)
        ]


# -- observations -------------------------------------------------------------------------------

STAGES: Final = slots(STAGE_NAMES)
KIND_INDEX: Final = slots(KIND_NAMES)
"""Force kinds (Faction, People, Minor People, Kingdom, Rebels), by their column."""
FLAG_BITS: Final = 7
"""Bits of the observation's ``flags``: the lasting effects, then the Emperor's third die."""
LAND_FEATURES: Final = (
    *(f"occupant_{k}" for k in range(SEATS)),
    "faction",
    "people",
    "minor_people",
    "kingdom",
    "rebels",
    "armies",
    "fort",
    "fortress",
    *(f"fort_owner_{k}" for k in range(SEATS)),
    "fort_owner_other",
    "city",
    "ruined_city",
    "battle",
    "resource",
    *(f"start_{k}" for k in range(SEATS)),
)
"""Columns of each row of the ``lands`` block; ``_k`` names seat offset ``k``."""
_LF: Final = slots(LAND_FEATURES)
PLAYER_FEATURES: Final = (
    "present",
    "mine",
    "people_points",
    "faction_points",
    "eliminated_legions",
    "dead",
    "legions_on_map",
    "peoples",
    "people_armies",
    "cards_played",
    "hand_size",
    "has_people_counter",
    *(f"people_counter_{c}" for c in range(1, 7)),
    "has_emperor_counter",
    *(f"emperor_counter_{c}" for c in range(1, 7)),
    "winner",
)
"""Columns of each row of the ``players`` block."""
_PF: Final = slots(PLAYER_FEATURES)
POINTS_SCALE: Final = 250.0
ARMY_SCALE: Final = 3.0
"""Armies in a land: a force stacks at most three (HRE-1.3)."""
_STATIC_RESOURCE: Final = tuple(i for i, land in enumerate(BOARD.lands) if land.resource)
_CARD_SET: Final = (0, *(c.set for c in DECK))
"""The set of each card id (index 0 unused)."""
_LAND_FIELDS: Final = itemgetter("force", "armies", "fort", "fort_owner", "city")
_ARMY_VALUE: Final = tuple(min(1.0, k / ARMY_SCALE) for k in range(16))
"""``armies / 3`` clipped to 1, by armies (a lookup table)."""
_KIND0: Final = _LF["faction"]
_ARMIES: Final = _LF["armies"]
_FORT: Final = _LF["fort"]
_FORT_OWNER0: Final = _LF["fort_owner_0"]
_FORT_OTHER: Final = _LF["fort_owner_other"]
_CITY: Final = _LF["city"]
_KIND_COL: Final = tuple(KIND_INDEX[name] for name in KIND_NAMES)
"""The column of each force kind, by kind code."""


class HotreObservations(ObservationEncoder):
    """HOTRE's observation vector, every seat block in the viewer's order (viewer first)."""

    def __init__(self, game: Game) -> None:
        lay = Layout()
        self._stage = lay.add("stage", len(STAGE_NAMES))
        self._period = lay.add("period", PERIODS)
        self._half = lay.add("half", 3)
        self._to_move = lay.add("to_move", SEATS + 2)  # player offsets, then chance, terminal
        self._active = lay.add("active", SEATS + 1)  # seat offsets, then none
        self._scalars = lay.add("scalars", 3)
        self._flags = lay.add("flags", FLAG_BITS)
        self._drawn = lay.add("drawn", 6)
        self._order = lay.add("order", SEATS, SEATS)
        self._lands = lay.add("lands", N_LANDS, len(LAND_FEATURES))
        self._players = lay.add("players", SEATS, len(PLAYER_FEATURES))
        self._hand_cards = lay.add("hand_cards", SEATS, N_CARDS)
        self._hand_sets = lay.add("hand_sets", SEATS, N_SETS)
        self._used = lay.add("used_cards", N_CARDS)
        self.layout = lay
        self.n = game.num_players
        self.seats = 4 if self.n == 2 else self.n
        opts = game.options
        legions = opts.get("legion_counters") or (12 if self.seats == 3 else 10)  # HRE-15.2
        self._legions = float(max(1, int(legions)))
        self._army_cap = float(max(1, int(opts.get("force_army_cap", 12))))
        seats = self.seats
        width = len(LAND_FEATURES)
        self._rel = [[(s - me) % seats for s in range(seats)] for me in range(self.n)]
        """Per viewer: each seat's offset."""
        self._land_rows = [self._lands + i * width for i in range(N_LANDS)]
        self._template = np.zeros(lay.size, dtype=np.float32)
        self._lands_memo = Memo()
        for i in _STATIC_RESOURCE:
            self._template[self._lands + i * width + _LF["resource"]] = 1.0

    def encode(self, observation: dict[str, Any]) -> FloatArray:
        """The vector of one HOTRE observation."""
        obs = observation
        n, seats = self.n, self.seats
        you = obs["player"]
        me = 0 if you is None else int(you) % n
        rel = self._rel[me]
        ones: list[int] = [self._stage + STAGES[obs["stage"]]]
        at: list[int] = []  # entries other than 1, with their values in ``values``
        values: list[float] = []
        period = obs["period"]
        if 1 <= period <= PERIODS:
            ones.append(self._period + period - 1)
        half = obs["half"]
        if 0 <= half < 3:
            ones.append(self._half + half)
        cur = obs["to_move"]
        ones.append(
            self._to_move + ((cur - me) % n if cur >= 0 else (SEATS if cur == -1 else SEATS + 1))
        )
        active = obs["active"]
        ones.append(self._active + (rel[active] if 0 <= active < seats else SEATS))
        s = self._scalars
        at += [s, s + 1]
        values += [min(1.0, obs["to_place"] / self._army_cap), n / SEATS]
        if you is None:
            ones.append(s + 2)
        flags = obs["flags"]
        if flags:
            ones.extend(self._flags + b for b in range(FLAG_BITS) if flags >> b & 1)
        drawn = obs["drawn"]
        if drawn:
            ones.append(self._drawn + drawn - 1)
        order = self._order
        ones.extend(order + i * SEATS + rel[q] for i, q in enumerate(obs["order"]) if q < seats)
        # Lands: who holds each, with what, and the Forts and Cities; empty lands are skipped.
        forces = obs["forces"]
        kind_col = [KIND_INDEX[f["kind"]] for f in forces]
        owner = [f["owner"] for f in forces]
        land_ones, land_at, land_values = self._land_entries(
            map(_LAND_FIELDS, obs["lands"]),
            owner,
            kind_col,
            rel,
            obs["battle_land"],
            obs["start_lands"],
        )
        ones += land_ones
        at += land_at
        values += land_values
        # Seats: points, Legions, counters, hands.
        width = len(PLAYER_FEATURES)
        peoples = [0] * seats
        people_armies = [0] * seats
        for k, o, f in zip(kind_col, owner, forces, strict=True):
            if k and 0 <= o < seats:
                peoples[o] += 1
                people_armies[o] += f["armies"]
        mine = obs["seats"]
        legions, army_cap = self._legions, self._army_cap
        pp, fp = obs["people_points"], obs["faction_points"]
        elim, dead, played = obs["eliminated_legions"], obs["dead"], obs["played_this_period"]
        has_p, has_e = obs["has_people_counter"], obs["has_emperor_counter"]
        pc, ec = obs["people_counters"], obs["emperor_counters"]
        hands, is_sets = obs["hands"], obs["hand_is_sets"]
        hand_sets, hand_cards, card_set = self._hand_sets, self._hand_cards, _CARD_SET
        for q in range(seats):
            r = rel[q]
            b = self._players + r * width
            ones.append(b)
            if q in mine:
                ones.append(b + 1)
            if dead[q]:
                ones.append(b + 5)
            hand = hands[q]
            at += [b + 2, b + 3, b + 4, b + 6, b + 7, b + 8, b + 9, b + 10]
            values += [
                clip(pp[q] / POINTS_SCALE),
                clip(fp[q] / POINTS_SCALE),
                min(1.0, elim[q] / legions),
                min(1.0, forces[q]["armies"] / legions) if kind_col[q] == 0 else 0.0,
                min(1.0, peoples[q] / 4.0),
                min(1.0, people_armies[q] / army_cap),
                min(1.0, played[q] / 2.0),
                min(1.0, len(hand) / 10.0),
            ]
            if has_p[q]:
                ones.append(b + 11)
                if pc[q]:
                    ones.append(b + 11 + pc[q])
            if has_e[q]:
                ones.append(b + 18)
                if ec[q]:
                    ones.append(b + 18 + ec[q])
            if not hand:
                continue
            sets = hand if is_sets[q] else [card_set[c] for c in hand]
            if not is_sets[q]:
                cards = hand_cards + r * N_CARDS - 1
                ones.extend(cards + c for c in hand)
            hs = hand_sets + r * N_SETS - 1
            for st in set(sets):
                at.append(hs + st)
                values.append(min(1.0, sets.count(st) / 3.0))
        winners = obs["winners"]
        if winners:  # players; with two, each wins with both of its seats
            ones.extend(
                self._players + rel[q] * width + _PF["winner"]
                for q in range(seats)
                if q % n in winners
            )
        used = self._used - 1
        ones.extend(used + c for c in obs["used_cards"])
        vec = self._template.copy()
        vec.put(ones, 1.0)  # ``put`` takes a list of indices faster than fancy indexing
        vec.put(at, values)
        return vec

    def _land_entries(
        self,
        cells: Iterable[tuple[int, int, int, int, int]],
        owner: Sequence[int],
        kind_col: Sequence[int],
        rel: list[int],
        battle: int,
        starts: Iterable[int],
    ) -> tuple[list[int], list[int], list[float]]:
        """The ones, then the other entries and their values, of the ``lands`` block.

        ``cells`` gives each land's (force, armies, Fort, Fort's owner, City), in land order;
        empty lands add nothing.
        """
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        n_forces = len(kind_col)
        army_value = _ARMY_VALUE
        for row, (g, armies, fort, fo, city) in zip(self._land_rows, cells, strict=True):
            if g >= 0:
                ones.append(row + _KIND0 + kind_col[g])
                o = owner[g]
                if o >= 0:
                    ones.append(row + rel[o])  # occupant_0 is column 0
                at.append(row + _ARMIES)
                values.append(army_value[armies] if armies < len(army_value) else 1.0)
            if fort:
                ones.append(row + (_FORT if fort == 1 else _FORT + 1))
                o = owner[fo] if 0 <= fo < n_forces else -1
                ones.append(row + (_FORT_OWNER0 + rel[o] if o >= 0 else _FORT_OTHER))
            if city:
                ones.append(row + (_CITY if city == 1 else _CITY + 1))
        if 0 <= battle < N_LANDS:
            ones.append(self._land_rows[battle] + _LF["battle"])
        start0 = _LF["start_0"]
        for q, land in enumerate(starts):
            if 0 <= land < N_LANDS:
                ones.append(self._land_rows[land] + start0 + rel[q])
        return ones, at, values

    def encode_state(self, state: State, seat: int) -> FloatArray:
        """``encode(state.observation(seat))``, read straight from the position.

        ``seat`` is a player. Of what is hidden it reads only what the observation shows: the
        player's own hands card by card and the others' as card sets, a counter only where
        ``views.shown`` lets the player see it, the drawn counter only if it looked at it.
        """
        n, seats = self.n, self.seats
        if not isinstance(state, HotreState) or not 0 <= seat < n:
            return self.encode(state.observation(seat))
        s = state
        me = seat
        rel = self._rel[me]
        mine = {q for q in range(seats) if s.seat_player(q) == seat}
        mask = sum(1 << q for q in mine)
        ones: list[int] = [self._stage + STAGES[STAGE_NAMES[s.stage]]]
        at: list[int] = []
        values: list[float] = []
        period = s.period
        if 1 <= period <= PERIODS:
            ones.append(self._period + period - 1)
        half = s.half_turn
        if 0 <= half < 3:
            ones.append(self._half + half)
        cur = s.current_player()
        ones.append(
            self._to_move + ((cur - me) % n if cur >= 0 else (SEATS if cur == -1 else SEATS + 1))
        )
        active = s.active_seat
        ones.append(self._active + (rel[active] if 0 <= active < seats else SEATS))
        sc = self._scalars
        at += [sc, sc + 1]
        values += [min(1.0, s.armies_to_place / self._army_cap), n / SEATS]
        flags = s.turn_flags
        if flags:
            ones.extend(self._flags + b for b in range(FLAG_BITS) if flags >> b & 1)
        drawn = s.drawn_counter
        if drawn and drawn_seen_by(s, mine):
            ones.append(self._drawn + drawn - 1)
        order = self._order
        ones.extend(order + i * SEATS + rel[q] for i, q in enumerate(s.draw_order) if q < seats)
        kind_col = [_KIND_COL[k] for k in s.force_kind]
        owner = s.force_owner
        armies_of = s.force_armies
        key = (
            me,
            tuple(s.force_in_land),
            tuple(s.armies_in_land),
            tuple(s.fort_level),
            tuple(s.fort_owner),
            tuple(s.city_state),
            tuple(owner),
            tuple(kind_col),
            s.battle_land,
            tuple(s.start_land),
        )
        lands = self._lands_memo.get(key)
        if lands is None:
            lands = self._lands_memo.keep(
                key,
                self._land_entries(
                    zip(
                        s.force_in_land,
                        s.armies_in_land,
                        s.fort_level,
                        s.fort_owner,
                        s.city_state,
                        strict=True,
                    ),
                    owner,
                    kind_col,
                    rel,
                    s.battle_land,
                    s.start_land,
                ),
            )
        ones += lands[0]
        at += lands[1]
        values += lands[2]
        width = len(PLAYER_FEATURES)
        peoples = [0] * seats
        people_armies = [0] * seats
        for k, o, a in zip(kind_col, owner, armies_of, strict=True):
            if k and 0 <= o < seats:
                peoples[o] += 1
                people_armies[o] += a
        legions, army_cap = self._legions, self._army_cap
        pp, fp = s.people_points, s.faction_points
        elim, dead, played = s.eliminated_legions, s.faction_dead, s.cards_played
        pc, ec = s.people_counter, s.emperor_counter
        pc_seen, ec_seen = s.people_counter_seen, s.emperor_counter_seen
        hand_sets, hand_cards, card_set = self._hand_sets, self._hand_cards, _CARD_SET
        for q in range(seats):
            r = rel[q]
            b = self._players + r * width
            ones.append(b)
            own = q in mine
            if own:
                ones.append(b + 1)
            if dead[q]:
                ones.append(b + 5)
            hand = s.hands[q]
            at += [b + 2, b + 3, b + 4, b + 6, b + 7, b + 8, b + 9, b + 10]
            values += [
                clip(pp[q] / POINTS_SCALE),
                clip(fp[q] / POINTS_SCALE),
                min(1.0, elim[q] / legions),
                min(1.0, armies_of[q] / legions) if kind_col[q] == 0 else 0.0,
                min(1.0, peoples[q] / 4.0),
                min(1.0, people_armies[q] / army_cap),
                min(1.0, played[q] / 2.0),
                min(1.0, len(hand) / 10.0),
            ]
            if pc[q]:
                ones.append(b + 11)
                if shown(s, pc_seen[q], mask):
                    ones.append(b + 11 + pc[q])
            if ec[q]:
                ones.append(b + 18)
                if shown(s, ec_seen[q], mask):
                    ones.append(b + 18 + ec[q])
            if not hand:
                continue
            if own:
                cards = hand_cards + r * N_CARDS - 1
                ones.extend(cards + c for c in hand)
            sets = [card_set[c] for c in hand]  # a hand's card sets are public (HRE-2.4)
            hs = hand_sets + r * N_SETS - 1
            for st in set(sets):
                at.append(hs + st)
                values.append(min(1.0, sets.count(st) / 3.0))
        winners = s.winners
        if winners:
            ones.extend(
                self._players + rel[q] * width + _PF["winner"]
                for q in range(seats)
                if q % n in winners
            )
        used = self._used - 1
        ones.extend(used + c for c in s.used_cards)
        vec = self._template.copy()
        vec.put(ones, 1.0)
        vec.put(at, values)
        return vec


def hotre_codec(game: Game) -> GameCodec:
    """The codec of a loaded HOTRE game."""
    return GameCodec(game, HotreActions(game.num_players), HotreObservations(game))
