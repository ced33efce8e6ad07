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


def lines_of(picture: str) -> list[str]:
    """A picture's lines, as patches count them."""
    return picture.split("\n")


def make_patch(old: list[str], new: list[str]) -> Patch:
    """The patch that turns the lines ``old`` into the lines ``new``.

    Runs of lines found in ``old`` are sent as ``[start, count]``; a line found in several
    places continues the current run where it can, so moved blocks stay single runs.
    """
    where = {line: i for i, line in enumerate(old)}
    out: Patch = []
    start = 0
    count = 0
    end = len(old)
    for line in new:
        if count and start + count < end and old[start + count] == line:
            count += 1
            continue
        if count:
            out.append([start, count])
            count = 0
        i = where.get(line)
        if i is None:
            out.append(line)
        else:
            start, count = i, 1
    if count:
        out.append([start, count])
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
