"""HOTRE in a terminal: the map as a table by Area, the score tracks and a narrated log.

Everything shown is read from ``state.observation(seat)`` and the static board, charts and
cards, so the view never sees more than the seat it is drawn for: another seat's hand appears
only as the sets of its cards, and People and Emperor counters only where they are known.
The terminal front end registers these functions for the game; the rules never import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from alea.core.game import Action, State
from alea.games.hotre.actions import (
    PICKS,
    SEATS,
    VERBS,
    Deal,
    Decide,
    Dice,
    Pick,
    PlayCard,
    Round,
)
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS

SEAT_STYLE: Final = ("red1", "dodger_blue1", "green3", "yellow1")
"""Each seat's colour, in seat order."""

KIND_CODE: Final = {
    "Faction": "L",
    "People": "P",
    "Minor People": "m",
    "Kingdom": "K",
    "Rebels": "R",
}
"""The letter of each kind of force on the map."""

STAGE_TEXT: Final = {
    "order": "drawing order",
    "deal": "dealing the events",
    "draw": "drawing counters",
    "hand": "keeping or handing a counter",
    "declare": "event declaration",
    "build": "building",
    "takeup": "taking armies up",
    "expand": "expansion",
    "round": "battle",
    "retreat": "retreat",
    "displace": "displacement",
    "fortchoice": "a conquered Fort",
    "lootchoice": "loot or spare",
    "lootroll": "loot roll",
    "found": "founding Cities",
    "endroll": "end-of-period rolls",
    "epidemy": "epidemic",
    "over": "game over",
    "rebelround": "battle with Rebels",
    "offer": "bribe offer",
    "answer": "answering a bribe",
    "rebelretreat": "retreat from Rebels",
}
"""A phrase for each stage of play."""

GUIDE: Final = """\
[bold]History of the Roman Empire[/bold] — each period, every seat runs a [bold]People[/bold]
(drawn counter) and its Roman [bold]Faction[/bold] under an [bold]Emperor[/bold].
• The table lists the nine Areas and their five lands: the occupying force
  ([bold]L[/bold] Legions, [bold]P[/bold] People, [bold]m[/bold] minor People,
  [bold]K[/bold] Kingdom, [bold]R[/bold] Rebels) with its armies,
  [bold]F[/bold] Fort, [bold]FF[/bold] Fortress, [bold]C[/bold] City ([bold]c[/bold] looted),
  [bold]$[/bold] resource site, ★ Rome and Constantinople.
• Play events from your hand, build with RVP, then expand: pick lands to place armies,
  fight battles, loot or spare Cities.
• Choose a numbered action; type the start of a land's name to pick it.
• Victory points: PVP from Peoples, RVP from Factions; most VP at the end wins.
"""


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


def land_name(i: int) -> str:
    """A land's name."""
    return BOARD.lands[i].name


def find_place(text: str) -> int | None:
    """The land a player typed: its name or the start of it (any case); shortest name first.

    ``rome`` and ``constantinople`` (or their starts) name the lands of those Cities.
    """
    t = " ".join(text.split()).lower()
    if not t:
        return None
    for i, land in enumerate(BOARD.lands):
        if land.name.lower() == t:
            return i
    for city in BOARD.special_cities:
        if city.name.lower().startswith(t):
            return city.land
    hits = [i for i, land in enumerate(BOARD.lands) if land.name.lower().startswith(t)]
    if not hits:
        return None
    return min(hits, key=lambda i: (len(BOARD.lands[i].name), i))


def destination(action: Action) -> int | None:
    """The land an action takes place in (a pick, or an event played on a land); else ``None``."""
    if isinstance(action, Pick):
        return action.land
    if isinstance(action, PlayCard) and action.target >= 0:
        kind = DECK[action.card - 1].kind
        if kind not in ("people_revive", "pestilence") and action.target < len(BOARD.lands):
            return action.target
    return None


def _seat(s: int) -> str:
    if 0 <= s < len(SEATS):
        return f"[{SEAT_STYLE[s]}]{SEATS[s]}[/{SEAT_STYLE[s]}]"
    return "nobody"


def _winner_name(obs: dict[str, Any], player: int) -> str:
    """A winning player by its seats' names: both of them with two players (HRE-15.1)."""
    if obs.get("players") == 2:
        return f"{_seat(player)} + {_seat(player + 2)}"
    return _seat(player)


