"""Fate (FOR-7): drawing a fate card and giving it effect."""

from __future__ import annotations

from typing import Any

from alea.core.game import CHANCE, Action
from alea.games.forum import build, money, social, trade
from alea.games.forum.actions import (
    Dismiss,
    MarryLocal,
)
from alea.games.forum.cards import FATE_CARDS
from alea.games.forum.constants import (
    BIRTH,
    CARDS,
    DECIDE_ACTIONS,
    DIST,
    EXOTIC,
    FATE_CHOICE,
    FATE_DRAW,
    FATE_ROLL,
    IS_EXOTIC,
    N_MARKETS,
)
from alea.games.forum.position import ForumPosition


def fate_choices(s: ForumPosition, p: int) -> list[Action]:
    """FOR-7: the answers ``p`` may give to the fate card in play."""
    card = CARDS[s.fate_card]
    if card.kind in ("sponsor", "vow"):
        return [DECIDE_ACTIONS[p, "pay"], DECIDE_ACTIONS[p, "refuse"]]
    if card.kind == "mores":
        out = social.local_marriages(s, p)
        out.append(DECIDE_ACTIONS[p, "refuse"])
        return out
    if card.kind == "patron":
        out = [DECIDE_ACTIONS[p, "pay"]]
        out.extend(Dismiss(p, m) for m in sorted(set(s.agents[p])) if m >= 0)
        return out
    return []


def begin_fate(s: ForumPosition) -> None:
    """FOR-7.1: the start player draws; an empty deck is reshuffled first."""
    if not s.opts.fate:
        s._end_turn()
        return
    if not s.fate_deck:
        s.fate_deck = list(range(1, FATE_CARDS + 1))
    s.stage = FATE_DRAW
    s.player = CHANCE
    s.actor = s.order[0]


def resolve_card(s: ForumPosition, card: Any) -> None:
    """Apply a fate card's immediate effect; queue the players who must answer it."""
    kind = card.kind
    n = s.n
    everyone = list(s.order)
    s.queue = []
    if kind == "fire":  # FOR-7.2
        for m in card.markets:
            for p in range(n):
                if s.horrea[m] >> p & 1:
                    build.remove_horreum(s, p, m)
    elif kind in ("sponsor", "vow", "mores", "patron"):  # FOR-7.3, 7.19, 7.12, 7.20
        s.queue = everyone
    elif kind == "flood":  # FOR-7.4
        for p in range(n):
            income = trade.trade_income(s, p)
            if income:
                s.blocked[p] = max(income, key=lambda m: (income[m], -m))
    elif kind == "chain_bonus":  # FOR-7.5
        for p in range(n):
            if any(m in trade.exotic_chain(s, p) for m in EXOTIC):
                money.earn(s, p, card.amount)
    elif kind == "agents_lost":  # FOR-7.6
        for p in range(n):
            mine = s.agents[p]
            for i, m in enumerate(mine):
                if m in card.markets:
                    mine[i] = -1
    elif kind == "census":  # FOR-7.7
        for p in range(n):
            rich = s.money[p] >= card.amount
            if rich and not s.senator[p]:
                s.senator[p] = True
                money.gain(s, p, 1)
            elif not rich and s.senator[p]:
                s.senator[p] = False
                money.gain(s, p, -1)
    elif kind == "harvest":  # FOR-7.8
        for p in range(n):
            if any(s.horrea[m] >> p & 1 for m in card.markets):
                s.bonus[p] += card.amount
    elif kind == "shipwreck":  # FOR-7.9
        for p in range(n):
            k = sum(s.horrea[m] >> p & 1 for m in card.markets)
            if k:
                money.pay(s, p, k * card.amount)
    elif kind == "governor":  # FOR-7.10
        for p in range(n):
            income = trade.trade_income(s, p)
            if income:
                far = max(income, key=lambda m: (DIST[m], income[m], -m))
                if income[far] > 0:
                    money.pay(s, p, income[far])
    elif kind == "divorce":  # FOR-7.13
        parted = {p for a, b, _, _ in s.marriages for p in (a, b)}
        parted.update(p for p in s.local if p >= 0)
        for p in sorted(parted):
            money.gain(s, p, -card.prestige)
        s.marriages = []
        s.local = [-1] * N_MARKETS
    elif kind == "dispatch":  # FOR-7.14
        for p in range(n):
            if any(m in card.markets for m in s.agents[p]):
                s.bonus[p] += card.amount
    elif kind == "wrong_candidate":  # FOR-7.16
        for p in range(n):
            money.gain(s, p, -card.prestige)
    elif kind == "birth":  # FOR-7.15
        s.queue = everyone
    elif kind == "snub":  # FOR-7.17
        top = max(s.money)
        for p in range(n):
            if s.money[p] == top:
                money.gain(s, p, -card.prestige)
    elif kind == "elections":  # FOR-7.18
        s.queue = [p for p in everyone if p in s.local]
    elif kind == "praefect":  # FOR-7.11
        rome, *ports = card.markets
        able = [
            p
            for p in range(n)
            if s.horrea[rome] >> p & 1 and any(s.horrea[m] >> p & 1 for m in ports)
        ]
        if able:
            key = {p: (s.prestige[p], s.money[p]) for p in able}
            best = max(key.values())
            leaders = [p for p in able if key[p] == best]
            if len(leaders) == 1:
                s.praefect = leaders[0]
                s.praefect_turns = card.turns
    fate_next(s)


