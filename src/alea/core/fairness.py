"""Secret dice: every chance outcome of an online game derived from a per-game secret.

A game served online draws a secret of 256 bits when it is created. The outcome of the chance
event at move ``n`` (the number of actions applied before it) is drawn from a generator seeded
with HMAC-SHA256(secret, ``"chance/n"``), and a bot's generator for its decision at move ``n``
from HMAC-SHA256(secret, ``"seat{p}/n"``). HMAC is a pseudo-random function: outcomes already
seen say nothing about the secret or about the outcome of any other label, so no one can work
out the next roll from the rolls so far. The secret stays on the server until the game is over;
the finished record carries it, and ``verify_record`` (``alea verify FILE``) re-derives every
chance outcome from it, so anyone can check that the server rolled what the secret dictates.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import TYPE_CHECKING

from alea.core.errors import AleaError, RecordError
from alea.core.record import check_secret
from alea.core.registry import load

if TYPE_CHECKING:
    from alea.core.record import GameRecord

SECRET_BYTES = 32
"""Bytes of a game's secret (256 bits)."""


def new_secret() -> str:
    """A fresh secret from the operating system's generator, as hexadecimal text."""
    return secrets.token_hex(SECRET_BYTES)


def secret_from_seed(seed: int) -> str:
    """The secret a chosen seed stands for (all-bot games, tests): public, hence not fair."""
    return hashlib.sha256(f"alea-fixed-seed/{seed}".encode()).hexdigest()


def derive(secret: str, label: str) -> int:
    """HMAC-SHA256 of ``label`` under ``secret``, as a 256-bit integer."""
    mac = hmac.new(bytes.fromhex(secret), label.encode(), hashlib.sha256).digest()
    return int.from_bytes(mac, "big")


def chance_rng(secret: str, move: int) -> random.Random:
    """The generator that draws the chance event at ``move`` (actions applied before it)."""
    return random.Random(derive(secret, f"chance/{move}"))


def bot_seed(secret: str, seat: int, move: int) -> int:
    """The seed of seat ``seat``'s bot for its decision at ``move``."""
    return derive(secret, f"seat{seat}/{move}")


def verify_record(record: GameRecord) -> int:
    """Check every chance outcome of a record against its secret; return how many were checked.

    Args:
        record: a game record whose ``secret`` is set.

    Raises:
        RecordError: the record has no secret, cannot be replayed, or a chance outcome differs
            from the one the secret dictates (the message names the move).

    """
    if record.secret is None:
        raise RecordError("the record has no secret, so its dice cannot be checked")
    secret = check_secret(record.secret)
    try:
        game = load(record.game, **record.options)
    except AleaError as exc:
        raise RecordError(f"the record's game cannot be loaded: {exc}") from None
    state = game.new_initial_state()
    checked = 0
    for i, data in enumerate(record.actions):
        try:
            action = game.action_from_json(data)
        except RecordError as exc:
            raise RecordError(f"action {i + 1} of the record is malformed: {exc}") from None
        if state.is_chance_node():
            expected = state.sample_chance(chance_rng(secret, i))
            if expected.to_json() != action.to_json():
                raise RecordError(
                    f"action {i + 1} of the record is {state.action_to_string(action)!r}, "
                    f"but the secret gives {state.action_to_string(expected)!r}"
                )
            checked += 1
        try:
            state.apply_action(action)
        except AleaError as exc:
            raise RecordError(f"action {i + 1} of the record is illegal there: {exc}") from None
    return checked
