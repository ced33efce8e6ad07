"""``alea serve`` as a real process: killed with SIGKILL mid-game, restarted, nothing lost."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

from server_helpers import free_port, merge_log, post, server
from websockets.sync.client import connect


def my_turn(ws: Any, seat: int, lines: list[str]) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] == "view":
            merge_log(lines, msg)
            if msg["terminal"] or (msg["seat"] == seat and msg["legal"]):
                return msg  # type: ignore[no-any-return]


def test_sigkill_mid_game_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "alea.db"
    port = free_port()
    with server(db, port) as proc:
        made = post(
            port,
            "/api/games",
            {
                "game": "forum",
                "players": 3,
                "seed": 21,
                "seats": [
                    {"kind": "human"},
                    {"kind": "bot", "agent": "heuristic"},
                    {"kind": "bot", "agent": "random"},
                ],
            },
        )
        token = made["seats"][0]["token"]
        url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
        seen: list[str] = []
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            view = my_turn(ws, 0, seen)
            for _ in range(6):
                ws.send(json.dumps({"type": "act", "seq": view["seq"], "i": 0}))
                view = my_turn(ws, 0, seen)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    with server(db, port), connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        after = json.loads(ws.recv(timeout=30))
        assert after["seq"] == view["seq"]
        assert after["observation"] == view["observation"]
        assert after["legal"] == view["legal"]
        assert after["log_start"] + len(after["log"]) == len(seen)
        assert after["log"][-5:] == seen[-5:]
        merge_log(seen, after)
        while not after["terminal"]:
            if after["legal"] and after["seat"] == 0:
                ws.send(
                    json.dumps({"type": "act", "seq": after["seq"], "i": len(after["legal"]) - 1})
                )
            after = my_turn(ws, 0, seen)
        assert after["outcome"]
