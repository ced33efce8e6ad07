"""The ``alea`` command: play, replay, render, list games, run ladders and benchmarks.

Every mistake in what was typed, or in a record file, ends the command with one line on
stderr starting ``alea: error:`` and exit code 2; no record file is ever overwritten by a
command that fails.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import alea
from alea.agents.level_ratings import ladder_note, level_ratings
from alea.agents.levels import LEVELS
from alea.cli.common import Parser, UsageError, fail, in_file, new_console, option_items
from alea.cli.play import cmd_play
from alea.core.errors import AleaError, RecordError
from alea.core.fairness import verify_record
from alea.core.game import Game
from alea.core.record import GameRecord
from alea.lab.commands import add_lab_commands
from alea.ladder import run_ladder
from alea.render import svg_renderer
from alea.terminal import (
    check_record,
    replay_record,
    terminal_reader,
)

# -- replay, games, bench -----------------------------------------------------------------------


def cmd_replay(ns: argparse.Namespace) -> int:
    """``alea replay FILE``: show a saved game action by action."""
    record = GameRecord.load_file(ns.file)
    console = new_console()
    reader = terminal_reader(console) if ns.step and sys.stdin.isatty() else None
    try:
        return replay_record(record, console, upto=ns.to, read_line=reader)
    except RecordError as exc:
        raise RecordError(in_file(ns.file, str(exc))) from None


def cmd_verify(ns: argparse.Namespace) -> int:
    """``alea verify FILE``: re-derive every chance outcome of a record from its secret."""
    record = GameRecord.load_file(ns.file)
    try:
        checked = verify_record(record)
    except RecordError as exc:
        raise RecordError(in_file(ns.file, str(exc))) from None
    print(
        f"{ns.file}: all {checked} chance outcomes of {len(record.actions)} actions "
        "are the ones the game's secret gives"
    )
    return 0


# -- render ------------------------------------------------------------------------------------


def _viewer(game: Game, text: str | None) -> int | None:
    """The seat named ``text`` (name or 1-based number); ``None`` for a spectator."""
    if text is None:
        return None
    t = text.strip()
    for i, name in enumerate(game.player_names):
        if t.lower() == name.lower() or t == str(i + 1):
            return i
    seats = ", ".join(game.player_names)
    raise UsageError(f"--seat {text!r} is not a seat of {game.name} (one of: {seats}, or 1-based)")


def _writable(path: Path, flag: str) -> None:
    if not path.parent.is_dir():
        raise UsageError(f"cannot write {flag} {path}: folder {path.parent} does not exist")


def cmd_render(ns: argparse.Namespace) -> int:
    """``alea render FILE``: draw the position a record reaches as SVG (or PNG)."""
    record = GameRecord.load_file(ns.file)
    try:
        render = svg_renderer(record.game)
        check_record(record, ns.to)
        state = alea.replay(record, upto=ns.to)
    except RecordError as exc:
        raise RecordError(in_file(ns.file, str(exc))) from None
    seat = _viewer(state.game, ns.seat)
    out = Path(ns.out) if ns.out else None
    png = Path(ns.png) if ns.png else None
    for path, flag in ((out, "--out"), (png, "--png")):
        if path is not None:
            _writable(path, flag)
    cairosvg: Any = None
    if png is not None:
        try:
            cairosvg = importlib.import_module("cairosvg")
        except ImportError:
            raise UsageError(
                "--png needs the cairosvg package, which is not installed: pip install cairosvg"
            ) from None
    svg = render(state.observation(seat))
    if out is not None:
        out.write_text(svg, encoding="utf-8")
    if png is not None:
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(png))
    if out is None and png is None:
        sys.stdout.write(svg)
    return 0


def cmd_games(ns: argparse.Namespace) -> int:
    """``alea games``: the registered games and their seats."""
    for name in alea.GAMES:
        game = alea.load(name)
        seats = ", ".join(game.player_names)
        print(f"{name:<14} {game.num_players} players: {seats}")
        rated = level_ratings(name)
        if rated:
            levels = ", ".join(f"{r.level} {r.text()}" for r in rated.values())
            unrated = [lv for lv in LEVELS if lv not in rated]
            if unrated:
                levels += f"; {', '.join(unrated)} not rated yet"
            print(f"{'':<14} levels: {levels}")
            if ns.levels:
                print(f"{'':<14} from {ladder_note(name)}")
                for r in rated.values():
                    print(f"{'':<16} {r.level:<7} {r.detail()}, played as {r.rated_as}")
    if any(level_ratings(name) for name in alea.GAMES) and not ns.levels:
        print(
            "\nLevels are rated on the Elo scale against normal, the heuristic bot: +200 "
            "finishes ahead of it about three times in four. `alea games --levels` gives each "
            "rating's 95% interval and the ladder behind it."
        )
    return 0


def cmd_bench(args: list[str]) -> int:
    """``alea bench ...``: hand the arguments to the benchmark runner."""
    try:
        benchmarks = importlib.import_module("alea.benchmarks")
    except ImportError as exc:
        fail(f"benchmarks are not available in this installation ({exc})")
        return 2
    code = benchmarks.main(args)
    return int(code or 0)


# -- ladder ------------------------------------------------------------------------------------


def cmd_ladder(ns: argparse.Namespace) -> int:
    """``alea ladder GAME``: a round-robin of agents, then standings and pairwise wins."""
    specs = _agent_specs(ns.agents)
    lone = None
    if ns.lone is not None:
        named = _agent_specs(ns.lone)
        if len(named) != 1:
            raise UsageError(f"--lone takes one agent, not {ns.lone!r}")
        lone = named[0]
    if ns.games < 1:
        raise UsageError("--games must be at least 1")
    if ns.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    out = Path(ns.out) if ns.out else None
    if out is not None and not out.parent.is_dir():
        raise UsageError(f"cannot write {out}: folder {out.parent} does not exist")

    def progress(done: int, total: int) -> None:
        if not ns.quiet:
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)

    try:
        result = run_ladder(
            ns.game,
            specs,
            rounds=ns.games,
            seed=ns.seed,
            jobs=ns.jobs,
            options=option_items(ns.set),
            progress=progress,
            lone=lone,
        )
    except AleaError:
        raise
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(result.table())
    if out is not None:
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(out)
    return 0


def database_url(text: str) -> str:
    """``--db``'s database URL: a URL as given, or a bare file path as an SQLite URL.

    Raises:
        UsageError: empty, or a URL SQLAlchemy cannot read, with what to write instead.

    """
    text = text.strip()
    if not text:
        raise UsageError("--db needs a database URL or the path of an SQLite file")
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser()}"
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(text)
    except (ArgumentError, ValueError):
        raise UsageError(
            f"--db {text!r} is not a database URL: write sqlite:///FILE, the path of an SQLite "
            "file, or postgresql+psycopg://user:pw@host/db"
        ) from None
    return text


def cmd_train(ns: argparse.Namespace) -> int:
    """``alea train GAME``: fit a learned value on games of the heuristic bots, write it."""
    # Imported here: numpy's start-up time is paid only by the command that fits.
    value = importlib.import_module("alea.lab.value")
    if ns.games < 2:
        raise UsageError("--games must be at least 2 (some to fit, some to score)")
    if ns.every < 1:
        raise UsageError("--every must be at least 1")
    if ns.hidden < 0 or ns.steps < 1 or ns.batch < 0:
        raise UsageError("--hidden and --batch must be 0 or more and --steps at least 1")
    out = Path(ns.out or f"{ns.game}-value.json")
    if not out.parent.is_dir():
        raise UsageError(f"cannot write {out}: folder {out.parent} does not exist")
    if ns.game not in alea.GAMES:
        raise UsageError(f"no game {ns.game!r}; the games are: {', '.join(alea.GAMES)}")

    def progress(done: int, total: int) -> None:
        if not ns.quiet and (done % 50 == 0 or done == total):
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)

    how = value.Fit(hidden=ns.hidden, steps=ns.steps, rate=ns.rate, seed=ns.seed, batch=ns.batch)
    try:
        report = value.train(
            ns.game,
            ns.games,
            ns.seed,
            agents=_agent_specs(ns.agents),
            how=how,
            every=ns.every,
            options=option_items(ns.set),
            progress=progress,
        )
    except AleaError:
        raise
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print("\n".join(report.lines()))
    tmp = out.with_name(out.name + ".tmp")
    value.write(report.weights, tmp)
    tmp.replace(out)
    print(f"weights written to {out}")
    return 0


def _agent_specs(text: str) -> list[str]:
    """Split ``random,heuristic,mcts:time=0.1,mcts:time=1`` into agent specs.

    A comma followed by ``key=value`` continues the parameters of the agent before it
    (``mcts:time=1,c=0.5``); otherwise it starts a new agent.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def _parser() -> Parser:
    parser = Parser(prog="alea", description="Roman strategy board games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play a game in the terminal (humans and bots)",
        description="Play a game in the terminal. The record is saved after every action.",
    )
    play.add_argument("game", nargs="?", help="the game, e.g. triumvirate (see: alea games)")
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="NAME=KIND",
        help="who plays a seat (name or 1-based number): human, a level (easy, normal, hard, "
        "expert, e.g. expert:time=1), random, heuristic, mcts:time=2 ... (default: heuristic; "
        "seat 1 is human when none is given at a terminal)",
    )
    play.add_argument("--seed", type=int, help="seed of the dice and the bots (default: random)")
    play.add_argument(
        "--save", metavar="FILE", help="record file (default: saves/GAME-SEED-TIME.json)"
    )
    play.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="a game option, e.g. max_rounds=50",
    )
    play.add_argument(
        "--delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="pause after each bot action, to watch",
    )
    play.add_argument("--resume", metavar="FILE", help="continue an unfinished saved game")
    play.add_argument(
        "-q", "--quiet", action="store_true", help="show only the final position and result"
    )
    play.set_defaults(run=cmd_play)

    rep = sub.add_parser(
        "replay",
        help="watch a saved game",
        description="Show a saved game action by action, then its position and result.",
    )
    rep.add_argument("file", metavar="FILE", help="a game record")
    rep.add_argument(
        "--step",
        action="store_true",
        help="step through at the keyboard: Enter next, p back, g N go to action N, b board",
    )
    rep.add_argument("--to", type=int, metavar="N", help="stop after N actions")
    rep.set_defaults(run=cmd_replay)

    verify = sub.add_parser(
        "verify",
        help="check a web game's dice against its secret",
        description="Replay a record exported by the web app and check that every chance "
        "outcome (dice, draws, shuffles) is the one its secret gives (HMAC-SHA256 of the move "
        "number). Exit code 2 names the first outcome that differs.",
    )
    verify.add_argument("file", metavar="FILE", help="a game record with a secret")
    verify.set_defaults(run=cmd_verify)

    render = sub.add_parser(
        "render",
        help="draw a saved position as SVG or PNG",
        description="Replay a record (or its first N actions) and draw the board as a picture. "
        "Without --out or --png the SVG goes to standard output.",
    )
    render.add_argument("file", metavar="FILE", help="a game record")
    render.add_argument("--to", type=int, metavar="N", help="draw the position after N actions")
    render.add_argument(
        "--seat", metavar="NAME", help="draw what this seat sees (name or 1-based number)"
    )
    render.add_argument("--out", metavar="OUT.svg", help="write the SVG here")
    render.add_argument("--png", metavar="OUT.png", help="write a PNG here (needs cairosvg)")
    render.set_defaults(run=cmd_render)

    games = sub.add_parser("games", help="list the games and how strong their bot levels play")
    games.add_argument(
        "--levels", action="store_true", help="each level's 95%% interval and the ladder behind it"
    )
    games.set_defaults(run=cmd_games)
    ladder = sub.add_parser(
        "ladder",
        help="a round-robin of agents with win shares and ratings",
        description="Play every mix of the agents in every seat order, then print each agent's "
        "win share (95% Wilson interval), its share against the fair 1/n, a Bradley–Terry "
        "rating on the Elo scale, and the pairwise wins.",
    )
    ladder.add_argument("game", help="the game, e.g. triumvirate (see: alea games)")
    ladder.add_argument(
        "--agents",
        default="random,heuristic",
        metavar="SPECS",
        help="comma-separated agents, e.g. random,heuristic,mcts:time=0.1 (default: %(default)s)",
    )
    ladder.add_argument(
        "--games",
        type=int,
        default=1,
        metavar="N",
        help="games per seating: each mix of agents in each seat order (default: 1)",
    )
    ladder.add_argument(
        "--lone",
        metavar="SPEC",
        help="one of the agents: play only the seatings where it sits alone, in each seat in "
        "turn, every other seat held by the other agents (e.g. --agents normal,expert "
        "--lone expert plays E N N, N E N, N N E)",
    )
    ladder.add_argument("--seed", type=int, default=0, help="the ladder's seed (default: 0)")
    ladder.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="games played at once (default: 1)"
    )
    ladder.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="a game option, e.g. max_rounds=50",
    )
    ladder.add_argument("--out", metavar="FILE", help="write every game and the tables as JSON")
    ladder.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    ladder.set_defaults(run=cmd_ladder)

    train = sub.add_parser(
        "train",
        help="fit a game's learned value (the search's judge of a position) on bot games",
        description="Play seeded games of the agents given, keep a decision position now and "
        "then with each seat's numbers and the result, fit the learned value on most games and "
        "score it on the rest against the hand-set evaluation, then write its weights (ship "
        "them as src/alea/games/GAME/data/value.json).",
    )
    train.add_argument("game", help="the game, e.g. triumvirate (see: alea games)")
    train.add_argument(
        "--games", type=int, default=2000, metavar="N", help="games to play (default: 2000)"
    )
    train.add_argument("--seed", type=int, default=1, help="the games' seed (default: 1)")
    train.add_argument(
        "--agents",
        default="heuristic",
        metavar="SPECS",
        help="comma-separated agents, one drawn for each seat of each game (default: heuristic)",
    )
    train.add_argument(
        "--every",
        type=int,
        default=6,
        metavar="K",
        help="keep about one decision position in K (default: 6)",
    )
    train.add_argument(
        "--hidden", type=int, default=0, help="hidden units, 0 for a linear model (default: 0)"
    )
    train.add_argument("--steps", type=int, default=800, help="Adam steps (default: 800)")
    train.add_argument("--rate", type=float, default=0.01, help="Adam's rate (default: 0.01)")
    train.add_argument(
        "--batch",
        type=int,
        default=0,
        help="positions a step, drawn afresh; 0 for all of them (default: 0)",
    )
    train.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="a game option, e.g. players=4",
    )
    train.add_argument(
        "--out", metavar="FILE", help="where to write the weights (default: GAME-value.json)"
    )
    train.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    train.set_defaults(run=cmd_train)

    add_lab_commands(sub, split_agents=_agent_specs, parse_options=option_items)
    sub.add_parser("bench", help="run the performance benchmarks (arguments go to the runner)")

    serve = sub.add_parser("serve", help="start the web app (lobby, online play, replays)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--db",
        default="sqlite:///alea.db",
        help="SQLAlchemy database URL, or the path of an SQLite file (default: the SQLite file "
        "alea.db here; postgresql+psycopg://user:pw@host/db for PostgreSQL)",
    )
    serve.add_argument(
        "--workers", type=int, default=None, help="bot worker processes (default: one per core)"
    )
    serve.add_argument(
        "--max-bot-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help="most seconds a search bot may think per decision (default: 10)",
    )
    serve.add_argument(
        "--max-bot-iterations",
        type=int,
        default=None,
        metavar="N",
        help="most iterations a search bot may be given per decision (default: 1000000)",
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any of the server's limits, e.g. create_rate=1 or max_open_games=20000 "
        "(the names are listed in docs/security.md)",
    )
    serve.add_argument(
        "--fixed-seeds",
        action="store_true",
        help="accept a chosen seed for games with human seats (tests and local study only: "
        "whoever knows the seed knows every card to come)",
    )
    serve.add_argument(
        "--peer",
        action="append",
        default=[],
        metavar="URL",
        help="address of another alea serve process on the same PostgreSQL database, e.g. "
        "http://10.0.0.2:8000 (repeat for each): a page whose connection to this process "
        "keeps failing tries the peers (docs/deploy.md)",
    )
    serve.set_defaults(run=cmd_serve)
    return parser


