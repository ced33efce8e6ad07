"""Forum's codec: 609 action indices and a 1,483-value observation, both seen from the mover.

Seats other than the mover are named by their offset to the mover's left (``+1``, ``+2``,
``+3``); in a game of fewer than four players the offsets that name nobody are never legal.
The action index space, in order (see ``docs/rl.md`` for the whole table):

=============  =====  ===========================================================
block          size   index within the block
=============  =====  ===========================================================
decide            6   done, pass, accept, decline, pay, refuse
move            150   ``2 * link + 0`` along a board link as listed, ``+ 1`` back
marry_local     114   ``2 * market + (0 son, 1 daughter)``
propose          36   ``12 * (offset - 1) + 6 * (0 son, 1 daughter) + price slot``
counter           6   price slot (``PRICES`` = 0, 100, ..., 500)
divorce           3   ``offset - 1``
build            57   market
destroy         171   ``3 * market + offset - 1`` (the victim)
give              9   benefaction space
dismiss          57   market
=============  =====  ===========================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from alea.core.game import Action, Game, State
from alea.games.forum import trade
from alea.games.forum.actions import (
    PRICES,
    Build,
    Counter,
    Decide,
    Destroy,
    Dismiss,
    Divorce,
    Give,
    MarryLocal,
    Move,
    Propose,
)
from alea.games.forum.board import BOARD
from alea.games.forum.cards import FAMILY_DAUGHTERS, FAMILY_SONS, FATE_CARDS
from alea.games.forum.constants import (
    CARDS,
    N_SPACES,
    OVER,
    SEATS_OF,
    STAGE_NAMES,
    band_of,
)
from alea.games.forum.state import ForumState
from alea.rl import pixels
from alea.rl.codecs.base import (
    GameCodec,
    Layout,
    Memo,
    ObservationEncoder,
    TableCodec,
    clip,
    fill,
    slots,
)

if TYPE_CHECKING:
    from alea.rl.codecs.base import FloatArray, RgbArray

SEATS: Final = 4
"""Seat slots of every per-seat block: Forum has at most four players."""
VERBS: Final = ("done", "pass", "accept", "decline", "pay", "refuse")
"""The decisions without a place, in index order."""
N_MARKETS: Final = len(BOARD.markets)
MARKET_NAMES: Final = tuple(m.name for m in BOARD.markets)
MARKET_INDEX: Final = slots(MARKET_NAMES)
BANDS: Final = tuple(b.name for b in BOARD.bands)
STAGES: Final = slots(STAGE_NAMES)
DECK: Final = FAMILY_SONS + FAMILY_DAUGHTERS
ROME_NAME: Final = MARKET_NAMES[BOARD.rome]
MONEY_SCALE: Final = 2000.0
"""Money that reads as 1.0 in the vector (more is clipped)."""
INCOME_SCALE: Final = 1000.0
"""Income (or a bonus) that reads as 1.0 in the vector."""


def _child(son: bool) -> str:
    return "son" if son else "daughter"


def action_table(seat: int, n: int) -> tuple[list[Action | None], list[str]]:
    """Every index's action for ``seat`` in an ``n``-player game, and each index's label."""
    acts: list[Action | None] = []
    labels: list[str] = []

    def add(action: Action | None, label: str) -> None:
        acts.append(action)
        labels.append(label)

    def other(offset: int) -> int | None:
        return (seat + offset) % n if offset < n else None

    for verb in VERBS:
        add(Decide(seat, verb), verb)
    for a, b in BOARD.links:
        add(Move(seat, a, b), f"move {MARKET_NAMES[a]}→{MARKET_NAMES[b]}")
        add(Move(seat, b, a), f"move {MARKET_NAMES[b]}→{MARKET_NAMES[a]}")
    for m in range(N_MARKETS):
        for son in (True, False):
            add(MarryLocal(seat, m, son), f"marry a {_child(son)} into {MARKET_NAMES[m]}")
    for k in range(1, SEATS):
        q = other(k)
        for son in (True, False):
            for price in PRICES:
                add(
                    None if q is None else Propose(seat, q, son, price),
                    f"propose a {_child(son)} to seat +{k} for ${price}",
                )
    for price in PRICES:
        add(Counter(seat, price), f"counter ${price}")
    for k in range(1, SEATS):
        q = other(k)
        add(None if q is None else Divorce(seat, q), f"divorce seat +{k}")
    for m in range(N_MARKETS):
        add(Build(seat, m), f"build in {MARKET_NAMES[m]}")
    for m in range(N_MARKETS):
        for k in range(1, SEATS):
            q = other(k)
            add(
                None if q is None else Destroy(seat, m, q),
                f"destroy seat +{k}'s horreum in {MARKET_NAMES[m]}",
            )
    for s in range(N_SPACES):
        add(Give(seat, s), f"give benefaction {s}")
    for m in range(N_MARKETS):
        add(Dismiss(seat, m), f"dismiss the agent in {MARKET_NAMES[m]}")
    return acts, labels


class ForumActions(TableCodec):
    """Forum's 609 action indices for a game of ``n`` players."""

    def __init__(self, n: int) -> None:
        tables = []
        labels: list[str] = []
        for seat in range(n):
            acts, labels = action_table(seat, n)
            tables.append(acts)
        super().__init__(tables, labels)


