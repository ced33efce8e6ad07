"""Forum: Trade Empires of Rome (two to four players, a trade network, prestige)."""

from alea.core.registry import register_game
from alea.games.forum.game import ForumGame

register_game("forum", ForumGame)

__all__ = ["ForumGame"]
