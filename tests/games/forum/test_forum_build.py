"""FOR-6: the build phase — build or destroy once, region prestige, benefactions after."""

from __future__ import annotations

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, lay, mk, refused, roll, stage

import alea
from alea.core.errors import OptionError
from alea.games.forum.actions import Build, Decide, Destroy, Give
from alea.games.forum.board import BOARD
from alea.games.forum.constants import region_prestige
from alea.games.forum.state import ForumState

ROME = BOARD.rome
LUNA = mk("Luna")
ITALIA = [m for m in BOARD.region_markets("italia_gallia_britannia") if m != LUNA]
"""The other thirteen markets of Luna's region."""
HISPANIA = BOARD.region_markets("hispania_africa")


def at_build(money: int = 200, prestige: int = 0, **options: object) -> ForumState:
    """A, standing in Rome and in Luna, is the first to build."""
    state = fb.new_state(**options)  # type: ignore[arg-type]
    fb.put_agent(state, A, "Luna")
    fb.set_purse(state, A, money, prestige)
    fb.skip_to(state, "build")
    assert state.current_player() == A
    return state


def who(state: ForumState) -> tuple[str, int]:
    return stage(state), state.actor if state.is_chance_node() else state.current_player()


# -- FOR-6.1 build or destroy, once ------------------------------------------------------------


@pytest.mark.rule("FOR-6.1")
def test_a_player_chooses_between_building_and_destroying() -> None:
    state = fb.build_phase("A agent Luna; B horreum Luna", purse=1000)
    legal = state.legal_actions()
    assert set(legal) == {
        Build(A, ROME),
        Build(A, LUNA),
        Destroy(A, LUNA, B),
        Decide(A, "pass"),
    }


@pytest.mark.rule("FOR-6.1")
def test_after_building_there_is_no_destroying() -> None:
    state = fb.build_phase("A agent Luna; B horreum Luna", purse=1000)
    state.apply_action(Build(A, ROME))  # no region, no prestige, so no benefaction either
    assert who(state) == ("build", B)
    refused(state, Destroy(A, LUNA, B), "FOR-2.2")
    refused(state, Build(A, LUNA), "FOR-2.2")
    assert state.horrea_count[A] == 1


@pytest.mark.rule("FOR-6.1")
def test_after_destroying_there_is_no_building() -> None:
    state = fb.build_phase("A agent Luna; B horreum Luna", purse=1000)
    state.apply_action(Destroy(A, LUNA, B))
    refused(state, Build(A, LUNA), "FOR-2.2")  # the die is pending
    roll(state, 2)
    assert who(state) == ("build", B)
    refused(state, Build(A, LUNA), "FOR-2.2")
    assert state.horrea_count[A] == 0


# -- FOR-6.2 building --------------------------------------------------------------------------


@pytest.mark.rule("FOR-6.2")
def test_building_costs_100_where_an_agent_stands() -> None:
    state = at_build()
    assert {a for a in state.legal_actions() if isinstance(a, Build)} == {
        Build(A, ROME),
        Build(A, LUNA),
    }
    state.apply_action(Build(A, LUNA))
    assert state.money[A] == 100
    assert state.horrea[LUNA] == 1 << A
    assert state.horrea_count[A] == 1


@pytest.mark.rule("FOR-6.2")
def test_rome_holds_horrea_like_any_market() -> None:
    state = fb.new_state()
    for seat in (B, C, D):
        fb.put_horreum(state, seat, "Rome")
    fb.skip_to(state, "build")
    state.apply_action(Build(A, ROME))
    assert state.horrea[ROME] == 0b1111
    assert state.money[A] == 100
    assert state.prestige[A] == 0  # Rome is in no region (FOR-6.3)


@pytest.mark.rule("FOR-6.2")
def test_no_building_without_an_agent_or_where_one_already_has_a_horreum() -> None:
    state = fb.build_phase("A agent Luna; A horreum Luna")
    refused(state, Build(A, LUNA), "FOR-6.2")  # already A's horreum there
    refused(state, Build(A, mk("Carthage")), "FOR-6.2")  # no agent there
    assert {a for a in state.legal_actions() if isinstance(a, Build)} == {Build(A, ROME)}


@pytest.mark.rule("FOR-6.2")
@pytest.mark.parametrize(("money", "prestige", "can"), [(99, 0, False), (50, 1, True)])
def test_building_must_be_affordable(money: int, prestige: int, can: bool) -> None:
    state = fb.new_state()
    fb.set_purse(state, A, money, prestige)
    fb.skip_to(state, "build")
    if not can:
        assert state.current_player() == B  # A had nothing to do in the build phase
        refused(state, Build(A, ROME), "FOR-2.2")
        return
    state.apply_action(Build(A, ROME))
    assert state.money[A] == money - 100
    assert state.prestige[A] == prestige - 1  # $50 of new debt (FOR-8.2)


