"""Forum in a terminal: the tables of families, benefactions, ties, fate and markets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from alea.games.forum.actions import (
    GENTES,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.terminal.names import (
    N_KINDS,
    REGION_STYLE,
    ROME,
    SEAT_LETTER,
    SHORT_NAMES,
    SIDE_BY_SIDE,
    _band,
    _children,
    _family,
    _money,
    _signed,
    _style,
    code,
    market_name,
)

# -- the tables -------------------------------------------------------------------------------


def _table() -> Table:
    return Table(
        box=box.SIMPLE_HEAD,
        padding=0,
        pad_edge=False,
        show_edge=False,
        header_style="bold grey70",
    )


def _plain(v: int) -> str:
    """A sum of money without its sign and dollar, to keep the table inside 80 columns."""
    return f"−{-v:,}" if v < 0 else f"{v:,}"


def players_table(obs: dict[str, Any], seat: int | None) -> Table:
    """Money, prestige and band, agents, horrea, children, gifts and trade of every family."""
    table = _table()
    for title, justify in (
        ("", "left"),
        ("family", "left"),
        ("money", "right"),
        ("prestige", "right"),
        ("band", "left"),
        ("agt\n+res", "right"),
        ("hor\n/left", "right"),
        ("kids", "left"),
        ("gifts", "right"),
        ("trade $\nlast›next", "right"),
    ):
        table.add_column(title, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    acting = _acting(obs)
    over = obs.get("stage") == "over"
    win = int(obs.get("win_prestige", 15))
    for q, p in enumerate(obs.get("players", [])):
        who = Text(str(p["name"]), style=f"bold {_style(q)}")
        if q == seat:
            who.append(" (you)")
        marker = "▶" if q == acting and not over else ""
        if over and q in obs.get("winners", []):
            marker = "★"
        prestige = int(p.get("prestige", 0))
        ladder = Text(f"{prestige}", style="bold")
        ladder.append(f"/{win}", style="grey70")
        money = int(p.get("money", 0))
        table.add_row(
            Text(marker, style="bold"),
            who,
            Text(_money(money), style="red" if money < 0 else ""),
            ladder,
            _band(p.get("band")),
            f"{len(p.get('agents', []))} +{p.get('reserve', 0)}",
            f"{p.get('horrea', 0)}/{p.get('horrea_left', 0)}",
            _children(p),
            str(p.get("benefactions", 0)),
            f"{_plain(int(p.get('last_income', 0)))}›{_plain(int(p.get('next_income', 0)))}",
        )
    return table


def benefactions_table(obs: dict[str, Any]) -> Table:
    """The nine benefaction spaces: band and price by kind, with who gave each."""
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False)
    table.add_column("benefactions", no_wrap=True, header_style="bold")
    for kind in BOARD.benefactions:
        table.add_column(kind.lower(), no_wrap=True, header_style="bold grey70")
    spaces = obs.get("benefactions", [])
    for band, info in enumerate(BOARD.bands):
        if info.cost is None:
            continue
        cells: list[Text] = []
        for k in range(N_KINDS):
            s = band * N_KINDS + k
            owner = spaces[s].get("owner") if s < len(spaces) else None
            if owner is None:
                cells.append(Text("·", style="grey50"))
            else:
                cells.append(Text(_family(int(owner)), style=f"bold {_style(int(owner))}"))
        label = Text(f"{_band(info.name):<9}", style="bold")
        label.append(f"{_money(info.cost):>6}", style="grey70")
        table.add_row(label, *cells)
    return table


def _ties_lines(obs: dict[str, Any]) -> list[Text]:
    lines: list[Text] = []
    marriages = obs.get("marriages", [])
    title = Text("Marriages", style="bold")
    if not marriages:
        lines.append(Text.assemble(title, ": no alliance between families"))
    for w in marriages:
        a, b, payer, price = int(w["a"]), int(w["b"]), int(w["payer"]), int(w["price"])
        lines.append(
            Text.assemble(
                title,
                ": ",
                (GENTES[a], f"bold {_style(a)}"),
                " ⚭ ",
                (GENTES[b], f"bold {_style(b)}"),
                f" (dowry {_money(price)} from the {GENTES[payer]})",
            )
        )
        title = Text("         ")
    local: dict[int, list[str]] = {}
    for m, info in enumerate(obs.get("markets", [])):
        q = info.get("local")
        if q is not None:
            local.setdefault(int(q), []).append(code(m))
    if local:
        line = Text("Local ties: ", style="bold")
        for i, (q, where) in enumerate(sorted(local.items())):
            if i:
                line.append(" · ")
            line.append(GENTES[q], style=f"bold {_style(q)}")
            line.append(" " + " ".join(where))
        lines.append(line)
    return lines


def _fate_lines(obs: dict[str, Any]) -> list[Text]:
    """The fate deck, the fate marks waiting for the next trade, and the Senate."""
    left = obs.get("fate_left", 0)
    decks = f"Fate deck: {left} card{'s' if left != 1 else ''}"
    if obs.get("ruleset") != "complete":
        decks += f" · family deck: {obs.get('family_deck', 0)}"
    lines = [Text(decks, style="grey62")]
    senators: list[int] = []
    for q, p in enumerate(obs.get("players", [])):
        parts = []
        if p.get("bonus"):
            parts.append(f"{_signed(int(p['bonus']))} at the next trade")
        if p.get("blocked"):
            parts.append(f"{p['blocked']} flooded: earns nothing at the next trade")
        if p.get("praefect_turns"):
            turns = int(p["praefect_turns"])
            parts.append(f"grain prefect: +$500 at {turns} more trade{'s' if turns != 1 else ''}")
        if p.get("senator"):
            senators.append(q)
        if parts:
            lines.append(Text.assemble((GENTES[q], f"bold {_style(q)}"), ": " + "; ".join(parts)))
    if senators:
        line = Text("Senators: ", style="bold")
        for i, q in enumerate(senators):
            line.append(", " if i else "")
            line.append(GENTES[q], style=f"bold {_style(q)}")
        lines.append(line)
    return lines


def _card_line(obs: dict[str, Any]) -> Text | None:
    """The fate card drawn this turn, title and effect."""
    fate = obs.get("fate")
    if not isinstance(fate, dict):
        return None
    return Text.assemble(
        (f"Fate {fate.get('card')}: {fate.get('title')}", "bold magenta"),
        " — ",
        str(fate.get("effect", "")),
    )


def _profit(m: int, count: int) -> Text:
    profit = BOARD.markets[m].profit
    t = Text(no_wrap=True)
    if count:
        now = profit[count - 1]
        t.append(_money(now), style="bold red" if now < 0 else "bold")
    else:
        t.append("—", style="grey50")
    t.append("›", style="grey50")
    if count < len(profit):
        nxt = profit[count]
        t.append(_money(nxt), style="red" if nxt < 0 else "grey70")
    else:
        t.append("full", style="grey50")
    return t


def _letters(seats: Sequence[int], agent: bool) -> Text:
    t = Text(no_wrap=True)
    for q in seats:
        t.append(
            SEAT_LETTER[q], style=f"bold reverse {_style(q)}" if agent else f"bold {_style(q)}"
        )
    return t


def _market_rows(obs: dict[str, Any]) -> list[int]:
    """The markets worth a row: Rome, and any with horrea, agents or a local marriage."""
    out = []
    for m, info in enumerate(obs.get("markets", [])):
        if m == ROME or info.get("horrea") or info.get("agents") or info.get("local") is not None:
            out.append(m)
    return sorted(out, key=lambda m: (BOARD.markets[m].distance, market_name(m)))


def _market_table(rows: Sequence[int], obs: dict[str, Any], seat: int | None) -> Table:
    table = _table()
    table.add_column("", no_wrap=True)
    table.add_column("market", no_wrap=True, max_width=14, overflow="ellipsis")
    table.add_column("each›+1", justify="right", no_wrap=True)
    table.add_column("boost", justify="right", no_wrap=True)
    table.add_column("hor", no_wrap=True)
    table.add_column("agt", no_wrap=True)
    table.add_column("wed", no_wrap=True)
    markets = obs.get("markets", [])
    for m in rows:
        info = markets[m]
        mk = BOARD.markets[m]
        owners = [int(q) for q in info.get("horrea", [])]
        agents = [int(q) for q in info.get("agents", [])]
        local = info.get("local")
        name = Text(SHORT_NAMES.get(mk.name, mk.name))
        if mk.type is MarketType.EXOTIC:
            name.append("*", style="bold magenta")
        elif mk.type is MarketType.LARGE:
            name.stylize("bold")
        if seat is not None and (seat in owners or seat in agents):
            name.stylize("underline")
        boost = BOARD.trade_boost.get(mk.distance, 0) if mk.distance else 0
        table.add_row(
            Text(code(m), style=f"bold {REGION_STYLE.get(mk.region or '', 'bright_white')}"),
            name,
            _profit(m, len(owners)),
            f"+{boost}" if boost else "",
            _letters(owners, agent=False),
            _letters(agents, agent=True),
            _letters([int(local)], agent=False) if local is not None else "",
        )
    return table


def markets_panel(obs: dict[str, Any], seat: int | None, width: int = 100) -> RenderableType:
    """The markets that matter, nearest to Rome first.

    Two tables side by side on a console of ``SIDE_BY_SIDE`` columns or more, else one.
    """
    rows = _market_rows(obs)
    if width < SIDE_BY_SIDE:
        return _market_table(rows, obs, seat)
    half = (len(rows) + 1) // 2
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    left = _market_table(rows[:half], obs, seat)
    right = _market_table(rows[half:], obs, seat) if rows[half:] else Text("")
    grid.add_row(left, right)
    return grid


def _acting(obs: dict[str, Any]) -> int:
    """The seat deciding now, or the one whose die or card is pending; -1 for none."""
    current = obs.get("current", -1)
    if isinstance(current, int) and current >= 0:
        return current
    actor = obs.get("actor", -1)
    return actor if isinstance(actor, int) and obs.get("stage") not in ("setup", "over") else -1
