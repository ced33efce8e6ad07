"""A tiny game that exists only for tests: a two-player dice race with a hidden card each.

It exercises every part of the contract the conformance suite checks (setup chance nodes with
unequal outcome counts, dice, hidden information, shared returns, a round cap) while staying
small enough that a failure points at the core, not at a game.

Rules:
    1. Setup. Three cards worth 1, 2 and 3 are shuffled; seat 0 is dealt one, then seat 1 (both
       chance events). The third card stays face down. Each seat sees only its own card.
    2. Turns. Seats alternate, seat 0 first. On a turn the seat either rolls the die (a chance
       event: 1..die_sides, each equally likely) or, once per game, plays its card; either way
       its racer moves forward by the number. A played card is face up from then on.
    3. Winning. A racer that reaches ``goal`` wins at once (returns 1.0 and 0.0).
    4. Cap. After ``max_turns`` turns the racer further ahead wins; level racers share the win.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Final

from alea.core.errors import IllegalActionError, RecordError
from alea.core.game import CHANCE, TERMINAL, Action, Game, State
from alea.core.options import options_to_json, parse_options

NAME: Final = "toy-dice-race"
CARDS: Final = (1, 2, 3)
SEATS: Final = ("Red", "Blue")


@dataclass(frozen=True)
class ToyOptions:
    """The toy game's tunable numbers."""

    goal: int = 12
    die_sides: int = 6
    max_turns: int = 6

    def validate(self) -> str | None:
        if self.goal < 1 or self.die_sides < 1 or self.max_turns < 1:
            return "goal, die_sides and max_turns must be at least 1"
        return None


@dataclass(frozen=True)
class ToyAction(Action):
    """An action of the toy game, declared with its ``kind`` and ``text``: its JSON is the kind
    and its fields, its text fills ``text`` with the fields (and ``who``, the seat's name)."""

    KIND: ClassVar[str] = ""
    TEXT: ClassVar[str] = ""

    def __init_subclass__(cls, kind: str = "", text: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            cls.KIND, cls.TEXT = kind, text

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.KIND, **asdict(self)}

    def __str__(self) -> str:
        fields = asdict(self)
        who = SEATS[fields["seat"]] if "seat" in fields else ""
        return self.TEXT.format(who=who, **fields)


@dataclass(frozen=True)
class SeatAction(ToyAction):
    """A toy action taken by (or dealt to) a seat."""

    seat: int


@dataclass(frozen=True)
class Deal(SeatAction, kind="deal", text="{who} is dealt a card"):
    """Chance: a seat is dealt one of the cards left (rule 1)."""

    card: int


class Roll(SeatAction, kind="roll", text="{who} rolls"):
    """A seat rolls the die (rule 2)."""


class PlayCard(SeatAction, kind="card", text="{who} plays their card"):
    """A seat plays its card, once a game (rule 2)."""


@dataclass(frozen=True)
class Die(ToyAction, kind="die", text="the die shows {value}"):
    """Chance: the die shows ``value`` (rule 2)."""

    value: int


