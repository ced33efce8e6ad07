"""Write the golden files of ``tests/golden``: seeded games and lab runs, pinned byte for byte.

Run it only when a change is meant to alter records, positions, texts, pictures or lab
results (a new rules version, say), and say so in the commit:

    .venv/bin/python scripts/update_golden.py            # every case
    .venv/bin/python scripts/update_golden.py forum-2    # the cases named
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "golden"))

from golden_cases import DATA, GAME_CASES, LAB_CASES, dump, lab_case, path_of, play_case


def main(names: list[str]) -> int:
    """Write the golden files of the cases ``names`` (every case when empty)."""
    known = {c.name for c in GAME_CASES} | {c.name for c in LAB_CASES}
    unknown = sorted(set(names) - known)
    if unknown:
        print(f"no golden case {', '.join(unknown)}; the cases are {', '.join(sorted(known))}")
        return 2
    DATA.mkdir(parents=True, exist_ok=True)
    for game_case in GAME_CASES:
        if not names or game_case.name in names:
            path_of(game_case.name).write_text(dump(play_case(game_case)))
            print(f"wrote {path_of(game_case.name)}")
    for run_case in LAB_CASES:
        if not names or run_case.name in names:
            path_of(run_case.name).write_text(dump(lab_case(run_case)))
            print(f"wrote {path_of(run_case.name)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
