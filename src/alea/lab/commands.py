"""The ``alea lab`` subcommands: ``run``, ``report`` and ``sweep``.

This module imports only the standard library at load time, so ``alea`` starts quickly and
works without the ``lab`` extra; each command checks for what it needs when it runs.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from alea.lab.plan import LabError

SplitAgents = Callable[[str], list[str]]
ParseOptions = Callable[[Sequence[str]], dict[str, Any]]

NEEDS = ("numpy", "matplotlib")


def _need_lab() -> None:
    for name in NEEDS:
        try:
            importlib.import_module(name)
        except ImportError:
            raise LabError(
                f"alea lab needs {name}, which is not installed: pip install 'alea[lab]'"
            ) from None


class _Bar:
    """A rich progress bar with rate and ETA, started on first use (after workers fork)."""

    def __init__(self, label: str, quiet: bool) -> None:
        self.label = label
        self.quiet = quiet
        self._progress: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
            )
            self._progress.start()
            self._task = self._progress.add_task(self.label, total=total, completed=done, rate="")
            return
        speed = self._progress.tasks[0].speed
        rate = f"{speed:.1f} games/s" if speed else ""
        self._progress.update(self._task, completed=done, total=total, rate=rate)

    def staged(self, game: str) -> Callable[[str, int, int], None]:
        """A progress callback that also names the stage being played (a trial, ...)."""

        def progress(label: str, done: int, total: int) -> None:
            self(done, total)
            if self._progress is not None:
                self._progress.update(self._task, description=f"{game} {label}")

        return progress

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def _jobs(value: int | None) -> int | None:
    if value is not None and value < 1:
        raise LabError("--jobs must be at least 1")
    return value


def _backend_args(ns: argparse.Namespace) -> dict[str, Any]:
    if ns.address and ns.backend != "ray":
        raise LabError("--address needs --backend ray")
    return {"backend": ns.backend, "jobs": _jobs(ns.jobs), "address": ns.address}


def cmd_run(ns: argparse.Namespace, split_agents: SplitAgents, parse_options: ParseOptions) -> int:
    """``alea lab run GAME``: play the games into ``--out``, resuming what is there."""
    _need_lab()
    from alea.lab.data import load_run
    from alea.lab.fairness import share_table
    from alea.lab.plan import RunSpec
    from alea.lab.runner import run

    spec = RunSpec.build(ns.game, parse_options(ns.set), split_agents(ns.agents), ns.seed)
    folder = Path(ns.out)
    bar = _Bar(f"{spec.game} → {folder.name}", ns.quiet)
    try:
        result = run(
            spec,
            folder,
            ns.n,
            keep_records=ns.keep_records,
            stop_width=ns.stop_width,
            progress=bar,
            **_backend_args(ns),
        )
    except KeyboardInterrupt:
        bar.close()
        _interrupted(folder)
        raise
    finally:
        bar.close()
    print(share_table(load_run(folder)))
    print()
    print(_run_line(result))
    return 0


def _interrupted(folder: Path) -> None:
    try:
        from alea.lab.store import read_meta, read_rows

        read_meta(folder)
        stored = sum(1 for _ in read_rows(folder, "games")[1])
        print(
            f"interrupted: {stored} games are stored in {folder}; "
            "run the same command again to carry on",
            file=sys.stderr,
        )
    except LabError:
        pass


def _run_line(result: Any) -> str:
    parts = []
    if result.played:
        parts.append(
            f"played {result.played} games in {result.seconds:.1f} s "
            f"({result.rate():.1f} games/s on {result.workers} workers)"
        )
    else:
        parts.append("nothing to play")
    parts.append(f"{result.stored} of {result.planned} games stored in {result.folder}")
    if result.stopped_early:
        parts.append(
            f"stopped early: every seat's 95% interval is narrower than {result.widest:.3f}"
        )
    if result.parquet:
        parts.append("Parquet: " + ", ".join(p.name for p in result.parquet))
    return "; ".join(parts)


def cmd_report(ns: argparse.Namespace) -> int:
    """``alea lab report DIR...``: the HTML report of one run or several variants."""
    _need_lab()
    from alea.lab.report import write_report

    report = write_report(ns.dirs, ns.out)
    print(f"wrote {report.path} ({len(report.figures)} figures beside it)")
    return 0


def cmd_sweep(
    ns: argparse.Namespace, split_agents: SplitAgents, parse_options: ParseOptions
) -> int:
    """``alea lab sweep GAME --grid option=v1,v2``: run every variant, rank them by fairness."""
    _need_lab()
    from alea.lab.report import write_report
    from alea.lab.sweep import parse_grid, sweep, variant_name, variants

    grid = parse_grid(ns.grid)
    folder = Path(ns.out)
    bars: list[_Bar] = []

    def on_variant(name: str, i: int, total: int) -> _Bar:
        for b in bars:
            b.close()
        bar = _Bar(f"[{i}/{total}] {name}", ns.quiet)
        bars.append(bar)
        return bar

    try:
        result = sweep(
            ns.game,
            grid,
            split_agents(ns.agents),
            folder,
            ns.n,
            options=parse_options(ns.set),
            seed=ns.seed,
            stop_width=ns.stop_width,
            on_variant=on_variant,
            **_backend_args(ns),
        )
    finally:
        for b in bars:
            b.close()
    print(result.table())
    base = result.baseline().folder
    ordered = [base, *(f for f in (folder / variant_name(c) for c in variants(grid)) if f != base)]
    report = write_report(ordered, folder / "report.html", lead=[result.section()])
    print(f"wrote {report.path} and {folder / 'sweep.json'}")
    return 0


def cmd_tune(ns: argparse.Namespace, split_agents: SplitAgents, parse_options: ParseOptions) -> int:
    """``alea lab tune GAME``: search option values for the fairest variant, then confirm it."""
    _need_lab()
    from alea.lab.tune import tune
    from alea.lab.tune_report import write_tune_report
    from alea.lab.tune_space import parse_params

    folder = Path(ns.out)
    space = parse_params(ns.game, ns.param)
    bar = _Bar(f"{ns.game} tune → {folder.name}", ns.quiet)
    progress = bar.staged(ns.game)

    try:
        result = tune(
            ns.game,
            space,
            split_agents(ns.agents),
            folder,
            trials=ns.trials,
            games=ns.n,
            round_games=ns.round,
            pruner=ns.pruner,
            target=ns.target,
            options=parse_options(ns.set),
            seed=ns.seed,
            no_winner_weight=ns.no_winner_weight,
            by=ns.by,
            confirm=ns.confirm,
            confirm_games=ns.confirm_games,
            startup_trials=ns.startup_trials,
            progress=progress,
            **_backend_args(ns),
        )
    except KeyboardInterrupt:
        bar.close()
        print(
            f"interrupted: run the same command again to resume the tune in {folder}",
            file=sys.stderr,
        )
        raise
    finally:
        bar.close()
    print(result.table())
    best = result.best()
    if best is not None:
        print()
        print(f"fairest: alea lab run {ns.game} {result.options_of(best.params)}")
    report = write_tune_report(result, folder / "report.html")
    print(f"wrote {report.path} and {folder / 'tune.json'}")
    return 0


def _writable(path: Path) -> None:
    """Refuse a file to write whose folder does not exist, before any game is played."""
    if not path.parent.is_dir():
        raise LabError(f"cannot write {path}: folder {path.parent} does not exist")


def cmd_tune_bot(ns: argparse.Namespace, parse_options: ParseOptions) -> int:
    """``alea lab tune-bot GAME``: search the bot's style for the strongest, then confirm it."""
    _need_lab()
    from alea.lab.style import spec_of, tune_style, write

    out = Path(ns.out)
    study = Path(ns.study) if ns.study else None
    for path in (out, study):
        if path is not None:
            _writable(path)
    start = parse_options([p for p in ns.start.split(",") if p]) if ns.start else None
    bar = _Bar(f"{ns.game} tune-bot", ns.quiet)
    progress = bar.staged(ns.game)

    try:
        result = tune_style(
            ns.game,
            seat=ns.seat,
            trials=ns.trials,
            games=ns.n,
            startup=ns.startup_trials,
            confirm=ns.confirm_games,
            seed=ns.seed,
            jobs=_jobs(ns.jobs) or 1,
            start=start,
            options=parse_options(ns.set),
            study=study,
            progress=progress,
        )
    except ValueError as exc:
        raise LabError(str(exc)) from None
    finally:
        bar.close()
    result["command"] = "alea lab tune-bot " + " ".join(sys.argv[3:])
    write(result, out)
    for name, part in (("tune", result["tune"]), ("confirmation", result.get("confirm"))):
        if part:
            lo, hi = part["ci95"]
            print(
                f"{name}: won {part['wins']:g} of {part['games']} games alone against the "
                f"default bot, {part['share']:.1%} ({lo:.1%}-{hi:.1%}), "
                f"{part['vs_fair']:.2f} times the fair share"
            )
    print(f"best style: {spec_of(result['style'])}")
    print(f"wrote {out}")
    return 0


