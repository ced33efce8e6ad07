"""HOTRE's terminal view: every stage reached drawn, hidden hands kept hidden, the helpers."""

from __future__ import annotations

import io
import random

from rich.console import Console
from rich.text import Text

from alea.games.hotre import terminal as view
from alea.games.hotre.actions import Pick, PlayCard
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.game import HotreGame

WIDTH = 80
SCREEN_ROWS = 13
"""Rows the position may take, leaving the rest of an 80x24 terminal to the choices."""


def _draw(state, seat):
    console = Console(record=True, width=WIDTH, color_system=None)
    view.render(state, console, seat)
    return console.export_text()


def _games(seeds=(1, 2, 3), limit=400):
    for seed in seeds:
        rng = random.Random(seed)
        game = HotreGame(players=(2, 3, 4)[seed % 3])
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < limit:
            yield game, state
            before = state.observation(None)
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = rng.choice(legal)
                rows = view.choice_rows(state, legal, range(len(legal)))
                assert _offered(rows) == len(legal)
            text = state.action_to_string(action)
            state.apply_action(action)
            notes = view.narrate(before, action, text, state.observation(None))
            assert notes
            for note in notes:
                Text.from_markup(note.text)
                Text.from_markup(note.header + note.item)
            steps += 1
        yield game, state


def _offered(rows):
    """How many choices the rows offer: a row of one event's many targets, many lands or many
    bribes counts them all."""
    total = 0
    for _label, items in rows:
        text = items[0][1] if len(items) == 1 else ""
        if text.startswith("one of "):
            total += int(text.split("one of ", 1)[1].split()[0])
        elif ", up to " in text:
            first = int(text.split("(", 1)[1].split(")")[0])
            total += int(text.rsplit("up to ", 1)[1]) - first + 1
        else:
            total += len(items)
    return total


def _page(state, seat, command):
    console = Console(record=True, width=80, color_system=None)
    assert view.command(state, console, seat, command)
    return console.export_text()


def _check(state, seat, out):
    lines = out.splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert len(lines) <= SCREEN_ROWS, out
    assert "…" not in out, out
    assert "Period" in out
    assert "Seat 1" in out
    obs = state.observation(seat)
    mine = set(obs["seats"]) if seat is not None else set()
    hands = state.hands
    known = {DECK[c - 1].title for t in mine for c in hands[t]}
    known |= {DECK[c - 1].title for c in obs["used_cards"]}
    for s, hand in enumerate(hands):
        for c in hand:
            title = DECK[c - 1].title
            if title not in known:
                assert title not in out, f"{title} of seat {s} shown to {seat}"
    whole_map = _page(state, seat, "map")
    assert all(view.code(i) in whole_map for i in range(len(BOARD.lands)))
    assert all(area.name[:4] in whole_map for area in BOARD.areas)
    if seat is None:
        return
    console = Console(record=True, width=WIDTH, color_system=None)
    view.private(state, console, seat)
    hand = console.export_text()
    assert len(hand.splitlines()) <= 23
    assert all(len(line) <= WIDTH for line in hand.splitlines())
    for s, cards in enumerate(hands):
        for c in cards:
            title = DECK[c - 1].title
            if s in mine and not obs["hand_is_sets"][s]:
                assert f"{title} (" in hand
            elif title not in known:
                assert title not in hand


def test_render_every_stage_hides_other_hands():
    stages: set[str] = set()
    for k, (game, state) in enumerate(_games()):
        stage = state.observation(None)["stage"]
        if stage in stages and k % 5:
            continue
        stages.add(stage)
        for seat in [None, *range(game.num_players)]:
            _check(state, seat, _draw(state, seat))
    assert {"deal", "draw", "declare", "expand", "round"} <= stages


def test_find_place_and_destination():
    assert view.find_place("rome") == BOARD.rome
    assert view.find_place("  ROME ") == BOARD.rome
    name = BOARD.lands[5].name
    assert view.find_place(name.upper()) == 5
    assert view.find_place(name[:3]) is not None
    assert view.find_place("") is None
    assert view.find_place("zzzz") is None
    assert view.destination(Pick(0, "place", 7)) == 7
    card = next(c for c in DECK if c.kind not in ("people_revive", "pestilence"))
    assert view.destination(PlayCard(0, card.id, 3)) == 3
    assert view.destination(PlayCard(0, card.id)) is None


