"""The HOTRE SVG renderer: well-formed, complete, deterministic, and safe with hidden cards."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from alea.games.hotre.actions import Pick, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.game import HotreGame
from alea.games.hotre.state import HotreState
from alea.games.hotre.svg import place_of, render_svg

NS = "{http://www.w3.org/2000/svg}"


def _play(players: int, seed: int, steps: int) -> list[HotreState]:
    """Positions of one random game, every tenth one, up to ``steps`` moves."""
    rng = random.Random(seed)
    state = HotreGame(players=players).new_initial_state()
    seen = [state.clone()]
    for k in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        if k % 10 == 9:
            seen.append(state.clone())
    seen.append(state)
    return seen


def _places(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {el.get("data-place", "") for el in root.iter() if el.get("data-place")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_initial_board_has_every_land(players: int) -> None:
    state = HotreGame(players=players).new_initial_state()
    for viewer in [None, *range(players)]:
        svg = render_svg(state.observation(viewer))
        root = ET.fromstring(svg)
        assert root.tag == NS + "svg"
        assert root.get("viewBox")
        assert _places(svg) >= {ln.name for ln in BOARD.lands}


def test_pieces_and_determinism() -> None:
    states = _play(4, 3, 400)
    state = states[-1]
    obs = state.observation(0)
    svg = render_svg(obs)
    assert svg == render_svg(state.observation(0))
    root = ET.fromstring(svg)
    armies = [el for el in root.iter(NS + "g") if el.get("class") == "army"]
    occupied = {BOARD.lands[i].name for i, ln in enumerate(obs["lands"]) if ln["armies"]}
    assert occupied
    assert {el.get("data-place") for el in armies} == occupied
    forts = {el.get("data-place") for el in root.iter(NS + "g") if el.get("class") == "fort"}
    assert forts == {BOARD.lands[i].name for i, ln in enumerate(obs["lands"]) if ln["fort"]}
    cities = {el.get("data-place") for el in root.iter(NS + "g") if el.get("class") == "city"}
    assert cities == {BOARD.lands[i].name for i, ln in enumerate(obs["lands"]) if ln["city"]}


def test_hidden_hand_not_shown() -> None:
    state = _play(4, 5, 60)[-1]
    spectator = ET.fromstring(render_svg(state.observation(None)))
    assert not [el for el in spectator.iter(NS + "g") if el.get("class") == "card"]
    own = ET.fromstring(render_svg(state.observation(1)))
    shown = {
        int(el.get("data-card", "0")) for el in own.iter(NS + "g") if el.get("class") == "card"
    }
    assert shown == set(state.observation(1)["hands"][1])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 4)])
def test_random_games_render(players: int, seed: int) -> None:
    for state in _play(players, seed, 3000):
        for viewer in (None, 0):
            svg = render_svg(state.observation(viewer))
            assert _places(svg) >= {ln.name for ln in BOARD.lands}


def test_place_of() -> None:
    assert place_of(Pick(0, "place", BOARD.index("Italia"))) == "Italia"
    assert place_of(PlayCard(0, 1, -1)) is None
    states = _play(4, 7, 300)
    seen = 0
    for state in states[::10]:
        if state.is_chance_node() or state.is_terminal():
            continue
        svg = render_svg(state.observation(state.current_player()))
        for action in state.legal_actions():
            name = place_of(action)
            if name is None:
                continue
            seen += 1
            # A land by its name; an Area, a People or a seat by its own prefix.
            assert name in BOARD.by_name or name.startswith(("area:", "people:", "Seat ")), name
            assert f'data-place="{name}"' in svg, name
    assert seen > 0


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 4)])
def test_winners_at_the_end(players: int, seed: int) -> None:
    state = _play(players, seed, 5000)[-1]
    assert state.is_terminal()
    for viewer in (None, 0):
        obs = state.observation(viewer)
        root = ET.fromstring(render_svg(obs))
        text = "".join(
            "".join(el.itertext()) for el in root.iter(NS + "text") if el.get("class") == "winners"
        )
        assert text.startswith("Winner:")
        names = HotreGame(players=players).player_names
        for w in obs["winners"]:
            assert names[w] in text


def test_two_player_view_shows_both_own_hands() -> None:
    state = _play(2, 9, 40)[-1]
    obs = state.observation(0)
    assert obs["seats"] == [0, 2]
    root = ET.fromstring(render_svg(obs))
    shown = {
        int(el.get("data-card", "0")) for el in root.iter(NS + "g") if el.get("class") == "card"
    }
    assert shown == set(obs["hands"][0]) | set(obs["hands"][2])


def test_optional_difficult_borders_are_drawn_only_under_their_rule() -> None:
    """HRE-1.1: the optional difficult borders are drawn when ``optional_terrain`` is on."""
    counts = []
    for optional in (False, True):
        state = HotreGame(optional_terrain=optional).new_initial_state()
        obs = state.observation(None)
        assert obs["optional_terrain"] is optional
        counts.append(render_svg(obs).count('class="difficult"'))
    # A border is drawn once: Cilicia–Cappadocia is already difficult from Cilicia's side, so
    # only Tracia–Moesia Superior changes.
    assert counts[1] == counts[0] + 1


def test_people_on_the_map_are_named() -> None:
    """HRE-4.0: a People's armies say which People they are, in the view and on the board."""
    from alea.games.hotre.svg import PEOPLE_NAME

    named = 0
    for state in _play(3, 2, 400)[::40]:
        obs = state.observation(0)
        svg = render_svg(obs)
        for force in obs["forces"]:
            if force["kind"] == "People":
                assert force["nation"] in PEOPLE_NAME
                if force["armies"]:
                    assert f"{PEOPLE_NAME[force['nation']]}, " in svg
                    named += 1
            else:
                assert force["nation"] is None
    assert named > 0


