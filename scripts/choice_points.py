"""What each value of HRE-15.5's points for the early choosers would do to a HOTRE run.

Usage:
    python scripts/choice_points.py RUN [--form linear|flat] [--max V]

The points of HRE-15.5 (``choice_rvp``) are scored at the end of the game, so a run played
without them can be scored again as if each value had been in force: each game's winner is
the Faction with the most points once the bonus of its place in the order of choosing is
added. This prints the win share of the first, second, third... chooser and their spread for
every value from 0 to ``--max``, in the form asked for. It is an estimate, not a run: the bots
may play the last period a little differently when the bonus is in force (the standings they
read include it), so a value chosen here must still be played (``alea lab run hotre --set
choice_rvp=V --set choice_rvp_form=F``) before it is quoted.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from alea.lab.data import load_run
from alea.lab.extras.hotre import choosers


def bonus(place: int, seats: int, value: int, form: str) -> int:
    """The points of the ``place``-th chooser (0 first) under HRE-15.5."""
    last = seats - 1
    return value * (int(place < last) if form == "flat" else last - place)


def main() -> None:
    """Print the choosers' shares for each value of the bonus."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--form", choices=("linear", "flat"), default="flat")
    parser.add_argument("--max", type=int, default=20)
    args = parser.parse_args()
    run = load_run(args.run)
    if run.meta.get("game") != "hotre":
        raise SystemExit(f"{args.run} is not a run of hotre")
    if int(run.meta.get("options", {}).get("choice_rvp", 0)):
        raise SystemExit(f"{args.run} was played with choice_rvp already: give a run without it")
    players = int(run.meta.get("num_players", 0))
    if players < 3:
        raise SystemExit("the estimate needs three or four players, one Faction each")
    games = []
    for g in run.games:
        order = choosers(g.summary, players)
        if order is not None and g.scores:
            games.append((order, [int(s["total"]) for s in g.scores]))
    if not games:
        raise SystemExit(f"{args.run} holds no game that records its choices and points")
    seats = len(games[0][1])
    print(f"{len(games)} games, {seats} seats, form {args.form}")
    print("value  " + "  ".join(f"choice {k + 1}" for k in range(seats)) + "  spread")
    for value in range(args.max + 1):
        wins = [0.0] * seats
        for order, totals in games:
            scored = list(totals)
            for place, seat in enumerate(order):
                scored[seat] += bonus(place, seats, value, args.form)
            top = max(scored)
            first = [order.index(s) for s in range(seats) if scored[s] == top]
            for place in first:
                wins[place] += 1 / len(first)
        shares = [100 * w / len(games) for w in wins]
        cells = "  ".join(f"{x:7.1f}%" for x in shares)
        print(f"{value:5d}  {cells}  {max(shares) - min(shares):5.1f}")


if __name__ == "__main__":
    main()
