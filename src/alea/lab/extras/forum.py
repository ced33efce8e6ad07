"""Forum in the lab: where each family's prestige comes from, and how many turns games last.

Prestige is the game's score and the winners' path to the consulship. At the end of a game
each family's prestige is split by what it holds, read from the public view and the board:
benefactions given (+1 each), horrea (each region's prestige for the horrea held there),
marriages (+2 for each alliance with another family, +1 for each local aristocracy married
into), and money (+1 for each full $1000 held, converted at the end of a turn). What is left,
"other", is the net of everything else: local elections and fate cards, debt, divorces, and
the floor at zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from alea.core.game import State
from alea.games.forum.board import BOARD
from alea.games.forum.constants import region_prestige
from alea.lab.extras._bars import source_bars
from alea.lab.html import Section, paragraph, pct, table

if TYPE_CHECKING:
    from alea.lab.data import RunData
    from alea.lab.html import Figures

SOURCES = ("benefactions", "horrea", "marriages", "money", "other")
"""Where prestige comes from, in the order reports show them."""

_REGION_OF = {m.name: m.region for m in BOARD.markets}
_REGION_SIZE = {r: len(BOARD.region_markets(r)) for r in BOARD.regions}


def prestige_sources(obs: dict[str, Any]) -> list[dict[str, int]]:
    """Each seat's prestige split by source, from a spectator's view of the table."""
    players = obs["players"]
    n = len(players)
    held: list[dict[str, int]] = [{} for _ in range(n)]
    local = [0] * n
    for market in obs["markets"]:
        region = _REGION_OF.get(market["name"])
        for p in market["horrea"]:
            if region is not None:
                held[p][region] = held[p].get(region, 0) + 1
        if market.get("local") is not None:
            local[market["local"]] += 1
    wed = [0] * n
    for m in obs["marriages"]:
        wed[m["a"]] += 1
        wed[m["b"]] += 1
    out = []
    for p, player in enumerate(players):
        parts = {
            "benefactions": int(player["benefactions"]) * BOARD.benefaction_prestige,
            "horrea": sum(region_prestige(c, _REGION_SIZE[r]) for r, c in held[p].items()),
            "marriages": 2 * wed[p] + local[p],
            "money": max(0, int(player["money"])) // 1000,
        }
        parts["other"] = int(player["prestige"]) - sum(parts.values())
        out.append(parts)
    return out


def lab_summary(state: State) -> dict[str, Any]:
    """Turns played and each seat's prestige by source (public view only)."""
    obs = state.observation(None)
    return {"turns": int(obs["turn"]), "prestige": prestige_sources(obs)}


def _mean_sources(rows: Sequence[dict[str, int]]) -> dict[str, float]:
    if not rows:
        return dict.fromkeys(SOURCES, 0.0)
    return {s: sum(r.get(s, 0) for r in rows) / len(rows) for s in SOURCES}


def report_sections(runs: Sequence[RunData], figures: Figures) -> list[Section]:
    """Where prestige comes from: for winners and for every family, per run."""
    from alea.lab.report import new_figure

    winners: dict[str, dict[str, float]] = {}
    everyone: dict[str, dict[str, float]] = {}
    rows = []
    for r in runs:
        won: list[dict[str, int]] = []
        allp: list[dict[str, int]] = []
        for g in r.games:
            split = g.summary.get("prestige")
            if not split:
                continue
            allp.extend(split)
            won.extend(split[s] for s, v in enumerate(g.returns) if v > 0)
        winners[r.label] = _mean_sources(won)
        everyone[r.label] = _mean_sources(allp)
        for who, means in (("winners", winners[r.label]), ("all families", everyone[r.label])):
            total = sum(means.values())
            rows.append(
                [r.label, who, f"{total:.2f}"]
                + [f"{means[s]:.2f} ({pct(means[s] / total) if total else '—'})" for s in SOURCES]
            )
    body = paragraph(
        "Mean prestige held at the end of the game, split by source (benefactions given, horrea "
        "by region, marriages and local aristocracies, money converted at $1000 each; 'other' "
        "nets local elections and fate cards against debt, divorces and the floor at zero)."
    )
    body += table(["run", "who", "prestige", *SOURCES], rows, caption="Where prestige comes from")
    fig = new_figure(7.5, 0.9 + 0.5 * 2 * len(runs))
    ax = fig.add_subplot()
    parts = [(s, [s]) for s in SOURCES]
    source_bars(ax, runs, winners, everyone, parts, "mean prestige at the end")
    ax.legend(
        fontsize=8, frameon=False, ncols=len(SOURCES), loc="lower center", bbox_to_anchor=(0.5, 1.0)
    )
    body += figures.add("prestige-sources", fig, "Mean prestige at the end by source")
    per_family = []
    for r in runs:
        for seat, name in enumerate(r.seat_names):
            split = [g.summary["prestige"][seat] for g in r.games if g.summary.get("prestige")]
            means = _mean_sources(split)
            per_family.append([r.label, name, *[f"{means[s]:.2f}" for s in SOURCES]])
    body += table(["run", "family", *SOURCES], per_family, caption="Mean prestige by family")
    return [Section("Forum: where prestige comes from", body)]