@pytest.mark.rule("FOR-6.2")
def test_twenty_horrea_in_all() -> None:
    state = fb.new_state()
    lay(state, "A agent Luna; B horreum Luna")
    far = [m for m in range(len(BOARD.markets)) if m not in (ROME, LUNA)]
    for m in far[:20]:
        fb.put_horreum(state, A, m)
    fb.set_purse(state, A, 1000)
    fb.skip_to(state, "build")
    assert state.current_player() == A  # A may still destroy
    assert not any(isinstance(a, Build) for a in state.legal_actions())
    refused(state, Build(A, LUNA), "FOR-6.2")
    refused(state, Build(A, ROME), "FOR-6.2")


@pytest.mark.rule("FOR-6.2")
def test_the_token_supply_is_an_option() -> None:
    state = fb.build_phase("A agent Luna; A horreum Rome; B horreum Luna", purse=1000, horrea=1)
    assert state.current_player() == A  # A may still destroy
    refused(state, Build(A, LUNA), "FOR-6.2")
    assert state.observation(A)["players"][A]["horrea_left"] == 0


# -- FOR-6.3 prestige from regions -------------------------------------------------------------


@pytest.mark.rule("FOR-6.3")
@pytest.mark.parametrize(
    ("held", "gain"), [(0, 1), (1, 0), (3, 0), (4, 1), (5, 0), (8, 0), (9, 1), (12, 0), (13, 2)]
)
def test_first_every_fifth_and_the_whole_region(held: int, gain: int) -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    for m in ITALIA[:held]:
        fb.put_horreum(state, A, m)
    fb.skip_to(state, "build")
    state.apply_action(Build(A, LUNA))
    assert state.prestige[A] == gain


@pytest.mark.rule("FOR-6.3")
def test_the_region_prestige_table() -> None:
    size = 14
    assert [region_prestige(k, size) for k in range(15)] == [
        0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 5,
    ]  # fmt: skip


@pytest.mark.rule("FOR-6.3")
def test_regions_are_counted_apart_and_rome_in_none() -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    for m in HISPANIA[:4]:
        fb.put_horreum(state, A, m)
    fb.put_horreum(state, A, "Rome")
    fb.skip_to(state, "build")
    state.apply_action(Build(A, LUNA))
    assert state.prestige[A] == 1  # the first in Italia, not the fifth of anything


@pytest.mark.rule("FOR-6.3")
@pytest.mark.parametrize(("held", "loss"), [(1, 1), (2, 0), (5, 1), (6, 0), (14, 2)])
def test_losing_a_horreum_takes_the_prestige_back(held: int, loss: int) -> None:
    state = fb.new_state()
    lay(state, "A agent Luna; B horreum Luna")
    for m in ITALIA[: held - 1]:
        fb.put_horreum(state, B, m)
    fb.set_purse(state, B, 200, 8)
    fb.skip_to(state, "build")
    state.apply_action(Destroy(A, LUNA, B))
    roll(state, 4)
    assert not state.horrea[LUNA] >> B & 1
    assert state.prestige[B] == 8 - loss


# -- FOR-6.4 destroying ------------------------------------------------------------------------


@pytest.mark.rule("FOR-6.4")
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_destroying_costs_200_and_succeeds_on_four_or_more(value: int) -> None:
    state = fb.build_phase("A agent Luna; B horreum Luna; C horreum Luna", purse=500)
    assert {a for a in state.legal_actions() if isinstance(a, Destroy)} == {
        Destroy(A, LUNA, B),
        Destroy(A, LUNA, C),
    }
    state.apply_action(Destroy(A, LUNA, C))
    assert state.money[A] == 300
    assert state.pending == (LUNA, A, C, 4)
    roll(state, value)
    assert state.horrea[LUNA] == (0b010 if value >= 4 else 0b110)
    assert state.money[A] == 300
    assert state.pending is None


@pytest.mark.rule("FOR-6.4")
def test_improper_destructions_are_refused() -> None:
    state = fb.build_phase("A agent Luna; A horreum Luna; B horreum Carthage", purse=1000)
    assert state.current_player() == A
    refused(state, Destroy(A, mk("Carthage"), B), "FOR-6.4")  # no agent of A there
    refused(state, Destroy(A, LUNA, B), "FOR-6.4")  # no horreum of B there
    refused(state, Destroy(A, LUNA, A), "FOR-6.4")  # one's own
    assert not any(isinstance(a, Destroy) for a in state.legal_actions())


