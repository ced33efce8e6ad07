"""History of the Roman Empire over WebSocket: no message holds what its seat may not see.

Whole games are played through the real app with every seat connected and a spectator
watching. The test drives the seats itself: it follows the game on its own copy (chance drawn
from the secret its chosen seed stands for, exactly as the server draws it) and lets the
heuristic bot choose for the seat to move, so a game takes a few seconds. Every message any
connection received is then checked against the position it claims to show: the observation
is ``observation(seat)``, the board is the picture of that observation, and neither the board,
the log nor anything else in the message names an event card the seat cannot see (another
seat's hand, the deck) or a People or Emperor counter it does not know.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from server_helpers import client, merge_log, new_game, views_until

import alea
from alea.agents import make
from alea.core.fairness import chance_rng, secret_from_seed
from alea.core.game import Action, State
from alea.core.record import GameRecord
from alea.games.hotre.actions import Deal, DrawCounter, PlayCard
from alea.games.hotre.cards import DECK
from alea.games.hotre.svg import render_svg

TITLES = frozenset(c.title for c in DECK)
CARD_ID = re.compile(r'data-card="(\d+)"')


def read_to_decision(ws: Any, after: int, inbox: list[dict[str, Any]]) -> dict[str, Any]:
    """Views up to the first past move ``after`` where a seat must decide (or the end)."""
    while True:
        msg = views_until(ws, after + 1, inbox)
        if msg["terminal"] or msg["to_move"] >= 0:
            return msg
        after = msg["seq"]


def catch_up(state: State, seq: int, seed: int) -> None:
    """Play the chance events the server drew after this copy's last move, up to ``seq``."""
    while state.history_length() < seq:
        assert state.is_chance_node(), "the server moved for a seat nobody played"
        rng = chance_rng(secret_from_seed(seed), state.history_length())
        state.apply_action(state.sample_chance(rng))


def play_over_websockets(
    tmp_path: Path, players: int, seed: int, options: dict[str, Any]
) -> tuple[list[list[dict[str, Any]]], GameRecord]:
    """Play one whole game with every seat and a spectator connected; their messages and record."""
    game = alea.load("hotre", players=players, **options)
    mirror = game.new_initial_state()
    agent = make("heuristic")
    rng = random.Random(seed)
    # A seat here sends a move as soon as it may: lift the per-connection rate limit.
    with client(tmp_path / "s.db", rate=1e6, burst=1e6) as c:
        made = new_game(
            c, "hotre", ["human"] * players, seed=seed, players=players, options=options
        )
        gid = made["id"]
        inboxes: list[list[dict[str, Any]]] = [[] for _ in range(players + 1)]
        sockets = [c.websocket_connect(f"/ws/{gid}") for _ in range(players + 1)]
        conns = [s.__enter__() for s in sockets]
        try:
            for i, ws in enumerate(conns):
                hello: dict[str, Any] = {"type": "hello"}
                if i < players:
                    hello["token"] = made["seats"][i]["token"]
                ws.send_json(hello)
            watch = conns[players]
            view = views_until(watch, 0, inboxes[players])
            if not (view["terminal"] or view["to_move"] >= 0):
                view = read_to_decision(watch, view["seq"], inboxes[players])
            views = [views_until(ws, view["seq"], inboxes[i]) for i, ws in enumerate(conns[:-1])]
            views.append(view)
            frames_checked = False
            while not view["terminal"]:
                mover = view["to_move"]
                mine = views[mover]
                assert mine["seq"] == view["seq"]
                catch_up(mirror, mine["seq"], seed)
                assert mine["observation"] == json.loads(json.dumps(mirror.observation(mover)))
                action = agent.act(mirror, mover, rng)
                wanted = action.to_json()
                i = next(a["i"] for a in mine["legal"] if a["action"] == wanted)
                conns[mover].send_json({"type": "act", "seq": mine["seq"], "i": i})
                mirror.apply_action(action)
                view = read_to_decision(watch, mine["seq"], inboxes[players])
                for p in range(players):
                    views[p] = views_until(conns[p], view["seq"], inboxes[p])
                    assert views[p]["seq"] == view["seq"]
                views[players] = view
                if not frames_checked and view["seq"] > 200:
                    # A replay frame of a game still running is a spectator's view too.
                    frame = c.get(f"/api/games/{gid}/frames/{view['seq']}").json()
                    assert frame["svg"] == view["svg"]
                    assert_no_hidden_card(json.dumps(frame), mirror, None)
                    frames_checked = True
            assert frames_checked or view["seq"] <= 200
            catch_up(mirror, view["seq"], seed)
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
        record = GameRecord.from_json(c.get(f"/api/games/{gid}/record").json())
    assert record.actions == [a.to_json() for a in mirror.history()]
    return inboxes, record


