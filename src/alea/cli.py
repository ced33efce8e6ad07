"""The ``alea`` command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the ``alea`` command line."""
    args = sys.argv[1:] if argv is None else argv
    print("alea: subcommands are being set up", args)
    return 0
