"""Helpers of the balance-lab tests: reading a run folder's tables back."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def table_rows(folder: Path, table: str, *, drop: tuple[str, ...] = ("seconds",)) -> list[Any]:
    """Every row of ``table`` ordered by key, without the timing columns."""
    conn = sqlite3.connect(folder / "lab.sqlite")
    try:
        cur = conn.execute(
            f"SELECT * FROM {table} ORDER BY game_index" + (", seat" if table == "results" else "")
        )
        names = [d[0] for d in cur.description]
        keep = [i for i, n in enumerate(names) if n not in drop]
        return [tuple(row[i] for i in keep) for row in cur]
    finally:
        conn.close()


def count_games(folder: Path) -> int:
    """Games stored so far (0 while the database does not exist yet)."""
    path = folder / "lab.sqlite"
    if not path.exists():
        return 0
    try:
        conn = sqlite3.connect(path, timeout=5)
        try:
            return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0
