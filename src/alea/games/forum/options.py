"""Forum's tunable numbers, defaulting to the short rules (the seed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from alea.core.options import Range, RoundCap


@dataclass(frozen=True)
class ForumOptions:
    """Options of Forum; every default is the short rules' figure.

    Attributes:
        ruleset: ``"short"`` (the seed) or ``"complete"`` (the designers' long rules where they
            differ: family, divorce, information boost), FOR-11.
        start_money: money each player starts with (FOR-1.3).
        win_prestige: prestige that wins at the end of a turn (FOR-9.1).
        max_turns: turn cap; a game still undecided after it ends with no winner (FOR-9.3).
        agents: agent pawns per player (FOR-1.3).
        horrea: horreum tokens per player (FOR-1.3).
        family_cards: family cards dealt to each player in the short rules (FOR-1.4).
        enter_roll: lowest die roll that brings a new agent into Rome (FOR-3.1).
        oust_cost: what the arriving agent's player pays to oust (FOR-4.2).
        contest_roll: lowest roll that wins an oust or a destruction (FOR-4.2, FOR-6.4).
        ally_roll: lowest roll for a player married into the market's aristocracy (FOR-4.4).
        shield_roll: lowest roll against a player married into that aristocracy (FOR-4.4).
        marry_cost: price of marrying into a market's local aristocracy (FOR-4.3).
        build_cost: price of a horreum (FOR-6.2).
        destroy_cost: price of an attempt to destroy a horreum (FOR-6.4).
        fate: whether the fate deck is used (FOR-7.1); off is a variant for the lab.
        tie_break: what decides between players who reach the winning prestige in the same
            turn (FOR-9.2): ``"money"`` (the rules: money, then prestige, then benefactions)
            or ``"prestige"`` (a variant: prestige, then money, then benefactions).
        order_money: a variant against the first-turn order's edge (FOR-1.7): the family
            ``k``-th of ``n`` in the first turn's order starts with ``(n - k) * order_money``
            more money, so the first to play gets most; 0 (the rules) gives nothing.
        late_first_build: a variant against the same edge (FOR-1.8): the last
            ``late_first_build`` families in the first turn's order skip that turn's build
            phase; 0 (the rules) lets everyone build. Fewer than the players.
        first_build: a variant against the same edge (FOR-1.9): ``"order"`` (the rules) has
            the first turn's build phase played in the turn's order, ``"reverse"`` from the
            last family in that order to the first.

    """

    ruleset: Literal["short", "complete"] = "short"
    start_money: Annotated[int, Range(0, 100_000)] = 200
    win_prestige: Annotated[int, Range(1, 100)] = 15
    max_turns: RoundCap = 100
    agents: Annotated[int, Range(1, 8)] = 4
    horrea: Annotated[int, Range(1, 57)] = 20
    family_cards: Annotated[int, Range(0, 6)] = 3
    enter_roll: Annotated[int, Range(1, 7)] = 4
    oust_cost: Annotated[int, Range(0, 10_000)] = 200
    contest_roll: Annotated[int, Range(1, 7)] = 4
    ally_roll: Annotated[int, Range(1, 7)] = 2
    shield_roll: Annotated[int, Range(1, 7)] = 6
    marry_cost: Annotated[int, Range(0, 10_000)] = 200
    build_cost: Annotated[int, Range(0, 10_000)] = 100
    destroy_cost: Annotated[int, Range(0, 10_000)] = 200
    fate: bool = True
    tie_break: Literal["money", "prestige"] = "money"
    order_money: Annotated[int, Range(0, 10_000)] = 0
    late_first_build: Annotated[int, Range(0, 3)] = 0
    first_build: Literal["order", "reverse"] = "order"

    TUNE_SPACE: ClassVar[dict[str, Any]] = {
        "order_money": (0, 150),
        "late_first_build": (0, 3),
        "first_build": ["order", "reverse"],
    }
    """What ``alea lab tune forum`` searches unless told otherwise: the first-turn order's
    compensation and handicap, against the seat effect the balance lab found
    (docs/balance.md)."""
