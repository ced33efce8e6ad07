"""Write the levels' ratings of a game, shown in the lobby and the terminal, from its ladders.

Play ladders of the levels with ``--out``, then fold them into the package's ratings file
(the entries of other games are kept):

    alea ladder triumvirate --agents normal,easy --lone easy --games 4 --seed 1 --out e.json
    alea ladder triumvirate --agents normal,hard --lone hard --games 4 --seed 1 --out h.json
    .venv/bin/python scripts/rate_levels.py e.json h.json

With ``--keep``, the levels of a game that the ladders given do not seat keep their entries (and
the commands of their ladders): each level is rated from its own ladder against ``normal``, so
one level can be rated afresh without replaying the others.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from alea.ladder_ratings import fit_levels, keep_levels

DATA = Path(__file__).resolve().parent.parent / "src" / "alea" / "agents" / "data"


def main(argv: list[str] | None = None) -> int:
    """Fit each game's ladders given and write its entry into the ratings file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ladders", nargs="+", type=Path, help="JSON files of alea ladder --out")
    parser.add_argument("--file", type=Path, default=DATA / "level_ratings.json")
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the entries of levels the ladders given do not seat",
    )
    ns = parser.parse_args(argv)
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in ns.ladders:
        ladder = json.loads(path.read_text("utf-8"))
        by_game[ladder["game"]].append(ladder)
    table = json.loads(ns.file.read_text("utf-8")) if ns.file.exists() else {}
    for game, ladders in by_game.items():
        entry = fit_levels(ladders)
        if ns.keep and game in table:
            entry = keep_levels(table[game], entry)
        table[game] = entry
        for level, r in table[game]["levels"].items():
            if r["rating"] is None:
                figure = f"ahead {r['ahead']:g}, behind {r['behind']:g}: no figure"
            else:
                figure = f"{r['rating']:+7.0f}  ({r['low']:+.0f} to {r['high']:+.0f})"
            print(f"{game:<12} {level:<7} {figure}")
    ns.file.write_text(json.dumps(dict(sorted(table.items())), indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
