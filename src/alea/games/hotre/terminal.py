"""HOTRE in a terminal: the map as a table by Area, the score tracks and a narrated log.

Everything shown is read from ``state.observation(seat)`` and the static board, charts and
cards, so the view never sees more than the seat it is drawn for: another seat's hand appears
only as the sets of its cards, and People and Emperor counters only where they are known.
The terminal front end registers these functions for the game; the rules never import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from alea.core.boards import find_typed
from alea.core.game import Action, State
from alea.core.notes import Note
from alea.core.terminal import SEAT_STYLE
from alea.games.hotre.actions import (
    PICKS,
    SEATS,
    VERBS,
    Deal,
    Decide,
    Dice,
    Offer,
    Pick,
    PlayCard,
    Round,
)
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS
from alea.games.hotre.constants import STAGE_TEXT
from alea.games.hotre.terminal_map import (
    CODES,
    KIND_CODE,
    _holder,
    area_view,
    code,
    find_area,
    land_name,
    legend,
    map_overview,
)

__all__ = [
    "CHARTS",
    "CODES",
    "GUIDE",
    "KIND_CODE",
    "PICKS",
    "SEAT_STYLE",
    "choice_rows",
    "code",
    "command",
    "destination",
    "find_place",
    "narrate",
    "private",
    "render",
]


GUIDE: Final = """\
[bold]History of the Roman Empire[/bold]: every period each seat leads a barbarian
[bold]People[/bold] and a Roman [bold]Faction[/bold] under an [b]Emperor[/b], drawn as counters.
Play events, build Legions and Forts, then place armies one land at a time.
People and Faction points add up; the most points after the last period wins.
[bold]map[/bold], [bold]map AREA[/bold] and [bold]hand[/bold] show the map and your events.
"""
"""How to play, in a few lines (``help`` shows it above the commands)."""

COMMANDS: Final = (
    ("map", "the nine Areas, one line each: who holds each land"),
    ("map AREA", "one Area (name, number or a land in it): Forts, Cities, neighbours"),
    ("hand N", "the effect of card N of your hand"),
)
"""The game's own commands, listed by ``help``."""


def find_place(text: str) -> int | None:
    """The land a player typed: its name or the start of it (any case); shortest name first.

    ``rome`` and ``constantinople`` (or their starts) name the lands of those Cities.
    """
    lands = BOARD.lands
    return find_typed(text, [land.name for land in lands], lambda i: (len(lands[i].name), i), _city)


def _city(t: str) -> int | None:
    """The land of the first special City whose name starts with ``t``."""
    return next((c.land for c in BOARD.special_cities if c.name.lower().startswith(t)), None)


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


def _people_name(obs: dict[str, Any], number: int | None) -> str | None:
    """A People counter as the table shows it: its number and name."""
    if not number:
        return None
    rows = CHARTS.period_peoples(int(obs["period"]))
    return f"{number} {rows[number - 1].name}" if 1 <= number <= len(rows) else f"{number}"


def _emperor(obs: dict[str, Any], number: int | None) -> str | None:
    if not number:
        return None
    rows = CHARTS.period_emperors(int(obs["period"]))
    if 1 <= number <= len(rows):
        return rows[number - 1].name
    return f"Emperor {number}"


