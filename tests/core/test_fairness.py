"""Secret dice: outcomes derive from a per-game secret by HMAC, and a record proves them."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

import pytest

import alea
from alea.cli import main
from alea.core.errors import RecordError
from alea.core.fairness import (
    bot_seed,
    chance_rng,
    new_secret,
    secret_from_seed,
    verify_record,
)
from alea.core.game import Game
from alea.core.record import GameRecord, result_of
from alea.core.rng import make_rng


def secret_game(game: Game, secret: str) -> GameRecord:
    """A game played the way the server plays it: chance and bots from the secret."""
    state = game.new_initial_state()
    agent = alea.agents.make("random")
    actions = []
    while not state.is_terminal():
        n = len(actions)
        if state.is_chance_node():
            action = state.sample_chance(chance_rng(secret, n))
        else:
            p = state.current_player()
            action = agent.act(state, p, make_rng(bot_seed(secret, p, n)))
        state.apply_action(action)
        actions.append(action.to_json())
    return GameRecord(
        game=game.name,
        version=game.version,
        options=dict(game.options),
        seed=None,
        seats=[{"name": n, "agent": "random"} for n in game.player_names],
        actions=actions,
        result=result_of(state),
        secret=secret,
    )


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return secret_game(alea.load("forum", players=2, max_turns=4), new_secret())


def test_a_secret_has_256_bits_and_each_is_new() -> None:
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(len(s) == 64 and int(s, 16) >= 0 for s in secrets)


def test_the_generator_of_a_move_is_seeded_by_the_hmac_of_its_label() -> None:
    secret = new_secret()
    mac = hmac.new(bytes.fromhex(secret), b"chance/7", hashlib.sha256).digest()
    assert chance_rng(secret, 7).random() == make_rng(int.from_bytes(mac, "big")).random()
    assert chance_rng(secret, 7).random() != chance_rng(secret, 8).random()
    assert chance_rng(secret, 7).random() != chance_rng(new_secret(), 7).random()
    assert bot_seed(secret, 0, 7) != bot_seed(secret, 1, 7)


def test_a_record_with_its_secret_verifies(record: GameRecord) -> None:
    game = alea.load(record.game, **record.options)
    state = game.new_initial_state()
    chance = 0
    for data in record.actions:
        chance += state.is_chance_node()
        state.apply_action(game.action_from_json(data))
    assert chance >= 2
    assert verify_record(record) == chance


def test_the_secret_survives_the_record_round_trip(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    record.save(path)
    again = GameRecord.load_file(path)
    assert again.secret == record.secret
    assert verify_record(again) == verify_record(record)
    plain = GameRecord.from_json({**record.to_json(), "secret": None})
    assert "secret" not in plain.to_json()


def test_another_secret_or_a_changed_roll_fails_verification(record: GameRecord) -> None:
    forged = GameRecord.from_json({**record.to_json(), "secret": new_secret()})
    with pytest.raises(RecordError, match="the secret gives"):
        verify_record(forged)
    no_secret = GameRecord.from_json({**record.to_json(), "secret": None})
    with pytest.raises(RecordError, match="no secret"):
        verify_record(no_secret)


@pytest.mark.parametrize("bad", ["xyz", "ab" * 8, "g" * 64, 12, "a" * 65])
def test_a_malformed_secret_is_refused_by_the_record_reader(
    record: GameRecord, bad: object
) -> None:
    with pytest.raises(RecordError, match="secret"):
        GameRecord.from_json({**record.to_json(), "secret": bad})


def test_alea_verify_checks_a_file(
    record: GameRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    record.save(good)
    assert main(["verify", str(good)]) == 0
    assert "chance outcomes" in capsys.readouterr().out
    data = record.to_json()
    data["secret"] = secret_from_seed(1)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["verify", str(bad)]) == 2
    assert "the secret gives" in capsys.readouterr().err
