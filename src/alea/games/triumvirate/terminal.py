"""The Triumvirate in a terminal: a coloured hex map, a status panel and a narrated log.

Everything shown is read from ``state.observation(seat)`` and the static board, so the view
never sees more than the seat it is drawn for. The terminal front end registers these
functions for the game; the rules never import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich import box
from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from alea.core.game import Action, State
from alea.core.notes import Note
from alea.games.triumvirate.actions import Clash, Decide, FirstPlayer, March, Move, Roll
from alea.games.triumvirate.board import BOARD, FORCES, LEADER_LETTER
from alea.games.triumvirate.state import STAGE_TEXT

_FORCE_LOOK: Final = (
    ("Crassus", "red1", "x"),
    ("Caesar", "dark_orange", "c"),
    ("Pompey", "dodger_blue1", "p"),
    ("Rome", "grey82", "r"),
)
"""Each force with its text colour and the letter before a count of its leaderless troops."""
FORCE_STYLE: Final = {force: style for force, style, _ in _FORCE_LOOK}
"""Text colour of each force's troops and leader."""
TROOP_LETTER: Final = {force: letter for force, _, letter in _FORCE_LOOK}
"""The letter before a count of troops without their leader: whose they are, without colour."""

WATER: Final = "blue"
LAND: Final = "grey42"
ITALY_BG: Final = "on #3b2147"
ROME_BG: Final = "on #7b3f94"
ZONE_BG: Final = ("on #2a1010", "on #2b1b08", "on #0c1a2c")
"""Faint tints of Crassus's, Caesar's and Pompey's military zones."""


def _abbreviations() -> dict[int, str]:
    """Two letters for every named land hex, unique: its initial and a later letter of it."""
    out: dict[int, str] = {}
    used = {" R"}
    for h, name in enumerate(BOARD.names):
        if not name or not BOARD.land[h] or h == BOARD.rome:
            continue
        letters = [ch.lower() for ch in name[1:] if ch.isalpha()]
        first = name[0].upper()
        code = next(
            (
                first + ch
                for ch in [*letters, *"abcdefghijklmnopqrstuvwxyz"]
                if first + ch not in used
            ),
            first + "?",
        )
        used.add(code)
        out[h] = code
    return out


ABBREVIATION: Final = _abbreviations()
"""The map's two-letter code of each named land hex (Rome is R)."""
PLACE_STYLE: Final = "italic grey70"

CELL: Final = 2
"""Character cells per hex; odd rows are shifted right by one cell (the map is 65 wide)."""


GUIDE: Final = """\
[bold]How a turn goes[/bold]
1. [bold]Your leader[/bold]: choose one. Roll the die and walk him up to that many hexes;
   or keep him where he is; or, while he stands in his own military zone, [italic]collect
   conquest[/italic] (Crassus takes two tokens, the others one; four at most); or, in Rome,
   [italic]hold a triumph[/italic] that turns all his conquest tokens into popularity.
2. [bold]Your troops[/bold]: each may step one hex, one decision at a time. A hex holds at
   most four troops of one force (the leader does not count). Only Pompey's troops cross
   water. Stepping into a hex held by another force is an attack. Choose [italic]ends his
   movement[/italic] when you are done.
3. [bold]Battles[/bold] are fought when movement ends. Each round both sides roll a d6 per
   troop, plus a d8 if their leader is there; the side with the lower top die loses a troop
   (ties go to the defender). Rounds go on until one side is wiped out. A leader on the
   losing side dies and his player is out: his troops turn Roman. Troops never attack a
   leader walking alone, but a lone leader left in a hex with enemy troops dies.
4. [bold]Winning over Roman troops[/bold]: end your turn with your leader on grey troops
   and, if you have popularity, roll a d20: at or under your popularity, they join you.
5. [bold]Civil war[/bold] begins the moment any player's troops enter Italy (purple hexes),
   or Roman troops in Italy are won over. From then on there are no conquests and no
   triumphs, and leftover conquest tokens are worth nothing.
[bold]Winning[/bold]: during the civil war, end four of your turns in a row with your leader
in Rome; or be the last leader alive. If the round cap comes first, nobody wins.
[bold]The map[/bold]: a digit counts the troops in a hex, after a small letter for their force
(x Crassus, c Caesar, p Pompey, r Rome) and in its colour; X, C and P are the leaders of
Crassus, Caesar and Pompey (C3: Caesar with 3 troops); R is Rome; ! marks a hex under
attack. Two letters in italics are a named place (Lu Lutetia); the line under the legend names
the places where the leaders stand or your choices lead, and every code is listed below. Type a hex
name (Lugdunum) or col,row (12,7) to list only the moves that end there.
[bold]Place codes[/bold]: """ + " · ".join(
    f"{code} {BOARD.label(h)}" for h, code in sorted(ABBREVIATION.items(), key=lambda kv: kv[1])
)


