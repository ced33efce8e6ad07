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

The numbers of the plan and a few further terms of the evaluation are a :class:`Style`; its
defaults are the ``normal`` bot, and ``alea lab tune-bot hotre`` searches the others. A style may
also look further ahead along its own half-turn (``plan``): a decision is then worth the best
that its next decision of building, taking armies up or placing them can make of it, after the
dice of any battle in between, so that a Legion bought, an army taken up or a first army in a
shared Area is weighed with the placement it makes possible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.styles import BotStyle, read_style
from alea.games.hotre import counters, views
from alea.games.hotre.actions import Decide, Offer
from alea.games.hotre.board import BOARD
from alea.games.hotre.charts import CHARTS, BonusKind
from alea.games.hotre.constants import (
    AREA_LANDS,
    BUILD,
    CONSTANTINOPLE,
    DEAL,
    DRAW,
    ENDROLL,
    EXPAND,
    FACTION,
    HAND,
    ORDER,
    OVER,
    ROME,
    TAKEUP,
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
END_PENALTY: Final = 0.05
"""Taken off the worth of a decision that closes a step of the half-turn (ending expansion or
building, or the take-up of a land), so that among equal choices the bot goes on."""
ENDERS: Final = frozenset(("end_expansion", "end_build", "done_takeup"))
"""The decisions ``END_PENALTY`` is taken off."""
PLAN_WORK: Final = 40_000
"""Positions one decision's look-ahead (``plan`` above 1) may judge. The choices are looked
ahead from in the order of their one-step worth, best first; once this many positions are
judged, the choices not yet looked ahead from are passed over. Almost every decision judges
under 10,000; a rare one with dozens of battles in reach, over 100,000, would take seconds."""
PLAN_STAGES: Final = frozenset((BUILD, TAKEUP, EXPAND))
"""The stages whose decisions a ``plan`` above 1 looks ahead through: buying, taking armies up
and placing them, where one army more or less decides an Area's control (HRE-14.4)."""


@dataclass(frozen=True)
class Style(BotStyle):
    """How the bot weighs a position: the numbers of its plan. The defaults are ``normal``'s.

    Every term after ``end_penalty`` adds to a seat's worth its weight times a count of the
    seat's own; a weight of 0 leaves it out. Other values give other players of the same plan;
    ``alea lab tune-bot hotre`` searches them for the one that does best against the default,
    and the ``expert`` level plays that one.
    """

    WHO: ClassVar[str] = "the Roman Empire bot"
    LIMITS: ClassVar[dict[str, tuple[float, float | None]]] = {
        "hold": (0, 3),
        "rival": (0, 1),
        "depth": (0, 4),
        "end_penalty": (0, 5),
        "lead": (0, 1),
        "late": (-3, 3),
        "legions": (-3, 3),
        "armies": (-3, 3),
        "lands": (-3, 3),
        "cities": (-3, 3),
        "forts": (-3, 3),
        "cards": (-3, 3),
        "rvp": (-1, 1),
        "finale": (0, 1),
        "people": (-3, 3),
        "emperor": (-10, 10),
        "plan": (1, 3),
    }

    hold: float = HOLD
    """Weight of what a seat's holdings would score now against its points."""
    rival: float = RIVAL
    """Weight of the rivals' worth against one's own."""
    depth: int = CHANCE_DEPTH
    """Chance events the look-ahead averages over after a decision (0 to 4)."""
    end_penalty: float = END_PENALTY
    """Taken off a decision that closes a step of the half-turn."""
    lead: float = 0.0
    """The share of the rivals' weight on the second-best rival rather than the best (0 to 1):
    above 0, the bot minds its lead over the pack and not only over the leader."""
    late: float = 0.0
    """How much more holdings weigh early than late: ``hold`` grows by ``late`` times the share
    of the game still to come less a half, so holdings count more while they will score again."""
    legions: float = 0.0
    """Worth of each Legion (Faction army) a seat has on the map."""
    armies: float = 0.0
    """Worth of each army of a seat's People holdings on the map."""
    lands: float = 0.0
    """Worth of each land a seat's forces hold (its Faction's and its People holdings')."""
    cities: float = 0.0
    """Worth of each standing City a seat's forces hold."""
    forts: float = 0.0
    """Worth of each Fort or Fortress a seat's Faction owns (a Fortress counts two)."""
    cards: float = 0.0
    """Worth of each event card in the bot's own hand (the only hand it sees)."""
    rvp: float = 0.0
    """Added weight of Faction points, which are also the money a Faction spends: below 0 the
    bot spends more readily, above 0 it saves."""
    finale: float = 0.0
    """Weight, in the last period, of the end-of-game points for the lands a Faction holds
    (HRE-14.3.1), which the plain worth counts only once the game is over."""
    people: float = 0.0
    """Worth of each point of Strength by which the People counter the bot holds beats the
    average of its period (HRE-3.3): above 0 it keeps strong People when handing out."""
    emperor: float = 0.0
    """Worth of holding an Emperor with a bonus (HRE-3.5), less the share of its period's
    Emperors that have one: above 0 it keeps such Emperors when handing out."""
    plan: int = 1
    """Own decisions weighed at once (1 to 3). At 1 a decision is worth the position it leads to;
    at 2, where that position asks the bot for its next decision of building, taking up or
    placing armies (``PLAN_STAGES``, after the dice of any battle in between), the best that
    decision makes of it, and so on. Each step ahead multiplies the bot's time by the choices it
    weighs."""

    @property
    def own(self) -> bool:
        """Whether any term weighs what only the bot's own seats show it (cards, counters)."""
        return any((self.cards, self.people, self.emperor))

    @property
    def counts(self) -> bool:
        """Whether any term weighs the seats' forces, Cities or Forts."""
        return any((self.legions, self.armies, self.lands, self.cities, self.forts))


def _above_average(values: list[float]) -> tuple[float, ...]:
    """Each value less the average of all: 0 first, for no counter."""
    mean = sum(values) / len(values)
    return (0.0, *(v - mean for v in values))


PEOPLE_EDGE: Final = tuple(
    _above_average([float(p.strength) for p in CHARTS.period_peoples(period)])
    for period in range(1, len(CHARTS.peoples) // 5 + 1)
)
"""By period (from 0) and People counter (0 for none): its Strength less the period's mean."""
EMPEROR_EDGE: Final = tuple(
    _above_average([float(e.bonus is not None) for e in CHARTS.period_emperors(period)])
    for period in range(1, len(CHARTS.emperors) // 6 + 1)
)
"""By period (from 0) and Emperor counter (0 for none): 1 for a bonus, less the period's share."""

DEFAULT: Final = Style()
"""The ``normal`` bot's style."""

STYLE_SPACE: Final = {
    "hold": (0.4, 0.9),
    "rival": (0.3, 0.7),
    "depth": (2, 3),
    "end_penalty": (0.0, 0.1),
    "lead": (0.0, 0.2),
    "late": (-0.5, 0.2),
    "legions": (-0.1, 0.1),
    "armies": (0.0, 0.3),
    "lands": (0.0, 0.5),
    "cities": (-0.2, 0.2),
    "forts": (-0.2, 0.2),
    "cards": (-1.5, 0.0),
    "rvp": (-0.2, 0.0),
    "finale": (0.0, 1.0),
    "people": (0.0, 1.5),
    "emperor": (0.0, 2.0),
    "plan": (1, 2),
}
"""The range of each :class:`Style` parameter that ``alea lab tune-bot`` searches: narrow
around the defaults, and wider only where a change of one parameter alone won more games
against the default bot (a style far from the defaults in every parameter loses badly). A
trial at ``plan=2`` takes many times longer than one at 1."""


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


def counts(state: HotreState) -> list[tuple[int, int, int, int, int, int]]:
    """Per seat: its Legions, its People holdings' armies, Cities, Forts and lands held.

    The armies are those on the map; the Cities those standing in lands its forces hold; the
    Forts its Faction's (a Fortress counts two); the lands first those its Legions hold, then
    those its People holdings hold.
    """
    S = state.seat_count
    occ, fk, fo = state.force_in_land, state.force_kind, state.force_owner
    legions = [0] * S
    armies = [0] * S
    cities = [0] * S
    forts = [0] * S
    lands = [0] * S
    people_lands = [0] * S
    for i, g in enumerate(occ):
        if g >= 0:
            w = fo[g]
            if 0 <= w < S:
                if fk[g] == FACTION:
                    legions[w] += state.armies_in_land[i]
                    lands[w] += 1
                else:
                    armies[w] += state.armies_in_land[i]
                    people_lands[w] += 1
                if state.city_state[i] == 1:
                    cities[w] += 1
        owner = state.fort_owner[i]
        if owner >= 0 and state.fort_level[i] and fk[owner] == FACTION and 0 <= fo[owner] < S:
            forts[fo[owner]] += state.fort_level[i]
    return list(zip(legions, armies, cities, forts, lands, people_lands, strict=True))


def worths(state: HotreState, style: Style = DEFAULT) -> list[float]:
    """Per player: points, plus what its holdings would score now, plus the score pending.

    The pending score is what the active seat's half-turn in progress scores when it ends, so
    ending a turn is not mistaken for a gain. The style's further terms are added per seat.
    """
    worth = [0.0] * state.n
    held = holdings(state)
    hold = style.hold
    if style.late:
        last = state.opts.last_period
        to_come = (last - state.period) / (last - 1) if last > 1 else 0.0
        hold += style.late * (to_come - 0.5)
    for s, (people, faction) in enumerate(held):
        q = state.seat_player(s)
        worth[q] += state.people_points[s] + state.faction_points[s] + hold * (people + faction)
        if style.rvp:
            worth[q] += style.rvp * state.faction_points[s]
    if style.counts or style.finale:
        finale = style.finale * state.opts.end_land_bonus
        last = state.period >= state.opts.last_period
        for s, (legions, armies, cities, forts, lands, people_lands) in enumerate(counts(state)):
            extra = (
                style.legions * legions
                + style.armies * armies
                + style.lands * (lands + people_lands)
                + style.cities * cities
                + style.forts * forts
            )
            if last and not state.faction_dead[s]:
                extra += finale * lands
            worth[state.seat_player(s)] += extra
    a = state.active_seat
    pending = state.stage not in IDLE and 0 <= a < state.seat_count and state.half_turn in (1, 2)
    if pending and (state.half_turn == 1 or not state.faction_dead[a]):
        worth[state.seat_player(a)] += held[a][state.half_turn - 1]
    return worth


def own_worth(state: HotreState, seat: int, style: Style) -> float:
    """The style's worth of what only ``seat`` itself sees: its hand and its two counters."""
    period = state.period - 1
    return (
        style.cards * len(state.hands[seat])
        + style.people * PEOPLE_EDGE[period][state.people_counter[seat]]
        + style.emperor * EMPEROR_EDGE[period][state.emperor_counter[seat]]
    )


def evaluate(state: HotreState, player: int, style: Style = DEFAULT) -> float:
    """The look-ahead's worth for ``player``: points plus what holdings would score, less rivals."""
    if state.is_terminal():
        r = state.returns()[player]
        return 1000.0 * r - 500.0
    worth = worths(state, style)
    if style.own:
        for s in range(state.seat_count):
            if state.seat_player(s) == player:
                worth[player] += own_worth(state, s, style)
    others = sorted((worth[q] for q in range(state.n) if q != player), reverse=True)
    rival = others[0] if others else 0.0
    if style.lead and len(others) > 1:
        rival += style.lead * (others[1] - rival)
    return worth[player] - style.rival * rival


def expect(
    state: HotreState,
    player: int,
    depth: int,
    style: Style = DEFAULT,
    ahead: int = 0,
    tally: list[int] | None = None,
) -> float:
    """``evaluate`` averaged over the next few chance events (battle rounds, dice).

    With ``ahead`` above 0, a position where ``player`` next decides in a ``PLAN_STAGES`` step
    is worth the best of its decisions there (``worth``), looking ``ahead - 1`` further.
    ``tally``, if given, counts the positions judged.
    """
    if state.is_chance_node() and depth > 0:
        outcomes = state.chance_outcomes()
        if len(outcomes) <= 8:
            total = 0.0
            for a, p in outcomes:
                c = state.clone()
                c.apply_action(a)
                total += p * expect(c, player, depth - 1, style, ahead, tally)
            return total
    elif ahead > 0 and state.stage in PLAN_STAGES and state.current_player() == player:
        legal = state.legal_actions()
        if len(legal) > 1 and not isinstance(legal[0], Offer):
            return max(worth(state, a, player, style, ahead - 1, tally) for a in legal)
    if tally is not None:
        tally[0] += 1
    return evaluate(state, player, style)


def worth(
    state: HotreState,
    action: Action,
    player: int,
    style: Style,
    ahead: int,
    tally: list[int] | None = None,
) -> float:
    """What ``action`` taken in ``state`` is worth to ``player``.

    ``expect`` of the position it leads to, looking ``ahead`` own decisions further, less
    ``end_penalty`` if it closes a step.
    """
    c = state.clone()
    c.apply_action(action)
    v = expect(c, player, style.depth, style, ahead, tally)
    if isinstance(action, Decide) and action.verb in ENDERS:
        v -= style.end_penalty
    return v


class HotreBot(Agent):
    """Greedy one-ply look-ahead on a canonical determinization, in a :class:`Style`.

    It reads only its own view.
    """

    name = "heuristic"

    def __init__(self, **style: Any) -> None:
        self.style = read_style(Style, style)

    def spec(self) -> dict[str, Any]:
        """Name and the style's parameters that are not the defaults."""
        return {"name": self.name, **self.style.changed()}

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
        style = self.style
        plain = [worth(base, a, player, style, 0) for a in legal]
        values: list[float | None] = list(plain)
        ahead = style.plan - 1 if base.stage in PLAN_STAGES else 0
        if ahead:
            tally = [0]
            values = [None] * len(legal)
            for i in sorted(range(len(legal)), key=lambda i: -plain[i]):
                if tally[0] >= PLAN_WORK:
                    break
                values[i] = worth(base, legal[i], player, style, ahead, tally)
        best: list[Action] = []
        best_value = -1e18
        for a, v in zip(legal, values, strict=True):
            if v is None:
                continue
            if v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return best[int(rng.random() * len(best))]
