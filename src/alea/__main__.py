"""``python -m alea``: the same as the ``alea`` command."""

from alea.cli import main

raise SystemExit(main())
