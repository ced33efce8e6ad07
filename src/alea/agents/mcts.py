"""Information-set Monte Carlo tree search for every game, through the contract only.

Each iteration searches a fresh ``state.determinize(player, rng)``, so the agent never reads what
its seat cannot see. Decision nodes are shared across determinizations (single-observer IS-MCTS:
a child is scored by how often it was *available* as well as chosen); chance events are sampled
and not stored (open loop). Backup is max-n: every node keeps the mean return of every seat, and
each seat picks by its own value. A game may register these hooks in the core registry:
``prior`` (``(state, rng) -> Action``, the move its own bot prefers, asked once per node:
expanded first and given a bonus that fades with visits, like a progressive bias), ``rollout``
(``(state, rng) -> Action``, a fast policy for playouts), ``evaluate`` (``state -> list[float]``,
values in [0, 1] per seat used when a playout is cut off), ``rollout_depth`` (an int, the
playout decisions before ``evaluate`` is used, when the agent is not given one) and ``plans``.

``plans`` (``(state, rng) -> list[tuple[Action, ...]]``, and ``(state, rng, bot)`` when the
search is given the seat's own bot, ``policy``) is for a game that splits one human
choice into many decisions (a march of a dozen troop steps): it returns whole runs of the seat's
decisions, its preferred one first, or fewer than two when the position calls for none. The
search then weighs plans instead of single steps: the root's children are the plans, each
iteration plays one (chosen by UCB, the first favoured like a prior) on a fresh determinization
and searches on from where it ends. The agent plays the chosen plan's first decision and, while
what its seat observes is what the plan led it to expect, the plan's next decisions without
searching again.

An *opponent model* (``opponents="prior"``) replaces max-n at the other seats' decisions inside
the tree: there, a seat plays what the game's ``prior`` hook (its heuristic bot) chooses on the
determinized position being searched, except for a fraction ``opponent_search`` of the visits,
which select by that seat's own value as in max-n. The tree then branches almost only on the
searching seat's own decisions, so the budget goes to them and to sampling the chance events.

A *learned value* (``value="learned"``) replaces the game's hand-set ``evaluate`` where a
playout is cut off by the game's ``value`` hook: a model fitted on games of the heuristic bots
(``alea train GAME``) that shares the win among the seats from numbers each seat can see.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from typing import Any

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.registry import hook

_UNSET: Any = object()
"""A node's prior before the game's ``prior`` hook has been asked."""


DEPTH = 30
"""Playout decisions before the evaluation, for a game that registers no ``rollout_depth``."""

OPPONENT_MODELS = ("search", "prior")
"""How the search plays the other seats inside its tree: by their own max-n values (``search``),
or as the game's ``prior`` hook would (``prior``), searched only a fraction of the visits."""


VALUES = ("hand", "learned", "style")
"""What judges a position where a playout is cut off: the game's hand-set ``evaluate`` hook
(``hand``), its learned ``value`` hook (``learned``), or its ``style_value`` hook given the
searching seat's own bot (``style``: the position judged by the measure the bot plays by)."""


