"""Forum in a terminal: the numbered choices offered to a player, grouped for reading."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from alea.core.game import Action, State
from alea.games.forum.actions import (
    GENTES,
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
from alea.games.forum.cards import FATE
from alea.games.forum.state import ForumState, debt_units
from alea.games.forum.terminal.names import (
    N_KINDS,
    ROME,
    _band,
    _money,
    _paint,
    _paint_names,
    market_name,
)

# -- the choices --------------------------------------------------------------------------------


def _fate_card(obs: dict[str, Any]) -> Any:
    fate = obs.get("fate")
    if isinstance(fate, dict):
        number = fate.get("card")
        return next((c for c in FATE if c.id == number), None)
    return None


def _decision_text(action: Decide, obs: dict[str, Any]) -> str:
    verb = action.verb
    if verb == "done":
        return "finish moving"
    if verb in ("pay", "refuse"):
        card = _fate_card(obs)
        if card is not None:
            if verb == "pay":
                gain = ", +1 prestige" if card.kind in ("sponsor", "vow") else ""
                return f"pay {_money(card.cost)}{gain}"
            if card.kind == "mores":
                return "refuse (−1 prestige)"
        return verb
    if verb == "accept":
        prop = obs.get("proposal")
        if isinstance(prop, dict):
            return f"accept (dowry {_money(int(prop['price']))})"
    if verb == "pass":
        stage = obs.get("stage")
        return {"build": "build nothing", "give": "give nothing"}.get(str(stage), "pass")
    return verb


def choice_rows(
    state: State, actions: Sequence[Action], indices: Sequence[int]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The numbered choices grouped for reading.

    Moves by agent, marriages by child, proposals by family and child (one entry per dowry),
    builds, destroys, benefactions, then the plain decisions. Returns rows of (label,
    [(index, markup text)]).
    """
    player = state.current_player()
    obs = state.observation(player if player >= 0 else None)
    players = obs.get("players", [])
    money = int(players[player].get("money", 0)) if 0 <= player < len(players) else 0
    rows: dict[str, list[tuple[int, str]]] = {}
    for i in indices:
        a = actions[i]
        key, item = _choice(state, obs, a)
        cost = spend(a, state.game.options, obs)
        borrowed = debt_units(money - cost) - debt_units(money) if cost > 0 else 0
        if borrowed > 0:
            item += f" [bold red](into debt: −{borrowed} prestige)[/bold red]"
        warning = state.action_warning(a, brief=True) if isinstance(state, ForumState) else ""
        if warning and (isinstance(a, Decide) or key not in rows):
            # FOR-4.8: an alliance this turn's oust would end at once; said once a row.
            item += f" [bold red]⚠ {escape(warning)}[/bold red]"
        rows.setdefault(key, []).append((i, item))
    return list(rows.items())


def spend(action: Action, options: dict[str, Any], obs: dict[str, Any]) -> int:
    """The money ``action`` costs the family that chooses it (0 for none)."""
    if isinstance(action, Build):
        return int(options.get("build_cost", 100))
    if isinstance(action, Destroy):
        return int(options.get("destroy_cost", 200))
    if isinstance(action, MarryLocal):
        return int(options.get("marry_cost", 200))
    if isinstance(action, Give):
        return BOARD.bands[action.space // N_KINDS].cost or 0
    if isinstance(action, Propose):
        return action.price
    if isinstance(action, Decide) and action.verb == "pay":
        card = _fate_card(obs)
        return card.cost if card is not None else 0
    return 0


def _choice(state: State, obs: dict[str, Any], a: Action) -> tuple[str, str]:
    """The row label and the markup text of one choice."""
    markets = obs.get("markets", [])
    key, item = "", ""
    if isinstance(a, Move):
        key = f"agent in {market_name(a.src)} to"
        item = escape(market_name(a.to))
        rivals = (
            [int(q) for q in markets[a.to].get("agents", []) if int(q) != a.seat]
            if a.to < len(markets)
            else []
        )
        if rivals and a.to != ROME:
            item += f" [yellow](oust the {', '.join(GENTES[q] for q in rivals)})[/yellow]"
    elif isinstance(a, MarryLocal):
        key = f"marry a {'son' if a.son else 'daughter'} into"
        item = escape(market_name(a.market))
    elif isinstance(a, Propose):
        key = f"offer a {'son' if a.son else 'daughter'} to the {GENTES[a.to]}, dowry"
        item = _money(a.price)
    elif isinstance(a, Counter):
        key, item = "or ask a dowry of", _money(a.price)
    elif isinstance(a, Divorce):
        key, item = "divorce", _paint(a.other)
    elif isinstance(a, Build):
        count = len(markets[a.market].get("horrea", [])) if a.market < len(markets) else 0
        profit = BOARD.markets[a.market].profit
        each = profit[count] if count < len(profit) else profit[-1]
        cost = _money(int(state.game.options.get("build_cost", 100)))
        key = "build a horreum in"
        item = (
            f"{escape(market_name(a.market))} [dim]({cost}; then each of the "
            f"{count + 1} earns {_money(each)} a trade)[/dim]"
        )
    elif isinstance(a, Destroy):
        key = "destroy a horreum"
        item = f"{_paint(a.victim)} in {escape(market_name(a.market))}"
    elif isinstance(a, Give):
        band = BOARD.bands[a.space // N_KINDS]
        key = "give a benefaction"
        kind = BOARD.benefactions[a.space % N_KINDS].lower()
        item = f"{_band(band.name)} {kind} [dim]({_money(band.cost or 0)})[/dim]"
    elif isinstance(a, Dismiss):
        key, item = "give up the agent in", escape(market_name(a.market))
    elif isinstance(a, Decide):
        key, item = "", escape(_decision_text(a, obs))
    else:
        key, item = "", _paint_names(state.action_to_string(a))
    return key, item
