"""Deferrable drawing takes turns: steps that pause come out one at a time between other work."""

from __future__ import annotations

import asyncio
import itertools

from alea.server.views import Fanout


def test_paused_steps_come_out_one_per_round_and_other_work_runs_between_them() -> None:
    order: list[str] = []

    async def background(name: str, fanout: Fanout) -> None:
        for _ in range(4):
            await fanout.pause()
            order.append(name)

    async def urgent() -> None:
        # A task that is ready on every round of the loop, as messages arriving would be.
        while len(order) - order.count("u") < 12:
            order.append("u")
            await asyncio.sleep(0)

    async def main() -> None:
        fanout = Fanout(None, lambda room: None)  # type: ignore[arg-type]
        await asyncio.gather(*(background(n, fanout) for n in "abc"), urgent())

    asyncio.run(main())
    steps = [x for x in order if x != "u"]
    assert sorted(steps) == sorted("abc" * 4)
    # Never two deferrable steps in a row: the urgent task ran between every two of them.
    pairs = list(itertools.pairwise(order))
    assert not [p for p in pairs if "u" not in p], order
    # And they took turns in order of arrival.
    assert steps[:3] == ["a", "b", "c"]
