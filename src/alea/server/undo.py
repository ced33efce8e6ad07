"""Taking a decision back: allowed while nothing has been revealed since it was made.

A player may take back their own last decisions as long as no chance outcome, no other seat's
decision and no hidden information came after them. The first two the room sees directly (any
move the server plays, or another seat's, closes the door). The third is checked here: a
decision reveals something when its outcome, as its player sees it, could have been different
had the hidden parts of the position been otherwise. The check plays the decision again on
positions the player could not tell from the real one (``State.determinize``) and compares what
the player would then see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from alea.core.game import Action, State
from alea.core.rng import make_rng

SAMPLES = 8
"""Other possible positions the decision is tried on."""


@dataclass
class Taken:
    """A decision a player may take back: the position before it, and whether it revealed."""

    seat: int
    seq: int
    """Moves applied once the decision was made (the position it may be taken back from)."""
    before: State
    action: Action
    text: str
    prior_actor: int | None
    """Who made the move before it (what the room knows again once it is taken back)."""
    revealed: bool | None = field(default=None)
    """Computed when first asked (``None``: not yet)."""


def reveals(before: State, action: Action, seat: int, after: State) -> bool:
    """Whether applying ``action`` showed ``seat`` something hidden before it.

    Observations are compared as values (the same rules code builds each of them, so equal
    contents come in equal types); anything that compares unequal counts as shown.
    """
    seen = after.observation(seat)
    for k in range(SAMPLES):
        try:
            other = before.determinize(seat, make_rng(k))
            other.apply_action(action)
        except Exception:  # a position where the decision means something else: assume it shows
            return True
        if other.observation(seat) != seen:
            return True
    return False


def revealed(entry: Taken, after: State) -> bool:
    """``reveals`` for a decision, computed once."""
    if entry.revealed is None:
        entry.revealed = reveals(entry.before, entry.action, entry.seat, after)
    return entry.revealed
