"""Taking a move back: only one's own last decisions, only while nothing new was revealed."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server_helpers import client, new_game, next_view

import alea
from alea.core.game import State
from alea.server.undo import reveals


def until(ws: Any, test: Any, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if test(msg):
            return msg  # type: ignore[no-any-return]
    raise AssertionError("the message never came")


def keeps_the_turn(state: State) -> int:
    """The number of a choice after which the same seat decides again, no chance between."""
    seat = state.current_player()
    for i, a in enumerate(state.legal_actions()):
        nxt = state.clone()
        nxt.apply_action(a)
        if nxt.current_player() == seat:
            return i
    raise AssertionError("every choice passes the turn")


def test_a_player_takes_back_a_move_and_everyone_sees_the_position_before_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "u.db"
    with client(db) as c:
        made = new_game(c, "triumvirate", ["human"] * 3, seed=3)
        url = f"/ws/{made['id']}"
        tokens = [s["token"] for s in made["seats"]]
        with (
            c.websocket_connect(url) as w0,
            c.websocket_connect(url) as w1,
            c.websocket_connect(url) as w2,
            c.websocket_connect(url) as watcher,
        ):
            socks = [w0, w1, w2]
            for ws, token in zip(socks, tokens, strict=True):
                ws.send_json({"type": "hello", "token": token})
            watcher.send_json({"type": "hello"})
            views = [until(ws, lambda m: m["type"] == "view" and m["to_move"] >= 0) for ws in socks]
            mover = views[0]["to_move"]
            before = views[mover]
            assert not before["undo"]  # nothing of the mover's to take back yet
            socks[mover].send_json({"type": "undo"})
            refused = next_view(socks[mover])
            assert refused["type"] == "error"
            assert "chance has spoken" in refused["message"]
            room = c.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
            pick = keeps_the_turn(room.state)
            socks[mover].send_json({"type": "act", "seq": before["seq"], "i": pick})
            after = until(socks[mover], lambda m: m["type"] == "view" and m["seq"] > before["seq"])
            assert after["to_move"] == mover, "the seed's first decision should leave the turn"
            assert after["undo"] is True
            other = (mover + 1) % 3
            seen = until(socks[other], lambda m: m["type"] == "view" and m["seq"] == after["seq"])
            assert seen["undo"] is False
            socks[other].send_json({"type": "undo"})
            err = until(socks[other], lambda m: m["type"] == "error")
            assert "cannot take the move back" in err["message"]
            watcher.send_json({"type": "undo"})
            assert "spectators cannot" in until(watcher, lambda m: m["type"] == "error")["message"]
            socks[mover].send_json({"type": "undo"})
            back = until(socks[mover], lambda m: m["type"] == "view" and m["seq"] == before["seq"])
            assert back["observation"] == before["observation"]
            assert back["legal"] == before["legal"]
            assert back["undo"] is False
            # The other seats and the spectator see the position restored, and are told.
            for ws in (socks[other], watcher):
                assert until(ws, lambda m: m["type"] == "view")["seq"] == before["seq"]
                note = until(ws, lambda m: m["type"] == "chat")["lines"][0]
                assert note["kind"] == "note"
                assert note["text"] == "took back a move: " + before["legal"][pick]["text"]
        summary = c.get(f"/api/games/{made['id']}").json()
        assert summary["moves"] == before["seq"]  # the store holds no trace of the move
    # A restarted server resumes the very position the move was taken back to.
    with client(db) as c, c.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens[mover]})
        resumed = next_view(ws)
        assert resumed["seq"] == before["seq"]
        assert resumed["observation"] == before["observation"]
        assert resumed["undo"] is False
        ws.send_json({"type": "undo"})
        assert "before the server last started" in next_view(ws)["message"]


def test_after_a_bots_move_the_move_stands(tmp_path: Path) -> None:
    with client(tmp_path / "v.db") as c:
        made = new_game(c, "forum", ["human", "heuristic"], players=2, seed=4)
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            view = until(ws, lambda m: m["type"] == "view" and m["legal"])
            for _ in range(40):  # play until a decision hands the turn to the bot
                seq = view["seq"]
                ws.send_json({"type": "act", "seq": seq, "i": len(view["legal"]) - 1})
                view = until(ws, lambda m, seq=seq: m["type"] == "view" and m["seq"] > seq)
                bot_moved = view["to_move"] == 1 or view["seq"] > seq + 1
                if not view["legal"]:
                    view = until(ws, lambda m: m["type"] == "view" and m["legal"])
                if bot_moved:
                    break
            later = view
            assert later["undo"] is False
            ws.send_json({"type": "undo"})
            err = until(ws, lambda m: m["type"] == "error")
            assert "it stands" in err["message"]


def first_reveal(game: str) -> tuple[State, Any, int, State]:
    """The first decision of a random playout that shows its player something hidden."""
    state = alea.load(game).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        p = state.current_player()
        a = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply_action(a)
        if reveals(before, a, p, state):
            return before, a, p, state
    raise AssertionError("no decision revealed anything")


def test_ending_a_turn_that_calls_the_next_counter_reveals_it() -> None:
    before, _, seat, after = first_reveal("hotre")
    # The decision ends the seat's turn, and the next counter called is shown to everyone:
    # taking it back would let the player choose again knowing who plays next.
    shown = [
        k
        for k in ("people_counters", "emperor_counters")
        if before.observation(seat)[k] != after.observation(seat)[k]
    ]
    assert shown, "the decision showed nothing new"


def test_a_decision_that_shows_nothing_hidden_may_be_taken_back() -> None:
    state = alea.load("triumvirate").new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    seat = state.current_player()
    action = state.legal_actions()[0]
    after = state.clone()
    after.apply_action(action)
    assert not reveals(state, action, seat, after)