def test_each_land_is_its_province_shape() -> None:
    """The 45 lands are drawn as outlines (paths) that a click names by ``data-place``."""
    root = ET.fromstring(render_svg(HotreGame(players=4).new_initial_state().observation(None)))
    paths = [el for el in root.iter(NS + "path") if el.get("class") == "land"]
    assert sorted(el.get("data-place", "") for el in paths) == sorted(ln.name for ln in BOARD.lands)
    assert all(el.get("d", "").startswith("M") for el in paths)
    assert not root.get("width"), "the board scales with its viewBox, it has no fixed width"


def test_names_and_pieces_sit_inside_their_province() -> None:
    """Each land's pieces box and name stand at a point of its own outline, clear of others."""
    from alea.games.hotre.mapdata import BLOCK_H, BLOCK_W, inside, map_shapes

    shapes = map_shapes()
    boxes = []
    for ln, land in zip(BOARD.lands, shapes.lands, strict=True):
        assert inside(land.pieces_at, land.rings), f"{ln.name}: pieces outside the province"
        bx, by = land.pieces_at
        boxes.append((bx - BLOCK_W / 2, by - BLOCK_H / 2, bx + BLOCK_W / 2, by + BLOCK_H / 2))
        xs = [x for ring in land.rings for x, _ in ring]
        ys = [y for ring in land.rings for _, y in ring]
        x, y = land.name_at
        assert min(xs) - 30 <= x <= max(xs) + 30
        assert min(ys) - 30 <= y <= max(ys) + 30
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_pieces_are_drawn_in_their_land_box() -> None:
    from alea.games.hotre.mapdata import BLOCK_H, BLOCK_W, map_shapes

    shapes = map_shapes()
    state = _play(4, 3, 400)[-1]
    root = ET.fromstring(render_svg(state.observation(0)))
    seen = 0
    for g in root.iter(NS + "g"):
        if g.get("class") not in ("army", "city", "fort"):
            continue
        bx, by = shapes.lands[BOARD.index(g.get("data-place", ""))].pieces_at
        for el in g.iter(NS + "rect"):
            x, y = float(el.get("x", "0")), float(el.get("y", "0"))
            assert bx - BLOCK_W / 2 <= x <= bx + BLOCK_W / 2
            assert by - BLOCK_H / 2 - 2 <= y <= by + BLOCK_H / 2
            seen += 1
    assert seen > 10


def test_last_move_marks_its_land_and_the_roll_is_drawn() -> None:
    """After a seat picks a land, that land carries ``data-last-move``; a roll shows dice."""
    rng = random.Random(4)
    state = HotreGame(players=3).new_initial_state()
    marked = rolled = 0
    for _ in range(600):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        root = ET.fromstring(render_svg(state.observation(None)))
        last = {el.get("data-place") for el in root.iter() if el.get("data-last-move")}
        if isinstance(action, Pick):
            assert BOARD.lands[action.land].name in last
            marked += 1
        elif not isinstance(action, PlayCard):
            assert not last, f"{action} names no land, yet {last} is marked"
        rolled += any(el.get("class") == "dice" for el in root.iter(NS + "g"))
    assert marked
    assert rolled


def test_one_name_per_seat_and_a_game_over_banner() -> None:
    state = _play(3, 2, 5000)[-1]
    assert state.is_terminal()
    obs = state.observation(None)
    root = ET.fromstring(render_svg(obs))
    assert [g for g in root.iter(NS + "g") if g.get("class") == "game-over"]
    text = " ".join("".join(el.itertext()) for el in root.iter(NS + "text"))
    assert "Player" not in text
    assert state.game.player_names == ("Seat 1", "Seat 2", "Seat 3")
    assert state.outcome_text().startswith("Seat ")
