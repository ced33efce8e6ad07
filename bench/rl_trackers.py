"""Does a game's tracker pay in the AEC env? ``python bench/rl_trackers.py [--game NAME]``.

For each game, the AEC env is driven by the same random learner as in ``bench/rl.py`` twice:
once with the game's own tracker (each seat's vector patched where the position changed) and
once with the base tracker, which encodes every position afresh (``encode_state``); the bare
engine loop runs beside them. Runs are interleaved and timed in CPU time of this process
(``time.process_time``), so other jobs on a shared machine change the figures less than wall
time would. Prints the median microseconds per decision of each and the ratios.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import alea
from alea.rl.codecs import codec_for
from alea.rl.codecs.base import ObservationEncoder
from rl import Runner, aec_runner, engine_runner, lent_tracker_runner


def fresh_aec_runner(game: alea.Game) -> Runner:
    """The AEC runner with the base tracker for every seat (encoding every position afresh)."""
    return lent_tracker_runner(game, ObservationEncoder.tracker)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="the trackers against fresh encoding, AEC env")
    ap.add_argument("--game", action="append", help="game to measure (default: all)")
    ap.add_argument("--decisions", type=int, default=6_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    for name in args.game or list(alea.GAMES):
        game = alea.load(name)
        own = type(codec_for(game).observations).tracker is not ObservationEncoder.tracker
        runners = {
            "engine": engine_runner(game, observe=False),
            "AEC env, the game's tracker": aec_runner(game),
            "AEC env, fresh encoding": fresh_aec_runner(game),
        }
        for run in runners.values():
            run(max(1, args.decisions // 5), 0)
        cpu: dict[str, list[float]] = {label: [] for label in runners}
        for _ in range(args.runs):
            for label, run in runners.items():
                t0 = time.process_time()
                n = run(args.decisions, 0)
                cpu[label].append((time.process_time() - t0) / n * 1e6)
        base = statistics.median(cpu["engine"])
        note = "" if own else " (no tracker of its own: both AEC lines encode afresh)"
        print(f"\n{name}, {args.decisions:,} decisions a run, {args.runs} runs{note}")
        for label, us in cpu.items():
            med = statistics.median(us)
            print(f"  {label:30} {med:8.1f} µs CPU a decision {med / base:6.2f}x the engine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
