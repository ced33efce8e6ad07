"""Watching bots: in a game with people, each bot decision reaches the viewers on its own."""

from __future__ import annotations

import itertools
from pathlib import Path

from server_helpers import client, new_game, next_view

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
