"""``alea lab report``: one self-contained HTML page about one run or several variants.

The page shows win shares per seat with 95% Wilson intervals, the first player's advantage, the
length of games, how they end, the game's own extras (from ``alea.lab.extras.<game>``), and,
for several runs, each variant against the first with significance tests. Figures are made
with matplotlib (no display needed), embedded as base64 PNG and also written next to the page.
"""

from __future__ import annotations

import importlib
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from alea.lab.data import RunData, load_run
from alea.lab.fairness import FLAG_P, agent_lines, seat_test
from alea.lab.hooks import hooks_for
from alea.lab.html import Figures, Section, ci, page, paragraph, pct, pvalue, table
from alea.lab.plan import LabError
from alea.lab.report_variants import variants_section
from alea.lab.stats import one_proportion_z, two_proportion_z, wilson

COLOURS = ("#8c2d19", "#2f5d8a", "#c49a2c", "#4d7c3a", "#7a4f8c", "#555555")


def new_figure(width: float = 7.5, height: float = 3.6) -> Any:
    """A matplotlib figure that needs no display (drawn with Agg)."""
    try:
        figure_mod: Any = importlib.import_module("matplotlib.figure")
    except ImportError:
        raise LabError("reports need matplotlib: pip install 'alea[lab]'") from None
    return figure_mod.Figure(figsize=(width, height), layout="constrained")


@dataclass
class Report:
    """A written report: the page and its figures."""

    path: Path
    figures: list[Path]


def write_report(
    folders: Sequence[str | Path],
    out: str | Path | None = None,
    *,
    lead: Sequence[Section] = (),
) -> Report:
    """Read the runs in ``folders`` and write the report.

    Args:
        folders: run folders; with several, the first is the baseline of the comparisons.
        out: the HTML file (default: ``report.html`` in the only folder, or here for several).
        lead: sections to put first (a sweep's ranking).

    Raises:
        LabError: a folder with no run, runs of different games, or an unwritable target.

    """
    if not folders:
        raise LabError("name at least one run folder")
    runs = [load_run(f) for f in folders]
    _label_uniquely(runs)
    if len({r.game for r in runs}) > 1:
        games = ", ".join(sorted({r.game for r in runs}))
        raise LabError(f"the runs are of different games ({games}); report them separately")
    for r in runs:
        if not r.games:
            raise LabError(f"{r.folder} holds no finished game yet")
    if out is None:
        target = Path(folders[0]) / "report.html" if len(runs) == 1 else Path("report.html")
    else:
        target = Path(out)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LabError(f"cannot write {target}: {exc.strerror or exc}") from None
    figures = Figures(stem=target.stem, folder=target.parent)
    html = build_report(runs, figures, lead=lead)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(html, encoding="utf-8")
    tmp.replace(target)
    return Report(target, figures.written)


def _label_uniquely(runs: list[RunData]) -> None:
    seen: dict[str, int] = {}
    for r in runs:
        if r.label in seen:
            seen[r.label] += 1
            r.label = f"{r.label} ({seen[r.label]})"
        else:
            seen[r.label] = 1


def build_report(runs: Sequence[RunData], figures: Figures, *, lead: Sequence[Section] = ()) -> str:
    """The HTML of the report on ``runs`` (``lead`` sections first)."""
    first = runs[0]
    sections = [
        *lead,
        runs_section(runs),
        seat_section(runs, figures),
    ]
    if any(len(set(r.lineup)) > 1 for r in runs):
        sections.append(agent_section(runs))
    sections += [
        first_player_section(runs, figures),
        length_section(runs, figures),
        end_section(runs, figures),
    ]
    extra = hooks_for(first.game).sections
    if extra is not None:
        sections += extra(runs, figures)
    if len(runs) > 1:
        sections.append(variants_section(runs, figures))
    total = sum(r.n() for r in runs)
    what = "one run" if len(runs) == 1 else f"{len(runs)} variants"
    intro = paragraph(
        f"{first.game}: {what}, {total:,} games in all. Intervals are 95% Wilson score "
        "intervals; a shared win counts 1/k to each of k winners."
    )
    return page(f"Alea balance lab — {first.game}", intro, sections)


# -- runs -------------------------------------------------------------------------------------


def _option_diff(run: RunData, base: dict[str, Any]) -> str:
    diff = [f"{k}={v}" for k, v in run.options.items() if base.get(k) != v]
    return ", ".join(diff) or "—"


