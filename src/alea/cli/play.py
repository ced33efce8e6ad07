"""``alea play``: set a game up in the terminal, or resume a saved one, then play it."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

import alea
from alea.cli.common import SAVES_DIR, UsageError, in_file, new_console, option_items
from alea.core.errors import RecordError
from alea.core.game import Game
from alea.core.record import GameRecord, start_record
from alea.terminal import (
    HUMAN,
    RecordWriter,
    Seat,
    Session,
    build_seat,
    check_record,
    parse_assignments,
    seats_line,
    terminal_reader,
)
from alea.terminal.seats import has_heuristic, record_seats


def _default_path(game: str, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = SAVES_DIR / f"{game}-{seed}-{stamp}.json"
    n = 2
    while path.exists():
        path = SAVES_DIR / f"{game}-{seed}-{stamp}-{n}.json"
        n += 1
    return path


def _check_target(path: Path, resuming: Path | None = None) -> None:
    """Refuse to write over a file other than the record being resumed."""
    same = resuming is not None and path.resolve() == resuming.resolve()
    if path.exists() and not same:
        raise UsageError(
            f"{path} already exists; choose another --save file "
            f"(or continue that game with: alea play --resume {path})"
        )
    if not path.parent.is_dir():
        raise UsageError(f"cannot save to {path}: folder {path.parent} does not exist")


def _new_game(ns: argparse.Namespace, console: Console) -> Session:
    if not ns.game:
        known = ", ".join(alea.GAMES)
        raise UsageError(f"name the game to play (one of: {known}), or give --resume FILE")
    game = alea.load(ns.game, **option_items(ns.set))
    chosen = parse_assignments(game, ns.seat)
    fallback = "heuristic" if has_heuristic(game) else "random"
    human_first = not ns.seat and sys.stdin.isatty()
    seats: list[Seat] = []
    for i in range(game.num_players):
        kind = chosen.get(i) or (HUMAN if human_first and i == 0 else fallback)
        seats.append(build_seat(game, i, kind))
    seed = ns.seed if ns.seed is not None else secrets.randbelow(1_000_000_000)
    if ns.save:
        path = Path(ns.save)
        _check_target(path)
    else:
        SAVES_DIR.mkdir(parents=True, exist_ok=True)
        path = _default_path(game.name, seed)
    record = start_record(game, seed, _seat_entries(game, seats))
    writer = RecordWriter(record, path)
    writer.save()
    if not ns.quiet:
        console.rule(f"{escape(game.name)} · seed {seed}")
        console.print(escape(seats_line(seats, game.name)))
        if fallback != "heuristic" and len(chosen) < game.num_players:
            console.print(
                f"{escape(game.name)} has no heuristic bot yet: seats not given play random."
            )
        _intro(console, seats, path)
    return _session(game, seats, writer, console, ns)


def _resume(ns: argparse.Namespace, console: Console) -> Session:
    source = Path(ns.resume)
    record = GameRecord.load_file(source)
    if ns.game and ns.game != record.game:
        raise UsageError(f"{source} is a game of {record.game}, not {ns.game}")
    if ns.set:
        raise UsageError("--set cannot change the options of a saved game")
    if ns.seed is not None and ns.seed != record.seed:
        raise UsageError(f"{source} was played with seed {record.seed}; --seed cannot change it")
    try:
        state = check_record(record)
    except RecordError as exc:
        raise RecordError(in_file(source, str(exc))) from None
    if state.is_terminal():
        raise UsageError(
            f"{source} is a finished game ({state.outcome_text() or 'it is over'}); "
            f"watch it with: alea replay {source}"
        )
    game = state.game
    try:
        seats = record_seats(game, record.seats, parse_assignments(game, ns.seat))
    except RecordError as exc:
        raise RecordError(in_file(source, str(exc))) from None
    path = Path(ns.save) if ns.save else source
    _check_target(path, resuming=source)
    record.seats = _seat_entries(game, seats)
    record.result = None
    writer = RecordWriter(record, path)
    if not ns.quiet:
        console.rule(
            f"{escape(game.name)} · seed {record.seed} · resuming at action {len(record.actions)}"
        )
        console.print(escape(seats_line(seats, game.name)))
        _intro(console, seats, path)
    return _session(game, seats, writer, console, ns)


def _seat_entries(game: Game, seats: Sequence[Seat]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "name": game.player_names[i], "agent": s.spec()} for i, s in enumerate(seats)
    ]


def _intro(console: Console, seats: Sequence[Seat], path: Path) -> None:
    console.print(f"Saving after every action to [bold]{escape(str(path))}[/bold]", soft_wrap=True)
    if any(s.human for s in seats):
        console.print("Type [bold]help[/bold] at your prompt for how to play.")


def _session(
    game: Game, seats: list[Seat], writer: RecordWriter, console: Console, ns: argparse.Namespace
) -> Session:
    return Session(
        game,
        seats,
        writer,
        console,
        read_line=terminal_reader(console),
        delay=ns.delay,
        quiet=ns.quiet,
    )


def cmd_play(ns: argparse.Namespace) -> int:
    """``alea play``: set the game up (every check before any file is written), then play."""
    if ns.delay < 0:
        raise UsageError("--delay must be zero or more seconds")
    console = new_console()
    session = _resume(ns, console) if ns.resume else _new_game(ns, console)
    return session.run()