@pytest.mark.rule("FOR-6.4")
def test_destroying_must_be_affordable() -> None:
    state = fb.new_state()
    lay(state, "A agent Luna; B horreum Luna")
    fb.set_purse(state, A, 199, 0)  # enough to build, not to destroy
    fb.skip_to(state, "build")
    assert not any(isinstance(a, Destroy) for a in state.legal_actions())
    refused(state, Destroy(A, LUNA, B), "FOR-6.4")
    state = fb.new_state()
    lay(state, "A agent Luna; B horreum Luna")
    fb.set_purse(state, A, 100, 1)  # $100 of debt, paid for with 1 prestige
    fb.skip_to(state, "build")
    state.apply_action(Destroy(A, LUNA, B))
    assert (state.money[A], state.prestige[A]) == (-100, 0)


# -- FOR-6.5 benefactions ----------------------------------------------------------------------


@pytest.mark.rule("FOR-6.5")
@pytest.mark.parametrize(
    ("prestige", "first_space", "cost"),
    [(1, 0, 200), (5, 0, 200), (6, 3, 500), (10, 3, 500), (11, 6, 1000), (14, 6, 1000)],
)
def test_the_band_of_ones_prestige_offers_its_three_benefactions(
    prestige: int, first_space: int, cost: int
) -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 3000, prestige)
    fb.skip_to(state, "give")
    assert state.current_player() == A
    spaces = list(range(first_space, first_space + 3))
    assert [a for a in state.legal_actions() if isinstance(a, Give)] == [Give(A, s) for s in spaces]
    state.apply_action(Give(A, spaces[1]))
    assert state.money[A] == 3000 - cost
    assert state.prestige[A] == prestige + 1
    assert state.benefactions[spaces[1]] == A
    assert state.gifts[A] == 1


@pytest.mark.rule("FOR-6.5")
def test_a_benefaction_is_given_only_once() -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 1000, 2)
    fb.set_purse(state, B, 1000, 3)
    fb.skip_to(state, "give")
    state.apply_action(Give(A, 0))
    fb.skip_to(state, "give")
    assert state.current_player() == B
    assert [a for a in state.legal_actions() if isinstance(a, Give)] == [Give(B, 1), Give(B, 2)]
    refused(state, Give(B, 0), "FOR-6.5")
    refused(state, Give(B, 3), "FOR-6.5")  # another band's


@pytest.mark.rule("FOR-6.5")
def test_no_benefaction_without_prestige_or_from_an_exhausted_band() -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 1000, 0)
    fb.set_purse(state, B, 1000, 4)
    for space in (0, 1, 2):
        state.benefactions[space] = D
    fb.skip_to(state, "build")
    state.apply_action(Decide(A, "pass"))
    assert who(state) == ("build", B)  # A, at prestige 0, is in no band
    state.apply_action(Decide(B, "pass"))
    assert who(state) == ("build", C)  # B's band has nothing left to give
    refused(state, Give(B, 3), "FOR-2.2")


@pytest.mark.rule("FOR-6.5")
def test_one_benefaction_a_turn_even_after_rising_a_band() -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 2500, 5)  # $2300 after the gift: no $1000 mark is lost
    fb.skip_to(state, "give")
    state.apply_action(Give(A, 0))
    assert state.prestige[A] == 6  # now an aedile
    assert who(state) == ("build", B)
    refused(state, Give(A, 3), "FOR-2.2")
    fb.end_turn(state)
    fb.skip_to(state, "build")
    while state.current_player() != A:
        state.apply_action(Decide(state.current_player(), "pass"))
    state.apply_action(Decide(A, "pass"))
    assert who(state) == ("give", A)
    state.apply_action(Give(A, 3))
    assert state.gifts[A] == 2


@pytest.mark.rule("FOR-6.5")
@pytest.mark.parametrize(("money", "offered"), [(0, False), (100, True), (200, True)])
def test_a_benefaction_must_be_affordable(money: int, offered: bool) -> None:
    state = fb.new_state()
    fb.set_purse(state, A, money, 1)  # with 1 prestige A may borrow $100, not $200
    fb.skip_to(state, "build")
    assert state.current_player() == A  # a horreum in Rome is within reach
    state.apply_action(Decide(A, "pass"))
    if not offered:
        assert who(state) == ("build", B)
        return
    assert who(state) == ("give", A)
    state.apply_action(Give(A, 0))
    assert state.money[A] == money - 200
    assert state.prestige[A] == (2 if money >= 200 else 1)


# -- FOR-6.6 benefaction after building --------------------------------------------------------


@pytest.mark.rule("FOR-6.6")
def test_the_benefaction_follows_the_build() -> None:
    state = at_build(money=500)
    refused(state, Give(A, 0), "FOR-2.2")  # not before the build
    state.apply_action(Build(A, LUNA))  # the first horreum in a region: prestige 1
    assert who(state) == ("give", A)
    refused(state, Build(A, ROME), "FOR-2.2")
    state.apply_action(Give(A, 0))
    assert (state.money[A], state.prestige[A]) == (200, 2)
    assert who(state) == ("build", B)