def runs_section(runs: Sequence[RunData]) -> Section:
    """Which runs the report covers, and how they differ."""
    base = runs[0].options
    rows = []
    for r in runs:
        rows.append(
            [
                r.label,
                r.n(),
                ", ".join(r.lineup),
                str(r.meta["seed"]),
                _option_diff(r, base) if r is not runs[0] else "(baseline)",
                str(r.meta.get("code_version", "")),
                f"{statistics.fmean(g.length for g in r.games):.0f}",
            ]
        )
    opts = ", ".join(f"{k}={v}" for k, v in base.items())
    body = table(
        [
            "run",
            "games",
            "agents (seat order before rotation)",
            "seed",
            "options",
            "code",
            "mean actions",
        ],
        rows,
    )
    body += (
        f'<p class="note">Options of {escape(runs[0].label)}: <code>{escape(opts)}</code>. '
        "When the agents differ, seats rotate through every distinct order.</p>"
    )
    return Section("Runs", body)


# -- win shares -------------------------------------------------------------------------------


def _bars(
    groups: Sequence[str],
    series: Sequence[tuple[str, list[float], list[float], list[float]]],
    ylabel: str,
    fair: float | None = None,
) -> Any:
    """Grouped bars (one series per run) with interval whiskers."""
    fig = new_figure(max(6.0, 1.1 * len(groups) * max(1, len(series)) ** 0.5 + 2), 3.6)
    ax = fig.add_subplot()
    k = len(series)
    width = 0.8 / max(k, 1)
    for i, (label, values, lows, highs) in enumerate(series):
        xs = [g + (i - (k - 1) / 2) * width for g in range(len(groups))]
        err = [
            [max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)],
            [max(0.0, hi - v) for v, hi in zip(values, highs, strict=True)],
        ]
        ax.bar(xs, values, width * 0.92, label=label, color=COLOURS[i % len(COLOURS)])
        ax.errorbar(xs, values, yerr=err, fmt="none", ecolor="#222", capsize=3, lw=1)
    if fair is not None:
        ax.axhline(fair, color="#666", ls="--", lw=1, label=f"equal share ({fair:.1%})")
    ax.set_xticks(range(len(groups)), list(groups))
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, min(1.0, max((max(s[3]) for s in series), default=1.0) * 1.15 + 0.02))
    ax.yaxis.set_major_formatter(lambda v, _pos: f"{v:.0%}")
    ax.legend(fontsize=8, frameon=False)
    return fig


def seat_section(runs: Sequence[RunData], figures: Figures) -> Section:
    """Win share per seat (faction or family) with intervals, and the fairness spread."""
    seat_names = runs[0].seat_names
    same_seats = all(r.seat_names == seat_names for r in runs)
    headers = ["seat", *[r.label for r in runs]] if same_seats else ["run", "seat", "share"]
    rows: list[list[Any]] = []
    if same_seats:
        shares = [r.seat_shares() for r in runs]
        for s, name in enumerate(seat_names):
            rows.append(
                [name, *[f"{pct(sh[s].share)} ({ci(sh[s].low, sh[s].high)})" for sh in shares]]
            )
        nws = [r.no_winner() for r in runs]
        if any(nw.wins for nw in nws):
            rows.append(["no winner", *[f"{pct(nw.share)} ({ci(nw.low, nw.high)})" for nw in nws]])
        spreads = [r.spread() for r in runs]
        rows.append(
            ["spread (max − min)", *[f"{pct(sp.value)} ({ci(sp.low, sp.high)})" for sp in spreads]]
        )
        rows.append(["chi-square against equal shares", *[_gof_cell(r) for r in runs]])
    else:
        for r in runs:
            for line in r.seat_shares():
                rows.append([r.label, line.label, f"{pct(line.share)} ({ci(line.low, line.high)})"])
            rows.append([r.label, "chi-square against equal shares", _gof_cell(r)])
    body = table(headers, rows, caption="Win share per seat (95% interval)")
    body += (
        '<p class="note">The chi-square test compares each run\'s winners (games with a '
        "winner) with equal seat shares; UNEVEN marks p &lt; 0.05, a seat that wins more or "
        "less often than its share by more than chance explains.</p>"
    )
    body += (
        '<p class="note">The spread is the largest minus the smallest seat share, with a 95% '
        "bootstrap percentile interval over games (the observed spread of a fair game is above "
        "zero by chance alone, about the width of one seat's interval).</p>"
    )
    if same_seats:
        series = []
        for r, sh in zip(runs, (r.seat_shares() for r in runs), strict=True):
            series.append(
                (r.label, [x.share for x in sh], [x.low for x in sh], [x.high for x in sh])
            )
        n = runs[0].num_players
        fig = _bars(seat_names, series, "win share", fair=1 / n)
        body += figures.add("win-share", fig, "Win share per seat with 95% Wilson intervals")
    return Section("Win share by seat", body)


def _gof_cell(run: RunData) -> str:
    test = seat_test(run)
    if test is None:
        return "not testable"
    flag = " UNEVEN" if test.p < FLAG_P else ""
    return f"{test.chi2:.1f} (dof {test.dof}), p {pvalue(test.p)}{flag}"


