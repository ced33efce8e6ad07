"""The HOTRE data layer: the packaged map, charts and deck load with their invariants, and each
validator check refuses a deliberately broken copy with a message naming what is wrong."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from alea.core.errors import AleaError
from alea.games.hotre.board import (
    BOARD,
    BoardError,
    load_board,
    parse_board,
)
from alea.games.hotre.cards import (
    COMPOSITION,
    DECK,
    Timing,
    load_cards,
    parse_cards,
)
from alea.games.hotre.charts import CHARTS, BonusKind, load_charts, parse_charts

Data = dict[str, Any]


def raw(name: str) -> Data:
    text = resources.files("alea.games.hotre").joinpath(f"data/{name}.json").read_text()
    data: Data = json.loads(text)
    return data


def names(indices: tuple[int, ...] | frozenset[int]) -> set[str]:
    return {BOARD.lands[i].name for i in indices}


# --- the packaged map --------------------------------------------------------------------------


def test_packaged_board_loads_with_its_counts() -> None:
    board = load_board()
    assert board == BOARD
    assert issubclass(BoardError, AleaError)
    assert len(board.lands) == 45
    assert len(board.areas) == 9
    assert {len(board.area_lands(a.key)) for a in board.areas} == {5}
    assert len(board.borders) == 78
    assert sum(len(ns) for ns in board.neighbours) == 2 * 78
    assert len(board.straits) == 5
    assert sum(land.resource for land in board.lands) == 24
    assert [p.number for p in board.periods] == [1, 2, 3, 4, 5, 6, 7]
    assert board.periods[0].first == -60
    assert board.periods[-1].last == 476


def test_adjacency_is_symmetric_without_self_links() -> None:
    for i, ns in enumerate(BOARD.neighbours):
        assert i not in ns
        for n in ns:
            assert i in BOARD.neighbours[n]
    for i, ns in enumerate(BOARD.across_strait):
        for n in ns:
            assert i in BOARD.across_strait[n]
            assert n not in BOARD.neighbours[i]


def test_rome_constantinople_and_the_roman_starts() -> None:
    assert BOARD.lands[BOARD.rome].name == "Italia"
    assert BOARD.lands[BOARD.constantinople].name == "Tracia"
    assert {c.name: c.from_period for c in BOARD.special_cities} == {
        "Rome": 1,
        "Constantinople": 4,
    }
    starts = {r.colour: BOARD.lands[r.land].name for r in BOARD.roman_starts}
    assert starts == {
        "light green": "Aquitania",
        "yellow": "Italia",
        "orange": "Macedonia",
        "green": "Syria",
    }
    for r in BOARD.roman_starts:
        land = BOARD.lands[r.land]
        assert land.resource
        assert BOARD.area(land.area).colour == r.colour


def test_lookups_and_straits() -> None:
    italia = BOARD.index("Italia")
    assert names(BOARD.neighbours[italia]) == {"Gallia Cisalpina"}
    assert names(BOARD.adjacent(italia)) == {"Gallia Cisalpina", "Sicilia"}
    tracia = BOARD.index("Tracia")
    assert names(BOARD.across_strait[tracia]) == {"Bithynia", "Asia"}
    assert {s.name for s in BOARD.straits} == {
        "Fretum Gaditanum",
        "Fretum Siculum",
        "Fretum Gallicum",
        "Bosporus",
        "Hellespontus",
    }
    assert BOARD.land("Germania Superior").area == "galliae"
    with pytest.raises(BoardError, match="no land called 'Atlantis'"):
        BOARD.index("Atlantis")
    with pytest.raises(BoardError, match="no area 'thule'"):
        BOARD.area("thule")


def test_the_reviewed_borders_are_in() -> None:
    added = [
        ("Gallia Cisalpina", "Germania Superior"),
        ("Gallia Cisalpina", "Pannonia"),
        ("Moesia Superior", "Tracia"),
        ("Dalmatia", "Macedonia"),
        ("Armenia", "Syria"),
        ("Germania Magna", "Sarmatia"),
        ("Dacia", "Germania Magna"),
        ("Aegyptus", "Arabia"),
    ]
    for a, b in added:
        assert BOARD.index(b) in BOARD.neighbours[BOARD.index(a)], (a, b)


def test_islands_and_seas() -> None:
    sardinia = BOARD.index("Sardinia et Corsica")
    assert BOARD.adjacent(sardinia) == ()
    assert BOARD.lands[sardinia].coastal
    assert BOARD.index("Italia") in BOARD.overseas[sardinia]
    # The Red Sea joins only Arabia and Aegyptus; every inland land is reached by nobody at sea.
    assert names(BOARD.overseas[BOARD.index("Arabia")]) == {"Aegyptus"}
    inland = {land.name for land in BOARD.lands if not land.coastal}
    assert inland == {
        "Germania Superior",
        "Germania Magna",
        "Raetia et Noricum",
        "Pannonia",
        "Moesia Superior",
        "Dacia",
        "Galatia",
        "Mesopotamia",
        "Armenia",
    }
    for i, land in enumerate(BOARD.lands):
        assert bool(BOARD.overseas[i]) == land.coastal
    assert ("Mare Internum (W)", "Mare Adriaticum") not in BOARD.sea_links


def test_difficult_terrain_is_one_sided_and_straits_always_count() -> None:
    def hard(defender: str, attacker: str) -> bool:
        return BOARD.is_difficult(BOARD.index(defender), BOARD.index(attacker))

    assert hard("Dacia", "Pannonia")
    assert not hard("Pannonia", "Dacia")
    assert hard("Sicilia", "Italia")  # across a strait
    assert hard("Italia", "Sicilia")
    assert not hard("Syria", "Cilicia")
    for i, ds in enumerate(BOARD.difficult):
        assert ds <= set(BOARD.neighbours[i])
        assert not ds & BOARD.optional_difficult[i]


def test_the_two_optional_difficult_borders_are_data_of_their_own() -> None:
    """HRE-1.1: Tracia from Moesia Superior and Cilicia from Cappadocia, only as an option."""
    optional = {
        (BOARD.lands[i].name, BOARD.lands[a].name)
        for i, ds in enumerate(BOARD.optional_difficult)
        for a in ds
    }
    assert optional == {("Tracia", "Moesia Superior"), ("Cilicia", "Cappadocia")}
    assert not BOARD.is_difficult(BOARD.index("Tracia"), BOARD.index("Moesia Superior"))
    assert not BOARD.is_difficult(BOARD.index("Cilicia"), BOARD.index("Cappadocia"))


def test_area_victory_point_table() -> None:
    assert [BOARD.area_vp("galliae", p) for p in range(1, 8)] == [1, 2, 2, 3, 3, 3, 4]
    assert [BOARD.area_vp("africae", p) for p in range(1, 8)] == [1, 2, 2, 3, 3, 3, 4]
    assert BOARD.area_vp("italia", 1) == 4
    assert BOARD.area_vp("italia", 7) == 3
    assert (BOARD.scoring.presence, BOARD.scoring.domination, BOARD.scoring.control) == (1, 2, 3)
    assert BOARD.scoring.domination_lands == 3
    with pytest.raises(BoardError, match="no period 8"):
        BOARD.area_vp("italia", 8)


def test_constantinople_is_founded_inside_period_four() -> None:
    # Rule 14.2 makes Constantinople count from the 4th turn; AD 330 lies in period 4.
    p4 = BOARD.periods[3]
    assert p4.first <= 330 <= p4.last


def test_board_is_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        BOARD.land("Italia").resource = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        BOARD.by_name["Italia"] = 3  # type: ignore[index]


# --- the packaged charts -----------------------------------------------------------------------


def test_charts_load_with_their_counts() -> None:
    charts = load_charts()
    assert charts == CHARTS
    assert len(CHARTS.peoples) == 35
    assert len(CHARTS.emperors) == 42
    for period in range(1, 8):
        assert [p.number for p in CHARTS.period_peoples(period)] == [1, 2, 3, 4, 5]
        assert [e.number for e in CHARTS.period_emperors(period)] == [1, 2, 3, 4, 5, 6]


def test_period_one_uses_the_public_names() -> None:
    assert [p.english for p in CHARTS.period_peoples(1)] == [
        "Gauls",
        "Germans",
        "Garamantes",
        "Pannonians",
        "Moors",
    ]
    assert [e.name for e in CHARTS.period_emperors(1)] == [
        "Crassus",
        "Pompeius",
        "Caesar",
        "Augustus",
        "Caligula",
        "Nero",
    ]


def test_people_rows_resolve_and_fit_the_counter_mix() -> None:
    k = CHARTS.components
    assert sum(k.army_types.values()) == k.barbarian_armies == 84
    for p in CHARTS.peoples:
        assert BOARD.adjacent(p.start)
        assert 3 <= p.strength <= k.army_types[p.army]
    assert CHARTS.people(7, 1).name == "Vandali"
    assert BOARD.lands[CHARTS.people(1, 1).start].name == "Lugdunensis"
    with pytest.raises(BoardError, match="no People 6 in period 1"):
        CHARTS.people(1, 6)


def test_returning_peoples_share_a_nation_and_army() -> None:
    nations = Counter(p.nation for p in CHARTS.peoples)
    returning = {n for n, count in nations.items() if count > 1}
    assert returning == {
        "alamanni",
        "franci",
        "hunni",
        "mauri",
        "sassanidae",
        "saxones",
        "vandali",
        "visigothi",
    }
    for nation in returning:
        rows = CHARTS.nation_rows(nation)
        assert len({p.army for p in rows}) == 1
        assert [p.period for p in rows] == sorted(p.period for p in rows)


def test_emperor_bonuses_are_structured() -> None:
    caesar = CHARTS.emperor(1, 3)
    assert caesar.name == "Caesar"
    assert caesar.bonus is not None
    assert (caesar.bonus.kind, caesar.bonus.value) == (BonusKind.DICE, 3)
    crassus = CHARTS.emperor(1, 1)
    assert crassus.bonus is not None
    assert (crassus.bonus.kind, crassus.bonus.value) == (BonusKind.LEGIONS, 2)
    assert CHARTS.emperor(7, 6).name == "Romulus Augustulus"
    assert CHARTS.emperor(7, 6).bonus is None
    with pytest.raises(BoardError, match="no Emperor 7 in period 1"):
        CHARTS.emperor(1, 7)
    k = CHARTS.components
    for e in CHARTS.emperors:
        if e.bonus is not None and e.bonus.kind is BonusKind.LEGIONS:
            assert k.start_legions + e.bonus.value <= k.legions_per_faction


def test_each_period_has_one_great_general_and_one_builder() -> None:
    for period in range(1, 8):
        kinds = Counter(e.bonus.kind for e in CHARTS.period_emperors(period) if e.bonus is not None)
        assert kinds[BonusKind.DICE] == 1
        assert kinds[BonusKind.VP] == 1
        assert sum(e.bonus is None for e in CHARTS.period_emperors(period)) in (1, 2)


# --- the packaged deck -------------------------------------------------------------------------


def test_deck_loads_with_the_rules_composition() -> None:
    assert load_cards() == DECK
    assert len(DECK) == 55
    regular = [c for c in DECK if not c.optional]
    assert len(regular) == 54
    assert Counter(c.set for c in regular) == dict.fromkeys(range(1, 10), 6)
    for s, kinds in COMPOSITION.items():
        assert Counter(c.kind for c in regular if c.set == s) == kinds
    (spare,) = [c for c in DECK if c.optional]
    assert (spare.id, spare.set, spare.kind, spare.replaces) == (
        55,
        6,
        "gods_favor",
        "wrath_of_god",
    )


def test_card_references_and_periods() -> None:
    for c in DECK:
        assert 1 <= c.first <= c.last <= 7
        assert c.title
        assert c.effect
        if c.kind in ("minor_people", "kingdom"):
            assert c.land is not None
            assert BOARD.adjacent(c.land)
            assert c.timing is Timing.BEFORE
    kingdoms = {c.title: c for c in DECK if c.kind == "kingdom"}
    egypt = kingdoms["Cleopatra's Egypt"]
    assert egypt.land == BOARD.index("Aegyptus")
    assert (egypt.armies, egypt.loot_bonus, egypt.first, egypt.last) == (4, 2, 1, 1)
    assert all(c.first == c.last == 1 for c in DECK if c.kind == "kingdom" and c.set == 4)
    assert all(c.first >= 2 for c in DECK if c.kind == "kingdom" and c.set == 5)
    assert DECK[0].playable_in(1)
    assert not DECK[0].playable_in(2)


def test_every_period_offers_peoples_from_the_deck() -> None:
    for period in range(1, 8):
        arrivals = [
            c for c in DECK if c.kind in ("minor_people", "kingdom") and c.playable_in(period)
        ]
        assert len(arrivals) >= 2, period


# --- each board invariant refuses a corrupted copy ---------------------------------------------


def land(d: Data, name: str) -> Data:
    found: Data = next(x for x in d["lands"] if x["name"] == name)
    return found


def strait(d: Data, name: str) -> Data:
    found: Data = next(x for x in d["straits"] if x["name"] == name)
    return found


def _drop_land(d: Data) -> None:
    d["lands"] = [x for x in d["lands"] if x["name"] != "Achaea"]
    for x in d["lands"]:
        x["neighbours"] = [n for n in x["neighbours"] if n != "Achaea"]
        x["difficult_from"] = [n for n in x["difficult_from"] if n != "Achaea"]


def _duplicate_land(d: Data) -> None:
    for x in d["lands"]:
        x["neighbours"] = ["Epirus" if n == "Achaea" else n for n in x["neighbours"]]
        x["difficult_from"] = ["Epirus" if n == "Achaea" else n for n in x["difficult_from"]]
    land(d, "Achaea")["name"] = "Epirus"


def _unknown_area(d: Data) -> None:
    land(d, "Achaea")["area"] = "thule"


def _six_land_area(d: Data) -> None:
    land(d, "Aquitania")["area"] = "hispaniae"


def _tenth_area(d: Data) -> None:
    d["areas"].append({"key": "thule", "name": "Thule", "colour": "white", "vp": [1] * 7})


def _twin_area_key(d: Data) -> None:
    d["areas"][1]["key"] = "hispaniae"


def _short_vp_row(d: Data) -> None:
    d["areas"][0]["vp"].pop()


def _worthless_area(d: Data) -> None:
    d["areas"][0]["vp"][3] = 0


def _flat_scoring(d: Data) -> None:
    d["area_scoring"]["control"] = 2


def _all_lands_dominate(d: Data) -> None:
    d["area_scoring"]["domination_lands"] = 5


def _lost_resource(d: Data) -> None:
    land(d, "Achaea")["resource"] = False


def _asymmetric(d: Data) -> None:
    land(d, "Achaea")["neighbours"].remove("Macedonia")


def _extra_border(d: Data) -> None:
    land(d, "Achaea")["neighbours"].append("Asia")
    land(d, "Asia")["neighbours"].append("Achaea")


def _drop_strait(d: Data) -> None:
    d["straits"].pop()


def _self_strait(d: Data) -> None:
    strait(d, "Hellespontus")["lands"] = ["Italia", "Italia"]


def _twin_strait(d: Data) -> None:
    strait(d, "Hellespontus")["lands"] = ["Bithynia", "Tracia"]


def _strait_over_border(d: Data) -> None:
    strait(d, "Hellespontus")["lands"] = ["Italia", "Gallia Cisalpina"]


def _strait_to_nowhere(d: Data) -> None:
    strait(d, "Hellespontus")["lands"] = ["Tracia", "Atlantis"]


def _unknown_sea(d: Data) -> None:
    land(d, "Achaea")["seas"].append("Mare Balticum")


def _sea_listed_twice(d: Data) -> None:
    land(d, "Achaea")["seas"].append("Mare Aegaeum")


def _sea_named_twice(d: Data) -> None:
    d["seas"].append("Oceanus")


def _link_to_unknown_sea(d: Data) -> None:
    d["sea_links"].append(["Oceanus", "Mare Balticum"])


def _sea_linked_to_itself(d: Data) -> None:
    d["sea_links"].append(["Oceanus", "Oceanus"])


def _sea_link_twice(d: Data) -> None:
    d["sea_links"].append(["Mare Germanicum", "Oceanus"])


def _empty_sea(d: Data) -> None:
    d["seas"].append("Mare Balticum")


def _landlocked_island(d: Data) -> None:
    land(d, "Sardinia et Corsica")["seas"] = []


def _unreachable_island(d: Data) -> None:
    d["seas"].append("Mare Balticum")
    land(d, "Sardinia et Corsica")["seas"] = ["Mare Balticum"]


def _britain_cut_off(d: Data) -> None:
    strait(d, "Fretum Gallicum")["lands"] = ["Sicilia", "Africa"]


def _moved_start(d: Data) -> None:
    d["roman_starts"][0]["land"] = "Lugdunensis"


def _start_without_site(d: Data) -> None:
    land(d, "Aquitania")["resource"] = False
    land(d, "Belgica")["resource"] = True


def _start_off_colour(d: Data) -> None:
    d["areas"][1]["colour"] = "lime"


def _early_constantinople(d: Data) -> None:
    d["special_cities"][1]["from_period"] = 3


def _constantinople_without_site(d: Data) -> None:
    land(d, "Tracia")["resource"] = False
    land(d, "Belgica")["resource"] = True


def _misnumbered_periods(d: Data) -> None:
    d["periods"][2]["number"] = 9


def _period_gap(d: Data) -> None:
    d["periods"][2]["from"] = 200


def _backward_period(d: Data) -> None:
    d["periods"][6]["to"] = 450


def _malformed_board(d: Data) -> None:
    del land(d, "Italia")["resource"]


BOARD_CORRUPTIONS: list[tuple[Callable[[Data], None], str]] = [
    (_drop_land, "44 lands, not 45"),
    (_duplicate_land, "two lands are called Epirus"),
    (_unknown_area, "Achaea lies in an unknown area 'thule'"),
    (_six_land_area, "area Hispaniae has 6 lands, not 5"),
    (_tenth_area, "10 areas, not 9"),
    (_twin_area_key, "two areas have the key hispaniae"),
    (_short_vp_row, "Hispaniae needs a value for each of the 7 periods"),
    (_worthless_area, "Hispaniae must be worth at least 1 VP"),
    (_flat_scoring, "rising multiples"),
    (_all_lands_dominate, "Domination must need"),
    (_lost_resource, "23 resource sites, not 24"),
    (_asymmetric, "borders not symmetric: Macedonia lists Achaea, but Achaea does not list"),
    (_extra_border, "79 land borders, not 78"),
    (_drop_strait, "4 straits, not 5"),
    (_self_strait, "strait Hellespontus joins Italia to itself"),
    (_twin_strait, "two straits join"),
    (_strait_over_border, "which already share a border"),
    (_strait_to_nowhere, "strait Hellespontus names no land 'Atlantis'"),
    (_unknown_sea, "Achaea touches an unknown sea 'Mare Balticum'"),
    (_sea_listed_twice, "Achaea lists a sea twice"),
    (_sea_named_twice, "a sea is listed twice"),
    (_link_to_unknown_sea, "names no sea 'Mare Balticum'"),
    (_sea_linked_to_itself, "sea Oceanus is linked to itself"),
    (_sea_link_twice, "is listed twice"),
    (_empty_sea, "sea Mare Balticum touches no land"),
    (_landlocked_island, "Sardinia et Corsica has no neighbour and no coast"),
    (_unreachable_island, "Sardinia et Corsica cannot be reached from Rome"),
    (_britain_cut_off, "Caledonia is cut off from Rome's mainland"),
    (_moved_start, "the Roman start lands must be"),
    (_start_without_site, "Roman start Aquitania begins with a City"),
    (_start_off_colour, "the light green Faction must start in its own colour's area"),
    (_early_constantinople, "the special Cities must be"),
    (_constantinople_without_site, "Constantinople stands in Tracia, which has no resource"),
    (_misnumbered_periods, "periods must be numbered 1 to 7"),
    (_period_gap, "period 3 must begin the year after period 2 ends"),
    (_backward_period, "period 7 ends before it begins"),
    (_malformed_board, "board data is malformed"),
]


LAND_ADDITIONS: list[tuple[str, str, str, str]] = [
    # the land, its list that gains a name, the name, what the loader says
    ("Gallaecia", "neighbours", "Atlantis", "Gallaecia's border list names no land 'Atlantis'"),
    ("Achaea", "neighbours", "Achaea", "Achaea borders itself"),
    ("Achaea", "neighbours", "Epirus", "Achaea lists a neighbour twice"),
    ("Achaea", "difficult_from", "Dacia", "Achaea is difficult from Dacia, which does not border"),
    ("Achaea", "difficult_from", "Atlantis", "Achaea's difficult terrain names no land 'Atlantis'"),
]


@pytest.mark.parametrize(
    ("name", "field", "added", "match"),
    LAND_ADDITIONS,
    ids=[f"{name}-{field}+{added}" for name, field, added, _ in LAND_ADDITIONS],
)
def test_a_border_list_naming_a_wrong_land_is_refused(
    name: str, field: str, added: str, match: str
) -> None:
    data = raw("board")
    land(data, name)[field].append(added)
    with pytest.raises(BoardError, match=match):
        parse_board(data)


# --- each chart invariant refuses a corrupted copy ---------------------------------------------


def people(d: Data, period: int, number: int) -> Data:
    found: Data = next(p for p in d["peoples"] if (p["period"], p["number"]) == (period, number))
    return found


def emperor(d: Data, name: str) -> Data:
    found: Data = next(e for e in d["emperors"] if e["name"] == name)
    return found


def _army_counters_off(d: Data) -> None:
    d["components"]["army_types"]["sword"] = 11


def _empty_army_type(d: Data) -> None:
    d["components"]["army_types"]["sword"] = 0
    d["components"]["army_types"]["axe"] = 24


def _past_markers(d: Data) -> None:
    d["components"]["past_people_markers_per_faction"] = 5


def _too_many_start_legions(d: Data) -> None:
    d["components"]["start_legions_three_players"] = 11


def _too_few_dice(d: Data) -> None:
    d["components"]["white_dice"] = 2


def _drop_people(d: Data) -> None:
    d["peoples"].pop()


def _people_out_of_order(d: Data) -> None:
    one, two = people(d, 2, 1), people(d, 2, 2)
    one["number"], two["number"] = 2, 1


def _drop_emperor(d: Data) -> None:
    d["emperors"].pop()


def _emperor_twice(d: Data) -> None:
    emperor(d, "Nero")["name"] = "Caesar"


def _unknown_bonus(d: Data) -> None:
    emperor(d, "Nero")["bonus"] = {"kind": "fiddle", "value": 1}


def _legion_bonus_too_big(d: Data) -> None:
    emperor(d, "Crassus")["bonus"]["value"] = 4


def _two_dice_general(d: Data) -> None:
    emperor(d, "Caesar")["bonus"]["value"] = 2


def _emperor_out_of_time(d: Data) -> None:
    emperor(d, "Nero")["year"] = 69


def _malformed_charts(d: Data) -> None:
    del people(d, 1, 1)["strength"]


CHART_CORRUPTIONS: list[tuple[Callable[[Data], None], str]] = [
    (_army_counters_off, "hold 83 counters, not the 84 Barbarian armies"),
    (_empty_army_type, "every army type needs at least one counter"),
    (_past_markers, "6 Past People markers"),
    (_too_many_start_legions, "cannot exceed a Faction's Legions"),
    (_too_few_dice, "three white"),
    (_drop_people, "the People chart has 34 rows, not 35"),
    (_people_out_of_order, "found period 2 number 2 where period 2 number 1 belongs"),
    (_drop_emperor, "the Emperor chart has 41 rows, not 42"),
    (_emperor_twice, "Caesar appears twice on the Emperor chart"),
    (_unknown_bonus, "Nero has an unknown bonus 'fiddle'"),
    (_legion_bonus_too_big, r"Crassus's \+4 LEGION must be 1 to 3"),
    (_two_dice_general, "Caesar's dice bonus must have the value 3, not 2"),
    (_emperor_out_of_time, "Nero enters history in 69, outside period 1"),
    (_malformed_charts, "chart data is malformed"),
]


PEOPLE_EDITS: list[tuple[tuple[int, int], Data, str]] = [
    # the People row (period, number), the fields it is given, what the loader says
    ((1, 1), {"start": "Atlantis"}, "People Galli starts in 'Atlantis', which is no land"),
    (
        (1, 1),
        {"start": "Sardinia et Corsica"},
        "Galli starts in Sardinia et Corsica, from which a People cannot expand",
    ),
    ((1, 1), {"army": "chariot"}, "Galli uses an unknown army type 'chariot'"),
    ((1, 1), {"strength": 13}, "Galli has Strength 13"),
    ((4, 5), {"army": "axe"}, "the alamanni nation must keep one army type"),
    ((1, 3), {"start": "Mauretania"}, "two Peoples of period 1 have the same start land"),
    ((1, 3), {"army": "horse"}, "two Peoples of period 1 have the same army type"),
    ((1, 3), {"name": "Mauri"}, "two Peoples of period 1 have the same name"),
    ((1, 5), {"year": 300}, "Mauri enters history in 300, outside period 1"),
    ((2, 1), {"year": 90}, "period 2 is not in chronological order"),
]


@pytest.mark.parametrize(
    ("row", "fields", "match"),
    PEOPLE_EDITS,
    ids=[f"{p}.{n}-{k}={v}" for (p, n), fields, _ in PEOPLE_EDITS for k, v in fields.items()],
)
def test_a_people_row_out_of_bounds_is_refused(
    row: tuple[int, int], fields: Data, match: str
) -> None:
    data = raw("charts")
    people(data, *row).update(fields)
    with pytest.raises(BoardError, match=match):
        parse_charts(data)


# --- each deck invariant refuses a corrupted copy ----------------------------------------------


def card(d: Data, card_id: int) -> Data:
    found: Data = d["events"][card_id - 1]
    return found


def first_of(d: Data, kind: str) -> Data:
    found: Data = next(c for c in d["events"] if c["kind"] == kind)
    return found


def _drop_card(d: Data) -> None:
    d["events"].pop()


def _unknown_kind(d: Data) -> None:
    card(d, 1)["kind"] = "locusts"


def _missing_figure(d: Data) -> None:
    del card(d, 1)["land"]


def _card_nowhere(d: Data) -> None:
    card(d, 1)["land"] = "Atlantis"


def _tenth_set(d: Data) -> None:
    card(d, 1)["set"] = 10


def _period_zero(d: Data) -> None:
    card(d, 1)["periods"] = [0, 1]


def _periods_backwards(d: Data) -> None:
    card(d, 5)["periods"] = [6, 4]


def _period_eight(d: Data) -> None:
    card(d, 5)["periods"] = [4, 8]


def _wrong_timing(d: Data) -> None:
    first_of(d, "kingdom")["timing"] = "during"


def _no_title(d: Data) -> None:
    card(d, 1)["title"] = " "


def _tribe_on_island(d: Data) -> None:
    card(d, 1)["land"] = "Sardinia et Corsica"


def _empty_tribe(d: Data) -> None:
    card(d, 1)["armies"] = 0


def _negative_loot(d: Data) -> None:
    first_of(d, "kingdom")["loot_bonus"] = -1


def _late_early_kingdom(d: Data) -> None:
    first_of(d, "kingdom")["periods"] = [1, 2]


def _early_late_kingdom(d: Data) -> None:
    next(c for c in d["events"] if c["set"] == 5)["periods"] = [1, 2]


def _two_dice_leader(d: Data) -> None:
    first_of(d, "leader")["dice"] = 2


def _harmless_fever(d: Data) -> None:
    first_of(d, "epidemy")["kill_from"] = 7


def _revive_in_period_one(d: Data) -> None:
    first_of(d, "people_revive")["periods"] = [1, 7]


def _no_optional(d: Data) -> None:
    card(d, 55)["optional"] = False


def _optional_replaces_other_set(d: Data) -> None:
    card(d, 55)["replaces"] = "fury"


def _replacing_regular(d: Data) -> None:
    card(d, 1)["replaces"] = "kingdom"


def _wrong_composition(d: Data) -> None:
    weaponry = first_of(d, "weaponry")
    weaponry["kind"] = "fury"
    del weaponry["attack_bonus"]


def _malformed_deck(d: Data) -> None:
    card(d, 1)["timing"] = "whenever"


DECK_CORRUPTIONS: list[tuple[Callable[[Data], None], str]] = [
    (_drop_card, r"cards 1\.\.55 in order"),
    (_unknown_kind, "event card 1 has an unknown effect 'locusts'"),
    (_missing_figure, "event card 1 \\(minor_people\\) needs 'land'"),
    (_card_nowhere, "event card 1 names no land 'Atlantis'"),
    (_tenth_set, "belongs to no set 1 to 9"),
    (_period_zero, "playable in periods within 1 to 7"),
    (_periods_backwards, "playable in periods within 1 to 7"),
    (_period_eight, "playable in periods within 1 to 7"),
    (_wrong_timing, "is a kingdom card, played before turn"),
    (_no_title, "needs a title and an effect text"),
    (_tribe_on_island, "appears in Sardinia et Corsica, an island it cannot leave"),
    (_empty_tribe, "must raise 1 to 46 armies"),
    (_negative_loot, "cannot have a negative loot bonus"),
    (_late_early_kingdom, "the Kingdoms of set 4 belong to period 1"),
    (_early_late_kingdom, "the Kingdoms of set 4 belong to period 1"),
    (_two_dice_leader, "must attack with the 3 white dice"),
    (_harmless_fever, "must kill on a die roll from 2 to 6"),
    (_revive_in_period_one, "cannot be played in period 1"),
    (_no_optional, "exactly one optional card"),
    (_optional_replaces_other_set, "must stand in for a card of its own set 6, not 'fury'"),
    (_replacing_regular, "event card 1 replaces a card but is not optional"),
    (_wrong_composition, "set 2 must hold"),
    (_malformed_deck, "card data is malformed"),
]


PARSERS: dict[str, tuple[Callable[[Data], object], object]] = {
    "board": (parse_board, BOARD),
    "charts": (parse_charts, CHARTS),
    "cards": (parse_cards, DECK),
}
"""Each packaged data file's parser and what it yields from the pristine file."""

