"""The History of the Roman Empire board as a standalone SVG, drawn from ``observation(p)``.

The map is the Mediterranean world with the forty-five lands as their province shapes, each
tinted by its Area and drawn as one ``<path data-place="...">`` (``data/map.json``, made by
``scripts/build_hotre_map.py``). Difficult borders are dark dashed lines along the border,
straits are arrows. Each land has a box for its pieces, inside the province: its Resource
symbol, City and Fort above the counter of the force that holds it. The lands the last move
named carry ``data-last-move`` and an orange outline; the last roll is drawn as dice.

Under the map stand cards: the turn (period, phase, who moves, the last roll and event), one
card for each seat (points, counters, the viewer's own hand; other hands only as sets), the
key, and the People chart. The picture keeps one layout at every size; the play page lists the
viewer's own figures and hand beside it in the page's own text (``hints.panel``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from alea.core.game import Action
from alea.core.svg import FRAME, GOLD, PAPER, SERIF, escape, fmt, quoteattr, text_element
from alea.games.hotre.actions import NATION_NAMES, HandTo, Pick, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.mapdata import BLOCK_H, BLOCK_W, NAME_SIZE, map_shapes
from alea.games.hotre.svg_cards import (
    GAP,
    chart_card,
    key_card,
    layout,
    seat_card,
    seat_totals,
    turn_card,
    winner_banner,
)
from alea.games.hotre.svg_parts import (
    AREA_COLOUR,
    COLOUR,
    KIND_LETTER,
    NEUTRAL,
    PEOPLE_NAME,
    SEAT_COLOUR,
    TEXT,
    area_place,
    ink_text,
    people_place,
    plural,
    seat_name,
    seat_place,
)

__all__ = [
    "PEOPLE_NAME",
    "area_place",
    "people_place",
    "place_of",
    "render_svg",
    "seat_place",
]


# ---------------------------------------------------------------------------------------------
# the map


@cache
def _static_map(optional_terrain: bool = False) -> str:
    """Sea, coasts, lands by Area, difficult borders, straits, names: fixed for a rule set.

    The two optional difficult borders are drawn as difficult only under that rule (HRE-1.1).
    """
    shapes = map_shapes()
    w, h = shapes.width, shapes.height
    out = [
        f'<rect x="0" y="0" width="{fmt(w)}" height="{fmt(h)}" fill="{COLOUR.sea}"/>',
        f'<path d="{shapes.context}" fill="{COLOUR.context}" stroke="#a89c84" stroke-width="0.8"/>',
    ]
    for sea in shapes.seas:
        x, y = sea.at
        turn = f"rotate({fmt(sea.angle)} {fmt(x)} {fmt(y)})" if sea.angle else None
        out.append(
            ink_text(
                x,
                y,
                sea.name.upper(),
                TEXT,
                text_anchor="middle",
                fill=COLOUR.sea_text,
                font_style="italic",
                letter_spacing="1.5",
                transform=turn,
                class_="sea",
            )
        )
    for k, area in enumerate(BOARD.areas):
        # Each Area's lands sit in one group: a click on a land also names its Area.
        fill = AREA_COLOUR.get(area.colour, "#dddddd")
        out.append(f'<g data-place={quoteattr(area_place(k))} class="area">')
        for i in (i for i, a in enumerate(BOARD.area_of) if a == k):
            ln = BOARD.lands[i]
            out.append(
                f'<path data-place={quoteattr(ln.name)} class="land" d="{shapes.lands[i].path}" '
                f'fill="{fill}" stroke="{FRAME}" stroke-width="0.9" stroke-linejoin="round">'
                f"<title>{escape(ln.name)} ({escape(area.name)})</title></path>"
            )
        out.append("</g>")
    names = [ln.name for ln in BOARD.lands]
    for (a, b), d in shapes.borders.items():
        ia, ib = names.index(a), names.index(b)
        hard = ib in BOARD.difficult[ia] or ia in BOARD.difficult[ib]
        if optional_terrain:
            hard = hard or ib in BOARD.optional_difficult[ia] or ia in BOARD.optional_difficult[ib]
        if hard:
            out.append(
                f'<path d="{d}" fill="none" stroke="{COLOUR.difficult}" stroke-width="3.2" '
                f'stroke-dasharray="5 3" class="difficult" pointer-events="none"/>'
            )
    out.append(
        '<defs><marker id="hotre-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.2" '
        f'markerHeight="3.2" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
        f'fill="{COLOUR.strait}"/></marker></defs>'
    )
    for st in shapes.straits:
        (x1, y1), (x2, y2) = st.a, st.b
        out.append(
            f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
            f'stroke="{COLOUR.strait}" stroke-width="2.6" marker-start="url(#hotre-arrow)" '
            f'marker-end="url(#hotre-arrow)" class="strait"><title>{escape(st.name)}</title>'
            "</line>"
        )
    for i, ln in enumerate(BOARD.lands):
        land = shapes.lands[i]
        x, y = land.name_at
        top = y - (len(land.lines) - 1) * NAME_SIZE * 0.575 + NAME_SIZE * 0.36
        for k, line in enumerate(land.lines):
            # A pale halo under each name keeps it legible over borders and pieces.
            for halo in (True, False):
                out.append(
                    ink_text(
                        x,
                        top + k * NAME_SIZE * 1.15,
                        line,
                        NAME_SIZE,
                        text_anchor="middle",
                        font_weight="bold",
                        class_="land-halo" if halo else "land-name",
                        pointer_events="none",
                        **(
                            {"fill": "#fbf6e8", "stroke": "#fbf6e8", "stroke_width": "3"}
                            if halo
                            else {}
                        ),
                    )
                )
        if ln.resource:
            bx, by = land.pieces_at
            cx, cy = bx - BLOCK_W / 2 + 9, by - BLOCK_H / 2 + 9
            out.append(
                f'<rect x="{fmt(cx - 5)}" y="{fmt(cy - 5)}" width="10" height="10" fill="{GOLD}" '
                f'stroke="{COLOUR.ink}" stroke-width="0.8" '
                f'transform="rotate(45 {fmt(cx)} {fmt(cy)})" '
                'class="resource" pointer-events="none"><title>Resource (City site)</title></rect>'
            )
    for sc in BOARD.special_cities:
        x, y = shapes.cities[sc.name]
        out.append(
            f'<rect x="{fmt(x - 4)}" y="{fmt(y - 4)}" width="8" height="8" fill="{COLOUR.ink}" '
            'class="special-city-mark" pointer-events="none"/>'
        )
        out.append(
            ink_text(
                x + 7,
                y + 4,
                sc.name,
                TEXT,
                font_weight="bold",
                font_style="italic",
                fill="#5a3f00",
                class_="special-city",
                pointer_events="none",
            )
        )
    return "".join(out)


def _force_colour(force: dict[str, Any]) -> str:
    owner = force.get("owner", -1)
    if force.get("kind") in ("Faction", "People") and isinstance(owner, int) and 0 <= owner < 4:
        return SEAT_COLOUR[owner]
    return NEUTRAL.get(str(force.get("kind")), "#444444")


def _last_lands(obs: dict[str, Any]) -> set[int]:
    recent = obs.get("recent") or {}
    return {i for i in recent.get("lands", []) if isinstance(i, int) and 0 <= i < len(BOARD.lands)}


def _pieces(obs: dict[str, Any]) -> list[str]:
    """Cities, Forts, armies and the battle mark, each in its land's box."""
    shapes = map_shapes()
    forces = obs.get("forces", [])
    last = _last_lands(obs)
    out: list[str] = []
    for i in sorted(last):
        out.append(
            f'<path d="{shapes.lands[i].path}" fill="none" stroke="{COLOUR.last}" stroke-width="4" '
            f'stroke-dasharray="9 4" class="last-move" data-last-move="true" '
            f'data-place={quoteattr(BOARD.lands[i].name)} pointer-events="none"/>'
        )
    battle = obs.get("battle_land", -1)
    for i, land in enumerate(obs.get("lands", [])[: len(BOARD.lands)]):
        bx, by = shapes.lands[i].pieces_at
        name = BOARD.lands[i].name
        mark = ' data-last-move="true"' if i in last else ""
        if i == battle:
            out.append(
                f'<rect x="{fmt(bx - BLOCK_W / 2 - 3)}" y="{fmt(by - BLOCK_H / 2 - 3)}" '
                f'width="{fmt(BLOCK_W + 6)}" height="{fmt(BLOCK_H + 6)}" rx="6" fill="none" '
                f'stroke="#c0141c" stroke-width="3" class="battle" data-place={quoteattr(name)}>'
                "<title>Battle here</title></rect>"
            )
        iy = by - BLOCK_H / 2 + 9
        city = land.get("city", 0)
        if city:
            razed = city == 2
            out.append(
                f'<g class="city" data-place={quoteattr(name)}{mark}><title>'
                f"{'ruined City' if razed else 'City'}</title>"
                f'<rect x="{fmt(bx - 6)}" y="{fmt(iy - 3)}" width="12" height="9" '
                f'fill="{"#9ca3af" if razed else "#fff7e0"}" stroke="{COLOUR.ink}"/>'
                f'<polygon points="{fmt(bx - 8)},{fmt(iy - 3)} {fmt(bx)},{fmt(iy - 9)} '
                f'{fmt(bx + 8)},{fmt(iy - 3)}" fill="#b45309" stroke="{COLOUR.ink}" '
                'stroke-width="0.6"/>'
                "</g>"
            )
        fort = land.get("fort", 0)
        if fort:
            owner = land.get("fort_owner", -1)
            col = SEAT_COLOUR[owner] if isinstance(owner, int) and 0 <= owner < 4 else "#555"
            label = "Fortress" if fort == 2 else "Fort"
            size = 14.0 if fort == 2 else 11.0
            fx = bx + BLOCK_W / 2 - 9 - size / 2
            out.append(
                f'<g class="fort" data-place={quoteattr(name)}{mark}><title>{label}</title>'
                f'<rect x="{fmt(fx)}" y="{fmt(iy - size / 2)}" width="{fmt(size)}" '
                f'height="{fmt(size)}" fill="{col}" stroke="{COLOUR.ink}" '
                f'stroke-width="{"2" if fort == 2 else "1"}"/></g>'
            )
        f = land.get("force", -1)
        n = land.get("armies", 0)
        if isinstance(f, int) and 0 <= f < len(forces) and n:
            force = forces[f]
            col = _force_colour(force)
            kind = str(force.get("kind"))
            letter = KIND_LETTER.get(kind, "R")
            owner = force.get("owner", -1)
            who = seat_name(owner) if isinstance(owner, int) and 0 <= owner < 4 else kind
            nation = force.get("nation")
            if nation in PEOPLE_NAME:
                who = f"{PEOPLE_NAME[nation]}, {who}'s"
            cy = by + BLOCK_H / 2 - 11
            shape = (
                f'<rect x="{fmt(bx - 20)}" y="{fmt(cy - 10)}" width="40" height="20" rx="3" '
                f'fill="{col}" stroke="#fff" stroke-width="1.4"/>'
                if kind == "Faction"
                else f'<rect x="{fmt(bx - 20)}" y="{fmt(cy - 10)}" width="40" height="20" '
                f'rx="10" fill="{col}" stroke="#fff" stroke-width="1.4"/>'
            )
            out.append(
                f'<g class="army" data-place={quoteattr(name)} data-force="{f}"{mark}>'
                f"<title>{escape(f'{who} ({kind}): {n} {plural(n)}')}</title>{shape}"
                + text_element(
                    bx,
                    cy + 4.6,
                    f"{letter}{n}",
                    TEXT,
                    text_anchor="middle",
                    font_weight="bold",
                    fill="#fff",
                    font_family="sans-serif",
                )
                + "</g>"
            )
    return out


