"""History of the Roman Empire in the lab: where the points come from, and how games end.

Every seat scores on two tracks (HRE-2.2): People points for its barbarian holdings and Faction
points (RVP) for its Roman Faction, added only at the end (HRE-14.1). The rules engine keeps a
public log of every change of either track, so each player's final total is split exactly:

- by **source**: cities held, Areas by level (presence, domination, control, HRE-14.4), the
  Emperor's +VP bonus (HRE-3.5), loot (HRE-12.8), the end-of-game land bonus (HRE-14.3.1),
  Kingdom rolls at the end, bribes of barbarians (HRE-15.4), the early choosers' points of the
  HRE-15.5 variant, less the RVP spent on Legions, Rebels, Forts and rebuilt Cities (HRE-5.1 to
  HRE-5.4);
- by **period** (the end-of-game points count in the last period);
- by **Area** of the land the points came from ("no Area" for recruits, bribes and Kingdom rolls).

The game always ends after the last period, so "how it ends" is about the result: the winner's
margin, whether the Emperor tie-break decided it, who led after each period, and how the winner
depends on the starting Area chosen (HRE-5.5) and on the order of play in the first period (the
drawing order of HRE-3.1 and the order in which the Factions choose their starting Areas).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from alea.core.game import State
from alea.games.hotre.board import BOARD
from alea.games.hotre.constants import POINT_SOURCES
from alea.games.hotre.state import HotreState
from alea.lab.extras._bars import source_bars
from alea.lab.hooks import Milestone, PlaceOrder
from alea.lab.html import Section, ci, paragraph, pct, table
from alea.lab.stats import wilson

if TYPE_CHECKING:
    from alea.lab.data import GameRow, RunData
    from alea.lab.html import Figures

PEOPLE_SOURCES = ("cities", "presence", "domination", "control", "loot", "kingdoms", "bribes")
FACTION_SOURCES = tuple(s for s in POINT_SOURCES if s not in ("kingdoms", "carried"))
SOURCES = (
    *(f"people.{s}" for s in PEOPLE_SOURCES),
    *(f"faction.{s}" for s in FACTION_SOURCES),
)
"""Keys of the stored split by source, ``<track>.<source>``, in the order reports show them."""

AREA_NAMES = (*(a.name for a in BOARD.areas), "no Area")
"""Names of the stored split by Area (the last entry: points tied to no land)."""

START_AREAS = tuple(BOARD.areas[BOARD.area_of[r.land]].name for r in BOARD.roman_starts)
"""The four starting Areas (HRE-5.5), by the Area their starting land lies in."""

_START_LABELS = {
    BOARD.areas[BOARD.area_of[r.land]].name: (
        f"{BOARD.areas[BOARD.area_of[r.land]].name} ({BOARD.lands[r.land].name})"
    )
    for r in BOARD.roman_starts
}

TIE_BREAK = "tie on points, highest Emperor wins"
MOST_POINTS = "most points"

_LABELS = {
    "cities": "cities",
    "presence": "Areas: presence",
    "domination": "Areas: domination",
    "control": "Areas: control",
    "emperor": "Emperor +VP bonus",
    "loot": "loot",
    "kingdoms": "Kingdoms at the end",
    "bribes": "bribes of barbarians",
    "end_lands": "lands at the end",
    "spent": "RVP spent",
    "choice": "choosing early (variant)",
}


def source_label(key: str) -> str:
    """A report label for a stored source key, e.g. ``'Faction: lands at the end'``."""
    track, _, source = key.partition(".")
    return f"{track.capitalize()}: {_LABELS.get(source, source)}"


def _player(seat: int, num_players: int) -> int:
    """The player deciding for ``seat`` (two players play two seats each, HRE-15.1)."""
    return seat % 2 if num_players == 2 else seat


def _start_detail(k: int) -> Any:
    def detail(obs: dict[str, Any]) -> dict[str, Any]:
        seat = int(obs["active"])
        land = int(obs["start_lands"][seat])
        return {"seat": seat, "area": BOARD.areas[BOARD.area_of[land]].name, "choice": k}

    return detail


def _started(k: int) -> Any:
    return lambda obs: sum(1 for land in obs["start_lands"] if land >= 0) >= k


MILESTONES = tuple(Milestone(f"start_{k}", _started(k), _start_detail(k)) for k in range(1, 5))
"""The k-th Faction to choose its starting Area (HRE-5.5), which seat and which Area."""


FIRST_PLAYER_NOTE = (
    "The first player is the player whose seat draws first in the first period's drawing order "
    "(HRE-3.1, lowest roll of two dice); the order of turns then follows the People and "
    "Emperor counters each player ends up holding (HRE-3.2, HRE-3.8), and the drawing order "
    "is set anew by score every period. Offsets count players from the first in seat number "
    "((player − first) mod n), not in the order the others drew. The order in which Factions "
    "chose their starting Areas is in the section on starting Areas."
)
"""What the report's first-player section says for this game."""


