"""A run's folder: an SQLite database of every game and seat, Parquet exports, records.

``DIR/lab.sqlite`` has three tables:

- ``meta``: the run's identity (game, options, line-up, seed, code version) as JSON values;
- ``games``: one row per finished game, keyed by its index in the run;
- ``results``: one row per seat of every game: seed, seat, name, agent, return, scores (JSON),
  length, end reason, first player, options (JSON) and code version.

Each finished game is written in its own transaction, so a run stopped at any moment (Ctrl-C,
SIGKILL, power) holds whole games only, and the game index as primary key makes a duplicate
impossible. ``DIR/games.parquet`` and ``DIR/results.parquet`` are exports of the two tables;
``DIR/records/game-NNNNNN.json`` are game records, on request.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alea.core.record import GameRecord
from alea.lab.plan import GameOutcome, LabError, RunSpec

FORMAT = "alea-lab/1"
DB_NAME = "lab.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    game_index INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    agents TEXT NOT NULL,
    returns TEXT NOT NULL,
    length INTEGER NOT NULL,
    terminal INTEGER NOT NULL,
    end_reason TEXT,
    outcome TEXT NOT NULL,
    first_player INTEGER,
    summary TEXT NOT NULL,
    options TEXT NOT NULL,
    code_version TEXT NOT NULL,
    seconds REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    game_index INTEGER NOT NULL REFERENCES games (game_index),
    seed INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    agent TEXT NOT NULL,
    return REAL NOT NULL,
    scores TEXT NOT NULL,
    length INTEGER NOT NULL,
    end_reason TEXT,
    first_player INTEGER,
    options TEXT NOT NULL,
    code_version TEXT NOT NULL,
    PRIMARY KEY (game_index, seat)
);
"""

_RESULT_COLUMNS = (
    "game_index",
    "seed",
    "seat",
    "name",
    "agent",
    "return",
    "scores",
    "length",
    "end_reason",
    "first_player",
    "options",
    "code_version",
)
_GAME_COLUMNS = (
    "game_index",
    "seed",
    "agents",
    "returns",
    "length",
    "terminal",
    "end_reason",
    "outcome",
    "first_player",
    "summary",
    "options",
    "code_version",
    "seconds",
)


