"""Watching a saved game: every action with its number, then the board and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape

from alea.core.errors import AleaError, RecordError
from alea.core.game import Action, State
from alea.core.record import GameRecord, replay
from alea.core.registry import load
from alea.terminal.log import apply_and_narrate, result_lines
from alea.terminal.views import GameView, LogNote, view_for

STEP_PROMPT = "[Enter] next · p back · b board · g N go to N · c to the end · q quit > "
STEP_HELP = (
    "Enter (or n) shows the next action, p (or back) goes back one, b draws the board, "
    "g N goes to the position after action N, c runs to the end, q stops."
)
CHECKPOINT = 64
"""A copy of the position is kept every this many actions, so stepping back is quick."""


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
    actions = [game.action_from_json(data) for data in record.actions[:stop]]

    def show(i: int, notes: Sequence[LogNote]) -> None:
        for k, note in enumerate(notes):
            number = f"{i + 1:>5}  " if k == 0 else "       "
            if note.rule:
                console.rule(note.text, style="dim")
            else:
                console.print(f"[dim]{number}[/dim]{note.text}", highlight=False)

    if read_line is None:
        for i, action in enumerate(actions):
            show(i, apply_and_narrate(view, state, action, None))
    else:
        state, stop = _step(view, state, actions, console, read_line, show)
    console.rule(f"Position after action {stop} of {total}")
    view.render(state, console, None)
    if stop < total:
        console.print(f"Stopped after action {stop}; the record goes on to {total}.")
    else:
        for line in result_lines(state):
            console.print(line, highlight=False)
    return 0


def _step(
    view: GameView,
    start: State,
    actions: Sequence[Action],
    console: Console,
    read_line: Callable[[str], str],
    show: Callable[[int, Sequence[LogNote]], None],
) -> tuple[State, int]:
    """Walk through ``actions`` at the reader's pace, forward and back.

    Returns the position reached and the number of actions played to reach it.
    """
    checkpoints: dict[int, State] = {0: start.clone()}
    state, at = start, 0

    def goto(target: int) -> State:
        """The position after ``target`` actions, from the nearest copy at or before it."""
        base = max(k for k in checkpoints if k <= target)
        s = checkpoints[base].clone()
        for k in range(base, target):
            s.apply_action(actions[k])
            if (k + 1) % CHECKPOINT == 0:
                checkpoints.setdefault(k + 1, s.clone())
        return s

    def forward() -> None:
        nonlocal state, at
        show(at, apply_and_narrate(view, state, actions[at], None))
        at += 1
        if at % CHECKPOINT == 0:
            checkpoints.setdefault(at, state.clone())

    def land(target: int) -> None:
        """Jump to ``target`` and show the action that led there again."""
        nonlocal state, at
        if target == 0:
            state, at = goto(0), 0
            console.print("[dim]    0  the start of the game[/dim]", highlight=False)
            return
        before = goto(target - 1)
        state = before.clone()
        at = target - 1
        forward()

    if actions:
        forward()
    while actions:
        answer = " ".join(read_line(STEP_PROMPT).split()).lower()
        word, _, arg = answer.partition(" ")
        if word in ("", "n", "next"):
            if at >= len(actions):
                break
            forward()
        elif word in ("p", "back", "prev"):
            if at == 0:
                console.print("This is the start of the game.", style="yellow")
                continue
            land(at - 1)
        elif word == "b":
            view.render(state, console, None)
        elif word == "g" and arg.isdigit() and int(arg) <= len(actions):
            land(int(arg))
        elif word == "c":
            while at < len(actions):
                forward()
            break
        elif word == "q":
            break
        else:
            console.print(f"{escape(answer)!r} is not a step command. {STEP_HELP}", style="yellow")
    return state, at
