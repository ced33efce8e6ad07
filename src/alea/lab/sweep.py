"""``alea lab sweep``: the same run under every combination of rule options, ranked by fairness.

Each variant is an ordinary run folder ``DIR/<variant>`` (so a sweep resumes like a run), all
with the same master seed, so game ``i`` of every variant starts from the same seed. Variants
are ranked by the spread of seat win shares (largest minus smallest), with a bootstrap interval.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alea.lab.data import load_run
from alea.lab.html import Section, ci, paragraph, pct, table
from alea.lab.plan import LabError, RunSpec
from alea.lab.runner import Progress, RunResult, run
from alea.lab.stats import Spread


def parse_grid(items: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Read ``option=v1,v2,...`` items into (option, values), refusing repeats and blanks."""
    grid: list[tuple[str, list[str]]] = []
    for item in items:
        key, eq, rest = item.partition("=")
        key = key.strip()
        values = [v.strip() for v in rest.split(",") if v.strip()]
        if not eq or not key or not values:
            raise LabError(f"--grid {item!r} should be option=value1,value2,...")
        if key in (k for k, _ in grid):
            raise LabError(f"option {key!r} is given twice in --grid")
        if len(set(values)) != len(values):
            raise LabError(f"--grid {key} repeats a value")
        grid.append((key, values))
    if not grid:
        raise LabError("a sweep needs at least one --grid option=value1,value2,...")
    return grid


def variants(grid: Sequence[tuple[str, list[str]]]) -> list[dict[str, str]]:
    """Every combination of the grid's values, in order."""
    keys = [k for k, _ in grid]
    return [
        dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(v for _, v in grid))
    ]


def variant_name(choice: dict[str, str]) -> str:
    """The folder name of a variant, e.g. ``win_prestige=12,ruleset=complete``."""
    text = ",".join(f"{k}={v}" for k, v in choice.items())
    return re.sub(r"[^A-Za-z0-9_.,=+-]", "_", text)


UNDECIDED = 0.10
"""Share of games with no winner above which a variant is flagged: it may look fair only
because nobody wins."""
NOTE_UNDECIDED = (
    f"! more than {UNDECIDED:.0%} of the games ended with no winner: a small spread there may "
    "only mean that nobody wins, not that the variant is fair."
)


@dataclass
class Ranked:
    """One variant's line of the sweep table."""

    name: str
    folder: Path
    choice: dict[str, str]
    games: int
    spread: Spread
    no_winner: float
    mean_length: float
    run: RunResult


@dataclass
class SweepResult:
    """The variants, fairest first, and the seat names of the game."""

    ranked: list[Ranked]
    seat_names: list[str]

    def table(self) -> str:
        """The ranking as plain text."""
        seats = self.seat_names
        width = max(8, *(len(r.name) for r in self.ranked)) + 2
        head = f"{'rank':<5}{'variant':<{width}}{'games':>6}"
        head += "".join(f"{s[:9]:>10}" for s in seats)
        head += f"{'no win':>9}{'spread':>9}   {'95% CI':<13}{'actions':>8}"
        lines = [head]
        for i, r in enumerate(self.ranked, 1):
            line = f"{i:<5}{r.name:<{width}}{r.games:>6}"
            line += "".join(f"{x:>10.1%}" for x in r.spread.shares)
            flag = "!" if r.no_winner > UNDECIDED else " "
            line += f"{r.no_winner:>8.1%}{flag}{r.spread.value:>9.1%}   "
            line += f"{r.spread.low:>5.1%}–{r.spread.high:<6.1%}{r.mean_length:>9.0f}"
            lines.append(line)
        lines.append(
            "spread: largest minus smallest seat win share (95% bootstrap interval over games); "
            "fairest first"
        )
        if any(r.no_winner > UNDECIDED for r in self.ranked):
            lines.append(NOTE_UNDECIDED)
        return "\n".join(lines)

    def section(self) -> Section:
        """The ranking as a report section."""
        rows = []
        for i, r in enumerate(self.ranked, 1):
            rows.append(
                [
                    i,
                    r.name,
                    r.games,
                    *[pct(x) for x in r.spread.shares],
                    pct(r.no_winner) + (" !" if r.no_winner > UNDECIDED else ""),
                    pct(r.spread.value),
                    ci(r.spread.low, r.spread.high),
                    f"{r.mean_length:.0f}",
                ]
            )
        body = table(
            [
                "rank",
                "variant",
                "games",
                *self.seat_names,
                "no winner",
                "spread",
                "95% interval",
                "mean actions",
            ],
            rows,
            caption="Variants ranked by fairness (smallest spread of seat win shares first)",
        )
        body += paragraph(
            "The spread is the largest minus the smallest seat win share; its interval is a 95% "
            "bootstrap percentile interval over games. Overlapping intervals mean the ranking of "
            "those variants is not settled by this many games."
        )
        if any(r.no_winner > UNDECIDED for r in self.ranked):
            body += paragraph(NOTE_UNDECIDED)
        return Section("Sweep ranking", body)

    def to_json(self) -> dict[str, Any]:
        """The ranking as JSON."""
        return {
            "seat_names": self.seat_names,
            "variants": [
                {
                    "rank": i,
                    "name": r.name,
                    "folder": str(r.folder),
                    "options": r.choice,
                    "games": r.games,
                    "shares": r.spread.shares,
                    "no_winner": r.no_winner,
                    "spread": r.spread.value,
                    "spread_ci95": [r.spread.low, r.spread.high],
                    "mean_length": r.mean_length,
                }
                for i, r in enumerate(self.ranked, 1)
            ],
        }


