"""Money and debt (FOR-8): paying, earning and borrowing against prestige."""

from __future__ import annotations

from collections.abc import Iterable

from alea.games.forum.constants import debt_units
from alea.games.forum.position import ForumPosition


def can_afford(s: ForumPosition, p: int, amount: int) -> bool:
    """Whether ``p`` may spend ``amount`` now, borrowing against prestige (FOR-8.2)."""
    money = s.money[p]
    if money >= amount:
        return True
    need = debt_units(money - amount) - debt_units(money)
    return 0 < need <= s.prestige[p] or need == 0


def affordable(s: ForumPosition, p: int, amounts: Iterable[int]) -> list[int]:
    """Those of ``amounts`` that ``p`` may spend now, each as ``can_afford`` says (FOR-8.2)."""
    money = s.money[p]
    prestige = s.prestige[p]
    owed = debt_units(money)
    out = []
    for amount in amounts:
        if money >= amount:
            out.append(amount)
        else:
            need = debt_units(money - amount) - owed
            if 0 < need <= prestige or need == 0:
                out.append(amount)
    return out


def reserve(s: ForumPosition, p: int) -> int:
    """Agents of ``p`` off the board."""
    return s.agents[p].count(-1)


def gain(s: ForumPosition, p: int, k: int) -> None:
    """FOR-8.3: prestige moves by ``k`` and never below zero."""
    v = s.prestige[p] + k
    s.prestige[p] = v if v > 0 else 0


def pay(s: ForumPosition, p: int, amount: int) -> None:
    """FOR-8.2: spend, borrowing as needed; each new $100 of debt costs 1 prestige."""
    old = s.money[p]
    new = old - amount
    s.money[p] = new
    if new < 0:
        lost = debt_units(new) - debt_units(old)
        if lost > 0:
            gain(s, p, -lost)


def earn(s: ForumPosition, p: int, amount: int) -> None:
    """Add ``amount`` to ``p``'s money, paying back debt first (FOR-8)."""
    if amount >= 0:
        s.money[p] += amount
    else:
        pay(s, p, -amount)