def cmd_probe_bot(ns: argparse.Namespace, parse_options: ParseOptions) -> int:
    """``alea lab probe-bot GAME``: the style and each one-parameter change of it, paired."""
    _need_lab()
    from alea.agents.levels import seat_style
    from alea.core.registry import load
    from alea.lab.style import probe_style, spec_of, write

    out = Path(ns.out)
    _writable(out)
    if ns.style == "expert":
        seats = range(load(ns.game, **parse_options(ns.set)).num_players)
        styles = [seat_style(ns.game, s) for s in seats]
        if ns.seat is None and any(st != styles[0] for st in styles):
            raise LabError(
                f"{ns.game}'s expert plays a style of its own in each seat: "
                "choose the seat with --seat, or name a style with --style"
            )
        style = styles[0 if ns.seat is None else ns.seat]
    else:
        style = parse_options([p for p in ns.style.split(",") if p])
    bar = _Bar(f"{ns.game} probe-bot", ns.quiet)
    try:
        result = probe_style(
            ns.game,
            style,
            seat=ns.seat,
            games=ns.n,
            seed=ns.seed,
            jobs=_jobs(ns.jobs) or 1,
            options=parse_options(ns.set),
            progress=bar.staged(ns.game),
        )
    except ValueError as exc:
        raise LabError(str(exc)) from None
    finally:
        bar.close()
    result["command"] = "alea lab probe-bot " + " ".join(sys.argv[3:])
    write(result, out)
    base = result["score"]
    print(f"style: {spec_of(result['style'])}")
    print(
        f"won {base['wins']:g} of {base['games']} games alone against the default bot, "
        f"{base['share']:.1%}, {base['vs_fair']:.2f} times the fair share"
    )
    print(f"\n{'change':<24} {'wins':>8} {'diff':>7} {'won/lost':>9} {'p (Holm)':>9}")
    for row in result["nudges"]:
        change = f"{row['parameter']}={row['value']}"
        if row["unchanged"]:
            print(
                f"{change:<24} {row['wins']:>8g} {'':>7} {'':>9} {'':>9}  every game as the style"
            )
            continue
        moved = (
            f"{row['only_nudge']}/{row['only_style']}"
            if row["only_nudge"] + row["only_style"]
            else ""
        )
        print(
            f"{change:<24} {row['wins']:>8g} {row['difference']:>+7.3f} {moved:>9} "
            f"{row['p_holm']:>9.3f}"
        )
    print(f"wrote {out}")
    return 0