def agent_section(runs: Sequence[RunData]) -> Section:
    """Win share per agent, counted by game (an agent in several seats wins a game once)."""
    rows = []
    for r in runs:
        for line in agent_lines(r):
            rows.append(
                [
                    r.label,
                    line.agent,
                    line.seats,
                    line.games,
                    f"{line.wins:.5g}",
                    pct(line.share),
                    ci(line.low, line.high),
                    pct(line.expected),
                ]
            )
    body = table(
        [
            "run",
            "agent",
            "seats a game",
            "games",
            "games won",
            "share",
            "95% interval",
            "share if seats were equal",
        ],
        rows,
    )
    body += (
        '<p class="note">Agents are counted by game: an agent that fills k seats wins a game '
        "when any of its seats does, and its interval is computed from the games played (the "
        "independent draws), not from seats. With equal seats it would win k/n of the games."
        "</p>"
    )
    return Section("Win share by agent", body)


# -- first player -----------------------------------------------------------------------------


def first_player_section(runs: Sequence[RunData], figures: Figures) -> Section:
    """Does moving first help? Win share of the first player and by seat offset from it."""
    rows = []
    series = []
    offsets_label: list[str] = []
    for r in runs:
        n = r.num_players
        known = [(g.first_player, g) for g in r.games if g.first_player is not None]
        decided = [(f, g) for f, g in known if any(x > 0 for x in g.returns)]
        if not decided:
            rows.append([r.label, len(known), 0, "—", "—", "—", "—"])
            continue
        wins = sum(g.returns[f] for f, g in decided)
        lo, hi = wilson(wins, len(decided))
        _, p = one_proportion_z(wins, len(decided), 1 / n)
        rows.append(
            [
                r.label,
                len(known),
                len(decided),
                pct(wins / len(decided)),
                ci(lo, hi),
                pct(1 / n),
                pvalue(p),
            ]
        )
        by_offset = [0.0] * n
        for f, g in decided:
            for seat, value in enumerate(g.returns):
                by_offset[(seat - f) % n] += value
        ints = [wilson(w, len(decided)) for w in by_offset]
        series.append(
            (
                r.label,
                [w / len(decided) for w in by_offset],
                [i[0] for i in ints],
                [i[1] for i in ints],
            )
        )
        if len(offsets_label) < n:
            offsets_label = [_ordinal(k + 1) for k in range(n)]
    body = table(
        [
            "run",
            "games with known first player",
            "decided games",
            "first player wins",
            "95% interval",
            "equal share",
            "p (z-test vs equal)",
        ],
        rows,
        caption="Win share of the first player, among games with a winner",
    )
    per_seat = []
    for r in runs:
        for seat, name in enumerate(r.seat_names):
            led = [g for g in r.games if g.first_player == seat]
            other = [g for g in r.games if g.first_player is not None and g.first_player != seat]
            if not led or not other:
                continue
            w1 = sum(g.returns[seat] for g in led)
            w2 = sum(g.returns[seat] for g in other)
            _, p = two_proportion_z(w1, len(led), w2, len(other))
            per_seat.append(
                [r.label, name, len(led), pct(w1 / len(led)), pct(w2 / len(other)), pvalue(p)]
            )
    if per_seat:
        body += table(
            ["run", "seat", "games it moved first", "wins when first", "wins otherwise", "p"],
            per_seat,
            caption="Each seat's win share when it moved first and when it did not",
        )
    body += f'<p class="note">{escape(_first_player_note(runs[0].game))}</p>'

    if series and len({r.num_players for r in runs}) == 1:
        fig = _bars(
            offsets_label, series, "win share (decided games)", fair=1 / runs[0].num_players
        )
        fig.axes[0].set_xlabel("seat offset from the first player")
        body += figures.add(
            "first-player", fig, "Win share by seat offset from the first player (95% intervals)"
        )
    return Section("First-player advantage", body)


FIRST_PLAYER_NOTE = (
    "The first player is read from the record's first-player roll. Offsets count seats "
    "clockwise from the first player ((seat − first) mod n), the order of the first round."
)


def _first_player_note(game: str) -> str:
    """The game's own note on how its first player is read, or the general one."""
    try:
        module = importlib.import_module(f"alea.lab.extras.{game}")
    except ModuleNotFoundError:
        return FIRST_PLAYER_NOTE
    note = getattr(module, "FIRST_PLAYER_NOTE", None)
    return note if isinstance(note, str) else FIRST_PLAYER_NOTE


