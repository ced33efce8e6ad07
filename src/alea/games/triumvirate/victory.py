"""Victory and the end of the game (TRI-9.1 to TRI-9.4), and each seat's results.

The last leader standing (TRI-9.1) is found where a leader falls, in ``leaders``; holding Rome
(TRI-9.2) and the round cap (TRI-9.3) are checked at the end of each turn, from ``turn``.
"""

from __future__ import annotations

from alea.core.game import TERMINAL
from alea.core.positions import win_shares
from alea.games.triumvirate.board import FORCES
from alea.games.triumvirate.constants import END_CAP, END_LAST, END_ROME, OVER, ROME
from alea.games.triumvirate.position import TriumviratePosition


def finish(s: TriumviratePosition, winner: int, reason: str) -> None:
    """End the game: ``winner`` (-1 for none) for ``reason``, an END_* constant (TRI-9.4)."""
    s.winner = winner
    s.end_reason = reason
    s.pass_to(TERMINAL, OVER)
    s.battle = None
    s.battle_queue = []


def held_rome(s: TriumviratePosition, p: int) -> bool:
    """TRI-9.2: count the turn ``p`` ends in Rome in the civil war; True once he has won."""
    if s.civil_war and s.leader[p] == ROME:
        s.rome_turns[p] += 1
        if s.rome_turns[p] >= s.game.opts.rome_turns_to_win:
            finish(s, p, END_ROME)
            return True
    else:
        s.rome_turns[p] = 0
    return False


def past_round_cap(s: TriumviratePosition) -> bool:
    """TRI-9.3: begin the next round; past the cap the game ends with no winner."""
    s.round += 1
    if s.round > s.game.opts.max_rounds:
        finish(s, -1, END_CAP)
        return True
    return False


def returns(s: TriumviratePosition) -> list[float]:
    """1.0 to the winner, 0.0 to the others; all 0.0 at the round cap or before the end."""
    return win_shares([s.winner] if s.stage == OVER and s.winner >= 0 else [], 3)


def outcome_text(s: TriumviratePosition) -> str:
    """How the game ended, in a sentence."""
    if s.stage != OVER:
        return ""
    if s.end_reason == END_ROME:
        n = s.game.opts.rome_turns_to_win
        return f"{FORCES[s.winner]} held Rome for {n} turns of the civil war and rules Rome"
    if s.end_reason == END_LAST:
        return f"{FORCES[s.winner]} is the last leader standing"
    return f"no one took Rome within {s.game.opts.max_rounds} rounds: no winner"