def _style_parser(
    labsub: Any, name: str, *, help: str, description: str, seat_help: str
) -> argparse.ArgumentParser:
    """A lab command over a game's bot style: its parser with the game and ``--seat``."""
    parser: argparse.ArgumentParser = labsub.add_parser(name, help=help, description=description)
    parser.add_argument("game", help="the game, e.g. triumvirate (see: alea games)")
    parser.add_argument("--seat", type=int, default=None, metavar="S", help=seat_help)
    return parser


def _add_common(
    p: argparse.ArgumentParser,
    *,
    games_help: str = "games in all",
    games: int = 1000,
    stop_width: bool = True,
    backends: bool = True,
    agents: bool = True,
) -> None:
    if agents:
        p.add_argument(
            "--agents",
            default="heuristic",
            metavar="SPECS",
            help="one agent spec for every seat, or one per seat, comma-separated, e.g. "
            "heuristic or heuristic,random,mcts:time=0.1 (seats rotate when they differ; "
            "default: %(default)s)",
        )
    p.add_argument(
        "-n", type=int, default=games, metavar="N", help=f"{games_help} (default: %(default)s)"
    )
    p.add_argument(
        "--jobs", type=int, default=None, metavar="J", help="games at once (default: one per CPU)"
    )
    p.add_argument(
        "--seed", type=int, default=0, help="master seed of the per-game seeds (default: 0)"
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="a game option, e.g. players=3 or max_rounds=60",
    )
    if backends:
        p.add_argument(
            "--backend",
            choices=("local", "ray"),
            default="local",
            help="where games are played: local processes, or a Ray cluster (default: local)",
        )
        p.add_argument(
            "--address",
            metavar="HOST:PORT",
            help="a Ray cluster to join (a head started with `ray start --head`), or auto",
        )
    if stop_width:
        p.add_argument(
            "--stop-width",
            type=float,
            default=None,
            metavar="W",
            help="stop early once every seat's 95%% interval of win share is narrower than W "
            "(judged game by game in index order, so the stop is the same on any machine)",
        )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")


def _missing(ns: argparse.Namespace) -> int:
    raise LabError("name a lab command: run, report, sweep or tune (see alea lab --help)")


