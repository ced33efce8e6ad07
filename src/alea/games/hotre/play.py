"""The moves of the game contract: legal decisions, chance events and applying an action.

Each stage offers its decisions here; the rule modules give them effect. An illegal action is
refused with the rule it breaks, and changes nothing.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Final

from alea.core.errors import IllegalActionError
from alea.core.game import CHANCE, Action, listed
from alea.core.rng import sample_weighted
from alea.games.hotre import (
    build,
    cities,
    combat,
    counters,
    events,
    forces,
    movement,
    scoring,
    targets,
    turns,
)
from alea.games.hotre.actions import (
    SEATS,
    Deal,
    Decide,
    Dice,
    DrawCounter,
    HandTo,
    Offer,
    Order,
    Pick,
    PlayCard,
    Round,
)
from alea.games.hotre.cards import SETS
from alea.games.hotre.constants import (
    ANSWER,
    BUILD,
    COUNTER_DRAWS,
    DEAL,
    DEALS,
    DECIDE,
    DECLARE,
    DICE,
    DISPLACE,
    DRAW,
    ENDROLL,
    EPIDEMY,
    EXPAND,
    FORTCHOICE,
    FOUND,
    HAND,
    HAND_TO,
    LOOTCHOICE,
    LOOTROLL,
    OFFER,
    ORDER,
    OVER,
    PICKS,
    REBELRETREAT,
    REBELROUND,
    RETREAT,
    ROUND,
    STAGE_NAMES,
    TAKEUP,
)
from alea.games.hotre.dice import SUM_DIST, binomial, round_outcomes
from alea.games.hotre.movement import expand_choices
from alea.games.hotre.position import HotrePosition, without


def legal_actions(s: HotrePosition) -> list[Action]:
    """The decisions open to the seat to move, in a fixed order."""
    p = s.player
    if p < 0:
        return []
    st = s.stage
    if st == HAND:
        return [HAND_TO[p, t] for t in counters.hand_targets(s)]
    if st == DECLARE:
        out: list[Action] = targets.card_plays(s, True)
        out.append(DECIDE[p, "end_declaration"])
        return out
    if st == BUILD:
        return build.build_options(s)
    if st == TAKEUP:
        picks = PICKS["take_up"][p]
        out = [picks[land] for land in movement.takeup_lands(s)]
        out.append(DECIDE[p, "done_takeup"])
        return out
    if st == EXPAND:
        return expand_choices(s)
    if st == RETREAT:
        picks = PICKS["retreat"][p]
        out = [picks[land] for land in forces.retreats(s, s.battle_land, s.battle_defender)]
        out.append(DECIDE[p, "stand"])
        return out
    if st == DISPLACE:
        src, force = s.task_queue[0], s.task_queue[1]
        picks = PICKS["retreat"][p]
        out = [picks[land] for land in forces.retreats(s, src, force, True)]
        out.append(DECIDE[p, "eliminate"])
        return out
    if st == FORTCHOICE:
        return [DECIDE[p, "take_fort"], DECIDE[p, "destroy_fort"]]
    if st == LOOTCHOICE:
        return [DECIDE[p, "loot"], DECIDE[p, "spare"]]
    if st == FOUND:
        picks = PICKS["found"][p]
        return [picks[land] for land in cities.found_sites(s)[0]]
    if st == REBELRETREAT:
        picks = PICKS["retreat"][p]
        out = [picks[land] for land in forces.retreats(s, s.pending[0], p)]
        out.append(DECIDE[p, "stand"])
        return out
    if st == OFFER:
        return [Offer(p, k) for k in range(s.faction_points[p] + 1)]
    if st == ANSWER:
        return [DECIDE[p, "accept"], DECIDE[p, "refuse"]]
    return []


def chance_outcomes(s: HotrePosition) -> list[tuple[Action, float]]:
    """Exact outcomes of the pending chance event."""
    if s.player != CHANCE:
        return []
    st = s.stage
    if st == ORDER:
        perms = list(itertools.permutations(range(s.seat_count)))
        return [(Order(p), 1 / len(perms)) for p in perms]
    if st == DEAL:
        cards = counters.deal_pool(s)
        return [(DEALS[s.deal_seat, c], 1 / len(cards)) for c in cards]
    if st == DRAW:
        pile = s.counter_pile
        return [(COUNTER_DRAWS[bool(s.emperor_handout), k], 1 / len(pile)) for k in pile]
    if st == ROUND:
        return round_outcomes(*combat.round_params(s))
    if st == LOOTROLL:
        return [(DICE[v], p) for v, p in SUM_DIST[s.pending[2]]]
    if st == ENDROLL:
        return [(DICE[v], p) for v, p in SUM_DIST[1]]
    if st == EPIDEMY:
        k = s.armies_in_land[s.pending[2]]
        return [(DICE[v], p) for v, p in binomial(k, s.pending[1] / 6)]
    if st == REBELROUND:
        return round_outcomes(*events.rebel_params(s))
    return []


def sample_chance(s: HotrePosition, rng: random.Random) -> Action:
    """Draw the pending chance outcome with its exact probabilities."""
    st = s.stage
    if st == DRAW:
        return COUNTER_DRAWS[
            bool(s.emperor_handout),
            s.counter_pile[int(rng.random() * len(s.counter_pile))],
        ]
    if st == DEAL:
        pool = counters.deal_pool(s)
        return DEALS[s.deal_seat, pool[int(rng.random() * len(pool))]]
    outcomes = chance_outcomes(s)
    if not outcomes:
        raise IllegalActionError("no chance event is pending: a player decides now", "HRE-1.4")
    return sample_weighted(outcomes, rng)


def apply_action(s: HotrePosition, action: Action) -> None:
    """Apply ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
    if s.stage == OVER:
        raise IllegalActionError("the game is over", "HRE-14.1")
    if s.player == CHANCE:
        if not _drawn_fairly(s, action) and not listed(action, [a for a, _ in chance_outcomes(s)]):
            raise IllegalActionError(f"{action} is not the chance event pending now", "HRE-1.4")
        s._legal = None  # as below
        apply_chance(s, action)
    else:
        legal = s._legal
        if legal is None:
            legal = s._legal = legal_actions(s)
        if not listed(action, legal):
            raise IllegalActionError(*why(s, action))
        s._legal = None  # the rules below may leave the next seat's choices here
        apply_decision(s, action, legal)
    s._hist = (action, s._hist)
    s._hlen += 1


