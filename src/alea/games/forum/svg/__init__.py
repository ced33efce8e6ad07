"""The Forum board as a standalone SVG, drawn from ``observation(p)`` and the static board.

The map shows the trade network: links as lines, each market shaped by its type (circle small,
triangle large, square exotic) on a soft wash of its region's colour, its distance from Rome
inside, its name and printed profits beside it, and on it the horrea, agents and
local-aristocracy marriages of each family. Rome sits large and crimson at the centre.

A side panel holds the families (money, prestige, tokens, children), the prestige ladder with
its benefactions, the money ladder, the marriages, and the fate card last drawn. A header says
whose move it is; the end of the game is announced over the map. Only the observation is
read, so a seat never sees more than the rules show it. Each market's group carries
``data-place`` (its name), the key a clickable client matches against ``place_of(action)``.

What each module draws: ``style`` (palette, geometry, helpers), ``labels`` (where names and
profits go), ``board_map`` (the map), ``header`` (header and banner), ``families`` (the side
panel's turn track and family boards), ``ladders`` (prestige and money ladders, marriages,
fate) and ``picture`` (the whole document).
"""

from alea.games.forum.svg.picture import render_svg

__all__ = ["render_svg"]
