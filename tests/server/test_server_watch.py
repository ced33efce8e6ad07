"""Watching bots: in a game with people, each bot decision reaches the viewers on its own."""

from __future__ import annotations

import itertools
from pathlib import Path

from server_helpers import client, new_game, next_view
from sqlalchemy.exc import IntegrityError

import alea


def deciders(game: str, options: dict, actions: list) -> list[int]:  # type: ignore[type-arg]
    """The seat that made each action (``alea.CHANCE`` for chance outcomes)."""
    state = alea.load(game, **options).new_initial_state()
    out = []
    for a in actions:
        out.append(state.current_player())
        state.apply_action(a)
    return out


def test_each_bot_decision_is_a_view_of_its_own(tmp_path: Path) -> None:
    with client(tmp_path / "w.db") as c:
        made = new_game(c, "triumvirate", ["human", "heuristic", "heuristic"], seed=8)
        seqs = []
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            turns = 0
            while turns < 4:
                view = next_view(ws)
                assert view["type"] == "view"
                seqs.append(view["seq"])
                if view["legal"] and view["seat"] == 0:
                    ws.send_json({"type": "act", "seq": view["seq"], "i": len(view["legal"]) - 1})
                    turns += 1
        room = c.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
        game = room.game
        who = deciders("triumvirate", dict(game.options), list(room.state.history()))
        bot_moves = 0
        for before, after in itertools.pairwise(seqs):
            between = [p for p in who[before:after] if p in (1, 2)]
            assert len(between) <= 1, f"moves {before + 1}-{after} hide a bot decision"
            bot_moves += len(between)
        assert bot_moves > 0, "the bots never moved: the test proves nothing"


def _count_appends(c: object) -> list[int]:
    """Wrap the app's store so that each transaction of moves is counted (its first number)."""
    store = c.app.state.hub.store  # type: ignore[attr-defined]
    calls: list[int] = []
    append = store.append

    def counted(game_id: str, seq: int, *args: object, **kw: object) -> None:
        calls.append(seq)
        append(game_id, seq, *args, **kw)

    store.append = counted
    return calls


def test_a_run_of_bot_moves_is_stored_at_once_and_shown_one_by_one(tmp_path: Path) -> None:
    with client(tmp_path / "r.db") as c:
        calls = _count_appends(c)
        made = new_game(c, "forum", ["human", "heuristic", "heuristic", "heuristic"], seed=4)
        views = 0
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            turns = 0
            while True:
                view = next_view(ws)
                views += 1
                if view["legal"] and view["seat"] == 0:
                    if turns == 5:
                        break  # the bots wait for this decision: every move so far was seen
                    ws.send_json({"type": "act", "seq": view["seq"], "i": 0})
                    turns += 1
        room = c.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
        who = deciders("forum", dict(room.game.options), list(room.state.history()))
        bots = sum(1 for p in who if p in (1, 2, 3))
        # Each human move is one transaction; the run of dice and bot moves after it is two
        # (its first view goes at once, the rest when the run is over), fewer than one a bot
        # decision, while the viewer still got a view for every bot decision.
        assert len(calls) <= 3 * turns + 2, f"{len(calls)} transactions for {len(who)} moves"
        assert len(calls) < bots + turns
        assert views >= bots


def test_held_views_of_moves_another_process_stored_first_are_dropped(tmp_path: Path) -> None:
    with client(tmp_path / "s.db") as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        store = hub.store
        append = store.append
        failed: list[int] = []

        def racing(
            game_id: str, seq: int, actions: list[object], *args: object, **kw: object
        ) -> None:
            if seq > 1 and not failed:
                # Another process stores the same moves first: this transaction then fails.
                append(game_id, seq, actions, *args, **kw)
                failed.append(seq)
                raise IntegrityError("insert", {}, Exception("duplicate move number"))
            append(game_id, seq, actions, *args, **kw)

        store.append = racing
        made = new_game(c, "forum", ["human", "heuristic", "heuristic", "heuristic"], seed=4)
        seen: list[int] = []
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            turns = 0
            acted: set[int] = set()
            while turns < 3:
                view = next_view(ws)
                if view["type"] == "error":
                    # An act on a view the race left behind is refused as stale; play goes on.
                    assert view.get("stale"), view
                    continue
                seen.append(view["seq"])
                if view["legal"] and view["seat"] == 0 and view["seq"] not in acted:
                    acted.add(view["seq"])
                    ws.send_json({"type": "act", "seq": view["seq"], "i": 0})
                    turns += 1
        assert failed, "the race never happened: the test proves nothing"
        # What the room plays on from is what the database holds, and no view showed more.
        stored = store.actions_since(made["id"], 0)
        history = [a.to_json() for a in hub.rooms[made["id"]].state.history()]
        assert history[: len(stored)] == stored
        assert max(seen) <= len(stored)
