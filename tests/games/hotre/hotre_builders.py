"""Builders for HOTRE engine tests: positions set up directly, without playing to them."""

from __future__ import annotations

import random

from alea.core.game import Action
from alea.games.hotre import turns
from alea.games.hotre.actions import Decide, Pick
from alea.games.hotre.board import BOARD
from alea.games.hotre.game import HotreGame
from alea.games.hotre.state import HotreState


def land(name: str) -> int:
    """A land's index by name."""
    return BOARD.index(name)


def fresh(players: int = 4, **options: object) -> HotreState:
    """The state before the deal."""
    return HotreGame(players=players, **options).new_initial_state()


def people_turn(seat: int = 0, number: int = 1, period: int = 1, players: int = 4) -> HotreState:
    """``seat`` plays People ``number`` of ``period``; the declaration step is next."""
    s = fresh(players)
    s.period = period
    s.stage = 0
    s.people_counter[seat] = number
    turns.begin_people(s, seat, number)
    return s


def faction_turn(seat: int = 0, emperor: int = 5, period: int = 1, players: int = 4) -> HotreState:
    """``seat``'s Faction turn under Emperor ``emperor``; the declaration step is next."""
    s = fresh(players)
    s.period = period
    s.emperor_counter[seat] = emperor
    turns.begin_faction(s, seat)
    return s


def put(s: HotreState, where: str, force: int, k: int) -> int:
    """Stand ``k`` armies of ``force`` in land ``where``."""
    i = land(where)
    old = s.force_in_land[i]
    if old >= 0:
        s.force_armies[old] -= s.armies_in_land[i]
    s.force_in_land[i] = force
    s.armies_in_land[i] = k
    s.force_armies[force] += k
    s._legal = None
    return i


def end_declaration(s: HotreState) -> None:
    """End the active seat's declaration step."""
    s.apply_action(Decide(s.active_seat, "end_declaration"))


def place(s: HotreState, where: str) -> None:
    """Place one army of the acting force in ``where``."""
    s.apply_action(Pick(s.player, "place", land(where)))


def chance(s: HotreState, a: Action) -> None:
    """Apply a chance outcome."""
    s.apply_action(a)


def play_random(players: int, seed: int) -> tuple[HotreState, int]:
    """Play a whole game with random legal decisions; return it and its decision count."""
    s = fresh(players)
    rng = random.Random(seed)
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            decisions += 1
    return s, decisions