@pytest.mark.rule("FOR-6.6")
def test_the_benefaction_follows_the_destruction() -> None:
    state = fb.new_state()
    lay(state, "A agent Luna; B horreum Luna")
    fb.set_purse(state, A, 1000, 3)
    fb.skip_to(state, "build")
    state.apply_action(Destroy(A, LUNA, B))
    roll(state, 5)
    assert who(state) == ("give", A)
    state.apply_action(Give(A, 2))
    assert state.benefactions[2] == A
    assert who(state) == ("build", B)


@pytest.mark.rule("FOR-6.6")
def test_a_player_who_does_not_build_may_still_give() -> None:
    state = at_build(money=1000, prestige=1)
    state.apply_action(Decide(A, "pass"))
    assert who(state) == ("give", A)
    state.apply_action(Decide(A, "pass"))
    assert who(state) == ("build", B)
    assert state.gifts[A] == 0


# -- FOR-1.8 the variant: the late families skip the first turn's build -------------------------


def builders_this_turn(state: ForumState) -> list[int]:
    """Drive the turn to its fate draw, everyone passing; the seats asked to build, in order."""
    asked = []
    while stage(state) != "fate":
        if stage(state) == "build":
            asked.append(state.current_player())
        fb.pass_once(state)
    return asked


@pytest.mark.rule("FOR-1.8")
@pytest.mark.parametrize(("skip", "builders"), [(0, [C, D, A, B]), (1, [C, D, A]), (3, [C])])
def test_the_last_families_of_the_first_turn_skip_its_build(skip: int, builders: list[int]) -> None:
    state = fb.new_state(4, first=C, late_first_build=skip)
    assert builders_this_turn(state) == builders  # the order is C, D, A, B
    fb.end_turn(state)
    assert builders_this_turn(state) == [D, A, B, C]  # from the second turn on, everyone


@pytest.mark.rule("FOR-1.8")
def test_a_skipped_family_builds_where_its_agent_stands_next_turn() -> None:
    state = fb.new_state(3, first=A, late_first_build=1)  # C is last in the first turn
    fb.put_agent(state, C, "Luna")
    assert builders_this_turn(state) == [A, B]
    assert state.horrea_count[C] == 0
    fb.end_turn(state)
    fb.skip_to(state, "build")
    while state.current_player() != C:
        fb.pass_once(state)
    state.apply_action(Build(C, LUNA))
    assert state.horrea[LUNA] >> C & 1


@pytest.mark.rule("FOR-1.8")
@pytest.mark.parametrize(("players", "skip"), [(2, 2), (3, 3)])
def test_every_family_skipping_is_refused_naming_the_rule(players: int, skip: int) -> None:
    with pytest.raises(OptionError, match=r"late_first_build.*FOR-1\.8"):
        alea.load("forum", players=players, late_first_build=skip)
    with pytest.raises(OptionError, match="late_first_build"):
        alea.load("forum", players=4, late_first_build=4)


# -- FOR-1.9 the variant: the first turn's build from the last family back ----------------------


@pytest.mark.rule("FOR-1.9")
@pytest.mark.parametrize(
    ("skip", "builders"), [(0, [B, A, D, C]), (1, [A, D, C]), (2, [D, C]), (3, [C])]
)
def test_the_first_turns_build_runs_from_the_last_family_back(
    skip: int, builders: list[int]
) -> None:
    state = fb.new_state(4, first=C, first_build="reverse", late_first_build=skip)
    assert builders_this_turn(state) == builders  # the order is C, D, A, B
    fb.end_turn(state)
    assert builders_this_turn(state) == [D, A, B, C]  # from the second turn on, the turn's order


@pytest.mark.rule("FOR-1.9")
def test_a_late_family_builds_before_the_first_in_the_reversed_first_build() -> None:
    state = fb.new_state(3, first=A, first_build="reverse")  # the order is A, B, C
    fb.put_agent(state, A, "Luna")
    fb.put_agent(state, C, "Luna")
    fb.skip_to(state, "build")
    assert state.current_player() == C
    state.apply_action(Build(C, LUNA))
    while state.current_player() != A:
        fb.pass_once(state)
    assert Build(A, LUNA) in state.legal_actions()
    state.apply_action(Build(A, LUNA))
    assert state.horrea[LUNA] >> A & 1
    assert state.horrea[LUNA] >> C & 1


def test_an_unknown_first_build_is_refused_with_its_choices() -> None:
    with pytest.raises(OptionError, match="first_build"):
        alea.load("forum", players=3, first_build="sideways")
