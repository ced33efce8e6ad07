"""Forum in a terminal: the narrated game log, one note per event."""

from __future__ import annotations

from typing import Any, Final

from rich.markup import escape

from alea.core.game import Action
from alea.core.notes import Note
from alea.games.forum.actions import (
    GENTES,
    Decide,
    Draw,
    Family,
    Move,
    Propose,
)
from alea.games.forum.cards import FATE
from alea.games.forum.state import debt_units
from alea.games.forum.terminal.choices import _fate_card
from alea.games.forum.terminal.names import (
    _money,
    _paint,
    _paint_names,
    _signed,
    code,
    market_name,
)

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
    borrowed = debt_units(int(p1.get("money", 0))) - debt_units(int(p0.get("money", 0)))
    if borrowed > 0:
        parts.append(
            f"[red]${100 * borrowed} of new debt costs {borrowed} prestige (FOR-8.2)[/red]"
        )
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
