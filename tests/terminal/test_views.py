"""The registry of per-game terminal views and the plain fallback."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import alea
from alea.core.game import State
from alea.terminal import (
    FALLBACK,
    GameView,
    register_renderer,
    render_observation,
    renderer_for,
    rules_text,
    view_for,
)
from alea.terminal import views as registry


def test_a_game_without_a_view_falls_back_to_its_observation() -> None:
    state = alea.load("triumvirate").new_initial_state()
    out = io.StringIO()
    console = Console(file=out, width=100)
    render_observation(state, console, None)
    text = out.getvalue()
    assert "stage" in text
    assert "players" in text
    assert all(len(line) <= 100 for line in text.splitlines())
    assert view_for("unregistered") is FALLBACK


def test_registering_a_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_VIEWS", dict(registry._VIEWS))
    seen: list[int | None] = []

    def draw(state: State, console: Console, seat: int | None) -> None:
        seen.append(seat)

    register_renderer("toy", draw)
    assert renderer_for("toy") is draw
    assert isinstance(view_for("toy"), GameView)
    renderer_for("toy")(alea.load("triumvirate").new_initial_state(), Console(), 2)
    assert seen == [2]


def test_rules_text_comes_from_the_game_package() -> None:
    text = rules_text(alea.load("triumvirate"))
    if text is None:
        pytest.skip("RULES.md is not written yet")
    assert "TRI-" in text
