"""History of the Roman Empire (Marco Broglia; two to four players, seven periods).

Each player runs a Roman Faction and, period by period, a Barbarian People, and scores for
Cities and for presence in the nine areas of the map (``RULES.md``).
"""

from alea.core.registry import register_bot, register_game, register_search
from alea.games.hotre import search
from alea.games.hotre.bot import HotreBot
from alea.games.hotre.game import HotreGame

register_game("hotre", HotreGame)
register_bot("hotre", "heuristic", HotreBot)
register_search("hotre", search)

__all__ = ["HotreBot", "HotreGame"]
