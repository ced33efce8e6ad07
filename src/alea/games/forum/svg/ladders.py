"""Forum's board picture: the prestige and money ladders, the marriages and the fate card."""

from __future__ import annotations

from typing import Any, Final

from alea.core.picture_cache import drawn_from
from alea.core.svg import (
    GOLD,
    circle,
    element,
    mix,
    rect,
    text_element,
    text_width,
    wrap,
)
from alea.games.forum.board import BOARD
from alea.games.forum.svg.families import _cell_slots, _marker, _section, _star
from alea.games.forum.svg.style import (
    BAND_TINT,
    DEBT,
    INK,
    MUTED,
    PANEL_W,
    PANEL_X,
    SEAT_COLOUR,
    _colour,
    _seat_name,
    bold_text,
)


@drawn_from("benefactions", "players.name", "players.prestige")
def _prestige(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    cells = BOARD.prestige_cells + 1
    cw = PANEL_W / cells
    out = _section(top, "Prestige · cursus honorum")
    y0 = top + 14
    band_h, cell_h = 20.0, 44.0
    out.append('<g class="prestige-ladder">')
    out.append(
        rect(float(PANEL_X), y0, cw, band_h, fill="#efe6d0", stroke="#cbb994", stroke_width=0.8)
    )
    for band in BOARD.bands:
        bx = PANEL_X + band.low * cw
        bw = (band.high - band.low + 1) * cw
        consul = band.cost is None
        out.append(
            rect(
                bx,
                y0,
                bw,
                band_h,
                fill=BAND_TINT.get(band.name, "#dddddd"),
                stroke="#a8925f",
                stroke_width=0.8,
            )
        )
        label = band.name if bw > 60 else band.name[:3] + "."
        out.append(
            bold_text(
                bx + bw / 2,
                y0 + 14.5,
                label,
                11.5 if not consul else 9.0,
                "#ffffff" if consul else INK,
                text_anchor="middle",
                letter_spacing="1.5" if not consul else None,
                class_="band",
            )
        )
    cy = y0 + band_h
    at: dict[int, list[int]] = {}
    for p, pl in enumerate(players):
        at.setdefault(min(int(pl["prestige"]), cells - 1), []).append(p)
    for c in range(cells):
        cx = PANEL_X + c * cw
        consul = c == cells - 1
        out.append(
            rect(
                cx,
                cy,
                cw,
                cell_h,
                fill="#f3d9d4" if consul else "#fbf7ec",
                stroke="#cbb994",
                stroke_width=0.8,
            )
        )
        out.append(text_element(cx + 3, cy + 10, str(c), 9.0, fill=MUTED))
        here = at.get(c, [])
        for (mx, my), p in zip(
            _cell_slots(len(here), cx + cw / 2, cy + 26, 14.0), here, strict=True
        ):
            out.append(_marker(mx, my, p, 6.5 if len(here) > 1 else 7.5))
    # benefactions under their bands
    by = cy + cell_h + 5
    spaces = {int(sp["space"]): sp for sp in obs.get("benefactions") or []}
    kinds = BOARD.benefactions
    bh = 38.0
    giving = [b for b in BOARD.bands if b.cost is not None]
    for bi, band in enumerate(giving):
        bx = PANEL_X + band.low * cw
        bw = (band.high - band.low + 1) * cw
        sw = bw / len(kinds)
        widest = max(text_width(k, 1.0, True) for k in kinds)
        size = max(9.0, min(10.0, (sw - 7) / widest))
        for k, kind in enumerate(kinds):
            sp = bi * len(kinds) + k
            owner = spaces.get(sp, {}).get("owner")
            sx = bx + k * sw
            given = owner is not None
            out.append(
                element(
                    "rect",
                    class_="benefaction",
                    data_space=sp,
                    data_owner=owner,
                    x=sx + 1.5,
                    y=by,
                    width=sw - 3,
                    height=bh,
                    rx=4.0,
                    fill=_colour(int(owner)) if given else "#f1e7cf",
                    stroke="#1d1712" if given else "#a8925f",
                    stroke_width=0.8,
                )
            )
            ink = "#ffffff" if given and int(owner) % len(SEAT_COLOUR) != 3 else INK
            out.append(
                text_element(
                    sx + sw / 2,
                    by + 15,
                    kind,
                    size,
                    fill=ink,
                    text_anchor="middle",
                    font_weight="bold",
                )
            )
            sub = _seat_name(int(owner), players) if given else f"${band.cost}"
            out.append(
                text_element(
                    sx + sw / 2,
                    by + 30,
                    sub,
                    max(9.0, min(10.0, (sw - 6) / text_width(sub, 1.0))),
                    fill=ink,
                    text_anchor="middle",
                    font_style="italic" if given else None,
                )
            )
    last = BOARD.bands[-1]
    out.append(_star(PANEL_X + last.low * cw + cw / 2, by + bh / 2, 11.0))
    out.append("</g>")
    return out, by + bh + 34


MONEY_TOP: Final = 52.0
"""The money ladder's cells lie this far below the top of its section."""
MONEY_CELL_H: Final = 14.0


@drawn_from("players.money", "players.name")
def _money_ladder(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    ladder = BOARD.money
    cw = PANEL_W / len(ladder)
    y0 = top + MONEY_TOP
    th = MONEY_CELL_H
    out, footer = _money_scale(obs, top)
    stacks: dict[int, int] = {}
    for p, pl in enumerate(players):
        v = int(pl["money"])
        i = max((j for j, step in enumerate(ladder) if step <= v), default=0)
        level = stacks.get(i, 0)
        stacks[i] = level + 1
        x = PANEL_X + i * cw + cw / 2
        out.append(_marker(x, y0 - 8 - level * 11, p, 5.0))
    out.extend(footer)
    out.append("</g>")
    return out, y0 + th + 52


@drawn_from()
def _money_scale(obs: dict[str, Any], top: float) -> tuple[list[str], list[str]]:
    """The money ladder without its markers: what goes before them and what after.

    It is the same in every position, so it is drawn once.
    """
    ladder = BOARD.money
    k = len(ladder)
    cw = PANEL_W / k
    out = _section(top, "Treasury · money ladder")
    y0 = top + MONEY_TOP
    th = MONEY_CELL_H
    out.append('<g class="money-ladder">')
    for i, v in enumerate(ladder):
        if v < 0:
            fill = mix(DEBT, "#fbf7ec", 0.25 + 0.1 * (-v / 100))
        elif v >= 1000:
            fill = mix(GOLD, "#fbf7ec", 0.25 + 0.06 * (v / 1000))
        else:
            fill = "#f1e7cf"
        out.append(
            rect(PANEL_X + i * cw, y0, cw, th, fill=fill, stroke="#b59f70", stroke_width=0.6)
        )
        if v in (-500, 0, 500, 1000, 5000, 10000):
            label = f"{v // 1000}k" if v >= 1000 else str(v)
            out.append(
                text_element(
                    PANEL_X + i * cw + cw / 2,
                    y0 + th + 13,
                    label,
                    11.5,
                    fill=MUTED,
                    text_anchor="middle",
                )
            )
    footer = []
    footer.append(
        text_element(
            PANEL_X,
            y0 + th + 26,
            "each $100 of debt: −1 prestige",
            11.5,
            fill=DEBT,
            font_style="italic",
        )
    )
    footer.append(
        text_element(
            PANEL_X + PANEL_W,
            y0 + th + 26,
            "each $1000 held: +1 prestige",
            11.5,
            fill="#8a6a10",
            font_style="italic",
            text_anchor="end",
        )
    )
    return out, footer


def _rings(x: float, y: float, a: int, b: int) -> str:
    return element(
        "circle", cx=x, cy=y, r=6.0, fill="none", stroke=_colour(a), stroke_width=2.6
    ) + circle(x + 7, y, 6.0, fill="none", stroke=_colour(b), stroke_width=2.6)


@drawn_from("markets", "marriages", "players.name")
def _marriages(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    out = _section(top, "Marriages")
    out.append('<g class="marriages">')
    y = top + 24
    marriages = obs.get("marriages") or []
    for mg in marriages:
        a, b = int(mg["a"]), int(mg["b"])
        price = int(mg.get("price") or 0)
        payer = mg.get("payer")
        out.append(_rings(PANEL_X + 10, y - 4, a, b))
        line = f"the {_seat_name(a, players)} and the {_seat_name(b, players)}"
        if price and payer is not None:
            line += f" · dowry ${price} paid by the {_seat_name(int(payer), players)}"
        out.append(text_element(PANEL_X + 30, y, line, 12.5, fill=INK, class_="marriage"))
        y += 19
    locals_by: dict[int, list[str]] = {}
    for info in obs["markets"]:
        if info.get("local") is not None:
            locals_by.setdefault(int(info["local"]), []).append(str(info["name"]))
    for p in sorted(locals_by):
        line = f"the {_seat_name(p, players)} married into {', '.join(locals_by[p])}"
        lines = wrap(line, 12.5, PANEL_W - 34)
        out.append(
            circle(
                PANEL_X + 13.0,
                y - 4,
                6.0,
                fill="none",
                stroke=_colour(p),
                stroke_width=2.6,
                stroke_dasharray="4 2",
            )
        )
        for ln in lines:
            out.append(text_element(PANEL_X + 30, y, ln, 12.5, fill=INK, class_="local-marriage"))
            y += 17
        y += 2
    if not marriages and not locals_by:
        out.append(
            text_element(
                PANEL_X + 2,
                y,
                "No marriages yet.",
                12.5,
                fill=MUTED,
                font_style="italic",
            )
        )
        y += 19
    out.append("</g>")
    return out, y + 14


@drawn_from("fate", "fate_left")
def _fate(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    out = _section(top, "Fate")
    card = obs.get("fate")
    y = top + 12
    left = obs.get("fate_left")
    if not card:
        out.append(
            text_element(
                PANEL_X + 2,
                y + 14,
                "No fate card drawn this turn yet.",
                12.5,
                fill=MUTED,
                font_style="italic",
            )
        )
        return out, y + 34
    lines = wrap(str(card["effect"]), 13.0, PANEL_W - 40)
    h = 52 + 17 * len(lines) + 18
    out.append('<g class="fate-card">')
    out.append(rect(PANEL_X + 2.0, y + 2, float(PANEL_W), h, rx=9.0, fill="#000", opacity=0.12))
    out.append(
        rect(
            float(PANEL_X),
            y,
            float(PANEL_W),
            h,
            rx=9.0,
            fill="#f4e6c4",
            stroke="#8a6a10",
            stroke_width=1.6,
        )
    )
    out.append(
        rect(
            PANEL_X + 5.0,
            y + 5,
            PANEL_W - 11.5,
            h - 10,
            rx=6.0,
            fill="none",
            stroke="#c9a227",
            stroke_width=0.8,
        )
    )
    out.append(bold_text(PANEL_X + 20, y + 32, str(card["title"]), 18.0, INK, class_="fate-title"))
    out.append(
        text_element(
            PANEL_X + PANEL_W - 18,
            y + 30,
            f"card {card['card']}",
            12.0,
            fill=MUTED,
            text_anchor="end",
        )
    )
    ty = y + 56
    for ln in lines:
        out.append(text_element(PANEL_X + 20, ty, ln, 13.0, fill=INK, class_="fate-effect"))
        ty += 17
    out.append("</g>")
    if left is not None:
        out.append(
            text_element(
                PANEL_X + PANEL_W,
                y + h + 16,
                f"{left} cards left in the fate deck",
                11.5,
                fill=MUTED,
                text_anchor="end",
                font_style="italic",
            )
        )
    return out, y + h + 24