def first_player(actions: Sequence[dict[str, Any]], num_players: int) -> int | None:
    """The player first in the first period's drawing order (HRE-3.1), from the record."""
    for action in actions[:80]:
        if action.get("type") == "order":
            seats = action.get("seats")
            if isinstance(seats, list) and seats and isinstance(seats[0], int):
                return _player(seats[0], num_players)
    return None


def end_reason(state: State) -> str | None:
    """How the winner was decided (HRE-14.1): on points, or by the Emperor tie-break."""
    if not state.is_terminal():
        return None
    totals = [int(s["total"]) for s in state.scores()]
    best = max(totals)
    return TIE_BREAK if totals.count(best) > 1 else MOST_POINTS


def points_split(state: State) -> list[dict[str, Any]]:
    """Each player's points split by source, period and Area, from the public points log."""
    if not isinstance(state, HotreState):
        raise TypeError(f"not a History of the Roman Empire position: {type(state).__name__}")
    n = state.n
    periods = state.opts.last_period
    out: list[dict[str, Any]] = [
        {
            "sources": dict.fromkeys(SOURCES, 0),
            "by_period": [0] * periods,
            "by_area": [0] * len(AREA_NAMES),
        }
        for _ in range(n)
    ]
    for e in state.points_log():
        mine = out[_player(e.seat, n)]
        key = f"{'faction' if e.faction else 'people'}.{e.source}"
        mine["sources"][key] = mine["sources"].get(key, 0) + e.points
        mine["by_period"][min(e.period, periods) - 1] += e.points
        mine["by_area"][e.area if e.area >= 0 else -1] += e.points
    for p, score in enumerate(state.scores()):
        out[p]["people"] = int(score["people"])
        out[p]["faction"] = int(score["faction"])
        out[p]["total"] = int(score["total"])
    return out


def lab_summary(state: State) -> dict[str, Any]:
    """Points by source, period and Area, starting Areas, drawing order, dead Factions."""
    obs = state.observation(None)
    n = state.game.num_players
    starts: list[list[str]] = [[] for _ in range(n)]
    for seat, land in enumerate(obs["start_lands"]):
        if land >= 0:
            starts[_player(seat, n)].append(BOARD.areas[BOARD.area_of[land]].name)
    dead = [0] * n
    for seat, flag in enumerate(obs["dead"]):
        dead[_player(seat, n)] += int(bool(flag))
    order: list[int] = []
    for action in state.history()[:80]:
        data = action.to_json()
        if data.get("type") == "order":
            order = [int(s) for s in data["seats"]]
            break
    return {
        "periods": int(obs["period"]),
        "points": points_split(state),
        "start_areas": starts,
        "drawing_order": order,
        "dead": dead,
    }


# -- report -----------------------------------------------------------------------------------


def _splits(run: RunData) -> list[tuple[GameRow, list[dict[str, Any]]]]:
    return [(g, g.summary["points"]) for g in run.games if g.summary.get("points")]


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def _winners(g: GameRow) -> list[int]:
    return [p for p, v in enumerate(g.returns) if v > 0]


_SHARE_COLUMNS = ("wins", "win share", "95% interval")
"""The columns a share row ends with, after its label and its count of games."""


def _share_row(label: Sequence[Any], wins: float, games: int) -> list[Any]:
    if not games:
        return [*label, 0, "—", "—"]
    lo, hi = wilson(wins, games)
    return [*label, games, f"{wins:.5g}", pct(wins / games), ci(lo, hi)]


def _players_share(
    label: Sequence[Any], run: RunData, players: Callable[[GameRow], list[int]]
) -> list[Any]:
    """The share row of the players ``players`` picks out of each game of ``run``."""
    games = 0
    wins = 0.0
    for g in run.games:
        for p in players(g):
            games += 1
            wins += g.returns[p]
    return _share_row(label, wins, games)


