"""The Forum board picture: a valid SVG drawn from the observation alone, and complete."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import alea
from alea import cli
from alea.agents import make
from alea.core.record import GameRecord
from alea.core.svg import text_width
from alea.games.forum.board import BOARD
from alea.games.forum.state import ForumState
from alea.games.forum.svg import render_svg
from alea.games.forum.svg.labels import NAME_SIZE, PROFIT_SIZE, _labels, _profit_text
from alea.games.forum.svg.style import MAP_LEFT, MAP_RIGHT
from alea.render import render_observation, svg_renderer

NS = "{http://www.w3.org/2000/svg}"
Obs = dict[str, Any]


@cache
def record(players: int = 4, seed: int = 3) -> GameRecord:
    """A whole game of random play."""
    game = alea.load("forum", players=players)
    return alea.play(game, [make("random") for _ in range(players)], seed=seed)


def positions(players: int = 4, seed: int = 3) -> Iterator[ForumState]:
    """Every position of ``record(players, seed)``, from the first to the last."""
    rec = record(players, seed)
    state = alea.load("forum", players=players).new_initial_state()
    assert isinstance(state, ForumState)
    yield state
    for data in rec.actions:
        state.apply_action(state.game.action_from_json(data))
        yield state


def first(pred: Callable[[Obs], bool], players: int = 4, seed: int = 3) -> ForumState:
    """A copy of the first position whose spectator view satisfies ``pred``."""
    for state in positions(players, seed):
        if pred(state.observation(None)):
            return state.clone()
    raise AssertionError("no position of the game fits")


def midgame(players: int = 4, seed: int = 3) -> ForumState:
    """A position some turns in, with horrea and agents spread over the map."""
    return first(lambda o: o["turn"] >= 6 and o["stage"] == "build", players, seed)


def finished(players: int = 4, seed: int = 3) -> ForumState:
    state = alea.replay(record(players, seed))
    assert isinstance(state, ForumState)
    assert state.is_terminal()
    return state


def parse(obs: Obs) -> ET.Element:
    return ET.fromstring(render_svg(obs))


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def texts(el: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{NS}text")]


def all_text(root: ET.Element) -> str:
    return "\n".join(texts(root))


def market_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {str(g.get("data-market")): g for g in by_class(root, "market")}


# -- the document -------------------------------------------------------------------------------


def test_the_picture_is_a_standalone_scalable_svg() -> None:
    svg = render_svg(midgame().observation(None))
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    box = root.get("viewBox", "").split()
    assert box[:2] == ["0", "0"]
    assert float(box[2]) > 1000
    assert float(box[3]) > 800
    assert root.get("width") == box[2]
    assert root.get("height") == box[3]
    assert svg.endswith("</svg>\n")


def test_forum_is_registered_for_render() -> None:
    assert svg_renderer("forum") is render_svg
    obs = midgame().observation(None)
    assert render_observation("forum", obs) == render_svg(obs)


def test_the_same_observation_gives_the_same_picture() -> None:
    obs = midgame().observation(1)
    again = copy.deepcopy(obs)
    assert render_svg(obs) == render_svg(again)
    assert obs == again  # drawing does not touch the observation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_and_a_spectator_get_a_picture(players: int) -> None:
    state = midgame(players, seed=5)
    for seat in [None, *range(players)]:
        root = parse(state.observation(seat))
        families = by_class(root, "family")
        assert [f.get("data-seat") for f in families] == [str(p) for p in range(players)]
        names = [texts(f)[0] for f in families]
        assert names == ["Aemilii", "Cornelii", "Licinii", "Valerii"][:players]
        assert len(by_class(root, "marker")) == 2 * players  # prestige and money ladders


def test_texts_are_escaped() -> None:
    obs = midgame().observation(None)
    obs["players"][0]["name"] = '<Aemilii & "Co">\''
    root = parse(obs)
    assert '<Aemilii & "Co">\'' in texts(by_class(root, "family")[0])


# -- the map -------------------------------------------------------------------------------------


def test_every_market_is_drawn_and_named() -> None:
    root = parse(midgame().observation(None))
    groups = market_groups(root)
    assert sorted(groups) == sorted(m.name for m in BOARD.markets)
    assert all(g.get("data-place") == name for name, g in groups.items())
    words = {"".join(t.itertext()) for t in by_class(root, "name")}
    for m in BOARD.markets:
        assert (m.name.upper() if m.name == "Rome" else m.name) in words
    assert len(by_class(root, "profit")) == len(BOARD.markets)
    assert len(root.findall(f".//{NS}g[@class='links']/{NS}line")) == len(BOARD.links)


def test_markets_show_their_distance_and_their_printed_profit() -> None:
    root = parse(midgame().observation(None))
    groups = market_groups(root)
    carthage = BOARD.market("Carthage")
    assert str(carthage.distance) in texts(groups["Carthage"])
    profits = {"".join(t.itertext()) for t in by_class(root, "profit")}
    assert " · ".join(str(v) for v in carthage.profit) in profits
    assert "SPQR" in texts(groups["Rome"])


def test_horrea_and_agents_stand_where_the_observation_puts_them() -> None:
    obs = midgame().observation(None)
    root = parse(obs)
    groups = market_groups(root)
    placed = 0
    for info in obs["markets"]:
        g = groups[info["name"]]
        horrea = sorted(int(h.get("data-seat", -1)) for h in by_class(g, "horreum"))
        assert horrea == sorted(info["horrea"])
        placed += len(horrea)
        agents = {
            int(a.get("data-seat", -1)): int(a.get("data-count", 0)) for a in by_class(g, "agent")
        }
        expected = {
            p: Counter(pl["agents"])[info["name"]]
            for p, pl in enumerate(obs["players"])
            if info["name"] in pl["agents"]
        }
        assert agents == expected
    assert placed == sum(p["horrea"] for p in obs["players"]) > 0


def test_several_agents_in_one_market_show_their_number() -> None:
    state = first(lambda o: any(len(p["agents"]) != len(set(p["agents"])) for p in o["players"]))
    obs = state.observation(None)
    root = parse(obs)
    groups = market_groups(root)
    p, name = next(
        (p, a)
        for p, pl in enumerate(obs["players"])
        for a in pl["agents"]
        if pl["agents"].count(a) > 1
    )
    (pawn,) = [a for a in by_class(groups[name], "agent") if a.get("data-seat") == str(p)]
    assert f"×{obs['players'][p]['agents'].count(name)}" in texts(pawn)


def test_local_marriages_are_ringed_in_the_family_colour() -> None:
    state = first(lambda o: any(m["local"] is not None for m in o["markets"]))
    obs = state.observation(None)
    root = parse(obs)
    rings = {
        (r.get("data-seat"), name)
        for name, g in market_groups(root).items()
        for r in by_class(g, "local")
    }
    assert rings == {(str(m["local"]), m["name"]) for m in obs["markets"] if m["local"] is not None}
    words = all_text(root)
    for m in obs["markets"]:
        if m["local"] is not None:
            assert m["name"] in " ".join(texts(by_class(root, "marriages")[0]))
    assert "married into" in words


def test_marriages_between_families_are_listed() -> None:
    state = first(lambda o: bool(o["marriages"]))
    obs = state.observation(None)
    (panel,) = by_class(parse(obs), "marriages")
    lines = [t for t in texts(panel) if " and the " in t]
    assert len(lines) == len(obs["marriages"])
    a, b = obs["marriages"][0]["a"], obs["marriages"][0]["b"]
    assert obs["players"][a]["name"] in lines[0]
    assert obs["players"][b]["name"] in lines[0]


def test_a_contest_is_ringed_and_described() -> None:
    state = first(lambda o: o["pending"] is not None)
    obs = state.observation(None)
    root = parse(obs)
    (ring,) = by_class(market_groups(root)[obs["pending"]["market"]], "contest")
    assert ring is not None
    (detail,) = by_class(root, "detail")
    assert obs["pending"]["market"] in "".join(detail.itertext())


# -- the panels ------------------------------------------------------------------------------------


def test_status_names_the_turn_the_stage_and_who_decides() -> None:
    state = midgame()
    obs = state.observation(None)
    (status,) = by_class(parse(obs), "status")
    line = "".join(status.itertext())
    assert f"Turn {obs['turn']}" in line
    assert "build" in line
    assert obs["players"][obs["current"]]["name"] in line
    (current,) = by_class(parse(obs), "current")
    assert "Build" in "".join(current.itertext())


def test_money_and_prestige_of_each_family_are_shown() -> None:
    obs = midgame().observation(None)
    root = parse(obs)
    for f, pl in zip(by_class(root, "family"), obs["players"], strict=True):
        (money,) = by_class(f, "money")
        assert "".join(money.itertext()).replace("−", "-").replace(",", "").replace("$", "") == (
            str(pl["money"])
        )
        (prestige,) = by_class(f, "prestige")
        assert "".join(prestige.itertext()) == str(pl["prestige"])


def test_the_prestige_ladder_has_its_bands_and_benefactions() -> None:
    state = first(lambda o: any(b["owner"] is not None for b in o["benefactions"]))
    obs = state.observation(None)
    root = parse(obs)
    bands = {"".join(b.itertext()) for b in by_class(root, "band")}
    assert {"QVAESTOR", "AEDILE", "PRAETOR"} <= bands
    spaces = by_class(root, "benefaction")
    assert len(spaces) == len(obs["benefactions"]) == 9
    for rect, space in zip(spaces, obs["benefactions"], strict=True):
        owner = space["owner"]
        assert rect.get("data-owner") == (None if owner is None else str(owner))
    given = [s for s in obs["benefactions"] if s["owner"] is not None]
    assert given
    ladder = " ".join(texts(by_class(root, "prestige-ladder")[0]))
    assert obs["players"][given[0]["owner"]]["name"] in ladder


def test_hidden_family_cards_stay_hidden() -> None:
    state = midgame()
    mine = all_text(parse(state.observation(0)))
    theirs = all_text(parse(state.observation(1)))
    spectator = all_text(parse(state.observation(None)))
    own = state.observation(0)["players"][0]
    assert own["sons"] is not None
    assert "sons" in mine or "son," in mine
    assert "sons" not in spectator
    assert "son," not in spectator
    first_card = mine.split("Cornelii")[0]
    assert "daughter" in first_card
    assert "daughter" not in theirs.split("Cornelii")[0]


def test_no_fate_card_before_the_first_draw() -> None:
    obs = first(lambda o: o["stage"] == "move").observation(None)
    assert obs["fate"] is None
    root = parse(obs)
    assert not by_class(root, "fate-card")
    assert "No fate card" in all_text(root)


def test_the_fate_card_just_drawn_is_shown() -> None:
    state = first(lambda o: o["fate"] is not None)
    obs = state.observation(None)
    root = parse(obs)
    (card,) = by_class(root, "fate-card")
    (title,) = by_class(card, "fate-title")
    assert "".join(title.itertext()) == obs["fate"]["title"]
    effect = " ".join("".join(t.itertext()) for t in by_class(card, "fate-effect"))
    assert effect == obs["fate"]["effect"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_winners_are_announced_at_the_end(players: int) -> None:
    state = finished(players, seed=7)
    obs = state.observation(None)
    assert obs["winners"]
    root = parse(obs)
    (banner,) = by_class(root, "winner")
    line = "".join(banner.itertext())
    for p in obs["winners"]:
        assert obs["players"][p]["name"] in line
    victors = [f.get("data-seat") for f in by_class(root, "family") if by_class(f, "victor")]
    assert victors == [str(p) for p in obs["winners"]]
    assert not by_class(root, "to-move")


def test_no_banner_while_the_game_goes_on() -> None:
    root = parse(midgame().observation(None))
    assert not by_class(root, "winner")
    assert not by_class(root, "victor")
    assert len(by_class(root, "to-move")) == 1


def test_a_game_stopped_by_the_turn_cap_says_so() -> None:
    game = alea.load("forum", players=2, max_turns=2)
    rec = alea.play(game, [make("random"), make("random")], seed=1)
    obs = alea.replay(rec).observation(None)
    assert obs["end_reason"] == "cap"
    (banner,) = by_class(parse(obs), "winner")
    assert "No one reached" in "".join(banner.itertext())


def test_every_position_of_a_game_draws() -> None:
    for k, state in enumerate(positions(3, seed=11)):
        if k % 7 == 0 or state.is_terminal():
            ET.fromstring(render_svg(state.observation(k % 3 if k % 2 else None)))


# -- alea render ---------------------------------------------------------------------------------


def test_alea_render_draws_a_forum_record(tmp_path: Path) -> None:
    path = tmp_path / "forum.json"
    record(4, 3).save(path)
    out = tmp_path / "board.svg"
    assert cli.main(["render", str(path), "--to", "150", "--out", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == f"{NS}svg"
    assert "Carthage" in all_text(root)
    seat = tmp_path / "seat.svg"
    assert cli.main(["render", str(path), "--seat", "Licinii", "--out", str(seat)]) == 0
    assert by_class(ET.fromstring(seat.read_text(encoding="utf-8")), "winner")


@pytest.mark.parametrize("name", ["Pax Iulia", "Parthia", "Eburacum", "Chersonesos"])
def test_no_market_name_runs_off_the_map(name: str) -> None:
    m = [mk.name for mk in BOARD.markets].index(name)
    x, _y, anchor = _labels()[m]
    w = max(text_width(name, NAME_SIZE, True), text_width(_profit_text(m), PROFIT_SIZE))
    left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    assert left >= MAP_LEFT
    assert left + w <= MAP_RIGHT
