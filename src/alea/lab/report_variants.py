"""The variants section of ``alea lab report``: each run against the first, with tests.

Runs on the baseline's seeds are compared game by game (McNemar's exact test, or a paired
t-test), others by a two-proportion z-test per seat; p-values are Holm-adjusted, and chi-square
tests compare the winners and the end reasons.
"""

from __future__ import annotations

import importlib
import statistics
from collections.abc import Sequence
from typing import Any

from alea.lab.data import RunData
from alea.lab.fairness import paired, paired_lines
from alea.lab.html import Figures, Section, paragraph, pct, pvalue, table
from alea.lab.stats import chi_square, holm, two_proportion_z


def variants_section(runs: Sequence[RunData], figures: Figures) -> Section:
    """Each variant against the first run: per-seat z-tests (Holm-adjusted), chi-square tests."""
    base = runs[0]
    parts = [
        paragraph(
            f"Baseline: {base.label}. Runs played on the same seeds as the baseline (same "
            "master seed and line-up, as the variants of a sweep) are compared game by game: "
            "McNemar's exact test on the games that only one of the two runs' seat won (a "
            "paired t-test when shared wins make results fractional). Other runs get a pooled "
            "two-proportion z-test per seat. p-values are Holm-adjusted over the seats of each "
            "comparison (* adjusted p < 0.05, ** < 0.01). The chi-square tests ask whether the "
            "distribution of winners (seats and no winner) and of end reasons differs between "
            "all runs."
        )
    ]
    same = all(r.seat_names == base.seat_names for r in runs)
    for r in runs[1:]:
        if paired(base, r):
            parts.append(_paired_table(base, r))
            continue
        rows = []
        labels = [s for s in base.seat_names if s in r.seat_names]
        tests = []
        for name in labels:
            a = base.seat_names.index(name)
            b = r.seat_names.index(name)
            ka = sum(g.returns[a] for g in base.games)
            kb = sum(g.returns[b] for g in r.games)
            z, p = two_proportion_z(kb, r.n(), ka, base.n())
            tests.append((name, ka / base.n(), kb / r.n(), z, p))
        nwa, nwb = base.no_winner(), r.no_winner()
        if nwa.wins or nwb.wins:
            z, p = two_proportion_z(nwb.wins, r.n(), nwa.wins, base.n())
            tests.append(("no winner", nwa.share, nwb.share, z, p))
        adjusted = holm([t[4] for t in tests])
        for (name, sa, sb, z, p), padj in zip(tests, adjusted, strict=True):
            mark = "**" if padj < 0.01 else "*" if padj < 0.05 else ""
            rows.append(
                [
                    name,
                    pct(sa),
                    pct(sb),
                    f"{100 * (sb - sa):+.1f} pp",
                    f"{z:+.2f}",
                    pvalue(p),
                    f"{pvalue(padj)} {mark}".strip(),
                ]
            )
        parts.append(
            table(
                ["seat", base.label, r.label, "difference", "z", "p", "Holm p"],
                rows,
                caption=f"{r.label} against {base.label}",
            )
        )
    if same:
        win_table = []
        for r in runs:
            counts = [sum(g.returns[s] for g in r.games) for s in range(r.num_players)]
            win_table.append([*counts, r.no_winner().wins])
        res = chi_square(win_table)
        end_keys = sorted({k for r in runs for k in r.end_reasons()})
        res_end = chi_square([[r.end_reasons()[k] for k in end_keys] for r in runs])
        rows = []
        for label, res_i in (("winners (seats and no winner)", res), ("end reasons", res_end)):
            if res_i is None:
                rows.append([label, "—", "—", "not testable (one category, or no scipy)"])
            else:
                rows.append([label, f"{res_i[0]:.2f}", str(res_i[1]), pvalue(res_i[2])])
        parts.append(
            table(
                ["distribution", "chi-square", "dof", "p"],
                rows,
                caption="Chi-square tests across all runs",
            )
        )
    lengths = _length_tests(runs)
    if lengths:
        parts.append(lengths)
    return Section("Differences between variants", "".join(parts))


def _paired_table(base: RunData, other: RunData) -> str:
    """A variant against the baseline, game by game on the seeds they share."""
    rows = []
    lines = paired_lines(base, other)
    for line in lines:
        t = line.test
        mark = "**" if line.holm_p < 0.01 else "*" if line.holm_p < 0.05 else ""
        discordant = f"{t.only_variant} / {t.only_base}" if t.method == "McNemar" else "—"
        rows.append(
            [
                line.label,
                pct(line.base_share),
                pct(line.share),
                f"{100 * t.difference:+.1f} pp",
                discordant,
                t.method,
                pvalue(t.p),
                f"{pvalue(line.holm_p)} {mark}".strip(),
            ]
        )
    pairs = lines[0].test.pairs if lines else 0
    return table(
        [
            "seat",
            base.label,
            other.label,
            "difference",
            "won only in variant / only in baseline",
            "test",
            "p",
            "Holm p",
        ],
        rows,
        caption=f"{other.label} against {base.label}, paired over {pairs} shared games",
    )


def _length_tests(runs: Sequence[RunData]) -> str:
    try:
        scipy_stats: Any = importlib.import_module("scipy.stats")
    except ImportError:
        return ""
    base = [g.length for g in runs[0].games]
    rows = []
    for r in runs[1:]:
        other = [g.length for g in r.games]
        if len(base) < 2 or len(other) < 2:
            continue
        t = scipy_stats.ttest_ind(other, base, equal_var=False)
        rows.append(
            [
                r.label,
                f"{statistics.fmean(base):.1f}",
                f"{statistics.fmean(other):.1f}",
                f"{statistics.fmean(other) - statistics.fmean(base):+.1f}",
                pvalue(float(t.pvalue)),
            ]
        )
    if not rows:
        return ""
    return table(
        [
            "variant",
            f"mean actions ({runs[0].label})",
            "mean actions (variant)",
            "difference",
            "p (Welch t-test)",
        ],
        rows,
        caption="Game length against the baseline",
    )
