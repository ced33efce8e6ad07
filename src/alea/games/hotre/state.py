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

from alea.games.hotre import build, counters, forces, movement, play, scoring, turns, views
from alea.games.hotre.position import HotrePosition


class HotreState(HotrePosition):
    """A position of History of the Roman Empire with the game contract bound to its rules.

    Each method below is a function of its rule area taking the position first, so a call costs
    no more than a method of one large class.
    """

    __slots__ = ()

    # the contract: decisions, chance and their effect
    _legal_actions = play.legal_actions
    chance_outcomes = play.chance_outcomes
    sample_chance = play.sample_chance
    apply_action = play.apply_action
    # hand-overs the rule modules call through the position
    _resume = movement.resume
    _end_half = turns.end_half
    _next_half = turns.next_half
    # what a seat may see
    observation = views.observation
    determinize = views.determinize
    drawn_seen_by = counters.drawn_seen_by
    # points and the end of the game (HRE-14)
    returns = scoring.returns
    scores = scoring.scores
    outcome_text = scoring.outcome_text
    score_half = scoring.score_half
    player_totals = scoring.player_totals
    armies_lands = forces.armies_lands
    # queries the bot and views ask
    legions_unused = build.legions_unused
