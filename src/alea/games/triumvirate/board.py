"""The Triumvirate hex board, loaded from ``data/board.json`` and validated (TRI-1).

Hexes are numbered ``row * COLS + col``. Neighbour tables are precomputed once so the rules
code only indexes tuples.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Final

from alea.core.boards import BoardError as BoardError
from alea.core.boards import read_data

FORCES: Final = ("Crassus", "Caesar", "Pompey")
"""The three players' forces in seat order; Rome is the fourth, uncontrolled force."""
ROME_FORCE: Final = "Rome"
LEADER_LETTER: Final = {"Crassus": "X", "Caesar": "C", "Pompey": "P"}
"""The letter that stands for each leader, on its counter and on the terminal's map."""

# Pointy-top, odd-r offsets: E, NE, NW, W, SW, SE (the order of the axial directions).
_EVEN_ROW = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD_ROW = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))


@dataclass(frozen=True)
class Board:
    """Static board facts: terrain, names, Italy, Rome, military zones, garrisons, starts."""

    cols: int
    rows: int
    land: tuple[bool, ...]
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rome: int
    italy: frozenset[int]
    cisalpina: frozenset[int]
    zones: tuple[frozenset[int], ...]
    zone_regions: tuple[str, ...]
    zone_variants: tuple[tuple[tuple[str, str, frozenset[int], int], ...], ...]
    """Per seat: (name, region, hexes, start hex) of each other zone a setup may give him
    (TRI-2.4); the start hex is where he starts there unless a setup says otherwise."""
    starts: tuple[int, ...]
    garrisons: tuple[tuple[int, int], ...]
    """(hex, force) per T hex; force is a seat 0..2 or 3 for Rome."""
    counters: tuple[int, ...]
    """Counters in the box per force: Crassus, Caesar, Pompey, Rome."""
    lon0: float
    lat0: float
    labels: tuple[str, ...] = ()
    """Every hex's name: the map's own, or one made from the nearest named place
    ("north-east of Emesa", "sea off Tarraco"); see ``describe_hexes``."""

    @property
    def size(self) -> int:
        """Number of hexes, land and water."""
        return self.cols * self.rows

    def index(self, col: int, row: int) -> int:
        """Hex number of ``(col, row)``."""
        return row * self.cols + col

    def coords(self, h: int) -> tuple[int, int]:
        """``(col, row)`` of hex ``h``."""
        return h % self.cols, h // self.cols

    def label(self, h: int) -> str:
        """The hex's name: the map's place name, or one made from the nearest (TRI-1.1)."""
        if self.labels:
            return self.labels[h]
        name = self.names[h]
        if name:
            return name
        c, r = self.coords(h)
        return f"{c},{r}"

    def axial(self, h: int) -> tuple[int, int]:
        """Axial ``(q, r)`` of hex ``h``."""
        c, r = self.coords(h)
        return c - (r - (r & 1)) // 2, r

    def distance(self, a: int, b: int) -> int:
        """Hex steps between ``a`` and ``b``, terrain ignored."""
        qa, ra = self.axial(a)
        qb, rb = self.axial(b)
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def find(self, text: str) -> int | None:
        """Hex by place name (case-insensitive) or ``col,row``; ``None`` if no such hex."""
        t = " ".join(text.split()).lower()
        for h, n in enumerate(self.names):
            if n and n.lower() == t:
                return h
        for h, n in enumerate(self.labels):
            if n.lower() == t:
                return h
        c, sep, r = t.partition(",")
        if sep and c.strip().isdigit() and r.strip().isdigit():
            col, row = int(c), int(r)
            if 0 <= col < self.cols and 0 <= row < self.rows:
                return self.index(col, row)
        return None


COMPASS: Final = (
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
    "north",
    "north-east",
)
"""The eight directions a made-up hex name uses, clockwise from east (screen y grows south)."""


