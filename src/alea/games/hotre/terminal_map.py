"""HOTRE's map in a terminal, one screen at a time: all nine Areas, or one Area in detail.

An 80x24 terminal cannot hold 45 lands with their pieces and neighbours at once, so the map is
paged: ``map_overview`` gives each Area one line (who holds each of its lands), ``area_view``
one Area's five lands with their Forts, Cities and neighbours. Owners are written by seat
number (``2:L3``) as well as coloured, so both read the same with ``NO_COLOR``.
"""

from __future__ import annotations

from typing import Any, Final

from rich.text import Text

from alea.core.terminal import SEAT_STYLE
from alea.games.hotre.board import BOARD

KIND_CODE: Final = {
    "Faction": "L",
    "People": "P",
    "Minor People": "m",
    "Kingdom": "K",
    "Rebels": "R",
}
"""The letter of each kind of force on the map."""


SHORT_AREA: Final = {"Britanniae et Germania": "Brit. et Germ."}
"""Area names abbreviated on the one-line-an-Area map (the Area's own page spells them out)."""


def land_name(i: int) -> str:
    """A land's name."""
    return BOARD.lands[i].name


CODES: Final = {
    "Gallaecia": "GLC",
    "Lusitania": "LUS",
    "Baetica": "BAE",
    "Carthaginiensis": "CRT",
    "Tarraconensis": "TAR",
    "Aquitania": "AQU",
    "Narbonensis": "NAR",
    "Lugdunensis": "LUG",
    "Belgica": "BEL",
    "Germania Superior": "GSU",
    "Caledonia": "CAL",
    "Britannia": "BRI",
    "Germania Inferior": "GIN",
    "Frisia": "FRI",
    "Germania Magna": "GMA",
    "Italia": "ITA",
    "Gallia Cisalpina": "GCI",
    "Raetia et Noricum": "RAE",
    "Sicilia": "SIC",
    "Sardinia et Corsica": "SAR",
    "Dalmatia": "DAL",
    "Pannonia": "PAN",
    "Moesia Superior": "MSU",
    "Dacia": "DAC",
    "Sarmatia": "SRM",
    "Macedonia": "MAC",
    "Epirus": "EPI",
    "Achaea": "ACH",
    "Tracia": "TRA",
    "Moesia Inferior": "MIN",
    "Asia": "ASI",
    "Bithynia": "BIT",
    "Galatia": "GAL",
    "Cappadocia": "CAP",
    "Cilicia": "CIL",
    "Syria": "SYR",
    "Palaestina": "PAL",
    "Arabia": "ARA",
    "Mesopotamia": "MES",
    "Armenia": "ARM",
    "Mauretania": "MAU",
    "Numidia": "NUM",
    "Africa": "AFR",
    "Tripolitania": "TRI",
    "Aegyptus": "AEG",
}
"""A three-letter code for each land, used for its neighbours on the map."""


def code(i: int) -> str:
    """The three-letter code of land ``i``."""
    return CODES.get(BOARD.lands[i].name, BOARD.lands[i].name[:3].upper())


def _holder(obs: dict[str, Any], i: int) -> tuple[str, str]:
    """Who holds land ``i``, as text and colour: ``2:L3`` is three Legions of Seat 2."""
    land = obs["lands"][i]
    forces = obs["forces"]
    f = land.get("force", -1)
    if f is None or f < 0 or not land.get("armies", 0) or f >= len(forces):
        return "", ""
    force = forces[f]
    owner = force.get("owner", -1)
    kind = KIND_CODE.get(force["kind"], "?")
    if isinstance(owner, int) and 0 <= owner < 4 and force["kind"] in ("Faction", "People"):
        return f"{owner + 1}:{kind}{land['armies']}", SEAT_STYLE[owner]
    return f"{kind}{land['armies']}", "grey70"


def _marks(obs: dict[str, Any], i: int) -> tuple[str, str]:
    """A land's Fort (``F``, Fortress ``FF``, with its owner), City (``C``, ruin ``c``), site."""
    land = obs["lands"][i]
    out = []
    fort = land.get("fort", 0)
    fo = land.get("fort_owner", -1)
    style = ""
    if fort:
        who = f"{fo + 1}" if isinstance(fo, int) and 0 <= fo < 4 else ""
        out.append(("F" if fort == 1 else "FF") + who)
        style = SEAT_STYLE[fo] if who else ""
    city = land.get("city", 0)
    if city:
        out.append("C" if city == 1 else "c")
    if BOARD.lands[i].resource:
        out.append("$")
    return " ".join(out), style


