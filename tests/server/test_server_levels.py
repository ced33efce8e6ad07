"""The lobby's catalog gives each bot level's rating in each game, from the shipped ladder."""

from __future__ import annotations

from pathlib import Path

from server_helpers import client

from alea.agents.levels import LEVELS


def test_the_lobby_catalog_carries_each_level_rating(tmp_path: Path) -> None:
    with client(tmp_path / "c.db") as c:
        games = c.get("/api/catalog").json()["games"]
    for g in games:
        levels = g["levels"]
        assert {"easy", "normal"} <= set(levels) <= set(LEVELS)
        assert levels["normal"]["text"] == "the yardstick"
        assert "normal" in levels["easy"]["text"]
        assert "games" in levels["easy"]["detail"]


def test_the_catalog_says_how_each_games_expert_plays(tmp_path: Path) -> None:
    with client(tmp_path / "c.db") as c:
        games = {g["id"]: g for g in c.get("/api/catalog").json()["games"]}
    # All three experts play tuned styles without searching; the Roman Empire's looks two of its
    # own decisions ahead, which its file says takes up to a second.
    assert games["triumvirate"]["level_notes"]["expert"] == "moves at once"
    assert games["forum"]["level_notes"]["expert"] == "moves at once"
    assert games["hotre"]["level_notes"]["expert"] == "thinks ≤ 1 s"
