"""Game records: everything needed to replay a game exactly, and the driver that makes them.

A record holds the game id, the rules version, the complete options, the seed, the seats and
their agents, and every action applied (chance outcomes included), so replay needs no RNG. A game
served online also carries, once it is over, the secret its dice were derived from (see
``alea.core.fairness``), so anyone can check them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from alea.core.agent import Agent
from alea.core.errors import AleaError, IllegalActionError, RecordError
from alea.core.game import Game, State
from alea.core.registry import load
from alea.core.rng import derive_seed, make_rng

FORMAT = "alea-record/1"


def check_secret(value: Any) -> str:
    """``value`` if it is a well-formed game secret (32 to 128 hexadecimal digits), else raise."""
    if not isinstance(value, str) or not 32 <= len(value) <= 128 or len(value) % 2:
        raise RecordError("game record field 'secret' must be 32 to 128 hexadecimal digits")
    try:
        bytes.fromhex(value)
    except ValueError:
        raise RecordError(
            "game record field 'secret' must be 32 to 128 hexadecimal digits"
        ) from None
    return value


@dataclasses.dataclass
class GameRecord:
    """A finished or unfinished game, replayable without randomness."""

    game: str
    version: str
    options: dict[str, Any]
    seed: int | None
    seats: list[dict[str, Any]]
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None = None
    secret: str | None = None
    """Hexadecimal secret of a game served online, from which every chance outcome derives."""

    def to_json(self) -> dict[str, Any]:
        """Return the record as a JSON-safe dict."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
            "result": self.result,
        }
        if self.secret is not None:
            out["secret"] = self.secret
        return out

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record, naming the first thing that is wrong with it."""
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not an Alea game record (format is {data.get('format')!r})")
        want: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "version": str,
            "options": dict,
            "seats": list,
            "actions": list,
        }
        for key, tp in want.items():
            if not isinstance(data.get(key), tp):
                raise RecordError(f"game record field {key!r} is missing or of the wrong type")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("game record field 'seed' must be an integer or null")
        for i, a in enumerate(data["actions"]):
            if not isinstance(a, dict):
                raise RecordError(f"action {i + 1} of the record is not an object")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("game record field 'result' must be an object or null")
        secret = data.get("secret")
        if secret is not None:
            check_secret(secret)
        return cls(
            game=data["game"],
            version=data["version"],
            options=data["options"],
            seed=seed,
            seats=data["seats"],
            actions=data["actions"],
            result=result,
            secret=secret,
        )

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a crash mid-write never corrupts an existing file."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load_file(cls, path: str | Path) -> GameRecord:
        """Read a record file; unreadable or corrupt files raise ``RecordError``."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not valid JSON (line {exc.lineno}): {exc.msg}") from None
        return cls.from_json(data)


def result_of(state: State) -> dict[str, Any]:
    """The result block of a record: returns, scores, whether over, and how it ended."""
    return {
        "terminal": state.is_terminal(),
        "returns": state.returns(),
        "scores": state.scores(),
        "outcome": state.outcome_text(),
        "length": len(state.history()),
    }


def start_record(game: Game, seed: int | None, seats: list[dict[str, Any]]) -> GameRecord:
    """An empty record for ``game``."""
    return GameRecord(
        game=game.name,
        version=game.version,
        options=dict(game.options),
        seed=seed,
        seats=seats,
        actions=[],
    )


StepHook = Callable[[State, Any], None]


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int = 0,
    *,
    on_step: StepHook | None = None,
    max_steps: int | None = None,
) -> GameRecord:
    """Play ``game`` to the end with one agent per seat.

    Chance is drawn from the driver's own RNG seeded with ``seed``; each agent gets a
    separate generator derived from the same seed, so a game is fully reproducible.

    Args:
        game: the loaded game.
        agents: one agent per seat.
        seed: the game's seed.
        on_step: called after each applied action with the new state and the action.
        max_steps: stop early after this many actions (the record is then unfinished).

    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    chance_rng = make_rng(derive_seed(seed, "chance"))
    agent_rngs = [make_rng(derive_seed(seed, f"seat{i}")) for i in range(game.num_players)]
    seats = [
        {"seat": i, "name": game.player_names[i], "agent": a.spec()} for i, a in enumerate(agents)
    ]
    record = start_record(game, seed, seats)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if max_steps is not None and steps >= max_steps:
            break
        player = state.current_player()
        if player < 0:
            action = state.sample_chance(chance_rng)
        else:
            action = agents[player].act(state, player, agent_rngs[player])
        state.apply_action(action)
        record.actions.append(action.to_json())
        steps += 1
        if on_step is not None:
            on_step(state, action)
    record.result = result_of(state)
    return record


def replay(record: GameRecord, upto: int | None = None) -> State:
    """Rebuild the state a record reaches (or its first ``upto`` actions), exactly and without RNG.

    Raises:
        RecordError: the record names an unknown game, bad options, or an action that is
            malformed or illegal where it stands (the message gives its number).

    """
    try:
        game = load(record.game, **record.options)
    except AleaError as exc:
        raise RecordError(f"the record's game cannot be loaded: {exc}") from None
    state = game.new_initial_state()
    actions = record.actions if upto is None else record.actions[:upto]
    for i, data in enumerate(actions):
        try:
            action = game.action_from_json(data)
            state.apply_action(action)
        except IllegalActionError as exc:
            raise RecordError(f"action {i + 1} of the record is illegal there: {exc}") from None
        except RecordError as exc:
            raise RecordError(f"action {i + 1} of the record is malformed: {exc}") from None
    return state