def _people(obs: dict[str, Any], number: int | None) -> str | None:
    if not number:
        return None
    rows = CHARTS.period_peoples(int(obs["period"]))
    if 1 <= number <= len(rows):
        p = rows[number - 1]
        return f"{p.name} ({p.strength})"
    return f"People {number}"


def _emperor(obs: dict[str, Any], number: int | None) -> str | None:
    if not number:
        return None
    rows = CHARTS.period_emperors(int(obs["period"]))
    if 1 <= number <= len(rows):
        return rows[number - 1].name
    return f"Emperor {number}"


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


def map_view(obs: dict[str, Any], last: set[int] | None = None) -> Text:
    """The map by Area: each land with its code, holder, Fort and City, and its neighbours.

    Owners are written by seat number (``2:L3``) as well as coloured, so the map reads the
    same without colour; the lands the last move named are marked ``»``.
    """
    last = last or set()
    t = Text()
    for a, area in enumerate(BOARD.areas):
        t.append(f"{area.name} ({area.colour})\n", style="bold underline")
        for i in (i for i, key in enumerate(BOARD.area_of) if key == a):
            star = "★" if i in (BOARD.rome, BOARD.constantinople) else " "
            t.append("»" if i in last else " ", style="bold yellow")
            t.append(f"{star}{code(i)} ", style="bold")
            t.append(f"{BOARD.lands[i].name[:17]:<17} ")
            holder, style = _holder(obs, i)
            t.append(f"{holder:<6}", style=style)
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


def players_table(
    obs: dict[str, Any], seat: int | None, players: Sequence[int] | None = None
) -> Table:
    """Each seat's VP, its People and Emperor where known, and its hand.

    ``players``: the player deciding for each seat, named when one player holds two seats.
    """
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for head in ("Seat", "PVP", "RVP", "VP", "People", "Emperor", "Hand"):
        table.add_column(head, overflow="fold")
    mine = set(obs.get("seats", []))
    for s in range(len(obs["hands"])):
        pvp = obs["people_points"][s]
        rvp = obs["faction_points"][s]
        people = _people(obs, obs["people_counters"][s])
        if people is None:
            people = "hidden" if obs["has_people_counter"][s] else "—"
        emp = _emperor(obs, obs["emperor_counters"][s])
        if emp is None:
            emp = "hidden" if obs["has_emperor_counter"][s] else "—"
        hand = obs["hands"][s]
        if obs["hand_is_sets"][s] or s not in mine:
            cards = f"{len(hand)} card(s), sets {', '.join(str(x) for x in hand) or '—'}"
        else:
            cards = f"{len(hand)} event(s), listed below" if hand else "—"
        who = SEATS[s]
        if players is not None and len(set(players)) < len(players):
            who += f" (P{players[s] + 1})"
        if s in mine and seat is not None:
            who += " (you)"
        table.add_row(
            Text(who, style=SEAT_STYLE[s]),
            str(pvp),
            str(rvp),
            str(pvp + rvp),
            Text(people),
            Text(emp),
            Text(cards),
        )
    return table


def _player_seats(state: State, player: int, seats: int) -> list[int]:
    """The seats ``player`` decides for (two seats each with two players, HRE-15.1)."""
    seat_player = getattr(state, "seat_player", None)
    if seat_player is None:
        return [player]
    return [s for s in range(seats) if seat_player(s) == player]


def _who(state: State, obs: dict[str, Any], player: int) -> str:
    """The seat acting for ``player``: its only seat, or the active one of its two."""
    seats = _player_seats(state, player, len(obs["hands"]))
    if len(seats) == 1:
        return _seat(seats[0])
    active = obs.get("active", -1)
    if active in seats:
        return _seat(active)
    return " + ".join(_seat(s) for s in seats)


def header(obs: dict[str, Any]) -> Text:
    """The period, the turn order, the stage and whose turn it is."""
    period = int(obs["period"])
    label = ""
    for p in BOARD.periods:
        if p.number == period:
            label = f" ({p.label})"
    t = Text(f"Period {period}{label}", style="bold")
    order = obs.get("order", [])
    if order:
        t.append("  order: ")
        for k, s in enumerate(order):
            if k:
                t.append(" › ")
            t.append(SEATS[s], style=SEAT_STYLE[s])
    stage = str(obs["stage"])
    t.append(f"  {STAGE_TEXT.get(stage, stage)}")
    half = obs.get("half", 0)
    if stage not in ("order", "deal", "draw", "hand", "over", "endroll"):
        t.append({1: " — People's turn", 2: " — Faction's turn"}.get(half, ""))
    return t


