"""Think time and search iterations of each difficulty level: ``python bench/levels.py``.

For each game, a game of heuristic bots is played and, whenever a seat has a real choice, each
level is asked for its move on that position (the heuristic's move is then played, so every
level sees the same positions). A level's turn budget counts the way it does in play: its
decisions for one seat in one turn (the game's ``turn`` hook) share the turn's time. Printed per
level: decisions asked, think time per decision (median and max), the longest turn, and the
search's iterations per decision (median). Think time depends on the machine's load; quote it
with the load it was measured under (``uptime``).

    .venv/bin/python bench/levels.py                  # all games, 40 decisions each
    .venv/bin/python bench/levels.py --game triumvirate --decisions 80
    .venv/bin/python bench/levels.py --game hotre --level expert --decisions 1000   # a whole game
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import alea
from alea.agents import LEVELS, SearchLevel, parse_spec
from alea.core.agent import Agent
from alea.core.registry import hook
from alea.core.rng import make_rng


def measure(game_name: str, decisions: int, seed: int, levels: tuple[str, ...] = LEVELS) -> None:
    """Print the figures of ``levels`` on ``decisions`` positions of one seeded game."""
    state = alea.load(game_name).new_initial_state()
    rng = make_rng(seed)
    heuristic = parse_spec("normal")
    # One player per level and seat, as in a game: a search level's turn budget is its seat's.
    agents: dict[tuple[str, int], Agent] = {}
    times: dict[str, list[float]] = defaultdict(list)
    iterations: dict[str, list[int]] = defaultdict(list)
    turns: dict[str, dict[object, float]] = defaultdict(lambda: defaultdict(float))
    turn_of = hook(game_name, "turn")  # what names a turn; without it, a decision is one
    asked = 0
    while not state.is_terminal() and asked < decisions:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            asked += 1
            for level in levels:
                agent = agents.setdefault((level, seat), parse_spec(level))
                start = time.perf_counter()
                agent.act(state.clone(), seat, make_rng(asked))
                spent = time.perf_counter() - start
                times[level].append(spent)
                if isinstance(agent, SearchLevel):
                    iterations[level].append(agent.last_iterations)
                turns[level][(seat, turn_of(state)) if turn_of else asked] += spent
        state.apply_action(heuristic.act(state, seat, rng))
    print(f"\n{game_name}: {asked} decisions with a choice, from a game of heuristic bots")
    print(f"  {'level':<8} {'median s':>9} {'max s':>7} {'longest turn s':>15} {'iterations':>11}")
    for level in levels:
        ts = times[level]
        longest = max(turns[level].values())
        its = f"{statistics.median(iterations[level]):,.0f}" if iterations[level] else "-"
        print(
            f"  {level:<8} {statistics.median(ts):>9.3f} {max(ts):>7.3f} {longest:>15.2f} {its:>11}"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game to measure (default: all)")
    ap.add_argument("--decisions", type=int, default=40, help="positions asked per game")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--level", action="append", choices=LEVELS, help="level to measure (default: all)"
    )
    ns = ap.parse_args()
    for name in ns.game or alea.GAMES:
        measure(name, ns.decisions, ns.seed, tuple(ns.level or LEVELS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
