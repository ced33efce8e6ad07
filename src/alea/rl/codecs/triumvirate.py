"""The Triumvirate's codec: 3,661 action indices and a board of 16 planes of 18 x 29 hexes.

Hexes are numbered ``row * 29 + col`` as in the game. The action index space, in order:

==========  =====  ============================================================
block       size   index within the block
==========  =====  ============================================================
decide          7  roll, stay, collect, parade, end, woo, pass
march         522  the hex the leader steps into
move        3,132  ``6 * source hex + direction`` (E, NE, NW, W, SW, SE)
==========  =====  ============================================================

A move towards a direction that leaves the board is never legal. Seats are seen from the
viewer: seat offset 0 is the viewer, +1 the next seat clockwise, +2 the one after; Rome's
grey troops have their own slot.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from alea.core.game import Action, Game, State
from alea.games.triumvirate.actions import FORCE_NAMES, ROMAN, VERBS, Decide, March, Move
from alea.games.triumvirate.board import BOARD, FORCES
from alea.games.triumvirate.state import STAGE_NAMES, TriumvirateState
from alea.rl import pixels
from alea.rl.codecs.base import (
    GameCodec,
    Layout,
    ObservationEncoder,
    TableCodec,
    Tracker,
    clip,
    fill,
    slots,
)

if TYPE_CHECKING:
    from alea.rl.codecs.base import FloatArray, RgbArray

SEATS: Final = 3
COLS: Final = BOARD.cols
ROWS: Final = BOARD.rows
N_HEX: Final = BOARD.size
DIRECTIONS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial ``(dq, dr)`` of the six neighbours, in direction-index order: E, NE, NW, W, SW, SE."""
DIRECTION_NAMES: Final = ("E", "NE", "NW", "W", "SW", "SE")
FORCE_SLOT: Final = slots(FORCE_NAMES)
STAGES: Final = slots(STAGE_NAMES)
PLANES: Final = (
    "troops_0",
    "troops_1",
    "troops_2",
    "troops_rome",
    "moved",
    "leader_0",
    "leader_1",
    "leader_2",
    "attacks",
    "battle",
    "land",
    "italy",
    "rome",
    "zone_0",
    "zone_1",
    "zone_2",
)
"""The board planes, in order; ``_0`` is the viewer, ``_1`` and ``_2`` the next seats."""
INV_COUNTERS: Final = tuple(1.0 / max(1, c) for c in BOARD.counters[:3])
PLAYER_FEATURES: Final = (
    "alive",
    "conquests",
    "popularity",
    "rome_turns",
    "troops",
    "supply",
    "leader_in_rome",
)


def _direction(src: int, to: int) -> int:
    q0, r0 = BOARD.axial(src)
    q1, r1 = BOARD.axial(to)
    return DIRECTIONS.index((q1 - q0, r1 - r0))


def action_table(seat: int) -> tuple[list[Action | None], list[str]]:
    """Every index's action for ``seat``, and each index's label."""
    acts: list[Action | None] = [Decide(seat, v) for v in VERBS]
    labels = list(VERBS)
    for h in range(N_HEX):
        acts.append(March(seat, h))
        labels.append(f"march to {BOARD.label(h)}")
    moves: list[Action | None] = [None] * (6 * N_HEX)
    move_labels = [""] * (6 * N_HEX)
    for h in range(N_HEX):
        for d, name in enumerate(DIRECTION_NAMES):
            move_labels[6 * h + d] = f"move a troop {BOARD.label(h)} {name}"
        for to in BOARD.neighbours[h]:
            moves[6 * h + _direction(h, to)] = Move(seat, h, to)
    return acts + moves, labels + move_labels


class TriumvirateActions(TableCodec):
    """The Triumvirate's 3,661 action indices."""

    def __init__(self) -> None:
        tables = []
        labels: list[str] = []
        for seat in range(SEATS):
            acts, labels = action_table(seat)
            tables.append(acts)
        super().__init__(tables, labels)


