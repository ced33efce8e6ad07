"""Several people at one keyboard: each seat's private lines are shown to that seat alone."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from scripted_input import Script

import alea
from alea.core.game import Game
from alea.core.record import start_record
from alea.terminal import RecordWriter, Session, build_seat
from alea.terminal.session import CLEAR_SCREEN


def run_session(
    folder: Path,
    game: Game,
    kinds: list[str],
    seed: int,
    answers: list[str],
    *,
    terminal: bool = False,
) -> tuple[Session, Script, str]:
    """Play ``game`` at one keyboard, seat ``i`` of kind ``kinds[i]``, the humans' lines read from
    ``answers``, on an 80-column console; return the session, the script and all it printed."""
    seats = [build_seat(game, i, k) for i, k in enumerate(kinds)]
    specs = [{"seat": i, "name": s.name, "agent": s.spec()} for i, s in enumerate(seats)]
    writer = RecordWriter(start_record(game, seed, specs), folder / f"{game.name}.json")
    out = io.StringIO()
    script = Script(answers, out)
    console = Console(file=out, width=80, force_terminal=terminal, color_system=None)
    s = Session(game, seats, writer, console, read_line=script)
    s.run()
    return s, script, out.getvalue()


def _forum(tmp_path: Path, answers: list[str], *, terminal: bool) -> tuple[Session, Script, str]:
    kinds = ["human", "human", "heuristic", "heuristic"]
    return run_session(tmp_path, alea.load("forum"), kinds, 3, answers, terminal=terminal)


def test_hand_over_clears_the_screen_and_waits_for_the_next_seat(tmp_path: Path) -> None:
    # The Aemilii move two agents, then the keyboard passes to the Cornelii, who quit.
    _, script, text = _forum(tmp_path, ["", "1", "1", "", "quit"], terminal=True)
    handing = [p for p in script.prompts if p.startswith("Pass the keyboard")]
    assert handing == [
        "Pass the keyboard to Aemilii; Aemilii, press Enter when ready > ",
        "Pass the keyboard to Cornelii; Cornelii, press Enter when ready > ",
    ]
    assert "You are the Aemilii:" in text
    to_cornelii = text.index("Pass the keyboard to Cornelii")
    # The screen is cleared before the prompt, and again before the Cornelii's view.
    assert text.rfind(CLEAR_SCREEN, 0, to_cornelii) > text.index("You are the Aemilii:")
    after = text[to_cornelii:]
    assert after.index(CLEAR_SCREEN) < after.index("You are the Cornelii:")
    assert "You are the Aemilii" not in after
    # The Cornelii catch up on the log (the Aemilii's moves) without the Aemilii's secrets.
    assert "Since your last turn" in after or "So far" in after
    assert "the Aemilii move an agent" in after


def test_each_human_seat_sees_only_its_own_family_cards(tmp_path: Path) -> None:
    _, _, text = _forum(tmp_path, ["", "1", "1", "", "quit"], terminal=False)
    aemilii, cornelii = text.split("Pass the keyboard to Cornelii")
    assert "You are the Aemilii:" in aemilii
    assert "You are the Cornelii:" not in aemilii
    assert "You are the Cornelii:" in cornelii
    assert "You are the Aemilii:" not in cornelii
    # Without a terminal there is nothing to clear; a divider marks the hand-over.
    assert CLEAR_SCREEN not in text
    assert "the keyboard changes hands" in text


def test_one_human_gets_no_hand_over(tmp_path: Path) -> None:
    game = alea.load("triumvirate", max_rounds=2)
    _, script, _ = run_session(tmp_path, game, ["random", "human", "random"], 3, ["2", "quit"])
    assert not any(p.startswith("Pass the keyboard") for p in script.prompts)


def test_hotre_pages_each_fit_a_screen_and_show_only_when_asked(tmp_path: Path) -> None:
    game = alea.load("hotre", players=3)
    asked = ["hand", "hand 2", "map", "map italia", "help", "quit"]
    _, script, text = run_session(tmp_path, game, ["human", "random", "random"], 5, asked)
    prompt = script.prompts[0]
    board, *pages = text.split(prompt)
    # The position and its choices fit an 80x24 terminal, the prompt line included.
    screen = board[board.index("Period 1") :]
    assert len(screen.splitlines()) + 1 <= 24, screen
    assert "map · map AREA · hand · log · help" in screen
    assert " 1. " not in screen  # no list of cards at the prompt
    shown = dict(zip(asked[:-1], pages, strict=False))
    for command, page in shown.items():
        lines = page.splitlines()[1:]  # the echoed command, then the page
        assert len(lines) + 1 <= 24, f"{command}: {len(lines)} lines"
        assert all(len(line) <= 80 for line in lines), command
    hand = shown["hand"]
    assert hand.count(" (") >= 9  # the nine events of period 1, one line each
    assert "set 1)" in hand
    assert "Your events (Seat 1)" in hand
    effect = shown["hand 2"]
    assert len(effect.splitlines()) >= 3
    assert "The map by Area" in shown["map"]
    assert "ITA " in shown["map italia"]
    assert "map AREA" in shown["help"]
