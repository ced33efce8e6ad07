"""The Forum board data: the packaged file loads, and each invariant refuses a corrupted copy."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from alea.core.errors import AleaError
from alea.games.forum.board import (
    BOARD,
    BoardError,
    MarketType,
    load_board,
    parse_board,
    validate,
)

Data = dict[str, Any]


def raw() -> Data:
    text = resources.files("alea.games.forum").joinpath("data/board.json").read_text()
    data: Data = json.loads(text)
    return data


def market(data: Data, name: str) -> Data:
    found: Data = next(m for m in data["markets"] if m["name"] == name)
    return found


def refused(data: Data, match: str) -> None:
    with pytest.raises(BoardError, match=match):
        parse_board(data)


# --- the packaged board ------------------------------------------------------------------------


def test_packaged_board_loads_with_its_counts() -> None:
    board = load_board()
    assert board == BOARD
    assert len(board.markets) == 57
    assert len(board.links) == 75
    assert sum(len(ns) for ns in board.neighbours) == 2 * 75
    assert len(board.regions) == 4
    assert issubclass(BoardError, AleaError)


def test_market_types_count_as_printed() -> None:
    counts = {t: sum(m.type is t for m in BOARD.markets) for t in MarketType}
    assert counts == {
        MarketType.ROME: 1,
        MarketType.LARGE: 9,
        MarketType.EXOTIC: 8,
        MarketType.SMALL: 39,
    }
    assert {m.distance for m in BOARD.markets if m.type is MarketType.EXOTIC} == {5}


def test_rome_profit_degree_and_region() -> None:
    rome = BOARD.market("Rome")
    assert BOARD.markets[BOARD.rome] == rome
    assert rome.profit == (300, 150, 100, 75)
    assert rome.distance == 0
    assert rome.region is None
    names = {BOARD.markets[n].name for n in BOARD.neighbours[BOARD.rome]}
    assert names == {"Caralis", "Carthage", "Luna", "Puteoli", "Rimini", "Syracuse"}


def test_printed_values_not_the_formula() -> None:
    # The chart formula gives 0 and -50 here; the board prints 25 and -75.
    assert BOARD.market("Toletum").profit == (25, -50, -75, -75)
    assert BOARD.market("Hispalis").profit == (100, 0, -25, -75)


def test_regions_hold_fourteen_markets_each_without_rome() -> None:
    sizes = {r: len(BOARD.region_markets(r)) for r in BOARD.regions}
    assert sizes == {
        "graecia_et_danubius": 14,
        "hispania_africa": 14,
        "italia_gallia_britannia": 14,
        "oriens": 14,
    }
    assert BOARD.market("Carthage").region == "hispania_africa"


def test_trade_boost_and_ladders() -> None:
    assert dict(BOARD.trade_boost) == {1: 25, 2: 50, 3: 75, 4: 100, 5: 125}
    assert [(b.name, b.low, b.high, b.cost) for b in BOARD.bands] == [
        ("QVAESTOR", 1, 5, 200),
        ("AEDILE", 6, 10, 500),
        ("PRAETOR", 11, 14, 1000),
        ("CONSVL", 15, 15, None),
    ]
    assert BOARD.benefactions == ("TEMPLE", "GAMES", "FOOD")
    assert BOARD.prestige_cells == 15
    assert BOARD.money[0] == -500
    assert BOARD.money[-1] == 10000
    assert len(BOARD.money) == 25


def test_lookups() -> None:
    i = BOARD.index("Alexandria")
    assert BOARD.markets[i].name == "Alexandria"
    assert {BOARD.markets[n].name for n in BOARD.neighbours[i]} == {
        "Coptos",
        "Cyrene",
        "Memphis",
        "Petra",
    }
    with pytest.raises(BoardError, match="no market called 'Atlantis'"):
        BOARD.index("Atlantis")


def test_board_is_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        BOARD.market("Rome").distance = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        BOARD.by_name["Rome"] = 1  # type: ignore[index]


# --- each invariant refuses a corrupted copy ---------------------------------------------------


def _drop_market(d: Data) -> None:
    d["markets"] = [m for m in d["markets"] if m["name"] != "Perge"]
    d["links"] = [link for link in d["links"] if "Perge" not in link]
    d["links"].append(["Athens", "Rhodes"])  # keep 75 links


def _duplicate_name(d: Data) -> None:
    market(d, "Perge")["name"] = "Pergamon"
    d["links"] = [["Pergamon" if end == "Perge" else end for end in link] for link in d["links"]]


def _drop_link(d: Data) -> None:
    d["links"].pop()


def _unknown_end(d: Data) -> None:
    d["links"][0] = ["Rome", "Atlantis"]


def _self_link(d: Data) -> None:
    d["links"][0] = ["Perge", "Perge"]


def _repeated_link(d: Data) -> None:
    a, b = d["links"][1]
    d["links"][0] = [b, a]


def _two_romes(d: Data) -> None:
    market(d, "Puteoli")["type"] = "rome"


def _no_rome(d: Data) -> None:
    market(d, "Rome")["type"] = "large"


def _second_distance_zero(d: Data) -> None:
    market(d, "Puteoli")["distance"] = 0


def _disconnected(d: Data) -> None:
    # Cut Perge off (its only link) and keep 75 links with a new one elsewhere.
    d["links"] = [link for link in d["links"] if "Perge" not in link]
    d["links"].append(["Athens", "Rhodes"])


def _wrong_distance(d: Data) -> None:
    market(d, "Athens")["distance"] = 3


def _rome_in_region(d: Data) -> None:
    market(d, "Rome")["region"] = "italia_gallia_britannia"


def _no_region(d: Data) -> None:
    market(d, "Luna")["region"] = None


def _unknown_region(d: Data) -> None:
    market(d, "Luna")["region"] = "britannia"


def _empty_region(d: Data) -> None:
    d["regions"].append("thule")


def _rising_profit(d: Data) -> None:
    market(d, "Carthage")["profit"] = [175, 75, 25, 50]


def _missing_boost(d: Data) -> None:
    del d["trade_boost"]["5"]


def _band_gap(d: Data) -> None:
    d["prestige"]["bands"][1][1] = 7


def _band_without_cost(d: Data) -> None:
    del d["prestige"]["benefaction_cost"]["AEDILE"]


def _money_out_of_order(d: Data) -> None:
    d["money"][0], d["money"][1] = d["money"][1], d["money"][0]


CORRUPTIONS: list[tuple[Callable[[Data], None], str]] = [
    (_drop_market, "56 markets, not 57"),
    (_duplicate_name, "two markets are called Pergamon"),
    (_drop_link, "74 links, not 75"),
    (_unknown_end, "names no market 'Atlantis'"),
    (_self_link, "Perge is linked to itself"),
    (_repeated_link, "is listed twice"),
    (_two_romes, "exactly one Rome, not 2"),
    (_no_rome, "exactly one Rome, not 0"),
    (_second_distance_zero, "Puteoli: Rome and only Rome lies at distance 0"),
    (_disconnected, "Perge is cut off from Rome"),
    (_wrong_distance, "Athens prints distance 3 but lies 2 links from Rome"),
    (_rome_in_region, "Rome belongs to no region"),
    (_no_region, "Luna must lie in exactly one known region, not None"),
    (_unknown_region, "Luna must lie in exactly one known region, not 'britannia'"),
    (_empty_region, "region thule has no markets"),
    (_rising_profit, "Carthage's profit rises with more horrea"),
    (_missing_boost, r"no trade boost for distance 5 \("),
    (_band_gap, "prestige band AEDILE must start at cell 6"),
    (_band_without_cost, "prestige band AEDILE has no benefaction cost"),
    (_money_out_of_order, "money ladder must rise strictly"),
]


@pytest.mark.parametrize(
    ("corrupt", "match"), CORRUPTIONS, ids=[f.__name__.strip("_") for f, _ in CORRUPTIONS]
)
def test_corrupted_data_is_refused(corrupt: Callable[[Data], None], match: str) -> None:
    data = raw()
    corrupt(data)
    refused(data, match)


def test_a_market_missing_a_field_is_refused_as_malformed() -> None:
    data = raw()
    del market(data, "Rome")["profit"]
    refused(data, "board data is malformed")


def test_pristine_copy_passes() -> None:
    data = copy.deepcopy(raw())
    assert parse_board(data) == BOARD


def test_asymmetric_neighbours_are_refused() -> None:
    # The neighbour table is built from the links, so only a hand-made board can break symmetry.
    ns = list(BOARD.neighbours)
    perge = BOARD.index("Perge")
    ns[perge] = (*ns[perge], BOARD.rome)
    broken = dataclasses.replace(BOARD, neighbours=tuple(ns))
    with pytest.raises(BoardError, match="links not symmetric at Perge/Rome"):
        validate(broken)


def test_neighbours_without_a_link_are_refused() -> None:
    ns = list(BOARD.neighbours)
    perge, rome = BOARD.index("Perge"), BOARD.rome
    ns[perge] = (*ns[perge], rome)
    ns[rome] = (*ns[rome], perge)
    broken = dataclasses.replace(BOARD, neighbours=tuple(ns))
    with pytest.raises(BoardError, match="neighbours without a link"):
        validate(broken)


def test_every_region_of_the_board_has_one_of_our_names() -> None:
    from alea.games.forum.constants import REGION_NAMES

    assert sorted(REGION_NAMES) == sorted(BOARD.regions)
