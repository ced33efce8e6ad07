"""Build ``src/alea/games/hotre/data/map.json``: the drawn HOTRE map, from the authored geography.

Run from the repository root with shapely installed (``pip install -e '.[maps]'``; a development
tool only, the game reads the JSON with the standard library), giving the folder that holds the
reference geography (``hotre_map.geojson``, ``hotre_context.geojson``, ``hotre_geo.json``):

    .venv/bin/python scripts/build_hotre_map.py PATH/TO/reference/hotre

Steps: read the province outlines (``hotre_map.geojson``) and the surrounding land
(``hotre_context.geojson``); move the few areas that the outlines give to the wrong province
(``CORRECTIONS``, reasons in ``docs/hotre_data.md``); project to picture units (longitude scaled
by cos 42 degrees, north up) and clip to the board's frame; simplify all provinces together so
that neighbours keep one shared border; check that the provinces that touch are exactly the land
borders of ``board.json``; then pick inside each province a place for its name and one for its
pieces, so that nothing overlaps.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon, box, shape
from shapely.ops import linemerge, polylabel, unary_union

from alea.core.svg import text_width
from alea.games.hotre.board import BOARD
from alea.games.hotre.mapdata import BLOCK_H, BLOCK_W, NAME_SIZE, WIDTH, path_rings

OUT = Path(__file__).resolve().parents[1] / "src/alea/games/hotre/data/map.json"

FRAME = (-10.6, 23.6, 48.6, 59.2)
"""West, south, east and north edge of the board (degrees)."""
COS = math.cos(math.radians(42.0))
SCALE = WIDTH / ((FRAME[2] - FRAME[0]) * COS)
HEIGHT = round((FRAME[3] - FRAME[1]) * SCALE)
TOLERANCE = 0.9
"""Simplification tolerance in picture units (about 4 km)."""
MIN_PART = 6.0
"""Islands smaller than this many square units are left out."""
MIN_BORDER = 3.0
"""Two provinces border each other when they share at least this length of outline."""

CORRECTIONS: list[tuple[str, list[tuple[float, float]]]] = [
    # Noricum ended at Mons Cetius (the Vienna Woods): Vindobona and Carnuntum were Pannonian.
    ("Pannonia", [(16.05, 47.55), (17.3, 47.55), (17.3, 48.45), (16.05, 48.45)]),
    # Lugdunum, at the Saone-Rhone confluence, was the capital of Lugdunensis.
    ("Lugdunensis", [(4.2, 45.6), (5.15, 45.6), (5.15, 46.3), (4.2, 46.3)]),
    # Sirmium on the Sava was a city of Pannonia (Inferior), not of Dalmatia.
    ("Pannonia", [(18.6, 44.85), (20.3, 44.85), (20.3, 45.25), (18.6, 45.25)]),
]
"""Areas (lon/lat rings) given to another province than the authored outlines give them."""

SEAS = [
    ("Oceanus", (-8.6, 47.2), 0.0),
    ("Mare Germanicum", (3.6, 55.4), 0.0),
    ("Mare Internum", (4.5, 39.2), 0.0),
    ("Mare Internum", (19.8, 34.2), 0.0),
    ("Mare Adriaticum", (16.2, 42.9), 38.0),
    ("Mare Aegaeum", (25.35, 37.85), 66.0),
    ("Pontus Euxinus", (34.3, 43.3), 0.0),
    ("Mare Rubrum", (36.6, 25.6), 55.0),
]
"""Where each sea's name is written (lon/lat) and its slant."""

STRAITS = {
    "Fretum Gaditanum": ((-5.55, 36.3), (-5.45, 35.45)),
    "Fretum Siculum": ((15.95, 38.55), (15.3, 37.85)),
    "Fretum Gallicum": ((0.9, 51.35), (1.9, 50.65)),
    "Bosporus": ((28.75, 41.35), (29.55, 40.85)),
    "Hellespontus": ((26.25, 40.55), (26.75, 39.85)),
}
"""Each strait arrow, from one shore to the other (lon/lat), a little longer than the water."""

CITIES = {"Rome": (12.5, 41.9), "Constantinople": (28.97, 41.01)}


def project(lon: float, lat: float) -> tuple[float, float]:
    """Picture units of a point: equirectangular, standard parallel 42 degrees north."""
    return (lon - FRAME[0]) * COS * SCALE, (FRAME[3] - lat) * SCALE


def _proj(geom: Any) -> Any:
    def fn(xy: Any) -> Any:
        out = xy.copy()
        out[:, 0] = (xy[:, 0] - FRAME[0]) * COS * SCALE
        out[:, 1] = (FRAME[3] - xy[:, 1]) * SCALE
        return out

    return shapely.transform(geom, fn)


def _parts(geom: Any) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]


