"""The turn (FOR-2): whose decision is next, what is legal, and applying an action."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from alea.core.errors import IllegalActionError
from alea.core.game import CHANCE, Action, listed
from alea.games.forum import build, describe, fate, money, movement, setup, social, victory
from alea.games.forum.actions import (
    GENTES,
    Build,
    Counter,
    Decide,
    Destroy,
    Divorce,
    Draw,
    Family,
    FirstPlayer,
    Give,
    MarryLocal,
    Move,
    Propose,
    Roll,
)
from alea.games.forum.board import BOARD
from alea.games.forum.constants import (
    BIRTH,
    BUILD,
    CARDS,
    DEAL,
    DECIDE_ACTIONS,
    DESTROY,
    DRAW_ACTIONS,
    END_CAP,
    END_PRESTIGE,
    ENTER,
    FATE_CHOICE,
    FATE_DRAW,
    FATE_ROLL,
    GIVE,
    MOVE,
    N_MARKETS,
    NB,
    OUST,
    OVER,
    REPLY,
    RESPOND,
    ROLL_ACTIONS,
    ROME,
    SETUP,
    SOCIAL,
    STAGE_NAMES,
    STAGE_TEXT,
)
from alea.games.forum.position import ForumPosition


def _moves(s: ForumPosition, p: int) -> list[Action]:
    """FOR-3.2, FOR-3.3: a step of an agent; done, unless a second agent must leave Rome."""
    return movement.move_choices(s, p, movement.moves(s, p))


def _reply(s: ForumPosition, p: int) -> list[Action]:
    """FOR-4.5: the proposer accepts or declines the counter-offer."""
    return [DECIDE_ACTIONS[p, "accept"], DECIDE_ACTIONS[p, "decline"]]


def _builds(s: ForumPosition, p: int) -> list[Action]:
    """FOR-6.1: a build or destruction where an agent stands, or a pass."""
    return build.with_pass(build.builds(s, p), p)


def _gifts(s: ForumPosition, p: int) -> list[Action]:
    """FOR-6.6: a benefaction, or a pass."""
    return build.with_pass(build.gifts(s, p), p)


_DECISIONS: Final[dict[int, Callable[[ForumPosition, int], list[Action]]]] = {
    MOVE: _moves,
    SOCIAL: social.intrigues,
    RESPOND: social.respond,
    REPLY: _reply,
    BUILD: _builds,
    GIVE: _gifts,
    FATE_CHOICE: fate.fate_choices,
}
"""The decisions of each stage a seat decides in, given the position and the seat."""


def legal_actions(s: ForumPosition) -> list[Action]:
    """The legal decisions of the seat to move (FOR-2.2), by phase."""
    decisions = _DECISIONS.get(s.stage)
    p = s.player
    if decisions is None or p < 0:
        return []
    return decisions(s, p)


def chance_outcomes(s: ForumPosition) -> list[tuple[Action, float]]:
    """Exact outcomes of the pending die, deal or draw."""
    if s.player != CHANCE:
        return []
    stage = s.stage
    if stage == SETUP:
        return [(FirstPlayer(q), 1 / s.n) for q in range(s.n)]
    if stage in (DEAL, BIRTH):
        if s.opts.ruleset == "complete":
            return [(Family(s.actor, True), 0.5), (Family(s.actor, False), 0.5)]
        total = s.deck_sons + s.deck_daughters
        out: list[tuple[Action, float]] = []
        if s.deck_sons:
            out.append((Family(s.actor, True), s.deck_sons / total))
        if s.deck_daughters:
            out.append((Family(s.actor, False), s.deck_daughters / total))
        return out
    if stage == FATE_DRAW:
        k = len(s.fate_deck)
        return [(DRAW_ACTIONS[c], 1 / k) for c in s.fate_deck]
    return [(r, 1 / 6) for r in ROLL_ACTIONS]


def sample_chance(s: ForumPosition, rng: random.Random) -> Action:
    """Draw the pending chance outcome with its exact probabilities."""
    stage = s.stage
    r = rng.random()
    if stage in (ENTER, OUST, DESTROY, FATE_ROLL):
        return ROLL_ACTIONS[int(r * 6)]
    if stage == FATE_DRAW:
        return DRAW_ACTIONS[s.fate_deck[int(r * len(s.fate_deck))]]
    if stage == SETUP:
        return FirstPlayer(int(r * s.n))
    if stage in (DEAL, BIRTH):
        if s.opts.ruleset == "complete":
            return Family(s.actor, r < 0.5)
        total = s.deck_sons + s.deck_daughters
        return Family(s.actor, r * total < s.deck_sons)
    raise IllegalActionError("no chance event is pending: a player decides now", "FOR-2.2")


def apply_action(s: ForumPosition, action: Action) -> None:
    """Apply ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
    if s.stage == OVER:
        raise IllegalActionError("the game is over", "FOR-9.1")
    if s.player == CHANCE:
        apply_chance(s, action)
    else:
        apply_decision(s, action)
    s._hist = (action, s._hist)
    s._hlen += 1


