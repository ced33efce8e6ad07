"""The ``alea`` command line: ``main`` parses the arguments and runs a subcommand.

``common`` holds what the subcommands share, ``play`` the terminal game, ``main`` the parser and
the other subcommands.
"""

from alea.cli.main import main

__all__ = ["main"]
