"""FOR-1: components and setup — players, board, starting position, family cards, fate deck,
first player."""

from __future__ import annotations

import copy
import json
from importlib import resources

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, mk, refused, stage

import alea
from alea.core.errors import OptionError
from alea.games.forum.actions import Build, Draw, Family, FirstPlayer, Give, Roll
from alea.games.forum.board import BOARD, BoardError, MarketType, parse_board
from alea.games.forum.movement import hops_from
from alea.games.forum.state import ForumState

ROME = BOARD.rome


def fresh(players: int = 4, **options: object) -> ForumState:
    state = alea.load("forum", players=players, **options).new_initial_state()
    assert isinstance(state, ForumState)
    return state


# -- FOR-1.1 players ---------------------------------------------------------------------------


@pytest.mark.rule("FOR-1.1")
@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_families_sit_in_seat_order(players: int) -> None:
    game = alea.load("forum", players=players)
    assert game.num_players == players
    assert tuple(game.player_names) == ("Aemilii", "Cornelii", "Licinii", "Valerii")[:players]
    state = game.new_initial_state()
    assert isinstance(state, ForumState)
    assert len(state.money) == len(state.agents) == players


@pytest.mark.rule("FOR-1.1")
def test_four_players_by_default() -> None:
    game = alea.load("forum")
    assert game.num_players == 4
    assert game.player_names == ("Aemilii", "Cornelii", "Licinii", "Valerii")


@pytest.mark.rule("FOR-1.1")
def test_two_players_are_allowed_and_play_through_turns() -> None:
    state = fb.new_state(players=2, first=B)
    assert alea.load("forum", players=2).player_names == ("Aemilii", "Cornelii")
    assert state.order == (B, A)
    fb.end_turn(state)
    assert state.turn == 2
    assert state.order == (A, B)
    assert not state.is_terminal()


@pytest.mark.rule("FOR-1.1")
@pytest.mark.parametrize("players", [0, 1, 5, "many"])
def test_other_numbers_of_players_are_refused(players: object) -> None:
    with pytest.raises(OptionError, match=r"FOR-1\.1"):
        alea.load("forum", players=players)


# -- FOR-1.2 the board -------------------------------------------------------------------------


@pytest.mark.rule("FOR-1.2")
def test_the_board_has_57_markets_and_75_links() -> None:
    assert len(BOARD.markets) == 57
    assert len(BOARD.links) == 75
    assert len({frozenset(link) for link in BOARD.links}) == 75


@pytest.mark.rule("FOR-1.2")
def test_every_printed_distance_is_the_shortest_route_from_rome() -> None:
    hops = hops_from(ROME)
    assert [m.distance for m in BOARD.markets] == hops
    assert BOARD.markets[ROME].name == "Rome"
    assert max(hops) == 5


@pytest.mark.rule("FOR-1.2")
def test_a_wrong_distance_is_caught_on_load() -> None:
    text = resources.files("alea.games.forum").joinpath("data/board.json").read_text()
    data = json.loads(text)
    bad = copy.deepcopy(data)
    next(m for m in bad["markets"] if m["name"] == "Luna")["distance"] = 2
    with pytest.raises(BoardError, match="Luna"):
        parse_board(bad)
    assert parse_board(data) == BOARD


@pytest.mark.rule("FOR-1.2")
def test_kinds_and_profits_per_number_of_horrea() -> None:
    kinds = {m.type for m in BOARD.markets}
    assert kinds == {MarketType.ROME, MarketType.SMALL, MarketType.LARGE, MarketType.EXOTIC}
    assert BOARD.market("Rome").type is MarketType.ROME
    assert BOARD.market("Carthage").profit == (175, 75, 50, 25)
    assert BOARD.market("Luna").profit == (75, 25, 0, 0)
    assert BOARD.market("Germany").type is MarketType.EXOTIC
    assert all(len(m.profit) == 4 for m in BOARD.markets)
    assert any(v < 0 for m in BOARD.markets for v in m.profit)


@pytest.mark.rule("FOR-1.2")
def test_four_regions_of_fourteen_markets_and_rome_in_none() -> None:
    assert len(BOARD.regions) == 4
    assert [len(BOARD.region_markets(r)) for r in BOARD.regions] == [14, 14, 14, 14]
    assert BOARD.markets[ROME].region is None
    assert all(ROME not in BOARD.region_markets(r) for r in BOARD.regions)
    covered = sorted(i for r in BOARD.regions for i in BOARD.region_markets(r))
    assert covered == [i for i in range(57) if i != ROME]


