"""Saving a game record after every action, atomically and without rewriting it from scratch.

``GameRecord.save`` serialises the whole record each time, which grows quadratically over a
game of thousands of actions. ``RecordWriter`` keeps each action's JSON text once it is made
and writes the same record (one action per line) through a temporary file and a rename, so an
interrupted write never leaves a broken file behind.
"""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from typing import Any

from alea.core.record import GameRecord


class RecordWriter:
    """Owns a record while it grows and keeps its file up to date.

    Args:
        record: the record to extend (its existing actions are kept).
        path: where to write it.

    """

    def __init__(self, record: GameRecord, path: str | Path) -> None:
        self.record = record
        self.path = Path(path)
        self._lines = [json.dumps(a, ensure_ascii=False) for a in record.actions]
        self._mark = f"actions-{uuid.uuid4().hex}"

    def append(self, action: dict[str, Any]) -> None:
        """Add one action's JSON form to the record (call ``save`` to write it)."""
        self.record.actions.append(action)
        self._lines.append(json.dumps(action, ensure_ascii=False))

    def text(self) -> str:
        """The file's content: the record as JSON, one action per line."""
        doc = self.record.to_json()
        if not self._lines:
            return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
        doc["actions"] = [self._mark]
        head = json.dumps(doc, indent=1, ensure_ascii=False)
        body = ",\n".join("  " + line for line in self._lines)
        return head.replace(f'  "{self._mark}"', body, 1) + "\n"

    def save(self) -> None:
        """Write the record atomically (a temporary file, then a rename over the old one)."""
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(self.text())
        os.replace(tmp, self.path)
