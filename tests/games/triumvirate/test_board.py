"""TRI-1: the board data — grid, straits, Italy, the T hexes, the counter mix and the zones."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from builders import hx
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

import alea
from alea.games.triumvirate import TriumvirateGame
from alea.games.triumvirate.board import BOARD, FORCES, BoardError, parse_board

ANCHORS = (*BOARD.starts, BOARD.rome)
"""The labelled hexes a T hex is measured from, indexed like the forces (3 = Rome)."""


def board_data() -> dict[str, Any]:
    text = resources.files("alea.games.triumvirate").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def land_connected(hexes: set[int]) -> bool:
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in BOARD.neighbours[h]:
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


# -- TRI-1.1 ----------------------------------------------------------------------------------


@pytest.mark.rule("TRI-1.1")
def test_the_rules_and_the_notes_tell_one_story_of_the_original_board() -> None:
    """The original board is known from a photograph only and was never published as a map."""
    rules = resources.files("alea.games.triumvirate").joinpath("RULES.md").read_text()
    notes = (Path(__file__).parents[3] / "docs" / "triumvirate.md").read_text(encoding="utf-8")
    for text in (rules, notes):
        flat = " ".join(text.split())
        assert "never published as a map or a list of hexes" in flat
        assert "photograph of the game in play" in flat
        assert "survives only" not in flat


@pytest.mark.rule("TRI-1.1")
def test_the_packaged_board_loads_and_passes_its_own_checks() -> None:
    board = parse_board(board_data())
    assert board == BOARD
    assert (BOARD.cols, BOARD.rows, BOARD.size) == (29, 18, 522)
    assert len(BOARD.land) == len(BOARD.names) == len(BOARD.neighbours) == 522


@pytest.mark.rule("TRI-1.1")
def test_neighbours_are_exactly_the_hexes_one_step_away() -> None:
    for h in range(BOARD.size):
        ns = BOARD.neighbours[h]
        assert len(ns) == len(set(ns)) <= 6
        assert set(ns) == {n for n in range(BOARD.size) if BOARD.distance(h, n) == 1}
        for n in ns:
            assert h in BOARD.neighbours[n]
    interior = BOARD.index(10, 9)
    assert len(BOARD.neighbours[interior]) == 6
    assert len(BOARD.neighbours[BOARD.index(0, 0)]) == 2


@pytest.mark.rule("TRI-1.1")
def test_odd_rows_sit_half_a_hex_east() -> None:
    # An odd-row hex touches the hex above it and the one above-right; an even-row hex touches
    # the one above and the one above-left.
    odd = set(BOARD.neighbours[BOARD.index(4, 5)])
    assert {BOARD.index(4, 4), BOARD.index(5, 4)} <= odd
    assert BOARD.index(3, 4) not in odd
    even = set(BOARD.neighbours[BOARD.index(4, 6)])
    assert {BOARD.index(3, 5), BOARD.index(4, 5)} <= even
    assert BOARD.index(5, 5) not in even


@pytest.mark.rule("TRI-1.1")
def test_hexes_are_named_by_place_or_by_col_row() -> None:
    roma = BOARD.index(12, 7)
    assert BOARD.find("Roma") == BOARD.find(" roma ") == BOARD.find("12,7") == roma
    assert BOARD.label(roma) == "Roma"
    assert BOARD.coords(roma) == (12, 7)
    assert BOARD.label(BOARD.index(3, 4)) == "sea north of Asturica"
    assert BOARD.label(BOARD.index(26, 14)) == "south-east of Emesa"
    assert BOARD.find("3,4") == BOARD.find("Sea North of  Asturica") == BOARD.index(3, 4)
    assert BOARD.find("Atlantis") is None
    assert BOARD.find("29,0") is None
    assert BOARD.find("0,18") is None


@pytest.mark.rule("TRI-1.1")
def test_every_hex_has_a_name_of_its_own_and_none_is_a_coordinate() -> None:
    labels = [BOARD.label(h) for h in range(BOARD.size)]
    assert len({label.lower() for label in labels}) == BOARD.size
    assert not [label for label in labels if any(ch.isdigit() for ch in label)]
    for h in range(BOARD.size):
        if BOARD.names[h]:
            assert labels[h] == BOARD.names[h]
        elif not BOARD.land[h]:
            assert labels[h].startswith("sea "), labels[h]


@pytest.mark.rule("TRI-1.1")
@pytest.mark.parametrize(
    ("strait", "one_shore", "other_shore"),
    [
        ("Messina", "Messana", "Croton"),
        ("Bosporus", "Byzantium", "Nicomedia"),
        ("Hellespont", "Lysimachia", "Pergamum"),
        ("Kerch", "Panticapaeum", "27,4"),
    ],
)
def test_narrow_straits_are_land_links(strait: str, one_shore: str, other_shore: str) -> None:
    a, b = hx(one_shore), hx(other_shore)
    assert BOARD.land[a]
    assert BOARD.land[b]
    assert b in BOARD.neighbours[a], f"the {strait} shores must touch"


@pytest.mark.rule("TRI-1.1")
def test_messina_links_sicily_to_italy_but_sicily_is_not_italy() -> None:
    assert hx("Croton") in BOARD.italy
    assert hx("Messana") not in BOARD.italy
    assert hx("Croton") in BOARD.neighbours[hx("Messana")]


@pytest.mark.rule("TRI-1.1")
def test_gibraltar_is_water() -> None:
    gades, africa = hx("Gades"), hx("2,13")
    assert BOARD.land[gades]
    assert BOARD.land[africa]
    assert BOARD.distance(gades, africa) == 2
    between = set(BOARD.neighbours[gades]) & set(BOARD.neighbours[africa])
    assert between == {hx("2,12"), hx("3,12")}
    assert not any(BOARD.land[h] for h in between)
    # No land hex of Hispania's south coast touches land in Africa.
    for h in BOARD.neighbours[gades]:
        if BOARD.land[h]:
            assert BOARD.coords(h)[1] <= 11


@pytest.mark.rule("TRI-1.1")
def test_otranto_is_water() -> None:
    brundisium, dyrrachium = hx("Brundisium"), hx("Dyrrachium")
    assert dyrrachium not in BOARD.neighbours[brundisium]
    assert BOARD.distance(brundisium, dyrrachium) == 2
    between = set(BOARD.neighbours[brundisium]) & set(BOARD.neighbours[dyrrachium])
    assert between
    assert not any(BOARD.land[h] for h in between)
    assert not any(BOARD.land[n] for n in BOARD.neighbours[brundisium] if BOARD.coords(n)[0] > 15)


@pytest.mark.rule("TRI-1.1")
@pytest.mark.parametrize("island", ["Messana", "Aleria", "Gortyn", "Salamis", "Sparta"])
def test_small_islands_are_land(island: str) -> None:
    assert BOARD.land[hx(island)]


# -- TRI-1.2 ----------------------------------------------------------------------------------


@pytest.mark.rule("TRI-1.2")
def test_italy_is_seven_connected_land_hexes_with_rome() -> None:
    assert len(BOARD.italy) == 7
    assert BOARD.rome in BOARD.italy
    assert BOARD.rome == hx("Roma")
    assert all(BOARD.land[h] for h in BOARD.italy)
    assert land_connected(set(BOARD.italy))
    for town in ("Arretium", "Ancona", "Capua", "Neapolis", "Brundisium", "Croton"):
        assert hx(town) in BOARD.italy


@pytest.mark.rule("TRI-1.2")
@pytest.mark.parametrize(
    "province", ["Messana", "Panormus", "Carales", "Aleria", "Mediolanum", "Luca", "Ravenna"]
)
def test_islands_and_cisalpina_are_provinces_not_italy(province: str) -> None:
    assert hx(province) not in BOARD.italy


@pytest.mark.rule("TRI-1.2")
def test_cisalpina_is_the_po_valley_bordering_italy_at_the_rubicon() -> None:
    assert len(BOARD.cisalpina) == 7
    assert not BOARD.cisalpina & BOARD.italy
    assert all(BOARD.land[h] for h in BOARD.cisalpina)
    touching = {n for h in BOARD.cisalpina for n in BOARD.neighbours[h]} & BOARD.italy
    assert touching  # the Rubicon line is a shared border


# -- TRI-1.3 and TRI-1.4 ----------------------------------------------------------------------


@pytest.mark.rule("TRI-1.3")
def test_there_are_54_t_hexes_on_distinct_land_hexes_never_rome() -> None:
    hexes = [h for h, _ in BOARD.garrisons]
    assert len(hexes) == len(set(hexes)) == 54
    assert all(BOARD.land[h] for h in hexes)
    assert BOARD.rome not in hexes


@pytest.mark.rule("TRI-1.3")
def test_each_t_hex_belongs_to_the_strictly_nearest_labelled_hex() -> None:
    for h, force in BOARD.garrisons:
        dists = [BOARD.distance(h, a) for a in ANCHORS]
        nearest = min(dists)
        assert dists.count(nearest) == 1, f"{BOARD.label(h)} is a tie"
        assert dists.index(nearest) == force, BOARD.label(h)


@pytest.mark.rule("TRI-1.3")
def test_each_leader_starts_on_one_of_his_own_t_hexes() -> None:
    for seat in (CRASSUS, CAESAR, POMPEY):
        assert (BOARD.starts[seat], seat) in BOARD.garrisons


@pytest.mark.rule("TRI-1.3")
def test_the_loader_refuses_a_t_hex_given_to_a_farther_force() -> None:
    data = board_data()
    data["garrisons"] = copy.deepcopy(data["garrisons"])
    c, r, _ = data["garrisons"][0]  # a Roman T in Italy
    data["garrisons"][0] = [c, r, "Pompey"]
    with pytest.raises(BoardError, match="nearest another force"):
        parse_board(data)


def _board_with_tie(given_to: str) -> dict[str, Any]:
    """The packaged board plus a T on 12,3, which is 4 steps from both Rome and Bibracte."""
    tie = hx("12,3")
    dists = [BOARD.distance(tie, a) for a in ANCHORS]
    assert dists[ROME] == dists[CAESAR] == min(dists)
    data = board_data()
    data["garrisons"] = [*data["garrisons"], [12, 3, given_to]]
    counters = dict(data["counters"])
    if given_to == "Rome":
        # One more Roman troop: every player gets one counter more to take it in (TRI-1.4).
        counters = {force: n + 1 for force, n in counters.items()}
    else:
        counters[given_to] += 1
    data["counters"] = counters
    return data


@pytest.mark.rule("TRI-1.3")
def test_a_tied_t_hex_given_to_a_player_is_refused() -> None:
    with pytest.raises(BoardError):
        parse_board(_board_with_tie("Caesar"))


@pytest.mark.rule("TRI-1.3")
def test_a_variant_board_with_a_tie_gives_the_t_hex_to_rome() -> None:
    board = parse_board(_board_with_tie("Rome"))
    assert (hx("12,3"), ROME) in board.garrisons


@pytest.mark.rule("TRI-1.4")
def test_counter_mix_is_garrisons_plus_fifteen() -> None:
    assert BOARD.counters == (33, 25, 26, 15)
    counts = [sum(1 for _, f in BOARD.garrisons if f == force) for force in range(4)]
    assert counts == [18, 10, 11, 15]
    for seat in (CRASSUS, CAESAR, POMPEY):
        assert BOARD.counters[seat] - BOARD.counters[ROME] == counts[seat]
    assert counts[ROME] == BOARD.counters[ROME]


@pytest.mark.rule("TRI-1.4")
@pytest.mark.parametrize("force", ["Crassus", "Caesar", "Pompey", "Rome"])
def test_the_loader_refuses_a_counter_mix_that_does_not_add_up(force: str) -> None:
    data = board_data()
    data["counters"] = {**data["counters"], force: data["counters"][force] + 1}
    with pytest.raises(BoardError, match="counters"):
        parse_board(data)


@pytest.mark.rule("TRI-1.4")
def test_the_loader_refuses_a_missing_roman_t_hex() -> None:
    data = board_data()
    data["garrisons"] = [g for g in data["garrisons"] if g[:2] != [11, 8]]  # Carales
    with pytest.raises(BoardError):
        parse_board(data)


# -- TRI-1.5 and TRI-1.6 ----------------------------------------------------------------------


@pytest.mark.rule("TRI-1.5")
def test_military_zones_follow_the_lex_trebonia() -> None:
    assert dict(zip(FORCES, BOARD.zone_regions, strict=True)) == {
        "Crassus": "Syria",
        "Caesar": "Gallia",
        "Pompey": "Hispania",
    }
    assert hx("Antiochia") in BOARD.zones[CRASSUS]
    assert hx("Bibracte") in BOARD.zones[CAESAR]
    assert hx("Alesia") in BOARD.zones[CAESAR]
    assert hx("Carthago Nova") in BOARD.zones[POMPEY]
    assert hx("Gades") in BOARD.zones[POMPEY]
    for seat in (CRASSUS, CAESAR, POMPEY):
        zone = BOARD.zones[seat]
        assert BOARD.starts[seat] in zone
        assert all(BOARD.land[h] for h in zone)
        assert not zone & BOARD.italy
        assert not zone & BOARD.cisalpina
        assert land_connected(set(zone))
    assert not BOARD.zones[0] & BOARD.zones[1]
    assert not BOARD.zones[1] & BOARD.zones[2]
    assert not BOARD.zones[0] & BOARD.zones[2]


@pytest.mark.rule("TRI-1.5")
def test_crassus_has_the_smallest_zone_of_ten_hexes() -> None:
    sizes = [len(z) for z in BOARD.zones]
    assert sizes[CRASSUS] == 10
    assert sizes[CRASSUS] < sizes[CAESAR]
    assert sizes[CRASSUS] < sizes[POMPEY]


@pytest.mark.rule("TRI-1.6")
def test_cisalpina_joins_caesars_zone_only_in_the_variant() -> None:
    plain = alea.load("triumvirate", setup="authored")
    variant = alea.load("triumvirate", setup="authored", caesar_cisalpina=True)
    assert isinstance(plain, TriumvirateGame)
    assert isinstance(variant, TriumvirateGame)
    assert plain.zones == BOARD.zones
    assert variant.zones[CAESAR] == BOARD.zones[CAESAR] | BOARD.cisalpina
    assert variant.zones[CRASSUS] == BOARD.zones[CRASSUS]
    assert variant.zones[POMPEY] == BOARD.zones[POMPEY]
    assert len(BOARD.cisalpina) == 7
    assert hx("Mediolanum") in variant.zones[CAESAR]
    assert hx("Mediolanum") not in plain.zones[CAESAR]
    assert "Cisalpina" in variant.zone_names[CAESAR]
    assert plain.options["caesar_cisalpina"] is False
