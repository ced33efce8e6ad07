"""Properties of whole random HOTRE games: secrecy of the counters, Legion counts, free Cities.

Each property plays random legal decisions (chance drawn with its exact odds) from a Hypothesis
seed, for two, three and four players, and checks the rule after every action. What a seat may
know of the counters is worked out here from the actions alone, independently of the engine's
own bookkeeping, and compared with every seat's observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hotre_builders import fresh
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alea.core.game import Action
from alea.games.hotre import counters
from alea.games.hotre.actions import DrawCounter, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.charts import BonusKind
from alea.games.hotre.constants import DECLARE, DRAW, EXPAND, HAND
from alea.games.hotre.state import HotreState

playouts = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])


def random_games(test: Callable[[int, int], None]) -> Callable[..., None]:
    """Run ``test(players, seed)`` over a few games: two to four players, any seed."""
    wrapped: Callable[..., None] = playouts(given(players=player_counts, seed=seeds)(test))
    return wrapped


RESOURCE = [land.resource for land in BOARD.lands]


def steps(players: int, seed: int) -> Iterator[tuple[HotreState, HotreState, Action]]:
    """Each action of a random game as (position before, position after, action)."""
    s = fresh(players)
    rng = random.Random(seed)
    while not s.is_terminal():
        before = s.clone()
        a = s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_action(a)
        yield before, s, a


class CounterKnowledge:
    """Which counters each seat may see under HRE-3.2, HRE-3.6 and HRE-3.8, from the actions."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.period = 1
        self.reset()

    def reset(self) -> None:
        # knows[emperor][s]: the seats whose counter of that kind seat s has seen
        self.knows: dict[bool, list[set[int]]] = {
            e: [set() for _ in range(self.seats)] for e in (False, True)
        }
        self.drawer = -1
        self.looked = False

    def update(self, before: HotreState, after: HotreState, action: Action) -> None:
        """Learn from one action: a draw, a hand-over (chosen or forced), the end, a call."""
        if after.period != self.period:
            self.period = after.period
            self.reset()
        if isinstance(action, DrawCounter):
            self.drawer = before.draw_order[before.draw_position]
            held = before.emperor_counter if action.emperor else before.people_counter
            self.looked = not held[self.drawer]  # HRE-3.2: only a drawer holding none looks
        if before.stage in (DRAW, HAND) and after.period == before.period:
            for emp in (False, True):
                old = before.emperor_counter if emp else before.people_counter
                new = after.emperor_counter if emp else after.people_counter
                for t in range(self.seats):
                    if not old[t] and new[t] and self.looked:
                        self.knows[emp][self.drawer].add(t)
        if before.stage in (DRAW, HAND) and after.stage not in (DRAW, HAND):
            for s in range(self.seats):  # HRE-3.6: each holder now sees its own
                self.knows[False][s].add(s)
                self.knows[True][s].add(s)
        if after.stage not in (DRAW, HAND) and after.active_seat >= 0 and after.half_turn in (1, 2):
            emp = after.half_turn == 2  # HRE-3.8: the counter is shown when its number is called
            for s in range(self.seats):
                self.knows[emp][s].add(after.active_seat)

    def drawn_seen(self, state: HotreState, seats: set[int]) -> bool:
        return state.stage == HAND and self.looked and self.drawer in seats


def seats_of(state: HotreState, player: int) -> set[int]:
    return {s for s in range(state.seat_count) if state.seat_player(s) == player}


@pytest.mark.rule("HRE-3.2", "HRE-3.6")
@random_games
def test_no_observation_shows_a_counter_its_seat_was_not_allowed_to_see(
    players: int, seed: int
) -> None:
    oracle: CounterKnowledge | None = None
    blind_draws = 0
    for before, after, action in steps(players, seed):
        if oracle is None:
            oracle = CounterKnowledge(after.seat_count)
        oracle.update(before, after, action)
        if isinstance(action, DrawCounter) and not oracle.looked:
            blind_draws += 1
        if after.period > 2 and after.stage not in (DRAW, HAND):
            continue  # the hand-outs of two periods are enough per game; the rest is play
        for p in range(players):
            mine = seats_of(after, p)
            obs = after.observation(p)
            for emp, key in ((False, "people_counters"), (True, "emperor_counters")):
                held = after.emperor_counter if emp else after.people_counter
                for s in range(after.seat_count):
                    if not held[s]:
                        continue
                    allowed = any(s in oracle.knows[emp][m] for m in mine)
                    expected = held[s] if allowed else None
                    assert obs[key][s] == expected, (
                        f"player {p} sees {key}[{s}]={obs[key][s]}, the rules allow {expected}"
                    )
            drawn = after.drawn_counter if oracle.drawn_seen(after, mine) else None
            assert obs["drawn"] == drawn
    assert oracle is not None
    if players == 4:
        assert blind_draws > 0  # 14 hand-outs: some seat is handed a counter and draws again


@pytest.mark.rule("HRE-1.3", "HRE-15.2")
@random_games
def test_legions_stay_within_the_set_and_the_first_allotment_is_whole(
    players: int, seed: int
) -> None:
    first_turns = 0
    for before, after, _ in steps(players, seed):
        legions = after.opts.legion_set(after.seat_count)
        for s in range(after.seat_count):
            assert after.legions_unused(s) >= 0, f"seat {s} uses more than {legions} Legions"
            assert after.force_armies[s] + after.eliminated_legions[s] <= legions
        if (
            after.period == 1
            and after.half_turn == 2
            and before.stage == DECLARE
            and after.stage == EXPAND
            and after.armies_placed == 0
        ):
            first_turns += 1
            bonus = counters.emperor_bonus(after, after.active_seat, BonusKind.LEGIONS)
            # HRE-5.0, HRE-15.2: starting Legions plus the bonus, in full (an Elite Troops
            # card played in the declaration may add one more)
            assert after.armies_to_place >= after.opts.first_legions(after.seat_count) + bonus
    assert first_turns == (4 if players == 2 else players)


@pytest.mark.rule("HRE-13.1")
@random_games
def test_founding_never_takes_a_faction_past_one_city_per_two_resources(
    players: int, seed: int
) -> None:
    for before, after, action in steps(players, seed):
        if isinstance(action, PlayCard):
            continue  # Engineering builds a City of its own (HRE-8.5.16), outside the free ones
        new = [
            i
            for i in range(len(RESOURCE))
            if after.city_state[i] and not before.city_state[i] and i not in after.start_land
        ]
        if not new:
            continue
        s = before.active_seat  # the founding ends its Faction turn: the next half may have begun
        assert all(after.force_in_land[i] == s and RESOURCE[i] for i in new)  # HRE-13.2
        resources = sum(1 for i, r in enumerate(RESOURCE) if r and after.force_in_land[i] == s)
        cities = sum(
            1 for i in range(len(RESOURCE)) if after.force_in_land[i] == s and after.city_state[i]
        )
        assert cities <= resources // 2, f"seat {s} holds {cities} Cities on {resources} sites"
