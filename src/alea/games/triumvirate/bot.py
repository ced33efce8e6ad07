"""The Triumvirate's heuristic bot: collect, parade, march on Rome and hold it.

The plan, in order: collect conquests to the cap in the military zone; march the leader to Rome
and hold a triumph; start the civil war (by marching troops into Italy or winning Roman troops over
beside Rome); then sit in Rome with as many troops as can be brought there. Troops always converge
on Rome and attack only when the exact battle odds (``combat.battle_odds``) favour them. The bot
reads nothing but the public observation's facts (the whole board is public, TRI-10.1).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Final

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.styles import BotStyle, read_style
from alea.games.triumvirate.actions import ROMAN, Decide, March, Move
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.combat import battle_odds
from alea.games.triumvirate.constants import STEPS
from alea.games.triumvirate.state import LEADER, MOVE, WOO, TriumvirateState

ATTACK_ODDS: Final = 0.6
"""Least chance of winning a battle that the bot will start."""
BOLD_ODDS: Final = 0.25
"""Least chance of winning a battle the bot starts in a civil war past ``BOLD_ROUND``."""
BOLD_ROUND: Final = 30
"""From this round of a civil war on, the leader heads for Rome whatever the danger: a civil war
still undecided this late is a stand-off of leaders each waiting for the other to move (games
the bots decide end by round 25 or so), and only a risk taken breaks it. Troops then also start
battles at worse odds (``BOLD_ODDS``)."""
_ROME: Final = BOARD.rome
_WOOED: Final = 100
"""The danger a ``wary`` leader sees in a Roman hex a rival leader could win over."""
_FAR: Final = 10_000


@cache
def distances(target: int, sea: bool) -> tuple[int, ...]:
    """Steps from every hex to ``target`` (land only unless ``sea``); unreachable: large."""
    dist = [_FAR] * BOARD.size
    dist[target] = 0
    queue = deque([target])
    land = BOARD.land
    while queue:
        h = queue.popleft()
        for n in BOARD.neighbours[h]:
            if dist[n] == _FAR and (sea or land[n]):
                dist[n] = dist[h] + 1
                queue.append(n)
    return tuple(dist)


@cache
def _odds(att: int, att_leader: bool, dfn: int, dfn_leader: bool) -> float:
    return float(battle_odds(att, att_leader, dfn, dfn_leader))


@dataclass(frozen=True)
class Style(BotStyle):
    """How the bot plays: the numbers and choices of its plan. The defaults are ``normal``'s.

    Other values give other players of the same plan; ``alea lab tune-bot`` searches them for the
    one that does best against the default, and the ``expert`` level plays that one.
    """

    WHO: ClassVar[str] = "the Triumvirate bot"
    LIMITS: ClassVar[dict[str, tuple[float, float | None]]] = {
        "collect": (1, 4),
        "guard": (0, 4),
        "attack": (0, 1),
        "bold": (0, 1),
        "bold_round": (1, None),
        "hunt": (0, 1),
        "risk": (0, None),
        "prey": (0, 1),
        "shelter": (1, None),
        "muster": (0, None),
        "wary": (0, None),
        "desperate": (0, None),
    }

    collect: int = 4
    """Conquests the leader collects in his zone before he heads for Rome (1 to 4)."""
    guard: int = 2
    """Troops kept with the leader outside Rome: a stack of this many or fewer stays put."""
    attack: float = ATTACK_ODDS
    """Least chance of winning a battle that the bot will start."""
    bold: float = BOLD_ODDS
    """Least chance of winning a battle it starts in a civil war from ``bold_round`` on."""
    bold_round: int = BOLD_ROUND
    """The round of a civil war from which the leader heads for Rome whatever the danger."""
    seize_rome: bool = False
    """After the triumph, wait in Rome and win its own garrison over (TRI-8.2), instead of
    standing beside Rome to win the troops of the next hex."""
    hunt: float = 0.0
    """Added to the odds of a battle against a rival leader's hex: how keenly it hunts them."""
    risk: int = 0
    """Rival troops next to a hex that do not stop the leader's step there."""
    shelter: int = 2
    """Roman troops in a hex that make it safe for a lone leader (TRI-7.5): a rival must beat
    them before he can catch him. Above Rome's garrison, Rome itself is no shelter."""
    sea_safe: bool = False
    """Count as danger only rival troops that can step into the hex: a hex at sea is then
    safe from every rival but Pompey (TRI-4.5)."""
    wary: int = 0
    """A Roman hex is no shelter, and is in danger whatever the risk, while a rival leader with
    popularity stands within this many steps of it (0: never): his popularity roll there would
    leave the leader alone among the troops he won over (TRI-7.5)."""
    flee: bool = False
    """A leader whose hex is in danger leaves it for a safer one, even Rome in the civil war."""
    leader_die: bool = False
    """Count the leader's own die in the odds of an attack on the hex where he stands (he
    fights in it, TRI-7.1): his troops then storm a garrison he shares."""
    prey: float = 0.0
    """Added to the odds of a battle against Roman troops that shelter a rival leader: beating
    them catches him alone (TRI-7.5). 0 leaves such a garrison to the general rule."""
    muster: int = 0
    """Once he has nothing left to parade, the leader waits beside Rome, on its safest
    neighbour, until this many of his troops stand in Rome or next to it (0: he never waits)."""
    desperate: int = 0
    """Once a rival has ended this many turns in a row in Rome in the civil war (0: never), the
    game is about to be lost whatever the risk: the leader heads for Rome whatever the danger and
    the troops attack Rome at any odds (TRI-9.2)."""


