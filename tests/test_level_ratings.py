"""The levels' ratings: fitted from ladders, shipped in the package, shown by the lobby and
``alea games``."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import alea
from alea.agents.level_ratings import level_ratings
from alea.agents.levels import LEVELS
from alea.ladder_ratings import fit_levels
from alea_command import run_alea

ROOT = Path(__file__).resolve().parents[1]


def ladder(game: str, agents: list[str], games: list[tuple[list[str], list[float]]]) -> Any:
    """The JSON of ``alea ladder --out`` for hand-made games."""
    return {
        "game": game,
        "agents": agents,
        "lone": None,
        "rounds": 1,
        "seed": 7,
        "games": [{"seats": s, "returns": r, "seed": 0} for s, r in games],
    }


def test_a_level_that_finishes_ahead_of_normal_three_times_in_four_is_rated_above_it() -> None:
    # Two-seat games: expert ahead 3 times, normal once. With the fit's half a win of prior
    # each way, the strengths stand 3.5 to 1.5.
    games = [(["expert", "normal"], [1.0, 0.0])] * 3 + [(["normal", "expert"], [1.0, 0.0])]
    entry = fit_levels([ladder("triumvirate", ["normal", "expert:iterations=50"], [])])
    assert entry["games"] == 0  # no games: both at 0
    entry = fit_levels(
        [
            ladder(
                "triumvirate",
                ["normal", "expert:iterations=50"],
                [([s.replace("expert", "expert:iterations=50") for s in g], r) for g, r in games],
            )
        ]
    )
    expert, normal = entry["levels"]["expert"], entry["levels"]["normal"]
    assert normal["rating"] == 0
    assert expert["rating"] == pytest.approx(400 * math.log10(3.5 / 1.5), abs=0.1)
    assert expert["low"] <= expert["rating"] <= expert["high"]
    assert expert["games"] == 4
    assert expert["rated_as"] == "expert:iterations=50"
    assert entry["commands"] == [
        "alea ladder triumvirate --agents normal,expert:iterations=50 --games 1 --seed 7"
    ]


def test_the_fit_pools_ladders_and_is_the_same_every_time() -> None:
    first = ladder(
        "forum",
        ["normal", "easy"],
        [(["easy", "normal", "normal"], [0.0, 1.0, 0.0])] * 5
        + [(["normal", "easy", "normal"], [0.0, 1.0, 0.0])] * 2,
    )
    second = ladder(
        "forum",
        ["normal", "hard"],
        [(["hard", "normal", "normal"], [1.0, 0.0, 0.0])] * 4
        + [(["normal", "normal", "hard"], [1.0, 0.0, 0.0])] * 3,
    )
    entry = fit_levels([first, second])
    assert list(entry["levels"]) == ["easy", "normal", "hard"]
    assert entry["levels"]["easy"]["rating"] < 0 < entry["levels"]["hard"]["rating"]
    assert entry["levels"]["normal"]["games"] == 14
    assert fit_levels([first, second])["levels"] == entry["levels"]


@pytest.mark.parametrize(
    ("ladders", "says"),
    [
        ([ladder("forum", ["normal", "easy"], []), ladder("hotre", ["normal"], [])], "one game"),
        ([ladder("forum", ["normal", "mcts"], [])], "not a level"),
        (
            [ladder("forum", ["normal", "hard"], []), ladder("forum", ["normal", "hard:c=1"], [])],
            "pick one",
        ),
        ([ladder("forum", ["easy", "hard"], [])], "no ladder seats normal"),
        ([], "no ladder"),
    ],
)
def test_ladders_that_cannot_be_rated_are_refused_saying_why(ladders: Any, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        fit_levels(ladders)


def test_a_level_never_ahead_of_normal_gets_a_bound_not_a_figure_of_the_prior() -> None:
    games = [(["easy", "normal", "normal"], [0.0, 1.0, 0.0])] * 6
    easy = fit_levels([ladder("forum", ["normal", "easy"], games)])["levels"]["easy"]
    assert easy["rating"] is None
    assert (easy["ahead"], easy["behind"]) == (0, 6)


def test_the_shipped_ratings_rate_the_levels_of_every_game_against_normal() -> None:
    for game in alea.GAMES:
        rated = level_ratings(game)
        assert {"easy", "normal"} <= set(rated) <= set(LEVELS), game
        assert rated["normal"].rating == 0
        assert next(iter(rated)) == "easy"  # weakest first; easy's mistakes make it the weakest
        for r in rated.values():
            if r.rating is None:  # one-sided: never (or always) ahead of normal
                assert r.ahead == 0 or r.behind == 0, (game, r)
            else:
                assert r.low is not None
                assert r.high is not None
                assert r.low <= r.rating <= r.high, (game, r)
            assert r.games > 0
            assert r.rated_as.split(":")[0] == r.level


def test_alea_games_shows_the_levels_and_their_ladders(tmp_path: Path) -> None:
    proc = run_alea("games", "--levels", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    for game in alea.GAMES:
        easy = level_ratings(game)["easy"]
        assert f"easy {easy.text()}" in proc.stdout
        assert easy.detail() in proc.stdout
    assert "alea ladder" in proc.stdout


def test_the_script_folds_ladders_into_the_ratings_file_keeping_other_games(
    tmp_path: Path,
) -> None:
    file = tmp_path / "ratings.json"
    file.write_text(json.dumps({"hotre": {"kept": True}}))
    lad = tmp_path / "l.json"
    lad.write_text(
        json.dumps(
            ladder(
                "forum",
                ["normal", "easy"],
                [(["easy", "normal"], [0.0, 1.0]), (["normal", "easy"], [0.0, 1.0])],
            )
        )
    )
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rate_levels.py"), str(lad), "--file", str(file)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    table = json.loads(file.read_text())
    assert table["hotre"] == {"kept": True}
    assert table["forum"]["levels"]["easy"]["rating"] == 0  # one win each: level
    assert "forum" in proc.stdout


def test_keep_re_rates_one_level_and_carries_the_others_with_their_ladders(
    tmp_path: Path,
) -> None:
    games = [(["easy", "normal"], [0.0, 1.0]), (["normal", "easy"], [1.0, 0.0])]
    easy = ladder("forum", ["normal", "easy"], games)
    old = fit_levels(
        [easy, ladder("forum", ["normal", "hard"], [(["hard", "normal"], [1.0, 0.0])])]
    )
    old["commands"] = [
        c.replace("--agents normal,easy", "--agents normal,easy --lone easy").replace(
            "--agents normal,hard", "--agents normal,hard --lone hard"
        )
        for c in old["commands"]
    ]
    file = tmp_path / "ratings.json"
    file.write_text(json.dumps({"forum": old}))
    lad = tmp_path / "l.json"
    wins = [(["expert", "normal"], [1.0, 0.0]), (["normal", "expert"], [0.0, 1.0])] * 3
    lad.write_text(
        json.dumps(
            ladder("forum", ["normal", "expert"], [*wins, (["expert", "normal"], [0.0, 1.0])])
        )
    )
    script = [sys.executable, str(ROOT / "scripts" / "rate_levels.py"), str(lad), "--file"]
    proc = subprocess.run(
        [*script, str(file), "--keep"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    entry = json.loads(file.read_text())["forum"]
    assert list(entry["levels"]) == ["easy", "normal", "hard", "expert"]
    assert entry["levels"]["easy"] == old["levels"]["easy"]
    assert entry["levels"]["hard"] == old["levels"]["hard"]
    assert entry["levels"]["expert"]["rating"] > 0
    assert entry["games"] == 7 + old["levels"]["easy"]["games"] + old["levels"]["hard"]["games"]
    assert len(entry["commands"]) == 3
    assert any("--lone hard" in c for c in entry["commands"])
    # Without --keep the ratings are those of the ladders given alone.
    proc = subprocess.run([*script, str(file)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(file.read_text())["forum"]["levels"]) == ["normal", "expert"]