def test_guide_mentions_the_basics():
    assert "Fort" in view.GUIDE
    assert "People" in view.GUIDE
    console = Console(width=WIDTH, record=True)
    console.print(view.GUIDE)
    lines = console.export_text().splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert len(lines) + len(view.COMMANDS) <= 10, "help would not fit a screen"


def test_choice_rows_and_narrate_group_picks():
    state = HotreGame(players=3).new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or not any(isinstance(a, Pick) for a in state.legal_actions()):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    rows = view.choice_rows(state, legal, range(len(legal)))
    picks = [a for a in legal if isinstance(a, Pick)]
    labels = [label for label, _ in rows]
    assert any(label and label in view.PICKS.values() for label in labels)
    flat = {i: text for _, items in rows for i, text in items}
    k = legal.index(picks[0])
    assert flat[k] == BOARD.lands[picks[0].land].name
    before = state.observation(None)
    text = state.action_to_string(picks[0])
    state.apply_action(picks[0])
    notes = view.narrate(before, picks[0], text, state.observation(None))
    assert notes[0].group
    assert notes[0].item == BOARD.lands[picks[0].land].name


def test_two_players_see_both_their_seats():
    game = HotreGame(players=2)
    state = game.new_initial_state()
    rng = random.Random(9)
    while state.is_chance_node() or state.observation(None)["stage"] in ("order", "deal"):
        state.apply_action(state.sample_chance(rng))
    out = _draw(state, 0)
    assert "Seat 1 P1 you" in out
    assert "Seat 3 P1 you" in out
    assert "Seat 2 P2" in out
    assert "Seat 2 P2 you" not in out
    _check(state, 0, out)
    _check(state, 1, _draw(state, 1))


def test_a_period_deal_is_one_line_that_names_no_card():
    """HRE-2.4: the deal is logged as one line of sets, never the cards dealt."""
    from alea.terminal.log import merge

    state = HotreGame(players=3).new_initial_state()
    rng = random.Random(4)
    notes = []
    while state.is_chance_node() and len(notes) < 27:
        action = state.sample_chance(rng)
        before = state.observation(None)
        text = state.action_to_string(action)
        state.apply_action(action)
        notes.extend(view.narrate(before, action, text, state.observation(None)))
    assert len(notes) == 27
    assert {n.group for n in notes} == {"deal"}
    line = merge(notes)
    assert line.startswith("Event cards dealt, face down (27): set 1 ×3, set 2 ×3")
    assert line.endswith("set 9 ×3")
    assert not any(card.title in line for card in DECK)


def test_the_drawn_counter_is_named():
    """HRE-3: the seat that draws a counter sees which People (or Emperor) it is."""
    state = HotreGame(players=3).new_initial_state()
    rng = random.Random(5)
    while not state.observation(
        state.current_player() if state.current_player() >= 0 else None
    ).get("drawn"):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    obs = state.observation(seat)
    people = view.CHARTS.period_peoples(obs["period"])[obs["drawn"] - 1]
    expected = f"You drew People {obs['drawn']}: the {people.name} ({people.strength})."
    assert expected in _draw(state, seat)
    assert "You drew" not in _draw(state, None)
    others = [s for s in range(3) if s != seat]
    assert all("You drew" not in _draw(state, s) for s in others)


def _walk(seed, players=3, limit=3000):
    """A random game: after each action, the spectator's view before it, the action, its
    text and the state."""
    rng = random.Random(seed)
    state = HotreGame(players=players).new_initial_state()
    for _ in range(limit):
        if state.is_terminal():
            return
        before = state.observation(None)
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        text = state.action_to_string(action)
        state.apply_action(action)
        yield before, action, text, state


def _seek(pred, seeds=range(30), players=3):
    """The first decision of a random game where ``pred(state)`` holds."""
    for seed in seeds:
        for *_, state in _walk(seed, players):
            if not state.is_terminal() and not state.is_chance_node() and pred(state):
                return state
    raise AssertionError("no such state in the games tried")


def test_an_event_with_many_targets_is_one_line_and_a_land_name_finds_it():
    def many(state):
        targets = [a for a in state.legal_actions() if isinstance(a, PlayCard) and a.target >= 0]
        return len({a.card for a in targets}) and any(
            sum(1 for b in targets if b.card == a.card) > view.GROUP_LIMIT for a in targets
        )

    state = _seek(many)
    legal = state.legal_actions()
    rows = view.choice_rows(state, legal, range(len(legal)))
    assert _offered(rows) == len(legal)
    grouped = [(label, items) for label, items in rows if label.endswith(" on")]
    big = [items for _, items in grouped if "targets" in items[0][1]]
    assert big
    assert all(len(items) == 1 for items in big)
    assert len(rows) < 12, rows
    # Typing a land lists what can happen there, the grouped event among it.
    k = big[0][0][0]
    land = view.destination(legal[k])
    assert land is not None
    there = [i for i, a in enumerate(legal) if view.destination(a) == land]
    assert k in there
    shown = view.choice_rows(state, legal, there)
    assert _offered(shown) == len(there)


