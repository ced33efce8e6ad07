"""Forum in a terminal: colours, codes and names of places and families, the how-to-play guide."""

from __future__ import annotations

from typing import Any, Final

from rich.markup import escape

from alea.core.boards import find_typed
from alea.core.game import Action
from alea.core.terminal import SEAT_STYLE
from alea.games.forum.actions import (
    GENTES,
    Build,
    Destroy,
    Dismiss,
    MarryLocal,
    Move,
)
from alea.games.forum.board import BOARD
from alea.games.forum.constants import REGION_NAMES

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
    key: name.replace(", ", "·").replace(" & ", "·") for key, name in REGION_NAMES.items()
}
"""The regions' names joined by a middle dot, short enough for the map's key."""
REGION_STYLE: Final = {
    "hispania_africa": "#a08850",
    "italia_gallia_britannia": "#4f8f9f",
    "graecia_et_danubius": "#9070b0",
    "oriens": "#b0705a",
}
"""Muted colours of the four regions: the links inside each, and the codes in the table."""

BAND_TEXT: Final = {"QVAESTOR": "Quaestor", "AEDILE": "Aedile", "PRAETOR": "Praetor"}
CONSUL: Final = "Consul"

MAP_WIDTH: Final = 78
"""Columns of the map inside its frame (the frame makes it 80)."""
MAP_HEIGHT: Final = 23
"""Rows of the map."""
SIDE_BY_SIDE: Final = 96
"""Console width from which the market table is split in two side by side."""
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


_GUIDE: Final = """\
[bold]The aim[/bold]: be first to end a turn with {win_prestige} prestige (the consulship).
Prestige comes from horrea in a region (the first, every fifth, all of it), marriages,
benefactions, fate, and every $1000 of money held at the end of a turn.
[bold]Money[/bold]: you may spend more than you have: every $100 of new debt costs 1 prestige
at once (a choice that would borrow says so), and you cannot borrow past your prestige.
[bold]A turn[/bold] has six phases; in each, the families act once in the turn order shown
above the map (it starts one seat further on every turn):
1. [bold]Move[/bold]: a family with agents in reserve rolls a die, and on {enter_roll}+ one
   enters Rome. Each agent may take one step along a link; choose [italic]finish moving[/italic]
   when done. Stepping onto a rival's agent (outside Rome) means you must oust it next
   phase: pay ${oust_cost} and roll {contest_roll}+ ({rolls}).
2. [bold]Social intrigue[/bold], one of: marry a son or daughter into the aristocracy of a
   market where your agent stands (${marry_cost}, +1 prestige; it helps your rolls there);
   offer a child to another family with a dowry (they accept, decline or ask more once;
   +2 prestige each); divorce; or pass.
3. [bold]Trade[/bold] pays itself: every horreum earns its market's profit for the number of
   horrea there, plus the market's boost if you have an agent both there and in Rome.
4. [bold]Build[/bold] a horreum where an agent stands (${build_cost}), or try to destroy a
   rival's (${destroy_cost}, roll {contest_roll}+ with the same exceptions); then you may give
   one benefaction of your prestige band.
5. [bold]Fate[/bold]: the start player draws a card that may touch everyone.
[bold]The map[/bold]: each market is a three-letter code at its place on the board, Rome in
the middle; dots are the links, coloured inside each region. A horreum is shown by the
owner's letter before the code (a, c, l, v; [bold]*[/bold] for several families) and by
its colour. Capital letters after a code are agents (A Aemilii, C Cornelii, L Licinii,
V Valerii).
[bold]The market table[/bold] lists every market with horrea, agents or a local marriage:
[italic]each[/italic] is what every owner earns there now, [italic]+1[/italic] what each
would earn with one more horreum, [italic]boost[/italic] the extra for an agent there and
in Rome; hor, agt and wed name the families with a horreum, an agent, a local marriage.
Type a market's name, its start or its code (lug, carth) to list only the actions there."""

_GUIDE_DEFAULTS: Final = {
    "win_prestige": 15,
    "enter_roll": 4,
    "oust_cost": 200,
    "contest_roll": 4,
    "ally_roll": 2,
    "shield_roll": 6,
    "marry_cost": 200,
    "build_cost": 100,
    "destroy_cost": 200,
}


def guide(options: dict[str, Any]) -> str:
    """The how-to-play text with the numbers of these options (costs and the dice to roll)."""
    values = {k: options.get(k, v) for k, v in _GUIDE_DEFAULTS.items()}
    values["rolls"] = (
        f"{values['ally_roll']}+ if you are married into that market's aristocracy, "
        f"{values['shield_roll']}+ if your rival is"
    )
    return _GUIDE.format(**values)


GUIDE: Final = guide({})


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
    markets = BOARD.markets
    return find_typed(
        text,
        [m.name for m in markets],
        lambda i: (markets[i].distance, len(markets[i].name), i),
        CODE_INDEX.get,
    )


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
