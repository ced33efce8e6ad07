"""Roman Conquest: The First Triumvirate (three players, hex map, conquests, civil war)."""

from alea.core.registry import register_bot, register_game, register_search
from alea.games.triumvirate import search
from alea.games.triumvirate.bot import TriumvirateBot
from alea.games.triumvirate.game import TriumvirateGame

register_game("triumvirate", TriumvirateGame)
register_bot("triumvirate", "heuristic", TriumvirateBot)
register_search("triumvirate", search)

__all__ = ["TriumvirateBot", "TriumvirateGame"]