def apply_chance(s: ForumPosition, a: Action) -> None:
    """Give effect to a chance outcome: a die, a deal or a draw.

    The rules that hand the next decision to a seat may leave its choices in ``_legal``
    (CachedLegalState); any other outcome leaves it empty.
    """
    s._legal = None
    stage = s.stage
    t = type(a)
    if t is Roll and stage in (ENTER, OUST, DESTROY, FATE_ROLL):
        value: int = a.value  # type: ignore[attr-defined]
        if not 1 <= value <= 6:
            raise IllegalActionError(f"a die cannot show {value}", "FOR-2.2")
        if stage == ENTER:
            movement.resolve_enter(s, value)
        elif stage == OUST:
            social.resolve_oust(s, value)
        elif stage == DESTROY:
            build.resolve_destroy(s, value)
        else:
            fate.resolve_election(s, value)
        return
    if t is Draw and stage == FATE_DRAW:
        card: int = a.card  # type: ignore[attr-defined]
        if card not in s.fate_deck:
            raise IllegalActionError(f"fate card {card} is not in the deck", "FOR-7.1")
        s.fate_deck.remove(card)
        s.fate_card = card
        fate.resolve_card(s, CARDS[card])
        return
    if t is Family and stage in (DEAL, BIRTH):
        seat: int = a.seat  # type: ignore[attr-defined]
        son: bool = a.son  # type: ignore[attr-defined]
        if seat != s.actor:
            raise IllegalActionError(
                f"the {GENTES[s.actor]} draw now, not the {GENTES[seat]}", "FOR-1.4"
            )
        if s.opts.ruleset != "complete" and not (s.deck_sons if son else s.deck_daughters):
            raise IllegalActionError("the family deck holds no such card", "FOR-1.4")
        setup.take_child(s, seat, son)
        if stage == DEAL:
            s.deal_left -= 1
            setup.deal_next(s)
        else:
            s.queue.pop(0)
            fate.fate_next(s)
        return
    if t is FirstPlayer and stage == SETUP:
        seat = a.seat  # type: ignore[attr-defined]
        if not 0 <= seat < s.n:
            raise IllegalActionError(f"there is no seat {seat}", "FOR-1.6")
        s.first = seat
        if s.opts.order_money:  # FOR-1.7: the early families' compensation
            for k in range(s.n):
                p = (seat + k) % s.n
                s.money[p] += (s.n - 1 - k) * s.opts.order_money
                s.banked[p] = max(0, s.money[p]) // 1000
        setup.deal_next(s)
        return
    raise IllegalActionError(f"{a} is not the chance event pending now", "FOR-2.2")


def apply_decision(s: ForumPosition, a: Action) -> None:
    """Give effect to a player's decision, legal already."""
    p = s.player
    seat = getattr(a, "seat", -2)
    if seat != p:
        if seat == -2:
            raise IllegalActionError(
                f"{a}: no chance event is pending, it is the {GENTES[p]}' decision now",
                "FOR-2.2",
            )
        who = f"the {GENTES[seat]}'" if 0 <= seat < s.n else f"seat {seat}"
        raise IllegalActionError(f"{a}: it is the {GENTES[p]}' decision now, not {who}", "FOR-2.2")
    legal = s._legal
    if legal is None:
        legal = s._legal = legal_actions(s)
    if not listed(a, legal):
        why, rule = why_illegal(s, a)
        raise IllegalActionError(f"{describe.action_to_string(s, a)}: {why}", rule)
    s._legal = None  # the rules below may leave the next seat's choices here
    stage = s.stage
    t = type(a)
    if stage == MOVE:
        if t is Move:
            movement.do_move(s, a)  # type: ignore[arg-type]
        else:
            movement.next_mover(s)
    elif stage == SOCIAL:
        social.do_social(s, a)
    elif stage in (RESPOND, REPLY):
        social.do_answer(s, a)
    elif stage == BUILD:
        build.do_build(s, a)
    elif stage == GIVE:
        if t is Give:
            build.give(s, p, a.space)  # type: ignore[attr-defined]
        s.pos += 1
        build.build_next(s)
    else:
        fate.do_fate_choice(s, a)


