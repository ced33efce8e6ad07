"""Instructions per decision and per ``clone()``, counted by callgrind, against backgammon's.

``python bench/instructions.py [--game NAME ...] [--actions N] [--clones N] [--json FILE]``

Wall-clock figures on a shared machine move with the load; the number of machine instructions a
fixed piece of work takes does not. For each game, and for OpenSpiel's C++ backgammon when
``pyspiel`` is importable, this script runs the random-playout loop of ``alea bench``
(``alea.benchmarks.random_playout`` on ``alea.benchmarks.alea_subject`` or
``openspiel_subject``) under ``valgrind --tool=callgrind``, on a fixed list of seeded games:

- playouts: seeded random games, as many as it takes to reach ``--actions`` applied actions;
- clones: the mid-game states of ``alea.benchmarks.sample_states``, each cloned ``--clones`` times.

Both parts run in one fresh interpreter under callgrind, after the set-up (imports, loading the
game, one warm-up game, the state sample); a call of ``os.getpgrp`` before and after each part
makes callgrind dump its count there, so each part is counted alone, and its count divided by the
actions (or clones) is the cost of one. The ratio to backgammon is backgammon's count
divided by the game's, so that above 1 means cheaper than backgammon, as the decisions/s ratio of
``alea bench`` reads.

Instructions are not seconds: compiled C++ runs more instructions a second than the interpreter
does, so the ratio by instructions flatters a Python engine against backgammon. The script then
plays the same games outside valgrind, the subjects in turn, and prints each one's CPU time, its
instructions a second and the ratio by CPU time beside the ratio by instructions. Compare two
versions of one engine by their instruction counts; compare an engine with backgammon by the
CPU-time ratio, or by the instruction ratio scaled by the two rates of instructions a second.

To count another checkout's engines, put its ``src`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from alea.benchmarks import (
    REFERENCE_GAME,
    Subject,
    alea_subject,
    openspiel_subject,
    random_playout,
    sample_states,
)
from alea.core.registry import games
from alea.core.rng import derive_seed

STATES: Final = 40
"""Mid-game states sampled for the clone count (the quick budget of ``alea bench``)."""


def subject_named(name: str) -> Subject:
    """The bench subject ``name``: a registered game or the OpenSpiel reference."""
    if name == REFERENCE_GAME:
        ref = openspiel_subject()
        if isinstance(ref, str):
            raise SystemExit(ref)
        return ref
    return alea_subject(name)


def playout_seeds(name: str, seed: int, actions: int) -> tuple[list[int], int]:
    """Seeds of the games that together reach ``actions`` actions, and their total."""
    subject = subject_named(name)
    seeds: list[int] = []
    total = 0
    while total < actions:
        seeds.append(derive_seed(seed, f"{name}/instructions/{len(seeds)}"))
        total += random_playout(subject, random.Random(seeds[-1]))
    return seeds, total


MARK: Final = "getpgrp"
"""A C function the interpreter never calls by itself: each call of ``os.getpgrp`` ends a part."""


def work(name: str, seed: int, seeds: list[int], clones: int) -> tuple[int, int]:
    """Run both parts in this process, a mark before each and one after; return their units.

    Under ``valgrind --tool=callgrind --dump-before=getpgrp`` the marks cut the count in four:
    the set-up (imports, the subject, one warm-up game, the state sample), the playouts, the
    clones, and the exit.
    """
    subject = subject_named(name)
    random_playout(subject, random.Random(derive_seed(seed, f"{name}/warm-up")))
    states = sample_states(subject, STATES, seed)
    for state in states:
        state.clone()
    os.getpgrp()
    actions = sum(random_playout(subject, random.Random(s)) for s in seeds)
    os.getpgrp()
    for state in states:
        for _ in range(clones):
            state.clone()
    os.getpgrp()
    return actions, len(states) * clones


_TOTAL = re.compile(r"^totals:\s*(\d+)", re.MULTILINE)
_TRIGGER = re.compile(r"^desc: Trigger: (.*)$", re.MULTILINE)


def count(name: str, seed: int, seeds: list[int], clones: int) -> dict[str, Any]:
    """Instructions of the playouts and of the clones of one worker run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = [
            "valgrind",
            "--tool=callgrind",
            f"--dump-before={MARK}",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--worker",
            name,
            "--seed",
            str(seed),
            "--clones",
            str(clones),
            "--seeds",
            ",".join(map(str, seeds)),
        ]
        env = dict(os.environ, PYTHONHASHSEED="0")
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr[-2000:]}")
        counts = []
        for part in (2, 3):
            text = Path(f"{out}.{part}").read_text(encoding="utf-8")
            trigger, total = _TRIGGER.search(text), _TOTAL.search(text)
            if trigger is None or MARK not in trigger.group(1) or total is None:
                raise SystemExit(f"{out}.{part} is not a part cut by the marks")
            counts.append(int(total.group(1)))
        actions, clone_calls = map(int, done.stdout.split())
    return {
        "playout": {"instructions": counts[0], "units": actions, "per_unit": counts[0] / actions},
        "clone": {
            "instructions": counts[1],
            "units": clone_calls,
            "per_unit": counts[1] / clone_calls,
        },
    }


