"""The rules of The First Triumvirate: one position and how each action changes it.

Rule ids (``TRI-x.y``) refer to ``RULES.md`` beside this file.
"""

from __future__ import annotations

import random
from array import array
from bisect import bisect_right
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from alea.core.errors import IllegalActionError, RecordError
from alea.core.game import CHANCE, TERMINAL, Action
from alea.core.positions import StagedState, cloner, reading, win_shares
from alea.games.triumvirate.actions import (
    FORCE_NAMES,
    ROMAN,
    VERBS,
    Clash,
    Decide,
    FirstPlayer,
    March,
    Move,
    Roll,
    action_from_json,
)
from alea.games.triumvirate.board import BOARD, FORCES
from alea.games.triumvirate.combat import clash_table

if TYPE_CHECKING:
    from alea.games.triumvirate.table import TriumvirateTable

# Stages of a turn. Plain ints rather than an Enum: they are compared on every step of a
# playout, and an int comparison is the cheapest there is.
SETUP: Final = 0
LEADER: Final = 1
MOVE_ROLL: Final = 2
MOVE: Final = 3
BATTLE: Final = 4
WOO: Final = 5
WOO_ROLL: Final = 6
OVER: Final = 7
STAGE_NAMES: Final = ("setup", "leader", "move-roll", "move", "battle", "woo", "woo-roll", "over")
STAGE_TEXT: Final = {
    "setup": "rolling for the first player",
    "leader": "choosing what the leader does",
    "move-roll": "rolling the die for the leader",
    "move": "moving",
    "battle": "fighting a battle",
    "woo": "deciding whether to win over the Roman troops",
    "woo-roll": "rolling the d20 for the Roman troops",
    "over": "game over",
}
"""What the player to move is doing, by stage name, for every view of the board."""

N_HEX: Final = BOARD.size
_OCCUPIED: Final = bytes(0 if b == 0xFF else 1 for b in range(256))
"""``bytes.translate`` table of ``owner``'s bytes: 1 for a force (0 to 3), 0 for none (-1)."""
_HEXES: Final = tuple(range(N_HEX))
"""Every hex number, made once (``compress`` over it allocates no ints)."""
_LAND: Final = BOARD.land
_LAND_NB: Final = tuple(tuple(n for n in ns if _LAND[n]) for ns in BOARD.neighbours)
_ALL_NB: Final = BOARD.neighbours
_ITALY: Final = BOARD.italy
_ROME: Final = BOARD.rome

# Interned actions: the hot loop only looks them up.
_FIRST: Final = tuple(FirstPlayer(s) for s in range(3))
_DECIDE: Final = {(s, v): Decide(s, v) for s in range(3) for v in VERBS}
_MARCH: Final = tuple(tuple(March(s, h) for h in range(N_HEX)) for s in range(3))
_MOVES: Final = tuple(
    tuple({n: Move(s, h, n) for n in _ALL_NB[h]} for h in range(N_HEX)) for s in range(3)
)
# Per seat and hex: each hex that seat's troops may step into, with its interned Move (TRI-4.5).
_STEPS: Final = tuple(
    tuple(
        tuple((n, _MOVES[s][h][n]) for n in (_ALL_NB if s == 2 else _LAND_NB)[h])
        for h in range(N_HEX)
    )
    for s in range(3)
)
_ROLLS: Final = {d: tuple(Roll(d, v) for v in range(1, d + 1)) for d in range(1, 21)}

_NO_OWNER: Final = [-1] * N_HEX
_NO_COUNT: Final = [0] * N_HEX

END_ROME: Final = "rome"
END_LAST: Final = "last-standing"
END_CAP: Final = "round-cap"