def sweep(
    game: str,
    grid: Sequence[tuple[str, list[str]]],
    agents: list[str],
    folder: Path,
    games: int,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    backend: str = "local",
    jobs: int | None = None,
    address: str | None = None,
    stop_width: float | None = None,
    on_variant: Callable[[str, int, int], Progress | None] | None = None,
) -> SweepResult:
    """Run every variant of the grid into ``folder/<variant>`` and rank them by fairness.

    Args:
        game: a registered game.
        grid: (option, values) pairs; every combination is a variant.
        agents: the agent specs, as for a run.
        folder: the sweep's folder (created if missing).
        games: games per variant.
        options: options shared by every variant (the grid overrides them).
        seed: the master seed of every variant.
        backend: ``"local"`` or ``"ray"``.
        jobs: games at once.
        address: a Ray cluster to join.
        stop_width: each variant's early-stop interval width.
        on_variant: called with (variant name, its number, how many) before each variant; may
            return a progress callback for it.

    Raises:
        LabError: a bad grid value (checked for every variant before any game is played).

    """
    base = dict(options or {})
    overlap = sorted(set(base) & {k for k, _ in grid})
    if overlap:
        raise LabError(f"option {overlap[0]!r} is given both by --set and by --grid")
    choices = variants(grid)
    specs = []
    for choice in choices:
        try:
            specs.append(RunSpec.build(game, {**base, **choice}, agents, seed))
        except LabError as exc:
            raise LabError(f"variant {variant_name(choice)}: {exc}") from None
    if folder.exists() and not folder.is_dir():
        raise LabError(f"{folder} exists and is not a folder")
    if not folder.parent.is_dir():
        raise LabError(f"cannot create {folder}: folder {folder.parent} does not exist")
    folder.mkdir(exist_ok=True)
    ranked = []
    for i, (choice, spec) in enumerate(zip(choices, specs, strict=True), 1):
        name = variant_name(choice)
        progress = on_variant(name, i, len(choices)) if on_variant is not None else None
        result = run(
            spec,
            folder / name,
            games,
            backend=backend,
            jobs=jobs,
            address=address,
            stop_width=stop_width,
            progress=progress,
        )
        data = load_run(folder / name)
        ranked.append(
            Ranked(
                name=name,
                folder=folder / name,
                choice=choice,
                games=data.n(),
                spread=data.spread(),
                no_winner=data.no_winner().share,
                mean_length=sum(g.length for g in data.games) / max(1, data.n()),
                run=result,
            )
        )
    ranked.sort(key=lambda r: (r.spread.value, r.spread.high))
    result_ = SweepResult(ranked, specs[0].seat_names)
    out = folder / "sweep.json"
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(result_.to_json(), indent=1) + "\n", encoding="utf-8")
    tmp.replace(out)
    return result_
