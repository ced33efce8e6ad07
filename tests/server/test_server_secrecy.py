"""No message to a seat or a spectator holds what that seat may not see (Forum's hidden cards)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from server_helpers import client, merge_log, new_game, views_until

import alea
from alea.core.record import GameRecord


def test_every_message_shows_only_the_seats_own_observation(tmp_path: Path) -> None:
    rng = random.Random(7)
    with client(tmp_path / "s.db") as c:
        made = new_game(c, "forum", ["human"] * 4, seed=13, options={"max_turns": 8})
        gid = made["id"]
        inboxes: list[list[dict[str, Any]]] = [[] for _ in range(5)]
        sockets = [c.websocket_connect(f"/ws/{gid}") for _ in range(5)]
        conns = [s.__enter__() for s in sockets]
        try:
            for i, ws in enumerate(conns):
                hello: dict[str, Any] = {"type": "hello"}
                if i < 4:
                    hello["token"] = made["seats"][i]["token"]
                ws.send_json(hello)
            views = [views_until(ws, 0, inboxes[i]) for i, ws in enumerate(conns)]
            seq = max(v["seq"] for v in views)
            views = [
                v if v["seq"] >= seq else views_until(ws, seq, inboxes[i])
                for i, (ws, v) in enumerate(zip(conns, views, strict=True))
            ]
            while not views[4]["terminal"]:
                mover = views[4]["to_move"]
                view = views[mover]
                assert view["legal"], "the seat to move was offered nothing"
                conns[mover].send_json(
                    {"type": "act", "seq": view["seq"], "i": rng.randrange(len(view["legal"]))}
                )
                # The mover's connection shows where the game stops next; the rest follow.
                nxt = views_until(conns[mover], view["seq"] + 1, inboxes[mover])
                while not nxt["terminal"] and nxt["seats"][nxt["to_move"]]["kind"] != "human":
                    nxt = views_until(conns[mover], nxt["seq"] + 1, inboxes[mover])
                views[mover] = nxt
                for i, ws in enumerate(conns):
                    if i != mover:
                        views[i] = views_until(ws, nxt["seq"], inboxes[i])
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
        record = GameRecord.from_json(c.get(f"/api/games/{gid}/record").json())
    game = alea.load("forum", **record.options)
    states = [game.new_initial_state()]
    for data in record.actions:
        nxt_state = states[-1].clone()
        nxt_state.apply_action(game.action_from_json(data))
        states.append(nxt_state)
    hidden_draws = 0
    for i, inbox in enumerate(inboxes):
        seat = i if i < 4 else None
        log: list[str] = []
        for msg in inbox:
            state = states[msg["seq"]]
            assert msg["observation"] == json.loads(json.dumps(state.observation(seat)))
            for p, player in enumerate(msg["observation"]["players"]):
                if p != seat:
                    assert player["sons"] is None
                    assert player["daughters"] is None
            merge_log(log, msg)
            if seat is not None:
                assert msg["legal"] == [] or msg["to_move"] == seat
        for k, line in enumerate(log):
            action = game.action_from_json(record.actions[k])
            assert line == states[k].action_to_string(action)
            if type(action).__name__ == "Family":
                hidden_draws += 1
                assert "son" not in line
                assert "daughter" not in line
    assert hidden_draws > 0, "no hidden draw happened: the test proves nothing"
