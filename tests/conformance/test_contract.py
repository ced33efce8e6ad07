"""The contract of DESIGN.md, checked over random playouts of every registered game.

Each property takes a seed from Hypothesis, plays random legal actions to the end and checks the
contract at every step (cheap checks) or at sampled checkpoints (the costly ones: serialisation,
clones, observations, determinization), so long games stay affordable.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alea
from alea import Action, Game, GameRecord, IllegalActionError, RecordError, State
from sampled_positions import play_on

MAX_STEPS = 200_000
"""A playout longer than this is taken to never end (a game must end, if only by a cap)."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
playouts = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
checked_playouts = settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


@dataclass
class Step:
    """One position of a random playout."""

    index: int
    state: State
    action: Action | None
    """The action the playout applies next (None once the game is over)."""
    checkpoint: bool
    """Whether to run the costly checks here: sampled ever more sparsely as the game goes on."""


def walk(game: Game, seed: int) -> Iterator[Step]:
    """Play uniformly random legal actions to the end, yielding each position before it moves.

    The consumer gets the live state and must leave it as it found it (which is checked).
    """
    rng = random.Random(seed)
    schedule = random.Random(seed ^ 0x5EED)
    state = game.new_initial_state()
    next_check = 0
    for index in range(MAX_STEPS):
        checkpoint = index >= next_check or state.is_terminal()
        if checkpoint:
            next_check = index + 1 + schedule.randrange(1 + index // 4)
        if state.is_terminal():
            yield Step(index, state, None, checkpoint=True)
            return
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        yield Step(index, state, action, checkpoint)
        state.apply_action(action)
    pytest.fail(f"{game.name}: a random playout (seed {seed}) did not end in {MAX_STEPS} steps")


def checkpoints(game: Game, seed: int) -> Iterator[Step]:
    """The sampled positions of a random playout, its last (terminal) position included."""
    return (step for step in walk(game, seed) if step.checkpoint)


def as_json(value: Any) -> Any:
    """``value`` through strict JSON and back (NaN and infinities are not JSON)."""
    return json.loads(json.dumps(value, allow_nan=False))


def snapshot(state: State) -> str:
    """The state's serialised form, to prove that something left it unchanged."""
    return json.dumps(state.to_json(), sort_keys=True, allow_nan=False)


def untouched(game: Game, seed: int, what: str) -> Iterator[State]:
    """Each checkpoint's state, for the loop body to use; once the body is done, the state must
    be exactly as it was (``what`` names the culprit in the failure)."""
    for step in checkpoints(game, seed):
        before = snapshot(step.state)
        yield step.state
        assert snapshot(step.state) == before, f"{what} changed the state"


def allowed(state: State) -> list[Action]:
    """What may be applied here: the legal decisions, or the chance outcomes."""
    if state.is_chance_node():
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def play_random(game: Game, seed: int) -> tuple[GameRecord, State]:
    """Play a game with random agents through ``alea.play``; return its record and last state."""
    agents = [alea.agents.make("random") for _ in range(game.num_players)]
    latest = [game.new_initial_state()]

    def keep(state: State, action: Action) -> None:
        latest[0] = state

    record = alea.play(game, agents, seed=seed, on_step=keep, max_steps=MAX_STEPS)
    return record, latest[0]


def check_returns(game: Game, state: State) -> None:
    values = state.returns()
    assert len(values) == game.num_players
    assert all(isinstance(v, float | int) and 0.0 <= v <= 1.0 for v in values), values
    winners = [v for v in values if v > 0.0]
    if winners:
        assert math.isclose(sum(values), 1.0, abs_tol=1e-9), f"returns {values} do not sum to 1"
        assert max(winners) - min(winners) < 1e-9, f"winners must share equally: {values}"


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


def test_unknown_option_is_refused_by_name(game_name: str, toy_registered: None) -> None:
    with pytest.raises(ValueError, match="no_such_option"):
        alea.load(game_name, no_such_option=1)


def test_game_describes_itself(game_name: str, game: Game) -> None:
    assert game.name == game_name
    assert game.num_players >= 1
    assert len(game.player_names) == game.num_players
    assert all(isinstance(n, str) and n for n in game.player_names)
    assert isinstance(game.version, str)
    assert as_json(game.options) == game.options
    assert alea.load(game_name, **game.options).options == game.options


# ---------------------------------------------------------------------------------------------
# Whole games: the driver, returns, records and replay
# ---------------------------------------------------------------------------------------------


@playouts
@given(seed=seeds)
def test_random_playouts_end_with_valid_returns(game: Game, seed: int) -> None:
    record, final = play_random(game, seed)
    assert final.is_terminal(), f"a random game (seed {seed}) did not end in {MAX_STEPS} steps"
    assert final.current_player() == alea.TERMINAL
    assert final.legal_actions() == []
    assert final.chance_outcomes() == []
    check_returns(game, final)
    scores = final.scores()
    assert len(scores) == game.num_players
    json.dumps(scores, allow_nan=False)
    assert len(final.history()) == len(record.actions)
    assert record.result is not None
    assert record.result["terminal"] is True


@playouts
@given(seed=seeds)
def test_same_seed_same_record(game: Game, seed: int) -> None:
    first, _ = play_random(game, seed)
    second, _ = play_random(game, seed)
    assert first.actions == second.actions
    assert first.to_json() == second.to_json()


@playouts
@given(seed=seeds)
def test_records_replay_exactly(game: Game, seed: int) -> None:
    record, final = play_random(game, seed)
    assert alea.replay(record) == final
    reread = GameRecord.from_json(json.loads(json.dumps(record.to_json(), allow_nan=False)))
    assert alea.replay(reread) == final

    # A prefix replays to a state from which the rest of the record leads to the same end.
    upto = random.Random(seed).randrange(len(record.actions) + 1)
    state = alea.replay(record, upto=upto)
    for data in record.actions[upto:]:
        state.apply_action(game.action_from_json(data))
    assert state == final


# ---------------------------------------------------------------------------------------------
# Positions: whose turn, legal actions, chance outcomes, returns, history
# ---------------------------------------------------------------------------------------------


@checked_playouts
@given(seed=seeds)
def test_every_position_is_well_formed(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    applied: list[Action] = []
    for step in walk(game, seed):
        state = step.state
        player = state.current_player()
        assert player in (alea.CHANCE, alea.TERMINAL) or 0 <= player < game.num_players
        assert state.is_chance_node() == (player == alea.CHANCE)
        assert state.is_terminal() == (player == alea.TERMINAL)
        legal = state.legal_actions()
        if player >= 0:
            assert legal, f"no legal action for seat {player} at step {step.index}"
            assert legal == state.legal_actions(), "legal_actions() is not deterministic"
            assert state.chance_outcomes() == []
            if step.checkpoint:
                assert all(isinstance(a, Action) for a in legal)
                keys = {_key(a) for a in legal}
                assert len(keys) == len(legal), f"a legal action is listed twice: {legal}"
        else:
            assert legal == []
        if player == alea.CHANCE:
            outcomes = state.chance_outcomes()
            check_chance_outcomes(outcomes, distinct=step.checkpoint)
            assert state.sample_chance(rng) in [a for a, _ in outcomes]
        if step.checkpoint:
            if not state.is_terminal():
                assert state.returns() == [0.0] * game.num_players
            assert state.history() == applied, "history() is not the actions applied so far"
        if step.action is not None:
            applied.append(step.action)


@playouts
@given(seed=seeds)
def test_kept_choices_are_the_choices_worked_out_afresh(game: Game, seed: int) -> None:
    # A game may keep the choices its rules worked out while applying the last action; at
    # every position of a playout they must be exactly what the position gives from scratch.
    for step in walk(game, seed):
        state = step.state
        fresh = getattr(state, "legal_actions_uncached", None)
        if fresh is not None:
            assert state.legal_actions() == fresh(), f"stale choices at step {step.index}"


def check_chance_outcomes(outcomes: list[tuple[Action, float]], *, distinct: bool) -> None:
    assert outcomes, "a chance node with no outcomes"
    for action, probability in outcomes:
        assert isinstance(action, Action)
        assert probability > 0.0, f"{action} has probability {probability}"
    total = math.fsum(p for _, p in outcomes)
    assert abs(total - 1.0) <= 1e-9, f"chance probabilities sum to {total!r}"
    if not distinct:
        return
    keys = [_key(a) for a, _ in outcomes]
    assert len(set(keys)) == len(keys), "a chance outcome is listed twice"
    actions = [a for a, _ in outcomes]
    assert all(actions.count(a) == 1 for a in actions)


def _key(action: Action) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


# ---------------------------------------------------------------------------------------------
# Serialisation
# ---------------------------------------------------------------------------------------------


@checked_playouts
@given(seed=seeds)
def test_actions_round_trip_through_json(game: Game, seed: int) -> None:
    for step in checkpoints(game, seed):
        state = step.state
        for action in allowed(state):
            data = as_json(action.to_json())
            again = game.action_from_json(data)
            assert again == action, f"{action!r} -> {data}"
            assert hash(again) == hash(action), f"{action!r} is not hashable as plain data"
            text = str(action)
            assert text, f"{action!r} has no text"
            assert text != repr(action), f"str() of {action!r} is its repr, not words for a player"
            assert isinstance(state.action_to_string(action), str)


@checked_playouts
@given(seed=seeds)
def test_states_round_trip_through_json(game: Game, seed: int) -> None:
    for step in checkpoints(game, seed):
        state = step.state
        data = as_json(state.to_json())
        restored = game.state_from_json(data)
        assert restored == state, f"state_from_json(to_json()) differs at step {step.index}"
        assert as_json(restored.to_json()) == data
        assert restored.current_player() == state.current_player()
        assert restored.legal_actions() == state.legal_actions()
        if step.action is not None:
            # Whatever the JSON leaves out must not change how the game goes on.
            moved = state.clone()
            moved.apply_action(step.action)
            restored.apply_action(step.action)
            assert restored == moved


@pytest.mark.parametrize("data", [None, 42, "move", [], {}, {"kind": "no such action"}])
def test_malformed_action_json_is_a_record_error(game: Game, data: Any) -> None:
    with pytest.raises(RecordError):
        game.action_from_json(data)


@pytest.mark.parametrize("data", [None, [], {}, {"no such field": 1}])
def test_malformed_state_json_is_a_record_error(game: Game, data: Any) -> None:
    with pytest.raises(RecordError):
        game.state_from_json(data)


def test_a_record_with_a_malformed_action_does_not_replay(game: Game) -> None:
    record, _ = play_random(game, seed=7)
    assert record.actions
    record.actions[len(record.actions) // 2] = {}
    with pytest.raises(RecordError):
        alea.replay(record)


# ---------------------------------------------------------------------------------------------
# Clones
# ---------------------------------------------------------------------------------------------


@checked_playouts
@given(seed=seeds)
def test_clones_are_independent(game: Game, seed: int) -> None:
    watched: list[tuple[State, str]] = []
    for step in walk(game, seed):
        # Clones taken earlier have not moved while the original played on.
        for clone, before in watched:
            assert snapshot(clone) == before, "moving the original changed an earlier clone"
        watched.clear()
        if not step.checkpoint:
            continue
        state = step.state
        before = snapshot(state)
        clone = state.clone()
        assert clone is not state
        assert clone == state
        if step.action is not None:
            clone.apply_action(step.action)
            assert snapshot(state) == before, "moving a clone changed the original"
            still = state.clone()
            watched.append((still, snapshot(still)))


@checked_playouts
@given(seed=seeds)
def test_returned_values_do_not_alias_the_state(game: Game, seed: int) -> None:
    # A caller (a bot, the server) may mutate what it is handed without touching the game.
    for state in untouched(game, seed, "mutating a returned value"):
        handed_out: list[Any] = [
            state.legal_actions(),
            state.history(),
            state.returns(),
            state.scores(),
            *(state.observation(seat) for seat in [*range(game.num_players), None]),
        ]
        for value in handed_out:
            _scribble(value)


def _scribble(value: Any) -> None:
    """Mutate every list and dict inside ``value``."""
    if isinstance(value, dict):
        for inner in list(value.values()):
            _scribble(inner)
        value["scribbled"] = True
    elif isinstance(value, list):
        for inner in value:
            _scribble(inner)
        value.append("scribbled")


# ---------------------------------------------------------------------------------------------
# Illegal input
# ---------------------------------------------------------------------------------------------


def refuse(state: State, action: Action, before: str | None = None) -> None:
    """``action`` must raise ``IllegalActionError`` (with a rule id string) and change nothing.

    ``before`` is the state's snapshot, when the caller already has it.
    """
    before = snapshot(state) if before is None else before
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value.rule, str)
    assert snapshot(state) == before, f"refusing {action!r} changed the state"


@checked_playouts
@given(seed=seeds)
def test_actions_not_legal_here_are_refused(game: Game, seed: int) -> None:
    # Actions met earlier in the game: decisions of other seats and of earlier turns (those
    # of the position just before included), chance outcomes of earlier events.
    met: dict[str, Action] = {}
    previous: list[Action] = []
    pick = random.Random(seed)
    for step in walk(game, seed):
        here = allowed(step.state)
        if step.checkpoint:
            for action in previous:
                met.setdefault(_key(action), action)
            tried = pick.sample(list(met.values()), min(12, len(met)))
            before = snapshot(step.state)
            for action in [a for a in tried if a not in here][:3]:
                refuse(step.state, action, before)
            for action in here:
                met.setdefault(_key(action), action)
        previous = here


@checked_playouts
@given(seed=seeds)
def test_decisions_at_chance_nodes_and_chance_at_decisions_are_refused(
    game: Game, seed: int
) -> None:
    last_decision: Action | None = None
    last_outcome: Action | None = None
    for step in walk(game, seed):
        state = step.state
        if state.is_chance_node():
            outcomes = allowed(state)
            if step.checkpoint and last_decision is not None and last_decision not in outcomes:
                refuse(state, last_decision)
            last_outcome = step.action
        elif not state.is_terminal():
            legal = state.legal_actions()
            if step.checkpoint and last_outcome is not None and last_outcome not in legal:
                refuse(state, last_outcome)
            last_decision = step.action
        else:
            for action in (last_decision, last_outcome):
                if action is not None:
                    refuse(state, action)


# ---------------------------------------------------------------------------------------------
# Hidden information
# ---------------------------------------------------------------------------------------------


@checked_playouts
@given(seed=seeds)
def test_observations_are_json_safe(game: Game, seed: int) -> None:
    for state in untouched(game, seed, "observation()"):
        for seat in [*range(game.num_players), None]:
            seen = state.observation(seat)
            assert isinstance(seen, dict)
            json.dumps(seen, allow_nan=False)


@checked_playouts
@given(seed=seeds)
def test_determinize_keeps_what_the_seat_saw(game: Game, seed: int) -> None:
    for step in checkpoints(game, seed):
        state = step.state
        if state.is_terminal():
            continue
        before = snapshot(state)
        for seat in range(game.num_players):
            rng = random.Random(seed * 31 + step.index * 7 + seat)
            redrawn = state.determinize(seat, rng)
            assert redrawn is not state
            assert as_json(redrawn.observation(seat)) == as_json(state.observation(seat)), (
                f"determinize({seat}) changed what seat {seat} sees at step {step.index}"
            )
            assert redrawn.current_player() == state.current_player()
            if state.current_player() == seat:
                assert redrawn.legal_actions() == state.legal_actions(), (
                    f"seat {seat} may not know its own legal actions at step {step.index}"
                )
            # The redrawn state is a real, playable state, independent of the original.
            play_on(redrawn, rng, 20)
            assert snapshot(state) == before, f"determinize({seat}) changed the original"
