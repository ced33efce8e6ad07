"""TRI-2: setup — garrisons, leaders, and the roll for first player."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from builders import end_turn, hx, new_state, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

import alea
from alea.games.triumvirate.actions import Decide, FirstPlayer, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import TriumvirateState


def fresh() -> TriumvirateState:
    state = alea.load("triumvirate", setup="authored").new_initial_state()
    assert isinstance(state, TriumvirateState)
    return state


@pytest.mark.rule("TRI-2.1")
def test_every_t_hex_starts_with_one_troop_of_its_force() -> None:
    state = fresh()
    garrison = dict(BOARD.garrisons)
    for h in range(BOARD.size):
        if h in garrison:
            assert (state.owner[h], state.count[h]) == (garrison[h], 1), BOARD.label(h)
        else:
            assert (state.owner[h], state.count[h]) == (-1, 0), BOARD.label(h)
    assert state.troops == [18, 10, 11, 15]
    for seat in (CRASSUS, CAESAR, POMPEY):
        assert state.holdings[seat] == {h for h, f in BOARD.garrisons if f == seat}
    assert state.owner[BOARD.rome] == -1  # no T on Rome itself


@pytest.mark.rule("TRI-2.2")
def test_leaders_start_on_their_named_hexes() -> None:
    state = fresh()
    assert state.leader == [hx("Antiochia"), hx("Bibracte"), hx("Carthago Nova")]
    assert state.alive == [True, True, True]
    for seat in (CRASSUS, CAESAR, POMPEY):
        assert state.owner[state.leader[seat]] == seat  # each starts with his escort
    assert state.conquests == state.popularity == state.rome_turns == [0, 0, 0]
    assert not state.civil_war


@pytest.mark.rule("TRI-2.3")
def test_the_first_player_is_a_fair_three_way_chance_event() -> None:
    state = fresh()
    assert state.current_player() == alea.CHANCE
    assert state.is_chance_node()
    assert state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)]
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    rng = random.Random(7)
    drawn = Counter(state.sample_chance(rng) for _ in range(3000))
    assert set(drawn) == {FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)}
    assert all(800 < n < 1200 for n in drawn.values())


@pytest.mark.rule("TRI-2.3")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR, POMPEY])
def test_the_winner_of_the_roll_plays_first(seat: int) -> None:
    state = fresh()
    state.apply_action(FirstPlayer(seat))
    assert state.current_player() == seat
    assert state.turn == seat
    assert state.first == seat
    assert state.round == 1
    assert Decide(seat, "roll") in state.legal_actions()


@pytest.mark.rule("TRI-2.3")
def test_nobody_decides_before_the_roll_for_first_player() -> None:
    state = fresh()
    refused(state, Decide(CRASSUS, "roll"), "TRI-3.3")
    refused(state, Roll(6, 1), "TRI-3.3")


@pytest.mark.rule("TRI-2.3")
@pytest.mark.parametrize("first", [CRASSUS, CAESAR, POMPEY])
def test_play_goes_clockwise_crassus_caesar_pompey(first: int) -> None:
    state = new_state(first)
    order = [state.current_player()]
    for _ in range(6):
        end_turn(state)
        order.append(state.current_player())
    expected = [(first + i) % 3 for i in range(7)]
    assert order == expected


@pytest.mark.rule("TRI-2.3")
def test_a_seat_whose_leader_is_dead_is_skipped() -> None:
    state = position(CRASSUS, dead=[CAESAR])
    order = [state.current_player()]
    for _ in range(4):
        end_turn(state)
        order.append(state.current_player())
    assert order == [CRASSUS, POMPEY, CRASSUS, POMPEY, CRASSUS]
    assert ROME not in order


# -- TRI-2.4 / 2.5: named setups and setup options ------------------------------------------


def setup_of(**options: object) -> TriumvirateState:
    state = alea.load("triumvirate", **options).new_initial_state()
    assert isinstance(state, TriumvirateState)
    return state


@pytest.mark.rule("TRI-2.4")
def test_the_authored_setup_is_the_board_as_drawn() -> None:
    game = alea.load("triumvirate", setup="authored")
    setup = game.setup  # type: ignore[attr-defined]
    assert setup.garrisons == tuple(sorted((h, f, 1) for h, f in BOARD.garrisons))
    assert setup.starts == BOARD.starts
    assert setup.zones == BOARD.zones
    assert setup.counters == BOARD.counters == (33, 25, 26, 15)
    assert setup.leader_at_sea is True
    assert game.options["setup"] == "authored"
    assert game.options["rome_garrison"] is None  # unset: the named setup's value


@pytest.mark.rule("TRI-2.4")
def test_a_given_setup_option_overrides_the_named_setup() -> None:
    state = setup_of(setup="authored", rome_garrison=2, italy_garrison=3, caesar_escort=4)
    assert (state.owner[BOARD.rome], state.count[BOARD.rome]) == (ROME, 2)
    for h, force in BOARD.garrisons:
        if force == ROME:
            assert state.count[h] == (3 if h in BOARD.italy else 1), BOARD.label(h)
    assert state.count[hx("Bibracte")] == 4
    assert state.owner[hx("Bibracte")] == CAESAR
    roman = 15 + 2 + 2 * sum(1 for h, f in BOARD.garrisons if f == ROME and h in BOARD.italy)
    assert state.troops[ROME] == roman
    # TRI-1.4 in a setup: own troops plus one counter per Roman troop placed.
    counters = state.game.setup.counters
    assert counters[ROME] == roman
    assert counters[CAESAR] == state.troops[CAESAR] + roman
    assert counters[CRASSUS] == state.troops[CRASSUS] + roman


@pytest.mark.rule("TRI-2.2")
@pytest.mark.rule("TRI-1.5")
def test_other_starts_and_zones_for_the_leaders() -> None:
    state = setup_of(setup="authored", caesar_start="Durocortorum", crassus_zone="macedonia")
    assert state.leader[CAESAR] == hx("Durocortorum")
    assert state.owner[hx("Bibracte")] == CAESAR  # his T stays where the board has it
    assert state.leader[CRASSUS] == hx("Pharsalus")  # the start of his zone
    assert state.owner[hx("Pharsalus")] == CRASSUS
    assert state.game.zone_names[CRASSUS] == "Macedonia and Achaea"
    assert hx("Pharsalus") in state.game.zones[CRASSUS]
    assert hx("Antiochia") not in state.game.zones[CRASSUS]
    asia = setup_of(setup="authored", crassus_zone="syria_asia", crassus_start="Tarsus")
    assert asia.leader[CRASSUS] == hx("Tarsus")
    assert {hx("Antiochia"), hx("Ancyra"), hx("Pergamum")} <= asia.game.zones[CRASSUS]


@pytest.mark.rule("TRI-2.2")
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"crassus_start": "Pharsalus"}, "not in Crassus's military zone"),
        ({"caesar_start": "Atlantis"}, "no hex called 'Atlantis'"),
        ({"pompey_start": "Bibracte"}, "not in Pompey's military zone"),
        ({"crassus_zone": "macedonia", "crassus_start": "Thessalonica"}, "T of another force"),
        ({"rome_garrison": 5}, "between 0 and 4"),
        ({"stack_limit": 2, "italy_garrison": 3}, "between 1 and 2"),
        ({"crassus_zone": "gaul"}, "crassus_zone"),
    ],
)
def test_a_bad_setup_is_refused_with_the_rule(options: dict[str, object], words: str) -> None:
    with pytest.raises(alea.OptionError, match=words):
        alea.load("triumvirate", setup="authored", **options)


@pytest.mark.rule("TRI-2.5")
def test_the_tuned_setup_is_the_default_and_plays() -> None:
    from alea.games.triumvirate.setup import TUNED

    game = alea.load("triumvirate")
    assert game.options["setup"] == "tuned"
    assert game.setup.values == {  # type: ignore[attr-defined]
        **TUNED,
        "crassus_start": BOARD.label(game.setup.starts[CRASSUS]),  # type: ignore[attr-defined]
    }
    record = alea.play(game, [alea.agents.make("heuristic") for _ in range(3)], seed=3)
    assert record.result is not None
    assert record.result["terminal"]
    # The game's options round-trip: the same setup loads again from them.
    again = alea.load("triumvirate", **game.options)
    assert again.setup == game.setup  # type: ignore[attr-defined]


@pytest.mark.rule("TRI-2.5")
def test_the_former_default_is_kept_by_name() -> None:
    from alea.games.triumvirate.setup import TUNED, TUNED1

    game = alea.load("triumvirate", setup="tuned1")
    values = game.setup.values  # type: ignore[attr-defined]
    assert {k: values[k] for k in TUNED1 if k != "crassus_start"} == {
        k: v for k, v in TUNED1.items() if k != "crassus_start"
    }
    assert values["rome_garrison"] == 3
    assert values["caesar_start"] == "Durocortorum"
    assert TUNED1 != TUNED
    record = alea.play(game, [alea.agents.make("heuristic") for _ in range(3)], seed=5)
    assert record.result is not None
    assert alea.replay(record).is_terminal()


@pytest.mark.rule("TRI-2.5")
def test_the_rules_table_of_setups_matches_the_data() -> None:
    from pathlib import Path

    from alea.games.triumvirate.setup import AUTHORED, TUNED, TUNED1

    text = (Path(alea.games.triumvirate.__file__).parent / "RULES.md").read_text()

    def cell(value: object) -> str:
        if value is None:
            return "zone's start"
        return str(value).lower() if isinstance(value, bool) else str(value)

    for name in AUTHORED:
        cells = " | ".join(cell(setup[name]) for setup in (TUNED, TUNED1, AUTHORED))
        row = f"| `{name}` | {cells} |"
        assert row in text, row


@pytest.mark.rule("TRI-2.2")
def test_crassus_wealth_is_ordinary_popularity_at_the_start() -> None:
    rich = setup_of(setup="authored", crassus_popularity=3)
    assert rich.popularity == [3, 0, 0]
    assert setup_of(setup="authored").popularity == [0, 0, 0]
    with pytest.raises(alea.OptionError, match="crassus_popularity"):
        alea.load("triumvirate", crassus_popularity=-1)
