"""A Triumvirate position as data: its fields, copying, equality and the saved JSON.

The board is kept in two arrays of small ints, one entry a hex, so that ``clone`` is a few
slices. The rules that change a position live in one module per area of ``RULES.md`` beside
this module; ``TriumvirateState`` in ``state`` binds them as the methods of the game contract.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from alea.core.errors import RecordError
from alea.core.game import CHANCE, Action
from alea.core.positions import StagedState, cloner
from alea.games.triumvirate.actions import ROMAN, action_from_json
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.constants import END_CAP, N_HEX, OVER, SETUP

if TYPE_CHECKING:
    from alea.games.triumvirate.table import TriumvirateTable

TroopSteps = tuple[int, tuple[int, ...], tuple[int, ...], list[Action], list[Action] | None]
"""The choices of the player to move in the movement step as ``movement`` keeps them from one
step to the next: the history's length they hold for; the hexes of troops yet to move (in
order) and how many steps each offers; all those steps in one list that ends with ending the
movement; the leader's steps, or None until worked out. Never changed in place: a clone shares
them."""

_NO_OWNER: Final = [-1] * N_HEX
_NO_COUNT: Final = [0] * N_HEX


class TriumviratePosition(StagedState):
    """The data of a position of The First Triumvirate, without its rules."""

    game: TriumvirateTable

    __slots__ = {
        "_hist": "The actions applied so far, as a chain of (action, earlier) pairs.",
        "_hlen": "How many actions have been applied.",
        "_troop_steps": "The troops' legal steps worked out at some length of the history "
        "(TroopSteps), or None: kept from one step of movement to the next (TRI-4).",
        "alive": "Per seat: whether his leader still lives (TRI-7.4).",
        "attack": "Hex attacked this turn -> troops of the player to move waiting there (TRI-7.1).",
        "battle": "The battle being fought: hex, attackers, attacker's leader there (0/1), "
        "defending force, defenders, defender's leader there (0/1), attackers and defenders "
        "at its start; None between battles.",
        "battle_queue": "Attacked hexes still to be fought out this turn, in order (TRI-7.1).",
        "civil_war": "Whether the civil war has begun (TRI-6.1).",
        "conquests": "Per seat: conquest tokens held (TRI-5).",
        "count": "Per hex: how many troops stand there (0 for none).",
        "end_reason": "How the game ended (an END_* constant), or '' before the end.",
        "first": "The seat that rolled to play first (TRI-2.3), -1 before the roll.",
        "game": "The table: options, setup and the military zones.",
        "holdings": "Per seat: the hexes his troops stand in.",
        "leader": "Per seat: his leader's hex, -1 once he is dead.",
        "moved": "Hex -> troops of the player to move that entered it this turn (TRI-4.2).",
        "moves_left": "Steps the leader of the player to move may still take (TRI-4.1).",
        "owner": "Per hex: the force whose troops stand there (0 to 2 seats, 3 Roman), -1 none.",
        "player": "The seat to decide, CHANCE or TERMINAL.",
        "popularity": "Per seat: his popularity (TRI-5.3, TRI-8.1).",
        "rome_turns": "Per seat: his turns ended in a row in Rome in the civil war (TRI-9.2).",
        "round": "The round being played, from 1 (TRI-9.3).",
        "stage": "The step of the turn (a stage constant, TRI-3.2).",
        "troops": "Per force (three seats, then Roman): its counters on the board.",
        "turn": "The seat whose turn it is, -1 before the first roll.",
        "winner": "The winning seat, -1 for none (yet).",
    }
    label = "Triumvirate"
    saves_players = False
    final_stage = OVER
    cap_reason = END_CAP  # TRI-9.3
    score_fields: ClassVar[dict[str, str]] = {
        f: f for f in ("alive", "troops", "popularity", "conquests", "rome_turns")
    }

    def __init__(self, game: TriumvirateTable) -> None:
        self.game = game
        self.owner = array("b", _NO_OWNER)
        self.count = array("b", _NO_COUNT)
        self.holdings: list[set[int]] = [set(), set(), set()]
        self.troops = [0, 0, 0, 0]
        setup = game.setup
        for h, force, n in setup.garrisons:  # TRI-2.1, 2.2, 2.4
            self.owner[h] = force
            self.count[h] = n
            self.troops[force] += n
            if force < ROMAN:
                self.holdings[force].add(h)
        self.leader = list(setup.starts)  # TRI-2.2
        self.alive = [True, True, True]
        self.conquests = [0, 0, 0]
        self.popularity = list(setup.popularity)  # TRI-2.2: Crassus's wealth, in a setup
        self.rome_turns = [0, 0, 0]
        self.moved: dict[int, int] = {}
        self.attack: dict[int, int] = {}
        self.battle: list[int] | None = None
        self.battle_queue: list[int] = []
        self.civil_war = False
        self.stage = SETUP
        self.player = CHANCE
        self.turn = -1
        self.first = -1
        self.round = 0
        self.moves_left = 0
        self.winner = -1
        self.end_reason = ""
        self._hist: tuple[Any, ...] | None = None
        self._hlen = 0
        self._troop_steps: TroopSteps | None = None

    clone = cloner(
        shared=(
            "game", "civil_war", "stage", "player", "turn", "first", "round", "moves_left",
            "winner", "end_reason", "_hist", "_hlen", "_troop_steps",
        ),
        copied=(
            "troops", "leader", "alive", "conquests", "popularity", "rome_turns", "moved",
            "attack", "battle_queue",
        ),
        sliced=("owner", "count"),
        unrolled={"holdings": 3},  # one a force
        optional=("battle",),
    )  # fmt: skip

    def _key(self) -> tuple[Any, ...]:
        return (
            self.owner,
            self.count,
            self.leader,
            self.alive,
            self.conquests,
            self.popularity,
            self.rome_turns,
            self.moved,
            self.attack,
            self.battle,
            self.battle_queue,
            self.civil_war,
            self.stage,
            self.player,
            self.turn,
            self.first,
            self.round,
            self.moves_left,
            self.winner,
            self.end_reason,
            self._hlen,
        )

    def _write(self) -> dict[str, Any]:
        """The saved fields: the board, the leaders, the turn and the end."""
        return {
            "owner": self.owner.tolist(),
            "count": self.count.tolist(),
            "leader": self.leader.copy(),
            "alive": self.alive.copy(),
            "conquests": self.conquests.copy(),
            "popularity": self.popularity.copy(),
            "streak": self.rome_turns.copy(),
            "moved": sorted([h, n] for h, n in self.moved.items()),
            "attack": sorted([h, n] for h, n in self.attack.items()),
            "battle": None if self.battle is None else self.battle.copy(),
            "battle_queue": self.battle_queue.copy(),
            "civil_war": self.civil_war,
            "stage": self.stage,
            "player": self.player,
            "turn": self.turn,
            "first": self.first,
            "round": self.round,
            "mp": self.moves_left,
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_json(cls, game: TriumvirateTable, d: Any) -> Self:
        """Rebuild a position, checking shapes and ranges; bad data raises ``RecordError``."""
        with cls.loading(game, d) as s:
            s.owner = array("b", _ints(d["owner"], N_HEX, -1, 3))
            s.count = array("b", _ints(d["count"], N_HEX, 0, 8))
            s.leader = _ints(d["leader"], 3, -1, N_HEX - 1)
            s.alive = [bool(x) for x in _list(d["alive"], 3)]
            s.conquests = _ints(d["conquests"], 3, 0, 1000)
            s.popularity = _ints(d["popularity"], 3, 0, 100000)
            s.rome_turns = _ints(d["streak"], 3, 0, 1000)
            s.moved = {int(h): int(n) for h, n in d["moved"]}
            s.attack = {int(h): int(n) for h, n in d["attack"]}
            s.battle = None if d["battle"] is None else _ints(d["battle"], 8, -1, N_HEX)
            s.battle_queue = [int(h) for h in d["battle_queue"]]
            s.civil_war = bool(d["civil_war"])
            s.stage = int(d["stage"])
            s.player = int(d["player"])
            s.turn = int(d["turn"])
            s.first = int(d["first"])
            s.round = int(d["round"])
            s.moves_left = int(d["mp"])
            s.winner = int(d["winner"])
            s.end_reason = str(d["end_reason"])
            s.load_history(d["history"], action_from_json)
        if not 0 <= s.stage <= OVER:
            raise RecordError(f"saved position has an unknown stage {s.stage}")
        s.holdings = [{h for h in range(N_HEX) if s.owner[h] == p} for p in range(3)]
        for h in range(N_HEX):
            if (s.owner[h] == -1) != (s.count[h] == 0):
                raise RecordError(f"saved position: hex {BOARD.label(h)} has troops but no owner")
        s.troops = [sum(s.count[h] for h in range(N_HEX) if s.owner[h] == f) for f in range(4)]
        s.troops[s.turn] += sum(s.attack.values())
        return s


def _list(v: Any, n: int) -> list[Any]:
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"expected a list of {n} items")
    return v


def _ints(v: Any, n: int, lo: int, hi: int) -> list[int]:
    out = []
    for x in _list(v, n):
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise ValueError(f"value {x!r} outside {lo}..{hi}")
        out.append(x)
    return out
