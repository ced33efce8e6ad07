"""History of the Roman Empire's heuristic bot: one-ply greedy look-ahead on a canonical position.

The plan: for every legal decision, apply it to a copy of the position, average over the next few
chance events (battle rounds, dice), and score the result: the player's People and Faction points,
plus what its holdings would score now (HRE-14), plus the score pending at the end of the half-turn
in progress (so ending a turn is not mistaken for a gain), less half the best rival's worth.

The copy is *canonical*: every card and counter the bot's player
cannot see is re-dealt in a fixed, sorted way that depends only on what the player may see
(``HotreState.observation``), so the choice never depends on another seat's hidden hand or
counters (a determinization with sorting in place of shuffling). Bribe offers (HRE-15.4) are always
"no offer"; ties between equally good decisions are broken by ``rng``.
"""

from __future__ import annotations

import random
from typing import Final

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.games.hotre import counters, views
from alea.games.hotre.actions import Decide, Offer
from alea.games.hotre.board import BOARD
from alea.games.hotre.charts import BonusKind
from alea.games.hotre.constants import (
    AREA_LANDS,
    CONSTANTINOPLE,
    DEAL,
    DRAW,
    ENDROLL,
    FACTION,
    HAND,
    ORDER,
    OVER,
    ROME,
)
from alea.games.hotre.state import HotreState

HOLD: Final = 0.8
"""Weight of what a seat's holdings would score now (they score again in later turns)."""
IDLE: Final = frozenset((ORDER, DEAL, DRAW, HAND, OVER, ENDROLL))
"""Stages outside a half-turn: no score is pending for the active seat."""
CHANCE_DEPTH: Final = 3
"""Chance events the look-ahead averages over after a decision."""
RIVAL: Final = 0.5
"""Weight of the best rival's points against one's own."""


def canonical(state: HotreState, player: int) -> HotreState:
    """A copy in which what ``player`` cannot see is dealt in a fixed, sorted order.

    ``HotreState.determinize`` without the shuffle, so the result depends only on ``player``'s
    observation.
    """
    return views.redeal(state, player, None)


def holdings(state: HotreState) -> list[tuple[int, int]]:
    """Per seat, what its People and its Faction holdings would score now.

    The same as ``(state.score_half(s, False), state.score_half(s, True))`` for every seat ``s``,
    computed in one pass over the map (the look-ahead calls it thousands of times a game).
    """
    S = state.seat_count
    occ, fk, fo, city, fort, fown = (
        state.force_in_land,
        state.force_kind,
        state.force_owner,
        state.city_state,
        state.fort_level,
        state.fort_owner,
    )
    who = [fo[g] if g >= 0 else -1 for g in occ]
    special = state.period >= state.opts.constantinople_from
    dom = state.opts.domination_min_lands
    ppl = [0] * S
    fac = [0] * S
    fac_lands = [0] * S
    for i, g in enumerate(occ):
        w = who[i]
        if g < 0 or not 0 <= w < S:
            continue
        faction = fk[g] == FACTION
        if faction:
            fac_lands[g] += 1
        if city[i] == 1:
            big = i == ROME or (i == CONSTANTINOPLE and special)
            if faction:
                fac[g] += 3 if big else 2
            else:
                ppl[w] += 2 if big else 1
    for a, alands in enumerate(AREA_LANDS):
        value = BOARD.areas[a].vp[state.period - 1]
        by_who = [0] * S
        people = [0] * S
        faction_have = [0] * S
        forts = [0] * S
        for i in alands:
            g = occ[i]
            if g >= 0:
                if not 0 <= who[i] < S:
                    continue
                by_who[who[i]] += 1
                if fk[g] == FACTION:
                    faction_have[g] += 1
                else:
                    people[who[i]] += 1
            elif fort[i] and 0 <= fown[i] < S:
                forts[fown[i]] += 1
        if not any(people) and not any(faction_have):
            continue
        top = max(by_who)
        second = sorted(by_who)[-2] if S > 1 else 0
        for seat in range(S):
            best_other = second if by_who[seat] == top else top
            for have, control, out in (
                (people[seat], people[seat], ppl),
                (faction_have[seat], faction_have[seat] + forts[seat], fac),
            ):
                if not have:
                    continue
                if control >= 5:
                    out[seat] += 3 * value
                elif have >= 3 or (have > best_other and have >= dom):
                    out[seat] += 2 * value
                else:
                    out[seat] += value
    for seat in range(S):
        if fac_lands[seat]:
            fac[seat] += counters.emperor_bonus(state, seat, BonusKind.VP) * fac_lands[seat]
    return list(zip(ppl, fac, strict=True))


def worths(state: HotreState) -> list[float]:
    """Per player: points, plus what its holdings would score now, plus the score pending.

    The pending score is what the active seat's half-turn in progress scores when it ends, so
    ending a turn is not mistaken for a gain.
    """
    worth = [0.0] * state.n
    held = holdings(state)
    for s, (people, faction) in enumerate(held):
        q = state.seat_player(s)
        worth[q] += state.people_points[s] + state.faction_points[s] + HOLD * (people + faction)
    a = state.active_seat
    pending = state.stage not in IDLE and 0 <= a < state.seat_count and state.half_turn in (1, 2)
    if pending and (state.half_turn == 1 or not state.faction_dead[a]):
        worth[state.seat_player(a)] += held[a][state.half_turn - 1]
    return worth


def evaluate(state: HotreState, player: int) -> float:
    """The look-ahead's worth for ``player``: points plus what holdings would score, less rivals."""
    if state.is_terminal():
        r = state.returns()[player]
        return 1000.0 * r - 500.0
    worth = worths(state)
    rival = max((worth[q] for q in range(state.n) if q != player), default=0.0)
    return worth[player] - RIVAL * rival


def expect(state: HotreState, player: int, depth: int) -> float:
    """``evaluate`` averaged over the next few chance events (battle rounds, dice)."""
    if depth <= 0 or not state.is_chance_node():
        return evaluate(state, player)
    outcomes = state.chance_outcomes()
    if len(outcomes) > 8:
        return evaluate(state, player)
    total = 0.0
    for a, p in outcomes:
        c = state.clone()
        c.apply_action(a)
        total += p * expect(c, player, depth - 1)
    return total


class HotreBot(Agent):
    """Greedy one-ply look-ahead on a canonical determinization; reads only its own view."""

    name = "heuristic"

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Choose a legal action for ``player``."""
        assert isinstance(state, HotreState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Offer):
            return legal[0]
        base = canonical(state, player)
        assert base.legal_actions() == legal, "the canonical copy must offer the same choices"
        best: list[Action] = []
        best_value = -1e18
        for a in legal:
            c = base.clone()
            c.apply_action(a)
            v = expect(c, player, CHANCE_DEPTH)
            if isinstance(a, Decide) and a.verb in ("end_expansion", "end_build", "done_takeup"):
                v -= 0.05
            if v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return best[int(rng.random() * len(best))]
