"""Log lines: merging a bot's run of moves, and the result line."""

from __future__ import annotations

import alea
from alea.agents import make
from alea.terminal import Note
from alea.terminal.log import merge, result_lines


def test_merge_keeps_a_single_note_as_it_is() -> None:
    assert merge([Note("Caesar moves a troop A→B", "m", "Caesar moves troops", "A→B")]) == (
        "Caesar moves a troop A→B"
    )


def test_merge_lists_items_and_counts_repeats() -> None:
    notes = [Note("", "m", "Crassus moves troops", item) for item in ("A→B", "A→B", "C→D")]
    assert merge(notes) == "Crassus moves troops (3): A→B ×2, C→D"


def test_result_line_names_the_outcome() -> None:
    record = alea.play(alea.load("triumvirate", max_rounds=2), [make("random")] * 3, seed=1)
    (line,) = result_lines(alea.replay(record))
    assert "no one took Rome within 2 rounds" in line
    unfinished = alea.replay(record, upto=10)
    assert result_lines(unfinished) == ["The game is not over (10 actions played)."]
