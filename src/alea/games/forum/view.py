"""What each seat may see (FOR-10): observations and determinized copies."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from alea.games.forum import money, trade
from alea.games.forum.actions import GENTES
from alea.games.forum.board import BOARD
from alea.games.forum.cards import FATE_CARDS
from alea.games.forum.constants import (
    CARDS,
    GIVING_BANDS,
    MARKET_NAMES,
    N_KINDS,
    N_MARKETS,
    OVER,
    SEATS_OF,
    SPACE_NAMES,
    STAGE_NAMES,
    band_of,
)
from alea.games.forum.position import ForumPosition

P = TypeVar("P", bound=ForumPosition)


def observation(s: ForumPosition, player: int | None) -> dict[str, Any]:
    """What ``player`` may see; in the short rules other players' family cards are hidden."""
    hidden = s.opts.ruleset != "complete"
    names = BOARD.markets
    incomes = trade.trade_totals(s) if s.stage != OVER else [0] * s.n
    players = []
    for p in range(s.n):
        show = not hidden or p == player
        players.append(
            {
                "name": GENTES[p],
                "money": s.money[p],
                "prestige": s.prestige[p],
                "band": BOARD.bands[band_of(s.prestige[p])].name
                if band_of(s.prestige[p]) >= 0
                else ("CONSVL" if s.prestige[p] >= s.opts.win_prestige else None),
                "agents": sorted(names[m].name for m in s.agents[p] if m >= 0),
                "reserve": money.reserve(s, p),
                "moved": sorted(
                    names[m].name
                    for i, m in enumerate(s.agents[p])
                    if m >= 0 and s.moved[p] >> i & 1
                ),
                "horrea": s.horrea_count[p],
                "horrea_left": s.opts.horrea - s.horrea_count[p],
                "benefactions": s.gifts[p],
                "senator": s.senator[p],
                "children": s.sons[p] + s.daughters[p],
                "sons": s.sons[p] if show else None,
                "daughters": s.daughters[p] if show else None,
                "last_income": s.income[p],
                "next_income": incomes[p],
                "bonus": s.bonus[p],
                "blocked": names[s.blocked[p]].name if s.blocked[p] >= 0 else None,
                "praefect_turns": s.praefect_turns if s.praefect == p else 0,
            }
        )
    occupants: list[list[int]] = [[] for _ in range(N_MARKETS)]
    for p in range(s.n):
        for m in set(s.agents[p]):
            if m >= 0:
                occupants[m].append(p)
    seats = SEATS_OF
    local = s.local
    markets = [
        {
            "name": MARKET_NAMES[m],
            "horrea": list(seats[h]),
            "agents": occupants[m],
            "local": local[m] if local[m] >= 0 else None,
        }
        for m, h in enumerate(s.horrea)
    ]
    prop = s.proposal
    pend = s.pending
    card = CARDS.get(s.fate_card)
    return {
        "game": "forum",
        "ruleset": s.opts.ruleset,
        "you": player,
        "stage": STAGE_NAMES[s.stage],
        "current": s.player,
        "actor": s.actor,
        "turn": s.turn,
        "max_turns": s.opts.max_turns,
        "win_prestige": s.opts.win_prestige,
        "order": list(s.order),
        "players": players,
        "markets": markets,
        "marriages": [
            {"a": a, "b": b, "payer": payer, "price": price} for a, b, payer, price in s.marriages
        ],
        "benefactions": [
            {
                "space": s,
                "name": SPACE_NAMES[s],
                "cost": GIVING_BANDS[s // N_KINDS].cost,
                "owner": None if owner < 0 else owner,
            }
            for s, owner in enumerate(s.benefactions)
        ],
        "fate": None
        if card is None
        else {"card": card.id, "title": card.title, "effect": card.effect},
        "fate_left": len(s.fate_deck),
        "fate_drawn": sorted(set(range(1, FATE_CARDS + 1)) - set(s.fate_deck)),
        "family_deck": s.deck_sons + s.deck_daughters,
        "proposal": None
        if prop is None
        else {
            "from": prop[0],
            "to": prop[1],
            "son": prop[2],
            "price": prop[3],
            "countered": prop[4],
        },
        "pending": None
        if pend is None
        else {
            "market": names[pend[0]].name,
            "attacker": pend[1],
            "defender": pend[2],
            "needs": pend[3],
        },
        "praefect": s.praefect if s.praefect >= 0 else None,
        "winners": list(s.winners),
        "end_reason": s.end_reason or None,
    }


def determinize(s: P, player: int, rng: random.Random) -> P:
    """A copy where the family cards ``player`` cannot see are dealt afresh (FOR-10.2)."""
    c = s.clone()
    if s.opts.ruleset == "complete":
        return c
    others = [q for q in range(s.n) if q != player]
    pool = [True] * (s.deck_sons + sum(s.sons[q] for q in others))
    pool += [False] * (s.deck_daughters + sum(s.daughters[q] for q in others))
    known: dict[int, bool] = {}
    if s.proposal is not None:  # FOR-4.5: an answered proposal shows both children
        known = {s.proposal[0]: s.proposal[2], s.proposal[1]: not s.proposal[2]}
        known.pop(player, None)
        for son in known.values():
            pool.remove(son)
    rng.shuffle(pool)
    i = 0
    for q in others:
        k = s.sons[q] + s.daughters[q] - (q in known)
        hand = pool[i : i + k]
        i += k
        if q in known:
            hand.append(known[q])
        c.sons[q] = sum(hand)
        c.daughters[q] = len(hand) - c.sons[q]
    rest = pool[i:]
    c.deck_sons = sum(rest)
    c.deck_daughters = len(rest) - c.deck_sons
    c._legal = None  # the cached choices may rest on the hands just re-dealt
    return c
