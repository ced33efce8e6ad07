"""The HTML report of a tune: the trials, the best variants' shares, and how to reproduce them."""

from __future__ import annotations

from html import escape
from pathlib import Path

from alea.lab.html import Figures, Section, ci, page, paragraph, pct, pvalue, table
from alea.lab.report import COLOURS, Report, _bars, new_figure
from alea.lab.tune_results import TuneResult
from alea.lab.tune_space import value_text


def _params(params: dict[str, object]) -> str:
    return ", ".join(f"{k}={value_text(v)}" for k, v in params.items())


def trials_section(result: TuneResult, figures: Figures) -> Section:
    """Every trial's unfairness, in order, with the best so far; and a table of the trials."""
    fig = new_figure(7.5, 3.4)
    ax = fig.add_subplot()
    xs = [t.number for t in result.trials]
    ys = [t.score.value for t in result.trials]
    whole = [t for t in result.trials if not t.pruned]
    cut = [t for t in result.trials if t.pruned]
    ax.scatter(
        [t.number for t in whole],
        [min(t.score.value, 1.0) for t in whole],
        s=14,
        color=COLOURS[1],
        label="trial, all its games (refused: 1)",
    )
    if cut:
        ax.scatter(
            [t.number for t in cut],
            [min(t.score.value, 1.0) for t in cut],
            s=14,
            marker="x",
            color=COLOURS[2],
            label="trial pruned (its games so far)",
        )
    best: list[float] = []
    for t, y in zip(result.trials, ys, strict=True):
        y = y if not t.pruned else (best[-1] if best else y)
        best.append(min(y, best[-1]) if best else y)
    ax.step(xs, best, where="post", color=COLOURS[0], lw=1.6, label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("unfairness (spread + weighted no-winner share)")
    ax.legend(fontsize=8, frameon=False)
    body = figures.add("trials", fig, "Unfairness of every trial, and the best found so far")
    names = [p.name for p in result.space]
    rows = []
    for t in sorted(result.trials, key=lambda t: (t.score.value, t.number)):
        if t.refused:
            shares = ["—"] * len(result.seat_names)
            rows.append(
                [
                    t.number,
                    *[value_text(t.params.get(n)) for n in names],
                    *shares,
                    "—",
                    "refused",
                    "refused",
                ]
            )
            continue
        rows.append(
            [
                t.number,
                *[value_text(t.params.get(n)) for n in names],
                *[pct(s) for s in t.score.shares],
                pct(t.score.no_winner),
                f"{t.score.value:.3f}",
                f"pruned after {t.score.games} games" if t.pruned else f"{t.score.games} games",
            ]
        )
    body += table(
        ["trial", *names, *result.seat_names, "no winner", "unfairness", "played"],
        rows,
        caption="Trials, fairest first (each on the same seeds; pruned ones on their first games)",
    )
    space = ", ".join(p.describe() for p in result.space)
    fixed = ", ".join(f"{k}={value_text(v)}" for k, v in result.base.items()) or "none"
    body += paragraph(
        f"Searched: {space}. Fixed options: {fixed}. Trial 0 is the starting point when it lies "
        "inside the searched ranges. A trial plays its games in rounds; after each one the "
        "pruner may stop it (a pruned trial was, with 95% confidence, less fair than another "
        "trial or than the target), so its shares stand on its first games alone, and the "
        "best-so-far line counts only trials that played all theirs. Shares within a trial "
        "are noisy; the confirmation below plays the best variants again on fresh seeds. A "
        "refused "
        "variant is one the game will not load (a start hex outside the zone another option "
        "chose, say); it scores the worst unfairness and plays no game."
    )
    return Section("Trials", body)


def confirmed_section(result: TuneResult, figures: Figures) -> Section:
    """The best variants on fresh seeds: shares with intervals and a test against equal shares."""
    if not result.confirmed:
        return Section("Best variants", paragraph("No variant was confirmed (--confirm 0)."))
    ordered = sorted(result.confirmed, key=lambda c: c.score.value)
    rows = []
    for rank, c in enumerate(ordered, 1):
        test = c.test
        rows.append(
            [
                rank,
                c.trial,
                _params(c.params),
                c.score.games,
                *[f"{pct(s)} ({ci(lo, hi)})" for _, _, s, lo, hi in c.seats],
                f"{pct(c.no_winner[1])} ({ci(c.no_winner[2], c.no_winner[3])})",
                "—" if test is None else f"{test.chi2:.2f}",
                "—" if test is None else pvalue(test.p),
                f"{c.score.value:.3f}",
            ]
        )
    body = table(
        [
            "rank",
            "trial",
            "options",
            "games",
            *result.seat_names,
            "no winner",
            "chi-square",
            "p (equal shares)",
            "unfairness",
        ],
        rows,
        caption="Best variants, played again on fresh seeds (95% Wilson intervals)",
    )
    body += paragraph(
        "The chi-square test compares the winners of decided games with equal seat shares; a "
        "small p says the seats are not even. A large p does not prove fairness: read the "
        "intervals, whose width says how close to equal the shares are known to be."
    )
    series = [
        (
            f"#{rank} (trial {c.trial})",
            [s for _, _, s, _, _ in c.seats],
            [lo for _, _, _, lo, _ in c.seats],
            [hi for _, _, _, _, hi in c.seats],
        )
        for rank, c in enumerate(ordered, 1)
    ]
    fig = _bars(result.seat_names, series, "win share", fair=1 / len(result.seat_names))
    body += figures.add("best", fig, "Win share per seat of the best variants (95% intervals)")
    commands = "".join(
        f"<li><code>alea lab run {escape(result.game)} {escape(result.options_of(c.params))}"
        "</code></li>"
        for c in ordered
    )
    body += f"<p>To play a variant again:</p><ul>{commands}</ul>"
    return Section("Best variants", body)


def write_tune_report(result: TuneResult, out: Path) -> Report:
    """Write the tune's report (figures beside it)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    figures = Figures(stem=out.stem, folder=out.parent)
    sections = [trials_section(result, figures), confirmed_section(result, figures)]
    intro = paragraph(
        f"{result.game}: a tune of {len(result.trials)} trials. Unfairness is the largest minus "
        "the smallest seat win share plus the weighted share of games nobody won."
    )
    html = page(f"Alea balance lab — tuning {result.game}", intro, sections)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(html, encoding="utf-8")
    tmp.replace(out)
    return Report(out, figures.written)