class _Node:
    __slots__ = ("avail", "children", "prior", "value", "visits")

    def __init__(self, n: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * n
        self.prior: Any = _UNSET


class MCTSAgent(Agent):
    """IS-MCTS with UCB selection, max-n backup and per-game rollout and evaluation hooks.

    Args:
        iterations: iterations per decision (used when ``time`` is not given).
        time: seconds of thinking per decision; overrides ``iterations``.
        c: the UCB exploration constant.
        rollout_depth: decisions of playout before the game's evaluation is used; by default the
            game's ``rollout_depth`` hook, else ``DEPTH``.
        widening: progressive widening factor (children allowed = widening * visits ** 0.5);
            0 turns it off.
        prior_weight: bonus of the game's preferred move, divided by (1 + its visits).
        plans: 1 to weigh the game's ``plans`` where it offers them, 0 to search step by step.
        opponents: ``"search"`` (max-n: every seat picks by its own value) or ``"prior"`` (the
            other seats play the game's ``prior`` move on the determinized position).
        opponent_search: with ``opponents="prior"``, the chance that an opponent's decision is
            selected by max-n instead (0 to 1).
        value: ``"hand"`` (the game's ``evaluate`` at a playout's cut-off), ``"learned"``
            (the game's learned ``value``; a game without one refuses the search) or
            ``"style"`` (the game's ``style_value`` of ``policy``; without either, refused).
        policy: the searching seat's own bot (a styled heuristic, say): its move is the one
            the tree prefers at the seat's decisions, the seat's move in playouts and the march
            of its plans; the game's hooks still play the other seats. ``None``: the hooks
            play every seat.

    """

    name = "mcts"

    def __init__(
        self,
        iterations: int = 400,
        time: float | None = None,
        c: float = 0.7,
        rollout_depth: int | None = None,
        widening: float = 2.0,
        prior_weight: float = 3.0,
        plans: int = 1,
        opponents: str = "search",
        opponent_search: float = 0.0,
        value: str = "hand",
        policy: Agent | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError("mcts needs at least 1 iteration")
        if time is not None and not 0 < time < math.inf:
            raise ValueError("mcts thinking time must be positive and finite (seconds)")
        self.iterations = int(iterations)
        self.time = time
        self.c = float(c)
        self.rollout_depth = None if rollout_depth is None else int(rollout_depth)
        self._depth = DEPTH
        self.widening = float(widening)
        self.prior_weight = float(prior_weight)
        if plans not in (0, 1):
            raise ValueError(f"mcts plans must be 0 or 1, not {plans!r}")
        self.plans = int(plans)
        if opponents not in OPPONENT_MODELS:
            known = " or ".join(OPPONENT_MODELS)
            raise ValueError(f"mcts opponents must be {known}, not {opponents!r}")
        self.opponents = opponents
        if not 0.0 <= opponent_search <= 1.0:
            raise ValueError(f"mcts opponent_search must be from 0 to 1, not {opponent_search!r}")
        self.opponent_search = float(opponent_search)
        if value not in VALUES:
            known = ", ".join(VALUES[:-1]) + " or " + VALUES[-1]
            raise ValueError(f"mcts value must be {known}, not {value!r}")
        self.value = value
        self.policy = policy
        self.last_tree: _Node | None = None
        """The root of the latest step-by-step search's tree (its nodes' ``children`` by action)."""
        self._me = 0
        """The searching seat (the opponent model plays every other seat)."""
        self.last_iterations = 0
        self.searches = 0
        """Decisions searched so far (a decision with one legal action is not searched)."""
        self.total_iterations = 0
        """Iterations of all those searches."""
        self._prior: Any = None
        self.ceiling: float | None = None
        """Seconds a decision may take at most, whatever ``iterations`` says (set by a server)."""
        self._plan: list[tuple[Any, Action]] = []
        """The rest of the plan being played: per decision, the seat's expected observation
        before it and the action to take then."""

    def spec(self) -> dict[str, Any]:
        """Name and parameters."""
        out: dict[str, Any] = {"name": self.name, "c": self.c}
        if self.rollout_depth is not None:
            out["rollout_depth"] = self.rollout_depth
        if not self.plans:
            out["plans"] = 0
        if self.opponents != "search":
            out["opponents"] = self.opponents
            out["opponent_search"] = self.opponent_search
        if self.value != "hand":
            out["value"] = self.value
        if self.time is not None:
            out["time"] = self.time
        else:
            out["iterations"] = self.iterations
        return out

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Search from ``player``'s information set and return the most visited action."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        planned = self._planned(state, player, legal)
        if planned is not None:
            return planned
        game = state.game.name
        rollout = hook(game, "rollout")
        evaluate = self._evaluation(game)
        self._prior = hook(game, "prior")
        self._me = player
        depth = self.rollout_depth
        self._depth = depth if depth is not None else int(hook(game, "rollout_depth") or DEPTH)
        n = state.game.num_players
        plans_hook = hook(game, "plans") if self.plans else None
        plans: list[tuple[Action, ...]] = []
        if plans_hook is not None:
            plans = (
                plans_hook(state, rng)
                if self.policy is None
                else plans_hook(state, rng, self.policy)
            )
        if len(plans) >= 2:
            return self._plan_search(state, player, rng, plans, rollout, evaluate)
        root = _Node(n)
        start = time.perf_counter()
        done = 0
        while self._more(done, start):
            self._iterate(state.determinize(player, rng), root, rng, n, rollout, evaluate)
            done += 1
        self._count(done)
        self.last_tree = root
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _evaluation(self, game: str) -> Any:
        """What judges a cut-off playout: the hand-set hook, the style's or the learned one."""
        if self.value == "hand":
            return hook(game, "evaluate")
        if self.value == "style":
            styled = hook(game, "style_value")
            if styled is None or self.policy is None:
                raise ValueError(
                    f"mcts value=style: {game} has no judge of a position by its bot's style, "
                    "or the search has no bot of its own (use value=hand)"
                )
            return styled(self.policy)
        learned = hook(game, "value")
        if learned is None:
            raise ValueError(f"mcts value=learned: {game} has no learned value (use value=hand)")
        return learned

    def _more(self, done: int, start: float) -> bool:
        """Whether the search may run another iteration after ``done`` since ``start``."""
        if not done:
            return True
        now = None
        if self.time is None:
            if done >= self.iterations:
                return False
        else:
            now = time.perf_counter()
            if now >= start + self.time:
                return False
        if self.ceiling is not None:
            now = time.perf_counter() if now is None else now
            if now >= start + self.ceiling:
                return False
        return True

    def _count(self, done: int) -> None:
        self.last_iterations = done
        self.searches += 1
        self.total_iterations += done

    def _planned(self, state: State, player: int, legal: list[Action]) -> Action | None:
        """The next step of the plan in play, if the seat sees what the plan led it to expect."""
        if not self._plan:
            return None
        expected, action = self._plan.pop(0)
        if action in legal and state.observation(player) == expected:
            return action
        self._plan = []
        return None

    def _plan_search(
        self,
        state: State,
        player: int,
        rng: random.Random,
        plans: list[tuple[Action, ...]],
        rollout: Any,
        evaluate: Any,
    ) -> Action:
        """Weigh whole plans at the root, search on below each; play the best plan's first step."""
        n = state.game.num_players
        nodes = [_Node(n) for _ in plans]
        root_visits = 0
        start = time.perf_counter()
        done = 0
        while self._more(done, start):
            k = self._pick_plan(nodes, root_visits, player)
            s = state.determinize(player, rng)
            for a in plans[k]:
                if s.current_player() != player or a not in s.legal_actions():
                    break
                s.apply_action(a)
            self._iterate(s, nodes[k], rng, n, rollout, evaluate)
            root_visits += 1
            done += 1
        self._count(done)
        best = max(range(len(plans)), key=lambda i: (nodes[i].visits, -i))
        plan = plans[best]
        # What the seat will see before each later step of the plan, on the real position.
        follow: list[tuple[Any, Action]] = []
        s = state.clone()
        for a, nxt in itertools.pairwise(plan):
            s.apply_action(a)
            if s.current_player() != player:
                break
            follow.append((s.observation(player), nxt))
        self._plan = follow
        return plan[0]

    def _pick_plan(self, nodes: list[_Node], visits: int, player: int) -> int:
        """UCB over the plans, the first (the game's preferred one) with the prior's bonus."""
        best, best_v = 0, -1.0
        log_n = math.log(visits + 1)
        for i, nd in enumerate(nodes):
            if nd.visits == 0:
                return i
            v = nd.value[player] / nd.visits + self.c * math.sqrt(log_n / nd.visits)
            if i == 0:
                v += self.prior_weight / (1 + nd.visits)
            if v > best_v:
                best, best_v = i, v
        return best

    def _iterate(
        self, s: State, root: _Node, rng: random.Random, n: int, rollout: Any, evaluate: Any
    ) -> None:
        path = [root]
        node = root
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_action(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            preferred = node.prior
            if preferred is _UNSET:
                # Asked once per node, on the first determinization that reaches it: the hook
                # is usually the game's own bot, far dearer than a step of the search.
                preferred = node.prior = self._preferred(s, p, rng)
            if self._modelled(p, rng):
                # The opponent model: this seat plays the heuristic's move. The node's move came
                # from another determinization; where it is not legal here, ask afresh.
                a = preferred if preferred in legal else self._prior(s, rng)
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = _Node(n)
                    child.avail = 1
                s.apply_action(a)
                node = child
                path.append(node)
                continue
            untried = [a for a in legal if a not in node.children]
            if preferred is not None and preferred in untried:
                untried = [preferred]
            allowed = (
                len(node.children) < max(1.0, self.widening * math.sqrt(node.visits + 1))
                if self.widening > 0
                else True
            )
            if untried and allowed:
                a = untried[int(rng.random() * len(untried))]
                child = _Node(n)
                child.avail = 1
                node.children[a] = child
                s.apply_action(a)
                path.append(child)
                break
            best_a = None
            best_v = -1.0
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    continue
                if child.visits == 0:
                    v = 1e9
                else:
                    log_n = math.log(max(child.avail, 1))
                    v = child.value[p] / child.visits + self.c * math.sqrt(log_n / child.visits)
                    if a == preferred:
                        v += self.prior_weight / (1 + child.visits)
                if v > best_v:
                    best_v = v
                    best_a = a
            if best_a is None:
                a = legal[int(rng.random() * len(legal))]
                child = _Node(n)
                node.children[a] = child
                best_a = a
            s.apply_action(best_a)
            node = node.children[best_a]
            path.append(node)
        values = self._playout(s, rng, rollout, evaluate)
        for nd in path:
            nd.visits += 1
            acc = nd.value
            for i in range(n):
                acc[i] += values[i]

    def _preferred(self, s: State, p: int, rng: random.Random) -> Action | None:
        """The move the tree tries first at seat ``p``'s decision: its own bot's or the hook's."""
        if self.policy is not None and p == self._me:
            return self.policy.act(s, p, rng)
        return self._prior(s, rng) if self._prior is not None else None

    def _modelled(self, p: int, rng: random.Random) -> bool:
        """Whether seat ``p``'s decision in the tree is played by the opponent model this time."""
        if self.opponents != "prior" or p == self._me or self._prior is None:
            return False
        return not (self.opponent_search and rng.random() < self.opponent_search)

    def _playout(self, s: State, rng: random.Random, rollout: Any, evaluate: Any) -> list[float]:
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_action(s.sample_chance(rng))
                continue
            if steps >= self._depth and evaluate is not None:
                return list(evaluate(s))
            if self.policy is not None and p == self._me:
                a = self.policy.act(s, p, rng)
            elif rollout is not None:
                a = rollout(s, rng)
            else:
                legal = s.legal_actions()
                a = legal[int(rng.random() * len(legal))]
            s.apply_action(a)
            steps += 1
        return s.returns()
