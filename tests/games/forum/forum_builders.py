"""Forum positions built from a stated setup, for the rule tests.

``new_state`` starts a game with the first-player roll and the deal fixed; the ``put_*``
helpers change a position the way the engine would have (horrea keep each player's counts in
step, agents take a free slot), and ``lay`` puts several pieces at once from a short text.
Turns are then driven through ``apply_action`` only, with ``roll`` and ``decide`` for brevity.
The engine caches each position's legal moves until the next action, so a test that edits a
position by hand must drop the cache (``state._legal = None``), as these helpers do.
"""

from __future__ import annotations

from collections.abc import Sequence

import alea
from alea.core.game import Action
from alea.games.forum.actions import Decide, Family, FirstPlayer, Roll
from alea.games.forum.board import BOARD
from alea.games.forum.constants import REGION, STAGE_NAMES
from alea.games.forum.state import ForumState
from refusals import refused as refused

A, B, C, D = 0, 1, 2, 3
"""Seats: Aemilii, Cornelii, Licinii, Valerii."""


def mk(name: str) -> int:
    """A market's index by its board name."""
    return BOARD.index(name)


def new_state(
    players: int = 4,
    first: int = A,
    hands: Sequence[str] | None = None,
    **options: object,
) -> ForumState:
    """A game after the first-player roll and the deal, at the first turn's entry roll.

    ``hands`` gives each seat's family cards in the short rules as a string of ``s`` (son)
    and ``d`` (daughter); by default everyone gets ``"sdd"``.
    """
    state = alea.load("forum", players=players, **options).new_initial_state()
    assert isinstance(state, ForumState)
    state.apply_action(FirstPlayer(first))
    if state.opts.ruleset == "short":
        cards = list(hands) if hands is not None else ["sdd"] * players
        k = state.opts.family_cards
        for i in range(k * players):
            seat = i % players
            state.apply_action(Family(seat, cards[seat][i // players] == "s"))
    return state


def stage(state: ForumState) -> str:
    """The stage's name, e.g. ``"move"``."""
    return STAGE_NAMES[state.stage]


def roll(state: ForumState, value: int) -> None:
    """Apply a die roll at the pending chance node."""
    assert state.is_chance_node(), f"no die is pending: stage {stage(state)}"
    state.apply_action(Roll(value))


def decide(state: ForumState, verb: str) -> None:
    """The player to move finishes moving, passes, accepts, declines, pays or refuses."""
    state.apply_action(Decide(state.current_player(), verb))


def act(state: ForumState, action: Action) -> None:
    """Apply a decision."""
    state.apply_action(action)


def put_agent(state: ForumState, seat: int, market: str | int) -> None:
    """Place a reserve agent of ``seat`` in ``market`` (as if it had been there all along)."""
    m = mk(market) if isinstance(market, str) else market
    slot = state.agents[seat].index(-1)
    state.agents[seat][slot] = m
    state.arrival[seat][slot] = 0
    state._legal = None


def clear_agents(state: ForumState, seat: int) -> None:
    """Take every agent of ``seat`` off the board."""
    state.agents[seat] = [-1] * len(state.agents[seat])
    state._legal = None


def put_horreum(state: ForumState, seat: int, market: str | int) -> None:
    """Give ``seat`` a horreum in ``market`` without prestige or cost (a prepared position)."""
    m = mk(market) if isinstance(market, str) else market
    assert not state.horrea[m] >> seat & 1
    state.horrea[m] |= 1 << seat
    state.horrea_count[seat] += 1
    if REGION[m] >= 0:
        state.region_horrea[seat][REGION[m]] += 1
    state._legal = None


PASSING_VERBS = ("done", "pass", "decline", "refuse")
"""The decisions that let a turn go by, in the order the drivers below try them."""


def pass_once(state: ForumState, entry: int = 1) -> None:
    """One step of a turn in which nothing happens: the entry roll shows ``entry``, the player
    to move passes. A fate draw needs a card, so it stops the drivers (use ``end_turn``)."""
    if state.is_terminal():
        raise AssertionError("the game is over")
    if state.is_chance_node():
        if stage(state) == "fate":
            raise AssertionError("reached the fate draw: it needs a card (use end_turn)")
        roll(state, entry)
        return
    legal = state.legal_actions()
    for verb in PASSING_VERBS:
        d = Decide(state.current_player(), verb)
        if d in legal:
            state.apply_action(d)
            return
    raise AssertionError(f"no passing move in stage {stage(state)}: {legal}")


def pass_until(state: ForumState, *names: str, entry: int = 1) -> None:
    """Drive the game forward, every entry roll showing ``entry`` and every player passing,
    until the first of the named stages (``"fate"`` among them stops at the fate draw)."""
    for _ in range(10_000):
        if stage(state) in names:
            return
        pass_once(state, entry)
    raise AssertionError(f"none of {names} ever came")


def skip_to(state: ForumState, name: str, entry: int = 1) -> None:
    """Drive the game forward as ``pass_until`` does, until the named stage is reached
    (``move``, ``social``, ``build``, ``give``, ``fate`` …)."""
    pass_until(state, name, entry=entry)


# --- appended for the fate, money, victory and information tests ------------------------------


def set_money(state: ForumState, seat: int, amount: int) -> None:
    """Give ``seat`` ``amount`` as if it had held it at the last conversion (FOR-8.1), so the
    end of the turn neither gains nor loses prestige for it."""
    set_purse(state, seat, amount)


def at_fate(players: int = 4, first: int = A, **options: object) -> ForumState:
    """A new game driven, everyone passing, to the first turn's fate draw."""
    state = new_state(players, first, **options)  # type: ignore[arg-type]
    skip_to(state, "fate")
    return state


def to_next_trade(state: ForumState) -> None:
    """From anywhere in a turn, everyone passing, on through its fate draw (the quiet card) to
    the next turn's trade."""
    pass_until(state, "fate")
    quiet_draw(state)
    next_trade(state)


def next_trade(state: ForumState) -> None:
    """From before a trade (e.g. just after a fate card), pass until that trade is made."""
    pass_until(state, "build", "give", "fate")


# --- helpers of the rule tests for sections 1-6 and 11 ----------------------------------------


def set_purse(state: ForumState, seat: int, money: int, prestige: int | None = None) -> None:
    """Set a seat's money (and prestige) in a prepared position; the $1000 marks already
    converted follow the money, so the end of the turn converts nothing by itself."""
    state.money[seat] = money
    state.banked[seat] = max(0, money) // 1000
    if prestige is not None:
        state.prestige[seat] = prestige
    state._legal = None


def set_children(state: ForumState, seat: int, sons: int, daughters: int) -> None:
    """Set the unmarried children a seat holds in a prepared position."""
    state.sons[seat] = sons
    state.daughters[seat] = daughters
    state._legal = None


def put_alliance(state: ForumState, payer: int, other: int, dowry: int = 0) -> None:
    """Record a marriage alliance as the engine records an accepted proposal of ``payer``."""
    lo, hi = min(payer, other), max(payer, other)
    state.marriages.append((lo, hi, payer, dowry))
    state.marriages.sort()
    state._legal = None


def put_local(state: ForumState, seat: int, market: str | int) -> None:
    """Marry ``seat`` into the local aristocracy of ``market`` in a prepared position."""
    m = mk(market) if isinstance(market, str) else market
    state.local[m] = seat
    state._legal = None


_PUT = {"agent": put_agent, "horreum": put_horreum, "local": put_local}
_SEATS = {"A": A, "B": B, "C": C, "D": D}


def lay(state: ForumState, pieces: str) -> None:
    """Put pieces in order from a text of ``;``-separated items, e.g. ``"A horreum Luna; B agent
    Luna; C local Luna; A+B"``: a seat's agent, horreum or local marriage in a market, or
    ``X+Y`` for an alliance proposed by X (no dowry)."""
    for item in pieces.split(";"):
        words = item.split(maxsplit=2)
        if len(words) == 1 and "+" in words[0]:
            payer, other = words[0].split("+")
            put_alliance(state, _SEATS[payer], _SEATS[other])
        elif len(words) == 3 and words[1] in _PUT:
            _PUT[words[1]](state, _SEATS[words[0]], words[2])
        else:
            raise ValueError(f"cannot lay {item!r}")


def moving(pieces: str = "", **options: object) -> ForumState:
    """A new game (``new_state(**options)``) with ``pieces`` laid (see ``lay``) and the first
    entry roll made, a 1: the first player's agents are to move."""
    state = new_state(**options)  # type: ignore[arg-type]
    if pieces:
        lay(state, pieces)
    roll(state, 1)
    return state


def build_phase(pieces: str = "", purse: int | None = None, **options: object) -> ForumState:
    """A new game (``new_state(**options)``) passed on to the build phase, with ``pieces`` laid
    first (see ``lay``) and, when given, A's money set to ``purse``."""
    state = new_state(**options)  # type: ignore[arg-type]
    if pieces:
        lay(state, pieces)
    if purse is not None:
        set_purse(state, A, purse)
    skip_to(state, "build")
    return state


def walk(state: ForumState, seat: int, src: str, to: str) -> None:
    """Apply ``seat``'s move of an agent from ``src`` to ``to`` (market names)."""
    from alea.games.forum.actions import Move

    state.apply_action(Move(seat, mk(src), mk(to)))


def pass_while(state: ForumState, stages: Sequence[str], entry: int = 1) -> list[str]:
    """Drive the game as ``skip_to`` does while the stage is one of ``stages``; return the
    stage names met on the way, one per step."""
    seen: list[str] = []
    for _ in range(10_000):
        name = stage(state)
        if name not in stages:
            return seen
        seen.append(name)
        pass_once(state, entry)
    raise AssertionError(f"the game stayed in {stages}")


EARLY_STAGES = ("enter", "move", "social", "respond", "reply", "oust")
"""Stages of phases 1 and 2: the trade of the turn comes as soon as they are over."""


def past_trade(state: ForumState) -> None:
    """Everyone passes through movement and intrigue, so the turn's trade has been made."""
    pass_while(state, EARLY_STAGES)


def end_turn(state: ForumState, card: int = 5) -> None:
    """Everyone passes to the fate draw, ``card`` is drawn (card 5, an uprising in Rhodes and
    Damascus, touches no one who has no agent there), and the next turn begins."""
    from alea.games.forum.actions import Draw

    skip_to(state, "fate")
    state.apply_action(Draw(card))
    assert stage(state) not in ("fate_choice", "fate_roll", "birth"), "the card needs answers"


QUIET = 5
"""Provincial uprising in Rhodes and Damascus: no effect while no agent stands there."""


def quiet_draw(state: ForumState) -> None:
    """At the fate draw, draw the quiet card (put back in the deck if it was drawn before)."""
    from alea.games.forum.actions import Draw

    assert stage(state) == "fate"
    if QUIET not in state.fate_deck:
        state.fate_deck.append(QUIET)
    state.apply_action(Draw(QUIET))
