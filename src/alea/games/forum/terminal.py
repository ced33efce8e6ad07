"""Forum in a terminal: a schematic map of the trade network, the ladders and a narrated log.

Everything shown is read from ``state.observation(seat)`` and the static board and cards, so
the view never sees more than the seat it is drawn for: in the short rules another family's
sons and daughters appear only as a number of cards. The terminal front end registers these
functions for the game; the rules never import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from alea.core.game import Action, State
from alea.games.forum.actions import (
    GENTES,
    Build,
    Counter,
    Decide,
    Destroy,
    Dismiss,
    Divorce,
    Draw,
    Family,
    Give,
    MarryLocal,
    Move,
    Propose,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.cards import FATE
from alea.games.forum.state import STAGE_TEXT, ForumState

SEAT_STYLE: Final = ("red1", "dodger_blue1", "green3", "yellow1")
"""Each family's colour, in seat order: Aemilii, Cornelii, Licinii, Valerii."""

SEAT_LETTER: Final = tuple(name[0] for name in GENTES)
"""The initial that stands for a family's agent or horreum."""

CODES: Final = {
    "Rome": "Rom",
    "Caralis": "Crl",
    "Carthage": "Car",
    "Luna": "Lun",
    "Puteoli": "Put",
    "Rimini": "Rim",
    "Syracuse": "Syr",
    "Athens": "Ath",
    "Carthago Nova": "Cnv",
    "Cyrene": "Cyr",
    "Delos": "Del",
    "Iol Caesarea": "Iol",
    "Lepcis Magna": "Lep",
    "Marseille": "Mar",
    "Mediolano": "Med",
    "Narbo": "Nar",
    "Rhodes": "Rho",
    "Salona": "Sal",
    "Taranto": "Tar",
    "Tarraco": "Tco",
    "Alexandria": "Ale",
    "Antioch": "Ant",
    "Carnuntum": "Crn",
    "Cordoba": "Cor",
    "Ephesus": "Eph",
    "Larissa": "Lar",
    "Lugdunum": "Lug",
    "Paphos": "Pap",
    "Pergamon": "Per",
    "Perge": "Pge",
    "Salamis": "Slm",
    "Thessalonica": "The",
    "Tingi": "Tin",
    "Tridentum": "Tri",
    "Colonia Clunia Sulpicia": "Col",
    "Constantinople": "Con",
    "Coptos": "Cop",
    "Damascus": "Dam",
    "Edessa": "Ede",
    "Hispalis": "His",
    "Jerusalem": "Jer",
    "Londinium": "Lon",
    "Lugdunum Cananefatium": "Lgc",
    "Memphis": "Mem",
    "Palmyra": "Pal",
    "Petra": "Pet",
    "Serdica": "Ser",
    "Toletum": "Tol",
    "Volubilis": "Vol",
    "Berenice": "Ber",
    "Chersonesos": "Che",
    "Eburacum": "Ebu",
    "Garamantes": "Gar",
    "Germany": "Ger",
    "Parthia": "Par",
    "Pax Iulia": "Pax",
    "Samezegusta": "Sam",
}
"""Our three-letter code of each market, drawn on the map and accepted at the prompt."""

SHORT_NAMES: Final = {
    "Colonia Clunia Sulpicia": "Colonia Clunia",
    "Lugdunum Cananefatium": "Lugd. Cananef.",
}
"""Names too long for the market table."""

REGION_TEXT: Final = {
    "hispania_africa": "Hispania·Africa",
    "italia_gallia_britannia": "Italia·Gallia·Britannia",
    "graecia_et_danubius": "Graecia·Danubius",
    "oriens": "Oriens",
}
"""Our names of the four regions, west to east (the board draws no names)."""
REGION_STYLE: Final = {
    "hispania_africa": "#a08850",
    "italia_gallia_britannia": "#4f8f9f",
    "graecia_et_danubius": "#9070b0",
    "oriens": "#b0705a",
}
"""Muted colours of the four regions: the links inside each, and the codes in the table."""

BAND_TEXT: Final = {"QVAESTOR": "Quaestor", "AEDILE": "Aedile", "PRAETOR": "Praetor"}
CONSUL: Final = "Consul"

