"""The deal and the numbered counters (HRE-2.3, HRE-2.4, HRE-3.1 to HRE-3.7).

Dealing the hands, handing out the People and Emperor counters in drawing order, what a seat
sees of them, and the bonuses of the Emperor a seat holds (HRE-3.5).
"""

from __future__ import annotations

from typing import Any, Final

from alea.core.game import CHANCE
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS, BonusKind
from alea.games.hotre.constants import DRAW, HAND
from alea.games.hotre.position import HotrePosition, replaced


def emperor(s: HotrePosition, seat: int) -> Any:
    """The Emperor chart row of the counter ``seat`` holds, or ``None``."""
    k = s.emperor_counter[seat]
    if not k:
        return None
    return CHARTS.emperors[(s.period - 1) * 6 + k - 1]


_BONUS: Final = tuple(
    (e.bonus.kind, int(e.bonus.value)) if e.bonus is not None else (None, 0)
    for e in CHARTS.emperors
)
"""Per Emperor chart row: the kind and figure of its bonus, ``(None, 0)`` if it has none."""


def emperor_bonus(s: HotrePosition, seat: int, kind: BonusKind) -> int:
    """The bonus of ``kind`` that the Emperor of ``seat`` gives, 0 if none (HRE-3.5)."""
    k = s.emperor_counter[seat]
    if not k:
        return 0
    has, value = _BONUS[(s.period - 1) * 6 + k - 1]
    return value if has is kind else 0


_SET_OF: Final = (0, *(c.set for c in DECK))
"""The set of each card id (HRE-2.3); id 0 is no card."""


def deal_pool(s: HotrePosition) -> list[int]:
    """The undealt cards of the set being dealt (HRE-2.3)."""
    card_set = s.deal_set
    return [c for c in s.card_box if _SET_OF[c] == card_set]


def in_deal_pool(s: HotrePosition, card: object) -> bool:
    """Whether ``card`` is an undealt card of the set being dealt, without listing the pool."""
    return type(card) is int and card in s.card_box and _SET_OF[card] == s.deal_set


def begin_handout(s: HotrePosition) -> None:
    """Put the counters of the hand-out in the cup; the first draw comes next (HRE-3.2)."""
    s.counter_pile = (1, 2, 3, 4, 5) if not s.emperor_handout else (1, 2, 3, 4, 5, 6)
    s.draw_position = 0
    s.stage = DRAW
    s.player = CHANCE


def hand_targets(s: HotrePosition) -> list[int]:
    """The seats the drawer may hand the drawn counter to (HRE-3.2)."""
    held = s.emperor_counter if s.emperor_handout else s.people_counter
    d = s.draw_order[s.draw_position]
    empty = [t for t in range(s.seat_count) if not held[t] and t != d]
    if not held[d]:
        return [d, *empty]
    return empty


def hand(s: HotrePosition, seat: int, to: int) -> None:
    """Seat ``seat`` hands the drawn counter to ``to`` (HRE-3.2); the next draw, or play begins."""
    held = s.emperor_counter if s.emperor_handout else s.people_counter
    bit = 0 if held[seat] else 1 << seat  # HRE-3.2: a seat already handed one does not look
    if s.emperor_handout:
        s.emperor_counter = replaced(s.emperor_counter, to, s.drawn_counter)
        s.emperor_counter_seen = replaced(s.emperor_counter_seen, to, bit)
    else:
        s.people_counter = replaced(s.people_counter, to, s.drawn_counter)
        s.people_counter_seen = replaced(s.people_counter_seen, to, bit)
    s.drawn_counter = 0
    s.draw_position += 1
    if s.draw_position < s.seat_count:
        s.stage = DRAW
        s.player = CHANCE
        return
    if not s.emperor_handout:
        s.emperor_handout = 1
        begin_handout(s)
        return
    # HRE-3.6: both hand-outs over, each holder sees its counters
    s.people_counter_seen = tuple(m | 1 << each for each, m in enumerate(s.people_counter_seen))
    s.emperor_counter_seen = tuple(m | 1 << each for each, m in enumerate(s.emperor_counter_seen))
    s.next_people_call = 1
    s.next_emperor_call = 1
    s._next_half()


def auto_hand(s: HotrePosition) -> None:
    """Make a hand-over the rules leave no choice in (HRE-3.2); it is not a decision."""
    while s.player >= 0 and s.stage == HAND:
        targets = hand_targets(s)
        if len(targets) != 1:
            return
        hand(s, s.player, targets[0])


def drawn_seen_by(s: HotrePosition, seats: set[int]) -> bool:
    """Whether one of ``seats`` looked at the counter being handed out (HRE-3.2).

    Only its drawer does, and only if the drawer holds no counter of that kind yet: a seat
    that was already handed one passes its draw on unseen.
    """
    if s.stage not in (DRAW, HAND) or not s.drawn_counter:
        return False
    drawer = s.draw_order[s.draw_position]
    held = s.emperor_counter if s.emperor_handout else s.people_counter
    return drawer in seats and not held[drawer]
