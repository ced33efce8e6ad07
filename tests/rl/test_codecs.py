from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from rl_games import GAME_SETUPS, SETUP_IDS, decision_states

import alea
from alea.games.forum.actions import Decide as ForumDecide
from alea.games.forum.actions import Propose
from alea.games.hotre.actions import Decide as HotreDecide
from alea.games.hotre.actions import HandTo, Offer, PlayCard
from alea.games.hotre.board import BOARD as HOTRE_BOARD
from alea.games.hotre.cards import DECK
from alea.games.triumvirate.actions import Move as TriMove
from alea.games.triumvirate.board import BOARD as TRI_BOARD
from alea.rl.codecs import (
    OBS_HIGH,
    OBS_LOW,
    HashedObservationEncoder,
    IllegalIndexError,
    LegalIndexCodec,
    codec_for,
    has_codec,
)
from alea.rl.codecs.forum import ForumActions, ForumObservations
from alea.rl.codecs.hotre import OFFERS, HotreActions, HotreObservations
from alea.rl.codecs.triumvirate import DIRECTIONS, TriumvirateActions


def test_every_registered_game_gets_a_codec() -> None:
    for name in alea.GAMES:
        codec = codec_for(alea.load(name))
        assert codec.actions.size > 0
        assert codec.observations.size > 0
    assert has_codec("forum")
    assert has_codec("triumvirate")
    assert has_codec("hotre")


def test_space_sizes_are_the_documented_ones() -> None:
    assert ForumActions(4).size == 609
    assert TriumvirateActions().size == 7 + 29 * 18 + 6 * 29 * 18
    assert codec_for(alea.load("forum")).observations.size == 1483
    assert codec_for(alea.load("triumvirate")).observations.size == 8406
    assert HotreActions(4).size == 4 + 13 + 10 * 45 + 871 + 256 == 1594
    assert codec_for(alea.load("hotre")).observations.size == 1615


def test_forum_action_space_does_not_depend_on_player_count() -> None:
    two, four = ForumActions(2), ForumActions(4)
    assert two.size == four.size
    assert [two.label(i) for i in range(two.size)] == [four.label(i) for i in range(four.size)]


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_every_legal_action_round_trips_and_the_mask_matches(
    name: str, options: dict[str, object]
) -> None:
    game = alea.load(name, **options)
    codec = codec_for(game)
    every = 7 if name == "triumvirate" else 1
    checked = 0
    for seed in range(2):
        for state in decision_states(game, seed, every=every):
            legal = state.legal_actions()
            idx = codec.actions.legal_indices(state)
            assert len(set(idx)) == len(idx) == len(legal)
            for action, i in zip(legal, idx, strict=True):
                assert 0 <= i < codec.actions.size
                # A game without its own codec numbers actions within each position only.
                assert codec.actions.encode(action, None if not codec.generic else state) == i
                assert codec.actions.decode(state, i) == action
            mask = codec.actions.mask(state)
            assert mask.dtype == np.int8
            assert mask.shape == (codec.actions.size,)
            assert int(mask.sum()) == len(legal)
            assert all(mask[i] == 1 for i in idx)
            checked += len(legal)
    assert checked > 100


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_observations_are_float32_within_bounds_for_every_seat(
    name: str, options: dict[str, object]
) -> None:
    game = alea.load(name, **options)
    enc = codec_for(game).observations
    every = 40 if name == "triumvirate" else 5
    for state in decision_states(game, 3, every=every):
        for seat in range(game.num_players):
            vec = enc.encode(state.observation(seat))
            assert vec.dtype == np.float32
            assert vec.shape == (enc.size,)
            assert np.all(vec >= OBS_LOW)
            assert np.all(vec <= OBS_HIGH)
            assert np.all(np.isfinite(vec))


def test_labels_are_unique_within_each_game() -> None:
    for name in ("forum", "triumvirate", "hotre"):
        acts = codec_for(alea.load(name)).actions
        labels = [acts.label(i) for i in range(acts.size)]
        assert len(set(labels)) == len(labels)


def test_actions_outside_the_space_are_refused() -> None:
    acts = codec_for(alea.load("forum")).actions
    with pytest.raises(IllegalIndexError):
        acts.encode(Propose(0, 1, True, 250))  # not one of the priced steps
    state = alea.load("forum").new_initial_state()  # a chance node: nobody decides
    with pytest.raises(IllegalIndexError):
        acts.decode(state, 0)


def test_forum_offsets_beyond_the_player_count_mean_nothing() -> None:
    game = alea.load("forum", players=2)
    acts = codec_for(game).actions
    state = next(s for s in decision_states(game, 0) if not s.is_terminal())
    seat = state.current_player()
    offset_2 = next(i for i in range(acts.size) if acts.label(i).startswith("divorce seat +2"))
    with pytest.raises(IllegalIndexError):
        acts.decode(state, offset_2)
    offset_1 = offset_2 - 1
    assert acts.decode(state, offset_1).to_json() == {
        "type": "divorce",
        "seat": seat,
        "other": 1 - seat,
    }


