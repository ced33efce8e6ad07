"""Actions in words, with the warnings a player should hear before choosing (FOR-4.8, FOR-8)."""

from __future__ import annotations

from alea.core.game import CHANCE, Action
from alea.games.forum.actions import (
    GENTES,
    Counter,
    Decide,
    Draw,
    Family,
    Give,
    Propose,
    Roll,
)
from alea.games.forum.board import BOARD
from alea.games.forum.constants import (
    CARDS,
    DESTROY,
    ENTER,
    FATE_CHOICE,
    FATE_ROLL,
    GIVING_BANDS,
    MARKET_NAMES,
    N_KINDS,
    OUST,
    REPLY,
    RESPOND,
    SOCIAL,
)
from alea.games.forum.position import ForumPosition


def action_warning(s: ForumPosition, action: Action, brief: bool = False) -> str:
    """A consequence to read before choosing ``action``, or ``""`` (FOR-4.8).

    A marriage alliance made with a family that must oust the other's agent later this
    turn (FOR-4.1) ends at that oust, by divorce with the ouster as initiator: proposing
    it, accepting it or asking a higher dowry for it throws the children away. ``brief``
    gives it in a few words, for a menu line.
    """
    t = type(action)
    stage = s.stage
    if stage == SOCIAL and t is Propose:
        a, b = action.seat, action.to  # type: ignore[attr-defined]
    elif (
        stage in (RESPOND, REPLY)
        and s.proposal is not None
        and (
            t is Counter or (t is Decide and action.verb == "accept")  # type: ignore[attr-defined]
        )
    ):
        a, b = s.proposal[0], s.proposal[1]
    else:
        return ""
    for ouster, victim in ((a, b), (b, a)):
        contest = s.contests.get(ouster)
        if contest is None or contest[1] != victim:
            continue
        m = contest[0]
        if m not in s.agents[ouster] or m not in s.agents[victim]:
            continue
        complete = s.opts.ruleset == "complete"
        if brief:
            cost = "−2 prestige each, dowry repaid" if complete else "−2 prestige"
            return (
                f"the {GENTES[ouster]}' oust in {MARKET_NAMES[m]} this turn divorces "
                f"them at once: {cost}, children lost (FOR-4.8)"
            )
        if complete:
            cost = "both families lose 2 prestige and the dowry is repaid"
        else:
            cost = f"the {GENTES[ouster]} lose 2 prestige"
        return (
            f"the {GENTES[ouster]} must oust the {GENTES[victim]} in {MARKET_NAMES[m]} "
            f"this turn, which ends this alliance at once by divorce: {cost}, and the "
            "children stay married off (FOR-4.8)"
        )
    return ""


def action_to_string(s: ForumPosition, action: Action) -> str:
    """Text of ``action`` as anyone at the table may read it (hidden draws stay hidden).

    A choice with a consequence to read first (``action_warning``) carries it after a
    "beware:", so the terminal's and the web's lists of choices both show it.
    """
    text = action_text(s, action)
    if s.player >= 0:
        warning = action_warning(s, action)
        if warning:
            return f"{text} — beware: {warning}"
    return text


def action_text(s: ForumPosition, action: Action) -> str:
    """``action`` in words, without the warnings."""
    t = type(action)
    if t is Family and s.opts.ruleset != "complete":
        return f"the {GENTES[action.seat]} draw a family card"  # type: ignore[attr-defined]
    if t is Draw:
        c = CARDS[action.card]  # type: ignore[attr-defined]
        return f"fate: {c.title} — {c.effect}"
    if t is Roll and s.player == CHANCE:
        v = action.value  # type: ignore[attr-defined]
        who = GENTES[s.actor] if s.actor >= 0 else ""
        if s.stage == ENTER:
            ok = "a new agent enters Rome" if v >= s.opts.enter_roll else "no new agent"
            return f"the {who} roll {v} for a new agent: {ok}"
        if s.stage in (OUST, DESTROY) and s.pending is not None:
            m, _, victim, need = s.pending
            what = "oust" if s.stage == OUST else "destroy a horreum"
            ok = "success" if v >= need else "failure"
            return (
                f"the {who} roll {v} to {what} in {BOARD.markets[m].name} "
                f"against the {GENTES[victim]} (needs {need}+): {ok}"
            )
        if s.stage == FATE_ROLL:
            ok = "elected, +1 prestige" if v >= CARDS[s.fate_card].roll else "not elected"
            return f"the {who} roll {v} in the local elections: {ok}"
    if t is Decide and s.proposal is not None and s.stage in (RESPOND, REPLY):
        proposer, target, son, price, _ = s.proposal
        verb = action.verb  # type: ignore[attr-defined]
        child = "son" if son else "daughter"
        who = GENTES[action.seat]  # type: ignore[attr-defined]
        if s.stage == RESPOND:
            return f"the {who} {verb} the {GENTES[proposer]}' {child} for ${price}"
        return f"the {who} {verb} the dowry of ${price} the {GENTES[target]} ask"
    if t is Decide and s.stage == FATE_CHOICE and s.fate_card:
        c = CARDS[s.fate_card]
        verb = action.verb  # type: ignore[attr-defined]
        who = GENTES[action.seat]  # type: ignore[attr-defined]
        if verb == "pay" and c.kind in ("sponsor", "vow"):
            return f"the {who} pay ${c.cost} for 1 prestige ({c.title})"
        if verb == "pay":
            return f"the {who} pay ${c.cost} ({c.title})"
        if c.kind == "mores":
            return f"the {who} marry no child and lose 1 prestige ({c.title})"
        return f"the {who} decline ({c.title})"
    if t is Give:
        g: Give = action  # type: ignore[assignment]
        cost = GIVING_BANDS[g.space // N_KINDS].cost
        return f"{g} (${cost}, +1 prestige)"
    return str(action)
