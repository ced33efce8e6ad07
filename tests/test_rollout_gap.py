"""``bench/rollout_gap.py``: the values it gives are the playouts' and read only the seat's view.

The figures themselves take minutes of playouts, so they are a documented command; here the
probe runs on a handful of playouts.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path
from types import ModuleType

import pytest

import alea
from alea.agents import make, parse_spec
from alea.agents.levels import styled_bot
from alea.core.game import State
from alea.core.rng import derive_seed, make_rng
from sampled_positions import decision_positions

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "rollout_gap.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_rollout_gap", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def _positions(game_name: str, count: int) -> list[State]:
    options = {"players": 3} if game_name == "hotre" else {}
    state = alea.load(game_name, **options).new_initial_state()
    found = decision_positions(state, 40, 4, every=5, offset=2, bot=make("heuristic"))
    return [s for s in found if 2 <= len(s.legal_actions()) <= 6][:count]


def test_the_style_value_is_the_mean_of_its_move_playouts(script: ModuleType) -> None:
    state = _positions("triumvirate", 1)[0]
    seat = state.current_player()
    agents = [parse_spec("normal") for _ in range(3)]
    agents[seat] = styled_bot("triumvirate", seat)
    chosen = agents[seat].act(state, seat, make_rng(1))
    got = script.probe(state, seat, chosen, agents, 6, 9)
    by_hand = []
    for j in range(6):
        s = state.clone()
        s.apply_action(chosen)
        by_hand.append(script.playout(s, agents, derive_seed(9, f"playout/{j}"))[seat])
    assert got.style_value == pytest.approx(statistics.fmean(by_hand))
    assert got.best_value >= got.style_value
    assert got.moves == len(state.legal_actions())


def test_the_values_are_the_same_on_every_redeal(script: ModuleType) -> None:
    """The playouts start from determinizations, so hidden cards the seat cannot see never
    change a value."""
    changed = 0
    for state in _positions("hotre", 1):
        seat = state.current_player()
        agents = [parse_spec("normal") for _ in range(3)]
        chosen = agents[seat].act(state, seat, make_rng(1))
        first = script.probe(state, seat, chosen, agents, 2, 5)
        for k in range(2):
            variant = state.determinize(seat, make_rng(30 + k))
            changed += variant._key() != state._key()  # type: ignore[attr-defined]
            again = script.probe(variant, seat, chosen, agents, 2, 5)
            assert (again.style_value, again.best_value) == (first.style_value, first.best_value)
    assert changed > 0, "no re-deal changed the hidden part: the test proves nothing"


def test_the_command_prints_the_table(
    script: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["triumvirate", "--seat", "0", "--games", "1", "--playouts", "2", "--every", "6"]
    assert script.main(args) == 0
    out = capsys.readouterr().out
    assert "mean gap" in out
    assert any(line.startswith("all ") for line in out.splitlines())