MAP_WIDTH: Final = 96
"""Columns of the map inside its frame (the frame makes it 98, within 100)."""
MAP_HEIGHT: Final = 23
"""Rows of the map."""
LINK: Final = "·"
LINK_STYLE: Final = "grey35"
EMPTY_STYLE: Final = "grey58"
SHARED_STYLE: Final = "bold underline bright_white"
ROME_STYLE: Final = "bold bright_white on #5b2a6e"
ATTACK_STYLE: Final = "bold bright_white on red3"

N_KINDS: Final = len(BOARD.benefactions)
ROME: Final = BOARD.rome
INDEX: Final = {m.name: i for i, m in enumerate(BOARD.markets)}
CODE_INDEX: Final = {code.lower(): INDEX[name] for name, code in CODES.items()}


GUIDE: Final = """\
[bold]The aim[/bold]: be first to end a turn with 15 prestige (the consulship). Prestige comes
from horrea in a region (the first, every fifth, all of it), marriages, benefactions, fate,
and every $1000 of money held at the end of a turn; each $100 of new debt costs 1.
[bold]A turn[/bold] has six phases; in each, the families act once in the turn order shown
above the map (it starts one seat further on every turn):
1. [bold]Move[/bold]: a family with agents in reserve rolls, and on 4+ one enters Rome. Each
   agent may take one step along a link; choose [italic]finish moving[/italic] when done.
   Stepping onto a rival's agent (outside Rome) means you must oust it next phase ($200).
2. [bold]Social intrigue[/bold], one of: marry a son or daughter into the aristocracy of a
   market where your agent stands ($200, +1 prestige; it guards you there in contests);
   offer a child to another family with a dowry (they accept, decline or ask more once;
   +2 prestige each); divorce; or pass.
3. [bold]Trade[/bold] pays itself: every horreum earns its market's profit for the number of
   horrea there, plus the market's boost if you have an agent both there and in Rome.
4. [bold]Build[/bold] a horreum where an agent stands ($100), or try to destroy a rival's
   ($200, roll 4+); then you may give one benefaction of your prestige band.
5. [bold]Fate[/bold]: the start player draws a card that may touch everyone.
[bold]The map[/bold]: each market is a three-letter code at its place on the board, Rome in
the middle; dots are the links, coloured inside each region. A code in a family's colour
holds that family's horreum ([bold underline]white underlined[/]: several families'). Letters
on colour after a code are agents (A Aemilii, C Cornelii, L Licinii, V Valerii).
[bold]The market table[/bold] lists every market with horrea, agents or a local marriage:
[italic]each[/italic] is what every owner earns there now, [italic]+1[/italic] what each
would earn with one more horreum, [italic]boost[/italic] the extra for an agent there and
in Rome; hor, agt and wed name the families with a horreum, an agent, a local marriage.
Type a market's name, its start or its code (lug, carth) to list only the actions there."""


class Note(NamedTuple):
    """One line of the game log.

    Consecutive notes of one bot with the same ``group`` may be shown as one line:
    ``header`` followed by their ``item`` texts.
    """

    text: str
    group: str | None = None
    header: str = ""
    item: str = ""
    rule: bool = False


# -- names and places -------------------------------------------------------------------------


def market_name(m: int) -> str:
    """The market's full name."""
    return BOARD.markets[m].name


def code(m: int) -> str:
    """The market's three-letter code."""
    name = BOARD.markets[m].name
    return CODES.get(name, name[:3])


def find_place(text: str) -> int | None:
    """The market a player typed: its name, its code, or the start of its name (any case).

    A start shared by several markets means the nearest to Rome (then the shorter name), so
    ``lug`` is Lugdunum and ``lugdunum c`` Lugdunum Cananefatium.
    """
    t = " ".join(text.split()).lower()
    if not t:
        return None
    for i, m in enumerate(BOARD.markets):
        if m.name.lower() == t:
            return i
    if t in CODE_INDEX:
        return CODE_INDEX[t]
    hits = [i for i, m in enumerate(BOARD.markets) if m.name.lower().startswith(t)]
    if not hits:
        return None
    return min(hits, key=lambda i: (BOARD.markets[i].distance, len(BOARD.markets[i].name), i))