CORRUPTIONS = [
    *(("board", corrupt, match) for corrupt, match in BOARD_CORRUPTIONS),
    *(("charts", corrupt, match) for corrupt, match in CHART_CORRUPTIONS),
    *(("cards", corrupt, match) for corrupt, match in DECK_CORRUPTIONS),
]


@pytest.mark.parametrize(
    ("part", "corrupt", "match"),
    CORRUPTIONS,
    ids=[f"{part}-{f.__name__.strip('_')}" for part, f, _ in CORRUPTIONS],
)
def test_corrupted_data_is_refused(part: str, corrupt: Callable[[Data], None], match: str) -> None:
    data = raw(part)
    corrupt(data)
    with pytest.raises(BoardError, match=match):
        PARSERS[part][0](data)


@pytest.mark.parametrize("part", PARSERS)
def test_pristine_copy_passes(part: str) -> None:
    parse, packaged = PARSERS[part]
    assert parse(raw(part)) == packaged


def test_rules_appendix_a_is_the_packaged_deck() -> None:
    """Every row of RULES.md's Appendix A (HRE-1.5) matches the card the engine loads."""
    text = resources.files("alea.games.hotre").joinpath("RULES.md").read_text(encoding="utf-8")
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("| E")
    ]
    assert len(rows) == len(DECK) == 55
    by_id = {c.id: c for c in DECK}
    for alea_id, no, card_set, _kind, _title, periods, timing, data in rows:
        card = by_id[int(no)]
        assert card.set == int(card_set), alea_id
        assert timing == ("B" if card.timing.name == "BEFORE" else "D"), alea_id
        if periods == "all":
            assert (card.first, card.last) == (1, 7), alea_id
        else:
            first, _, last = periods.partition("–")
            assert (card.first, card.last) == (int(first), int(last or first)), alea_id
        if card.land is not None:
            expected = f"{BOARD.lands[card.land].name}, {card.armies}"
            if card.kind == "kingdom":
                expected += f", +{card.loot_bonus}"
            assert data == expected, alea_id