def cmd_serve(ns: argparse.Namespace) -> int:
    """``alea serve``: the web app on ``--host``:``--port``, storing to ``--db``."""
    import uvicorn

    from alea.server.app import create_app
    from alea.server.coordination import ServeLockError, lock_sqlite_file
    from alea.server.limits import Limits

    if not 0 < ns.port < 65536:
        raise UsageError("--port must be between 1 and 65535")
    changes: dict[str, Any] = dict(option_items(ns.limit))
    if ns.max_bot_time is not None:
        changes["bot_time"] = ns.max_bot_time
    if ns.max_bot_iterations is not None:
        changes["bot_iterations"] = ns.max_bot_iterations
    if ns.fixed_seeds:
        changes["fixed_seeds"] = True
    try:
        limits = Limits().replace(**changes)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if not 0 < limits.bot_time <= 3600:
        raise UsageError("--max-bot-time must be above 0 and at most 3600 seconds")
    if limits.bot_iterations < 1:
        raise UsageError("--max-bot-iterations must be at least 1")
    ns.db = database_url(ns.db)
    try:
        # Held until the process ends: a second server on the same SQLite file stops here.
        lock = lock_sqlite_file(ns.db)
    except ServeLockError as exc:
        raise UsageError(str(exc)) from None
    try:
        app = create_app(ns.db, workers=ns.workers, limits=limits, peers=ns.peer)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(f"Alea is serving on http://{ns.host}:{ns.port}/ (database {_safe_url(ns.db)})")
    # Views are mostly SVG text; compressing each one costs the server more than it saves on
    # the loopback and local networks it serves, so per-message deflate stays off.
    uvicorn.run(
        app,
        host=ns.host,
        port=ns.port,
        log_level="warning",
        access_log=False,
        ws_per_message_deflate=False,
        # Frames past this size are refused by the protocol before they are read (close 1009).
        ws_max_size=limits.max_frame,
    )
    if lock is not None:
        lock.close()
    return 0


def _safe_url(url: str) -> str:
    """A database URL with any password hidden."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, creds = head.partition("//")
    user = creds.split(":", 1)[0]
    return f"{scheme}//{user}:***@{tail}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``alea`` command line and return its exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args[:1] == ["bench"]:
            return cmd_bench(args[1:])
        parser = _parser()
        try:
            ns = parser.parse_args(args)
        except SystemExit as exc:  # --help and --version end here
            return exc.code if isinstance(exc.code, int) else 0
        if ns.command is None:
            parser.print_help()
            return 2
        code: int = ns.run(ns)
        return code
    except AleaError as exc:
        fail(str(exc))
        return 2
    except BrokenPipeError:
        # The reader went away (alea replay FILE | head): stop quietly.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 1
    except OSError as exc:
        fail(str(exc))
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
