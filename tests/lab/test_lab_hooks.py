"""Per-game lab hooks: milestones timed exactly, Forum's prestige split, first player."""

from __future__ import annotations

import alea
from alea.core.record import play
from alea.games.forum.constants import REGION_SIZE, region_prestige
from alea.lab.extras import forum as forum_extras
from alea.lab.hooks import (
    LabHooks,
    MilestoneWatcher,
    default_first_player,
    hooks_for,
)


def _civil_war_by_brute_force(record: alea.GameRecord) -> dict[str, int] | None:
    game = alea.load(record.game, **record.options)
    state = game.new_initial_state()
    for i, data in enumerate(record.actions, 1):
        state.apply_action(game.action_from_json(data))
        obs = state.observation(None)
        if obs["civil_war"]:
            return {"action": i, "round": obs["round"], "by": obs["turn"]}
    return None


def test_civil_war_is_timed_to_the_exact_action() -> None:
    hooks = hooks_for("triumvirate")
    game = alea.load("triumvirate")
    agents = [alea.agents.make("heuristic") for _ in range(3)]
    seen = 0
    for seed in range(6):
        for stride in (1, 7, 16):
            watcher = MilestoneWatcher(hooks.milestones, stride=stride)
            record = play(game, agents, seed=seed, on_step=watcher)
            watcher.finish()
            expected = _civil_war_by_brute_force(record)
            assert watcher.found.get("civil_war") == expected
            seen += expected is not None
    assert seen > 0


def test_forum_prestige_split_matches_the_rules_state() -> None:
    for players, ruleset in ((3, "short"), (4, "complete")):
        game = alea.load("forum", players=players, ruleset=ruleset)
        agents = [alea.agents.make("heuristic") for _ in range(players)]
        for seed in range(4):
            record = play(game, agents, seed=seed)
            state = alea.replay(record)
            split = forum_extras.lab_summary(state)["prestige"]
            for p, parts in enumerate(split):
                assert sum(parts.values()) == state.prestige[p]
                assert parts["benefactions"] == state.gifts[p]
                assert parts["horrea"] == sum(
                    region_prestige(c, REGION_SIZE[r]) for r, c in enumerate(state.region_horrea[p])
                )
                wed = sum(p in (a, b) for a, b, _, _ in state.marriages)
                assert parts["marriages"] == 2 * wed + list(state.local).count(p)
                assert parts["money"] == max(0, state.money[p]) // 1000


def test_hooks_of_an_unknown_game_are_the_defaults() -> None:
    assert hooks_for("no-such-game") == LabHooks()
    assert hooks_for("forum").summary is forum_extras.lab_summary


def test_first_player_is_read_from_the_first_roll() -> None:
    assert default_first_player([{"type": "first", "seat": 2}, {"type": "roll"}]) == 2
    assert default_first_player([{"type": "deal"}, {"type": "first", "seat": 0}]) == 0
    assert default_first_player([{"type": "move", "seat": 1}]) is None
    assert default_first_player([]) is None
