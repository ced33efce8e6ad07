"""Watching a saved game: every action with its number, then the board and the result."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from alea.core.errors import AleaError, RecordError
from alea.core.game import State
from alea.core.record import GameRecord, replay
from alea.core.registry import load
from alea.terminal.log import apply_and_narrate, result_lines
from alea.terminal.views import view_for

STEP_PROMPT = "[Enter] next · b board · c run to the end · q quit > "


def check_record(record: GameRecord, upto: int | None = None) -> State:
    """The position ``record`` reaches; ``RecordError`` names its first problem (or ``upto``'s)."""
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise RecordError(
            f"--to {upto} is out of range: the record holds {len(record.actions)} actions"
        )
    return replay(record)


def replay_record(
    record: GameRecord,
    console: Console,
    *,
    upto: int | None = None,
    read_line: Callable[[str], str] | None = None,
) -> int:
    """Show ``record`` action by action; with ``read_line``, wait for a key after each one.

    The record is checked in full first, so a broken record prints nothing but its error.
    """
    check_record(record, upto)
    try:
        game = load(record.game, **record.options)
    except AleaError as exc:
        raise RecordError(f"the record's game cannot be loaded: {exc}") from None
    view = view_for(game.name)
    state = game.new_initial_state()
    total = len(record.actions)
    stop = total if upto is None else upto
    seats = ", ".join(
        f"{s.get('name', '?')}: {s.get('agent', {}).get('name', '?')}"
        if isinstance(s, dict) and isinstance(s.get("agent"), dict)
        else "?"
        for s in record.seats
    )
    console.rule(f"{escape(record.game)} · seed {record.seed} · {total} actions")
    console.print(escape(seats), highlight=False)
    stepping = read_line is not None
    for i, data in enumerate(record.actions[:stop]):
        action = game.action_from_json(data)
        notes = apply_and_narrate(view, state, action, None)
        for k, note in enumerate(notes):
            number = f"{i + 1:>5}  " if k == 0 else "       "
            if note.rule:
                console.rule(note.text, style="dim")
            else:
                console.print(f"[dim]{number}[/dim]{note.text}", highlight=False)
        if stepping and read_line is not None:
            answer = read_line(STEP_PROMPT).strip().lower()
            while answer == "b":
                view.render(state, console, None)
                answer = read_line(STEP_PROMPT).strip().lower()
            if answer == "q":
                stop = i + 1
                break
            if answer == "c":
                stepping = False
    console.rule(f"Position after action {stop} of {total}")
    view.render(state, console, None)
    if stop < total:
        console.print(f"Stopped after action {stop}; the record goes on to {total}.")
    else:
        for line in result_lines(state):
            console.print(line, highlight=False)
    return 0
