"""Board pictures as patches: a client that asks for them rebuilds every picture exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from server_helpers import client, new_game, next_view

import alea
from alea.render import render_observation
from alea.server.patches import apply_patch, lines_of, make_patch
from alea.server.room import replay_stored

lines = st.lists(st.sampled_from(["<g>", "</g>", "a", "b", "c", "<rect/>", ""]), max_size=40)


@given(lines, lines)
def test_a_patch_rebuilds_the_new_lines_from_the_old(old: list[str], new: list[str]) -> None:
    patch = make_patch(old, new)
    assert apply_patch(old, patch) == new
    runs = [op for op in patch if not isinstance(op, str)]
    assert all(count >= 1 for _, count in runs)
    assert sum(count for _, count in runs) + (len(patch) - len(runs)) == len(new)


def test_an_unchanged_picture_is_one_run_and_a_patch_that_does_not_fit_is_refused() -> None:
    old = lines_of("<svg>\n<g>\n<rect/>\n</g>\n</svg>")
    assert make_patch(old, old) == [[0, 5]]
    with pytest.raises(ValueError, match="outside a picture of 5 lines"):
        apply_patch(old, [[3, 4]])


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("forum", ["human", "heuristic", "heuristic", "heuristic"]),
        ("hotre", ["human", "heuristic", "random", "heuristic"]),
    ],
)
def test_a_patching_client_sees_every_picture_the_server_draws(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    with client(tmp_path / "p.db") as c:
        made = new_game(c, game, seats, seed=5)
        hub = c.app.state.hub  # type: ignore[attr-defined]
        rules = alea.load(game, players=len(seats))
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"], "patches": True})
            picture: list[str] | None = None
            last_id = 0
            whole = sent = patched = 0
            turns = 0
            while turns < 6:
                view = next_view(ws)
                assert view["type"] == "view", view
                assert view["svg_id"] == last_id + 1
                last_id = view["svg_id"]
                if "svg_patch" in view:
                    assert picture is not None
                    assert view["svg_base"] == last_id - 1
                    picture = apply_patch(picture, view["svg_patch"])
                    sent += len(json.dumps(view["svg_patch"]))
                    patched += 1
                else:
                    assert picture is None, "only the first picture comes whole"
                    picture = lines_of(view["svg"])
                # The view leaves the observation out: the seat's position is rebuilt from the
                # moves stored, which every view's moves are before it is sent.
                assert "observation" not in view
                state = rules.new_initial_state()
                replay_stored(
                    made["id"], rules, state, hub.store.actions(made["id"])[: view["seq"]]
                )
                drawn = render_observation(game, state.observation(0))
                assert "\n".join(picture) == drawn, f"picture {last_id} rebuilt wrong"
                whole += len(drawn)
                if view["terminal"]:
                    break
                if view["legal"] and view["seat"] == 0:
                    ws.send_json({"type": "act", "seq": view["seq"], "i": 0})
                    turns += 1
            assert patched >= 5, "too few patches to show anything"
            assert sent < whole / 5, f"patches carried {sent} of {whole} characters"
            # Asking to resync brings the whole picture again, and patches go on from it.
            ws.send_json({"type": "sync"})
            views = [next_view(ws)]
            while "svg" not in views[-1] and len(views) < 100:
                views.append(next_view(ws))  # bots' moves made before the sync was read
            assert "svg" in views[-1]
            assert "svg_patch" not in views[-1]


def test_a_hello_says_patches_true_or_false(tmp_path: Path) -> None:
    with client(tmp_path / "h.db") as c:
        made = new_game(c, "triumvirate", ["human", "heuristic", "heuristic"], seed=3)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "patches": "yes"})
            error = next_view(ws)
            assert error["type"] == "error"
            assert "'patches' in a hello is true or false" in error["message"]
            ws.send_json({"type": "hello"})  # the connection stays, and a plain hello works
            view = next_view(ws)
            assert view["type"] == "view"
            assert view["svg"].startswith("<svg")
            # A client that does not take patches is not the play page: it gets the observation.
            assert view["observation"]["you"] is None
