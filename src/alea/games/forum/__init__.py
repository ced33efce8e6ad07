"""Forum: Trade Empires of Rome (two to four players, a trade network, prestige)."""

from alea.core.registry import register_bot, register_game, register_search
from alea.games.forum import search
from alea.games.forum.bot import ForumBot
from alea.games.forum.game import ForumGame

register_game("forum", ForumGame)
register_bot("forum", "heuristic", ForumBot)
register_search("forum", search)

__all__ = ["ForumBot", "ForumGame"]
