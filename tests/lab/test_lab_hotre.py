"""History of the Roman Empire in the lab: the points log, its split, and the report sections."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import alea
from alea.core.game import State
from alea.core.record import GameRecord, play
from alea.games.hotre.board import BOARD
from alea.games.hotre.constants import POINT_SOURCES
from alea.games.hotre.state import HotreState
from alea.lab import RunSpec, load_run, run, write_report
from alea.lab.extras import hotre as hotre_extras
from alea.lab.hooks import MilestoneWatcher, hooks_for


def _played(players: int, seed: int) -> tuple[GameRecord, HotreState]:
    game = alea.load("hotre", players=players)
    agents = [alea.agents.make("heuristic") for _ in range(players)]
    record = play(game, agents, seed=seed)
    state = alea.replay(record)
    assert isinstance(state, HotreState)
    return record, state


@pytest.fixture(scope="module")
def games() -> list[tuple[GameRecord, HotreState]]:
    return [_played(players, seed) for players, seed in ((2, 0), (3, 0), (3, 1), (4, 0))]


def _log_totals(state: HotreState) -> Counter[tuple[int, bool]]:
    totals: Counter[tuple[int, bool]] = Counter()
    for e in state.points_log():
        totals[e.seat, e.faction] += e.points
    return totals


def _put(state: HotreState, name: str, force: int) -> None:
    i = BOARD.index(name)
    state.force_in_land[i] = force
    state.armies_in_land[i] = 1
    state.force_armies[force] += 1


@pytest.mark.rule("HRE-2.2")
def test_the_log_adds_up_to_both_tracks_after_every_action() -> None:
    game = alea.load("hotre", players=3)
    agents = [alea.agents.make("heuristic") for _ in range(3)]
    checked = 0

    def check(state: State, _action: object) -> None:
        nonlocal checked
        assert isinstance(state, HotreState)
        totals = _log_totals(state)
        for s in range(state.seat_count):
            assert totals[s, False] == state.people_points[s]
            assert totals[s, True] == state.faction_points[s]
        checked += 1

    play(game, agents, seed=5, on_step=check)
    assert checked > 300


@pytest.mark.rule("HRE-14.4")
def test_area_levels_are_logged_as_scored() -> None:
    state = alea.load("hotre").new_initial_state()
    assert isinstance(state, HotreState)
    italia = [BOARD.lands[i].name for i in BOARD.area_lands("italia")]
    value = BOARD.area_vp("italia", 1)
    _put(state, italia[0], 0)
    _put(state, italia[1], 1)
    _put(state, italia[2], 1)
    parts: list[tuple[int, int, int]] = []
    assert state.score_half(0, True, parts) == value
    area = BOARD.area_of[BOARD.index(italia[0])]
    assert parts == [(POINT_SOURCES.index("presence"), area, value)]
    parts = []
    state.city_state[BOARD.index(italia[1])] = 1
    assert state.score_half(1, True, parts) == 2 * value + 2
    assert sorted((POINT_SOURCES[s], v) for s, _, v in parts) == [
        ("cities", 2),
        ("domination", 2 * value),
    ]


def test_clones_keep_their_own_log(games: list[tuple[GameRecord, HotreState]]) -> None:
    record, _ = games[3]
    game = alea.load("hotre", **record.options)
    state = game.new_initial_state()
    assert isinstance(state, HotreState)
    half = len(record.actions) // 2
    for data in record.actions[:half]:
        state.apply_action(game.action_from_json(data))
    before = state.points_log()
    ahead = state.clone()
    for data in record.actions[half:]:
        ahead.apply_action(game.action_from_json(data))
    assert state.points_log() == before
    assert len(ahead.points_log()) > len(before)
    assert ahead.points_log()[: len(before)] == before


def test_a_position_read_back_carries_its_points(
    games: list[tuple[GameRecord, HotreState]],
) -> None:
    _, state = games[0]
    back = HotreState.from_json(state.game, json.loads(json.dumps(state.to_json())))
    assert back == state
    log = back.points_log()
    assert {e.source for e in log} == {"carried"}
    totals = _log_totals(back)
    assert all(totals[s, False] == back.people_points[s] for s in range(back.seat_count))
    assert all(totals[s, True] == back.faction_points[s] for s in range(back.seat_count))


@pytest.mark.rule("HRE-14.3.1")
def test_split_adds_up_to_each_players_score(
    games: list[tuple[GameRecord, HotreState]],
) -> None:
    seen: Counter[str] = Counter()
    for _, state in games:
        summary = hotre_extras.lab_summary(state)
        json.dumps(summary)  # stored as JSON
        scores = state.scores()
        assert len(summary["points"]) == state.n
        for p, split in enumerate(summary["points"]):
            assert split["total"] == scores[p]["total"]
            sources = split["sources"]
            assert sum(sources.values()) == split["total"]
            people = sum(v for k, v in sources.items() if k.startswith("people."))
            assert people == split["people"] == scores[p]["people"]
            assert sum(split["by_period"]) == split["total"]
            assert sum(split["by_area"]) == split["total"]
            assert len(split["by_period"]) == 7
            assert len(split["by_area"]) == len(BOARD.areas) + 1
            seats = [s for s in range(state.seat_count) if state.seat_player(s) == p]
            lands = sum(state.armies_lands(s) for s in seats if not state.faction_dead[s])
            assert sources["faction.end_lands"] == 2 * lands
            assert sources["faction.spent"] <= 0
            seen.update(k for k, v in sources.items() if v)
        placed = [a for areas in summary["start_areas"] for a in areas]
        assert len(placed) == len(set(placed)) <= state.seat_count
        assert set(placed) <= set(hotre_extras.START_AREAS)
    # real games score every main kind of point
    players = sum(s.n for _, s in games)
    for key in ("people.domination", "people.presence", "faction.cities", "faction.presence"):
        assert seen[key] > players // 2, key
    assert seen["faction.end_lands"] > 0
    assert seen["people.loot"] > 0


def test_start_milestones_name_who_chose_which_area(
    games: list[tuple[GameRecord, HotreState]],
) -> None:
    hooks = hooks_for("hotre")
    for record, _ in games[1:3]:
        game = alea.load("hotre", **record.options)
        agents = [alea.agents.make("heuristic") for _ in range(game.num_players)]
        watcher = MilestoneWatcher(hooks.milestones)
        play(game, agents, seed=record.seed, on_step=watcher)
        watcher.finish()
        state = game.new_initial_state()
        expected = {}
        chosen = 0
        for i, data in enumerate(record.actions, 1):
            state.apply_action(game.action_from_json(data))
            starts = state.observation(None)["start_lands"]
            now = sum(1 for x in starts if x >= 0)
            if now > chosen:
                chosen = now
                seat = int(data["seat"])
                area = BOARD.areas[BOARD.area_of[starts[seat]]].name
                expected[f"start_{now}"] = {"action": i, "seat": seat, "area": area, "choice": now}
        assert chosen == 3  # three players: one starting Area is left
        assert watcher.found == expected


def test_first_player_and_end_reason_hooks(games: list[tuple[GameRecord, HotreState]]) -> None:
    hooks = hooks_for("hotre")
    for record, state in games:
        order = next(a["seats"] for a in record.actions if a["type"] == "order")
        n = state.n
        assert hooks.first_player(record.actions, n) == (order[0] % 2 if n == 2 else order[0])
        totals = [s["total"] for s in state.scores()]
        tied = totals.count(max(totals)) > 1
        assert hooks.end_reason(state) == (
            hotre_extras.TIE_BREAK if tied else hotre_extras.MOST_POINTS
        )
    assert hooks.first_player([{"type": "deal", "seat": 0, "card": 1}], 4) is None


def test_lab_stores_the_split_and_the_report_shows_it(tmp_path: Path) -> None:
    spec = RunSpec.build("hotre", {"players": 3}, ["heuristic"], 7)
    run(spec, tmp_path / "r3", 4, jobs=1, export=False)
    spec2 = RunSpec.build("hotre", {"players": 2}, ["heuristic"], 7)
    run(spec2, tmp_path / "r2", 3, jobs=1, export=False)
    data = load_run(tmp_path / "r3")
    assert data.n() == 4
    for g in data.games:
        assert g.end_reason in (hotre_extras.MOST_POINTS, hotre_extras.TIE_BREAK)
        assert g.first_player in (0, 1, 2)
        assert g.summary["periods"] == 7
        assert sorted(g.summary["drawing_order"]) == [0, 1, 2]
        for p, split in enumerate(g.summary["points"]):
            assert sum(split["sources"].values()) == split["total"] == g.scores[p]["total"]
        winner = max(range(3), key=lambda p: (g.summary["points"][p]["total"], g.returns[p]))
        assert g.returns[winner] == 1.0
        assert g.summary["milestones"]["start_1"]["seat"] in (0, 1, 2)
        assert g.summary["milestones"]["start_4"] is None
    two = load_run(tmp_path / "r2")
    assert all(len(g.summary["points"]) == 2 for g in two.games)
    report = write_report([tmp_path / "r3", tmp_path / "r2"], tmp_path / "hotre.html")
    html = report.path.read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "<h2>History of the Roman Empire: how games end</h2>" in html
    assert "<h2>History of the Roman Empire: where the points come from</h2>" in html
    for needle in (
        "Where the points come from (mean per player)",
        "Faction: lands at the end",
        "People: Areas: domination",
        "Mean points by period",
        "period 7 (and the end)",
        "Mean points by Area",
        "Britanniae et Germania",
        "Italia (Italia)",
        "Which starting Area each Faction in turn chooses",
        "1st to draw",
        "How often the player leading after each period wins",
    ):
        assert needle in text, needle
    assert any(p.name == "hotre-hotre-sources.png" for p in report.figures)
    # the mean split shown adds up to the mean total shown, for every player of the 3-player run
    mean_total = sum(g.summary["points"][p]["total"] for g in data.games for p in range(3)) / 12
    assert f"total {mean_total:.1f}" in text
