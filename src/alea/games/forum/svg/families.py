"""Forum's board picture: the side panel's sections, the turn track and the family boards."""

from __future__ import annotations

from typing import Any, Final

from alea.core.picture_cache import drawn_from
from alea.core.svg import (
    GOLD,
    element,
    point_list,
    rect,
    star_points,
    text_element,
    text_width,
)
from alea.games.forum.svg.board_map import _horreum, _pawn
from alea.games.forum.svg.header import _chance_verb
from alea.games.forum.svg.style import (
    DEBT,
    INK,
    MUTED,
    PANEL,
    PANEL_W,
    PANEL_X,
    _colour,
    _ink,
    _money,
    bold_text,
)

# -- the side panel ----------------------------------------------------------------------------


def _section(y: float, title: str) -> list[str]:
    return [
        bold_text(PANEL_X + 2, y, title.upper(), 12.5, MUTED, letter_spacing="2"),
        element(
            "line",
            x1=PANEL_X + text_width(title.upper(), 12.5, True) + 2 * len(title) + 14,
            y1=y - 4.0,
            x2=PANEL_X + PANEL_W,
            y2=y - 4.0,
            stroke="#cbb994",
            stroke_width=1.0,
        ),
    ]


PHASES: Final = ("Move", "Intrigue", "Trade", "Build", "Fate", "Prestige")
"""The six phases of a turn (FOR-2.1), as the turn track names them."""
STAGE_PHASE: Final = {
    "enter": 0,
    "move": 0,
    "social": 1,
    "respond": 1,
    "reply": 1,
    "oust": 1,
    "build": 3,
    "destroy": 3,
    "give": 3,
    "fate": 4,
    "fate_choice": 4,
    "fate_roll": 4,
    "birth": 4,
}
"""The phase each decision stage belongs to; trade and conversion happen between decisions."""


CARD_FIELDS: Final = (
    "name",
    "prestige",
    "band",
    "money",
    "last_income",
    "next_income",
    "horrea",
    "horrea_left",
    "reserve",
    "children",
    "sons",
    "daughters",
    "benefactions",
    "bonus",
    "blocked",
)
"""What a family's card shows of its seat's entry (with the number of its agents on the map):
the card is kept by these alone, so a move elsewhere on the map does not draw it again."""
FAMILY_H: Final = 92.0
"""Height of one family's card."""


