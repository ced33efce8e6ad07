"""What the play page shows beside the board: reasons for refused clicks, last moves, dice."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from server_helpers import client, new_game, next_view, wait_for_turn

import alea
from alea.games.triumvirate.board import BOARD
from alea.render import board_hints, last_move_places, latest_dice, why_not
from alea.server.rulebook import for_players


@pytest.mark.rule("TRI-4.5")
def test_a_click_on_water_names_the_rule_that_keeps_caesar_ashore() -> None:
    state = alea.load("triumvirate").new_initial_state()
    rng = random.Random(1)
    while not (state.observation(None)["stage"] == "move" and state.current_player() == 1):
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            roll = [a for a in legal if "rolls the die" in str(a)]
            state.apply_action(roll[0] if roll else rng.choice(legal))
    obs = state.observation(1)
    own = next(BOARD.index(c, r) for c, r, f, _n, _m in obs["stacks"] if f == "Caesar")
    sea = next(h for h in BOARD.neighbours[own] if not BOARD.land[h])
    col, row = BOARD.coords(sea)
    refusal = why_not("triumvirate", state, 1, f"{col},{row}", "{},{}".format(*BOARD.coords(own)))
    assert refusal.rule == "TRI-4.5"
    assert "cross water" in str(refusal)
    assert BOARD.label(sea) in str(refusal)


def test_the_last_move_and_the_dice_come_from_the_end_of_the_history() -> None:
    state = alea.load("forum", players=2).new_initial_state()
    rng = random.Random(4)
    moved = None
    for _ in range(400):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        moves = [a for a in state.legal_actions() if "move an agent" in str(a)]
        if moves:
            state.apply_action(moves[0])
            moved = moves[0]
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert moved is not None
    places = last_move_places("forum", state.history())
    assert board_hints("forum").source_of(moved) in places
    dice = latest_dice("forum", state.history())
    assert dice is None or all(1 <= d <= 6 for d in dice["dice"])


def test_the_server_answers_why_and_sends_the_hints(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        made = new_game(c, "triumvirate", ["human", "random", "random"], seed=2)
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            view = wait_for_turn(ws, 0)
            assert view["hint"]
            assert [k for k, _ in view["panel"]][:2] == ["Troops", "Conquests"]
            ws.send_json({"type": "why", "place": "0,17"})
            answer = next_view_or_why(ws)
            assert answer["type"] == "why"
            assert answer["rule"].startswith("TRI-")
            assert "0,17" not in answer["message"]
            ws.send_json({"type": "why", "place": 7})
            assert next_view(ws)["type"] == "error"


def next_view_or_why(ws: object) -> dict[str, object]:
    for _ in range(500):
        msg = ws.receive_json()  # type: ignore[attr-defined]
        if msg["type"] == "why":
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no answer came")


@pytest.mark.parametrize("game", ["triumvirate", "forum", "hotre"])
def test_the_rules_link_opens_a_rulebook_for_players(tmp_path: Path, game: str) -> None:
    with client(tmp_path / "a.db") as c:
        page = c.get(f"/rules/{game}").text
    assert "quick start" in page
    assert "<svg" in page, "the quick start has no picture of the board"
    assert "The full rules" in page
    assert page.index("quick start") < page.index("The full rules")
    assert "alea.load" not in page, "the players' rulebook speaks to programmers"


def test_the_hotre_rulebook_has_pictures_and_no_notes_for_programmers(tmp_path: Path) -> None:
    with client(tmp_path / "a.db") as c:
        page = c.get("/rules/hotre").text
    quick = page[: page.index("The full rules")]
    assert quick.count("<figure class='board'>") == 2, "the quick start's pictures are missing"
    assert "<!-- picture" not in page
    assert 'data-place="Italia"' in quick
    full = page[page.index("The full rules") :]
    assert "HRE-12.0.1" in full
    assert "Decisions." not in full
    assert "fort_cost" not in full, "an option's name is left in the players' rules"


def test_only_brackets_that_name_an_option_leave_the_players_rules() -> None:
    rules = (
        'intro\n\n## 1. A\n\nA Fort costs 1 RVP [`fort_cost`] and\nstands [`city_limit="total"`,\n'
        "the default]. Seats [1-4] stay.\n\n**Decisions.** The engine asks.\n\nNext.\n"
        "\n## Options\n\n| `fort_cost` | 1 |\n\n## Hidden information\n\nHands.\n"
    )
    out = for_players(rules)
    assert "intro" not in out
    assert "costs 1 RVP and\nstands. Seats [1-4] stay." in out
    assert "engine asks" not in out
    assert "Next." in out
    assert "fort_cost" not in out
    assert "## Hidden information" in out
