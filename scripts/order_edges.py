"""Where the order edges of Forum and History of the Roman Empire come from, in a lab run.

Usage:
    python scripts/order_edges.py forum RUN    (a run made with ``--keep-records``)
    python scripts/order_edges.py hotre RUN

``forum``: replays each stored record to the end of its first turn and prints, for each place
in the first turn's order, where that family built its first horreum (Rome, or the market it
opened) and how often it then won, and its mean prestige and money at the end of turns 1 to 8.

``hotre``: for the first, second, third... Faction to choose its starting Area (HRE-5.5),
its win share, the Areas it chose and its mean points in each period, read from the stored
summaries.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

import alea
from alea.core.record import GameRecord
from alea.games.forum.actions import Build
from alea.games.forum.board import BOARD
from alea.games.forum.state import ForumState
from alea.lab.data import load_run
from alea.lab.extras.hotre import choosers

TURNS = 8


def forum(folder: Path) -> None:
    """The first turn's builds by place, and prestige and money by place turn by turn."""
    records = sorted((folder / "records").glob("game-*.json"))
    if not records:
        raise SystemExit(f"{folder} holds no records: run it with --keep-records")
    built: list[Counter[str]] = [Counter() for _ in range(4)]
    won: list[defaultdict[str, float]] = [defaultdict(float) for _ in range(4)]
    track: defaultdict[int, list[list[float]]] = defaultdict(lambda: [[0.0] * 8 for _ in range(4)])
    seen: Counter[int] = Counter()
    n = 0
    for path in records:
        record = GameRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
        game = alea.load(record.game, **record.options)
        state = game.new_initial_state()
        assert isinstance(state, ForumState)
        n = state.n
        first: dict[int, str] = {}
        turn = 0
        for data in record.actions:
            action = game.action_from_json(data)
            if state.turn == 1 and isinstance(action, Build):
                first.setdefault(action.seat, BOARD.markets[action.market].name)
            state.apply_action(action)
            if state.turn != turn:
                if 1 <= turn <= TURNS:
                    seen[turn] += 1
                    for k in range(n):
                        seat = (state.first + k) % n
                        track[turn][k][0] += state.prestige[seat]
                        track[turn][k][1] += state.money[seat]
                turn = state.turn
        returns = state.returns()
        for k in range(n):
            seat = (state.first + k) % n
            where = first.get(seat, "no horreum")
            built[k][where] += 1
            won[k][where] += returns[seat]
    print(f"{len(records)} games: the first horreum by place in the first turn's order")
    for k in range(n):
        total = sum(built[k].values())
        wins = sum(won[k].values())
        print(f"  place {k + 1}: wins {wins:g} ({wins / total:.1%})")
        for where, count in built[k].most_common():
            print(f"    {where:<12}{count:>5} games, won {won[k][where] / count:6.1%}")
    print("mean prestige / money at the end of each turn, by place")
    for t in sorted(seen):
        row = "  ".join(
            f"{track[t][k][0] / seen[t]:5.2f} / {track[t][k][1] / seen[t]:5.0f}" for k in range(n)
        )
        print(f"  turn {t}: {row}")


def hotre(folder: Path) -> None:
    """Shares, Areas and points by period of the k-th Faction to choose its starting Area."""
    run = load_run(folder)
    n = run.num_players
    places = 4 if n == 2 else n
    wins = [0.0] * places
    games = 0
    areas: list[Counter[str]] = [Counter() for _ in range(places)]
    periods: list[list[float]] = [[0.0] * 7 for _ in range(places)]
    for g in run.games:
        order = choosers(g.summary, n)
        if order is None:
            continue
        games += 1
        marks = g.summary["milestones"]
        for k, player in enumerate(order):
            wins[k] += g.returns[player]
            areas[k][marks[f"start_{k + 1}"]["area"]] += 1
            seat = int(marks[f"start_{k + 1}"]["seat"])
            for p, points in enumerate(g.summary["points"][seat % n]["by_period"]):
                periods[k][p] += points
    print(f"{games} of {run.n()} games record every choice")
    for k in range(places):
        chosen = ", ".join(f"{a} {c}" for a, c in areas[k].most_common())
        by_period = " ".join(f"{x / games:5.1f}" for x in periods[k])
        print(f"  choice {k + 1}: won {wins[k] / games:6.1%}; {chosen}")
        print(f"    points by period: {by_period}")


def main() -> int:
    """Read the arguments and print the game's figures."""
    if len(sys.argv) != 3 or sys.argv[1] not in ("forum", "hotre"):
        print(__doc__)
        return 2
    (forum if sys.argv[1] == "forum" else hotre)(Path(sys.argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