def render_svg(observation: dict[str, Any]) -> str:
    """The whole picture for one observation, as a standalone SVG document."""
    shapes = map_shapes()
    map_w, map_h = shapes.width, shapes.height
    totals = seat_totals(observation)
    mine = observation.get("seats", [])
    order = sorted(range(len(totals)), key=lambda s: (s not in mine, s))
    cards = [
        turn_card(observation),
        *(seat_card(observation, s, totals) for s in order),
        key_card(),
        chart_card(observation),
    ]
    placed, height = layout(cards, map_h + GAP)
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(map_w)} {fmt(height)}" '
        f'class="hotre-board" preserveAspectRatio="xMidYMin meet" '
        f"font-family={quoteattr(SERIF)}>",
        f'<rect x="0" y="0" width="{fmt(map_w)}" height="{fmt(height)}" fill="#efe6cf"/>',
        _static_map(bool(observation.get("optional_terrain", False))),
        *_pieces(observation),
        *winner_banner(observation, map_w),
    ]
    for card, x, y in placed:
        body.append(
            f'<g class="hc" data-card-of="{card.name}" '
            f'transform="translate({fmt(x)} {fmt(y)})">'
            f'<rect x="0" y="0" width="{fmt(card.width)}" height="{fmt(card.height)}" rx="6" '
            f'fill="{PAPER}" stroke="{FRAME}" stroke-width="1.5"/>'
        )
        body.extend(card.body)
        body.append("</g>")
    body.append("</svg>")
    return "\n".join(body)


def place_of(action: Action) -> str | None:
    """Where on the board ``action`` is chosen, or ``None`` for a decision without a place.

    A land is named by its name, an Area by ``area:`` and its name, a People by ``people:``
    and its nation, a seat (to hand a counter to) by its name. A land sits inside its Area's
    group, so a click there may offer both; the play page asks which.
    """
    if isinstance(action, Pick):
        return BOARD.lands[action.land].name
    if isinstance(action, HandTo):
        return seat_place(action.to)
    if isinstance(action, PlayCard) and action.target >= 0:
        kind = DECK[action.card - 1].kind
        if kind == "people_revive":
            return people_place(NATION_NAMES[action.target])
        if kind == "pestilence":
            return area_place(action.target)
        return BOARD.lands[action.target].name
    return None