def add_lab_commands(sub: Any, *, split_agents: SplitAgents, parse_options: ParseOptions) -> None:
    """Add ``alea lab run|report|sweep|tune`` to the ``alea`` command's subparsers."""
    lab = sub.add_parser(
        "lab",
        help="the balance lab: play thousands of games, report on fairness, sweep variants",
        description="The balance lab. `run` plays many games into a folder (SQLite and "
        "Parquet, resumable), `report` writes an HTML report of one or more runs, `sweep` runs "
        "every combination of rule options and ranks them by fairness, `tune` searches option "
        "values for the fairest variant.",
    )
    lab.set_defaults(run=_missing)
    labsub = lab.add_subparsers(dest="lab_command", metavar="COMMAND")

    run = labsub.add_parser(
        "run",
        help="play many games into a folder",
        description="Play games 0..N-1 with per-game seeds spawned from --seed, storing every "
        "game and seat in DIR/lab.sqlite as it finishes, then DIR/games.parquet and "
        "DIR/results.parquet. Run the same command again to resume or extend a run.",
    )
    run.add_argument("game", help="the game, e.g. triumvirate (see: alea games)")
    _add_common(run)
    run.add_argument("--out", required=True, metavar="DIR", help="the run's folder")
    run.add_argument(
        "--keep-records", action="store_true", help="also write DIR/records/game-NNNNNN.json"
    )
    run.set_defaults(run=partial(cmd_run, split_agents=split_agents, parse_options=parse_options))

    report = labsub.add_parser(
        "report",
        help="an HTML report of one run, or of several variants side by side",
        description="Write a self-contained HTML report (PNG figures embedded and written "
        "beside it). With several folders, the first is the baseline the others are tested "
        "against.",
    )
    report.add_argument("dirs", nargs="+", metavar="DIR", help="run folders")
    report.add_argument(
        "--out",
        metavar="FILE.html",
        help="the report (default: DIR/report.html for one run, ./report.html for several)",
    )
    report.set_defaults(run=cmd_report)

    sweep = labsub.add_parser(
        "sweep",
        help="run every combination of option values and rank them by fairness",
        description="Run the game under every combination of the --grid values into "
        "DIR/<variant>, rank the variants by the spread of seat win shares, and write "
        "DIR/report.html and DIR/sweep.json.",
    )
    sweep.add_argument("game", help="the game, e.g. forum (see: alea games)")
    sweep.add_argument(
        "--grid",
        action="append",
        default=[],
        required=True,
        metavar="OPTION=V1,V2,...",
        help="an option and the values to try; repeat for a grid",
    )
    _add_common(sweep)
    sweep.add_argument("--out", required=True, metavar="DIR", help="the sweep's folder")
    sweep.set_defaults(
        run=partial(cmd_sweep, split_agents=split_agents, parse_options=parse_options)
    )

    tune_ = labsub.add_parser(
        "tune",
        help="search option values for the fairest variant (Optuna TPE), then confirm the best",
        description="Search the game's options (by default those its options class names for "
        "tuning) for the variant whose seat win shares are most even, counting games nobody "
        "won as a penalty. Every trial plays up to -n games on the same seeds, in rounds of "
        "--round games; after each round the pruner may stop a variant that is clearly worse "
        "than one already measured, so far-off boards cost one round and the fairest play "
        "every game. The study is kept in "
        "DIR/study.sqlite, so a killed tune resumes when the same command is run again. The "
        "best variants are played again on fresh seeds and reported with 95%% Wilson "
        "intervals and a chi-square test against equal shares in DIR/report.html.",
    )
    tune_.add_argument("game", help="the game, e.g. triumvirate (see: alea games)")
    tune_.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="OPTION[=LO:HI|=V1,V2]",
        help="an option to search, with an integer range or a list of values; a bare name "
        "takes its default range; repeat for more (default: the game's tuning space)",
    )
    tune_.add_argument(
        "--trials",
        type=int,
        default=50,
        metavar="T",
        help="trials in all, pruned ones included (default: %(default)s)",
    )
    tune_.add_argument(
        "--round",
        type=int,
        default=100,
        metavar="R",
        help="games a trial plays between two looks of the pruner (default: %(default)s)",
    )
    tune_.add_argument(
        "--pruner",
        choices=("bound", "halving", "none"),
        default="bound",
        help="when to stop a trial early: bound, once its 95%% interval of unfairness lies "
        "above the fairest trial's or above --target; halving, Optuna's successive halving "
        "(keep the best third at 1, 3, 9... rounds); none, never (default: %(default)s)",
    )
    tune_.add_argument(
        "--startup-trials",
        type=int,
        default=20,
        metavar="K",
        help="random trials before TPE models the results (default: %(default)s)",
    )
    tune_.add_argument(
        "--target",
        type=float,
        default=0.10,
        metavar="U",
        help="unfairness that is fair enough: the bound pruner stops a trial surely above it "
        "(default: %(default)s, a spread of ten points)",
    )
    tune_.add_argument(
        "--confirm",
        type=int,
        default=3,
        metavar="K",
        help="best variants to play again on fresh seeds (default: %(default)s)",
    )
    tune_.add_argument(
        "--confirm-games",
        type=int,
        default=1000,
        metavar="N",
        help="games of each confirmation run (default: %(default)s)",
    )
    tune_.add_argument(
        "--no-winner-weight",
        type=float,
        default=1.0,
        metavar="W",
        help="weight of the share of games nobody won in the unfairness (default: %(default)s)",
    )
    tune_.add_argument(
        "--by",
        default="seat",
        metavar="GROUPS",
        help="even out the win shares of the seats (seat), of the places in the first round's "
        "order of play counted from the first player (order), or of the places of an order "
        "the game records, such as choice for hotre, the order in which the Factions choose "
        "their starting Areas (default: %(default)s)",
    )
    _add_common(tune_, games_help="most games a trial plays", games=800, stop_width=False)
    tune_.add_argument("--out", required=True, metavar="DIR", help="the tune's folder")
    tune_.set_defaults(
        run=partial(cmd_tune, split_agents=split_agents, parse_options=parse_options)
    )
    bot = _style_parser(
        labsub,
        "tune-bot",
        help="search the heuristic bot's style for the strongest play against it (Optuna TPE)",
        description="Search the style parameters of the game's heuristic bot (the ranges its "
        "bot declares) for the style that wins most often sitting alone against the default "
        "bot, in one seat (--seat) or in every seat in turn. Every trial plays the same "
        "seeded games; the best style is then played on fresh seeds and its win share "
        "reported with a 95%% Wilson interval and against the fair share. The result is "
        "written as JSON; a game ships the styles of its expert level in "
        "src/alea/games/GAME/data/expert.json.",
        seat_help="tune for this seat (0 is the first); default: one style for every seat",
    )
    bot.add_argument(
        "--trials", type=int, default=40, metavar="T", help="styles to try (default: %(default)s)"
    )
    bot.add_argument(
        "--startup-trials",
        type=int,
        default=12,
        metavar="K",
        help="random trials before TPE models the results (default: %(default)s)",
    )
    bot.add_argument(
        "--confirm-games",
        type=int,
        default=300,
        metavar="N",
        help="fresh games per seat to confirm the best style, 0 for none (default: %(default)s)",
    )
    bot.add_argument(
        "--start",
        default="",
        metavar="K=V,...",
        help="a style to try first, e.g. an earlier best (parameters not named: defaults)",
    )
    _add_common(
        bot,
        games_help="games per seat of every trial",
        games=100,
        stop_width=False,
        backends=False,
        agents=False,
    )
    bot.add_argument("--out", required=True, metavar="FILE", help="where to write the result")
    bot.add_argument(
        "--study",
        default=None,
        metavar="FILE",
        help="keep the study in this SQLite file: a new file starts the tune, one holding it "
        "resumes it after a kill, or goes on to a larger --trials (the other arguments but "
        "--confirm-games, --jobs and --out must be the same); proposes other styles than the "
        "same command without it",
    )
    bot.set_defaults(run=partial(cmd_tune_bot, parse_options=parse_options))
    probe = _style_parser(
        labsub,
        "probe-bot",
        help="play a bot style and each one-parameter change of it on the same games",
        description="Play a style of the game's heuristic bot alone against the default bot, "
        "then each change of one of its parameters (a flag flipped; a number at both ends of "
        "its range and an eighth of the range either side of its value), all on the same "
        "seeded games, and compare each change with the style game by game (McNemar's exact "
        "test, Holm-adjusted over the changes). A change after which every game ends as it "
        "did with the style is marked so: in those games the parameter never mattered.",
        seat_help="play in this seat (0 is the first); default: every seat in turn",
    )
    probe.add_argument(
        "--style",
        default="expert",
        metavar="K=V,...|expert",
        help="the style probed: parameters (the rest: the default bot's), or expert for the "
        "style the expert plays in the seat (default: %(default)s)",
    )
    _add_common(
        probe,
        games_help="games per seat of the style and of every change",
        games=500,
        stop_width=False,
        backends=False,
        agents=False,
    )
    probe.add_argument("--out", required=True, metavar="FILE", help="where to write the result")
    probe.set_defaults(run=partial(cmd_probe_bot, parse_options=parse_options))