STYLE_SPACE: Final = {
    "collect": (1, 4),
    "guard": (0, 4),
    "attack": (0.3, 0.9),
    "bold": (0.1, 0.6),
    "bold_round": (5, 40),
    "seize_rome": (False, True),
    "hunt": (0.0, 0.5),
    "risk": (0, 6),
    "shelter": (1, 5),
    "sea_safe": (False, True),
    "wary": (0, 6),
    "flee": (False, True),
    "leader_die": (False, True),
    "prey": (0.0, 0.5),
    "muster": (0, 8),
    "desperate": (0, 3),
}
"""The range of each :class:`Style` parameter that ``alea lab tune-bot`` searches."""

_SAILORS: Final = frozenset(
    o for o in range(3) for h in range(BOARD.size) for n, _ in STEPS[o][h] if not BOARD.land[n]
)
"""The seats whose troops may step onto the sea (Pompey's, TRI-4.5), from the engine's steps."""


def _rivals(s: TriumvirateState, p: int) -> list[int]:
    """The seats other than ``p`` whose leader is alive."""
    return [q for q in range(3) if q != p and s.alive[q]]


class TriumvirateBot(Agent):
    """A rule-based player that plans the road to Rome, in the given :class:`Style`."""

    name = "heuristic"

    def __init__(self, **style: Any) -> None:
        self.style = read_style(Style, style)

    def spec(self) -> dict[str, Any]:
        """Name and the style's parameters that are not the defaults."""
        return {"name": self.name, **self.style.changed()}

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Choose an action for ``player``."""
        assert isinstance(state, TriumvirateState)
        legal = state.legal_actions()
        if state.stage == LEADER:
            return self._leader_choice(state, player, legal)
        if state.stage == WOO:
            return self._woo_choice(state, player)
        if state.stage == MOVE:
            return self._movement(state, player, legal)
        return legal[0]

    # -- plan -------------------------------------------------------------------------------

    def _leader_target(self, s: TriumvirateState, p: int) -> int:
        """Where the leader should go now."""
        if self._awaits_troops(s, p):
            return self._muster_hex(s, p)
        zone = s.game.zones[p]
        have = s.conquests[p]
        if s.civil_war or have >= self.style.collect or (have > 0 and s.leader[p] not in zone):
            return _ROME
        if s.popularity[p] == 0:
            # Nothing collected and nothing paraded yet: stay in (or return to) the zone.
            if s.leader[p] in zone:
                return s.leader[p]
            dist = self._dist(s, p, s.leader[p])
            return min(zone, key=lambda h: dist[h])
        # Paraded: go beside Rome to win Roman troops over and so start the civil war.
        if self.style.seize_rome:
            return _ROME
        woo = self._woo_hex(s, p)
        return _ROME if woo is None else woo

    def _woo_hex(self, s: TriumvirateState, p: int) -> int | None:
        """The Italian hex next to Rome with Roman troops he could win over, if any."""
        best = None
        for n in BOARD.neighbours[_ROME]:
            if (
                s.owner[n] == ROMAN
                and s.game.setup.counters[p] - s.troops[p] >= s.count[n]
                and (best is None or s.count[n] > s.count[best])
            ):
                best = n
        return best

    def _dist(self, s: TriumvirateState, p: int, target: int) -> tuple[int, ...]:
        sea = p == 2 and s.game.setup.leader_at_sea
        return distances(target, sea)

    def _leader_choice(self, s: TriumvirateState, p: int, legal: list[Action]) -> Action:
        verbs = {a.verb: a for a in legal if isinstance(a, Decide)}
        if "parade" in verbs:
            return verbs["parade"]
        if "collect" in verbs and s.popularity[p] == 0 and s.conquests[p] < self.style.collect:
            return verbs["collect"]
        if s.leader[p] == self._leader_target(s, p) and not self._wants_to_leave(s, p):
            return verbs["stay"]
        return verbs["roll"]

    def _wants_to_leave(self, s: TriumvirateState, p: int) -> bool:
        return self.style.flee and self._danger(s, p, s.leader[p]) > self.style.risk

    def _woo_choice(self, s: TriumvirateState, p: int) -> Action:
        here = s.leader[p]
        if here in BOARD.italy and not s.civil_war and s.conquests[p] > 0:
            return Decide(p, "pass")  # a civil war now would waste his conquests (TRI-6.1)
        return Decide(p, "woo")

    # -- movement ---------------------------------------------------------------------------

    def _movement(self, s: TriumvirateState, p: int, legal: list[Action]) -> Action:
        marches = [a for a in legal if isinstance(a, March)]
        if marches:
            step = self._leader_step(s, p, marches)
            if step is not None:
                return step
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            move = self._troop_move(s, p, moves)
            if move is not None:
                return move
        return Decide(p, "end")

    def _leader_step(self, s: TriumvirateState, p: int, marches: list[March]) -> Action | None:
        target = self._leader_target(s, p)
        dist = self._dist(s, p, target)
        here = dist[s.leader[p]]
        if here > 0:
            best = min(marches, key=lambda a: (dist[a.to], self._danger(s, p, a.to), a.to))
            bold = (s.civil_war and s.round >= self.style.bold_round) or self._desperate(s, p)
            if dist[best.to] < here and (bold or self._danger(s, p, best.to) <= self.style.risk):
                return best
        if self._wants_to_leave(s, p):
            return self._escape(s, p, marches, dist)
        return None

    def _awaits_troops(self, s: TriumvirateState, p: int) -> bool:
        """Whether the leader, with nothing left to parade, keeps out of Rome for want of troops."""
        style = self.style
        if not style.muster or (s.conquests[p] and not s.civil_war) or s.owner[_ROME] == p:
            return False
        if self._desperate(s, p):
            return False
        if not s.civil_war and s.popularity[p] == 0:
            return False
        near = sum(s.count[n] for n in (_ROME, *BOARD.neighbours[_ROME]) if s.owner[n] == p)
        return near < style.muster

    def _muster_hex(self, s: TriumvirateState, p: int) -> int:
        """The hex beside Rome where the leader waits for his troops: the safest, then nearest."""
        dist = self._dist(s, p, s.leader[p])
        near = [h for h in BOARD.neighbours[_ROME] if dist[h] < _FAR]
        return min(near, key=lambda h: (self._danger(s, p, h), dist[h], h))

    def _escape(
        self, s: TriumvirateState, p: int, marches: list[March], dist: tuple[int, ...]
    ) -> Action | None:
        """The step out of danger that stays nearest the target, if one is safer than here."""
        now = self._danger(s, p, s.leader[p])
        best = min(marches, key=lambda a: (self._danger(s, p, a.to), dist[a.to], a.to))
        return best if self._danger(s, p, best.to) < now else None

    def _danger(self, s: TriumvirateState, p: int, h: int) -> int:
        """Enemy player troops that could reach hex ``h`` next turn while he stands alone.

        Roman troops shelter a leader who shares their hex (TRI-7.5): a rival must beat the
        garrison before the leader is caught, so a hex held by ``shelter`` of them (two by
        default) is taken as safe. Without this, two leaders waiting beside a garrisoned Rome
        would each wait for the other for ever. A ``wary`` leader takes a hex whose garrison a
        rival leader could soon win over as in danger beyond any risk (``_WOOED``).
        """
        style = self.style
        if s.owner[h] == p:
            return 0
        wooer = style.wary > 0 and self._rival_wooer(s, p, h)
        if s.owner[h] == ROMAN and s.count[h] >= style.shelter and not wooer:
            return 0
        n_enemy = _WOOED if wooer else 0
        reach = not style.sea_safe or BOARD.land[h]
        for n in BOARD.neighbours[h]:
            o = s.owner[n]
            if o not in (-1, p, ROMAN) and (reach or o in _SAILORS):
                n_enemy += s.count[n]
        return n_enemy

    def _rival_wooer(self, s: TriumvirateState, p: int, h: int) -> bool:
        """Whether a rival leader with popularity could win over the Roman troops of ``h``."""
        if s.owner[h] != ROMAN:
            return False
        return any(
            s.popularity[q] > 0 and self._dist(s, q, h)[s.leader[q]] <= self.style.wary
            for q in _rivals(s, p)
        )

    def _troop_move(self, s: TriumvirateState, p: int, moves: list[Move]) -> Action | None:
        sea = p == 2
        to_rome = distances(_ROME, sea)
        limit = s.game.opts.stack_limit
        lead = s.leader[p]
        may_enter_italy = s.civil_war or (lead == _ROME and s.conquests[p] == 0)
        style = self.style
        threshold = style.bold if s.civil_war and s.round >= style.bold_round else style.attack
        desperate = self._desperate(s, p)
        # 1. Reinforce an attack already under way.
        for a in moves:
            if a.to in s.attack and s.attack[a.to] < limit:
                return a
        # 2. Start a battle the odds favour, counting every troop that can join it.
        best_attack: tuple[float, Move] | None = None
        for a in moves:
            o = s.owner[a.to]
            if o in (-1, p):
                continue
            if a.to in BOARD.italy and not may_enter_italy:
                continue
            avail = self._attackers_near(s, p, a.to)
            dfn = s.count[a.to]
            def_leader = o != ROMAN and s.leader[o] == a.to
            own_die = style.leader_die and lead == a.to
            odds = _odds(min(avail, limit), own_die, dfn, def_leader)
            worth = to_rome[a.to] < to_rome[a.src] or def_leader or o != ROMAN
            if def_leader:
                odds += style.hunt
            elif style.prey and o == ROMAN and self._sheltering(s, p, a.to):
                odds += style.prey
                worth = True
            if desperate and a.to == _ROME:
                odds += 1.0  # above any threshold: Rome is attacked at any odds
            if odds >= threshold and worth and (best_attack is None or odds > best_attack[0]):
                best_attack = (odds, a)
        if best_attack is not None:
            return best_attack[1]
        # 3. Advance toward Rome, keeping a guard with the leader.
        best: tuple[int, int, Move] | None = None
        for a in moves:
            if s.owner[a.to] not in (-1, p):
                continue
            if a.to in BOARD.italy and not may_enter_italy:
                continue
            if a.src == lead and s.count[a.src] <= style.guard and lead != _ROME and lead >= 0:
                continue
            gain = to_rome[a.src] - to_rome[a.to]
            if gain <= 0:
                continue
            key = (-gain, to_rome[a.to])
            if best is None or key < best[:2]:
                best = (key[0], key[1], a)
        return None if best is None else best[2]

    def _desperate(self, s: TriumvirateState, p: int) -> bool:
        """Whether a living rival has held Rome ``desperate`` turns or more (TRI-9.2)."""
        need = self.style.desperate
        return bool(need) and any(s.rome_turns[q] >= need for q in _rivals(s, p))

    def _sheltering(self, s: TriumvirateState, p: int, h: int) -> bool:
        """Whether a rival leader stands alone among the Roman troops of ``h``.

        Beating those troops catches him (TRI-7.5).
        """
        return any(s.leader[q] == h for q in _rivals(s, p))

    def _attackers_near(self, s: TriumvirateState, p: int, h: int) -> int:
        """Own troops that could still attack hex ``h`` this turn (adjacent and unmoved)."""
        n = s.attack.get(h, 0)
        sea = p == 2
        for nb in BOARD.neighbours[h]:
            if s.owner[nb] == p and (sea or BOARD.land[h]):
                n += s.count[nb] - s.moved.get(nb, 0)
        return n