def _centre(h: int, cols: int) -> tuple[float, float]:
    c, r = h % cols, h // cols
    return math.sqrt(3) * (c + 0.5 * (r & 1)), 1.5 * r


def describe_hexes(board: Board) -> tuple[str, ...]:
    """A unique name for every hex, so no choice, log line or map ever shows coordinates.

    A named hex keeps its name. An unnamed land hex is named after the nearest named land hex
    and the direction from it ("north-east of Emesa"); a sea hex is "sea off" the nearest named
    land hex, or "sea west of" it when that is taken. Nearer hexes claim a name first; a hex
    whose every candidate is taken tries the next nearest named place.
    """
    cols = board.cols
    named = [h for h, n in enumerate(board.names) if n and board.land[h]]
    taken = {n.lower() for n in board.names if n}
    labels = list(board.names)
    todo = []
    for h in range(board.size):
        if labels[h]:
            continue
        near = sorted(named, key=lambda a: (board.distance(h, a), a))
        todo.append((board.distance(h, near[0]), h, near))
    for _, h, near in sorted(todo):
        x, y = _centre(h, cols)
        candidates = []
        for a in near:
            ax, ay = _centre(a, cols)
            angle = math.degrees(math.atan2(y - ay, x - ax)) % 360
            way = COMPASS[round(angle / 45) % 8]
            if board.land[h]:
                candidates.append(f"{way} of {board.names[a]}")
            else:
                candidates += [f"sea off {board.names[a]}", f"sea {way} of {board.names[a]}"]
        name = next(c for c in candidates if c.lower() not in taken)
        taken.add(name.lower())
        labels[h] = name
    return tuple(labels)


