"""History of the Roman Empire (Marco Broglia; two to four players, seven periods).

Each player runs a Roman Faction and, period by period, a Barbarian People, and scores for
Cities and for presence in the nine areas of the map (``RULES.md``).
"""

from alea.core.registry import register_bot, register_game, register_hook
from alea.games.hotre import search
from alea.games.hotre.bot import HotreBot
from alea.games.hotre.game import HotreGame

register_game("hotre", HotreGame)
register_bot("hotre", "heuristic", HotreBot)
register_hook("hotre", "prior", search.prior)
register_hook("hotre", "rollout", search.rollout)
register_hook("hotre", "evaluate", search.evaluate)
register_hook("hotre", "rollout_depth", search.ROLLOUT_DEPTH)

__all__ = ["HotreBot", "HotreGame"]
