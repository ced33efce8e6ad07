"""The stacked bar chart the game extras share: each seat's mean score at the end, by source."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from alea.lab.data import RunData

Parts = Sequence[tuple[str, Sequence[str]]]
"""The stacked parts, in order: each a legend label and the source keys it adds up."""


def source_bars(
    ax: Any,
    runs: Sequence[RunData],
    winners: Mapping[str, Mapping[str, float]],
    everyone: Mapping[str, Mapping[str, float]],
    parts: Parts,
    xlabel: str,
) -> None:
    """Two bars a run (its winners, then all seats) stacked by part: gains right of 0, losses left.

    ``winners`` and ``everyone`` map a run's label to the mean of each source key. Parts past the
    report's palette are drawn grey and hatched, so no two parts share a look.
    """
    from alea.lab.report import COLOURS

    labels: list[str] = []
    for r in runs:
        for who, means in (("winners", winners[r.label]), ("all", everyone[r.label])):
            y = len(labels)
            right, left = 0.0, 0.0
            for j, (name, members) in enumerate(parts):
                v = sum(means.get(k, 0.0) for k in members)
                ax.barh(
                    y,
                    v,
                    left=right if v >= 0 else left,
                    color=COLOURS[j] if j < len(COLOURS) else "#999",
                    hatch="//" if j >= len(COLOURS) else None,
                    label=name if y == 0 else None,
                )
                if v >= 0:
                    right += v
                else:
                    left += v
            labels.append(f"{r.label}: {who}")
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.axvline(0, color="#444", lw=0.8)
    ax.set_xlabel(xlabel)