def load_provinces(ref: Path) -> dict[str, Any]:
    """The province outlines in lon/lat with ``CORRECTIONS`` applied."""
    raw = json.loads((ref / "hotre_map.geojson").read_text("utf-8"))
    geo = {f["properties"]["name"]: shape(f["geometry"]).buffer(0) for f in raw["features"]}
    for owner, ring in CORRECTIONS:
        patch = Polygon(ring)
        land = unary_union([g.intersection(patch) for g in geo.values()])
        for name in geo:
            geo[name] = geo[name].difference(patch)
        geo[owner] = unary_union([geo[owner], land])
    return geo


def encode(geom: Any) -> str:
    """SVG path data with whole-unit coordinates: ``M x y`` then relative ``l`` steps."""
    out = []
    for poly in _parts(geom):
        for ring in [poly.exterior, *poly.interiors]:
            pts = [(round(x), round(y)) for x, y in ring.coords[:-1]]
            dedup = [p for k, p in enumerate(pts) if k == 0 or p != pts[k - 1]]
            if len(dedup) < 3:
                continue
            x0, y0 = dedup[0]
            steps = [f"{b[0] - a[0]} {b[1] - a[1]}" for a, b in itertools.pairwise(dedup)]
            out.append(f"M{x0} {y0}l" + " ".join(steps) + "z")
    return "".join(out)


def decoded(path: str) -> Any:
    """The geometry a path of ``encode`` draws, to check placements on what is shipped."""
    polys = [Polygon(ring).buffer(0) for ring in path_rings(path)]
    return unary_union(polys)


def check_borders(shapes: dict[str, Any]) -> None:
    """Fail unless the provinces that share an outline are exactly the board's land borders."""
    names = [ln.name for ln in BOARD.lands]
    want = {frozenset((names[a], names[b])) for a, b in BOARD.borders}
    got = set()
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if shapes[a].boundary.intersection(shapes[b].boundary).length >= MIN_BORDER:
                got.add(frozenset((a, b)))
    if got != want:
        extra = sorted(tuple(sorted(p)) for p in got - want)
        missing = sorted(tuple(sorted(p)) for p in want - got)
        raise SystemExit(f"drawn borders differ from board.json: extra {extra}, missing {missing}")


def line_path(geom: Any) -> str:
    """SVG path data of the lines in ``geom`` (a shared border), whole units, relative steps."""
    merged = linemerge(geom) if geom.geom_type != "LineString" else geom
    out = []
    for line in getattr(merged, "geoms", [merged]):
        pts = [(round(x), round(y)) for x, y in line.coords]
        pts = [p for k, p in enumerate(pts) if k == 0 or p != pts[k - 1]]
        if len(pts) < 2:
            continue
        steps = [f"{b[0] - a[0]} {b[1] - a[1]}" for a, b in itertools.pairwise(pts)]
        out.append(f"M{pts[0][0]} {pts[0][1]}l" + " ".join(steps))
    return "".join(out)


def difficult_borders(shapes: dict[str, Any]) -> dict[str, str]:
    """The drawn line of every border that is difficult from one side, by ``A|B`` names."""
    names = [ln.name for ln in BOARD.lands]
    out = {}
    for a, b in BOARD.borders:
        hard = (
            b in BOARD.difficult[a]
            or a in BOARD.difficult[b]
            or b in BOARD.optional_difficult[a]
            or a in BOARD.optional_difficult[b]
        )
        if hard:
            shared = shapes[names[a]].boundary.intersection(shapes[names[b]].boundary)
            out[f"{names[a]}|{names[b]}"] = line_path(shared)
    return out


def name_lines(name: str) -> list[list[str]]:
    """The ways to set a name: on one line, or broken into two at a space."""
    words = name.split()
    ways = [[name]]
    for k in range(1, len(words)):
        ways.append([" ".join(words[:k]), " ".join(words[k:])])
    return ways


def text_box(lines: list[str], x: float, y: float) -> Any:
    """The box a name set in ``lines`` covers, centred on ``(x, y)``."""
    w = max(text_width(s, NAME_SIZE, bold=True) for s in lines) + 4
    h = NAME_SIZE * 1.15 * len(lines) + 2
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def best_box(
    poly: Any,
    make: Any,
    target: tuple[float, float],
    taken: list[Any],
    step: float = 4.0,
    centred: bool = False,
) -> tuple[float, float, float]:
    """The centre (and score) where ``make(x, y)`` fits ``poly`` best, clear of ``taken``.

    With ``centred`` the centre itself must lie inside ``poly`` (pieces belong to their land).
    """
    x0, y0, x1, y1 = poly.bounds
    pad = 30.0
    best = (target[0], target[1], -1e9)
    prepared = shapely.prepared.prep(poly)
    others = unary_union(taken) if taken else None
    y = y0 - pad
    while y <= y1 + pad:
        x = x0 - pad
        while x <= x1 + pad:
            b = make(x, y)
            if centred and not prepared.contains(shapely.Point(x, y)):
                pass
            elif prepared.intersects(b):
                fit = poly.intersection(b).area / b.area
                clash = others.intersection(b).area / b.area if others is not None else 0.0
                off = math.dist((x, y), target) / 400.0
                edge = -b.exterior.distance(poly.boundary) if fit >= 0.999 else 0.0
                score = 4 * fit - 12 * clash - off - edge * 0.01
                if score > best[2]:
                    best = (x, y, score)
            x += step
        y += step
    return best