@drawn_from("max_turns", "stage", "turn")
def _turn_track(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    stage = str(obs["stage"])
    if stage in ("setup", "deal"):
        title = "Setting up"
    elif stage == "over":
        title = f"Turn {obs['turn']} · game over"
    else:
        title = f"Turn {obs['turn']} of {obs['max_turns']}"
    out = _section(top, title)
    out.append('<g class="turn-track">')
    now = STAGE_PHASE.get(stage, -1 if stage != "over" else len(PHASES))
    gap = 6.0
    w = (PANEL_W - gap * (len(PHASES) - 1)) / len(PHASES)
    y = top + 12
    for i, name in enumerate(PHASES):
        x = PANEL_X + i * (w + gap)
        current = i == now
        done = i < now
        out.append(f'<g class="{"phase current" if current else "phase"}">')
        out.append(
            rect(
                x,
                y,
                w,
                28.0,
                rx=14.0,
                fill="#3a2a1b" if current else ("#e9dfc6" if done else PANEL),
                stroke="#3a2a1b" if current else "#cbb994",
                stroke_width=1.0,
            )
        )
        out.append(
            text_element(
                x + w / 2,
                y + 18.5,
                f"{i + 1} {name}",
                12.5,
                fill="#f3e2b0" if current else (MUTED if done else INK),
                text_anchor="middle",
                font_weight="bold" if current else None,
            )
        )
        out.append("</g>")
    out.append("</g>")
    return out, y + 28 + 32


def _families(obs: dict[str, Any], top: float) -> tuple[list[str], float]:
    players = obs["players"]
    n = len(players)
    order = [int(p) for p in obs.get("order") or range(n)]
    winners = {int(p) for p in obs.get("winners") or []}
    current = int(obs["current"])
    actor = int(obs.get("actor", -1))
    over = obs["stage"] == "over"
    you = obs.get("you")
    praefect = obs.get("praefect")
    out = _section(top, "The families")
    y = top + 12
    card_h = FAMILY_H
    for p, pl in enumerate(players):
        won = p in winners
        acting = not over and (current == p or (current < 0 and actor == p))
        tags = []
        if p in order and len(order) > 1 and obs["stage"] not in ("setup", "deal", "over"):
            pos = order.index(p) + 1
            tags.append("1st" if pos == 1 else {2: "2nd", 3: "3rd"}.get(pos, f"{pos}th"))
        if you == p:
            tags.append("you")
        if pl.get("senator"):
            tags.append("senator")
        if praefect == p and pl.get("praefect_turns"):
            tags.append(f"praefect {pl['praefect_turns']}")
        label = "▶ to play" if current == p else f"▶ {_chance_verb(str(obs['stage']))}"
        if not acting:
            label = ""
        shown = {k: pl.get(k) for k in CARD_FIELDS}
        card = {"p": p, "pl": shown, "out": len(pl["agents"]), "y": y, "won": won}
        card.update(name=pl["name"], acting=acting, over=over)
        out.extend(_family({**card, "tags": tags, "label": label}))
        y += card_h + 8
    return out, y + 26


def _family(card: dict[str, Any]) -> list[str]:
    """One family's card: name and tags, prestige, money and income, tokens, children.

    Its two halves are kept apart: whose turn it is changes the top, a move the figures.
    """
    return [*_family_top(card), *_family_figures(card)]


@drawn_from("acting", "label", "name", "p", "tags", "won", "y")
def _family_top(card: dict[str, Any]) -> list[str]:
    """The card's frame, name, tags and whether the family is to play or has won."""
    p = int(card["p"])
    y = float(card["y"])
    won = bool(card["won"])
    acting = bool(card["acting"])
    tags = card["tags"]
    card_h = FAMILY_H
    out = [f'<g class="family" data-seat="{p}">']
    out.append(
        rect(
            float(PANEL_X),
            y,
            float(PANEL_W),
            card_h,
            rx=7.0,
            fill=PANEL,
            stroke=GOLD if won else (INK if acting else "#cbb994"),
            stroke_width=3.0 if won else (2.0 if acting else 1.0),
        )
    )
    out.append(rect(float(PANEL_X), y, 9.0, card_h, rx=3.0, fill=_colour(p)))
    name = str(card["name"])
    nx = PANEL_X + 22
    out.append(bold_text(nx, y + 25, name, 19.0, _ink(p), class_="family-name"))
    tx = nx + text_width(name, 19.0, True) + 10
    for tag in tags:
        tw = text_width(tag, 10.5) + 12
        out.append(
            rect(tx, y + 12, tw, 16.0, rx=8.0, fill="#efe4c9", stroke="#cbb994", stroke_width=0.8)
        )
        out.append(text_element(tx + tw / 2, y + 24, tag, 11.5, fill=INK, text_anchor="middle"))
        tx += tw + 5
    if won:
        out.append(
            bold_text(
                PANEL_X + PANEL_W - 14,
                y + 25,
                "VICTOR",
                15.0,
                "#9a7410",
                text_anchor="end",
                letter_spacing="2",
                class_="victor",
            )
        )
    elif acting:
        out.append(
            text_element(
                PANEL_X + PANEL_W - 14,
                y + 24,
                card["label"],
                13.0,
                fill=INK,
                text_anchor="end",
                font_style="italic",
                class_="to-move",
            )
        )
    return out


@drawn_from("out", "over", "p", "pl", "y")
def _family_figures(card: dict[str, Any]) -> list[str]:
    """The card's figures: prestige and office, money and income, tokens, children, gifts."""
    p = int(card["p"])
    pl = card["pl"]
    y = float(card["y"])
    over = bool(card["over"])
    nx = PANEL_X + 22
    out = []
    # prestige and money, large
    band = pl.get("band") or "no office"
    out.append(bold_text(nx, y + 52, str(pl["prestige"]), 22.0, INK, class_="prestige"))
    pw = text_width(str(pl["prestige"]), 22.0, True)
    out.append(text_element(nx + pw + 5, y + 44, "prestige", 11.5, fill=MUTED))
    out.append(bold_text(nx + pw + 5, y + 55, str(band), 11.5, INK, letter_spacing="1"))
    money = int(pl["money"])
    mx = PANEL_X + 142
    out.append(
        bold_text(mx, y + 52, _money(money), 22.0, DEBT if money < 0 else INK, class_="money")
    )
    income = f"last trade {_money(int(pl['last_income']))}"
    if not over:
        income += f" · next {_money(int(pl['next_income']))}"
    out.append(
        text_element(
            PANEL_X + PANEL_W - 14,
            y + 51,
            income,
            11.5,
            fill=MUTED,
            text_anchor="end",
        )
    )
    # tokens line
    ly = y + 76
    out.append(_horreum(nx + 5, ly - 10, p))
    out.append(
        text_element(
            nx + 15,
            ly,
            f"{pl['horrea']} built, {pl['horrea_left']} left",
            11.5,
            fill=INK,
        )
    )
    ax = nx + 128
    out.append(_pawn(ax, ly + 1, p, 1))
    on_map = int(card["out"])
    out.append(
        text_element(ax + 9, ly, f"{on_map} out, {pl['reserve']} in reserve", 11.5, fill=INK)
    )
    kids = int(pl.get("children") or 0)
    if pl.get("sons") is not None and pl.get("daughters") is not None:
        kid_text = f"{pl['sons']} sons, {pl['daughters']} daughters"
        kid_text = kid_text.replace("1 sons", "1 son").replace("1 daughters", "1 daughter")
    else:
        kid_text = f"{kids} child" if kids == 1 else f"{kids} children"
    gifts = int(pl["benefactions"])
    extra = [kid_text, f"{gifts} benefaction" + ("" if gifts == 1 else "s")]
    if pl.get("bonus"):
        extra.append(f"bonus {_money(int(pl['bonus']))}")
    if pl.get("blocked"):
        extra.append(f"{pl['blocked']} flooded")
    out.append(text_element(nx + 262, ly, " · ".join(extra), 11.5, fill=INK))
    out.append("</g>")
    return out


def _marker(x: float, y: float, p: int, r: float = 7.0) -> str:
    return element(
        "circle",
        class_="marker",
        data_seat=p,
        cx=x,
        cy=y,
        r=r,
        fill=_colour(p),
        stroke="#1d1712",
        stroke_width=1.0,
    )


def _star(cx: float, cy: float, r: float, fill: str = GOLD) -> str:
    pts = star_points(cx, cy, r)
    return element("polygon", points=point_list(pts), fill=fill, stroke="#7a5c10", stroke_width=0.8)


def _cell_slots(k: int, cx: float, cy: float, step: float) -> list[tuple[float, float]]:
    """Centres for ``k`` markers sharing a cell centred on ``(cx, cy)``: one, a pair, a square."""
    if k == 1:
        return [(cx, cy)]
    if k == 2:
        return [(cx, cy - step / 2), (cx, cy + step / 2)]
    h = step / 2
    return [(cx - h, cy - h), (cx + h, cy - h), (cx - h, cy + h), (cx + h, cy + h)][:k]
