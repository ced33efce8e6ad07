"""The games; importing this package registers each of them with the core registry."""

from alea.games import forum, triumvirate

__all__ = ["forum", "triumvirate"]
