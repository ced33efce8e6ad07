"""Triumvirate positions built from a stated setup, for the rule tests.

A test names the position it needs instead of playing towards it: ``position`` starts a fresh
game, applies the first-player roll, empties the board and puts troops and leaders where the
test says. ``place`` keeps the four views of the troops in step (per-hex owner and count, each
seat's set of holdings, each force's total), as the engine keeps them, so the rules code sees a
position it could have reached. Turns are then driven through ``apply_action`` only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from triumvirate_seats import CRASSUS, POMPEY, ROME

import alea
from alea.core.game import Action
from alea.games.triumvirate.actions import Decide, FirstPlayer
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import TriumvirateState
from refusals import refused as refused

Where = str | int
"""A hex: its place name, ``"col,row"``, or its index."""


def hx(where: Where) -> int:
    """The hex index of a place name, ``"col,row"`` or an index (passed through)."""
    if isinstance(where, int):
        return where
    h = BOARD.find(where)
    if h is None:
        raise KeyError(f"no hex {where!r} on the board")
    return h


def new_state(first: int = CRASSUS, **options: object) -> TriumvirateState:
    """A fresh game with its options, the first-player roll won by ``first``."""
    state = alea.load("triumvirate", **{"setup": "authored", **options}).new_initial_state()
    assert isinstance(state, TriumvirateState)
    state.apply_action(FirstPlayer(first))
    return state


def clear(state: TriumvirateState) -> None:
    """Take every troop off the board (leaders stay where they are)."""
    for h in range(len(state.owner)):
        state.owner[h] = -1
        state.count[h] = 0
    for held in state.holdings:
        held.clear()
    state.troops[:] = [0, 0, 0, 0]


def place(state: TriumvirateState, where: Where, force: int, n: int) -> None:
    """Make hex ``where`` hold exactly ``n`` troops of ``force`` (0 empties it)."""
    h = hx(where)
    old = state.owner[h]
    if old >= 0:
        state.troops[old] -= state.count[h]
        if old < ROME:
            state.holdings[old].discard(h)
    if n == 0:
        state.owner[h] = -1
        state.count[h] = 0
        return
    state.owner[h] = force
    state.count[h] = n
    state.troops[force] += n
    if force < ROME:
        state.holdings[force].add(h)


def put_leader(state: TriumvirateState, seat: int, where: Where) -> None:
    """Stand ``seat``'s leader on ``where``."""
    state.leader[seat] = hx(where)


def position(
    first: int = CRASSUS,
    *,
    troops: Mapping[Where, tuple[int, int]] | None = None,
    leaders: Mapping[int, Where] | None = None,
    dead: Iterable[int] = (),
    keep_garrisons: bool = False,
    civil_war: bool = False,
    conquests: Iterable[int] | None = None,
    popularity: Iterable[int] | None = None,
    streak: Iterable[int] | None = None,
    **options: object,
) -> TriumvirateState:
    """A position at the start of ``first``'s turn (his leader's choice comes next).

    Args:
        first: the seat to play; he also won the first-player roll, so rounds end after the
            seat before him.
        troops: ``{hex: (force, n)}`` placed on the board.
        leaders: ``{seat: hex}``; leaders not named stay on their start hexes.
        dead: seats whose leader has died (they keep no leader and no troops).
        keep_garrisons: keep the initial T garrisons instead of starting from an empty board.
        civil_war: whether the civil war has begun.
        conquests: conquest tokens per seat.
        popularity: popularity tokens per seat.
        streak: own turns ended in Rome during the civil war, per seat.
        **options: game options, as for ``alea.load``.

    """
    state = new_state(first, **options)
    if not keep_garrisons:
        clear(state)
    for where, (force, n) in (troops or {}).items():
        place(state, where, force, n)
    for seat, where in (leaders or {}).items():
        put_leader(state, seat, where)
    for seat in dead:
        state.alive[seat] = False
        state.leader[seat] = -1
    state.civil_war = civil_war
    if conquests is not None:
        state.conquests[:] = list(conquests)
    if popularity is not None:
        state.popularity[:] = list(popularity)
    if streak is not None:
        state.rome_turns[:] = list(streak)
    check_invariants(state)
    return state


def apply(state: TriumvirateState, *actions: Action) -> TriumvirateState:
    """Apply ``actions`` in order through the real rules; returns the state for chaining."""
    for action in actions:
        state.apply_action(action)
    return state


def end_turn(state: TriumvirateState) -> None:
    """Finish the current seat's turn without doing anything (stay, end, leave the Romans)."""
    seat = state.current_player()
    apply(state, Decide(seat, "stay"), Decide(seat, "end"))
    if state.current_player() == seat:  # the popularity roll was offered
        apply(state, Decide(seat, "pass"))


def check_invariants(state: TriumvirateState) -> None:
    """Assert the bookkeeping of the troops is consistent (the engine's own invariants), and
    that no force has more troops than its counters (TRI-8.3 for players, TRI-7.4 for Rome)."""
    owner, count, land = state.owner, state.count, BOARD.land
    limit = state.game.opts.stack_limit
    held: list[set[int]] = [set(), set(), set(), set()]
    on_board = [0, 0, 0, 0]
    for h in range(BOARD.size):
        o = owner[h]
        if o == -1:
            assert count[h] == 0, BOARD.label(h)
            continue
        assert 0 < count[h] <= limit, BOARD.label(h)
        assert land[h] or o in (POMPEY, ROME), f"{BOARD.label(h)}: only Pompey's troops go to sea"
        held[o].add(h)
        on_board[o] += count[h]
    for seat in range(3):
        assert state.holdings[seat] == held[seat]
        if not state.alive[seat]:
            assert state.leader[seat] == -1
            assert not held[seat]
        assert state.troops[seat] <= state.game.setup.counters[seat], (
            "more troops than counters (TRI-8.3)"
        )
    for force in range(4):
        in_flight = sum(state.attack.values()) if force == state.turn else 0
        assert state.troops[force] == on_board[force] + in_flight, f"force {force}"
    assert state.troops[ROME] <= state.game.setup.counters[ROME], (
        "more Roman troops than grey counters"
    )