def fate_next(s: ForumPosition) -> None:
    """Give each queued player their answer, die or draw in turn; then end the turn."""
    card = CARDS[s.fate_card]
    o = s.opts
    while s.queue:
        p = s.queue[0]
        kind = card.kind
        if kind == "birth":
            if o.ruleset == "complete" or s.deck_sons + s.deck_daughters:
                s.stage = BIRTH
                s.player = CHANCE
                s.actor = p
                return
        elif kind == "elections":
            s.stage = FATE_ROLL
            s.player = CHANCE
            s.actor = p
            return
        elif kind == "sponsor":
            if s.horrea_count[p] and money.can_afford(s, p, card.cost):
                return ask(s, p)
        elif kind == "vow":
            if any(m >= 0 and IS_EXOTIC[m] for m in s.agents[p]) and money.can_afford(
                s, p, card.cost
            ):
                return ask(s, p)
        elif kind == "mores":
            if social.children(s, p):
                if social.local_marriages(s, p):
                    return ask(s, p)
                money.gain(s, p, -1)
        elif kind == "patron":
            if any(m >= 0 for m in s.agents[p]):
                return ask(s, p)
            money.pay(s, p, card.cost)
        s.queue.pop(0)
    s._end_turn()


def ask(s: ForumPosition, p: int) -> None:
    """Put the fate card's question to ``p``."""
    s.stage = FATE_CHOICE
    s.player = p


def do_fate_choice(s: ForumPosition, a: Action) -> None:
    """Give effect to an answer to the fate card (FOR-7)."""
    p = s.player
    card = CARDS[s.fate_card]
    t = type(a)
    if t is MarryLocal:
        social.marry_local(s, a)  # type: ignore[arg-type]
    elif t is Dismiss:
        mine = s.agents[p]
        mine[mine.index(a.market)] = -1  # type: ignore[attr-defined]
    elif a.verb == "pay":  # type: ignore[attr-defined]
        money.pay(s, p, card.cost)
        if card.kind in ("sponsor", "vow"):
            money.gain(s, p, 1)
    elif card.kind == "mores":
        money.gain(s, p, -1)
    s.queue.pop(0)
    fate_next(s)


def resolve_election(s: ForumPosition, value: int) -> None:
    """Settle local elections with the die rolled (FOR-7.18)."""
    p = s.queue.pop(0)
    if value >= CARDS[s.fate_card].roll:
        money.gain(s, p, 1)
    fate_next(s)