def _now_line(state: State, obs: dict[str, Any]) -> Text:
    stage = str(obs["stage"])
    if stage == "over" or state.is_terminal():
        winners = obs.get("winners", [])
        return Text.from_markup(
            "[bold]Game over.[/bold] Winner: " + ", ".join(_who(state, obs, p) for p in winners)
        )
    if state.is_chance_node():
        return Text(f"Waiting on chance: {STAGE_TEXT.get(stage, stage)}.", style="dim")
    who = _who(state, obs, state.current_player())
    t = Text.from_markup(f"{who} to act: {STAGE_TEXT.get(stage, stage)}.")
    bl = obs.get("battle_land", -1)
    if isinstance(bl, int) and 0 <= bl < len(BOARD.lands):
        t.append(f" Battle in {land_name(bl)}.")
    tp = obs.get("to_place", 0)
    if stage == "expand" and tp:
        t.append(f" Armies to place: {tp}.")
    return t


def _last_event(obs: dict[str, Any]) -> Text | None:
    used = obs.get("used_cards", [])
    if not used:
        return None
    c = DECK[used[-1] - 1]
    return Text.from_markup(f"Last event: [bold]{escape(c.title)}[/bold] — {escape(c.effect)}")


def render(state: State, console: Console, seat: int | None = None) -> None:
    """Draw the position as ``seat`` sees it (``None``: a spectator)."""
    obs = state.observation(seat)
    recent = obs.get("recent") or {}
    console.print(map_view(obs, set(recent.get("lands", []))), end="")
    console.print(legend())
    console.print(header(obs), crop=True)
    n = len(obs["hands"])
    players = [p for s in range(n) for p in range(n) if s in _player_seats(state, p, n)]
    console.print(players_table(obs, seat, players if len(players) == n else None))
    mine = [s for s in obs.get("seats", []) if seat is not None]
    for s in mine:
        hand = obs["hands"][s]
        if hand and not obs["hand_is_sets"][s]:
            console.print(
                Text.assemble(
                    (f"Your events ({SEATS[s]}): ", "bold"),
                    f"{len(hand)} in hand: " + ", ".join(DECK[c - 1].title for c in hand),
                    (" (type hand to read them)", "dim"),
                )
            )
    drawn = drawn_counter(obs) if seat is not None else None
    if drawn:
        console.print(Text(f"You drew {drawn}.", style="bold"))
    last = _last_event(obs)
    if last is not None:
        console.print(last)
    console.print(_now_line(state, obs))


def drawn_counter(obs: dict[str, Any]) -> str | None:
    """The counter the viewer has just drawn, named: ``People 4: the Goths (6)``.

    The Emperors are handed out after the Peoples (HRE-3), so once every seat holds a People
    counter, the counter in hand is an Emperor.
    """
    number = obs.get("drawn")
    if not isinstance(number, int) or number <= 0:
        return None
    if all(obs.get("has_people_counter", [])):
        return f"Emperor {number}: {_emperor(obs, number)}"
    return f"People {number}: the {_people(obs, number)}"


def private(state: State, console: Console, seat: int) -> None:
    """What only ``seat`` may read: the events in its hand, each with its effect."""
    obs = state.observation(seat)
    shown = False
    for s in obs.get("seats", []):
        hand = obs["hands"][s]
        if hand and not obs["hand_is_sets"][s]:
            shown = True
            console.print(Text(f"Your events ({SEATS[s]}):", style="bold"))
            for c in hand:
                card = DECK[c - 1]
                console.print(Text(f"  • {card.title} [set {card.set}]: {card.effect}"))
    drawn = drawn_counter(obs)
    if drawn:
        shown = True
        console.print(Text(f"You drew {drawn}.", style="bold"))
    if not shown:
        console.print(Text("You hold no events now."))


GROUP_LIMIT: Final = 8
"""An event with more targets than this is offered as one line: type the target's name."""