def _neighbours(cols: int, rows: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(rows):
        deltas = _ODD_ROW if r & 1 else _EVEN_ROW
        for c in range(cols):
            hs = []
            for dc, dr in deltas:
                c2, r2 = c + dc, r + dr
                if 0 <= c2 < cols and 0 <= r2 < rows:
                    hs.append(r2 * cols + c2)
            out.append(tuple(hs))
    return tuple(out)


def parse_board(data: dict[str, Any]) -> Board:
    """Build and validate a board from its JSON data."""
    try:
        cols, rows = int(data["cols"]), int(data["rows"])
        terrain: list[str] = data["terrain"]
        if len(terrain) != rows or any(len(line) != cols for line in terrain):
            raise BoardError(f"terrain must be {rows} rows of {cols} characters")
        land = tuple(ch == "." for line in terrain for ch in line)

        def hx(pair: list[int]) -> int:
            c, r = int(pair[0]), int(pair[1])
            if not (0 <= c < cols and 0 <= r < rows):
                raise BoardError(f"hex {c},{r} is off the board")
            return r * cols + c

        names = [""] * (cols * rows)
        for key, name in data["names"].items():
            c, r = (int(x) for x in key.split(","))
            names[hx([c, r])] = str(name)
        seat_of = {name: i for i, name in enumerate(FORCES)}
        seat_of[ROME_FORCE] = 3
        board = Board(
            cols=cols,
            rows=rows,
            land=land,
            names=tuple(names),
            neighbours=_neighbours(cols, rows),
            rome=hx(data["rome"]),
            italy=frozenset(hx(p) for p in data["italy"]),
            cisalpina=frozenset(hx(p) for p in data["cisalpina"]),
            zones=tuple(frozenset(hx(p) for p in data["zones"][f]) for f in FORCES),
            zone_regions=tuple(str(data["zone_regions"][f]) for f in FORCES),
            zone_variants=tuple(
                tuple(
                    (
                        str(key),
                        str(ext["region"]),
                        frozenset(hx(p) for p in ext["hexes"]),
                        hx(ext["start"]),
                    )
                    for key, ext in data.get("zone_variants", {}).get(f, {}).items()
                )
                for f in FORCES
            ),
            starts=tuple(hx(data["starts"][f]) for f in FORCES),
            garrisons=tuple((hx([c, r]), seat_of[force]) for c, r, force in data["garrisons"]),
            counters=tuple(int(data["counters"][f]) for f in (*FORCES, ROME_FORCE)),
            lon0=float(data["geo"]["lon0"]),
            lat0=float(data["geo"]["lat0"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BoardError(f"board data is malformed: {exc!r}") from None
    board = replace(board, labels=describe_hexes(board))
    validate(board)
    return board


def validate(b: Board) -> None:
    """Check the board's invariants (TRI-1): raise ``BoardError`` naming the first broken one."""
    for h, ns in enumerate(b.neighbours):
        for n in ns:
            if h not in b.neighbours[n]:
                raise BoardError(f"adjacency not symmetric at {b.label(h)}/{b.label(n)}")
    if b.rome not in b.italy:
        raise BoardError("Rome must lie in Italy")
    for h in b.italy | b.cisalpina:
        if not b.land[h]:
            raise BoardError(f"{b.label(h)} is water but tagged Italy or Cisalpina")
    if b.italy & b.cisalpina:
        raise BoardError("a hex cannot be both Italy and Cisalpina")
    for seat, zone in enumerate(b.zones):
        if not zone or any(not b.land[h] for h in zone):
            raise BoardError(f"{FORCES[seat]}'s military zone must be land and not empty")
        if zone & b.italy:
            raise BoardError(f"{FORCES[seat]}'s military zone overlaps Italy")
        if b.starts[seat] not in zone:
            raise BoardError(f"{FORCES[seat]} must start inside his military zone")
    for seat, variants in enumerate(b.zone_variants):
        for key, _, hexes, start in variants:
            if not hexes or any(not b.land[h] or h in b.italy for h in hexes):
                raise BoardError(f"{FORCES[seat]}'s zone variant {key!r} must be land off Italy")
            if start not in hexes:
                raise BoardError(f"{FORCES[seat]}'s zone variant {key!r} must hold its start hex")
            for other, zone in enumerate(b.zones):
                if other != seat and hexes & zone:
                    raise BoardError(
                        f"{FORCES[seat]}'s zone variant {key!r} overlaps {FORCES[other]}'s zone"
                    )
    # TRI-1.3: each T goes to the force whose labelled hex (Rome or a leader's name) is nearest.
    anchors = (*b.starts, b.rome)
    seen: set[int] = set()
    counts = [0, 0, 0, 0]
    for h, force in b.garrisons:
        if h in seen:
            raise BoardError(f"two garrisons on {b.label(h)}")
        seen.add(h)
        if not b.land[h] or h == b.rome:
            raise BoardError(f"garrison on {b.label(h)}: T hexes are land and never Rome itself")
        dists = [b.distance(h, a) for a in anchors]
        best = min(dists)
        nearest = 3 if dists[3] == best else dists.index(best)  # a tie goes to Rome
        if dists.count(best) > 1 and nearest != 3:
            raise BoardError(f"T hex {b.label(h)} is equally near two players' leaders")
        if nearest != force:
            raise BoardError(f"T hex {b.label(h)} is nearest another force than it is given to")
        counts[force] += 1
    # TRI-1.4: each player's counters = his T garrisons + enough to take in every Roman troop.
    for f in range(3):
        if counts[f] + counts[3] != b.counters[f]:
            raise BoardError(
                f"{FORCES[f]} has {counts[f]} T hexes; with Rome's {counts[3]} that should make "
                f"his {b.counters[f]} counters"
            )
    if counts[3] != b.counters[3]:
        raise BoardError(f"Rome has {counts[3]} T hexes but {b.counters[3]} grey counters")
    for seat in range(3):
        if (b.starts[seat], seat) not in b.garrisons:
            raise BoardError(f"{FORCES[seat]}'s start hex must hold one of his own T's")


def load_board() -> Board:
    """Load the packaged board."""
    return parse_board(read_data("alea.games.triumvirate", "board.json"))


BOARD: Final = load_board()
