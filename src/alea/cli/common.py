"""What every ``alea`` subcommand shares: its usage error, its parser, console and messages."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console

from alea.core.errors import AleaError

SAVES_DIR = Path("saves")
"""Where records go when ``--save`` is not given (relative to the working directory)."""
WIDTH = 100
"""Console width when the output is not a terminal."""


class UsageError(AleaError):
    """Something on the command line that cannot be done."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes raise ``UsageError`` (one line, exit code 2)."""

    def error(self, message: str) -> NoReturn:
        """Refuse the command line with ``message``."""
        raise UsageError(f"{message} (see {self.prog} --help)")


def new_console() -> Console:
    """A console for the output: the terminal's width, or a fixed one when piped."""
    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=WIDTH)
    return console


def fail(message: str) -> None:
    """Print ``message`` on stderr as the one line of a failed command."""
    text = " ".join(message.split())
    print(f"alea: error: {text}", file=sys.stderr)


def in_file(path: str | Path, message: str) -> str:
    """``message`` naming the file it is about, unless it does already."""
    return message if str(path) in message else f"{path}: {message}"


def option_items(items: Sequence[str]) -> dict[str, Any]:
    """``--set option=value`` items as a dict of strings (the game parses the values)."""
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--set {item!r} should be option=value, e.g. max_rounds=50")
        out[key.strip()] = value.strip()
    return out