def _ordinal(k: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(k if k < 20 else k % 10, "th")
    return f"{k}{suffix} to move"


# -- length -----------------------------------------------------------------------------------


def _quantiles(values: Sequence[float]) -> list[str]:
    import numpy as np

    arr = np.asarray(values, dtype=float)
    q = np.quantile(arr, [0.1, 0.5, 0.9])
    return [
        f"{arr.mean():.1f}",
        f"{q[1]:.0f}",
        f"{q[0]:.0f}",
        f"{q[2]:.0f}",
        f"{arr.min():.0f}",
        f"{arr.max():.0f}",
    ]


def _rounds(run: RunData) -> tuple[str, list[float]] | None:
    for key in ("rounds", "turns"):
        vals = [g.summary.get(key) for g in run.games]
        if vals and all(isinstance(v, int | float) for v in vals):
            return key, [float(v) for v in vals]  # type: ignore[arg-type]
    return None


def histograms(runs: Sequence[RunData], values: Sequence[Sequence[float]], xlabel: str) -> Any:
    """A figure of one step histogram a run: ``values[i]`` of ``runs[i]``, as shares of games."""
    import numpy as np

    fig = new_figure(7.5, 3.4)
    ax = fig.add_subplot()
    allv = np.concatenate([np.asarray(v, dtype=float) for v in values])
    lo, hi = float(allv.min()), float(allv.max())
    if np.all(allv == np.round(allv)) and hi - lo <= 80:
        bins = np.arange(lo - 0.5, hi + 1.5)  # one bin per whole round or turn
    else:
        bins = np.linspace(lo, hi if hi > lo else lo + 1, 40)
    for i, (r, v) in enumerate(zip(runs, values, strict=True)):
        ax.hist(
            v,
            bins=bins,
            histtype="step",
            lw=1.6,
            density=True,
            label=r.label,
            color=COLOURS[i % len(COLOURS)],
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games (density)")
    ax.legend(fontsize=8, frameon=False)
    return fig


def length_section(runs: Sequence[RunData], figures: Figures) -> Section:
    """How long games last, in actions (and in rounds or turns, when the game says)."""
    headers = ["run", "mean", "median", "10%", "90%", "min", "max"]
    rows = [[r.label, *_quantiles([g.length for g in r.games])] for r in runs]
    body = table(headers, rows, caption="Game length in actions (chance outcomes included)")
    body += figures.add(
        "length",
        histograms(runs, [[g.length for g in r.games] for r in runs], "actions per game"),
        "Distribution of game length in actions",
    )
    rounds = [_rounds(r) for r in runs]
    if all(x is not None for x in rounds):
        key = rounds[0][0]  # type: ignore[index]
        vals = [x[1] for x in rounds]  # type: ignore[index]
        rrows = [[r.label, *_quantiles(v)] for r, v in zip(runs, vals, strict=True)]
        body += table(headers, rrows, caption=f"Game length in {key}")
        body += figures.add(
            f"length-{key}",
            histograms(runs, vals, f"{key} per game"),
            f"Distribution of game length in {key}",
        )
    return Section("Game length", body)


# -- endings ----------------------------------------------------------------------------------


def end_section(runs: Sequence[RunData], figures: Figures) -> Section:
    """How games end, and who wins each way."""
    reasons: list[str] = []
    for r in runs:
        for k in r.end_reasons():
            if k not in reasons:
                reasons.append(k)
    rows = []
    for reason in reasons:
        row: list[Any] = [reason]
        for r in runs:
            c = r.end_reasons()[reason]
            row.append(f"{c} ({pct(c / r.n())})")
        rows.append(row)
    body = table(["end reason", *[r.label for r in runs]], rows, caption="How games end")
    for r in runs:
        cross = []
        for reason in reasons:
            games = [g for g in r.games if (g.end_reason or "(not given)") == reason]
            if not games:
                continue
            wins = [sum(g.returns[s] for g in games) for s in range(r.num_players)]
            cross.append([reason, len(games), *[f"{w:.5g}" for w in wins]])
        body += table(
            ["end reason", "games", *r.seat_names], cross, caption=f"{r.label}: wins by end reason"
        )
    fig = new_figure(7.0, 0.5 + 0.45 * len(runs) + 1.5)
    ax = fig.add_subplot()
    for i, r in enumerate(runs):
        counts = r.end_reasons()
        left = 0.0
        for j, reason in enumerate(reasons):
            share = counts[reason] / r.n()
            ax.barh(
                i,
                share,
                left=left,
                color=COLOURS[j % len(COLOURS)],
                label=reason if i == 0 else None,
            )
            left += share
    ax.set_yticks(range(len(runs)), [r.label for r in runs])
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(lambda v, _pos: f"{v:.0%}")
    ax.set_xlim(0, 1)
    ax.legend(
        fontsize=8,
        frameon=False,
        ncols=min(4, len(reasons)),
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
    )
    body += figures.add("end-reasons", fig, "How games end, per run")
    return Section("How games end", body)