# Player features, in order, within each row of the "players" block.
PLAYER_FEATURES: Final = (
    "present",
    "money",
    "prestige",
    "agents",
    "agents_in_rome",
    "reserve",
    "moved",
    "horrea",
    "horrea_left",
    "benefactions",
    "senator",
    "children",
    "sons",
    "daughters",
    "hand_known",
    "last_income",
    "next_income",
    "bonus",
    "blocked",
    "praefect_turns",
    *(f"band_{b.lower()}" for b in BANDS),
    "band_none",
)
_PF: Final = slots(PLAYER_FEATURES)


class ForumObservations(ObservationEncoder):
    """Forum's observation vector, every seat block in the viewer's order (viewer first)."""

    def __init__(self, game: Game) -> None:
        lay = Layout()
        self._stage = lay.add("stage", len(STAGE_NAMES))
        self._to_move = lay.add("to_move", SEATS + 2)  # seat offsets, then chance, terminal
        self._actor = lay.add("actor", SEATS + 1)  # seat offsets, then nobody
        self._scalars = lay.add("scalars", 6)
        self._players = lay.add("players", SEATS, len(PLAYER_FEATURES))
        self._m_agents = lay.add("market_agents", N_MARKETS, SEATS)
        self._m_moved = lay.add("market_moved", N_MARKETS, SEATS)
        self._m_horrea = lay.add("market_horrea", N_MARKETS, SEATS)
        self._m_local = lay.add("market_local", N_MARKETS, SEATS)
        self._m_blocked = lay.add("market_blocked", N_MARKETS, SEATS)
        self._m_pending = lay.add("market_pending", N_MARKETS)
        self._marriages = lay.add("marriages", SEATS, SEATS)
        self._benefactions = lay.add("benefactions", N_SPACES, SEATS + 1)  # owner, then free
        self._fate = lay.add("fate_card", FATE_CARDS + 1)  # 0: no card this turn
        self._fate_drawn = lay.add("fate_drawn", FATE_CARDS)
        self._proposal = lay.add("proposal", 4 + 2 * SEATS)
        self._pending = lay.add("pending", 2 + 2 * SEATS)
        self._praefect = lay.add("praefect", SEATS + 1)
        self._winners = lay.add("winners", SEATS)
        self.layout = lay
        self.n = game.num_players
        opts = game.options
        self._agents = max(1, int(opts.get("agents", 4)))
        self._horrea = max(1, int(opts.get("horrea", 20)))
        self._boards = Memo()
        self._band_slots: dict[tuple[int, int], int] = {}
        self._rels = [[(q - me) % self.n for q in range(self.n)] for me in range(self.n)]
        """Per viewer: each seat's offset."""
        self._rome = BOARD.rome

    def _band_slot(self, prestige: int, win: int) -> int:
        """Column (after ``band_``) of the band the observation names for ``prestige``."""
        slot = self._band_slots.get((prestige, win))
        if slot is None:
            i = band_of(prestige)
            name = BOARD.bands[i].name if i >= 0 else ("CONSVL" if prestige >= win else None)
            slot = BANDS.index(name) if name in BANDS else len(BANDS)
            self._band_slots[prestige, win] = slot
        return slot

    def encode(self, observation: dict[str, Any]) -> FloatArray:
        """The vector of one Forum observation."""
        obs = observation
        n = self.n
        you = obs["you"]
        me = 0 if you is None else int(you)
        rel = [(q - me) % n for q in range(n)]
        ones = [
            self._stage + STAGES[obs["stage"]],
            self._to_move + self.to_move_slot(obs["current"], rel, SEATS),
        ]
        vals: list[tuple[int, float]] = []
        actor = obs["actor"]
        ones.append(self._actor + (rel[actor] if 0 <= actor < n else SEATS))
        s = self._scalars
        win = max(1, int(obs["win_prestige"]))
        vals += [
            (s, obs["turn"] / max(1, obs["max_turns"])),
            (s + 1, min(1.0, win / 50.0)),
            (s + 2, 1.0 if obs["ruleset"] == "complete" else 0.0),
            (s + 3, obs["fate_left"] / FATE_CARDS),
            (s + 4, min(1.0, obs["family_deck"] / DECK)),
            (s + 5, n / SEATS),
        ]
        width = len(PLAYER_FEATURES)
        agents_total = self._agents
        horrea_total = self._horrea
        idx = MARKET_INDEX
        m_agents, m_moved, m_blocked = self._m_agents, self._m_moved, self._m_blocked
        for q, pl in enumerate(obs["players"]):
            r = rel[q]
            b = self._players + r * width
            where = pl["agents"]
            sons, daughters = pl["sons"], pl["daughters"]
            band = pl["band"]
            ones.append(b)  # present
            vals += [
                (b + 1, clip(pl["money"] / MONEY_SCALE)),
                (b + 2, clip(pl["prestige"] / win)),
                (b + 3, len(where) / agents_total),
                (b + 4, where.count(ROME_NAME) / 2.0),
                (b + 5, pl["reserve"] / agents_total),
                (b + 6, len(pl["moved"]) / agents_total),
                (b + 7, pl["horrea"] / horrea_total),
                (b + 8, pl["horrea_left"] / horrea_total),
                (b + 9, pl["benefactions"] / N_SPACES),
                (b + 10, 1.0 if pl["senator"] else 0.0),
                (b + 11, min(1.0, pl["children"] / 6.0)),
                (b + 12, 0.0 if sons is None else min(1.0, sons / 6.0)),
                (b + 13, 0.0 if daughters is None else min(1.0, daughters / 6.0)),
                (b + 14, 0.0 if sons is None else 1.0),
                (b + 15, clip(pl["last_income"] / INCOME_SCALE)),
                (b + 16, clip(pl["next_income"] / INCOME_SCALE)),
                (b + 17, clip(pl["bonus"] / INCOME_SCALE)),
                (b + 18, 0.0 if pl["blocked"] is None else 1.0),
                (b + 19, min(1.0, pl["praefect_turns"] / 5.0)),
            ]
            ones.append(b + 20 + (BANDS.index(band) if band in BANDS else len(BANDS)))
            for name in where:
                ones.append(m_agents + idx[name] * SEATS + r)
            for name in pl["moved"]:
                ones.append(m_moved + idx[name] * SEATS + r)
            if pl["blocked"] is not None:
                ones.append(m_blocked + idx[pl["blocked"]] * SEATS + r)
        m_horrea, m_local = self._m_horrea, self._m_local
        for m, mk in enumerate(obs["markets"]):
            base = m * SEATS
            for q in mk["horrea"]:
                ones.append(m_horrea + base + rel[q])
            local = mk["local"]
            if local is not None:
                ones.append(m_local + base + rel[local])
        for mar in obs["marriages"]:
            a, b2 = rel[mar["a"]], rel[mar["b"]]
            ones.append(self._marriages + a * SEATS + b2)
            ones.append(self._marriages + b2 * SEATS + a)
        for ben in obs["benefactions"]:
            owner = ben["owner"]
            ones.append(
                self._benefactions
                + ben["space"] * (SEATS + 1)
                + (SEATS if owner is None else rel[owner])
            )
        fate = obs["fate"]
        ones.append(self._fate + (0 if fate is None else int(fate["card"])))
        ones.extend(self._fate_drawn + c - 1 for c in obs["fate_drawn"])
        prop = obs["proposal"]
        if prop is not None:
            p = self._proposal
            ones += [p, p + 4 + rel[prop["from"]], p + 4 + SEATS + rel[prop["to"]]]
            vals += [
                (p + 1, 1.0 if prop["son"] else 0.0),
                (p + 2, min(1.0, prop["price"] / 500.0)),
                (p + 3, 1.0 if prop["countered"] else 0.0),
            ]
        pend = obs["pending"]
        if pend is not None:
            p = self._pending
            ones += [
                p,
                p + 2 + rel[pend["attacker"]],
                p + 2 + SEATS + rel[pend["defender"]],
                self._m_pending + idx[pend["market"]],
            ]
            vals.append((p + 1, pend["needs"] / 6.0))
        praefect = obs["praefect"]
        ones.append(self._praefect + (SEATS if praefect is None else rel[praefect]))
        ones.extend(self._winners + rel[w] for w in obs["winners"])
        return fill(np.zeros(self.layout.size, dtype=np.float32), ones, vals)

    def encode_state(self, state: State, seat: int) -> FloatArray:
        """``encode(state.observation(seat))``, read straight from the position.

        Of what is hidden (FOR-10) it reads the sons and daughters of ``seat`` alone, and those
        of the others only when the complete rules show them. The markets, benefactions and
        fate cards, which most decisions leave alone, come from a memo keyed by their fields.
        """
        n = self.n
        if not isinstance(state, ForumState) or not 0 <= seat < n:
            return self.encode(state.observation(seat))
        s = state
        opts = s.opts
        shown = opts.ruleset == "complete"
        me = seat
        rel = self._rels[me]
        actor = s.actor
        vec = np.zeros(self.layout.size, dtype=np.float32)
        ones = [
            self._stage + STAGES[STAGE_NAMES[s.stage]],
            self._to_move + self.to_move_slot(s.player, rel, SEATS),
            self._actor + (rel[actor] if 0 <= actor < n else SEATS),
        ]
        win = max(1, int(opts.win_prestige))
        sc = self._scalars
        vec[sc : sc + 6] = [
            s.turn / max(1, opts.max_turns),
            min(1.0, win / 50.0),
            1.0 if shown else 0.0,
            len(s.fate_deck) / FATE_CARDS,
            min(1.0, (s.deck_sons + s.deck_daughters) / DECK),
            n / SEATS,
        ]
        # Trade incomes are computed afresh: the engine's one pass over the horrea costs less
        # than a memo key of who is present where (see docs/rl.md, Speed).
        incomes = trade.trade_totals(s) if s.stage != OVER else [0] * n
        width = len(PLAYER_FEATURES)
        agents_total = self._agents
        horrea_total = self._horrea
        rome = self._rome
        m_agents, m_moved, m_blocked = self._m_agents, self._m_moved, self._m_blocked
        for q in range(n):
            r = rel[q]
            b = self._players + r * width
            where = s.agents[q]
            moved_bits = s.moved[q]
            on_board = 0
            moved = 0
            for i, m in enumerate(where):
                if m >= 0:
                    on_board += 1
                    ones.append(m_agents + m * SEATS + r)
                    if moved_bits >> i & 1:
                        moved += 1
                        ones.append(m_moved + m * SEATS + r)
            sons, daughters = s.sons[q], s.daughters[q]
            show = shown or q == me
            blocked = s.blocked[q]
            prestige = s.prestige[q]
            ones += [b, b + 20 + self._band_slot(prestige, opts.win_prestige)]
            if blocked >= 0:
                ones.append(m_blocked + blocked * SEATS + r)
            vec[b + 1 : b + 20] = [
                clip(s.money[q] / MONEY_SCALE),
                clip(prestige / win),
                on_board / agents_total,
                where.count(rome) / 2.0,
                (len(where) - on_board) / agents_total,
                moved / agents_total,
                s.horrea_count[q] / horrea_total,
                (opts.horrea - s.horrea_count[q]) / horrea_total,
                s.gifts[q] / N_SPACES,
                1.0 if s.senator[q] else 0.0,
                min(1.0, (sons + daughters) / 6.0),
                min(1.0, sons / 6.0) if show else 0.0,
                min(1.0, daughters / 6.0) if show else 0.0,
                1.0 if show else 0.0,
                clip(s.income[q] / INCOME_SCALE),
                clip(incomes[q] / INCOME_SCALE),
                clip(s.bonus[q] / INCOME_SCALE),
                0.0 if blocked < 0 else 1.0,
                min(1.0, (s.praefect_turns if s.praefect == q else 0) / 5.0),
            ]
        key = (me, tuple(s.horrea), tuple(s.local), tuple(s.benefactions), tuple(s.fate_deck))
        board = self._boards.get(key)
        if board is None:
            board = self._boards.keep(key, self._board_ones(s, rel))
        ones += board
        for a, b2, _, _ in s.marriages:
            ra, rb = rel[a], rel[b2]
            ones += [self._marriages + ra * SEATS + rb, self._marriages + rb * SEATS + ra]
        card = CARDS.get(s.fate_card)
        ones.append(self._fate + (0 if card is None else int(card.id)))
        prop = s.proposal
        if prop is not None:
            p = self._proposal
            ones += [p, p + 4 + rel[prop[0]], p + 4 + SEATS + rel[prop[1]]]
            vec[p + 1 : p + 4] = [
                1.0 if prop[2] else 0.0,
                min(1.0, prop[3] / 500.0),
                1.0 if prop[4] else 0.0,
            ]
        pend = s.pending
        if pend is not None:
            p = self._pending
            ones += [
                p,
                p + 2 + rel[pend[1]],
                p + 2 + SEATS + rel[pend[2]],
                self._m_pending + pend[0],
            ]
            vec[p + 1] = pend[3] / 6.0
        ones.append(self._praefect + (SEATS if s.praefect < 0 else rel[s.praefect]))
        ones.extend(self._winners + rel[w] for w in s.winners)
        vec.put(ones, 1.0)
        return vec

    def _board_ones(self, s: ForumState, rel: list[int]) -> list[int]:
        """The ones of the horrea, aristocracies, benefactions and drawn fate cards."""
        ones: list[int] = []
        m_horrea, m_local = self._m_horrea, self._m_local
        local = s.local
        for m, h in enumerate(s.horrea):
            base = m * SEATS
            if h:
                ones.extend(m_horrea + base + rel[q] for q in SEATS_OF[h])
            if local[m] >= 0:
                ones.append(m_local + base + rel[local[m]])
        ben = self._benefactions
        ones.extend(
            ben + space * (SEATS + 1) + (SEATS if owner < 0 else rel[owner])
            for space, owner in enumerate(s.benefactions)
        )
        left = set(s.fate_deck)
        ones.extend(self._fate_drawn + c - 1 for c in range(1, FATE_CARDS + 1) if c not in left)
        return ones

    def draw(self, observation: dict[str, Any]) -> RgbArray:
        """The market network with horrea and agents, drawn with numpy alone."""
        return draw_forum(observation)


