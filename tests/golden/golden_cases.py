"""Seeded games whose every byte is pinned: records, positions, texts, pictures, lab results.

``scripts/update_golden.py`` writes what these functions compute into ``tests/golden/data``;
``test_golden.py`` computes it again and compares. A change that alters a record, a saved
position, an action's text, a board picture or a lab result shows up here as a failed test.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import alea
from alea.agents import parse_spec
from alea.core.game import State
from alea.core.record import GameRecord
from alea.lab.plan import RunSpec
from alea.lab.runner import run
from alea.lab.store import read_rows
from alea.render import render_observation

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class GameCase:
    """One seeded game: which game, its options, the seats' agents and the seed."""

    name: str
    game: str
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)


GAME_CASES: tuple[GameCase, ...] = (
    GameCase("triumvirate-heuristic", "triumvirate", ("heuristic",) * 3, 1),
    GameCase("triumvirate-mixed", "triumvirate", ("random", "heuristic", "random"), 2),
    GameCase(
        "triumvirate-variant",
        "triumvirate",
        ("heuristic", "random", "heuristic"),
        3,
        {"caesar_cisalpina": True, "pompey_leader_at_sea": False, "max_rounds": 40},
    ),
    GameCase("triumvirate-mcts", "triumvirate", ("mcts:iterations=8", "random", "heuristic"), 4),
    GameCase("forum-2", "forum", ("heuristic", "random"), 5, {"players": 2}),
    GameCase(
        "forum-3-complete", "forum", ("heuristic",) * 3, 6, {"players": 3, "ruleset": "complete"}
    ),
    GameCase("forum-4", "forum", ("heuristic", "random", "heuristic", "random"), 7),
    GameCase(
        "forum-4-complete-mcts",
        "forum",
        ("mcts:iterations=6", "heuristic", "random", "heuristic"),
        8,
        {"ruleset": "complete", "max_turns": 12},
    ),
    GameCase("hotre-2", "hotre", ("heuristic", "random"), 9, {"players": 2}),
    GameCase("hotre-3", "hotre", ("heuristic",) * 3, 10, {"players": 3, "optional_terrain": True}),
    GameCase(
        "hotre-4-variant",
        "hotre",
        ("heuristic", "random", "heuristic", "random"),
        11,
        {"gods_favor": True, "bribe_barbarians": True, "city_limit": "total"},
    ),
    GameCase(
        "hotre-3-mcts",
        "hotre",
        ("mcts:iterations=4", "heuristic", "random"),
        12,
        {"players": 3, "last_period": 2},
    ),
)


@dataclass(frozen=True)
class LabCase(GameCase):
    """A small seeded lab run: a game case whose seed is the master seed of ``games`` games."""

    games: int = 1


LAB_CASES: tuple[LabCase, ...] = (
    LabCase("lab-triumvirate", "triumvirate", ("heuristic", "random", "heuristic"), 21, games=4),
    LabCase(
        "lab-forum", "forum", ("heuristic", "random", "heuristic"), 22, {"players": 3}, games=4
    ),
    LabCase("lab-hotre", "hotre", ("heuristic", "random"), 23, {"players": 2}, games=3),
)


class _Digest:
    """A running SHA-256 over a sequence of JSON values or strings, one per line."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self.count = 0

    def add(self, value: Any) -> None:
        text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
        self._hash.update(text.encode())
        self._hash.update(b"\n")
        self.count += 1

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def _views(state: State) -> list[Any]:
    n = state.game.num_players
    return [state.observation(p) for p in [None, *range(n)]]


def play_case(case: GameCase) -> dict[str, Any]:
    """Play ``case`` and describe every step of it.

    The description holds the record, and digests of each position's ``to_json``, of each
    action's text, of each seat's and the spectators' observations, and of board pictures
    taken every few steps and at the end.
    """
    game = alea.load(case.game, **case.options)
    agents = [parse_spec(spec) for spec in case.agents]
    positions = _Digest()
    texts = _Digest()
    views = _Digest()
    pictures = _Digest()
    start = game.new_initial_state()
    positions.add(start.to_json())
    steps: list[State] = []

    def on_step(state: State, action: Any) -> None:
        steps.append(state)
        positions.add(state.to_json())
        texts.add(str(action))
        if len(steps) % 25 == 1:
            for view in _views(state):
                views.add(view)
            pictures.add(render_observation(case.game, state.observation(None)))

    record = alea.play(game, agents, seed=case.seed, on_step=on_step)
    final = steps[-1]
    for view in _views(final):
        views.add(view)
        pictures.add(render_observation(case.game, view))
    for action in final.history():
        texts.add(final.action_to_string(action))
    replayed = alea.replay(GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
    return {
        "record": record.to_json(),
        "replay_equals_play": replayed == final,
        "final_position": final.to_json(),
        "positions_sha256": positions.hexdigest(),
        "positions": positions.count,
        "texts_sha256": texts.hexdigest(),
        "views_sha256": views.hexdigest(),
        "pictures_sha256": pictures.hexdigest(),
    }


def lab_case(case: LabCase) -> dict[str, Any]:
    """Run ``case`` in one local worker and return every stored row but the timings."""
    spec = RunSpec.build(case.game, dict(case.options), list(case.agents), case.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "run"
        run(spec, folder, case.games, jobs=1, export=False)
        tables: dict[str, Any] = {}
        for table in ("games", "results"):
            columns, rows = read_rows(folder, table)
            keep = [i for i, c in enumerate(columns) if c != "seconds"]
            tables[table] = {
                "columns": [columns[i] for i in keep],
                "rows": [[row[i] for i in keep] for row in rows],
            }
    return tables


def path_of(name: str) -> Path:
    """Where the golden file of case ``name`` lives."""
    return DATA / f"{name}.json"


def dump(value: Any) -> str:
    """The text of a golden file: indented JSON, keys in the order they were made."""
    return json.dumps(value, indent=1) + "\n"