def test_map_pages_name_holders_by_seat_number_and_fit_80_columns():
    def occupied(state):
        return sum(1 for ln in state.observation(None)["lands"] if ln["armies"]) > 8

    state = _seek(occupied)
    obs = state.observation(None)
    overview = _page(state, None, "map")
    assert len(overview.splitlines()) <= 24
    pages = {a: _page(state, None, f"map {a + 1}") for a in range(len(BOARD.areas))}
    for out in [overview, *pages.values()]:
        assert all(len(line) <= 80 for line in out.splitlines())
        assert len(out.splitlines()) <= 24
        assert "…" not in out
    for i, land in enumerate(obs["lands"]):
        force = obs["forces"][land["force"]] if land["armies"] else None
        page = pages[BOARD.area_of[i]]
        line = next(x for x in page.splitlines() if x[2:6] == f"{view.code(i)} ")
        assert BOARD.lands[i].name in line, line
        if force and force["kind"] in ("Faction", "People") and force["owner"] >= 0:
            assert f"{force['owner'] + 1}:" in line, line
            assert f"{view.code(i)} {force['owner'] + 1}:" in overview
    # Each land lists its neighbours by code; an Area is found by name, number or a land.
    italia = BOARD.index("Italia")
    page = pages[BOARD.area_of[italia]]
    line = next(x for x in page.splitlines() if x[2:6] == "ITA ")
    for j in BOARD.neighbours[italia]:
        assert view.code(j) in line
    assert _page(state, None, "map ital") == page
    assert _page(state, None, "map rome") == page
    assert "No Area" in _page(state, None, "map atlantis")
    assert len(set(view.CODES.values())) == len(BOARD.lands)


def test_every_screen_fits_80_by_24_with_its_choices():
    from alea.terminal.session import choices_grid

    seen = set()
    for _game, state in _games(seeds=(1, 2, 3, 4), limit=900):
        if state.is_chance_node() or state.is_terminal():
            continue
        seat = state.current_player()
        stage = state.observation(None)["stage"]
        console = Console(record=True, width=80, color_system=None)
        view.render(state, console, seat)
        legal = state.legal_actions()
        console.print(choices_grid(view.choice_rows(state, legal, range(len(legal)))))
        out = console.export_text()
        # Two more lines: "choose an action" and the prompt.
        assert len(out.splitlines()) + 2 <= 24, out
        assert all(len(line) <= 80 for line in out.splitlines())
        assert "…" not in out, out
        seen.add(stage)
    assert {"declare", "expand", "hand"} <= seen


def test_hand_pages_list_titles_then_one_effect():
    state = _seek(lambda s: s.observation(s.current_player())["hands"][s.current_player()])
    seat = state.current_player()
    own = state.hands[seat]
    page = _page(state, seat, "hand 1")
    assert DECK[own[0] - 1].title in page
    assert " ".join(DECK[own[0] - 1].effect.split()) in " ".join(page.split())
    assert len(page.splitlines()) <= 24
    assert "from 1 to" in _page(state, seat, f"hand {len(own) + 1}")
    assert not view.command(state, Console(record=True), seat, "Italia")


def test_the_screen_reads_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    state = _seek(lambda s: sum(1 for ln in s.observation(None)["lands"] if ln["armies"]) > 8)
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True)
    view.render(state, console, state.current_player())
    view.command(state, console, state.current_player(), "map")
    text = out.getvalue()
    assert "\x1b[1m" in text, "a terminal that allows no colour still shows bold"
    assert "\x1b[3" not in text, "a colour escape in a NO_COLOR terminal"
    assert "Seat 1" in text
    assert ":L" in text or ":P" in text


def test_battle_dice_and_losses_are_logged():
    from alea.games.hotre.actions import Round

    rounds = losses = 0
    for before, action, text, state in _walk(2):
        notes = [n.text for n in view.narrate(before, action, text, state.observation(None))]
        if isinstance(action, Round):
            assert any(n.startswith("Battle dice") for n in notes), notes
            rounds += 1
        losses += sum(" loses " in n or " gone, now " in n for n in notes)
    assert rounds
    assert losses