_XS: Final = tuple(m.xy[0] for m in BOARD.markets)
_YS: Final = tuple(m.xy[1] for m in BOARD.markets)
_SCALE: Final = 0.36
_PAD: Final = 14
_PIXEL: Final = tuple(
    (round((x - min(_XS)) * _SCALE) + _PAD, round((y - min(_YS)) * _SCALE) + _PAD)
    for x, y in zip(_XS, _YS, strict=True)
)


def draw_forum(obs: dict[str, Any]) -> RgbArray:
    """Forum's market network: links, markets, horrea (corner squares), agents (centre)."""
    w = round((max(_XS) - min(_XS)) * _SCALE) + 2 * _PAD
    h = round((max(_YS) - min(_YS)) * _SCALE) + 2 * _PAD
    img = pixels.canvas(h, w, pixels.PAPER)
    for a, b in BOARD.links:
        pixels.line(img, *_PIXEL[a], *_PIXEL[b], pixels.INK)
    corners = ((-4, -4), (4, -4), (-4, 4), (4, 4))
    for m, mk in enumerate(obs["markets"]):
        x, y = _PIXEL[m]
        pixels.square(img, x, y, 7, pixels.INK)
        pixels.square(img, x, y, 6, pixels.PAPER)
        for q in mk["horrea"]:
            dx, dy = corners[q % SEATS]
            pixels.square(img, x + dx, y + dy, 2, pixels.SEAT_RGB[q % SEATS])
        occupants = mk["agents"]
        if occupants:
            pixels.square(img, x, y, 2, pixels.SEAT_RGB[occupants[0] % SEATS])
    return img


def forum_codec(game: Game) -> GameCodec:
    """The codec of a loaded Forum game."""
    return GameCodec(game, ForumActions(game.num_players), ForumObservations(game))
