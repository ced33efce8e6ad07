"""Board pictures sent as changes to the picture a connection already has.

A view's board picture is about 100 KB of SVG text, and from one view to the next (a bot's
move, a die) most of its lines are the same. A client that says so in its hello
(``"patches": true``) receives, after the first full picture, only a patch: a list whose
entries are either a line of the new picture (a string) or ``[start, count]``, the ``count``
lines of its previous picture from line ``start`` on. Joining the lines so rebuilt with
newlines gives the new picture exactly.
"""

from __future__ import annotations

from typing import Any

Patch = list[Any]
"""Strings (new lines) and ``[start, count]`` runs of the previous picture's lines."""
_BLOCK = 32
"""Lines of a run compared at once."""


def lines_of(picture: str) -> list[str]:
    """A picture's lines, as patches count them."""
    return picture.split("\n")


def make_patch(old: list[str], new: list[str]) -> Patch:
    """The patch that turns the lines ``old`` into the lines ``new``.

    Runs of lines found in ``old`` are sent as ``[start, count]``; a line found in several
    places continues the current run where it can, so moved blocks stay single runs. A run is
    followed a block of ``_BLOCK`` lines at a time where it can be (most of a picture is runs).
    """
    where = dict(zip(old, range(len(old)), strict=True))
    out: Patch = []
    end, stop = len(old), len(new)
    j = 0
    while j < stop:
        line = new[j]
        start = where.get(line)
        if start is None:
            out.append(line)
            j += 1
            continue
        count = 1
        while True:
            a, b = start + count, j + count
            k = min(_BLOCK, end - a, stop - b)
            if k > 0 and old[a : a + k] == new[b : b + k]:
                count += k
                continue
            while a < end and b < stop and old[a] == new[b]:
                a += 1
                b += 1
            count = a - start
            break
        out.append([start, count])
        j += count
    return out


def apply_patch(old: list[str], patch: Patch) -> list[str]:
    """The lines ``patch`` describes, given the previous picture's lines ``old``.

    Raises ``ValueError`` for a patch that does not fit ``old``.
    """
    out: list[str] = []
    for op in patch:
        if isinstance(op, str):
            out.append(op)
            continue
        start, count = int(op[0]), int(op[1])
        if start < 0 or count < 1 or start + count > len(old):
            raise ValueError(f"run {start}+{count} is outside a picture of {len(old)} lines")
        out.extend(old[start : start + count])
    return out