def _starters(area: str, g: GameRow) -> list[int]:
    """The players whose Faction started in ``area``."""
    return [p for p, areas in enumerate(g.summary.get("start_areas", [])) if area in areas]


def _chooser(k: int, num_players: int, g: GameRow) -> list[int]:
    """The player whose Faction chose its starting Area ``k``-th, if the game recorded it."""
    m = (g.summary.get("milestones") or {}).get(f"start_{k}")
    return [_player(int(m["seat"]), num_players)] if m else []


def choosers(summary: dict[str, Any], num_players: int) -> list[int] | None:
    """The player whose Faction chose its starting Area first, second, ... (HRE-5.5).

    ``None`` unless every seat's choice is recorded (a Faction may end its first turn without
    choosing); with two players each player stands in the list once per seat (HRE-15.1).
    """
    milestones = summary.get("milestones") or {}
    seats = _seats(num_players)
    found = [milestones.get(f"start_{k}") for k in range(1, seats + 1)]
    if any(m is None for m in found):
        return None
    return [_player(int(m["seat"]), num_players) for m in found if m is not None]


def _seats(num_players: int) -> int:
    return 4 if num_players == 2 else num_players


PLACES = {"choice": PlaceOrder("to choose", _seats, choosers)}
"""``alea lab tune hotre --by choice`` evens the shares of the order of choosing Areas."""


def _drawer(k: int, num_players: int, g: GameRow) -> list[int]:
    """The player of the seat ``k``-th in the drawing order (from 0), if there is one."""
    order = g.summary.get("drawing_order") or []
    return [_player(order[k], num_players)] if len(order) > k else []


def _ending(runs: Sequence[RunData], figures: Figures) -> Section:
    """Margins, tie-breaks, who led when, and the wins by starting Area and order of play."""
    from alea.lab.report import COLOURS, new_figure

    rows = []
    lead_rows = []
    lead_series = []
    for r in runs:
        splits = _splits(r)
        margins = []
        win_totals = []
        for _, split in splits:
            totals = sorted((p["total"] for p in split), reverse=True)
            margins.append(totals[0] - totals[1])
            win_totals.append(totals[0])
        ties = sum(1 for g in r.games if g.end_reason == TIE_BREAK)
        dead = [sum(g.summary.get("dead", [])) for g in r.games]
        seats = 4 if r.num_players == 2 else r.num_players
        unplaced = [seats - sum(len(a) for a in g.summary.get("start_areas", [])) for g in r.games]
        if margins:
            q = statistics.quantiles(margins, n=10) if len(margins) > 1 else [margins[0]] * 9
            rows.append(
                [
                    r.label,
                    r.n(),
                    f"{_mean(win_totals):.1f}",
                    f"{_mean(margins):.1f}",
                    f"{statistics.median(margins):.0f}",
                    f"{q[0]:.0f}–{q[-1]:.0f}",
                    f"{ties} ({pct(ties / r.n())})",
                    f"{_mean(dead):.2f}",
                    f"{_mean(unplaced):.2f}",
                ]
            )
        periods = max((len(s[0]["by_period"]) for _, s in splits), default=0)
        shares = []
        for k in range(1, periods):
            hits = 0.0
            for g, split in splits:
                running = [sum(p["by_period"][:k]) for p in split]
                top = max(running)
                leaders = [p for p, v in enumerate(running) if v == top]
                hits += sum(g.returns[p] for p in leaders) / len(leaders)
            shares.append(hits / len(splits) if splits else 0.0)
        lead_rows.append([r.label, *[pct(s) for s in shares]])
        lead_series.append((r, shares))
    body = paragraph(
        "Every game ends after the last period (HRE-3.0); the highest total of People and "
        "Faction points wins, and a tie goes to the highest Emperor number (HRE-14.1). A dead "
        "Faction has no Legion and no RVP from the second period on (HRE-5.7); a Faction never "
        "placed ended its first turn without choosing a starting Area (HRE-5.5)."
    )
    body += table(
        [
            "run",
            "games",
            "winner's total",
            "mean margin",
            "median margin",
            "10–90% margin",
            "decided by tie-break",
            "dead Factions per game",
            "Factions never placed per game",
        ],
        rows,
        caption="How games end: the winner's total and margin over the runner-up",
    )
    most = max((len(s) for _, s in lead_series), default=0)
    body += table(
        ["run", *[f"after period {k}" for k in range(1, most + 1)]],
        lead_rows,
        caption="How often the player leading after each period wins (a tied lead counts 1/k)",
    )
    if most:
        fig = new_figure(7.0, 3.2)
        ax = fig.add_subplot()
        for i, (r, shares) in enumerate(lead_series):
            ax.plot(
                range(1, len(shares) + 1),
                shares,
                marker="o",
                color=COLOURS[i % len(COLOURS)],
                label=r.label,
            )
            ax.axhline(1 / r.num_players, color=COLOURS[i % len(COLOURS)], ls=":", lw=0.8)
        ax.set_xlabel("period")
        ax.set_ylabel("leader goes on to win")
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.0%}")
        ax.legend(fontsize=8, frameon=False)
        body += figures.add("hotre-leader", fig, "Share of games won by the leader after a period")
    area_rows = [
        _players_share([r.label, _START_LABELS[area]], r, partial(_starters, area))
        for r in runs
        for area in START_AREAS
    ]
    body += table(
        ["run", "starting Area", "games chosen", *_SHARE_COLUMNS],
        area_rows,
        caption="Win share of the Faction by starting Area (HRE-5.5; with two players, of the "
        "player holding it)",
    )
    body += table(
        ["run", "position", "games", *_SHARE_COLUMNS],
        [row for r in runs for row in _order_rows(r)],
        caption="Win share by order of play in the first period: the k-th Faction to choose its "
        "starting Area (lowest Emperor first), and the k-th seat in the drawing order (HRE-3.1)",
    )
    choice_rows = []
    for r in runs:
        seats = 4 if r.num_players == 2 else r.num_players
        for k in range(1, seats + 1):
            counts = dict.fromkeys(START_AREAS, 0)
            for g in r.games:
                m = (g.summary.get("milestones") or {}).get(f"start_{k}")
                if m and m.get("area") in counts:
                    counts[m["area"]] += 1
            total = sum(counts.values())
            choice_rows.append(
                [r.label, _nth(k)]
                + [f"{c} ({pct(c / total)})" if total else "—" for c in counts.values()]
            )
    body += table(
        ["run", "choosing", *(_START_LABELS[a] for a in START_AREAS)],
        choice_rows,
        caption="Which starting Area each Faction in turn chooses",
    )
    return Section("History of the Roman Empire: how games end", body)


