"""How often two lab runs on the same seeds played the same games.

Usage:
    python scripts/same_games.py RUN_A RUN_B

Two runs of one game made with the same ``--seed`` play the same per-game seeds, so a game
index names the same dice in both. A game counts as the same when its returns and its length
match; this is how the balance docs tell how often a search bot in one seat departs from the
heuristic bot it builds on (run A with the search bot, run B with heuristic bots everywhere).
The script also prints each agent's wins by seat name in run A, so the line-up's figures and
the comparison come from one command.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from alea.lab.data import load_run


def main(a: Path, b: Path) -> None:
    """Print the games two runs share and the first run's wins of each agent by seat name."""
    run_a, run_b = load_run(a), load_run(b)
    other = {g.index: g for g in run_b.games}
    if run_a.meta.get("game") != run_b.meta.get("game"):
        raise SystemExit(f"{a} and {b} are runs of different games")
    both = [g for g in run_a.games if g.index in other]
    if not both:
        raise SystemExit(f"{a} and {b} have no game index in common")
    seeds = sum(g.seed == other[g.index].seed for g in both)
    if seeds != len(both):
        raise SystemExit(f"{len(both) - seeds} shared games have different seeds: not one --seed")
    same = sum(
        g.returns == other[g.index].returns and g.length == other[g.index].length for g in both
    )
    print(
        f"{len(both)} games in both runs: {same} the same, {len(both) - same} different "
        f"({100 * (len(both) - same) / len(both):.1f}%)"
    )
    names = run_a.meta.get("seat_names") or []
    wins: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for g in run_a.games:
        for seat, (agent, ret) in enumerate(zip(g.agents, g.returns, strict=True)):
            name = names[seat] if seat < len(names) else f"seat {seat}"
            tally = wins[agent, name]
            tally[0] += ret
            tally[1] += 1
    for (agent, name), (won, played) in sorted(wins.items()):
        print(f"  {agent:>24} as {name:<10} won {won:g} of {played:g} ({100 * won / played:.1f}%)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