def _paint(name: str) -> str:
    style = FORCE_STYLE.get(name)
    return f"[bold {style}]{name}[/]" if style else escape(name)


def _hex_of(pair: Any) -> int | None:
    if isinstance(pair, list) and len(pair) == 2:
        return BOARD.index(int(pair[0]), int(pair[1]))
    return None


def place(h: int) -> str:
    """The hex's name (every hex has one, TRI-1.1)."""
    return BOARD.label(h)


def find_place(text: str) -> int | None:
    """The hex a player typed, by place name or ``col,row``."""
    return BOARD.find(text)


def destination(action: Action) -> int | None:
    """The hex a leader's march or a troop's move ends in; ``None`` for other actions."""
    if isinstance(action, March | Move):
        return action.to
    return None


def choice_rows(
    state: State, actions: Sequence[Action], indices: Sequence[int]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The numbered choices grouped for reading: the leader's steps, then each troop's moves.

    Returns rows of (label, [(index, markup text)]); an attack is flagged where it happens.
    """
    player = state.current_player()
    obs = state.observation(player if player >= 0 else None)
    holder = {BOARD.index(c, r): str(force) for c, r, force, *_ in obs.get("stacks", [])}
    me = FORCES[player] if 0 <= player < len(FORCES) else ""
    rows: dict[str, list[tuple[int, str]]] = {}
    for i in indices:
        a = actions[i]
        if isinstance(a, March):
            key, item = "leader to", escape(place(a.to))
        elif isinstance(a, Move):
            key, item = f"troop {place(a.src)} to", escape(place(a.to))
            if holder.get(a.to, me) != me:
                item += " [yellow](attack)[/yellow]"
        else:
            text = state.action_to_string(a)
            key, item = "", escape(text[len(me) + 1 :] if me and text.startswith(me) else text)
        rows.setdefault(key, []).append((i, item))
    return list(rows.items())


# -- the map --------------------------------------------------------------------------------


def _zones(state: State) -> tuple[frozenset[int], ...]:
    zones = getattr(state.game, "zones", None)
    if isinstance(zones, tuple) and len(zones) == len(FORCES):
        return zones
    return BOARD.zones


def _background(h: int, zones: tuple[frozenset[int], ...]) -> str:
    if h == BOARD.rome:
        return ROME_BG
    if h in BOARD.italy:
        return ITALY_BG
    for seat, zone in enumerate(zones):
        if h in zone:
            return ZONE_BG[seat]
    return ""


def _ruler(indent: int, tens: bool) -> Text:
    """Column numbers in two lines (tens, then units), one digit over each hex."""
    text = Text(" " * indent, style="dim")
    for c in range(BOARD.cols):
        digit = str(c // 10) if c >= 10 else " "
        text.append(f"{digit if tens else c % 10:>{CELL}}", style="dim")
    return text


def map_text(state: State, obs: dict[str, Any]) -> Text:
    """The hex map as coloured text, one line per row, with rulers for ``col,row``."""
    zones = _zones(state)
    stacks: dict[int, tuple[str, int]] = {}
    for c, r, force, n, *_ in obs.get("stacks", []):
        stacks[BOARD.index(c, r)] = (str(force), int(n))
    leaders: dict[int, str] = {}
    for p in obs.get("players", []):
        h = _hex_of(p.get("leader"))
        if h is not None and p.get("alive", True):
            leaders.setdefault(h, str(p["name"]))
    attacked = {BOARD.index(c, r) for c, r, *_ in obs.get("attacks", [])}
    battle = obs.get("battle")
    battle_hex = _hex_of(battle.get("hex")) if isinstance(battle, dict) else None

    margin = 3
    lines = Text(no_wrap=True, overflow="crop")
    lines.append_text(_ruler(margin, tens=True))
    lines.append("\n")
    lines.append_text(_ruler(margin, tens=False))
    lines.append("\n")
    for r in range(BOARD.rows):
        lines.append(f"{r:>2} ", style="dim")
        if r & 1:
            lines.append(" ")
        for c in range(BOARD.cols):
            h = BOARD.index(c, r)
            _cell(lines, h, zones, stacks.get(h), leaders.get(h), h in attacked, h == battle_hex)
        if not r & 1:
            lines.append(" ")
        lines.append(f" {r}", style="dim")
        lines.append("\n")
    lines.append_text(_ruler(margin, tens=False))
    return lines


def _cell(
    out: Text,
    h: int,
    zones: tuple[frozenset[int], ...],
    stack: tuple[str, int] | None,
    leader: str | None,
    attacked: bool,
    battle: bool,
) -> None:
    bg = _background(h, zones)
    if not BOARD.land[h]:
        # Only Pompey's troops (and leader) are ever found at sea.
        if stack or leader:
            _pieces(out, stack, leader, "", attacked, battle)
        else:
            out.append(" ~", style=WATER)
        return
    if stack or leader:
        _pieces(out, stack, leader, bg, attacked, battle)
    elif h == BOARD.rome:
        out.append(" R", style=f"bold white {bg}")
    elif h in ABBREVIATION:
        out.append(ABBREVIATION[h], style=f"{PLACE_STYLE} {bg}".strip())
    else:
        out.append(" ·", style=f"{LAND} {bg}".strip())


def _pieces(
    out: Text,
    stack: tuple[str, int] | None,
    leader: str | None,
    bg: str,
    attacked: bool,
    battle: bool,
) -> None:
    if battle:
        bg = "on red3"
    if leader and stack:
        out.append(LEADER_LETTER[leader], style=f"bold underline {FORCE_STYLE[leader]} {bg}")
        out.append(str(stack[1]), style=f"bold {FORCE_STYLE[stack[0]]} {bg}")
    elif leader:
        out.append("!" if attacked else " ", style=f"bold yellow {bg}".strip())
        out.append(LEADER_LETTER[leader], style=f"bold underline {FORCE_STYLE[leader]} {bg}")
    elif stack:
        if attacked:
            out.append("!", style=f"bold yellow {bg}".strip())
        else:
            out.append(TROOP_LETTER[stack[0]], style=f"{FORCE_STYLE[stack[0]]} {bg}".strip())
        out.append(str(stack[1]), style=f"bold {FORCE_STYLE[stack[0]]} {bg}")


def legend() -> Text:
    """Three lines explaining the map's symbols and colours."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(" ~", style=WATER)
    t.append(" sea  ")
    t.append(" ·", style=LAND)
    t.append(" land  ")
    t.append(" ·", style=f"{LAND} {ITALY_BG}")
    t.append(" Italy  ")
    t.append(" R", style=f"bold white {ROME_BG}")
    t.append(" Rome   zones:")
    for seat, name in enumerate(FORCES):
        t.append(" ")
        t.append(f"{name}", style=f"{FORCE_STYLE[name]} {ZONE_BG[seat]}")
    t.append("\n leaders ")
    for name in FORCES:
        t.append(LEADER_LETTER[name], style=f"bold underline {FORCE_STYLE[name]}")
        t.append(f" {name} ")
    t.append(" (C3: Caesar with 3 troops)\n troops ")
    for name in (*FORCES, "Rome"):
        t.append(f"{TROOP_LETTER[name]}2", style=f"bold {FORCE_STYLE[name]}")
        t.append(f" {name} ")
    t.append(" !2", style="bold yellow")
    t.append(" attacked ")
    t.append("c2", style="bold on red3")
    t.append(" battle")
    return t


# -- the status panel -----------------------------------------------------------------------


def status(state: State, obs: dict[str, Any], seat: int | None) -> Group:
    """The players' table and a few lines on the round, the turn and any fighting."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    for title, justify in (
        ("", "left"),
        ("player", "left"),
        ("leader at", "left"),
        ("troops", "right"),
        ("reserve", "right"),
        ("conq.", "right"),
        ("pop.", "right"),
        ("in Rome", "right"),
    ):
        table.add_column(title, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    turn = obs.get("turn", -1)
    over = obs.get("stage") == "over"
    for i, p in enumerate(obs.get("players", [])):
        name = str(p["name"])
        style = FORCE_STYLE.get(name, "")
        marker = "▶" if i == turn and not over else ""
        who = f"{name} (you)" if i == seat else name
        h = _hex_of(p.get("leader"))
        if not p.get("alive", True):
            table.add_row(marker, Text(who, style=f"{style} strike"), "fallen", "", "", "", "", "")
            continue
        table.add_row(
            marker,
            Text(who, style=f"bold {style}"),
            place(h) if h is not None else "-",
            str(p.get("troops", "")),
            str(p.get("supply", "")),
            str(p.get("conquests", "")),
            str(p.get("popularity", "")),
            str(p.get("rome_turns", "")),
        )
    table.add_row("", Text("Rome", style=FORCE_STYLE["Rome"]), "", str(obs.get("roman_troops", "")))
    return Group(table, *_status_lines(state, obs))


def _status_lines(state: State, obs: dict[str, Any]) -> list[Text]:
    players = obs.get("players", [])
    names = [str(p["name"]) for p in players]
    cap = state.game.options.get("max_rounds")
    need = state.game.options.get("rome_turns_to_win")
    phase = (
        Text(f"Civil war: hold Rome for {need} turns in a row to win", style="bold magenta")
        if obs.get("civil_war")
        else Text("Conquest phase: no troops have entered Italy yet", style="green")
    )
    shown = obs.get("round", 0)
    if isinstance(cap, int) and isinstance(shown, int):
        shown = min(shown, cap)  # a game stopped by the cap has counted one round past it
    lines = [Text.assemble(f"Round {shown} of {cap} · ", phase)]
    stage = str(obs.get("stage", ""))
    turn = obs.get("turn", -1)
    if stage == "over":
        winner = obs.get("winner")
        lines.append(Text(f"Game over: {state.outcome_text() or winner}", style="bold"))
        return lines
    if 0 <= turn < len(names):
        line = Text.assemble(
            (names[turn], f"bold {FORCE_STYLE.get(names[turn], '')}"),
            f"'s turn: {STAGE_TEXT.get(stage, stage)}",
        )
        if stage == "move":
            line.append(f" · leader movement left: {obs.get('movement_left', 0)}")
        lines.append(line)
    stacks = {(c, r): (str(f), int(n)) for c, r, f, n, *_ in obs.get("stacks", [])}
    attacks = obs.get("attacks", [])
    if attacks and 0 <= turn < len(names):
        parts = []
        for c, r, n in attacks:
            held = stacks.get((c, r))
            against = f" against {held[0]} {held[1]}" if held else ""
            parts.append(f"{place(BOARD.index(c, r))} ({n}{against})")
        lines.append(Text(f"{names[turn]} attacks: " + ", ".join(parts), style="yellow"))
    battle = obs.get("battle")
    if isinstance(battle, dict):
        h = _hex_of(battle.get("hex"))
        lines.append(
            Text(
                f"Battle at {place(h) if h is not None else '?'}: {_side(battle, 'attacker')} "
                f"against {_side(battle, 'defender')} (ties go to the defender)",
                style="bold red",
            )
        )
    return lines


def _side(battle: dict[str, Any], role: str) -> str:
    n = battle.get(f"{role}s", 0)
    lead = " and his leader" if battle.get(f"{role}_leader") else ""
    return f"{battle.get(role)} {n} troop{'s' if n != 1 else ''}{lead}"


def brief(state: State, seat: int) -> str | None:
    """While a player moves troop after troop, one line instead of a new board each step.

    The board is drawn again when the movement step begins and whenever the player types
    ``board``; between two steps of one movement only what changed is told.
    """
    history = state.history()
    obs = state.observation(seat)
    if obs["stage"] != "move" or not history:
        return None
    last = history[-1]
    if not isinstance(last, Move) or last.seat != seat:
        return None
    return (
        f"{FORCES[seat]} moved a troop {place(last.src)} → {place(last.to)}; "
        f"leader's movement left {obs['movement_left']} (type board to see the map)"
    )


PLACES_SHOWN: Final = 12
"""Place codes the legend names at most (``help`` lists every code)."""


def places_legend(hexes: Sequence[int]) -> Text:
    """The codes the map writes for ``hexes`` (those that have one), each with its name."""
    coded = sorted({h for h in hexes if h in ABBREVIATION}, key=BOARD.label)
    t = Text(" places:")
    for h in coded[:PLACES_SHOWN]:
        t.append(" ")
        t.append(ABBREVIATION[h], style=PLACE_STYLE)
        t.append(" " + BOARD.label(h))
    if len(coded) > PLACES_SHOWN:
        t.append(f" and {len(coded) - PLACES_SHOWN} more (help lists every code)")
    return t


def _in_play(state: State, obs: dict[str, Any], seat: int | None) -> list[int]:
    """The hexes a player reads about now: where the leaders stand and his choices go."""
    hexes = [h for p in obs.get("players", []) if (h := _hex_of(p.get("leader"))) is not None]
    if seat is not None and state.current_player() == seat:
        for a in state.legal_actions():
            if isinstance(a, Move | March):
                hexes.append(a.to)
    return hexes


def render(state: State, console: Console, seat: int | None = None) -> None:
    """Draw the map, the legend and the status panel as ``seat`` sees them (None: spectator).

    Named places are written on the map as two-letter codes; the legend names those where
    the leaders stand or the seat's choices lead, and ``help`` lists them all.
    """
    obs = state.observation(seat)
    console.print(map_text(state, obs), crop=True, soft_wrap=False)
    console.print(legend(), crop=True)
    mover = seat if seat is not None else state.current_player()
    console.print(places_legend(_in_play(state, obs, mover if mover >= 0 else None)))
    console.print(status(state, obs, seat))


# -- the log ----------------------------------------------------------------------------------


def narrate(before: dict[str, Any], action: Action, text: str, after: dict[str, Any]) -> list[Note]:
    """Log lines for ``action``, told with what was on the table before and after it."""
    notes = _action_notes(before, action, text, after)
    notes.extend(_consequences(before, after))
    return notes


def _force_at(obs: dict[str, Any], h: int) -> tuple[str, int] | None:
    c, r = BOARD.coords(h)
    for sc, sr, force, n, *_ in obs.get("stacks", []):
        if sc == c and sr == r:
            return str(force), int(n)
    return None


def _action_notes(
    before: dict[str, Any], action: Action, text: str, after: dict[str, Any]
) -> list[Note]:
    players = before.get("players", [])
    if isinstance(action, Move):
        name = FORCES[action.seat]
        held = _force_at(before, action.to)
        attack = held is not None and held[0] != name
        item = f"{place(action.src)}→{place(action.to)}" + (" (attack)" if attack else "")
        line = f"{_paint(name)} moves a troop {escape(item)}"
        return [Note(line, f"move:{name}", f"{_paint(name)} moves troops", escape(item))]
    if isinstance(action, March):
        name = FORCES[action.seat]
        return [
            Note(
                f"{_paint(name)}'s leader marches to {escape(place(action.to))}",
                f"march:{name}",
                f"{_paint(name)}'s leader marches",
                escape(place(action.to)),
            )
        ]
    if isinstance(action, Roll):
        turn = before.get("turn", -1)
        name = FORCES[turn] if 0 <= turn < len(FORCES) else "?"
        if before.get("stage") == "woo-roll" and 0 <= turn < len(players):
            pop = players[turn].get("popularity", 0)
            h = _hex_of(players[turn].get("leader"))
            won = h is not None and (_force_at(after, h) or ("", 0))[0] == name
            outcome = "the Roman troops join him" if won else "the Roman troops stay loyal"
            return [
                Note(
                    f"{_paint(name)} rolls {action.value} on the d20 against popularity "
                    f"{pop}: {outcome}"
                )
            ]
        return [
            Note(f"{_paint(name)} rolls the d{action.die}: {action.value} moves for his leader")
        ]
    if isinstance(action, Clash):
        battle = before.get("battle") or {}
        h = _hex_of(battle.get("hex"))
        where = place(h) if h is not None else "?"
        loser = "defender" if action.attacker > action.defender else "attacker"
        side = battle.get(loser, loser)
        return [
            Note(
                f"  battle at {escape(where)}: {_side(battle, 'attacker')} against "
                f"{_side(battle, 'defender')}; top dice {action.attacker} against "
                f"{action.defender}, {_paint(str(side))} loses a troop"
            )
        ]
    if isinstance(action, Decide):
        name = FORCES[action.seat]
        line = _paint(name) + escape(text[len(name) :]) if text.startswith(name) else escape(text)
        if action.verb in ("collect", "parade") and 0 <= action.seat < len(after["players"]):
            p = after["players"][action.seat]
            line += f" (conquests {p.get('conquests')}, popularity {p.get('popularity')})"
        return [Note(line)]
    if isinstance(action, FirstPlayer):
        return [Note(f"{_paint(FORCES[action.seat])} wins the roll and plays first")]
    return [Note(escape(text))]


def _consequences(before: dict[str, Any], after: dict[str, Any]) -> list[Note]:
    notes: list[Note] = []
    b_battle, a_battle = before.get("battle"), after.get("battle")
    if isinstance(b_battle, dict) and (
        not isinstance(a_battle, dict) or a_battle.get("hex") != b_battle.get("hex")
    ):
        h = _hex_of(b_battle.get("hex"))
        if h is not None:
            held = _force_at(after, h)
            if held:
                notes.append(
                    Note(
                        f"  {_paint(held[0])} holds {escape(place(h))} "
                        f"with {held[1]} troop{'s' if held[1] != 1 else ''}"
                    )
                )
    for p0, p1 in zip(before.get("players", []), after.get("players", []), strict=False):
        if p0.get("alive") and not p1.get("alive"):
            name = str(p1["name"])
            notes.append(
                Note(
                    f"[bold]{_paint(name)}'s leader is killed: {name} is out of the game and "
                    "his troops turn Roman[/bold]"
                )
            )
    if after.get("civil_war") and not before.get("civil_war"):
        notes.append(
            Note(
                "[bold magenta]Civil war! Troops have entered Italy: no more conquests or "
                "triumphs; Rome is the prize[/bold magenta]"
            )
        )
    turn = after.get("turn", -1)
    if (
        after.get("stage") != "over"
        and turn >= 0
        and (turn != before.get("turn") or after.get("round") != before.get("round"))
    ):
        name = FORCES[turn]
        notes.append(Note(f"Round {after.get('round')} · {_paint(name)}'s turn", rule=True))
    return notes
