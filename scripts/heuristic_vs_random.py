"""Measure the heuristic bot against random bots in every other seat, in every seat.

Usage: python scripts/heuristic_vs_random.py [GAME] [GAMES_PER_SEAT] [SEED] [OPTION=VALUE ...]

e.g. ``python scripts/heuristic_vs_random.py forum 100 1 players=3 ruleset=complete``.

Prints, per seat, the heuristic bot's wins, losses and capped games with a 95% Wilson interval.
"""

from __future__ import annotations

import sys
from collections import Counter

import alea
from alea.ladder import wilson


def main() -> int:
    """Play the matches and print the table."""
    game_id = sys.argv[1] if len(sys.argv) > 1 else "triumvirate"
    per_seat = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    base = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    options = dict(arg.split("=", 1) for arg in sys.argv[4:])
    game = alea.load(game_id, **options)
    total = Counter[str]()
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(
        f"{game_id}{' ' + shown if shown else ''}: heuristic against random bots,"
        f" {per_seat} games per seat,"
        f" seeds from {base}"
    )
    for seat in range(game.num_players):
        tally = Counter[str]()
        for i in range(per_seat):
            agents = [alea.agents.make("random") for _ in range(game.num_players)]
            agents[seat] = alea.agents.make("heuristic")
            record = alea.play(game, agents, seed=base + i * game.num_players + seat)
            returns = (record.result or {}).get("returns", [])
            if returns[seat] > 0:
                tally["win"] += 1
            elif sum(returns) == 0:
                tally["no winner"] += 1
            else:
                tally["loss"] += 1
        total.update(tally)
        lo, hi = wilson(tally["win"], per_seat)
        print(
            f"  {game.player_names[seat]:<10} wins {tally['win']:>4}/{per_seat}"
            f" = {tally['win'] / per_seat:6.1%}  (95% CI {lo:.1%}–{hi:.1%});"
            f" losses {tally['loss']}, no winner {tally['no winner']}"
        )
    n = per_seat * game.num_players
    lo, hi = wilson(total["win"], n)
    share = total["win"] / n
    print(f"  all seats  wins {total['win']:>4}/{n} = {share:6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