def _neighbours(i: int) -> str:
    """Codes of the lands next to ``i``: by land, then across a strait (``~``)."""
    near = [code(j) for j in sorted(BOARD.neighbours[i], key=lambda j: BOARD.lands[j].name)]
    over = ["~" + code(st.b if st.a == i else st.a) for st in BOARD.straits if i in (st.a, st.b)]
    return " ".join(near + over)


def area_lands(a: int) -> list[int]:
    """The lands of Area ``a``, in board order."""
    return [i for i, key in enumerate(BOARD.area_of) if key == a]


def find_area(text: str) -> int | None:
    """The Area a player typed, or ``None``.

    It may be named by its number (1-9), its name or the start of it, a land of it (name, start
    of the name or code), or Rome or Constantinople.
    """
    t = " ".join(text.split()).lower()
    if not t:
        return None
    if t.isdigit():
        n = int(t)
        return n - 1 if 1 <= n <= len(BOARD.areas) else None
    for a, area in enumerate(BOARD.areas):
        if area.name.lower().startswith(t):
            return a
    for i, land in enumerate(BOARD.lands):
        if land.name.lower().startswith(t) or CODES.get(land.name, "").lower() == t:
            return BOARD.area_of[i]
    for city in BOARD.special_cities:
        if city.name.lower().startswith(t):
            return BOARD.area_of[city.land]
    return None


def _area_value(obs: dict[str, Any], a: int) -> str:
    period = obs.get("period", 0)
    area = BOARD.areas[a]
    if isinstance(period, int) and 1 <= period <= len(area.vp):
        return f"{area.vp[period - 1]} VP"
    return ""


def map_overview(obs: dict[str, Any], last: set[int] | None = None) -> Text:
    """Every Area on one line: its number, name and value now, then each land's holder.

    A land reads ``ITA 1:L3`` (its code, then three Legions of Seat 1), ``ITA -`` when empty;
    ``»`` marks a land the last move named.
    """
    last = last or set()
    t = Text()
    t.append("The map by Area (type map AREA for one Area's Forts, Cities, neighbours)\n", "bold")
    for a, area in enumerate(BOARD.areas):
        name = SHORT_AREA.get(area.name, area.name)
        t.append(f"{a + 1} {name:<14} {_area_value(obs, a):>4} ", style="bold")
        for i in area_lands(a):
            t.append("»" if i in last else " ", style="bold")
            t.append(f"{code(i)} ")
            holder, style = _holder(obs, i)
            t.append(f"{holder or '-':<6}", style=style)
        t.append("\n")
    return t


def area_view(obs: dict[str, Any], a: int, last: set[int] | None = None) -> Text:
    """Area ``a`` in detail: each land's code, name, holder, Fort, City and neighbours."""
    last = last or set()
    area = BOARD.areas[a]
    t = Text()
    t.append(f"{a + 1} {area.name} ({area.colour}, {_area_value(obs, a)} now)\n", "bold")
    for i in area_lands(a):
        star = "★" if i in (BOARD.rome, BOARD.constantinople) else " "
        t.append("»" if i in last else " ", style="bold")
        t.append(f"{star}{code(i)} ", style="bold")
        t.append(f"{BOARD.lands[i].name:<19} ")
        holder, style = _holder(obs, i)
        t.append(f"{holder or '-':<6}", style=style)
        marks, mstyle = _marks(obs, i)
        t.append(f"{marks:<8}", style=mstyle)
        t.append(f"{_neighbours(i)}\n", style="dim")
    return t


def legend() -> Text:
    """What the marks of the map mean."""
    return Text(
        "2:L3 = 3 Legions of Seat 2 (P People, m minor People, K Kingdom, R Rebels); "
        "F2 Fort of Seat 2, FF Fortress; C City, c ruin; $ City site; "
        f"★ Rome ({land_name(BOARD.rome)}), Constantinople ({land_name(BOARD.constantinople)}); "
        "~ across a strait; » last move",
        style="dim",
    )