# -- FOR-1.3 starting position -----------------------------------------------------------------


@pytest.mark.rule("FOR-1.3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_everyone_starts_with_200_no_prestige_one_agent_in_rome(players: int) -> None:
    state = fresh(players)
    assert state.money == [200] * players
    assert state.prestige == [0] * players
    for seat in range(players):
        assert state.agents[seat].count(ROME) == 1
        assert state.reserve(seat) == 3
        assert len(state.agents[seat]) == 4
    assert state.horrea_count == [0] * players
    assert state.opts.horrea == 20
    view = state.observation(A)
    assert [p["horrea_left"] for p in view["players"]] == [20] * players
    assert [p["agents"] for p in view["players"]] == [["Rome"]] * players


@pytest.mark.rule("FOR-1.3")
def test_benefaction_markers_are_not_taken_from_the_horrea() -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    others = [m for m in range(57) if m not in (ROME, mk("Luna"))][:19]
    for m in others:
        fb.put_horreum(state, A, m)
    fb.set_purse(state, A, 5000, 3)
    state.benefactions[0] = A  # a benefaction given earlier: its marker is a spare token
    state.gifts[A] = 1
    fb.skip_to(state, "build")
    assert state.current_player() == A
    assert state.observation(A)["players"][A]["horrea_left"] == 1
    state.apply_action(Build(A, mk("Luna")))
    assert state.horrea_count[A] == 20
    assert stage(state) == "give"
    state.apply_action(Give(A, 1))
    assert state.gifts[A] == 2
    assert state.horrea_count[A] == 20
    assert state.observation(A)["players"][A]["horrea_left"] == 0


@pytest.mark.rule("FOR-1.3")
def test_the_twenty_first_horreum_cannot_be_built() -> None:
    state = fb.new_state()
    for m in range(1, 21):
        fb.put_horreum(state, A, m)
    fb.set_purse(state, A, 5000)
    fb.skip_to(state, "build")
    assert state.current_player() == B  # A has nothing to build or give
    state = fb.new_state()
    for m in range(1, 21):
        fb.put_horreum(state, A, m)
    fb.set_purse(state, A, 5000, 1)  # in a band, so A is asked for a benefaction only
    fb.skip_to(state, "give")
    assert state.current_player() == A
    assert not any(isinstance(a, Build) for a in state.legal_actions())


# -- FOR-1.4 family cards ----------------------------------------------------------------------


@pytest.mark.rule("FOR-1.4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_short_rules_deal_three_cards_each_one_at_a_time(players: int) -> None:
    state = fresh(players)
    state.apply_action(FirstPlayer(players - 1))
    dealt_to = []
    while stage(state) == "deal":
        assert state.is_chance_node()
        seat = state.actor
        dealt_to.append(seat)
        sons, daughters = state.deck_sons, state.deck_daughters
        outcomes = dict(state.chance_outcomes())
        assert outcomes == {
            Family(seat, True): pytest.approx(sons / (sons + daughters)),
            Family(seat, False): pytest.approx(daughters / (sons + daughters)),
        }
        state.apply_action(Family(seat, len(dealt_to) % 2 == 0))
    assert dealt_to == [i % players for i in range(3 * players)]
    assert [state.sons[p] + state.daughters[p] for p in range(players)] == [3] * players
    assert state.deck_sons + state.deck_daughters == 24 - 3 * players
    assert stage(state) == "enter"
    assert state.turn == 1


@pytest.mark.rule("FOR-1.4")
def test_the_family_deck_holds_twelve_sons_and_twelve_daughters() -> None:
    state = fresh(4, family_cards=6)
    state.apply_action(FirstPlayer(A))
    assert (state.deck_sons, state.deck_daughters) == (12, 12)
    for i in range(12):
        state.apply_action(Family(i % 4, True))
    assert state.deck_sons == 0
    assert state.chance_outcomes() == [(Family(A, False), 1.0)]
    refused(state, Family(A, True), "FOR-1.4")
    for i in range(12):
        state.apply_action(Family(i % 4, False))
    assert (state.deck_sons, state.deck_daughters) == (0, 0)
    assert state.sons == [3, 3, 3, 3]
    assert state.daughters == [3, 3, 3, 3]


@pytest.mark.rule("FOR-1.4")
def test_a_card_dealt_to_the_wrong_seat_is_refused() -> None:
    state = fresh(3)
    state.apply_action(FirstPlayer(C))
    assert state.actor == A
    refused(state, Family(B, True), "FOR-1.4")
    refused(state, Roll(4), "FOR-2.2")
    state.apply_action(Family(A, True))
    assert state.actor == B


@pytest.mark.rule("FOR-1.4")
def test_short_rules_hands_are_hidden_from_the_others() -> None:
    state = fb.new_state(hands=["ssd", "ddd", "sdd", "sss"])
    assert (state.sons, state.daughters) == ([2, 0, 1, 3], [1, 3, 2, 0])
    view = state.observation(B)["players"]
    assert (view[B]["sons"], view[B]["daughters"]) == (0, 3)
    for seat in (A, C, D):
        assert view[seat]["sons"] is None
        assert view[seat]["daughters"] is None
        assert view[seat]["children"] == 3
    spectator = state.observation(None)["players"]
    assert all(p["sons"] is None for p in spectator)


@pytest.mark.rule("FOR-1.4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_rules_give_one_son_and_one_daughter_known_to_all(players: int) -> None:
    state = fresh(players, ruleset="complete")
    state.apply_action(FirstPlayer(A))
    assert stage(state) == "enter"  # no deal
    assert state.sons == [1] * players
    assert state.daughters == [1] * players
    assert (state.deck_sons, state.deck_daughters) == (12, 12)
    view = state.observation(B)["players"]
    assert [(p["sons"], p["daughters"]) for p in view] == [(1, 1)] * players


# -- FOR-1.5 fate deck -------------------------------------------------------------------------


@pytest.mark.rule("FOR-1.5")
def test_each_draw_is_even_over_the_cards_left() -> None:
    state = fb.new_state()
    fb.skip_to(state, "fate")
    outcomes = state.chance_outcomes()
    assert sorted(a.card for a, _ in outcomes) == list(range(1, 31))  # type: ignore[attr-defined]
    assert all(p == pytest.approx(1 / 30) for _, p in outcomes)
    state.apply_action(Draw(22))
    assert 22 not in state.fate_deck
    assert state.history()[-1] == Draw(22)  # drawn face up, in the public record
    fb.skip_to(state, "fate")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 29
    assert Draw(22) not in dict(outcomes)
    assert all(p == pytest.approx(1 / 29) for _, p in outcomes)
    refused(state, Draw(22), "FOR-7.1")


@pytest.mark.rule("FOR-1.5")
def test_an_empty_deck_is_reshuffled_from_the_discards() -> None:
    state = fb.new_state()
    state.fate_deck = [22]
    fb.skip_to(state, "fate")
    assert state.chance_outcomes() == [(Draw(22), 1.0)]
    state.apply_action(Draw(22))
    assert state.fate_deck == []
    fb.skip_to(state, "fate")
    assert sorted(state.fate_deck) == list(range(1, 31))
    assert len(state.chance_outcomes()) == 30


# -- FOR-1.6 first player ----------------------------------------------------------------------


@pytest.mark.rule("FOR-1.6")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_is_equally_likely_to_play_first(players: int) -> None:
    state = fresh(players)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [
        (FirstPlayer(s), pytest.approx(1 / players)) for s in range(players)
    ]


@pytest.mark.rule("FOR-1.6")
@pytest.mark.parametrize(("players", "first"), [(4, C), (3, B), (2, B), (4, D)])
def test_the_winner_of_the_roll_starts_the_first_turn(players: int, first: int) -> None:
    state = fb.new_state(players, first=first)
    assert state.first == first
    assert state.order[0] == first
    assert state.actor == first  # the first entry roll is theirs


@pytest.mark.rule("FOR-1.7")
@pytest.mark.parametrize(("players", "first"), [(4, C), (3, B)])
def test_order_money_pays_the_early_families_by_their_place(players: int, first: int) -> None:
    plain = fb.new_state(players, first=first)
    assert plain.money == [200] * players  # the rules: nothing extra
    state = fb.new_state(players, first=first, order_money=50)
    for k in range(players):
        seat = (first + k) % players
        assert state.money[seat] == 200 + (players - 1 - k) * 50
    assert state.prestige == [0] * players
    with pytest.raises(OptionError, match="order_money"):
        alea.load("forum", order_money=-5)


@pytest.mark.rule("FOR-1.6")
def test_a_seat_that_is_not_at_the_table_cannot_win_the_roll() -> None:
    state = fresh(3)
    refused(state, FirstPlayer(D), "FOR-1.6")
    refused(state, Roll(6), "FOR-2.2")
