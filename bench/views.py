"""What a view costs the server: drawing the board picture, and sending it whole or as a patch.

Plays one seeded game of each game with the heuristic bot in every seat, then, for every
position in order (as a viewer of seat 0 sees them, one view per move), measures in this
process's CPU time:

- drawing the picture with board parts kept by what they are drawn from (``picture_cache``),
  as the server does, and with every part drawn afresh;
- the message a connection gets, with the picture whole or as a patch to the previous one
  (``server/patches.py``): its size, and the CPU time of drawing, patching and writing JSON.

    .venv/bin/python bench/views.py
    .venv/bin/python bench/views.py --games forum --repeat 5

Each figure is the smallest of ``--repeat`` passes (the least disturbed by other work on the
machine).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import alea
from alea.agents.registry import parse_spec
from alea.core.picture_cache import PARTS, caching
from alea.core.rng import make_rng
from alea.render import render_observation
from alea.server.patches import lines_of, make_patch


def observations(game: str, seed: int) -> list[dict[str, Any]]:
    """Seat 0's observation after every move of a seeded heuristic game."""
    state = alea.load(game).new_initial_state()
    bot = parse_spec("heuristic")
    rng = make_rng(seed)
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bot.act(state, state.current_player(), rng))
        out.append(state.observation(0))
    return out


def best(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="triumvirate,forum,hotre")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ns = ap.parse_args()
    print("CPU ms per view (smallest of", ns.repeat, "passes); KB per view message")
    print(
        f"{'game':<12} {'views':>5}  {'drawn afresh':>12} {'parts kept':>10}"
        f"  {'whole: ms':>9} {'KB':>6}  {'patch: ms':>9} {'KB':>5}"
    )
    for game in ns.games.split(","):
        obs = observations(game, ns.seed)
        render_observation(game, alea.load(game).new_initial_state().observation(0))
        n = len(obs)

        def draw(kept: bool, obs: list[dict[str, Any]] = obs, game: str = game) -> float:
            for part in PARTS:
                part.cache_clear()  # type: ignore[attr-defined]
            with caching(kept):
                t = time.process_time()
                for o in obs:
                    render_observation(game, o)
                return (time.process_time() - t) / len(obs) * 1000

        sizes: dict[bool, int] = {}

        def send(
            patched: bool,
            obs: list[dict[str, Any]] = obs,
            game: str = game,
            sizes: dict[bool, int] = sizes,
        ) -> float:
            for part in PARTS:
                part.cache_clear()  # type: ignore[attr-defined]
            before: list[str] | None = None
            size = 0
            t = time.process_time()
            for o in obs:
                svg = render_observation(game, o)
                msg: dict[str, Any] = {"type": "view", "observation": o, "svg": svg}
                if patched:
                    lines = lines_of(svg)
                    if before is not None:
                        msg["svg_patch"] = make_patch(before, lines)
                        del msg["svg"]
                    before = lines
                size += len(json.dumps(msg))
            sizes[patched] = size
            return (time.process_time() - t) / len(obs) * 1000

        fresh = best(ns.repeat, lambda: draw(False))
        kept = best(ns.repeat, lambda: draw(True))
        whole = best(ns.repeat, lambda: send(False))
        patch = best(ns.repeat, lambda: send(True))
        print(
            f"{game:<12} {n:>5}  {fresh:>12.3f} {kept:>10.3f}"
            f"  {whole:>9.3f} {sizes[False] / n / 1000:>6.1f}"
            f"  {patch:>9.3f} {sizes[True] / n / 1000:>5.1f}"
        )


if __name__ == "__main__":
    main()
