"""The choices HOTRE keeps from one step to the next are the choices the position gives afresh.

Applying an action may leave the next seat's choices behind (the expansion, for one, works
them out to see whether any placement is left, HRE-4.8). Over whole random games, with the
optional rules that change those choices turned on, every kept list must equal the list the
position gives from scratch, entry for entry and in order, at every decision of every stage.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hotre_builders import fresh

from alea.games.hotre.constants import (
    ANSWER,
    BUILD,
    DECLARE,
    DISPLACE,
    EXPAND,
    FORTCHOICE,
    FOUND,
    HAND,
    LOOTCHOICE,
    OFFER,
    STAGE_NAMES,
    TAKEUP,
)
from alea.games.hotre.state import HotreState

VARIANTS: list[tuple[int, dict[str, object]]] = [
    (4, {}),
    (3, {}),
    (2, {}),
    (4, {"bribe_barbarians": True, "gods_favor": True}),
    (3, {"optional_terrain": True, "city_limit": "per_turn"}),
]
"""Player counts and options: the rules as written, and the optional rules that shape choices."""

MUST_SEE = {ANSWER, BUILD, DECLARE, DISPLACE, EXPAND, FORTCHOICE, FOUND, HAND, LOOTCHOICE, OFFER}
"""Decision stages the games below reach; each must have been checked at least once."""


def check_game(s: HotreState, rng: random.Random, seen: Counter[int]) -> None:
    """Play ``s`` out at random, comparing kept and fresh choices at every decision."""
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
            continue
        kept = s.legal_actions()
        afresh = s.legal_actions_uncached()
        assert kept == afresh, f"{STAGE_NAMES[s.stage]}: kept {kept} but afresh {afresh}"
        assert [type(a) for a in kept] == [type(a) for a in afresh]
        seen[s.stage] += 1
        s.apply_action(kept[int(rng.random() * len(kept))])


@pytest.mark.rule("HRE-4.8")
@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_kept_choices_equal_fresh_choices_at_every_decision(
    players: int, options: dict[str, object]
) -> None:
    seen: Counter[int] = Counter()
    for seed in range(12):
        check_game(fresh(players, **options), random.Random(seed * 31 + players), seen)
    assert seen[EXPAND] > 100
    assert seen[DECLARE] > 10
    assert seen[TAKEUP] > 0
    if options.get("bribe_barbarians"):
        assert seen[OFFER] > 0


def test_every_decision_stage_is_checked() -> None:
    seen: Counter[int] = Counter()
    for players, options in VARIANTS:
        for seed in range(12):
            check_game(fresh(players, **options), random.Random(seed * 31 + players), seen)
    missing = sorted(STAGE_NAMES[st] for st in MUST_SEE if not seen[st])
    assert not missing, f"no decision checked at {missing}"
