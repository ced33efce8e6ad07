"""Forum in a terminal: the header, the status lines and the whole screen of a position."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from alea.core.game import State
from alea.games.forum.actions import (
    GENTES,
)
from alea.games.forum.state import STAGE_TEXT
from alea.games.forum.terminal.board_map import legend, map_text
from alea.games.forum.terminal.names import MAP_WIDTH, _family, _money, _style
from alea.games.forum.terminal.tables import (
    _acting,
    _card_line,
    _fate_lines,
    _ties_lines,
    benefactions_table,
    markets_panel,
    players_table,
)

# -- the header and the status lines ------------------------------------------------------------


def _order_text(obs: dict[str, Any]) -> Text:
    acting = _acting(obs)
    t = Text("order ", style="dim")
    for i, q in enumerate(obs.get("order", [])):
        if i:
            t.append(" › ", style="dim")
        style = f"bold {_style(int(q))}"
        if q == acting and obs.get("stage") != "over":
            style += " reverse"
        t.append(_family(int(q)), style=style)
    return t


def header(obs: dict[str, Any]) -> Text:
    """Turn, stage and the turn order with the family acting highlighted."""
    turn, cap = obs.get("turn", 0), obs.get("max_turns", "?")
    t = Text.assemble(
        ("FORUM", "bold #d4af37"),
        ("  ·  ", "dim"),
        (f"turn {turn} of {cap}", "bold"),
        ("  ·  ", "dim"),
    )
    t.append_text(_order_text(obs))
    return t


def _now_line(state: State, obs: dict[str, Any]) -> Text:
    stage = str(obs.get("stage", ""))
    if stage == "over":
        text = state.outcome_text() or "the game is over"
        return Text(f"Game over: {text}", style="bold #d4af37")
    current = obs.get("current", -1)
    actor = obs.get("actor", -1)
    what = STAGE_TEXT.get(stage, stage)
    if isinstance(current, int) and current >= 0:
        return Text.assemble(
            (GENTES[current], f"bold {_style(current)}"), " to decide · ", (what, "bold")
        )
    if isinstance(actor, int) and actor >= 0:
        return Text.assemble((GENTES[actor], f"bold {_style(actor)}"), " · ", (what, "bold"))
    return Text(what, style="bold")


def _pending_lines(obs: dict[str, Any]) -> list[Text]:
    lines: list[Text] = []
    prop = obs.get("proposal")
    if isinstance(prop, dict):
        p, q = int(prop["from"]), int(prop["to"])
        child = "son" if prop.get("son") else "daughter"
        line = Text.assemble(
            ("Proposal: ", "bold"),
            "the ",
            (GENTES[p], f"bold {_style(p)}"),
            f" offer their {child} to the ",
            (GENTES[q], f"bold {_style(q)}"),
        )
        if prop.get("countered"):
            line.append(f"; the {GENTES[q]} ask a dowry of {_money(int(prop['price']))}")
        else:
            line.append(f" with a dowry of {_money(int(prop['price']))}")
        lines.append(line)
    pend = obs.get("pending")
    if isinstance(pend, dict):
        a, d = int(pend["attacker"]), int(pend["defender"])
        what = "oust" if obs.get("stage") == "oust" else "destroy the horreum of"
        lines.append(
            Text.assemble(
                ("Contest in ", "bold yellow"),
                (str(pend.get("market")), "bold yellow"),
                ": the ",
                (GENTES[a], f"bold {_style(a)}"),
                f" roll to {what} the ",
                (GENTES[d], f"bold {_style(d)}"),
                (f" (needs {pend.get('needs')}+)", "yellow"),
            )
        )
    return lines


def _you_line(obs: dict[str, Any], seat: int | None) -> Text | None:
    """The viewer's own hand: the sons and daughters only they may see."""
    players = obs.get("players", [])
    if seat is None or not 0 <= seat < len(players):
        return None
    p = players[seat]
    sons, daughters = p.get("sons"), p.get("daughters")
    t = Text.assemble(("You are the ", "bold"), (GENTES[seat], f"bold {_style(seat)}"), ": ")
    if sons is None or daughters is None:
        t.append(f"{p.get('children', 0)} children to marry")
    else:
        t.append(f"{sons} son{'s' if sons != 1 else ''} and ")
        t.append(f"{daughters} daughter{'s' if daughters != 1 else ''} to marry")
    moved = p.get("moved", [])
    if moved and obs.get("stage") == "move":
        t.append(f" · moved this turn: {', '.join(str(a) for a in moved)}")
    return t


def render(state: State, console: Console, seat: int | None = None) -> None:
    """Draw the position as ``seat`` sees it (``None``: a spectator).

    The reference tables come first and the map, the families and the state of play last,
    so that what a decision needs stands right above the prompt.
    """
    obs = state.observation(seat)
    n = len(obs.get("players", []))
    console.print(markets_panel(obs, seat, console.width))
    console.print()
    side = Table.grid(padding=(0, 4))
    side.add_column(no_wrap=True)
    side.add_column()
    side.add_row(benefactions_table(obs), Group(*_ties_lines(obs), *_fate_lines(obs)))
    console.print(side)
    console.print()
    console.print(header(obs), crop=True)
    console.print(
        Panel(
            map_text(obs),
            box=box.ROUNDED,
            border_style="grey42",
            padding=(0, 0),
            width=MAP_WIDTH + 2,
        ),
        crop=True,
    )
    console.print(legend(n), crop=True)
    console.print(players_table(obs, seat))
    you = _you_line(obs, seat)
    card = _card_line(obs)
    for line in (you, card, *_pending_lines(obs), _now_line(state, obs)):
        if line is not None:
            console.print(line)
