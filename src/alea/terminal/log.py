"""Applying an action and telling what happened, as log lines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from alea.core.game import Action, State
from alea.core.notes import Note
from alea.terminal.views import GameView, LogNote


def apply_and_narrate(
    view: GameView, state: State, action: Action, viewer: int | None
) -> Sequence[LogNote]:
    """Apply ``action`` to ``state`` and return the log lines that describe it.

    The action's text is taken in the position where it is played; a game's narrator also
    sees the observation of ``viewer`` before and after, so it can tell the consequences.
    """
    text = state.action_to_string(action)
    if view.narrate is None:
        state.apply_action(action)
        return [Note(escape(text))]
    before = state.observation(viewer)
    state.apply_action(action)
    return view.narrate(before, action, text, state.observation(viewer))


def merge(notes: Sequence[LogNote]) -> str:
    """One line for a run of notes of the same group: the header, then every item.

    Repeats in a row are counted (``Odessus→19,5 ×3``).
    """
    if len(notes) == 1:
        return notes[0].text
    runs: list[tuple[str, int]] = []
    for n in notes:
        if runs and runs[-1][0] == n.item:
            runs[-1] = (n.item, runs[-1][1] + 1)
        else:
            runs.append((n.item, 1))
    items = ", ".join(item if k == 1 else f"{item} ×{k}" for item, k in runs)
    return f"{notes[0].header} ({len(notes)}): {items}"


def result_lines(state: State) -> list[str]:
    """How the game ended (or stands), as markup lines."""
    names = state.game.player_names
    if not state.is_terminal():
        return [f"The game is not over ({len(state.history())} actions played)."]
    outcome = state.outcome_text()
    winners = [names[i] for i, r in enumerate(state.returns()) if r > 0]
    line = "[bold]Result:[/bold] " + (escape(outcome) if outcome else "the game is over")
    if winners:
        line += ". Winner: " + ", ".join(f"[bold]{escape(w)}[/bold]" for w in winners)
    elif "winner" not in outcome.lower():
        line += ". No winner"
    return [line + "."]
