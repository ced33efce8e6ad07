"""Replay frames: the spectator's board after any number of moves, computed off the event loop.

A frame needs the position after ``k`` moves. Each game's replay keeps a copy of the position
every ``STRIDE`` moves, so a frame costs at most ``STRIDE - 1`` moves of replay plus drawing the
board; frames already drawn are kept (a frame never changes once its moves are played). The work
runs in a worker thread, one frame at a time, so paging through replays never holds up play.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from alea.core.game import Game, State
from alea.render import last_move_places, latest_dice

STRIDE = 16
"""Moves between two kept positions of a replay."""
KEEP_GAMES = 16
"""Replays whose kept positions stay in memory."""
KEEP_FRAMES = 1024
"""Drawn frames kept in memory (a board picture is 10 to 60 KB)."""


class _Replay:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: list[dict[str, Any]] = []
        self.marks: dict[int, State] = {0: game.new_initial_state()}

    def state_at(self, k: int) -> State:
        base = max(m for m in self.marks if m <= k)
        state = self.marks[base].clone()
        for i in range(base, k):
            state.apply_action(self.game.action_from_json(self.actions[i]))
            if (i + 1) % STRIDE == 0 and (i + 1) not in self.marks:
                self.marks[i + 1] = state.clone()
        return state


class FrameCache:
    """Frames of every game's replay, computed in a worker thread and kept."""

    def __init__(self) -> None:
        self._work = threading.Lock()
        """Held while a frame is computed: one at a time, whatever the number of threads."""
        self._replays: OrderedDict[str, _Replay] = OrderedDict()
        self._frames: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    def cached(self, game_id: str, k: int) -> dict[str, Any] | None:
        """A frame already drawn, or ``None`` (a dictionary look-up: safe on the event loop)."""
        return self._frames.get((game_id, k))

    def frame(
        self,
        game_id: str,
        game: Game,
        k: int,
        actions: Callable[[], list[dict[str, Any]]],
        draw: Callable[[str, dict[str, Any]], str],
    ) -> dict[str, Any]:
        """The board, outcome, last move's places and latest dice after ``k`` moves.

        Runs in a worker thread.

        ``actions`` fetches the game's stored actions when the replay does not reach ``k`` yet.
        """
        with self._work:
            frame = self._frames.get((game_id, k))
            if frame is not None:
                return frame
            replay = self._replays.get(game_id)
            if replay is None or replay.game.options != game.options:
                replay = self._replays[game_id] = _Replay(game)
            self._replays.move_to_end(game_id)
            while len(self._replays) > KEEP_GAMES:
                self._replays.popitem(last=False)
            if len(replay.actions) < k:
                replay.actions = actions()
            if len(replay.actions) < k:
                raise IndexError(f"the game has {len(replay.actions)} stored moves")
            state = replay.state_at(k)
            obs = state.observation(None)
            history = state.history()
            frame = {
                "svg": draw(game.name, obs),
                "outcome": state.outcome_text(),
                "last_move": last_move_places(game.name, history),
                "dice": latest_dice(game.name, history),
            }
            self._frames[(game_id, k)] = frame
            while len(self._frames) > KEEP_FRAMES:
                self._frames.popitem(last=False)
            return frame

    def forget(self, game_id: str) -> None:
        """Drop a game's kept positions and frames (it was removed)."""
        with self._work:
            self._replays.pop(game_id, None)
            for key in [key for key in self._frames if key[0] == game_id]:
                del self._frames[key]
