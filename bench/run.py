"""Run the Alea benchmarks: ``python bench/run.py [--quick] [--game NAME] [--json FILE]``.

The same as ``alea bench``; see ``bench/README.md`` for what each figure means.
"""

from __future__ import annotations

import sys

from alea.benchmarks import main

if __name__ == "__main__":
    sys.exit(main())