def db_path(folder: Path) -> Path:
    """Where a run folder keeps its database."""
    return folder / DB_NAME


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class RunStore:
    """The database of one run folder, opened for writing by a single process."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.conn = sqlite3.connect(db_path(folder), isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(_SCHEMA)

    @classmethod
    def open(cls, folder: Path, spec: RunSpec) -> RunStore:
        """Open (creating if need be) the folder for ``spec``; refuse a folder of another run."""
        if folder.exists() and not folder.is_dir():
            raise LabError(f"{folder} exists and is not a folder")
        if not folder.parent.is_dir():
            raise LabError(f"cannot create {folder}: folder {folder.parent} does not exist")
        fresh = not db_path(folder).exists()
        if fresh and folder.is_dir() and any(folder.iterdir()):
            raise LabError(f"{folder} is not empty and holds no lab run; choose another --out")
        folder.mkdir(exist_ok=True)
        store = cls(folder)
        meta = store.meta()
        want = {"format": FORMAT, **spec.identity()}
        if not meta:
            extra = {"num_players": spec.num_players, "seat_names": spec.seat_names}
            store.conn.execute("BEGIN")
            store.conn.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [(k, _dumps(v)) for k, v in {**want, **extra}.items()],
            )
            store.conn.execute("COMMIT")
            return store
        for key, value in want.items():
            if meta.get(key) != json.loads(_dumps(value)):
                store.close()
                raise LabError(
                    f"{folder} holds a run with another {key} "
                    f"({_short(meta.get(key))}, not {_short(value)}); to resume it, repeat its "
                    "arguments, or choose another --out"
                )
        return store

    def meta(self) -> dict[str, Any]:
        """The run's identity as stored."""
        rows = self.conn.execute("SELECT key, value FROM meta").fetchall()
        return {k: json.loads(v) for k, v in rows}

    def done(self) -> set[int]:
        """The indices of the games already stored."""
        return {row[0] for row in self.conn.execute("SELECT game_index FROM games")}

    def returns(self) -> list[list[float]]:
        """Each stored game's returns, seat by seat."""
        return [json.loads(r[0]) for r in self.conn.execute("SELECT returns FROM games")]

    def add(self, spec: RunSpec, outcome: GameOutcome) -> None:
        """Store one finished game (and its record, if kept) in one transaction."""
        if outcome.record is not None:
            records = self.folder / "records"
            records.mkdir(exist_ok=True)
            GameRecord.from_json(outcome.record).save(records / f"game-{outcome.index:06d}.json")
        options = _dumps(spec.options)
        game_row = (
            outcome.index,
            outcome.seed,
            _dumps(list(outcome.agents)),
            _dumps(outcome.returns),
            outcome.length,
            int(outcome.terminal),
            outcome.end_reason,
            outcome.outcome,
            outcome.first_player,
            _dumps(outcome.summary),
            options,
            spec.code_version,
            outcome.seconds,
        )
        seat_rows = [
            (
                outcome.index,
                outcome.seed,
                seat,
                spec.seat_names[seat],
                outcome.agents[seat],
                outcome.returns[seat],
                _dumps(outcome.scores[seat]),
                outcome.length,
                outcome.end_reason,
                outcome.first_player,
                options,
                spec.code_version,
            )
            for seat in range(spec.num_players)
        ]
        conn = self.conn
        conn.execute("BEGIN")
        try:
            conn.execute(
                f"INSERT INTO games ({', '.join(_GAME_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_GAME_COLUMNS))})",
                game_row,
            )
            conn.executemany(
                f"INSERT INTO results ({', '.join(_RESULT_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_RESULT_COLUMNS))})",
                seat_rows,
            )
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def close(self) -> None:
        """Close the database, folding the write-ahead log back into the one file."""
        # If a reader holds the database open, the log is folded in at a later close.
        with contextlib.suppress(sqlite3.OperationalError):
            self.conn.execute("PRAGMA journal_mode=DELETE")
        self.conn.close()


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= 80 else text[:77] + "..."


def read_rows(folder: Path, table: str) -> tuple[list[str], Iterator[tuple[Any, ...]]]:
    """The column names and rows of ``table`` (``games`` or ``results``), by game index."""
    if table not in ("games", "results"):
        raise ValueError(f"no table {table!r}")
    path = db_path(folder)
    if not path.is_file():
        raise LabError(f"{folder} holds no lab run (no {DB_NAME})")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    order = "game_index" if table == "games" else "game_index, seat"
    cur = conn.execute(f"SELECT * FROM {table} ORDER BY {order}")
    names = [d[0] for d in cur.description]

    def rows() -> Iterator[tuple[Any, ...]]:
        try:
            yield from cur
        finally:
            conn.close()

    return names, rows()


def read_meta(folder: Path) -> dict[str, Any]:
    """The identity of the run stored in ``folder``."""
    path = db_path(folder)
    if not path.is_file():
        raise LabError(f"{folder} holds no lab run (no {DB_NAME})")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT key, value FROM meta").fetchall()
    except sqlite3.DatabaseError as exc:
        raise LabError(f"{path} is not a lab database: {exc}") from None
    finally:
        conn.close()
    return {k: json.loads(v) for k, v in rows}


def export_parquet(folder: Path) -> list[Path] | None:
    """Write ``games.parquet`` and ``results.parquet`` (``None`` if pyarrow is missing)."""
    try:
        pa: Any = importlib.import_module("pyarrow")
        pq: Any = importlib.import_module("pyarrow.parquet")
    except ImportError:
        return None
    written = []
    for table in ("games", "results"):
        names, rows = read_rows(folder, table)
        columns: list[list[Any]] = [[] for _ in names]
        for row in rows:
            for col, value in zip(columns, row, strict=True):
                col.append(value)
        out = folder / f"{table}.parquet"
        tmp = out.with_name(out.name + ".tmp")
        pq.write_table(pa.table(dict(zip(names, columns, strict=True))), tmp)
        tmp.replace(out)
        written.append(out)
    return written
