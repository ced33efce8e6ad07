"""The Triumvirate's terminal view: the map, the legend and the status panel."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

import alea
from alea.agents import make
from alea.core.game import State
from alea.games.triumvirate import terminal as view
from alea.games.triumvirate.board import BOARD
from alea.terminal import render_observation, renderer_for
from sampled_positions import first_position

WIDTH = 80
MAP_ROW = re.compile(r"^\s?(\d{1,2}) .* (\d{1,2})$")


def drawn(state: State, seat: int | None = None) -> str:
    console = Console(record=True, width=WIDTH, file=open("/dev/null", "w"))  # noqa: SIM115
    renderer_for("triumvirate")(state, console, seat)
    return console.export_text()


def first_state(wanted: Callable[[dict[str, Any]], bool]) -> State:
    """The first position of random games (seeds 1, 2, ...) whose observation is ``wanted``."""
    return first_position("triumvirate", lambda s: wanted(s.observation(None)), range(1, 30))


@pytest.fixture(scope="module")
def opening() -> State:
    state = alea.load("triumvirate", setup="authored").new_initial_state()
    state.apply_action(state.chance_outcomes()[1][0])  # Caesar plays first
    return state


def test_the_registry_gives_the_triumvirate_its_renderer() -> None:
    assert renderer_for("triumvirate") is view.render
    assert renderer_for("no-such-game") is render_observation


def test_map_fits_in_80_columns_and_shows_every_row(opening: State) -> None:
    text = drawn(opening, 1)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    assert "…" not in text  # no column of the table was cut short
    rows = [m for m in map(MAP_ROW.match, lines) if m and m[1] == m[2]]
    assert [int(m[1]) for m in rows] == list(range(BOARD.rows))
    # The column ruler: tens over units, one digit per hex.
    units = next(line for line in lines if line.split()[:3] == ["0", "1", "2"])
    tens = lines[lines.index(units) - 1]
    numbers = [
        int((t + u).strip()) for t, u in zip(tens[4::2], units[4::2], strict=False) if u.strip()
    ]
    assert numbers == list(range(BOARD.cols))


def test_odd_rows_are_shifted_by_one_cell(opening: State) -> None:
    lines = drawn(opening).splitlines()
    rows = {int(m[1]): m[0] for m in map(MAP_ROW.match, lines) if m and m[1] == m[2]}
    # Row 0 and row 1 both start with water at column 0: the odd row's is one cell further right.
    assert rows[0].index("~") + 1 == rows[1].index("~")


def test_leaders_rome_and_troops_are_drawn(opening: State) -> None:
    lines = drawn(opening, 1).splitlines()
    rows = {int(m[1]): m[0] for m in map(MAP_ROW.match, lines) if m and m[1] == m[2]}
    for seat, letter in enumerate(("X", "C", "P")):
        c, r = BOARD.coords(BOARD.starts[seat])
        cell_start = 3 + (r & 1) + 2 * c
        assert rows[r][cell_start : cell_start + 2] == f"{letter}1"  # leader on his own T
    c, r = BOARD.coords(BOARD.rome)
    start = 3 + (r & 1) + 2 * c
    assert rows[r][start : start + 2] == " R"
    # Troops without a leader carry their force's letter, readable without colour.
    h = next(h for h, f in BOARD.garrisons if f == 3 and h not in BOARD.starts)
    c, r = BOARD.coords(h)
    start = 3 + (r & 1) + 2 * c
    assert rows[r][start : start + 2] == "r1"


def test_status_panel_names_players_phase_and_turn(opening: State) -> None:
    text = drawn(opening, 1)
    for name in ("Crassus", "Caesar (you)", "Pompey", "Bibracte", "Antiochia"):
        assert name in text
    assert "Round 1 of 120" in text
    assert "Conquest phase" in text
    assert "Caesar's turn: choosing what the leader does" in text
    assert "pop." in text
    assert "in Rome" in text


def test_colours_follow_the_forces(opening: State) -> None:
    obs = opening.observation(None)
    line = view.map_text(opening, obs)
    styles = {str(span.style) for span in line.spans}
    assert any(view.FORCE_STYLE["Caesar"] in s and "bold" in s for s in styles)
    assert any(view.ITALY_BG in s for s in styles)
    assert any(view.ROME_BG in s for s in styles)
    assert any(s == view.WATER for s in styles)


def test_a_battle_in_progress_is_shown() -> None:
    state = first_state(lambda obs: obs["battle"] is not None)
    text = " ".join(drawn(state).split())
    assert "Battle at" in text
    assert "ties go to the defender" in text
    assert "attacks:" in text


def test_civil_war_is_shown() -> None:
    state = first_state(lambda obs: obs["civil_war"])
    assert "Civil war: hold Rome for 4 turns in a row to win" in drawn(state)


def test_a_fallen_leader_is_shown() -> None:
    state = first_state(lambda obs: not all(p["alive"] for p in obs["players"]))
    assert "fallen" in drawn(state)


def test_game_over_is_shown() -> None:
    record = alea.play(alea.load("triumvirate", max_rounds=3), [make("random")] * 3, seed=2)
    text = drawn(alea.replay(record))
    assert "Game over: no one took Rome within 3 rounds" in text
    assert "Round 3 of 3" in text


def test_narration_tells_battles_and_groups_moves() -> None:
    state = first_state(lambda obs: obs["battle"] is not None)
    before = state.observation(None)
    action = state.chance_outcomes()[0][0]
    text = state.action_to_string(action)
    state.apply_action(action)
    notes = view.narrate(before, action, text, state.observation(None))
    assert notes[0].text.lstrip().startswith("battle at")
    assert "top dice" in notes[0].text


def test_choice_rows_group_moves_by_troop(opening: State) -> None:
    state = opening.clone()
    state.apply_action(state.legal_actions()[0])  # Caesar rolls for his leader
    state.apply_action(state.chance_outcomes()[0][0])
    actions = state.legal_actions()
    rows = view.choice_rows(state, actions, range(len(actions)))
    labels = [label for label, _ in rows]
    assert labels[0] == "leader to"
    assert "troop Bibracte to" in labels
    listed = sorted(i for _, entries in rows for i, _ in entries)
    assert listed == list(range(len(actions)))


@pytest.mark.rule("TRI-1.1")
def test_named_places_are_written_on_the_map_as_codes_the_help_explains(opening: State) -> None:
    codes = view.ABBREVIATION
    assert len(set(codes.values())) == len(codes)
    assert all(len(code) == 2 and code[0].isupper() for code in codes.values())
    text = drawn(opening)
    lutetia = BOARD.find("Lutetia")
    assert lutetia is not None
    assert f"{codes[lutetia]} Lutetia" in view.GUIDE
    # An empty named hex shows its code in its row of the map.
    empty = {BOARD.index(c, r) for c, r, *_ in opening.observation(None)["stacks"]}
    for h, code in codes.items():
        if h not in empty and h not in {
            BOARD.index(*p["leader"]) for p in opening.observation(None)["players"]
        }:
            row = BOARD.coords(h)[1]
            line = next(
                ln for ln in text.splitlines() if (m := MAP_ROW.match(ln)) and int(m[1]) == row
            )
            assert code in line, (BOARD.label(h), code)


def test_a_second_troop_step_is_told_in_one_line_instead_of_a_new_map() -> None:
    state = first_state(lambda obs: obs["stage"] == "move")
    mover = state.current_player()
    assert view.brief(state, mover) is None  # the movement step begins: the map is drawn
    steps = [a for a in state.legal_actions() if type(a).__name__ == "Move"]
    assert steps, "no troop could move in the chosen position"
    state.apply_action(steps[0])
    assert state.observation(None)["stage"] == "move"  # movement ends only when he says so
    line = view.brief(state, mover)
    assert line is not None
    assert BOARD.label(steps[0].to) in line  # type: ignore[attr-defined]