def measure(name: str, seed: int, actions: int, clones: int) -> dict[str, Any]:
    """Instructions per action and per clone of ``name``, with the counts they come from."""
    seeds, total = playout_seeds(name, seed, actions)
    result: dict[str, Any] = {"games": len(seeds), "actions": total, "seeds": seeds}
    result.update(count(name, seed, seeds, clones))
    if result["playout"]["units"] != total:
        raise SystemExit(f"{name}: the same seeds gave different games under callgrind")
    return result


def cpu_seconds(results: dict[str, dict[str, Any]], runs: int) -> dict[str, float]:
    """Least CPU time of each subject's playouts over ``runs`` rounds, in this process.

    The rounds take the subjects in turn, so a change in the machine's load falls on all of
    them alike; the least of the runs is the one the load disturbed least.
    """
    subjects = {name: subject_named(name) for name in results}
    best = dict.fromkeys(results, float("inf"))
    for _ in range(runs):
        for name, subject in subjects.items():
            gc.collect()
            start = time.process_time()
            for s in results[name]["seeds"]:
                random_playout(subject, random.Random(s))
            best[name] = min(best[name], time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    """Count every subject, print the table and optionally write JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", action="append", choices=games(), help="default: every game")
    parser.add_argument("--actions", type=int, default=20_000, help="playout actions per subject")
    parser.add_argument("--clones", type=int, default=20, help="clones of each sampled state")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the counts here")
    parser.add_argument("--no-reference", action="store_true", help="skip backgammon")
    parser.add_argument(
        "--cpu-runs", type=int, default=10, help="rounds of the CPU-time comparison (0: none)"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--seeds", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker is not None:
        seeds = [int(s) for s in args.seeds.split(",") if s]
        print(*work(args.worker, args.seed, seeds, args.clones))
        return 0

    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    names: list[str] = list(args.game or games())
    if not args.no_reference:
        names.append(REFERENCE_GAME)
    results = {}
    for name in names:
        results[name] = measure(name, args.seed, args.actions, args.clones)
        r = results[name]
        print(
            f"{name:<12} {r['games']:>4} games {r['actions']:>7,} actions: "
            f"{r['playout']['per_unit']:>9,.0f} instructions an action, "
            f"{r['clone']['per_unit']:>8,.0f} a clone",
            flush=True,
        )
    if args.cpu_runs > 0:
        print(f"the same playouts outside valgrind, least CPU time of {args.cpu_runs} rounds:")
        for name, seconds in cpu_seconds(results, args.cpu_runs).items():
            r = results[name]
            r["cpu_s"] = seconds
            rate = r["playout"]["instructions"] / seconds / 1e9
            print(
                f"  {name:<12} {seconds:.3f} s, {r['actions'] / seconds:>9,.0f} actions/s, "
                f"{rate:.2f} billion instructions/s"
            )
    ref = results.get(REFERENCE_GAME)
    if ref is not None:
        print(f"ratios to {REFERENCE_GAME} (above 1: cheaper than backgammon, or faster):")
        for name in names[:-1]:
            r = results[name]
            speed = ref["playout"]["per_unit"] / r["playout"]["per_unit"]
            clone = r["clone"]["per_unit"] / ref["clone"]["per_unit"]
            r["ratios"] = {"decisions_by_instructions": speed, "clone_cost": clone}
            line = f"  {name:<12} decisions ×{speed:.2f} by instructions"
            if "cpu_s" in r:
                by_cpu = (r["actions"] / r["cpu_s"]) / (ref["actions"] / ref["cpu_s"])
                r["ratios"]["decisions_by_cpu_time"] = by_cpu
                line += f", ×{by_cpu:.2f} by CPU time"
            print(f"{line};   clone() costs ×{clone:.2f} of backgammon's (instructions)")
    if args.json is not None:
        data = {"format": "alea-instructions/1", "seed": args.seed, "results": results}
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