def main(ref: Path) -> None:
    """Build the map from the reference folder ``ref`` and write ``OUT``."""
    frame = box(*project(FRAME[0], FRAME[3]), *project(FRAME[2], FRAME[1]))
    geo = load_provinces(ref)
    names = [ln.name for ln in BOARD.lands]
    projected = [_proj(geo[n]).intersection(frame) for n in names]
    simple = shapely.coverage_simplify(projected, TOLERANCE)
    shapes: dict[str, Any] = {}
    paths: dict[str, str] = {}
    for name, geom in zip(names, simple, strict=True):
        kept = [p for p in _parts(geom) if p.area >= MIN_PART]
        paths[name] = encode(MultiPolygon(kept))
        shapes[name] = decoded(paths[name])
    check_borders(shapes)

    raw_ctx = json.loads((ref / "hotre_context.geojson").read_text("utf-8"))
    ctx = unary_union([_proj(shape(f["geometry"])) for f in raw_ctx["features"]])
    ctx = ctx.intersection(frame.buffer(4)).difference(unary_union(list(shapes.values())))
    ctx = ctx.simplify(TOLERANCE * 1.5)
    context = encode(MultiPolygon([p for p in _parts(ctx) if p.area >= MIN_PART * 2]))

    cities = {k: [round(v, 1) for v in project(*ll)] for k, ll in CITIES.items()}
    taken: list[Any] = [box(x - 4, y - 4, x + 4, y + 4) for x, y in cities.values()]
    for name, (x, y) in cities.items():
        w = text_width(name, 12, bold=True) + 4
        taken.append(box(x + 5, y - 9, x + 5 + w, y + 5))
    lands: dict[str, Any] = {}
    # Small lands choose first: they have the fewest good places.
    for name in sorted(names, key=lambda n: shapes[n].area):
        poly = shapes[name]
        main_part = max(_parts(poly), key=lambda p: p.area)
        pole = polylabel(main_part, tolerance=1.0)
        target = (pole.x, pole.y)

        def block(x: float, y: float) -> Any:
            return box(x - BLOCK_W / 2, y - BLOCK_H / 2, x + BLOCK_W / 2, y + BLOCK_H / 2)

        # Two orders are tried: the name first (the larger box) and the pieces near it, or
        # the pieces first and the name round them; the better pair of scores is kept.
        options = []
        for lines in name_lines(name):

            def label(x: float, y: float, lines: list[str] = lines) -> Any:
                return text_box(lines, x, y)

            lx, ly, s1 = best_box(main_part, label, target, taken)
            with_name = [*taken, label(lx, ly)]
            bx, by, s2 = best_box(main_part, block, (lx, ly), with_name, step=2.0, centred=True)
            options.append((s1 + s2, (lx, ly), (bx, by), lines))
            bx, by, s2 = best_box(main_part, block, target, taken, step=2.0, centred=True)
            lx, ly, s1 = best_box(main_part, label, (bx, by), [*taken, block(bx, by)])
            options.append((s1 + s2, (lx, ly), (bx, by), lines))
        _, (lx, ly), (bx, by), lines = max(options, key=lambda o: o[0])
        taken += [text_box(lines, lx, ly), block(bx, by)]
        lands[name] = {
            "path": paths[name],
            "name_at": [round(lx, 1), round(ly, 1)],
            "lines": lines,
            "pieces_at": [round(bx, 1), round(by, 1)],
        }
    data = {
        "about": "Made by scripts/build_hotre_map.py from the authored HOTRE geography.",
        "width": WIDTH,
        "height": HEIGHT,
        "lands": {n: lands[n] for n in names},
        "context": context,
        "borders": difficult_borders(shapes),
        "seas": [
            {"name": n, "at": [round(v, 1) for v in project(*ll)], "angle": a} for n, ll, a in SEAS
        ],
        "straits": [
            {
                "name": n,
                "a": [round(v, 1) for v in project(*a)],
                "b": [round(v, 1) for v in project(*b)],
            }
            for n, (a, b) in STRAITS.items()
        ],
        "cities": cities,
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {WIDTH}x{HEIGHT})")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/reference/hotre"))