def test_forum_indices_do_not_name_the_seat() -> None:
    acts = ForumActions(4)
    assert acts.encode(ForumDecide(0, "pass")) == acts.encode(ForumDecide(3, "pass")) == 1
    # Offsets are relative: seat 3 proposing to seat 0 is offset +1, as 0 -> 1 is.
    assert acts.encode(Propose(3, 0, True, 100)) == acts.encode(Propose(0, 1, True, 100))


def test_triumvirate_moves_are_numbered_by_source_and_direction() -> None:
    acts = TriumvirateActions()
    h = TRI_BOARD.index(10, 7)
    for to in TRI_BOARD.neighbours[h]:
        i = acts.encode(TriMove(1, h, to))
        base = 7 + TRI_BOARD.size
        src, d = divmod(i - base, 6)
        assert src == h
        q0, r0 = TRI_BOARD.axial(h)
        q1, r1 = TRI_BOARD.axial(to)
        assert DIRECTIONS[d] == (q1 - q0, r1 - r0)


def seen_by_each_seat(
    name: str, every: int, pick: int
) -> Iterator[tuple[int, dict[str, Any], Any, np.ndarray]]:
    """For one decision position (the ``pick``-th of every ``every``) of a three-player game:
    each seat, its observation, the game's observation codec and the encoded players block."""
    game = alea.load(name, players=3)
    enc = codec_for(game).observations
    state = list(decision_states(game, 5, every=every))[pick]
    for seat in range(3):
        obs = state.observation(seat)
        yield seat, obs, enc, enc.layout.view(enc.encode(obs), "players")


def test_forum_observation_is_seen_from_the_viewer() -> None:
    for seat, obs, enc, players in seen_by_each_seat("forum", every=10, pick=4):
        assert isinstance(enc, ForumObservations)
        for offset in range(3):
            q = (seat + offset) % 3
            money = obs["players"][q]["money"]
            assert players[offset, 1] == pytest.approx(max(-1.0, min(1.0, money / 2000)))
        assert players[3, 0] == 0.0  # no fourth player


# Games with hidden information: players, the seeds of the re-draws and of the game, every
# how many decisions a position is taken, re-draws per seat, whether the final position counts.
HIDDEN = [
    # short rules: other families' cards are hidden
    pytest.param("forum", 4, 11, 8, 15, 3, False, id="forum family cards"),
    pytest.param("hotre", 2, 3, 4, 30, 2, True, id="hotre cards and counters"),
]


@pytest.mark.parametrize(
    ("name", "players", "redraw_seed", "seed", "every", "redraws", "final"), HIDDEN
)
def test_encoding_never_depends_on_hidden_information(
    name: str, players: int, redraw_seed: int, seed: int, every: int, redraws: int, final: bool
) -> None:
    game = alea.load(name, players=players)
    enc = codec_for(game).observations
    rng = random.Random(redraw_seed)
    differing_truth = 0
    for state in decision_states(game, seed, every=every):
        if state.is_terminal() and not final:
            continue
        for seat in range(players):
            vec = enc.encode(state.observation(seat))
            for _ in range(redraws):
                other = state.determinize(seat, rng)
                if other.to_json() != state.to_json():
                    differing_truth += 1
                assert np.array_equal(enc.encode(other.observation(seat)), vec)
    assert differing_truth > 0  # the determinizations really did change hidden parts


def test_triumvirate_planes_show_the_starting_position() -> None:
    game = alea.load("triumvirate", setup="authored")
    enc = codec_for(game).observations
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    for seat in range(3):
        vec = enc.encode(state.observation(seat))
        board = enc.layout.view(vec, "board").reshape(16, -1)
        for other in range(3):
            offset = (other - seat) % 3
            start = TRI_BOARD.starts[other]
            assert board[5 + offset, start] == 1.0  # leader planes
            assert board[offset, start] == 0.25  # one troop of a stack limit of 4
        assert board[10].sum() == sum(TRI_BOARD.land)  # the land plane


def test_generic_fallback_works_through_the_contract(toy_game: alea.Game) -> None:
    codec = codec_for(toy_game)
    assert codec.generic
    assert isinstance(codec.actions, LegalIndexCodec)
    assert isinstance(codec.observations, HashedObservationEncoder)
    for state in decision_states(toy_game, 1):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert [codec.actions.decode(state, i) for i in range(len(legal))] == legal
        assert codec.actions.mask(state).sum() == len(legal)
        vec = codec.observations.encode(state.observation(state.current_player()))
        assert vec.shape == (codec.observations.size,)
        assert np.all(np.abs(vec) <= 1.0)
        assert np.any(vec != 0.0)
    with pytest.raises(IllegalIndexError):
        codec.actions.encode(legal[0])  # needs the state to number an action


