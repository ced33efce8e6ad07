"""Forum's terminal view: every stage drawn, hidden hands kept hidden, the log and the choices."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import alea
from alea.agents import make
from alea.core.game import State
from alea.core.record import start_record
from alea.games.forum import terminal as view
from alea.games.forum.actions import (
    GENTES,
    Build,
    Decide,
    Destroy,
    Dismiss,
    Draw,
    MarryLocal,
    Move,
    Propose,
)
from alea.games.forum.board import BOARD
from alea.games.forum.cards import FATE
from alea.terminal import RecordWriter, Session, build_seat, view_for
from alea_command import run_alea
from sampled_positions import first_position

WIDTH = 80
STAGES = (
    "setup",
    "deal",
    "enter",
    "move",
    "social",
    "respond",
    "oust",
    "build",
    "give",
    "fate",
    "fate_choice",
    "over",
)
"""Stages every handful of random games reaches (reply, destroy and the rarer fate stages are
collected when they turn up, but not required)."""


def drawn(state: State, seat: int | None = None) -> str:
    console = Console(record=True, width=WIDTH, file=open("/dev/null", "w"))  # noqa: SIM115
    view_for("forum").render(state, console, seat)
    return console.export_text()


def stage_of(state: State) -> str:
    return str(state.observation(None)["stage"])


def collect(players: int, seeds: range) -> dict[str, State]:
    """The first position of each stage met in random games with these seeds."""
    found: dict[str, State] = {}
    game = alea.load("forum", players=players)
    initial = game.new_initial_state()
    found["setup"] = initial

    def look(state: State, _action: object) -> None:
        found.setdefault(stage_of(state), state.clone())

    for seed in seeds:
        alea.play(game, [make("random") for _ in range(players)], seed=seed, on_step=look)
    return found


@pytest.fixture(scope="module")
def four() -> dict[str, State]:
    return collect(4, range(1, 6))


@pytest.fixture(scope="module")
def three() -> dict[str, State]:
    return collect(3, range(1, 4))


def first_state(wanted: Callable[[State], bool], players: int = 4) -> State:
    """The first position of random games (seeds 1, 2, ...) that is ``wanted``."""
    return first_position("forum", wanted, range(1, 40), players=players)


# -- registration and the whole picture ---------------------------------------------------------


def test_the_registry_gives_forum_its_view() -> None:
    v = view_for("forum")
    assert v.render is view.render
    assert v.narrate is view.narrate
    assert v.find_place is view.find_place
    assert v.destination is view.destination
    assert v.choice_rows is view.choice_rows
    assert "horre" in v.guide
    Text.from_markup(v.guide)  # the guide is valid markup


def test_the_random_games_reach_the_stages(four: dict[str, State]) -> None:
    assert set(STAGES) <= set(four)


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_is_drawn_within_80_columns(four: dict[str, State], stage: str) -> None:
    state = four[stage]
    obs = state.observation(None)
    for seat in (None, 0, 1, 2, 3):
        text = drawn(state, seat)
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        assert "…" not in text, text  # no column had to be cut short
        for name in GENTES:
            assert name in text
        assert f"turn {obs['turn']} of {obs['max_turns']}" in text
        for p in obs["players"]:
            assert view._money(p["money"]) in text
        if seat is not None:
            assert f"{GENTES[seat]} (you)" in text
            assert f"You are the {GENTES[seat]}" in text


def test_three_players_are_drawn(three: dict[str, State]) -> None:
    for state in three.values():
        text = drawn(state, 0)
        assert "Valerii" not in text
        assert all(name in text for name in GENTES[:3])
        assert max(len(line) for line in text.splitlines()) <= WIDTH


def test_the_map_shows_every_market_code_and_rome(four: dict[str, State]) -> None:
    text = drawn(four["setup"])
    for m in range(len(BOARD.markets)):
        label = "Rome" if m == BOARD.rome else view.code(m)
        assert label in text
    # every code is distinct, so the map and the prompt never confuse two markets
    assert len(set(view.CODES.values())) == len(BOARD.markets)
    assert set(view.CODES) == {m.name for m in BOARD.markets}


def test_the_map_places_horrea_then_agents_after_their_market() -> None:
    state = first_state(
        lambda s: (
            stage_of(s) == "social"
            and any(m["horrea"] and m["agents"] for m in s.observation(None)["markets"])
        )
    )
    obs = state.observation(None)
    lines = drawn(state).splitlines()
    for m, info in enumerate(obs["markets"]):
        if not info["agents"] or m == BOARD.rome:
            continue
        # owners of a horreum in lower case, then agents in capitals: readable without colour
        letters = "".join(GENTES[q][0].lower() for q in info["horrea"])
        letters += "".join(GENTES[q][0] for q in info["agents"])
        label = view.code(m)
        assert any(label + letters in line for line in lines), (label, letters)


def test_the_market_table_lists_markets_with_horrea_agents_or_local_ties(
    four: dict[str, State],
) -> None:
    state = four["over"]
    obs = state.observation(None)
    text = drawn(state)
    for m, info in enumerate(obs["markets"]):
        name = BOARD.markets[m].name
        row = f"{view.code(m)} {view.SHORT_NAMES.get(name, name)}"
        matters = info["horrea"] or info["agents"] or info["local"] is not None
        assert (row in text) == bool(matters or m == BOARD.rome), name


def test_profit_for_the_current_horrea_count_and_the_boost() -> None:
    state = first_state(
        lambda s: any(len(m["horrea"]) == 2 for m in s.observation(None)["markets"])
    )
    obs = state.observation(None)
    m = next(i for i, info in enumerate(obs["markets"]) if len(info["horrea"]) == 2)
    market = BOARD.markets[m]
    row = next(line for line in drawn(state).splitlines() if view.code(m) + " " in line)
    part = row[row.index(view.code(m) + " ") :]
    assert f"{view._money(market.profit[1])}›{view._money(market.profit[2])}" in part
    if market.distance:
        assert f"+{BOARD.trade_boost[market.distance]}" in part


def test_ladders_bands_and_benefactions() -> None:
    state = first_state(lambda s: s.observation(None)["players"][0]["benefactions"] > 0)
    obs = state.observation(None)
    text = drawn(state)
    for band in ("Quaestor", "Aedile", "Praetor"):
        assert band in text
    for kind in BOARD.benefactions:
        assert kind.lower() in text
    given = [b for b in obs["benefactions"] if b["owner"] == 0]
    assert given
    row = next(line for line in text.splitlines() if line.startswith("Quaestor"))
    assert "$200" in row
    # prestige against the goal, and the band it lies in, in the family's row
    p = obs["players"][0]
    line = next(line for line in text.splitlines() if "Aemilii" in line and "/15 " in line)
    assert f" {p['prestige']}/{obs['win_prestige']} " in line
    assert view._band(p["band"]) in line


def test_the_fate_card_drawn_is_shown_with_its_effect(four: dict[str, State]) -> None:
    state = four["fate_choice"]
    fate = state.observation(None)["fate"]
    assert fate is not None
    text = " ".join(drawn(state, 0).split())
    assert fate["title"] in text
    assert " ".join(fate["effect"].split())[:40] in text


def test_a_pending_proposal_and_a_contest_are_shown(four: dict[str, State]) -> None:
    prop = four["respond"].observation(None)["proposal"]
    text = drawn(four["respond"])
    assert "Proposal:" in text
    assert f"the {GENTES[prop['from']]} offer their" in text
    assert view._money(prop["price"]) in text
    pend = four["oust"].observation(None)["pending"]
    text = drawn(four["oust"])
    assert f"Contest in {pend['market']}" in text
    assert f"needs {pend['needs']}+" in text


def test_whose_turn_and_the_order_are_shown(four: dict[str, State]) -> None:
    state = four["social"]
    obs = state.observation(None)
    text = drawn(state)
    order = " › ".join(GENTES[q] for q in obs["order"])
    assert f"order {order}" in text
    assert f"{GENTES[obs['current']]} to decide" in text
    assert "2. social intrigue" in text


def test_the_end_names_the_consul(four: dict[str, State]) -> None:
    state = four["over"]
    text = drawn(state)
    assert "Game over" in text
    assert state.outcome_text() in " ".join(text.split())


# -- hidden information ---------------------------------------------------------------------------


@pytest.mark.rule("FOR-10.2")
def test_another_familys_children_are_never_drawn(four: dict[str, State]) -> None:
    state = four["social"]
    for seat in range(4):
        text = drawn(state, seat)
        assert text.count("♂") == 1  # only the viewer's own row shows sons and daughters
        own = next(line for line in text.splitlines() if f"{GENTES[seat]} (you)" in line)
        assert "♂" in own
        for other in range(4):
            if other != seat:
                row = next(
                    line
                    for line in text.splitlines()
                    if line.lstrip("▶ ").startswith(GENTES[other]) and "/15 " in line
                )
                assert "♂" not in row
                assert "card" in row
    assert "♂" not in drawn(state, None)


@pytest.mark.rule("FOR-10.2")
def test_a_redeal_of_the_unseen_cards_changes_nothing_drawn(four: dict[str, State]) -> None:
    for stage in ("move", "social", "build", "fate_choice"):
        state = four[stage]
        for seat in range(4):
            mine = drawn(state, seat)
            for k in range(5):
                other = state.determinize(seat, random.Random(k))  # type: ignore[attr-defined]
                assert drawn(other, seat) == mine


def test_the_complete_rules_show_every_hand() -> None:
    game = alea.load("forum", ruleset="complete")
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    text = drawn(state, 0)
    assert text.count("♂") == 4
    assert "family deck" not in text


# -- places, destinations and the choices -------------------------------------------------------


def test_find_place_takes_names_codes_and_prefixes_in_any_case() -> None:
    rome = BOARD.rome
    assert view.find_place("Rome") == rome
    assert view.find_place("  rOmE ") == rome
    assert view.find_place("lug") == BOARD.index("Lugdunum")
    assert view.find_place("Lugdunum C") == BOARD.index("Lugdunum Cananefatium")
    assert view.find_place("lgc") == BOARD.index("Lugdunum Cananefatium")
    assert view.find_place("carth") == BOARD.index("Carthage")  # the nearer of two
    assert view.find_place("carthago") == BOARD.index("Carthago Nova")
    assert view.find_place("cnv") == BOARD.index("Carthago Nova")
    assert view.find_place("colonia   clunia") == BOARD.index("Colonia Clunia Sulpicia")
    for m, market in enumerate(BOARD.markets):
        assert view.find_place(market.name.upper()) == m
        assert view.find_place(view.code(m)) == m
    for nothing in ("", "   ", "Atlantis", "12,7", "1"):
        assert view.find_place(nothing) is None


def test_destination_is_the_market_an_action_touches() -> None:
    luna, rome = BOARD.index("Luna"), BOARD.rome
    assert view.destination(Move(0, rome, luna)) == luna
    assert view.destination(Build(1, luna)) == luna
    assert view.destination(Destroy(1, luna, 2)) == luna
    assert view.destination(MarryLocal(2, luna, True)) == luna
    assert view.destination(Dismiss(3, luna)) == luna
    assert view.destination(Decide(0, "pass")) is None
    assert view.destination(Propose(0, 1, True, 100)) is None


def rows_of(state: State, only: list[int] | None = None) -> list[tuple[str, list[tuple[int, str]]]]:
    actions = state.legal_actions()
    indices = list(range(len(actions))) if only is None else only
    rows = view.choice_rows(state, actions, indices)
    listed = sorted(i for _, entries in rows for i, _ in entries)
    assert listed == sorted(indices)
    for _, entries in rows:
        for _, text in entries:
            Text.from_markup(text)
    return rows


@pytest.mark.parametrize("stage", ["move", "social", "respond", "build", "give", "fate_choice"])
def test_choice_rows_list_every_choice_once(four: dict[str, State], stage: str) -> None:
    rows_of(four[stage])


def test_moves_are_grouped_by_agent_and_flag_an_oust() -> None:
    state = first_state(
        lambda s: (
            stage_of(s) == "move"
            and any(
                isinstance(a, Move)
                and a.to != BOARD.rome
                and s.observation(None)["markets"][a.to]["agents"]
                for a in s.legal_actions()
            )
        )
    )
    actions = state.legal_actions()
    rows = rows_of(state)
    for label, entries in rows:
        for i, text in entries:
            a = actions[i]
            if isinstance(a, Move):
                assert label == f"agent in {BOARD.markets[a.src].name} to"
                assert text.startswith(BOARD.markets[a.to].name)
    assert any("(oust the" in text for _, entries in rows for _, text in entries)


def test_proposals_are_grouped_by_family_and_child(four: dict[str, State]) -> None:
    state = four["social"]
    actions = state.legal_actions()
    rows = rows_of(state)
    proposals = [(label, entries) for label, entries in rows if label.startswith("offer a ")]
    assert proposals
    for label, entries in proposals:
        kinds = {(actions[i].to, actions[i].son) for i, _ in entries}  # type: ignore[attr-defined]
        assert len(kinds) == 1
        to, son = kinds.pop()
        assert label == f"offer a {'son' if son else 'daughter'} to the {GENTES[to]}, dowry"
        # FOR-4.8: a proposal to a family that must oust the proposer this turn is flagged,
        # once, on the first dowry of its row.
        warned = state.action_warning(actions[entries[0][0]], brief=True)  # type: ignore[attr-defined]
        note = f" [bold red]⚠ {warned}[/bold red]" if warned else ""
        assert [text for _, text in entries] == [
            view._money(actions[i].price) + (note if k == 0 else "")  # type: ignore[attr-defined]
            for k, (i, _) in enumerate(entries)
        ]
    assert rows[-1][1][-1][1] == "pass"


def test_builds_destroys_and_benefactions_have_their_rows() -> None:
    state = first_state(
        lambda s: stage_of(s) == "build" and any(isinstance(a, Destroy) for a in s.legal_actions())
    )
    labels = [label for label, _ in rows_of(state)]
    assert "destroy a horreum" in labels
    assert any(label == "" for label in labels)  # build nothing
    give = first_state(lambda s: stage_of(s) == "give")
    rows = rows_of(give)
    assert rows[0][0] == "give a benefaction"
    assert rows[-1][1][-1][1] == "give nothing"


def test_a_place_filter_lists_only_what_happens_there(four: dict[str, State]) -> None:
    state = four["move"]
    actions = state.legal_actions()
    target = next(a.to for a in actions if isinstance(a, Move))
    hits = [i for i, a in enumerate(actions) if view.destination(a) == target]
    rows = rows_of(state, hits)
    assert all(BOARD.markets[target].name in text for _, entries in rows for _, text in entries)


# -- the log --------------------------------------------------------------------------------------


def narrated_game(seed: int, viewer: int | None = None) -> list[Any]:
    game = alea.load("forum")
    record = alea.play(game, [make("random") for _ in range(4)], seed=seed)
    state = game.new_initial_state()
    notes: list[Any] = []
    for data in record.actions:
        action = game.action_from_json(data)
        before = state.observation(viewer)
        text = state.action_to_string(action)
        state.apply_action(action)
        notes.append((action, view.narrate(before, action, text, state.observation(viewer))))
    return notes


@pytest.fixture(scope="module")
def story() -> list[Any]:
    return narrated_game(5)


def test_narration_is_valid_markup_and_tells_turns_trade_fate_and_the_end(
    story: list[Any],
) -> None:
    texts = [note.text for _, notes in story for note in notes]
    for text in texts:
        Text.from_markup(text)
    plain = [Text.from_markup(t).plain for t in texts]
    assert any(t.startswith("Trade: Aemilii ") for t in plain)
    assert any(t.startswith("Turn 2 · ") for t in plain)
    assert "reach the consulship" in plain[-1]
    for action, notes in story:
        if isinstance(action, Draw):
            card = next(c for c in FATE if c.id == action.card)
            assert Text.from_markup(notes[0].text).plain.startswith(f"Fate: {card.title} — ")


def test_narration_groups_moves_and_shows_money_and_prestige(story: list[Any]) -> None:
    moves = [notes[0] for action, notes in story if isinstance(action, Move)]
    assert moves
    assert all(
        note.group == f"move:{action.seat}"
        for note, (action, _) in zip(
            moves, [(a, n) for a, n in story if isinstance(a, Move)], strict=True
        )
    )
    builds = [notes for action, notes in story if isinstance(action, Build)]
    changes = [Text.from_markup(n.text).plain for notes in builds for n in notes[1:]]
    assert any(re.search(r"−\$100 \(now −?\$[\d,]+\)", line) for line in changes)


@pytest.mark.rule("FOR-10.2")
def test_narration_tells_a_family_card_only_to_its_holder() -> None:
    mine = narrated_game(3, viewer=0)
    theirs = narrated_game(3, viewer=1)
    deal_0 = [n.text for a, notes in mine for n in notes if "family card" in n.text]
    deal_1 = [n.text for a, notes in theirs for n in notes if "family card" in n.text]
    assert deal_0
    assert deal_1
    told_0 = [t for t in deal_0 if "(a son)" in t or "(a daughter)" in t]
    assert told_0
    assert all("Aemilii" in t for t in told_0)
    assert not any("Aemilii" in t and ("(a son)" in t or "(a daughter)" in t) for t in deal_1)


# -- playing at the terminal ----------------------------------------------------------------------


def test_an_all_bot_session_plays_to_the_end_and_equals_alea_play(tmp_path: Path) -> None:
    game = alea.load("forum")
    seats = [build_seat(game, i, "random") for i in range(4)]
    specs = [{"seat": i, "name": s.name, "agent": s.spec()} for i, s in enumerate(seats)]
    writer = RecordWriter(start_record(game, 4, specs), tmp_path / "game.json")
    console = Console(record=True, width=WIDTH, file=open("/dev/null", "w"))  # noqa: SIM115
    session = Session(game, seats, writer, console, read_line=lambda _: "")
    assert session.run() == 0
    text = console.export_text()
    expected = alea.play(game, [make("random") for _ in range(4)], seed=4)
    assert alea.GameRecord.load_file(session.path).to_json() == expected.to_json()
    assert "Final position" in text
    assert "Result:" in text
    assert "Trade:" in text


def test_a_human_sees_the_board_and_can_filter_by_market(tmp_path: Path) -> None:
    game = alea.load("forum")
    seats = [build_seat(game, 0, "human")] + [build_seat(game, i, "random") for i in (1, 2, 3)]
    specs = [{"seat": i, "name": s.name, "agent": s.spec()} for i, s in enumerate(seats)]
    writer = RecordWriter(start_record(game, 2, specs), tmp_path / "game.json")
    console = Console(record=True, width=WIDTH, file=open("/dev/null", "w"))  # noqa: SIM115
    answers = iter(["help", "Luna", "quit"])
    session = Session(game, seats, writer, console, read_line=lambda _: next(answers))
    assert session.run() == 0
    text = console.export_text()
    assert "You are the Aemilii" in text
    assert "How a turn goes" not in text  # the guide's own words, not the Triumvirate's
    assert "The map" in text
    assert "agent in Rome to" in text
    after_filter = text[text.rindex("this help") :]
    assert "agent in Rome to" in after_filter
    assert "Luna" in after_filter
    assert "Caralis" not in after_filter


@pytest.mark.parametrize("players", [4, 3])
def test_alea_play_forum_with_bots_runs_to_the_end(tmp_path: Path, players: int) -> None:
    seats = [arg for i in range(players) for arg in ("--seat", f"{i + 1}=random")]
    path = tmp_path / "forum.json"
    extra = [] if players == 4 else ["--set", f"players={players}"]
    args = ("play", "forum", *seats, *extra, "--seed", "6", "--save", str(path))
    proc = run_alea(*args, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    out = proc.stdout
    assert "play first" in out
    assert "Turn 2 · " in out
    assert "Final position" in out
    assert "Result:" in out
    record = alea.GameRecord.load_file(path)
    assert alea.replay(record).is_terminal()
    game = alea.load("forum", players=players)
    assert game.num_players == players
    expected = alea.play(game, [make("random") for _ in range(players)], seed=6)
    assert record.to_json() == expected.to_json()


def test_the_whole_view_fits_80_columns_without_cutting_anything() -> None:
    """Late positions hold four-figure incomes and crowded markets: nothing is cut at 80."""
    cut = []
    for seed in (0, 2, 5):
        state = alea.load("forum").new_initial_state()
        rng = random.Random(seed)
        for step in range(420):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
            )
            if step % 60:
                continue
            console = Console(width=80, record=True, color_system=None, file=io.StringIO())
            view.render(state, console, 0)
            for line in console.export_text().splitlines():
                framed = line.startswith("│") and not line.rstrip().endswith("│")
                if len(line) > 80 or "…" in line or framed:
                    cut.append((seed, step, line))
    assert not cut, cut[:5]
