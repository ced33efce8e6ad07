"""``alea lab sweep``: the same run under every combination of rule options, ranked by fairness.

Each variant is an ordinary run folder ``DIR/<variant>`` (so a sweep resumes like a run), all
with the same master seed, so game ``i`` of every variant starts from the same seed. Variants
are ranked by the spread of seat win shares (largest minus smallest), with a bootstrap interval,
and compared game by game (paired tests) with the game's default options, the baseline: the
variant whose options are the defaults, or an extra run ``DIR/default`` when none is.
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
from alea.lab.fairness import paired_lines
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


BASELINE = "default"
"""The folder and name of the baseline run when no variant of the grid has the defaults."""


@dataclass
class Ranked:
    """One variant's line of the sweep table.

    ``vs_baseline`` is the smallest Holm-adjusted p-value of the paired tests of its seats (and
    of "no winner") against the baseline; ``None`` for the baseline itself.
    """

    name: str
    folder: Path
    choice: dict[str, str]
    games: int
    spread: Spread
    no_winner: float
    mean_length: float
    run: RunResult
    baseline: bool = False
    vs_baseline: float | None = None


@dataclass
class SweepResult:
    """The variants, fairest first, and the seat names of the game."""

    ranked: list[Ranked]
    seat_names: list[str]

    def baseline(self) -> Ranked:
        """The run with the game's default options."""
        return next(r for r in self.ranked if r.baseline)

    def table(self) -> str:
        """The ranking as plain text."""
        seats = self.seat_names
        width = max(8, *(len(r.name) for r in self.ranked)) + 2
        head = f"{'rank':<5}{'variant':<{width}}{'games':>6}"
        head += "".join(f"{s[:9]:>10}" for s in seats)
        head += f"{'no win':>9}{'spread':>9}   {'95% CI':<13}{'actions':>8}{'p vs default':>14}"
        lines = [head]
        for i, r in enumerate(self.ranked, 1):
            line = f"{i:<5}{r.name:<{width}}{r.games:>6}"
            line += "".join(f"{x:>10.1%}" for x in r.spread.shares)
            flag = "!" if r.no_winner > UNDECIDED else " "
            line += f"{r.no_winner:>8.1%}{flag}{r.spread.value:>9.1%}   "
            line += f"{r.spread.low:>5.1%}–{r.spread.high:<6.1%}{r.mean_length:>9.0f}"
            line += f"{_vs(r):>14}"
            lines.append(line)
        lines.append(
            "spread: largest minus smallest seat win share (95% bootstrap interval over games); "
            "fairest first"
        )
        lines.append(
            "p vs default: smallest Holm-adjusted p of the paired tests (same seeds, game by "
            "game) of each seat and of 'no winner' against the default options"
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
                    _vs(r),
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
                "p vs default (paired)",
            ],
            rows,
            caption="Variants ranked by fairness (smallest spread of seat win shares first)",
        )
        body += paragraph(
            "The spread is the largest minus the smallest seat win share; its interval is a 95% "
            "bootstrap percentile interval over games. Overlapping intervals mean the ranking of "
            "those variants is not settled by this many games. Every variant plays the same "
            "seeds, so each is compared with the default options game by game (McNemar's exact "
            "test per seat, Holm-adjusted); the column gives the smallest adjusted p."
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
                    "baseline": r.baseline,
                    "p_vs_baseline": r.vs_baseline,
                }
                for i, r in enumerate(self.ranked, 1)
            ],
        }


def _vs(r: Ranked) -> str:
    if r.baseline:
        return "(default)"
    if r.vs_baseline is None:
        return "—"
    return "<0.0001" if r.vs_baseline < 1e-4 else f"{r.vs_baseline:.4f}"


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
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LabError(f"cannot create {folder}: {exc.strerror or exc}") from None
    default = RunSpec.build(game, base, agents, seed)
    baseline = next((i for i, sp in enumerate(specs) if sp.options == default.options), None)
    names = [variant_name(choice) for choice in choices]
    if baseline is None:
        choices = [*choices, {}]
        specs = [*specs, default]
        names = [*names, BASELINE]
        baseline = len(specs) - 1
    ranked = []
    for i, (choice, spec, name) in enumerate(zip(choices, specs, names, strict=True), 1):
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
                baseline=i - 1 == baseline,
            )
        )
    base_data = load_run(ranked[baseline].folder)
    for r in ranked:
        if not r.baseline:
            lines = paired_lines(base_data, load_run(r.folder))
            r.vs_baseline = min(line.holm_p for line in lines)
    ranked.sort(key=lambda r: (r.spread.value, r.spread.high))
    result_ = SweepResult(ranked, specs[0].seat_names)
    out = folder / "sweep.json"
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(result_.to_json(), indent=1) + "\n", encoding="utf-8")
    tmp.replace(out)
    return result_
