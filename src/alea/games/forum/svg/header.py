"""Forum's board picture: the header and the banner saying whose decision is next."""

from __future__ import annotations

from typing import Any

from alea.core.picture_cache import drawn_from
from alea.core.svg import (
    GOLD,
    circle,
    rect,
    text_element,
    text_width,
)
from alea.games.forum.state import STAGE_TEXT
from alea.games.forum.svg.style import (
    HEADER,
    INK,
    MAP_LEFT,
    MAP_RIGHT,
    MAP_TOP,
    PANEL,
    WIDTH,
    _colour,
    _seat_name,
    bold_text,
)

# -- header and banner -------------------------------------------------------------------------


def _chance_verb(stage: str) -> str:
    return "drawing" if stage in ("fate", "birth", "deal") else "rolling"


def _whose(obs: dict[str, Any]) -> str:
    players = obs["players"]
    current = int(obs["current"])
    actor = int(obs.get("actor", -1))
    stage = str(obs["stage"])
    if stage == "over":
        return ""
    if current >= 0:
        return f"the {_seat_name(current, players)} to decide"
    if actor >= 0 and stage not in ("setup", "deal"):
        verb = "draw" if stage in ("fate", "birth") else "roll"
        return f"the {_seat_name(actor, players)} {verb}"
    return "the dice decide"


def _status(obs: dict[str, Any]) -> str:
    stage = str(obs["stage"])
    parts = []
    if stage not in ("setup", "deal"):
        parts.append(f"Turn {obs['turn']} of {obs['max_turns']}")
    if stage == "over":
        parts.append("the game is over")
    else:
        parts.append(STAGE_TEXT.get(stage, stage))
        whose = _whose(obs)
        if whose:
            parts.append(whose)
    return " · ".join(parts)


def _detail(obs: dict[str, Any]) -> str:
    """The contest or proposal under way, if any."""
    players = obs["players"]
    pending = obs.get("pending")
    if pending:
        verb = "destroy a horreum of" if obs["stage"] == "destroy" else "oust"
        return (
            f"The {_seat_name(int(pending['attacker']), players)} try to {verb} the "
            f"{_seat_name(int(pending['defender']), players)} in {pending['market']} "
            f"(needs {pending['needs']}+)"
        )
    prop = obs.get("proposal")
    if prop:
        child = "a son" if prop["son"] else "a daughter"
        price = int(prop["price"])
        dowry = f"for a dowry of ${price}" if price else "without dowry"
        what = "counter-offer" if prop["countered"] else "proposal"
        return (
            f"Marriage {what}: the {_seat_name(int(prop['from']), players)} offer {child} to "
            f"the {_seat_name(int(prop['to']), players)} {dowry}"
        )
    return ""


@drawn_from("actor", "current", "max_turns", "pending", "players.name", "proposal", "stage", "turn")
def _header(obs: dict[str, Any]) -> list[str]:
    out = [
        rect(0.0, 0.0, float(WIDTH), float(HEADER), fill="#3a2a1b"),
        rect(0.0, HEADER - 4.0, float(WIDTH), 4.0, fill=GOLD),
        bold_text(22, 42, "FORVM", 30.0, "#f3e2b0", letter_spacing="6", class_="title"),
        text_element(196, 41, "Trade Empires of Rome", 17.0, fill="#d9c59a", font_style="italic"),
    ]
    detail = _detail(obs)
    out.append(
        text_element(
            WIDTH - 22,
            29 if detail else 40,
            _status(obs),
            18.0,
            fill="#fbf3df",
            text_anchor="end",
            class_="status",
        )
    )
    if detail:
        out.append(
            text_element(
                WIDTH - 22,
                52,
                detail,
                18.0,
                fill="#f1c9a0",
                text_anchor="end",
                font_style="italic",
                class_="detail",
            )
        )
    return out


def _outcome(obs: dict[str, Any]) -> str:
    players = obs["players"]
    winners = [int(p) for p in obs.get("winners") or []]
    if winners:
        names = " and the ".join(_seat_name(p, players) for p in winners)
        top = players[winners[0]]["prestige"]
        verb = "share the consulship" if len(winners) > 1 else "reach the consulship"
        return f"The {names} {verb} with {top} prestige"
    if obs.get("end_reason") == "cap":
        return f"No one reached {obs['win_prestige']} prestige in {obs['max_turns']} turns"
    return "The game is over"


@drawn_from(
    "end_reason",
    "max_turns",
    "players.name",
    "players.prestige",
    "stage",
    "win_prestige",
    "winners",
)
def _banner(obs: dict[str, Any]) -> list[str]:
    if obs["stage"] != "over" and not obs.get("winners"):
        return []
    line = _outcome(obs)
    w = text_width(line, 24.0, True) + 90
    cx = (MAP_LEFT + MAP_RIGHT) / 2 - 40
    y = MAP_TOP + 18.0
    winners = [int(p) for p in obs.get("winners") or []]
    out = [
        '<g class="banner">',
        rect(
            cx - w / 2,
            y,
            w,
            50.0,
            rx=8.0,
            fill=PANEL,
            fill_opacity=0.96,
            stroke=GOLD,
            stroke_width=3.0,
        ),
    ]
    for i, p in enumerate(winners[:4]):
        out.append(
            circle(
                cx - w / 2 + 26 + i * 6,
                y + 25,
                10.0,
                fill=_colour(p),
                stroke="#1d1712",
                stroke_width=1.0,
            )
        )
    out.append(bold_text(cx + 10, y + 33, line, 24.0, INK, text_anchor="middle", class_="winner"))
    out.append("</g>")
    return out