class TriumvirateObservations(ObservationEncoder):
    """The Triumvirate's observation: board planes (viewer's seat first), then scalars."""

    def __init__(self, game: Game) -> None:
        opts = game.options
        self.stack = max(1, int(opts.get("stack_limit", 4)))
        self.max_rounds = max(1, int(opts.get("max_rounds", 120)))
        self.to_win = max(1, int(opts.get("rome_turns_to_win", 4)))
        self.max_conquests = max(1, int(opts.get("max_conquests", 4)))
        self.move_die = max(1, int(opts.get("move_die", 6)))
        lay = Layout()
        self._board = lay.add("board", len(PLANES), ROWS, COLS)
        self._stage = lay.add("stage", len(STAGE_NAMES))
        self._to_move = lay.add("to_move", SEATS + 2)  # seat offsets, chance, terminal
        self._turn = lay.add("turn", SEATS + 1)  # seat offsets, nobody yet
        self._scalars = lay.add("scalars", 4)
        self._players = lay.add("players", SEATS, len(PLAYER_FEATURES))
        self._battle = lay.add("battle", 5 + SEATS + 1)
        self._winner = lay.add("winner", SEATS)
        self.layout = lay
        plane = {name: self._board + i * N_HEX for i, name in enumerate(PLANES)}
        self._plane = plane
        zones: tuple[frozenset[int], ...] = getattr(game, "zones", BOARD.zones)
        self._troop_base = [
            {
                name: plane["troops_0"] + (rel if rel < SEATS else SEATS) * N_HEX
                for name, rel in (
                    (n, (i - me) % SEATS if i < SEATS else SEATS) for i, n in enumerate(FORCE_NAMES)
                )
            }
            for me in range(SEATS)
        ]
        width = len(PLAYER_FEATURES)
        self._player_rows = [
            [self._players + ((q - me) % SEATS) * width for q in range(SEATS)]
            for me in range(SEATS)
        ]
        """Per viewer: where each seat's row of the players block starts."""
        self._leader_planes = [
            [plane["leader_0"] + ((q - me) % SEATS) * N_HEX for q in range(SEATS)]
            for me in range(SEATS)
        ]
        """Per viewer: where each seat's leader plane starts."""
        self._troop_offsets = [
            np.array([self._troop_base[me][name] for name in FORCE_NAMES], dtype=np.intp)
            for me in range(SEATS)
        ]
        """Per viewer: where each force's troop plane starts, by force index (Rome last)."""
        self._troop_base_list = [offsets.tolist() for offsets in self._troop_offsets]
        self._stack_value = np.minimum(np.arange(64, dtype=np.float32) / self.stack, 1.0)
        """``count / stack_limit`` clipped to 1, by count (a lookup table)."""
        self._stack_list: list[float] = self._stack_value.tolist()
        """The same table as Python floats, equal to the ``float32`` ones."""
        self._templates = []
        for me in range(SEATS):
            t = np.zeros(lay.size, dtype=np.float32)
            for h in range(N_HEX):
                if BOARD.land[h]:
                    t[plane["land"] + h] = 1.0
            for h in BOARD.italy:
                t[plane["italy"] + h] = 1.0
            t[plane["rome"] + BOARD.rome] = 1.0
            for s in range(SEATS):
                for h in zones[s]:
                    t[plane[f"zone_{(s - me) % SEATS}"] + h] = 1.0
            self._templates.append(t)

    def encode(self, observation: dict[str, Any]) -> FloatArray:
        """The vector of one Triumvirate observation."""
        obs = observation
        you = obs["you"]
        me = 0 if you is None else int(you)
        rel = [(s - me) % SEATS for s in range(SEATS)] + [SEATS]  # Rome's troops: slot 3
        plane = self._plane
        slot = FORCE_SLOT
        vec = self._templates[me].copy()
        # Troops, moved troops and attacks: gathered with comprehensions, written at once.
        stacks = obs["stacks"]
        if stacks:
            base = self._troop_base[me]
            moved = plane["moved"]
            at: list[int] = []
            counts: list[int] = []
            for c, r, f, n, m in stacks:
                h = r * COLS + c
                at.append(base[f] + h)
                counts.append(n)
                if m:
                    at.append(moved + h)
                    counts.append(m)
            vec[at] = self._stack_value[counts]
        attacks = obs["attacks"]
        if attacks:
            at = [plane["attacks"] + r * COLS + c for c, r, _ in attacks]
            vec[at] = self._stack_value[[n for _, _, n in attacks]]
        ones = [
            self._stage + STAGES[obs["stage"]],
            self._to_move + self.to_move_slot(obs["current"], rel, SEATS),
        ]
        vals: list[tuple[int, float]] = []
        turn = obs["turn"]
        ones.append(self._turn + (rel[turn] if turn >= 0 else SEATS))
        s = self._scalars
        vals += [
            (s, min(1.0, obs["round"] / self.max_rounds)),
            (s + 1, 1.0 if obs["civil_war"] else 0.0),
            (s + 2, min(1.0, obs["movement_left"] / self.move_die)),
            (s + 3, min(1.0, obs["roman_troops"] / max(1, BOARD.counters[3]))),
        ]
        rome = BOARD.rome
        inv_conquests, inv_to_win = 1.0 / self.max_conquests, 1.0 / self.to_win
        for pl, b, lead, inv in zip(
            obs["players"],
            self._player_rows[me],
            self._leader_planes[me],
            INV_COUNTERS,
            strict=True,
        ):
            leader = pl["leader"]
            if leader is not None:
                h = leader[1] * COLS + leader[0]
                ones.append(lead + h)
                if h == rome:
                    ones.append(b + 6)
            if pl["alive"]:
                ones.append(b)
            vals += [
                (b + 1, min(1.0, pl["conquests"] * inv_conquests)),
                (b + 2, min(1.0, pl["popularity"] * 0.05)),
                (b + 3, min(1.0, pl["rome_turns"] * inv_to_win)),
                (b + 4, clip(pl["troops"] * inv)),
                (b + 5, clip(pl["supply"] * inv)),
            ]
        battle = obs["battle"]
        if battle is not None:
            b = self._battle
            col, row = battle["hex"]
            ones += [plane["battle"] + row * COLS + col, b]
            vals += [
                (b + 1, min(1.0, battle["attackers"] / 8.0)),
                (b + 2, min(1.0, battle["defenders"] / 8.0)),
                (b + 3, 1.0 if battle["attacker_leader"] else 0.0),
                (b + 4, 1.0 if battle["defender_leader"] else 0.0),
            ]
            ones.append(b + 5 + rel[slot[battle["defender"]]])
        winner = obs["winner"]
        if winner is not None:
            ones.append(self._winner + rel[FORCES.index(winner)])
        return fill(vec, ones, vals)

    def encode_state(self, state: State, seat: int) -> FloatArray:
        """``encode(state.observation(seat))``, read straight from the position.

        Nothing in this game is hidden (TRI-10.1), so every field the observation shows may be
        read; the troop planes are written by numpy from the board's two byte arrays.
        """
        if not isinstance(state, TriumvirateState) or not 0 <= seat < SEATS:
            return self.encode(state.observation(seat))
        s = state
        vec = self._templates[seat].copy()
        owner = np.frombuffer(s.owner, dtype=np.int8)
        occupied = (owner >= 0).nonzero()[0]
        if occupied.size:
            count = np.frombuffer(s.count, dtype=np.int8)
            vec[self._troop_offsets[seat][owner[occupied]] + occupied] = self._stack_value[
                count[occupied]
            ]
        marks = self._marks(s, seat)
        if marks:
            vec.put(list(marks), list(marks.values()))
        ones, at, values = self._tail(s, seat)
        vec.put(ones, 1.0)
        vec.put(at, values)
        return vec

    def _marks(self, s: TriumvirateState, me: int) -> dict[int, float]:
        """The board planes' entries other than the troops, by index (a handful).

        They are the moved troops, the attacks, the leaders and the hex being fought over.
        """
        plane = self._plane
        stack_value = self._stack_list
        marks: dict[int, float] = {}
        moved = plane["moved"]
        owners = s.owner
        for h, m in s.moved.items():
            if m and owners[h] >= 0:
                marks[moved + h] = stack_value[m]
        attacks = plane["attacks"]
        for h, n in s.attack.items():
            marks[attacks + h] = stack_value[n]
        leads = self._leader_planes[me]
        for p in range(SEATS):
            h = s.leader[p]
            if h >= 0:
                marks[leads[p] + h] = 1.0
        if s.battle is not None:
            marks[plane["battle"] + s.battle[0]] = 1.0
        return marks

    def _tail(self, s: TriumvirateState, me: int) -> tuple[list[int], list[int], list[float]]:
        """The ones, then the other entries and their values, of the blocks after the board."""
        ones, at, values = self._head(s, me)
        more = self._rows(s, me)
        return ones + more[0], at + more[1], values + more[2]

    def _head(self, s: TriumvirateState, me: int) -> tuple[list[int], list[int], list[float]]:
        """The entries after the board but the players block.

        They are the stage, the seat to move, the turn, the scalars, the battle and the winner.
        """
        rel = [(q - me) % SEATS for q in range(SEATS)] + [SEATS]
        turn = s.turn
        ones = [
            self._stage + STAGES[STAGE_NAMES[s.stage]],
            self._to_move + self.to_move_slot(s.player, rel, SEATS),
            self._turn + (rel[turn] if turn >= 0 else SEATS),
        ]
        sc = self._scalars
        at = [sc, sc + 1, sc + 2, sc + 3]
        values = [
            min(1.0, s.round / self.max_rounds),
            1.0 if s.civil_war else 0.0,
            min(1.0, s.moves_left / self.move_die),
            min(1.0, s.troops[ROMAN] / max(1, BOARD.counters[3])),
        ]
        battle = s.battle
        if battle is not None:
            b = self._battle
            ones += [b, b + 5 + rel[battle[3]]]
            at += [b + 1, b + 2, b + 3, b + 4]
            values += [
                min(1.0, battle[1] / 8.0),
                min(1.0, battle[4] / 8.0),
                1.0 if battle[2] else 0.0,
                1.0 if battle[5] else 0.0,
            ]
        if s.winner >= 0:
            ones.append(self._winner + rel[s.winner])
        return ones, at, values

    def _rows(self, s: TriumvirateState, me: int) -> tuple[list[int], list[int], list[float]]:
        """The entries of the players block."""
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        troops = s.troops
        rome = BOARD.rome
        inv_conquests, inv_to_win = 1.0 / self.max_conquests, 1.0 / self.to_win
        counters = s.game.setup.counters
        rows = self._player_rows[me]
        for p in range(SEATS):
            b, inv = rows[p], INV_COUNTERS[p]
            if s.leader[p] == rome:
                ones.append(b + 6)
            if s.alive[p]:
                ones.append(b)
            at += [b + 1, b + 2, b + 3, b + 4, b + 5]
            values += [
                min(1.0, s.conquests[p] * inv_conquests),
                min(1.0, s.popularity[p] * 0.05),
                min(1.0, s.rome_turns[p] * inv_to_win),
                clip(troops[p] * inv),
                clip((counters[p] - troops[p]) * inv),
            ]
        return ones, at, values

    def tracker(self, seat: int) -> Tracker:
        """A tracker that rewrites only the hexes whose troops changed, and a few entries."""
        if not 0 <= seat < SEATS:
            return Tracker(self, seat)
        return TriumvirateTracker(self, seat)

    def draw(self, observation: dict[str, Any]) -> RgbArray:
        """The hex map with troops and leaders, drawn with numpy alone."""
        return draw_triumvirate(observation)