def test_blocks_start_where_docs_rl_md_says() -> None:
    forum = ForumActions(4)
    starts = {
        0: "done",
        6: "move",
        156: "marry",
        270: "propose",
        306: "counter",
        312: "divorce",
        315: "build",
        372: "destroy",
        543: "give",
        552: "dismiss",
    }
    for index, word in starts.items():
        assert forum.label(index).startswith(word)
        if index:
            assert not forum.label(index - 1).startswith(word)
    tri = TriumvirateActions()
    assert tri.label(6) == "pass"
    assert tri.label(7).startswith("march")
    assert tri.label(529).startswith("move")
    forum_obs = codec_for(alea.load("forum")).observations.layout
    assert forum_obs.offset("players") == 33
    assert forum_obs.offset("benefactions") == 1346
    tri_obs = codec_for(alea.load("triumvirate")).observations.layout
    assert tri_obs.offset("players") == 8373
    assert tri_obs.blocks["board"] == (0, (16, 18, 29))
    hotre = HotreActions(4)
    starts = {0: "counter", 4: "end_declaration", 17: "place", 467: "play card 1", 1338: "offer"}
    for index, word in starts.items():
        assert hotre.label(index).startswith(word)
        if index:
            assert not hotre.label(index - 1).startswith(word)
    hotre_obs = codec_for(alea.load("hotre")).observations.layout
    assert hotre_obs.blocks["lands"] == (75, (45, 25))
    assert hotre_obs.offset("players") == 1200
    assert hotre_obs.offset("used_cards") == 1560


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hotre_bribes_round_trip(players: int) -> None:
    game = alea.load("hotre", players=players, bribe_barbarians=True)
    acts = codec_for(game).actions
    offers = 0
    for state in decision_states(game, 1):
        legal = state.legal_actions()
        if not legal or not isinstance(legal[0], Offer):
            continue
        idx = acts.legal_indices(state)
        assert [acts.decode(state, i) for i in idx] == legal
        offers += len(legal)
    assert offers > 10
    with pytest.raises(IllegalIndexError):
        acts.encode(Offer(0, OFFERS))
    assert acts.label(acts.size - 1) == f"offer {OFFERS - 1} RVP"


def test_hotre_two_players_see_their_seats_at_offsets_0_and_2() -> None:
    acts = HotreActions(2)
    # Player 1 (seats 0 and 2) keeping a counter: its own seat, whichever of the two drew.
    assert acts.encode(HandTo(0, 0)) == 0
    assert acts.encode(HandTo(2, 2)) == 2
    assert acts.encode(HandTo(2, 1)) == acts.encode(HandTo(0, 1)) == 1
    # Player 2 (seats 1 and 3): offsets count from seat 1.
    assert acts.encode(HandTo(3, 3)) == 2
    assert acts.encode(HandTo(1, 0)) == 3
    assert acts.encode(HotreDecide(3, "end_build")) == acts.encode(HotreDecide(0, "end_build"))
    game = alea.load("hotre", players=2)
    seen: set[int] = set()
    for state in decision_states(game, 2):
        legal = state.legal_actions()
        if legal:
            seat = getattr(legal[0], "seat", -1)
            seen.add(seat)
            i = acts.encode(legal[-1])
            assert acts.decode(state, i) == legal[-1]
    assert seen == {0, 1, 2, 3}


def test_hotre_card_plays_name_their_target_kind() -> None:
    acts = HotreActions(3)
    pestilence = next(c for c in DECK if c.kind == "pestilence")
    revive = next(c for c in DECK if c.kind == "people_revive")
    assert acts.label(acts.encode(PlayCard(1, pestilence.id, 8))).endswith(
        HOTRE_BOARD.areas[8].name
    )
    assert "the " in acts.label(acts.encode(PlayCard(1, revive.id, 0)))
    with pytest.raises(IllegalIndexError):
        acts.encode(PlayCard(1, pestilence.id, 9))  # there are nine areas


def test_hotre_observation_is_seen_from_the_viewer() -> None:
    for seat, obs, enc, players in seen_by_each_seat("hotre", every=40, pick=3):
        assert isinstance(enc, HotreObservations)
        for offset in range(3):
            q = (seat + offset) % 3
            assert players[offset, 0] == 1.0
            assert players[offset, 1] == (1.0 if offset == 0 else 0.0)
            assert players[offset, 3] == pytest.approx(min(1.0, obs["faction_points"][q] / 250))
        assert not players[3].any()  # no fourth seat
        cards = enc.layout.view(enc.encode(obs), "hand_cards")
        assert sorted(int(c) + 1 for c in np.flatnonzero(cards[0])) == obs["hands"][seat]
        assert not cards[1:].any()  # other seats' cards are hidden
