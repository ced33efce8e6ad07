"""The games; importing this package registers each of them with the core registry."""

from alea.games import forum, hotre, triumvirate

__all__ = ["forum", "hotre", "triumvirate"]