def played_cards(state: State) -> set[int]:
    """Event cards played so far: face up on the table, everyone has seen them."""
    return {a.card for a in state.history() if isinstance(a, PlayCard)}


def assert_no_hidden_card(
    text: str, state: State, player: int | None, played: set[int] | None = None
) -> None:
    """``text`` names no event card ``player`` cannot see (by title or by number).

    A seat sees its own hands and every card played so far; every other card, in another
    seat's hand or still in the deck, must not be named.
    """
    obs = state.observation(player)
    seen = {cid for s in obs["seats"] for cid in obs["hands"][s]}
    seen |= played_cards(state) if played is None else played
    shown_titles = {DECK[cid - 1].title for cid in seen}
    for title in TITLES - shown_titles:
        assert json.dumps(title)[1:-1] not in text, f"hidden card {title!r} leaked"
    for cid in CARD_ID.findall(text):
        assert int(cid) in seen, f"hidden card number {cid} leaked"


def states_of(record: GameRecord) -> list[State]:
    game = alea.load(record.game, **record.options)
    states = [game.new_initial_state()]
    for data in record.actions:
        nxt = states[-1].clone()
        nxt.apply_action(game.action_from_json(data))
        states.append(nxt)
    return states


def check_inboxes(inboxes: list[list[dict[str, Any]]], record: GameRecord) -> dict[str, int]:
    """Check every message against its position; counts of the hidden things met on the way."""
    players = len(inboxes) - 1
    states = states_of(record)
    game = states[0].game  # type: ignore[attr-defined]
    actions: list[Action] = [game.action_from_json(d) for d in record.actions]
    played: list[set[int]] = [set()]
    for a in actions:
        played.append(played[-1] | {a.card} if isinstance(a, PlayCard) else played[-1])
    met = {"hidden_hand_cards": 0, "hidden_counters": 0, "draws": 0}
    for i, inbox in enumerate(inboxes):
        player = i if i < players else None
        log: list[str] = []
        for msg in inbox:
            state = states[msg["seq"]]
            obs = state.observation(player)
            assert msg["observation"] == json.loads(json.dumps(obs))
            assert msg["svg"] == render_svg(obs), "the board shows more than the observation"
            assert msg["scores"] == state.scores()
            mine = set(obs["seats"])
            true_hands = state.hands  # type: ignore[attr-defined]
            for s, hand in enumerate(obs["hands"]):
                if s in mine:
                    assert hand == sorted(true_hands[s])
                else:
                    assert hand == sorted(DECK[c - 1].set for c in true_hands[s])
                    met["hidden_hand_cards"] += len(hand)
            for key, has, label in (
                ("people_counters", "has_people_counter", "People"),
                ("emperor_counters", "has_emperor_counter", "Emperor"),
            ):
                hidden = sum(1 for s, n in enumerate(obs[key]) if n is None and obs[has][s])
                met["hidden_counters"] += hidden
                # A counter the seat does not know is drawn as "hidden", never by name.
                assert msg["svg"].count(f"{label}: hidden") == hidden
            assert_no_hidden_card(json.dumps(msg), state, player, played[msg["seq"]])
            if player is None or msg["to_move"] != player:
                assert msg["legal"] == []
            merge_log(log, msg)
        assert len(log) == len(actions) or not inbox[-1]["terminal"]
        for k, line in enumerate(log):
            action = actions[k]
            assert line == states[k].action_to_string(action)
            if isinstance(action, DrawCounter):
                met["draws"] += 1
                assert not any(ch.isdigit() for ch in line), f"a drawn counter leaked: {line}"
            if isinstance(action, Deal):
                assert DECK[action.card - 1].title not in line
    return met


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 21, {}), (3, 22, {"last_period": 3}), (2, 23, {"last_period": 3})],
)
def test_every_hotre_message_shows_only_the_seats_own_view(
    tmp_path: Path, players: int, seed: int, options: dict[str, Any]
) -> None:
    inboxes, record = play_over_websockets(tmp_path, players, seed, options)
    assert all(inbox[-1]["terminal"] for inbox in inboxes)
    met = check_inboxes(inboxes, record)
    # Secrets that never arose would prove nothing.
    assert met["hidden_hand_cards"] > 0
    assert met["hidden_counters"] > 0
    assert met["draws"] > 0