class TriumvirateTracker(Tracker):
    """One seat's Triumvirate vector, patched where the position changed since the last call.

    It keeps copies of the fields it last wrote each part from: the two troop arrays (then
    only the hexes where they differ are rewritten), the moved troops, attacks, leaders and
    battle (a handful of board entries), and the fields of the players block. The stage,
    turn, scalars, battle and winner entries are written afresh every call.
    """

    def __init__(self, encoder: TriumvirateObservations, seat: int) -> None:
        super().__init__(encoder, seat)
        self.obs = encoder
        self.state: State | None = None
        self.vec = encoder._templates[seat].copy()
        self.owner = array("b")
        self.count = array("b")
        self.seen = np.zeros(2 * N_HEX, dtype=np.int8)
        self.marks: dict[int, float] = {}
        self.marked: tuple[Any, ...] = ()
        self.rows: tuple[Any, ...] = ()
        self.head: list[int] = []
        self.heading: tuple[Any, ...] = ()

    def vector(self, state: State) -> FloatArray:
        """The seat's vector in ``state`` (the tracker's array, valid until the next call)."""
        enc = self.obs
        me = self.seat
        if not isinstance(state, TriumvirateState):
            return enc.encode_state(state, me)
        s = state
        vec = self.vec
        if s is not self.state:  # a new game: write it all afresh
            self.state = s
            vec[:] = enc.encode_state(s, me)
            self.owner, self.count = s.owner[:], s.count[:]
            self.seen = np.frombuffer(s.owner.tobytes() + s.count.tobytes(), dtype=np.int8)
            self.marks = enc._marks(s, me)
            self.marked = self._marked(s)
            self.rows = self._rows_key(s)
            ones, cells, _ = enc._head(s, me)
            self.head = cells + ones
            self.heading = ()
            return vec
        # Every entry to rewrite, in order, then one ``put`` (which writes them in that order,
        # so an entry cleared and then set ends set).
        at: list[int] = []
        values: list[float] = []
        moved_troops = s.owner != self.owner or s.count != self.count
        if moved_troops:
            self._troops(s, at, values)
        marked = self._marked(s)
        if moved_troops or marked != self.marked:
            self.marked = marked
            marks = enc._marks(s, me)
            old = self.marks
            if marks != old:
                gone = old.keys() - marks.keys()
                at += gone
                values += [0.0] * len(gone)
                for i, v in marks.items() - old.items():
                    at.append(i)
                    values.append(v)
                self.marks = marks
        rows = self._rows_key(s)
        if rows != self.rows:
            self.rows = rows
            first = enc._players
            vec[first : first + SEATS * len(PLAYER_FEATURES)] = 0.0
            ones, cells, figures = enc._rows(s, me)
            at += cells
            values += figures
            at += ones
            values += [1.0] * len(ones)
        battle = s.battle
        heading = (
            s.stage,
            s.player,
            s.turn,
            s.round,
            s.civil_war,
            s.moves_left,
            s.troops[ROMAN],
            None if battle is None else tuple(battle),
            s.winner,
        )
        if heading != self.heading:
            self.heading = heading
            at += self.head
            values += [0.0] * len(self.head)
            ones, cells, figures = enc._head(s, me)
            self.head = cells + ones
            at += self.head
            values += figures
            values += [1.0] * len(ones)
        if at:
            vec.put(at, values)
        return vec

    def _troops(self, s: TriumvirateState, at: list[int], values: list[float]) -> None:
        """Add the troop planes' entries at the hexes whose owner or count changed."""
        now = np.frombuffer(s.owner.tobytes() + s.count.tobytes(), dtype=np.int8)
        changed = (now != self.seen).nonzero()[0].tolist()
        self.seen = now
        offsets = self.obs._troop_base_list[self.seat]
        table = self.obs._stack_list
        was, owner, count = self.owner, s.owner, s.count
        for h in {h if h < N_HEX else h - N_HEX for h in changed}:
            o = was[h]
            if o >= 0:
                at.append(offsets[o] + h)
                values.append(0.0)
            o = owner[h]
            if o >= 0:
                at.append(offsets[o] + h)
                values.append(table[count[h]])
        self.owner, self.count = owner[:], count[:]

    @staticmethod
    def _marked(s: TriumvirateState) -> tuple[Any, ...]:
        """What the marks on the board are read from, besides the troops."""
        battle = s.battle
        return (
            tuple(s.moved.items()),
            tuple(s.attack.items()),
            tuple(s.leader),
            -1 if battle is None else battle[0],
        )

    @staticmethod
    def _rows_key(s: TriumvirateState) -> tuple[Any, ...]:
        """What the players block is read from."""
        return (
            tuple(s.leader),
            tuple(s.alive),
            tuple(s.conquests),
            tuple(s.popularity),
            tuple(s.rome_turns),
            tuple(s.troops),
        )


