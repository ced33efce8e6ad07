"""Forum positions built from a stated setup, for the rule tests.

``new_state`` starts a game with the first-player roll and the deal fixed; the ``put_*``
helpers change a position the way the engine would have (horrea keep each player's counts in
step, agents take a free slot). Turns are then driven through ``apply_action`` only, with
``roll`` and ``decide`` for brevity. The engine caches each position's legal moves until the
next action, so a test that edits a position by hand must drop the cache (``state._legal =
None``), as these helpers do.
"""

from __future__ import annotations

from collections.abc import Sequence

import alea
from alea.core.game import Action
from alea.games.forum.actions import Decide, Family, FirstPlayer, Roll
from alea.games.forum.board import BOARD
from alea.games.forum.state import REGION, STAGE_NAMES, ForumState

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
    state.hcount[seat] += 1
    if REGION[m] >= 0:
        state.rcount[seat][REGION[m]] += 1
    state._legal = None


def skip_to(state: ForumState, name: str, entry: int = 1) -> None:
    """Drive the game forward, every entry roll showing ``entry`` and every player passing,
    until the named stage is reached (``move``, ``social``, ``build``, ``give``, ``fate`` …)."""
    for _ in range(10_000):
        if stage(state) == name:
            return
        if state.is_chance_node():
            if stage(state) == "fate":
                raise AssertionError("reached the fate draw before the wanted stage")
            roll(state, entry)
            continue
        legal = state.legal_actions()
        for verb in ("done", "pass", "decline", "refuse"):
            d = Decide(state.current_player(), verb)
            if d in legal:
                state.apply_action(d)
                break
        else:
            raise AssertionError(f"no passing move in stage {stage(state)}: {legal}")
    raise AssertionError(f"stage {name} never came")