def players_table(
    obs: dict[str, Any], seat: int | None, players: Sequence[int] | None = None
) -> Table:
    """Each seat's points (People + Faction), its People and Emperor where known, its events.

    ``players``: the player deciding for each seat, named when one player holds two seats.
    """
    mine = set(obs.get("seats", []))
    rows = []
    for s in range(len(obs["hands"])):
        pvp = obs["people_points"][s]
        rvp = obs["faction_points"][s]
        number = obs["people_counters"][s]
        people = _people_name(obs, number)
        if people is None:
            people = "hidden" if obs["has_people_counter"][s] else "—"
        number = obs["emperor_counters"][s]
        emp = _emperor(obs, number)
        emp = f"{number} {emp}" if emp else ("hidden" if obs["has_emperor_counter"][s] else "—")
        who = SEATS[s]
        if players is not None and len(set(players)) < len(players):
            who += f" P{players[s] + 1}"
        if s in mine and seat is not None:
            who += " you"
        if obs.get("dead", [0] * 4)[s]:
            who += " out"
        rows.append((who, f"{pvp + rvp} ({pvp}+{rvp})", people, emp, str(len(obs["hands"][s]))))
    # Fixed widths: the seat, points and cards as wide as they are, the names share the rest
    # of 80 columns and fold inside their cells (nothing is cut).
    seat_w = max(len("Seat"), *(len(r[0]) for r in rows)) + 2
    vp_w = max(len("VP (P+F)"), *(len(r[1]) for r in rows)) + 2
    cards_w = len("Cards") + 1
    names_w = TABLE_WIDTH - seat_w - vp_w - cards_w
    table = Table(box=box.SIMPLE_HEAD, padding=0, show_edge=False, pad_edge=False)
    table.add_column("Seat", width=seat_w, no_wrap=True)
    table.add_column("VP (P+F)", width=vp_w, no_wrap=True)
    table.add_column("People", width=names_w // 2, overflow="fold")
    table.add_column("Emperor", width=names_w - names_w // 2, overflow="fold")
    table.add_column("Cards", width=cards_w, no_wrap=True, justify="right")
    for s, (who, vp, people, emp, cards) in enumerate(rows):
        table.add_row(Text(who, style=SEAT_STYLE[s]), vp, Text(people), Text(emp), cards)
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
    """The period and the stage, with whose half-turn it is."""
    period = int(obs["period"])
    label = ""
    for p in BOARD.periods:
        if p.number == period:
            label = f" ({p.label})"
    t = Text(f"Period {period} of {len(BOARD.periods)}{label}", style="bold")
    stage = str(obs["stage"])
    t.append(f" · {STAGE_TEXT.get(stage, stage)}")
    half = obs.get("half", 0)
    if stage not in ("order", "deal", "draw", "hand", "over", "endroll"):
        t.append({1: ", People's turn", 2: ", Faction's turn"}.get(half, ""))
    return t


def order_line(obs: dict[str, Any]) -> Text:
    """The drawing order of the period."""
    t = Text("Order: ")
    for k, s in enumerate(obs.get("order", [])):
        if k:
            t.append(" › ")
        t.append(SEATS[s], style=SEAT_STYLE[s])
    return t


def _last_move(obs: dict[str, Any]) -> Text | None:
    recent = obs.get("recent") or {}
    lands = [i for i in recent.get("lands", []) if isinstance(i, int) and 0 <= i < len(BOARD.lands)]
    who = recent.get("seat", -1)
    if not lands or not isinstance(who, int) or not 0 <= who < len(SEATS):
        return None
    areas = {BOARD.area_of[i] for i in lands}
    if len(lands) > 3 and len(areas) == 1:
        names = f"the Area {BOARD.areas[areas.pop()].name}"
    else:
        names = ", ".join(land_name(i) for i in lands[:3])
        names += f" and {len(lands) - 3} more" if len(lands) > 3 else ""
    return Text(f"Last move: {SEATS[who]} in {names} (» on the map)")


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
    return Text.from_markup(
        f"Last event: [bold]{escape(c.title)}[/bold] ({escape(c.kind.replace('_', ' '))})"
    )


def render(state: State, console: Console, seat: int | None = None) -> None:
    """Draw the position as ``seat`` sees it (``None``: a spectator), in 13 lines or fewer.

    The map and the hand have screens of their own (``map``, ``map AREA``, ``hand``), so the
    position, the choices and the prompt fit an 80x24 terminal together.
    """
    obs = state.observation(seat)
    console.print(header(obs))
    console.print(order_line(obs))
    n = len(obs["hands"])
    players = [p for s in range(n) for p in range(n) if s in _player_seats(state, p, n)]
    console.print(players_table(obs, seat, players if len(players) == n else None))
    for line in (_last_move(obs), _last_event(obs)):
        if line is not None:
            console.print(line)
    drawn = drawn_counter(obs) if seat is not None else None
    if drawn:
        console.print(Text(f"You drew {drawn}.", style="bold"))
    console.print(_now_line(state, obs))
    console.print(Text("map · map AREA · hand · log · help", style="dim"))


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
    """What only ``seat`` may read: its events, one line each (``hand N`` reads card N)."""
    obs = state.observation(seat)
    shown = False
    first = 1
    for s in obs.get("seats", []):
        hand = obs["hands"][s]
        if hand and not obs["hand_is_sets"][s]:
            shown = True
            played = obs.get("played_this_period", [0] * 4)[s]
            console.print(
                Text(
                    f"Your events ({SEATS[s]}), {played} of 2 played this period "
                    "(hand N reads card N):",
                    style="bold",
                )
            )
            for k, c in enumerate(hand, first):
                card = DECK[c - 1]
                when = "before turn" if card.timing.value == "before" else "during turn"
                kind = card.kind.replace("_", " ")
                console.print(Text(f"{k:>2}. {card.title} ({kind}, {when}, set {card.set})"))
            first += len(hand)
    drawn = drawn_counter(obs)
    if drawn:
        shown = True
        console.print(Text(f"You drew {drawn}.", style="bold"))
    if not shown:
        console.print(Text("You hold no events now."))
        return
    others = [s for s in range(len(obs["hands"])) if obs["hand_is_sets"][s] and obs["hands"][s]]
    held = [f"{SEATS[s]}: {','.join(str(x) for x in obs['hands'][s])}" for s in others]
    if held:
        console.print(Text("Others' cards by set: " + "; ".join(held), style="dim"))


def _own_cards(obs: dict[str, Any]) -> list[int]:
    return [c for s in obs.get("seats", []) if not obs["hand_is_sets"][s] for c in obs["hands"][s]]


def command(state: State, console: Console, seat: int, text: str) -> bool:
    """Show the page a game command asks for (``map``, ``map AREA``, ``hand N``).

    Returns ``False`` if ``text`` is none of them, so the front end tries it as a place.
    """
    word, _, rest = " ".join(text.split()).partition(" ")
    word = word.lower()
    obs = state.observation(seat)
    last = set((obs.get("recent") or {}).get("lands", []))
    if word == "map" and not rest:
        console.print(map_overview(obs, last), end="")
        console.print(legend())
        return True
    if word == "map":
        area = find_area(rest)
        if area is None:
            names = ", ".join(f"{k + 1} {a.name}" for k, a in enumerate(BOARD.areas))
            console.print(Text(f"No Area {rest!r}: the Areas are {names}.", style="yellow"))
        else:
            console.print(area_view(obs, area, last), end="")
            console.print(legend())
        return True
    if word == "hand" and rest:
        cards = _own_cards(obs)
        k = int(rest) if rest.isdigit() else 0
        if not 1 <= k <= len(cards):
            console.print(Text(f"Type hand and a number from 1 to {len(cards)}.", style="yellow"))
            return True
        card = DECK[cards[k - 1] - 1]
        console.print(Text(f"{k}. {card.title} (set {card.set})", style="bold"))
        console.print(Text(card.effect))
        return True
    return False


TABLE_WIDTH: Final = 80
"""Columns the seats' table fills: a standard terminal."""
GROUP_LIMIT: Final = 8
"""An event with more targets than this is offered as one line: type the target's name."""
PICK_LIMIT: Final = 12
"""Land picks of one kind past this many are offered as one line: type the land's name."""


def choice_rows(
    state: State, actions: Sequence[Action], indices: Sequence[int]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The numbered choices grouped for reading: land picks by verb, events, then the rest.

    An event aimed at a land, an Area or a People is one row per card; when it has many
    targets (Wrath of the gods may strike any of 45 lands) the row holds a single entry, the
    first number and the count, and typing a land's name lists the choices there. Land picks
    of one kind past ``PICK_LIMIT`` (Legions may land on any coast) are one entry the same way,
    and a bribe's many amounts one entry that says how the numbers run, so the position and
    its choices fit an 80x24 terminal.

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
        elif isinstance(a, Offer):
            key, item = "offer a bribe of", f"{a.amount} RVP" if a.amount else "nothing"
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
                    f"one of {len(entries)} targets ({first}–{last}): type a land's name",
                )
            ]
        elif key in PICKS.values() and len(entries) > PICK_LIMIT:
            first, last = entries[0][0] + 1, entries[-1][0] + 1
            entries = [
                (
                    entries[0][0],
                    f"one of {len(entries)} lands ({first}–{last}): type a land's name",
                )
            ]
        elif key == "offer a bribe of" and len(entries) > PICK_LIMIT:
            first, last = entries[0][0] + 1, entries[-1][0] + 1
            entries = [
                (
                    entries[0][0],
                    f"nothing ({first}), or type {first} + the RVP offered, up to {last}",
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