class TriumvirateState(StagedState):
    """A position of The First Triumvirate."""

    game: TriumvirateTable

    __slots__ = (
        "_hist",
        "_hlen",
        "alive",
        "attack",
        "battle",
        "battle_queue",
        "civil_war",
        "conquests",
        "count",
        "end_reason",
        "first",
        "game",
        "holdings",
        "leader",
        "moved",
        "mp",
        "owner",
        "player",
        "popularity",
        "round",
        "stage",
        "streak",
        "troops",
        "turn",
        "winner",
    )
    final_stage = OVER

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
        self.streak = [0, 0, 0]
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
        self.mp = 0
        self.winner = -1
        self.end_reason = ""
        self._hist: tuple[Any, ...] | None = None
        self._hlen = 0

    # -- contract -----------------------------------------------------------------------------

    clone = cloner(
        shared=(
            "game", "civil_war", "stage", "player", "turn", "first", "round", "mp", "winner",
            "end_reason", "_hist", "_hlen",
        ),
        copied=(
            "troops", "leader", "alive", "conquests", "popularity", "streak", "moved", "attack",
            "battle_queue",
        ),
        sliced=("owner", "count"),
        unrolled={"holdings": 3},  # one a force
        optional=("battle",),
    )  # fmt: skip

    def legal_actions(self) -> list[Action]:
        """The legal decisions of the seat to move, in a fixed order."""
        stage = self.stage
        p = self.player
        if stage == MOVE:
            return self._move_actions(p)
        if stage == LEADER:
            out: list[Action] = [_DECIDE[p, "roll"], _DECIDE[p, "stay"]]
            if not self.civil_war:
                if self._may_collect(p):
                    out.append(_DECIDE[p, "collect"])
                if self.leader[p] == _ROME and self.conquests[p] > 0:
                    out.append(_DECIDE[p, "parade"])
            return out
        if stage == WOO:
            return [_DECIDE[p, "woo"], _DECIDE[p, "pass"]]
        return []

    def _may_collect(self, p: int) -> bool:
        """TRI-5.1/5.2: in his military zone, below the cap of conquest tokens."""
        o = self.game.opts
        return self.leader[p] in self.game.zones[p] and self.conquests[p] < o.max_conquests

    def _leader_steps(self, p: int) -> list[int]:
        """Hexes the leader may step into now (TRI-4.1, 4.5, 7.1)."""
        pos = self.leader[p]
        if self.mp <= 0 or pos in self.attack:
            return []
        nbs = _ALL_NB[pos] if (p == 2 and self.game.setup.leader_at_sea) else _LAND_NB[pos]
        owner = self.owner
        out = []
        for n in nbs:
            o = owner[n]
            if o in (-1, p, ROMAN) or n in self.attack:
                out.append(n)
        return out

    def _move_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        march = _MARCH[p]
        for n in self._leader_steps(p):
            out.append(march[n])
        owner = self.owner
        count = self.count
        moved = self.moved
        attack = self.attack
        limit = self.game.opts.stack_limit
        steps = _STEPS[p]
        for h in sorted(self.holdings[p]):
            if count[h] <= moved.get(h, 0):
                continue
            for n, mv in steps[h]:
                o = owner[n]
                if o == p:
                    if count[n] < limit:
                        out.append(mv)
                elif o == -1 or attack.get(n, 0) < limit:
                    out.append(mv)
        out.append(_DECIDE[p, "end"])
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Exact outcomes of the pending roll."""
        stage = self.stage
        if stage == SETUP:
            return [(a, 1 / 3) for a in _FIRST]
        if stage == MOVE_ROLL:
            d = self.game.opts.move_die
            return [(a, 1 / d) for a in _ROLLS[d]]
        if stage == WOO_ROLL:
            return [(a, 1 / 20) for a in _ROLLS[20]]
        if stage == BATTLE:
            outcomes, probs, _ = self._clash_table()
            return list(zip(outcomes, probs, strict=True))
        return []

    def _clash_table(self) -> Any:
        b = self.battle
        assert b is not None  # only called in the battle stage
        return clash_table(b[1], bool(b[2]), b[4], bool(b[5]))

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the pending roll with its exact probabilities."""
        stage = self.stage
        r = rng.random()
        if stage == BATTLE:
            outcomes, _, cum = self._clash_table()
            return outcomes[bisect_right(cum, r)]  # type: ignore[no-any-return]
        if stage == MOVE_ROLL:
            d = self.game.opts.move_die
            return _ROLLS[d][int(r * d)]
        if stage == WOO_ROLL:
            return _ROLLS[20][int(r * 20)]
        if stage == SETUP:
            return _FIRST[int(r * 3)]
        raise IllegalActionError("no roll is pending: a player decides now", "TRI-3.3")

    # -- applying actions -----------------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
        stage = self.stage
        if stage == OVER:
            raise IllegalActionError("the game is over", "TRI-9.4")
        t = type(action)
        if self.player == CHANCE:
            self._apply_chance(action, t)
        else:
            if t is Move:
                self._do_move(action)  # type: ignore[arg-type]
            elif t is March:
                self._do_march(action)  # type: ignore[arg-type]
            elif t is Decide:
                self._do_decide(action)  # type: ignore[arg-type]
            else:
                raise IllegalActionError(
                    f"{FORCES[self.player]} must decide now; {action} is a roll of the dice",
                    "TRI-3.3",
                )
        self._hist = (action, self._hist)
        self._hlen += 1

    def _apply_chance(self, action: Action, t: type) -> None:
        stage = self.stage
        if stage == BATTLE and t is Clash:
            self._do_clash(action)  # type: ignore[arg-type]
            return
        if stage == MOVE_ROLL and t is Roll:
            roll: Roll = action  # type: ignore[assignment]
            if roll.die == self.game.opts.move_die and 1 <= roll.value <= roll.die:
                self.mp = roll.value  # TRI-4.1
                self.stage = MOVE
                self.player = self.turn
                return
        elif stage == WOO_ROLL and t is Roll:
            roll = action  # type: ignore[assignment]
            if roll.die == 20 and 1 <= roll.value <= 20:
                self._resolve_woo(roll.value)
                return
        elif stage == SETUP and t is FirstPlayer:
            seat = action.seat  # type: ignore[attr-defined]
            self.first = seat
            self.round = 1
            self._start_turn(seat)
            return
        raise IllegalActionError(f"{action} is not the roll pending now", "TRI-3.3")

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.stage = LEADER
        self.player = seat
        self.mp = 0
        if self.moved:
            self.moved = {}

    def _illegal(self, action: Action, why: str, rule: str) -> IllegalActionError:
        return IllegalActionError(f"{action}: {why}", rule)

    def _do_decide(self, a: Decide) -> None:
        p = self.player
        if a.seat != p:
            raise self._illegal(a, f"it is {FORCES[p]}'s turn, not {FORCES[a.seat]}'s", "TRI-3.1")
        verb = a.verb
        stage = self.stage
        if stage == MOVE:
            if verb != "end":
                raise self._illegal(a, "only movement or 'end' is possible now", "TRI-4.4")
            self._end_movement()
            return
        if stage == LEADER:
            if verb == "roll":  # TRI-4.1
                self.stage = MOVE_ROLL
                self.player = CHANCE
                return
            if verb == "stay":
                self.stage = MOVE
                self.mp = 0
                return
            if verb == "collect":  # TRI-5.1
                if self.civil_war:
                    raise self._illegal(
                        a, "conquests are only collected before civil war", "TRI-6.1"
                    )
                if self.leader[p] not in self.game.zones[p]:
                    zone = self.game.zone_names[p]
                    raise self._illegal(a, f"the leader must stand in his zone ({zone})", "TRI-5.1")
                o = self.game.opts
                if self.conquests[p] >= o.max_conquests:
                    raise self._illegal(
                        a, f"he already holds {o.max_conquests} conquests", "TRI-5.2"
                    )
                gain = o.crassus_conquests if p == 0 else 1
                self.conquests[p] = min(o.max_conquests, self.conquests[p] + gain)
                self.stage = MOVE
                self.mp = 0
                return
            if verb == "parade":  # TRI-5.3
                if self.civil_war:
                    raise self._illegal(
                        a, "there are no triumphs once civil war has begun", "TRI-6.1"
                    )
                if self.leader[p] != _ROME:
                    raise self._illegal(a, "a triumph is held in Rome only", "TRI-5.3")
                if self.conquests[p] == 0:
                    raise self._illegal(a, "he has no conquests to parade", "TRI-5.3")
                self.popularity[p] += self.conquests[p]
                self.conquests[p] = 0
                self.stage = MOVE
                self.mp = 0
                return
            raise self._illegal(a, "first choose: roll to move, stay, collect or parade", "TRI-3.2")
        if stage == WOO:
            if verb == "woo":  # TRI-8.1
                self.stage = WOO_ROLL
                self.player = CHANCE
                return
            if verb == "pass":
                self._end_turn()
                return
            raise self._illegal(a, "choose whether to win over the Roman troops", "TRI-8.1")
        raise self._illegal(a, "not possible now", "TRI-3.2")

    def _do_march(self, a: March) -> None:
        p = self.player
        if a.seat != p:
            raise self._illegal(a, f"it is {FORCES[p]}'s turn, not {FORCES[a.seat]}'s", "TRI-3.1")
        if self.stage != MOVE:
            raise self._illegal(a, "the leader moves only in the movement step", "TRI-3.2")
        if a.to not in self._leader_steps(p):
            raise self._illegal(a, self._why_no_step(p, a.to), self._rule_no_step(p, a.to))
        self.leader[p] = a.to
        self.mp -= 1
        if a.to in self.attack:
            self.mp = 0  # TRI-7.1: he joins the battle there and stops

    def _why_no_step(self, p: int, to: int) -> str:
        pos = self.leader[p]
        if pos in self.attack:
            return "the leader has joined a battle and cannot leave it"
        if self.mp <= 0:
            return "the leader has no movement left (roll the die to move him)"
        if to not in _ALL_NB[pos]:
            return "the leader moves one hex at a time, into a neighbouring hex"
        if not _LAND[to]:
            return "only Pompey may cross water"
        return "a leader without troops cannot enter a hex held by enemy troops"

    def _rule_no_step(self, p: int, to: int) -> str:
        pos = self.leader[p]
        if pos in self.attack:
            return "TRI-7.1"
        if self.mp <= 0 or to not in _ALL_NB[pos]:
            return "TRI-4.1"
        if not _LAND[to]:
            return "TRI-4.5"
        return "TRI-7.1"

    def _do_move(self, a: Move) -> None:
        p = self.player
        if a.seat != p:
            raise self._illegal(a, f"it is {FORCES[p]}'s turn, not {FORCES[a.seat]}'s", "TRI-3.1")
        if self.stage != MOVE:
            raise self._illegal(a, "troops move only in the movement step", "TRI-3.2")
        src, to = a.src, a.to
        owner = self.owner
        count = self.count
        if owner[src] != p or count[src] - self.moved.get(src, 0) <= 0:
            raise self._illegal(a, "no troop of his there that has not moved yet", "TRI-4.2")
        if to not in _ALL_NB[src]:
            raise self._illegal(a, "troops move one hex, into a neighbouring hex", "TRI-4.2")
        if not _LAND[to] and p != 2:
            raise self._illegal(a, "only Pompey's troops may cross water", "TRI-4.5")
        limit = self.game.opts.stack_limit
        o = owner[to]
        if o == p:
            if count[to] >= limit:
                raise self._illegal(a, f"at most {limit} troops may stand in a hex", "TRI-4.3")
        elif o != -1 and self.attack.get(to, 0) >= limit:
            raise self._illegal(a, f"at most {limit} troops may attack a hex", "TRI-4.3")
        # Legal: carry it out.
        count[src] -= 1
        if count[src] == 0:
            owner[src] = -1
            self.holdings[p].discard(src)
        if o == p or o == -1:
            owner[to] = p
            count[to] += 1
            self.moved[to] = self.moved.get(to, 0) + 1
            self.holdings[p].add(to)
        else:
            self.attack[to] = self.attack.get(to, 0) + 1  # TRI-7.1: battle when movement ends
        if to in _ITALY and not self.civil_war:
            self.civil_war = True  # TRI-6.1

    def _end_movement(self) -> None:
        """TRI-7.1: every hex attacked this turn is fought out, the leader's own battle last."""
        if self.attack:
            lead = self.leader[self.turn]
            queue = sorted(self.attack, key=lambda h: (h == lead, h))
            self.battle_queue = queue
            self._next_battle()
        else:
            self._after_battles()

    def _next_battle(self) -> None:
        while self.battle_queue:
            h = self.battle_queue.pop(0)
            att = self.attack[h]
            d = self.owner[h]
            if d == -1 or d == self.turn:
                # The defenders are gone (their leader fell and they were taken over by no one).
                del self.attack[h]
                self._occupy(h, att)
                continue
            p = self.turn
            att_leader = int(self.leader[p] == h)
            def_leader = int(d < ROMAN and self.leader[d] == h)
            self.battle = [h, att, att_leader, d, self.count[h], def_leader, att, self.count[h]]
            self.stage = BATTLE
            self.player = CHANCE
            return
        self.battle = None
        self._after_battles()

    def _occupy(self, h: int, n: int) -> None:
        p = self.turn
        self.owner[h] = p
        self.count[h] = n
        self.moved[h] = n
        self.holdings[p].add(h)

    def _do_clash(self, a: Clash) -> None:
        b = self.battle
        assert b is not None
        outcomes, _, _ = self._clash_table()
        if a not in outcomes:
            raise IllegalActionError(f"{a} cannot come from the dice in this battle", "TRI-7.2")
        if a.attacker > a.defender:  # TRI-7.2: the defender wins ties
            b[4] -= 1
        else:
            b[1] -= 1
        if b[1] and b[4]:
            return  # TRI-7.3: roll again until one side is annihilated
        h, att, att_leader, d, dfn, def_leader, att0, dfn0 = b
        p = self.turn
        del self.attack[h]
        self.battle = None
        self.troops[p] -= att0 - att
        self.troops[d] -= dfn0 - dfn
        if dfn == 0:
            if d < ROMAN:
                self.holdings[d].discard(h)
            self._occupy(h, att)
            if def_leader:
                self._kill(d)  # TRI-7.4
        else:
            self.count[h] = dfn
            if att_leader:
                self._kill(p)  # TRI-7.4
        if self.stage == OVER:
            return
        if not self.alive[p]:
            self._end_turn()
            return
        self._next_battle()

    def _kill(self, s: int) -> None:
        """TRI-7.4: the leader dies, his player is out, his troops turn Roman.

        TRI-1.4, TRI-2.4: only the grey counters of the box (or of the setup, when it places
        more Roman troops than the box holds) can become Roman troops. They replace his
        stacks nearest Rome first (then in board order); troops left without a grey counter
        are taken off the board.
        """
        self.alive[s] = False
        self.leader[s] = -1
        self.streak[s] = 0
        self.conquests[s] = 0
        owner, count = self.owner, self.count
        grey = self.game.setup.counters[ROMAN] - self.troops[ROMAN]
        for h in sorted(self.holdings[s], key=lambda h: (BOARD.distance(h, _ROME), h)):
            n = count[h] if count[h] <= grey else grey
            grey -= n
            self.troops[ROMAN] += n
            if n:
                owner[h] = ROMAN
                count[h] = n
            else:
                owner[h] = -1
                count[h] = 0
        self.troops[s] = 0
        self.holdings[s] = set()
        if sum(self.alive) == 1:  # TRI-9.1
            self._finish(self.alive.index(True), END_LAST)

    def _catch_lone_leaders(self, h: int) -> None:
        """TRI-7.5: rival leaders alone on hex ``h``, which the player to move now holds, fall.

        Called the moment a hex changes hands outside battle (winning Roman troops over), so
        that the rule does not wait for the end of someone's movement.
        """
        p = self.turn
        for s in range(3):
            if s != p and self.leader[s] == h:
                self._kill(s)
                if self.stage == OVER:
                    return

    def _after_battles(self) -> None:
        """TRI-7.5, then TRI-8.1: lone leaders caught by enemy troops die; then the woo."""
        for s in range(3):
            pos = self.leader[s]
            if pos >= 0:
                o = self.owner[pos]
                if o != s and o != -1 and o != ROMAN:
                    self._kill(s)
                    if self.stage == OVER:
                        return
        p = self.turn
        if not self.alive[p]:
            self._end_turn()
            return
        pos = self.leader[p]
        if (
            self.owner[pos] == ROMAN
            and self.popularity[p] > 0
            and self._supply(p) >= self.count[pos]  # TRI-8.3
        ):
            self.stage = WOO
            self.player = p
            return
        self._end_turn()

    def _supply(self, p: int) -> int:
        """Counters of ``p``'s colour not on the board (TRI-8.3)."""
        return self.game.setup.counters[p] - self.troops[p]

    def _resolve_woo(self, value: int) -> None:
        """TRI-8.1/8.2: d20 at most his popularity wins the Roman troops on his hex."""
        p = self.turn
        h = self.leader[p]
        if value <= self.popularity[p]:
            n = self.count[h]
            self.troops[ROMAN] -= n
            self.troops[p] += n
            self.owner[h] = p
            self.holdings[p].add(h)
            if h in _ITALY:
                self.civil_war = True  # TRI-8.2
            self._catch_lone_leaders(h)  # TRI-7.5
            if self.stage == OVER:
                return
        self._end_turn()

    def _end_turn(self) -> None:
        """TRI-9.2 streak, then the next living seat clockwise; TRI-9.3 round cap."""
        p = self.turn
        if self.alive[p]:
            if self.civil_war and self.leader[p] == _ROME:
                self.streak[p] += 1
                if self.streak[p] >= self.game.opts.rome_turns_to_win:
                    self._finish(p, END_ROME)
                    return
            else:
                self.streak[p] = 0
        nxt = p
        for _ in range(3):
            nxt = (nxt + 1) % 3
            if self.alive[nxt]:
                break
        if (nxt - self.first) % 3 <= (p - self.first) % 3:
            self.round += 1
            if self.round > self.game.opts.max_rounds:
                self._finish(-1, END_CAP)
                return
        self._start_turn(nxt)

    def _finish(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason
        self.stage = OVER
        self.player = TERMINAL
        self.battle = None
        self.battle_queue = []

    # -- results and views ------------------------------------------------------------------

    def returns(self) -> list[float]:
        """1.0 to the winner, 0.0 to the others; all 0.0 at the round cap or before the end."""
        return win_shares([self.winner] if self.stage == OVER and self.winner >= 0 else [], 3)

    def scores(self) -> list[Any]:
        """Per seat: alive, troops, popularity, conquests, turns ended in Rome in civil war."""
        return [
            {
                "alive": self.alive[s],
                "troops": self.troops[s],
                "popularity": self.popularity[s],
                "conquests": self.conquests[s],
                "rome_turns": self.streak[s],
            }
            for s in range(3)
        ]

    def ended_by_cap(self) -> bool:
        """Whether the game stopped at the round cap with no winner (TRI-9.3)."""
        return self.stage == OVER and self.end_reason == END_CAP

    def outcome_text(self) -> str:
        """How the game ended, in a sentence."""
        if self.stage != OVER:
            return ""
        if self.end_reason == END_ROME:
            n = self.game.opts.rome_turns_to_win
            return f"{FORCES[self.winner]} held Rome for {n} turns of the civil war and rules Rome"
        if self.end_reason == END_LAST:
            return f"{FORCES[self.winner]} is the last leader standing"
        return f"no one took Rome within {self.game.opts.max_rounds} rounds: no winner"

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything on the table; nothing in this game is hidden (TRI-10).

        The occupied hexes are found by ``bytes.translate`` and ``compress`` in C rather than a
        scan in Python over all of the board's hexes (this is called once a step by the RL
        environments).
        """
        owner, count, moved = self.owner, self.count, self.moved
        cols = BOARD.cols
        names = FORCE_NAMES
        occupied = compress(_HEXES, owner.tobytes().translate(_OCCUPIED))
        stacks = [
            [h % cols, h // cols, names[owner[h]], count[h], moved.get(h, 0)] for h in occupied
        ]
        leader, troops, counters = self.leader, self.troops, self.game.setup.counters
        b = self.battle
        return {
            "game": "triumvirate",
            "stage": STAGE_NAMES[self.stage],
            "current": self.player,
            "turn": self.turn,
            "round": self.round,
            "civil_war": self.civil_war,
            "movement_left": self.mp,
            "players": [
                {
                    "name": FORCES[s],
                    "alive": self.alive[s],
                    "leader": [leader[s] % cols, leader[s] // cols] if leader[s] >= 0 else None,
                    "conquests": self.conquests[s],
                    "popularity": self.popularity[s],
                    "rome_turns": self.streak[s],
                    "troops": troops[s],
                    "supply": counters[s] - troops[s],
                }
                for s in range(3)
            ],
            "roman_troops": troops[ROMAN],
            "stacks": stacks,
            "attacks": [[h % cols, h // cols, n] for h, n in sorted(self.attack.items())]
            if self.attack
            else [],
            "battle": None
            if b is None
            else {
                "hex": [b[0] % cols, b[0] // cols],
                "attacker": FORCES[self.turn],
                "attackers": b[1],
                "attacker_leader": bool(b[2]),
                "defender": names[b[3]],
                "defenders": b[4],
                "defender_leader": bool(b[5]),
            },
            "winner": FORCES[self.winner] if self.winner >= 0 else None,
            "end_reason": self.end_reason or None,
            "zones": list(self.game.setup.zone_names),
            "you": player,
        }

    def determinize(self, player: int, rng: random.Random) -> TriumvirateState:
        """Nothing is hidden in this game, so the only consistent state is a copy."""
        return self.clone()

    # -- serialisation and equality ----------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self.owner,
            self.count,
            self.leader,
            self.alive,
            self.conquests,
            self.popularity,
            self.streak,
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
            self.mp,
            self.winner,
            self.end_reason,
            self._hlen,
        )

    def to_json(self) -> dict[str, Any]:
        """The exact position, history included."""
        return {
            **self.saved_header(players=False),
            "owner": self.owner.tolist(),
            "count": self.count.tolist(),
            "leader": self.leader.copy(),
            "alive": self.alive.copy(),
            "conquests": self.conquests.copy(),
            "popularity": self.popularity.copy(),
            "streak": self.streak.copy(),
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
            "mp": self.mp,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "history": self.saved_history(),
        }

    @classmethod
    def from_json(cls, game: TriumvirateTable, d: Any) -> TriumvirateState:
        """Rebuild a state, checking shapes and ranges; bad data raises ``RecordError``."""
        cls.check_saved(d, game, "Triumvirate", players=False)
        with reading("Triumvirate"):
            s = cls(game)
            s.owner = array("b", _ints(d["owner"], N_HEX, -1, 3))
            s.count = array("b", _ints(d["count"], N_HEX, 0, 8))
            s.leader = _ints(d["leader"], 3, -1, N_HEX - 1)
            s.alive = [bool(x) for x in _list(d["alive"], 3)]
            s.conquests = _ints(d["conquests"], 3, 0, 1000)
            s.popularity = _ints(d["popularity"], 3, 0, 100000)
            s.streak = _ints(d["streak"], 3, 0, 1000)
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
            s.mp = int(d["mp"])
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
