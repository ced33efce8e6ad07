"""Forum in a terminal: a schematic map of the trade network, the ladders and a narrated log.

Everything shown is read from ``state.observation(seat)`` and the static board and cards, so
the view never sees more than the seat it is drawn for: in the short rules another family's
sons and daughters appear only as a number of cards. The terminal front end registers these
functions for the game; the rules never import them.

What each module draws: ``names`` (colours, codes, the guide), ``board_map`` (the map),
``tables`` (families, benefactions, ties, fate, markets), ``screen`` (the header, the status
lines and ``render``), ``choices`` (the numbered choices) and ``log`` (the narrated log).
"""

from alea.core.notes import Note
from alea.games.forum.actions import GENTES
from alea.games.forum.terminal.board_map import legend, map_text
from alea.games.forum.terminal.choices import choice_rows, spend
from alea.games.forum.terminal.log import narrate
from alea.games.forum.terminal.names import (
    CODES,
    GUIDE,
    SHORT_NAMES,
    _band,
    _money,
    code,
    destination,
    find_place,
    guide,
    market_name,
)
from alea.games.forum.terminal.screen import header, render
from alea.games.forum.terminal.tables import benefactions_table, markets_panel, players_table

__all__ = [
    "CODES",
    "GENTES",
    "GUIDE",
    "SHORT_NAMES",
    "Note",
    "_band",
    "_money",
    "benefactions_table",
    "choice_rows",
    "code",
    "destination",
    "find_place",
    "guide",
    "header",
    "legend",
    "map_text",
    "market_name",
    "markets_panel",
    "narrate",
    "players_table",
    "render",
    "spend",
]