def destination(action: Action) -> int | None:
    """The market an action takes place in (a move's end, a build, a marriage); else ``None``."""
    if isinstance(action, Move):
        return action.to
    if isinstance(action, Build | Destroy | MarryLocal | Dismiss):
        return action.market
    return None


def _family(seat: int) -> str:
    return GENTES[seat] if 0 <= seat < len(GENTES) else "?"


def _style(seat: int) -> str:
    return SEAT_STYLE[seat] if 0 <= seat < len(SEAT_STYLE) else ""


def _paint(seat: int) -> str:
    return f"[bold {_style(seat)}]{_family(seat)}[/]"


def _paint_names(text: str) -> str:
    """Escape ``text`` and colour every family name in it."""
    out = escape(text)
    for seat, name in enumerate(GENTES):
        out = out.replace(name, _paint(seat))
    return out


def _money(v: int) -> str:
    return f"−${-v:,}" if v < 0 else f"${v:,}"


def _signed(v: int) -> str:
    return f"−${-v:,}" if v < 0 else f"+${v:,}"


def _band(name: Any) -> str:
    if not name:
        return "—"
    text = str(name)
    if text == "CONSVL":
        return CONSUL
    return BAND_TEXT.get(text, text.title())


def _children(p: dict[str, Any]) -> str:
    sons, daughters = p.get("sons"), p.get("daughters")
    if sons is None or daughters is None:
        n = int(p.get("children", 0))
        return f"{n} card{'s' if n != 1 else ''}"
    return f"♂{sons} ♀{daughters}"


# -- the map ----------------------------------------------------------------------------------


def _label(m: int) -> str:
    return "Rome" if m == ROME else code(m)


