"""HOTRE's rules as the game contract: ``HotreState`` binds the rule modules to a position.

Where each rule lives: ``counters`` (the deal and the counters, HRE-2, HRE-3.1 to HRE-3.7),
``turns`` (the order of play and the declaration, HRE-3.8, HRE-4.0 to HRE-4.3, HRE-5.0, HRE-5.7),
``build`` (the Faction's build, HRE-5.0 to HRE-5.4), ``movement`` (take-up and expansion, HRE-4.4
to HRE-4.8, HRE-5.5 to HRE-5.9, HRE-9.1, HRE-11), ``combat`` (HRE-9.4, HRE-12, HRE-15.4),
``events`` (HRE-8), ``cities`` (HRE-13), ``scoring`` (HRE-4.9, HRE-7.0, HRE-14), ``views`` (what a
seat sees), ``play`` (legal decisions, chance and applying actions). ``forces`` holds the
primitives over armies they all share; ``dice`` the exact odds. The data of a position, its copy
and its JSON are in ``position``, the fixed tables in ``constants``.

The modules import one another one way only (forces and counters, then build, scoring and
combat, then cities, movement, events, turns and play); where a lower module hands play on to a
higher one it calls a method of the position (``_resume``, ``_end_half``, ``_next_half``) that
``HotreState`` binds below.
"""

from __future__ import annotations

from alea.games.hotre import build, forces, movement, play, scoring, turns, views
from alea.games.hotre.position import HotrePosition


class HotreState(HotrePosition, rules=(play, movement, turns, views, scoring)):
    """A position of History of the Roman Empire with the game contract bound to its rules.

    The contract and the hand-overs the rule modules call through the position are the
    functions of the same names in ``rules`` (``alea.core.game.bind_rules``); the queries below
    are named by hand. Each is a function of its rule area taking the position first, so a call
    costs no more than a method of one large class.
    """

    __slots__ = ()

    # queries the bot and views ask
    score_half = scoring.score_half
    armies_lands = forces.armies_lands
    legions_unused = build.legions_unused