class ToyState(State):
    """A position of the toy race."""

    game: ToyGame

    def __init__(self, game: ToyGame) -> None:
        self.game = game
        self.cards: list[int | None] = [None, None]
        self.played = [False, False]
        self.positions = [0, 0]
        self.turns = 0
        self.to_move = 0
        self.rolling = False
        self.over = False
        self._history: list[Action] = []

    # Rules 1-2: who or what moves next, and what they may do.
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if None in self.cards or self.rolling:
            return CHANCE
        return self.to_move

    def legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat < 0:
            return []
        actions: list[Action] = [Roll(seat)]
        if not self.played[seat]:
            actions.append(PlayCard(seat))
        return actions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        if self.rolling:
            sides = self.game.opts.die_sides
            return [(Die(v), 1.0 / sides) for v in range(1, sides + 1)]
        seat = self.cards.index(None)
        deck = [c for c in CARDS if c not in self.cards]
        return [(Deal(seat, c), 1.0 / len(deck)) for c in deck]

    def apply_action(self, action: Action) -> None:
        allowed = [a for a, _ in self.chance_outcomes()] or self.legal_actions()
        if action not in allowed:
            raise IllegalActionError(f"{action} is not possible now", rule="TOY-2")
        self._history.append(action)
        if isinstance(action, Deal):
            self.cards[action.seat] = action.card
        elif isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Die):
            self.rolling = False
            self._advance(action.value)
        elif isinstance(action, PlayCard):
            self.played[action.seat] = True
            card = self.cards[action.seat]
            assert card is not None
            self._advance(card)

    # Rules 3-4: moving, winning and the cap.
    def _advance(self, steps: int) -> None:
        self.positions[self.to_move] += steps
        self.turns += 1
        won = self.positions[self.to_move] >= self.game.opts.goal
        if won or self.turns >= self.game.opts.max_turns:
            self.over = True
        else:
            self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        best = max(self.positions)
        winners = [p == best for p in self.positions]
        return [1.0 / sum(winners) if w else 0.0 for w in winners]

    def scores(self) -> list[Any]:
        return list(self.positions)

    def history(self) -> list[Action]:
        return list(self._history)

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "positions": list(self.positions),
            "turns": self.turns,
            "to_move": self.current_player(),
            "played": list(self.played),
            "cards": [
                c if (seat == player or self.played[seat]) else None
                for seat, c in enumerate(self.cards)
            ],
        }

    def determinize(self, player: int, rng: random.Random) -> State:
        state = self.clone()
        other = 1 - player
        if state.cards[other] is not None and not state.played[other]:
            unseen = [c for c in CARDS if c != state.cards[player]]
            card = rng.choice(unseen)
            state.cards[other] = card
            state._history = [
                Deal(other, card) if isinstance(a, Deal) and a.seat == other else a
                for a in state._history
            ]
        return state

    def clone(self) -> ToyState:
        copy = ToyState(self.game)
        copy.cards = list(self.cards)
        copy.played = list(self.played)
        copy.positions = list(self.positions)
        copy.turns, copy.to_move = self.turns, self.to_move
        copy.rolling, copy.over = self.rolling, self.over
        copy._history = list(self._history)
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": list(self.cards),
            "played": list(self.played),
            "positions": list(self.positions),
            "turns": self.turns,
            "to_move": self.to_move,
            "rolling": self.rolling,
            "over": self.over,
            "history": [a.to_json() for a in self._history],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToyState):
            return NotImplemented
        return self.game.options == other.game.options and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable


class ToyGame(Game):
    """The toy dice race with its options fixed."""

    def __init__(self, **options: Any) -> None:
        self.opts = parse_options(ToyOptions, options, NAME)
        self.name = NAME
        self.num_players = 2
        self.player_names = SEATS
        self.options = options_to_json(self.opts)
        self.version = "1"

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        state = ToyState(self)
        try:
            state.cards = list(data["cards"])
            state.played = list(data["played"])
            state.positions = list(data["positions"])
            state.turns, state.to_move = int(data["turns"]), int(data["to_move"])
            state.rolling, state.over = bool(data["rolling"]), bool(data["over"])
            state._history = [self.action_from_json(a) for a in data["history"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a {NAME} state: {exc}") from None
        return state

    def action_from_json(self, data: Any) -> Action:
        try:
            kind = data["kind"]
            if kind == "deal":
                return Deal(int(data["seat"]), int(data["card"]))
            if kind == "roll":
                return Roll(int(data["seat"]))
            if kind == "card":
                return PlayCard(int(data["seat"]))
            if kind == "die":
                return Die(int(data["value"]))
        except (KeyError, TypeError, ValueError):
            pass
        raise RecordError(f"not a {NAME} action: {data!r}")
