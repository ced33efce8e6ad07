"""The games; importing this package registers each of them with the core registry."""

from alea.games import triumvirate

__all__ = ["triumvirate"]
