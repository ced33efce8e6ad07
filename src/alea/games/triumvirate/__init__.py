"""Roman Conquest: The First Triumvirate (three players, hex map, conquests, civil war)."""

from alea.core.registry import register_game
from alea.games.triumvirate.game import TriumvirateGame

register_game("triumvirate", TriumvirateGame)

__all__ = ["TriumvirateGame"]
