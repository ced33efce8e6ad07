"""The codec of each game: its fixed action index space and its observation encoder.

This registry is the one place where the RL layer meets individual games: each module here
imports its own game's actions and board, nothing else of it. A registered game without a
codec gets the generic fallback (``GameCodec.generic`` is then true).
"""

from __future__ import annotations

from alea.core.game import Game
from alea.rl.codecs.base import (
    OBS_HIGH,
    OBS_LOW,
    ActionCodec,
    CodecFactory,
    GameCodec,
    HashedObservationEncoder,
    IllegalIndexError,
    Layout,
    LegalIndexCodec,
    ObservationEncoder,
    TableCodec,
    generic_codec,
)
from alea.rl.codecs.forum import forum_codec
from alea.rl.codecs.hotre import hotre_codec
from alea.rl.codecs.triumvirate import triumvirate_codec

_FACTORIES: dict[str, CodecFactory] = {
    "forum": forum_codec,
    "hotre": hotre_codec,
    "triumvirate": triumvirate_codec,
}
_CACHE: dict[tuple[str, str], GameCodec] = {}


def register_codec(game: str, factory: CodecFactory) -> None:
    """Use ``factory(game) -> GameCodec`` for every loaded game named ``game``."""
    _FACTORIES[game] = factory
    for key in [k for k in _CACHE if k[0] == game]:
        del _CACHE[key]


def has_codec(game: str) -> bool:
    """Whether ``game`` has a codec of its own (rather than the generic fallback)."""
    return game in _FACTORIES


def codec_for(game: Game) -> GameCodec:
    """The codec of ``game`` as loaded (player count and options), built once and cached."""
    key = (game.name, repr(sorted(game.options.items())) + f"/{game.num_players}")
    codec = _CACHE.get(key)
    if codec is None:
        factory = _FACTORIES.get(game.name, generic_codec)
        codec = _CACHE[key] = factory(game)
    return codec


__all__ = [
    "OBS_HIGH",
    "OBS_LOW",
    "ActionCodec",
    "CodecFactory",
    "GameCodec",
    "HashedObservationEncoder",
    "IllegalIndexError",
    "Layout",
    "LegalIndexCodec",
    "ObservationEncoder",
    "TableCodec",
    "codec_for",
    "generic_codec",
    "has_codec",
    "register_codec",
]
