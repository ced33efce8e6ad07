"""Terminal front end: play any registered game at the keyboard, and watch saved games.

Each game is drawn by the view registered for it (``register_view``); a game without one is
shown as its observation, compactly.
"""

from alea.core.notes import Note
from alea.terminal.replaying import check_record, replay_record
from alea.terminal.saving import RecordWriter
from alea.terminal.seats import HUMAN, Seat, SeatError, build_seat, parse_assignments
from alea.terminal.session import BotError, Session, seats_line, terminal_reader
from alea.terminal.views import (
    FALLBACK,
    GameView,
    LogNote,
    Renderer,
    register_renderer,
    register_view,
    render_observation,
    renderer_for,
    rules_text,
    view_for,
)

__all__ = [
    "FALLBACK",
    "HUMAN",
    "BotError",
    "GameView",
    "LogNote",
    "Note",
    "RecordWriter",
    "Renderer",
    "Seat",
    "SeatError",
    "Session",
    "build_seat",
    "check_record",
    "parse_assignments",
    "register_renderer",
    "register_view",
    "render_observation",
    "renderer_for",
    "replay_record",
    "rules_text",
    "seats_line",
    "terminal_reader",
    "view_for",
]