def _order_rows(r: RunData) -> list[list[Any]]:
    """The share rows of ``r`` by order of play: k-th to choose an Area, then k-th to draw."""
    n = r.num_players
    seats = 4 if n == 2 else n
    rows = [
        _players_share([r.label, _nth(k)], r, partial(_chooser, k, n)) for k in range(1, seats + 1)
    ]
    for k in range(seats):
        label = [r.label, f"{_nth(k + 1)} to draw"]
        rows.append(_players_share(label, r, partial(_drawer, k, n)))
    return rows


def _nth(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _source_means(splits: Sequence[dict[str, Any]]) -> dict[str, float]:
    keys = list(SOURCES) + sorted({k for s in splits for k in s["sources"]} - set(SOURCES))
    return {k: _mean([s["sources"].get(k, 0) for s in splits]) for k in keys}


def _sources(runs: Sequence[RunData], figures: Figures) -> Section:
    """Mean points by source, period and Area, for winners and for every player."""
    from alea.lab.report import COLOURS, new_figure

    winners: dict[str, dict[str, float]] = {}
    everyone: dict[str, dict[str, float]] = {}
    won_splits: dict[str, list[dict[str, Any]]] = {}
    all_splits: dict[str, list[dict[str, Any]]] = {}
    for r in runs:
        won: list[dict[str, Any]] = []
        allp: list[dict[str, Any]] = []
        for g, split in _splits(r):
            allp.extend(split)
            won.extend(split[p] for p in _winners(g))
        won_splits[r.label], all_splits[r.label] = won, allp
        winners[r.label] = _source_means(won)
        everyone[r.label] = _source_means(allp)
    keys = [k for k in everyone[runs[0].label] if any(everyone[r.label].get(k) for r in runs)]
    headers = ["source"]
    for r in runs:
        headers += [f"{r.label}: all players", f"{r.label}: winners"]
    rows = []
    for k in keys:
        row: list[Any] = [source_label(k)]
        for r in runs:
            for means in (everyone[r.label], winners[r.label]):
                total = sum(means.values())
                v = means.get(k, 0.0)
                row.append(f"{v:.1f} ({pct(v / total) if total else '—'})")
        rows.append(row)
    total_row: list[Any] = ["total"]
    for r in runs:
        for means in (everyone[r.label], winners[r.label]):
            total_row.append(f"{sum(means.values()):.1f}")
    rows.append(total_row)
    body = paragraph(
        "Mean points per player at the end, split by where they came from. People points score "
        "the cities and Areas held by a seat's barbarian holdings after its People turn; Faction "
        "points the cities and Areas its Legions hold after its Faction turn, the Emperor's "
        "+VP bonus and two points a land at the end, less the RVP spent on recruits, Rebels, "
        "Forts and rebuilt Cities. Only the highest Area level counts each time (HRE-14.4)."
    )
    body += table(headers, rows, caption="Where the points come from (mean per player)")
    fig = new_figure(7.5, 0.9 + 0.5 * 2 * len(runs))
    ax = fig.add_subplot()
    source_bars(ax, runs, winners, everyone, _groups(keys), "mean points at the end")
    ax.legend(fontsize=7, frameon=False, ncols=4, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    body += figures.add("hotre-sources", fig, "Mean points at the end by source")

    periods = max((len(s["by_period"]) for s in all_splits[runs[0].label]), default=0)
    prow = []
    for j in range(periods):
        prow_line: list[Any] = [f"period {j + 1}" + (" (and the end)" if j == periods - 1 else "")]
        for r in runs:
            for splits in (all_splits[r.label], won_splits[r.label]):
                vals = [s["by_period"][j] for s in splits if len(s["by_period"]) > j]
                prow_line.append(f"{_mean(vals):.1f}")
        prow.append(prow_line)
    body += table(["period", *headers[1:]], prow, caption="Mean points by period")
    if periods:
        fig = new_figure(7.0, 3.2)
        ax = fig.add_subplot()
        for i, r in enumerate(runs):
            for splits, style, who in (
                (all_splits[r.label], "-", "all"),
                (won_splits[r.label], "--", "winners"),
            ):
                line = [
                    _mean([s["by_period"][j] for s in splits if len(s["by_period"]) > j])
                    for j in range(periods)
                ]
                ax.plot(
                    range(1, periods + 1),
                    line,
                    ls=style,
                    marker="o",
                    color=COLOURS[i % len(COLOURS)],
                    label=f"{r.label}: {who}",
                )
        ax.set_xlabel("period (the last includes the end-of-game points)")
        ax.set_ylabel("mean points scored")
        ax.legend(fontsize=8, frameon=False)
        body += figures.add("hotre-periods", fig, "Mean points scored in each period")

    arow = []
    for a, name in enumerate(AREA_NAMES):
        row = [name]
        for r in runs:
            for splits in (all_splits[r.label], won_splits[r.label]):
                row.append(f"{_mean([s['by_area'][a] for s in splits]):.1f}")
        arow.append(row)
    body += table(
        ["Area", *headers[1:]],
        arow,
        caption="Mean points by Area of the land they came from (People and Faction together)",
    )
    return Section("History of the Roman Empire: where the points come from", body)


def _groups(keys: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Sources merged into a few groups for the stacked bars."""
    spec = [
        ("People: cities", ["people.cities"]),
        ("People: Areas", ["people.presence", "people.domination", "people.control"]),
        ("People: loot, Kingdoms, bribes", ["people.loot", "people.kingdoms", "people.bribes"]),
        ("Faction: cities", ["faction.cities"]),
        ("Faction: Areas", ["faction.presence", "faction.domination", "faction.control"]),
        ("Faction: Emperor, loot, end", ["faction.emperor", "faction.loot", "faction.end_lands"]),
        ("Faction: spent, bribes", ["faction.spent", "faction.bribes"]),
    ]
    known = {k for _, members in spec for k in members}
    rest = [k for k in keys if k not in known]
    return spec + ([("other", rest)] if rest else [])


def report_sections(runs: Sequence[RunData], figures: Figures) -> list[Section]:
    """How games end and where the points come from."""
    return [_ending(runs, figures), _sources(runs, figures)]