def why_illegal(s: ForumPosition, a: Action) -> tuple[str, str]:
    """Explain, with the rule, why ``a`` is not among the legal actions."""
    p = s.player
    stage = STAGE_NAMES[s.stage]
    t = type(a)
    o = s.opts
    if t is Move and s.stage == MOVE:
        m: Move = a  # type: ignore[assignment]
        if not 0 <= m.src < N_MARKETS or m.src not in s.agents[p]:
            where = BOARD.markets[m.src].name if 0 <= m.src < N_MARKETS else "no market"
            return f"no agent of theirs stands in {where}", "FOR-3.2"
        if m.to not in NB[m.src]:
            return "the two markets are not linked", "FOR-3.2"
        if m.to in s.agents[p]:
            if m.to == ROME:
                return "a player may have only one agent in Rome", "FOR-3.3"
            return "two agents of one player never share a market", "FOR-3.4"
        slots = [i for i, x in enumerate(s.agents[p]) if x == m.src]
        if all(s.moved[p] >> i & 1 for i in slots):
            return "that agent has already moved this turn", "FOR-3.2"
        return (
            "a player may contest only one market a turn, must afford the $"
            f"{o.oust_cost} to oust, and cannot join two agents already there",
            "FOR-3.5",
        )
    if t is Decide and s.stage == MOVE and a.verb == "done":  # type: ignore[attr-defined]
        return "a second agent in Rome must move out first", "FOR-3.3"
    if t in (MarryLocal, Propose, Divorce) and s.stage == SOCIAL:
        if t is MarryLocal:
            return (
                f"needs an agent there, a child, ${o.marry_cost}, and no family married in before",
                "FOR-4.3",
            )
        if t is Propose:
            return (
                "needs a child of the offered sex, no marriage between the two already, "
                "and the price in hand",
                "FOR-4.5",
            )
        return "they are not married", "FOR-4.7"
    if t is Counter and s.stage == REPLY:
        return "one counter-offer only: the proposer accepts or declines it", "FOR-4.5"
    if t is Counter and s.stage == RESPOND:
        return "a counter-offer must ask more than the offer, within the proposer's means", (
            "FOR-4.5"
        )
    if t in (Build, Destroy) and s.stage == BUILD:
        if t is Build:
            return (
                f"needs an agent there, no horreum of theirs there, ${o.build_cost}, "
                f"and a token left of {o.horrea}",
                "FOR-6.2",
            )
        return f"needs an agent there, that player's horreum, and ${o.destroy_cost}", ("FOR-6.4")
    if t is Give and s.stage == GIVE:
        return "benefactions must be free, in the giver's band, and affordable", "FOR-6.5"
    return f"not a legal decision in the {stage} stage ({STAGE_TEXT[stage]})", "FOR-2.2"


def begin_turn(s: ForumPosition) -> None:
    """FOR-2.3: the start player moves one seat left each turn."""
    s.turn += 1
    if s.turn > s.opts.max_turns:
        s.turn = s.opts.max_turns
        victory.finish(s, [], END_CAP)
        return
    start = (s.first + s.turn - 1) % s.n
    s.order = tuple((start + i) % s.n for i in range(s.n))
    s.moved = [0] * s.n
    s.fate_card = 0
    s.pos = 0
    movement.move_next(s)


def end_turn(s: ForumPosition) -> None:
    """FOR-8.1 then FOR-9.1: convert $1000 marks, then look for a consul."""
    for p in range(s.n):
        level = max(0, s.money[p]) // 1000
        if level != s.banked[p]:
            money.gain(s, p, level - s.banked[p])
            s.banked[p] = level
    able = victory.consuls(s)
    if able:
        victory.finish(s, able, END_PRESTIGE)
        return
    s._begin_turn()