CELL: Final = 10
"""Pixels per hex in the numpy drawing; odd rows shift right by half a hex."""


def _cell(col: int, row: int) -> tuple[slice, slice]:
    x = col * CELL + (CELL // 2 if row & 1 else 0)
    return slice(row * CELL + 1, row * CELL + CELL - 1), slice(x + 1, x + CELL - 1)


def draw_triumvirate(obs: dict[str, Any]) -> RgbArray:
    """The hex map: land and water, troops shaded by force and size, leaders as white dots."""
    img = pixels.canvas(ROWS * CELL, COLS * CELL + CELL // 2, pixels.WATER)
    for h in range(N_HEX):
        if BOARD.land[h]:
            img[_cell(*BOARD.coords(h))] = pixels.LAND
    for col, row, force, count, _ in obs["stacks"]:
        slot = FORCE_SLOT[force]
        rgb = pixels.SEAT_RGB[slot] if slot < SEATS else pixels.GREY
        shade = 0.55 + 0.45 * min(1.0, count / 4)
        img[_cell(col, row)] = tuple(round(v * shade) for v in rgb)
    for pl in obs["players"]:
        if pl["leader"] is not None:
            rows, cols = _cell(*pl["leader"])
            img[rows.start + 2 : rows.stop - 2, cols.start + 2 : cols.stop - 2] = pixels.WHITE
    return img


def triumvirate_codec(game: Game) -> GameCodec:
    """The codec of a loaded Triumvirate game."""
    return GameCodec(game, TriumvirateActions(), TriumvirateObservations(game))
