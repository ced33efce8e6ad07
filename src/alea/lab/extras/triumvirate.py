"""The First Triumvirate in the lab: when the civil war starts, who starts it, who falls.

The civil war (TRI-6.1) begins the moment a force enters Italy; from then on a leader who ends
enough turns in Rome wins. The lab times it from the public view while each game is played:
the action, the round and the faction whose turn it was. It also times the first leader to
fall, and notes the rounds played.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from alea.core.game import State
from alea.lab.hooks import Milestone
from alea.lab.html import Section, paragraph, pct, table

if TYPE_CHECKING:
    from alea.lab.data import RunData
    from alea.lab.html import Figures


def _at(obs: dict[str, Any]) -> dict[str, Any]:
    return {"round": int(obs["round"]), "by": int(obs["turn"])}


def _fallen(obs: dict[str, Any]) -> bool:
    return any(not p["alive"] for p in obs["players"])


def _first_fallen(obs: dict[str, Any]) -> dict[str, Any]:
    dead = [i for i, p in enumerate(obs["players"]) if not p["alive"]]
    return {**_at(obs), "fallen": dead[0] if dead else None}


MILESTONES = (
    Milestone("civil_war", lambda obs: bool(obs["civil_war"]), _at),
    Milestone("first_fall", _fallen, _first_fallen),
)


def lab_summary(state: State) -> dict[str, Any]:
    """Rounds played and which leaders were left standing (public view only)."""
    obs = state.observation(None)
    return {"rounds": int(obs["round"]), "alive": [bool(p["alive"]) for p in obs["players"]]}


def _civil(run: RunData) -> list[dict[str, Any]]:
    """The civil war milestone of each game that has one (``None`` entries dropped)."""
    out = []
    for g in run.games:
        m = (g.summary.get("milestones") or {}).get("civil_war")
        if m:
            out.append({**m, "returns": g.returns})
    return out


def report_sections(runs: Sequence[RunData], figures: Figures) -> list[Section]:
    """The civil war: how often and when it starts, who starts it and whether that pays."""
    from alea.lab.report import histograms

    rows = []
    starters = []
    for r in runs:
        wars = _civil(r)
        n = r.n()
        if wars:
            rounds = [w["round"] for w in wars]
            q = statistics.quantiles(rounds, n=10) if len(rounds) > 1 else [rounds[0]] * 9
            rows.append(
                [
                    r.label,
                    n,
                    f"{len(wars)} ({pct(len(wars) / n)})",
                    f"{statistics.fmean(rounds):.1f}",
                    f"{statistics.median(rounds):.0f}",
                    f"{q[0]:.0f}–{q[-1]:.0f}",
                ]
            )
        else:
            rows.append([r.label, n, "0", "—", "—", "—"])
        for seat, name in enumerate(r.seat_names):
            mine = [w for w in wars if w["by"] == seat]
            if not mine:
                starters.append([r.label, name, 0, "—", "—"])
                continue
            won = sum(w["returns"][seat] for w in mine)
            others = sum(sum(w["returns"]) - w["returns"][seat] for w in mine)
            starters.append(
                [
                    r.label,
                    name,
                    f"{len(mine)} ({pct(len(mine) / len(wars))})",
                    pct(won / len(mine)),
                    pct(others / len(mine)),
                ]
            )
    body = paragraph(
        "The civil war starts when a force first enters Italy (TRI-6.1); the lab notes the round "
        "and whose turn it was, from the public view, while the game is played."
    )
    body += table(
        ["run", "games", "civil war started", "mean round", "median round", "10–90% rounds"],
        rows,
        caption="When the civil war starts",
    )
    body += table(
        ["run", "started by", "games", "the starter won", "another won"],
        starters,
        caption="Who starts the civil war, and whether it pays",
    )
    wars_by_run = [[w["round"] for w in _civil(r)] for r in runs]
    if any(wars_by_run):
        fig = histograms(runs, wars_by_run, "round in which the civil war starts")
        body += figures.add("civil-war-round", fig, "Round in which the civil war starts")
    falls = []
    for r in runs:
        counts = [0] * r.num_players
        for g in r.games:
            m = (g.summary.get("milestones") or {}).get("first_fall")
            if m and m.get("fallen") is not None:
                counts[m["fallen"]] += 1
        falls.append([r.label, *[f"{c} ({pct(c / r.n())})" for c in counts]])
    body += table(
        ["run", *[f"{s} falls first" for s in runs[0].seat_names]],
        falls,
        caption="Which leader is the first to fall",
    )
    return [Section("Triumvirate: the civil war", body)]
