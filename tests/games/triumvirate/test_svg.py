"""The Triumvirate board picture: drawn from the observation alone, and complete."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

import alea
from alea.agents import make
from alea.core.game import State
from alea.core.svg import mix
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.svg import FORCE_COLOUR, LAND, ZONE_TINT, render_svg

NS = "{http://www.w3.org/2000/svg}"


@cache
def finished() -> State:
    """A game played to its end by heuristic bots."""
    game = alea.load("triumvirate")
    record = alea.play(game, [make("heuristic") for _ in range(3)], seed=3)
    return alea.replay(record)


def midgame() -> State:
    """The same game part-way, with stacks spread over the map."""
    game = alea.load("triumvirate")
    record = alea.play(game, [make("heuristic") for _ in range(3)], seed=3, max_steps=200)
    return alea.replay(record)


def parse(obs: dict[str, Any]) -> ET.Element:
    return ET.fromstring(render_svg(obs))


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{NS}text")]


def test_the_picture_is_a_scalable_svg_with_one_polygon_per_hex() -> None:
    root = parse(midgame().observation(None))
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox", "").startswith("0 0 ")
    hexes = [e for e in root.iter(f"{NS}polygon") if e.get("class") == "hex"]
    assert len(hexes) == BOARD.size
    assert len({e.get("data-hex") for e in hexes}) == BOARD.size


def test_every_stack_has_a_counter_with_its_count() -> None:
    obs = midgame().observation(None)
    assert obs["stacks"]
    counters = groups(parse(obs), "stack")
    assert len(counters) == len(obs["stacks"])
    drawn = sorted((c.get("data-force"), texts(c)[0]) for c in counters)
    assert drawn == sorted((force, str(n)) for _c, _r, force, n, _m in obs["stacks"])


def test_the_three_leaders_are_drawn_with_their_initials() -> None:
    root = parse(midgame().observation(None))
    leaders = {c.get("data-force"): texts(c)[0] for c in groups(root, "leader")}
    assert leaders == {"Crassus": "X", "Caesar": "C", "Pompey": "P"}


def test_italy_has_a_border_and_rome_a_star() -> None:
    root = parse(midgame().observation(None))
    (border,) = groups(root, "italy-border")
    assert len(list(border)) >= 6
    assert groups(root, "rome")


def test_place_names_are_written_on_the_map() -> None:
    root = parse(midgame().observation(None))
    words = " ".join(texts(root))
    for name in ("Roma", "Lutetia", "Massilia"):
        assert name in words
    # Where neighbours crowd, a name is shortened on the map and given in full by its tooltip.
    titles = {t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")}
    for name in filter(None, BOARD.names):
        assert name.split(" ")[-1] in words or name[:3] in words, name
        assert any(t.startswith(name + " (") for t in titles), name


def test_attacked_hexes_are_outlined() -> None:
    obs = midgame().observation(None)
    obs["attacks"] = [[*BOARD.coords(BOARD.rome), 2]]
    assert len(groups(parse(obs), "attacked")) == 1


def test_the_header_names_round_phase_and_turn() -> None:
    obs = midgame().observation(None)
    (status,) = groups(parse(obs), "status")
    assert f"Round {obs['round']}" in (status.text or "")
    assert ("Civil war" if obs["civil_war"] else "Conquest") in (status.text or "")


def test_the_winner_is_announced_at_the_end() -> None:
    state = finished()
    assert state.is_terminal()
    obs = state.observation(None)
    (line,) = groups(parse(obs), "winner")
    winner = obs["winner"]
    assert (f"{winner} rules Rome" if winner else "No one rules Rome") in (line.text or "")


def test_no_winner_line_while_the_game_goes_on() -> None:
    assert not groups(parse(midgame().observation(None)), "winner")


def test_every_seat_sees_the_spectators_picture() -> None:
    state = midgame()
    spectator = render_svg(state.observation(None))
    for seat in range(3):
        assert render_svg(state.observation(seat)) == spectator


def test_place_names_are_escaped() -> None:
    obs = midgame().observation(None)
    obs["battle"] = {
        "hex": list(BOARD.coords(BOARD.rome)),
        "attacker": "Caesar",
        "attackers": 3,
        "attacker_leader": True,
        "defender": "Rome <&>",
        "defenders": 2,
        "defender_leader": False,
    }
    (line,) = groups(parse(obs), "battle-line")
    assert "Rome <&>" in (line.text or "")


@pytest.mark.rule("TRI-1.5")
@pytest.mark.parametrize(
    ("zone", "inside", "outside"),
    [("macedonia", "Pharsalus", "Emesa"), ("syria", "Emesa", "Pharsalus")],
)
def test_the_map_tints_the_military_zone_the_setup_gives_crassus(
    zone: str, inside: str, outside: str
) -> None:
    state = alea.load("triumvirate", crassus_zone=zone).new_initial_state()
    root = parse(state.observation(None))
    fills = {
        e.get("data-place"): e.get("fill")
        for e in root.iter(f"{NS}polygon")
        if e.get("class") == "hex"
    }

    def fill(name: str) -> str | None:
        h = BOARD.find(name)
        assert h is not None
        return fills["{},{}".format(*BOARD.coords(h))]

    crassus = mix(FORCE_COLOUR["Crassus"], LAND, ZONE_TINT)
    assert fill(inside) == crassus
    assert fill(outside) != crassus