def _layout() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[str, ...], ...]]:
    """Each market's (column, row) on the map, and the style of each map cell's link dot.

    A link inside a region is drawn in the region's colour, one between regions (or from
    Rome) in grey; cells without a link have no style.
    """
    xs = [m.xy[0] for m in BOARD.markets]
    ys = [m.xy[1] for m in BOARD.markets]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    widest = max(len(_label(m)) for m in range(len(BOARD.markets)))
    span_x = MAP_WIDTH - widest - 6  # room for agents after the easternmost code
    places = tuple(
        (
            round((m.xy[0] - x0) / (x1 - x0) * span_x) + 1,
            round((m.xy[1] - y0) / (y1 - y0) * (MAP_HEIGHT - 1)),
        )
        for m in BOARD.markets
    )
    grid = [[""] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
    for a, b in BOARD.links:
        (ca, ra), (cb, rb) = places[a], places[b]
        ca, cb = ca + 1, cb + 1  # from the middle of each code
        ra_, rb_ = BOARD.markets[a].region, BOARD.markets[b].region
        style = REGION_STYLE.get(ra_ or "", LINK_STYLE) if ra_ == rb_ else LINK_STYLE
        steps = max(abs(ca - cb), abs(ra - rb))
        for k in range(1, steps):
            grid[round(ra + (rb - ra) * k / steps)][round(ca + (cb - ca) * k / steps)] = style
    return places, tuple(tuple(row) for row in grid)


PLACES, _LINKS = _layout()


def _owner_style(m: int, owners: Sequence[int]) -> str:
    if not owners:
        return ROME_STYLE if m == ROME else EMPTY_STYLE
    if len(owners) == 1:
        return f"bold {_style(owners[0])}"
    return SHARED_STYLE


def map_text(obs: dict[str, Any]) -> Text:
    """The network as coloured text: codes where the board prints markets, dotted links."""
    chars = [[LINK if st else " " for st in row] for row in _LINKS]
    styles = [list(row) for row in _LINKS]
    taken = [[False] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
    markets = obs.get("markets", [])
    pending = obs.get("pending")
    attacked = INDEX.get(str(pending.get("market"))) if isinstance(pending, dict) else None
    for m, (c, r) in enumerate(PLACES):
        for k in range(len(_label(m))):
            taken[r][c + k] = True
    for m, (c, r) in enumerate(PLACES):
        info = markets[m] if m < len(markets) else {}
        owners = [int(q) for q in info.get("horrea", [])]
        style = ATTACK_STYLE if m == attacked else _owner_style(m, owners)
        label = _label(m)
        for k, ch in enumerate(label):
            chars[r][c + k] = ch
            styles[r][c + k] = style
        col = c + len(label)
        for q in info.get("agents", []):
            if col >= MAP_WIDTH or taken[r][col]:
                break
            chars[r][col] = SEAT_LETTER[int(q)]
            styles[r][col] = f"bold reverse {_style(int(q))}"
            taken[r][col] = True
            col += 1
    out = Text(no_wrap=True, overflow="crop")
    for r in range(MAP_HEIGHT):
        if r:
            out.append("\n")
        for ch, st in zip(chars[r], styles[r], strict=True):
            out.append(ch, style=st)
    out.rstrip()
    return out


def legend(n: int) -> Text:
    """Two lines explaining the map's marks and the colours of the regions."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(" agents ")
    for q in range(n):
        t.append(SEAT_LETTER[q], style=f"bold reverse {_style(q)}")
        t.append(" ")
    t.append("  horreum of a family ")
    for q in range(n):
        t.append("Lug", style=f"bold {_style(q)}")
        t.append(" ")
    t.append("  of several ")
    t.append("Lug", style=SHARED_STYLE)
    t.append("   none ")
    t.append("Lug", style=EMPTY_STYLE)
    t.append("\n links in ")
    for region, name in REGION_TEXT.items():
        t.append(name, style=f"bold {REGION_STYLE[region]}")
        t.append("  ")
    t.append("····", style=LINK_STYLE)
    t.append(" between regions")
    return t


# -- the tables -------------------------------------------------------------------------------


def _ladder(prestige: int, win: int, seat: int) -> Text:
    """The cursus honorum as a bar: one cell per prestige point, bands split by a line."""
    t = Text(no_wrap=True)
    cells = max(1, min(win, 20))
    ends = {b.high for b in BOARD.bands}
    for k in range(1, cells + 1):
        t.append("▰" if k <= prestige else "▱", style=_style(seat) if k <= prestige else "grey35")
        if k in ends and k < cells:
            t.append("│", style="grey42")
    return t


def _table() -> Table:
    return Table(
        box=box.SIMPLE_HEAD,
        padding=0,
        pad_edge=False,
        show_edge=False,
        header_style="bold grey70",
    )


def players_table(obs: dict[str, Any], seat: int | None) -> Table:
    """Money, prestige and band, agents, horrea, children, gifts and trade of every family."""
    table = _table()
    for title, justify in (
        ("", "left"),
        ("family", "left"),
        ("money", "right"),
        ("prestige", "left"),
        ("band", "left"),
        ("agents\n+res.", "right"),
        ("horrea\n/left", "right"),
        ("children", "left"),
        ("gifts", "right"),
        ("trade\nlast›next", "right"),
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
        ladder = Text(f"{prestige:>2} ", style="bold")
        ladder.append_text(_ladder(prestige, win, q))
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
            f"{_signed(int(p.get('last_income', 0)))}›{_signed(int(p.get('next_income', 0)))}",
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


def markets_panel(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """The markets that matter, in two tables side by side, nearest to Rome first."""
    rows = _market_rows(obs)
    half = (len(rows) + 1) // 2
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    left = _market_table(rows[:half], obs, seat)
    right = _market_table(rows[half:], obs, seat) if rows[half:] else Text("")
    grid.add_row(left, right)
    return grid


# -- the header and the status lines ------------------------------------------------------------


def _acting(obs: dict[str, Any]) -> int:
    """The seat deciding now, or the one whose die or card is pending; -1 for none."""
    current = obs.get("current", -1)
    if isinstance(current, int) and current >= 0:
        return current
    actor = obs.get("actor", -1)
    return actor if isinstance(actor, int) and obs.get("stage") not in ("setup", "over") else -1


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
    console.print(markets_panel(obs, seat))
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


# -- the choices --------------------------------------------------------------------------------


def _fate_card(obs: dict[str, Any]) -> Any:
    fate = obs.get("fate")
    if isinstance(fate, dict):
        number = fate.get("card")
        return next((c for c in FATE if c.id == number), None)
    return None


def _decision_text(action: Decide, obs: dict[str, Any]) -> str:
    verb = action.verb
    if verb == "done":
        return "finish moving"
    if verb in ("pay", "refuse"):
        card = _fate_card(obs)
        if card is not None:
            if verb == "pay":
                gain = ", +1 prestige" if card.kind in ("sponsor", "vow") else ""
                return f"pay {_money(card.cost)}{gain}"
            if card.kind == "mores":
                return "refuse (−1 prestige)"
        return verb
    if verb == "accept":
        prop = obs.get("proposal")
        if isinstance(prop, dict):
            return f"accept (dowry {_money(int(prop['price']))})"
    if verb == "pass":
        stage = obs.get("stage")
        return {"build": "build nothing", "give": "give nothing"}.get(str(stage), "pass")
    return verb


def choice_rows(
    state: State, actions: Sequence[Action], indices: Sequence[int]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The numbered choices grouped for reading.

    Moves by agent, marriages by child, proposals by family and child (one entry per dowry),
    builds, destroys, benefactions, then the plain decisions. Returns rows of (label,
    [(index, markup text)]).
    """
    player = state.current_player()
    obs = state.observation(player if player >= 0 else None)
    markets = obs.get("markets", [])
    rows: dict[str, list[tuple[int, str]]] = {}
    for i in indices:
        a = actions[i]
        if isinstance(a, Move):
            key = f"agent in {market_name(a.src)} to"
            item = escape(market_name(a.to))
            rivals = (
                [int(q) for q in markets[a.to].get("agents", []) if int(q) != a.seat]
                if a.to < len(markets)
                else []
            )
            if rivals and a.to != ROME:
                item += f" [yellow](oust the {', '.join(GENTES[q] for q in rivals)})[/yellow]"
        elif isinstance(a, MarryLocal):
            key = f"marry a {'son' if a.son else 'daughter'} into"
            item = escape(market_name(a.market))
        elif isinstance(a, Propose):
            key = f"offer a {'son' if a.son else 'daughter'} to the {GENTES[a.to]}, dowry"
            item = _money(a.price)
        elif isinstance(a, Counter):
            key, item = "or ask a dowry of", _money(a.price)
        elif isinstance(a, Divorce):
            key, item = "divorce", _paint(a.other)
        elif isinstance(a, Build):
            count = len(markets[a.market].get("horrea", [])) if a.market < len(markets) else 0
            profit = BOARD.markets[a.market].profit
            each = profit[count] if count < len(profit) else profit[-1]
            key = "build a horreum in"
            item = f"{escape(market_name(a.market))} [dim]({_money(each)} each)[/dim]"
        elif isinstance(a, Destroy):
            key = "destroy a horreum"
            item = f"{_paint(a.victim)} in {escape(market_name(a.market))}"
        elif isinstance(a, Give):
            band = BOARD.bands[a.space // N_KINDS]
            key = "give a benefaction"
            kind = BOARD.benefactions[a.space % N_KINDS].lower()
            item = f"{_band(band.name)} {kind} [dim]({_money(band.cost or 0)})[/dim]"
        elif isinstance(a, Dismiss):
            key, item = "give up the agent in", escape(market_name(a.market))
        elif isinstance(a, Decide):
            key, item = "", escape(_decision_text(a, obs))
        else:
            key, item = "", _paint_names(state.action_to_string(a))
        warning = state.action_warning(a, brief=True) if isinstance(state, ForumState) else ""
        if warning and (isinstance(a, Decide) or key not in rows):
            # FOR-4.8: an alliance this turn's oust would end at once; said once a row.
            item += f" [bold red]⚠ {escape(warning)}[/bold red]"
        rows.setdefault(key, []).append((i, item))
    return list(rows.items())


# -- the log ----------------------------------------------------------------------------------

_PHASE: Final = {
    "setup": 0,
    "deal": 0,
    "enter": 1,
    "move": 1,
    "social": 2,
    "respond": 2,
    "reply": 2,
    "oust": 2,
    "build": 4,
    "destroy": 4,
    "give": 4,
    "fate": 5,
    "fate_choice": 5,
    "fate_roll": 5,
    "birth": 5,
    "over": 6,
}


def narrate(before: dict[str, Any], action: Action, text: str, after: dict[str, Any]) -> list[Note]:
    """Log lines for ``action``, told with what was on the table before and after it.

    Besides the action itself: contests begun, proposals that find no match, agents and
    horrea lost, alliances made and ended, each trade's income, every family's money and
    prestige that moved, fate's marks for the next trade, each new turn, and the consul.
    """
    notes = _action_notes(before, action, text, after)
    notes.extend(_consequences(before, action, after))
    return notes


def _decide_line(before: dict[str, Any], action: Decide) -> str | None:
    """Our words for a decision without a place; ``None`` where it needs no line."""
    who, verb, stage = "the " + _paint(action.seat), action.verb, before.get("stage")
    if verb == "done":
        return None
    if verb == "pass":
        what = {"social": "no intrigue", "build": "build nothing", "give": "no benefaction"}
        return f"[dim]{who} pass ({what.get(str(stage), 'nothing')})[/dim]"
    if verb == "accept":
        prop = before.get("proposal")
        price = f" ({_money(int(prop['price']))} dowry)" if isinstance(prop, dict) else ""
        return f"{who} accept{price}"
    if verb == "pay":
        card = _fate_card(before)
        return f"{who} pay {_money(card.cost)}" if card is not None else f"{who} pay"
    return f"{who} {verb}"


def _action_notes(
    before: dict[str, Any], action: Action, text: str, after: dict[str, Any]
) -> list[Note]:
    if isinstance(action, Move):
        item = f"{code(action.src)}→{code(action.to)}"
        line = f"the {_paint(action.seat)} move an agent {escape(market_name(action.src))} → "
        line += escape(market_name(action.to))
        return [Note(line, f"move:{action.seat}", f"the {_paint(action.seat)} move agents", item)]
    if isinstance(action, Draw):
        card = next((c for c in FATE if c.id == action.card), None)
        if card is not None:
            return [
                Note(
                    f"[bold magenta]Fate: {escape(card.title)}[/bold magenta] — "
                    f"{escape(card.effect)}"
                )
            ]
    if isinstance(action, Family):
        seat = action.seat
        child = ""
        if before.get("you") == seat:
            child = " (a son)" if action.son else " (a daughter)"
        line = f"the {_paint(seat)} draw a family card{child}"
        if before.get("stage") == "deal":
            return [Note(line, "deal", "Family cards dealt", escape(GENTES[seat]) + child)]
        return [Note(line)]
    if isinstance(action, Decide):
        said = _decide_line(before, action)
        return [] if said is None else [Note(said)]
    return [Note(_paint_names(text))]


def _traded(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether the trade phase (FOR-5) took place between the two observations."""
    b, a = _PHASE.get(str(before.get("stage")), 0), _PHASE.get(str(after.get("stage")), 0)
    if before.get("stage") in ("setup", "deal"):
        return False
    if after.get("turn") == before.get("turn"):
        return b <= 2 < a
    return b <= 2


def _consequences(before: dict[str, Any], action: Action, after: dict[str, Any]) -> list[Note]:
    notes = _losses(before, after)
    notes.extend(_ties(before, action, after))
    pend = after.get("pending")
    if isinstance(pend, dict) and after.get("stage") == "oust" and pend != before.get("pending"):
        a, d = int(pend["attacker"]), int(pend["defender"])
        notes.append(
            Note(
                f"  [yellow]the {_paint(a)} must oust the {_paint(d)} from "
                f"{escape(str(pend['market']))}: they pay and roll, needing "
                f"{pend['needs']}+[/yellow]"
            )
        )
    traded = _traded(before, after)
    if traded:
        parts = [
            f"{_paint(q)} {_signed(int(p.get('last_income', 0)))}"
            for q, p in enumerate(after.get("players", []))
        ]
        notes.append(Note("[bold]Trade:[/bold] " + ", ".join(parts)))
    p0s, p1s = before.get("players", []), after.get("players", [])
    for q, (p0, p1) in enumerate(zip(p0s, p1s, strict=False)):
        notes.extend(_player_changes(q, p0, p1, traded))
    if after.get("turn") != before.get("turn") and after.get("stage") != "over":
        order = " › ".join(_paint(int(q)) for q in after.get("order", []))
        notes.append(Note(f"Turn {after.get('turn')} · {order}", rule=True))
    if after.get("stage") == "over" and before.get("stage") != "over":
        winners = after.get("winners", [])
        if winners:
            names = " and the ".join(_paint(int(q)) for q in winners)
            notes.append(Note(f"[bold]The {names} reach the consulship![/bold]"))
        else:
            notes.append(Note("[bold]The turns are spent: no one reaches the consulship[/bold]"))
    return notes


def _losses(before: dict[str, Any], after: dict[str, Any]) -> list[Note]:
    """Agents sent back to the reserve and horrea destroyed or burnt."""
    notes: list[Note] = []
    for q, (p0, p1) in enumerate(
        zip(before.get("players", []), after.get("players", []), strict=False)
    ):
        gone = list(p0.get("agents", []))
        for m in p1.get("agents", []):
            if m in gone:
                gone.remove(m)
        if p1.get("reserve", 0) > p0.get("reserve", 0) and gone:
            where = " and ".join(escape(str(m)) for m in gone)
            what = "agent" if len(gone) == 1 else "agents"
            notes.append(Note(f"  the {_paint(q)} lose their {what} in {where} to the reserve"))
    lost: dict[int, list[str]] = {}
    for m, (m0, m1) in enumerate(
        zip(before.get("markets", []), after.get("markets", []), strict=False)
    ):
        for q in m0.get("horrea", []):
            if q not in m1.get("horrea", []):
                lost.setdefault(int(q), []).append(market_name(m))
    for q, markets in sorted(lost.items()):
        notes.append(Note(f"  the {_paint(q)} lose their horreum in {escape(', '.join(markets))}"))
    return notes


def _ties(before: dict[str, Any], action: Action, after: dict[str, Any]) -> list[Note]:
    """Alliances made and ended, and proposals that find no child to match."""
    notes: list[Note] = []
    pairs0 = {(int(w["a"]), int(w["b"])) for w in before.get("marriages", [])}
    pairs1 = {(int(w["a"]), int(w["b"])) for w in after.get("marriages", [])}
    for a, b in sorted(pairs1 - pairs0):
        notes.append(Note(f"  the {_paint(a)} and the {_paint(b)} are allied by marriage"))
    for a, b in sorted(pairs0 - pairs1):
        notes.append(Note(f"  the alliance of the {_paint(a)} and the {_paint(b)} ends"))
    if isinstance(action, Propose) and after.get("proposal") is None:
        child = "daughter" if action.son else "son"
        notes.append(
            Note(
                f"  [dim]the {_paint(action.to)} have no {child} to match: the proposal "
                "falls through[/dim]"
            )
        )
    return notes


def _player_changes(q: int, p0: dict[str, Any], p1: dict[str, Any], traded: bool) -> list[Note]:
    """Money and prestige that moved for one family, with fate marks that appeared."""
    notes: list[Note] = []
    parts: list[str] = []
    dm = int(p1.get("money", 0)) - int(p0.get("money", 0))
    if traded:
        dm -= int(p1.get("last_income", 0))
    if dm:
        parts.append(f"{_signed(dm)} (now {_money(int(p1.get('money', 0)))})")
    dp = int(p1.get("prestige", 0)) - int(p0.get("prestige", 0))
    if dp:
        parts.append(f"{'+' if dp > 0 else '−'}{abs(dp)} prestige (now {p1.get('prestige')})")
    if p1.get("senator") != p0.get("senator"):
        parts.append("enter the Senate" if p1.get("senator") else "leave the Senate")
    if parts:
        notes.append(Note(f"  the {_paint(q)}: " + ", ".join(parts)))
    if p1.get("bonus", 0) > p0.get("bonus", 0):
        notes.append(
            Note(f"  the {_paint(q)} will earn {_signed(int(p1['bonus']))} more at the next trade")
        )
    if p1.get("blocked") and p1.get("blocked") != p0.get("blocked"):
        notes.append(
            Note(
                f"  flood: {escape(str(p1['blocked']))} earns the {_paint(q)} nothing at the "
                "next trade"
            )
        )
    if p1.get("praefect_turns", 0) > p0.get("praefect_turns", 0):
        notes.append(Note(f"  the {_paint(q)} become prefect of the grain supply"))
    return notes