def _drawn_fairly(s: HotrePosition, a: Action) -> bool:
    """Whether ``a`` is surely among ``chance_outcomes``: a quick test for deals, draws, rounds.

    ``False`` means only that the full list must be asked.
    """
    t = type(a)
    st = s.stage
    if st == DEAL and t is Deal:
        return a.seat == s.deal_seat and counters.in_deal_pool(s, a.card)  # type: ignore[attr-defined]
    if st == ROUND and t is Round:
        for outcome, _ in round_outcomes(*combat.round_params(s)):  # noqa: SIM110 -- cheaper than any() here
            if outcome is a:
                return True
        return False
    if st == DRAW and t is DrawCounter:
        number = a.number  # type: ignore[attr-defined]
        return (
            type(number) is int
            and a.emperor == bool(s.emperor_handout)  # type: ignore[attr-defined]
            and number in s.counter_pile
        )
    return False


def why(s: HotrePosition, a: Action) -> tuple[str, str]:
    """Why ``a`` is refused now: a sentence and the rule it breaks."""
    seat = getattr(a, "seat", -2)
    if seat == -2:
        return f"{a}: a player decides now, no chance event is pending", "HRE-1.4"
    if seat != s.player:
        return f"{a}: it is {SEATS[s.player]}'s decision now", "HRE-3.8"
    st = s.stage
    if isinstance(a, PlayCard):
        if a.card not in s.hands[seat]:
            return f"{a}: the card is not in the hand", "HRE-2.4"
        if s.cards_played[seat] >= 2:
            return f"{a}: two cards per period at most", "HRE-4.0"
        return f"{a}: the card cannot be played now or there", "HRE-8.1"
    if st == HAND:
        return f"{a}: the counter must go to a seat holding none", "HRE-3.2"
    if st == BUILD:
        return f"{a}: not a purchase the Faction can make now", "HRE-5.0"
    if st == TAKEUP:
        return f"{a}: no army may be taken up there", "HRE-11.1"
    if st == EXPAND:
        if isinstance(a, Pick) and a.verb == "start":
            return f"{a}: not a free starting land", "HRE-5.5"
        return f"{a}: not a land this force can reach or stack in", "HRE-4.8"
    if st in (RETREAT, DISPLACE):
        return f"{a}: no retreat there", "HRE-9.4" if st == RETREAT else "HRE-9.1"
    if st == FOUND:
        return f"{a}: not a City site of the current priority", "HRE-13.2"
    return f"{a}: not a legal decision now ({STAGE_NAMES[st]})", "HRE-3.0"