def choice_rows(
    state: State, actions: Sequence[Action], indices: Sequence[int]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The numbered choices grouped for reading: land picks by verb, events, then the rest.

    An event aimed at a land, an Area or a People is one row per card; when it has many
    targets (Wrath of the gods may strike any of 45 lands) the row holds a single entry, the
    first number and the count, and typing a land's name lists the choices there.

    Returns rows of (label, [(index, markup text)]).
    """
    rows: dict[str, list[tuple[int, str]]] = {}
    for i in indices:
        a = actions[i]
        if isinstance(a, Pick):
            key = PICKS.get(a.verb, a.verb)
            item = escape(land_name(a.land))
        elif isinstance(a, PlayCard):
            c = DECK[a.card - 1]
            text = str(a)
            if a.target >= 0:
                key = f"{c.title} on"
                item = escape(text.rsplit(" on ", 1)[-1])
            else:
                key = "play an event"
                item = escape(text.split(" plays ", 1)[-1])
        elif isinstance(a, Decide):
            key, item = "", escape(VERBS.get(a.verb, a.verb))
        else:
            key, item = "", escape(state.action_to_string(a))
        rows.setdefault(key, []).append((i, item))
    out = []
    for key, entries in rows.items():
        if key.endswith(" on") and len(entries) > GROUP_LIMIT:
            first, last = entries[0][0] + 1, entries[-1][0] + 1
            entries = [
                (
                    entries[0][0],
                    f"one of {len(entries)} targets ({first}–{last}): "
                    "type a land's name to see its choices",
                )
            ]
        out.append((key, entries))
    return out


def _army_text(obs: dict[str, Any], i: int) -> str:
    holder, _ = _holder(obs, i)
    return holder or "empty"


def _losses(before: dict[str, Any], action: Action, after: dict[str, Any]) -> list[Note]:
    """The battle dice (who won the round) and the armies each land lost or changed hands."""
    notes = []
    if isinstance(action, Round):
        side = "attacker" if action.attacker_wins else "defender"
        bl = before.get("battle_land", -1)
        where = f" in {escape(land_name(bl))}" if isinstance(bl, int) and bl >= 0 else ""
        died = "; triples: the general falls" if action.died else ""
        notes.append(Note(f"Battle dice{where}: the {side} wins the round{died}."))
    elif isinstance(action, Dice):
        notes.append(Note(f"Dice roll: {action.value}."))
    if isinstance(action, Pick):
        # Placing, taking up and retreating move armies; they lose none.
        return notes
    b_lands, a_lands = before.get("lands", []), after.get("lands", [])
    for i, (x, y) in enumerate(zip(b_lands, a_lands, strict=False)):
        lost = x.get("armies", 0) - y.get("armies", 0)
        if lost > 0 and x.get("force") == y.get("force"):
            notes.append(
                Note(
                    f"{escape(land_name(i))} loses {lost} "
                    f"{'army' if lost == 1 else 'armies'} ({_army_text(after, i)} left)."
                )
            )
        elif x.get("armies", 0) and x.get("force") != y.get("force"):
            notes.append(
                Note(
                    f"{escape(land_name(i))}: {_army_text(before, i)} gone, "
                    f"now {_army_text(after, i)}."
                )
            )
    return notes


def narrate(before: dict[str, Any], action: Action, text: str, after: dict[str, Any]) -> list[Note]:
    """Log lines for ``action``: the action itself, battles, VP that moved, and new stages."""
    notes: list[Note] = []
    if isinstance(action, Pick):
        notes.append(
            Note(
                escape(text),
                group=f"{action.seat}:{action.verb}",
                header=f"{SEATS[action.seat]}: {PICKS.get(action.verb, action.verb)}",
                item=escape(land_name(action.land)),
            )
        )
    elif isinstance(action, Deal):
        # A period's deal is 9 cards a seat; merged into one line when nobody acts between.
        notes.append(
            Note(
                escape(text),
                group="deal",
                header="Event cards dealt, face down",
                item=f"set {DECK[action.card - 1].set}",
            )
        )
    else:
        notes.append(Note(escape(text)))
    if after.get("period") != before.get("period"):
        notes.append(Note(f"[bold]Period {after.get('period')} begins.[/bold]"))
    bl = after.get("battle_land", -1)
    if isinstance(bl, int) and bl >= 0 and bl != before.get("battle_land", -1):
        notes.append(Note(f"Battle in {escape(land_name(bl))}."))
    notes.extend(_losses(before, action, after))
    for key, label in (("people_points", "PVP"), ("faction_points", "RVP")):
        b, a = before.get(key, []), after.get(key, [])
        for s, (x, y) in enumerate(zip(b, a, strict=False)):
            if x != y:
                notes.append(Note(f"{_seat(s)} {y - x:+d} {label} (now {y})"))
    if after.get("stage") == "over" and before.get("stage") != "over":
        notes.append(
            Note(
                "[bold]Game over.[/bold] Winner: "
                + ", ".join(_winner_name(after, p) for p in after.get("winners", []))
            )
        )
    return notes