def apply_chance(s: HotrePosition, a: Action) -> None:
    """Give effect to the chance outcome ``a``."""
    st = s.stage
    if st == DEAL:
        assert isinstance(a, Deal)
        s.card_box = without(s.card_box, a.card)
        s.hands[a.seat].append(a.card)
        s.deal_seat += 1
        if s.deal_seat == s.seat_count:
            s.deal_seat = 0
            s.deal_set += 1
        if s.deal_set > SETS:
            s.stage = ORDER
        return
    if st == ORDER:
        assert isinstance(a, Order)
        s.draw_order = tuple(a.seats)
        counters.begin_handout(s)
        return
    if st == DRAW:
        assert isinstance(a, DrawCounter)
        s.counter_pile = without(s.counter_pile, a.number)
        s.drawn_counter = a.number
        s.stage = HAND
        s.player = s.draw_order[s.draw_position]
        counters.auto_hand(s)
        return
    if st == ROUND:
        assert isinstance(a, Round)
        combat.resolve_round(s, a.attacker_wins, a.died)
        return
    if st == REBELROUND:
        assert isinstance(a, Round)
        events.rebel_round(s, a.attacker_wins)
        return
    assert isinstance(a, Dice)
    if st == LOOTROLL:
        combat.loot_scored(s, a.value)
    elif st == ENDROLL:
        scoring.end_roll(s, a.value)
    elif st == EPIDEMY:
        events.epidemy(s, a.value)


_LAND_OR_CLOSE: Final[
    dict[int, tuple[Callable[[HotrePosition, int], None], Callable[[HotrePosition], None]]]
] = {
    RETREAT: (combat.retreat_legion, combat.stand),
    REBELRETREAT: (events.rebel_retreat, events.rebels_fight_on),
}
"""Steps decided by naming a land or by the one closing decision: what each choice does."""
_YES_OR_NO: Final[dict[int, tuple[Callable[[HotrePosition, bool], None], str]]] = {
    FORTCHOICE: (combat.choose_fort, "take_fort"),
    LOOTCHOICE: (combat.choose_loot, "loot"),
    ANSWER: (combat.answer_bribe, "accept"),
}
"""Steps decided yes or no: what takes the answer, and the verb that says yes."""


def apply_decision(s: HotrePosition, a: Action, choices: list[Action] | None = None) -> None:
    """Give effect to the legal decision ``a``, chosen from ``choices`` if given."""
    st = s.stage
    kind = type(a)  # exact types: a check against the Action base class would go through abc
    if kind is PlayCard:
        events.play(s, a)  # type: ignore[arg-type]
        return
    if st == EXPAND:  # the most frequent step first
        if kind is not Pick:
            movement.end_expansion(s)
            return
        pick: Pick = a  # type: ignore[assignment]
        if pick.verb == "free_fort":
            movement.free_fort(s, pick.land)
        else:
            movement.place(s, pick.land, pick.verb == "start", choices)
        return
    if st == TAKEUP:
        if kind is Pick:
            movement.take_up(s, a.land, choices)  # type: ignore[attr-defined]
        else:
            movement.end_takeup(s)
        return
    land_or_close = _LAND_OR_CLOSE.get(st)
    if land_or_close is not None:
        on_land, on_close = land_or_close
        if kind is Pick:
            on_land(s, a.land)  # type: ignore[attr-defined]
        else:
            on_close(s)
        return
    yes_or_no = _YES_OR_NO.get(st)
    if yes_or_no is not None:
        answer, yes = yes_or_no
        answer(s, a.verb == yes)  # type: ignore[attr-defined]
        return
    if st == HAND:
        assert isinstance(a, HandTo)
        counters.hand(s, a.seat, a.to)
        return
    if st == DECLARE:
        turns.after_declaration(s)
        return
    if st == BUILD:
        if kind is Decide and a.verb == "end_build":  # type: ignore[attr-defined]
            movement.start_takeup(s)
        else:
            build.buy(s, a, choices)
        return
    if st == DISPLACE:
        movement.displace(s, a.land if kind is Pick else -1)  # type: ignore[attr-defined]
        return
    if st == OFFER:
        assert isinstance(a, Offer)
        combat.offer_bribe(s, a.amount)
        return
    if st == FOUND:
        assert isinstance(a, Pick)
        cities.found(s, a.land)
