"""``alea tune-bot GAME``: search the heuristic bot's style for the strongest play against it.

A game's heuristic bot may take *style* parameters (the Triumvirate's: how many conquests to
collect, how many troops guard the leader, the odds it fights at, ...), declared with their
ranges by the game's ``style_space`` search hook; its defaults are the ``normal`` level. The
tune asks Optuna's TPE for styles and scores each by the share of games it wins sitting alone
against the default bot, in one seat or in every seat in turn, over the same seeded games for
every trial (common random numbers: two styles are compared on the same dice). The best style
is then confirmed on fresh games and its share reported with a Wilson 95% interval.

Every trial's games come from ``derive_seed(seed, "style/g")``, the confirmation's from
``derive_seed(seed, "style-confirm/g")``, so a tune is repeatable from its command.

A tune given a study file keeps Optuna's study there (SQLite), with what the tune is and every
finished trial's style and score, so a tune killed at any point and run again with the same
arguments goes on where it stopped. Its sampler is then made afresh before every trial, seeded
by the tune's seed and the number of trials finished, so a proposal depends only on the
finished trials: a trial cut short is dropped and the same style proposed again, and the
resumed tune ends with the trials it would have had uninterrupted. (Without a file one
sampler draws every trial in turn, so the two propose different styles from the same seed.)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from alea.core.registry import bot_factory, hook, load
from alea.core.rng import derive_seed
from alea.core.styles import BotStyle
from alea.lab.stats import holm, paired_test
from alea.lab.tune import optuna_module, tpe_sampler
from alea.ladder import play_match, wilson

FORMAT = 1
"""The version of the style file's layout."""

STUDY = "tune-bot"
"""The name of the Optuna study in a study file."""

_IDENTITY = "tune"
"""The study's user attribute holding what the tune is (its game, options, seat, ...)."""

_TRIAL = "trial"
"""A finished trial's user attribute holding its style and score, as in the result."""

_ARGUMENT = {
    "game": "game",
    "options": "options (--set)",
    "seat": "seat (--seat)",
    "seed": "seed (--seed)",
    "games": "games per trial (-n)",
    "startup": "startup trials (--startup-trials)",
    "start": "start style (--start)",
    "space": "style space (the bot's parameters changed since)",
}
"""What the user names a part of the tune's identity by, for the refusal of another tune."""

Space = Mapping[str, tuple[Any, Any]]
"""Per style parameter, its (low, high): two ints, two floats, or (False, True)."""

Progress = Callable[[str, int, int], None]
"""Called with (what is being played, games done, games in all)."""


def space_of(game: str) -> Space:
    """The game's style space (its ``style_space`` search hook)."""
    space = hook(game, "style_space")
    if not space:
        raise ValueError(f"{game}'s bot declares no style parameters to tune")
    return dict(space)


def spec_of(style: Mapping[str, Any]) -> str:
    """The agent spec of the heuristic bot in ``style`` (``heuristic:collect=1,...``)."""
    parts = []
    for name, value in style.items():
        shown = int(value) if isinstance(value, bool) else value
        if isinstance(shown, float):
            shown = round(shown, 4)
        parts.append(f"{name}={shown}")
    return "heuristic" + (":" + ",".join(parts) if parts else "")


@dataclass(frozen=True)
class Score:
    """Games a style won sitting alone against the default bot."""

    games: int
    wins: float

    @property
    def share(self) -> float:
        """Its share of the games."""
        return self.wins / self.games if self.games else 0.0

    def to_json(self, seats: int) -> dict[str, Any]:
        """JSON form, with the interval and the share against the fair ``1/seats``."""
        lo, hi = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "share": round(self.share, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "vs_fair": round(self.share * seats, 3),
            "low_vs_fair": round(lo * seats, 3),
        }


def _job(job: tuple[str, dict[str, Any], list[str], int]) -> list[float]:
    return play_match(*job)[0]


def results(
    game_id: str,
    style: Mapping[str, Any],
    seats: Sequence[int],
    games: int,
    label: str,
    seed: int,
    *,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[float]:
    """What the styled bot scored alone at ``games`` seeded tables in each of ``seats``, in order.

    Every other seat holds the default bot; a win counts 1, a shared win its share. Game ``g``
    of a seat is played from ``derive_seed(seed, f"{label}/{g}")``, so two styles given the same
    label and seed meet the same dice game by game.
    """
    game = load(game_id, **dict(options or {}))
    spec = spec_of(style)
    work = []
    for seat in seats:
        for g in range(games):
            specs = ["heuristic"] * game.num_players
            specs[seat] = spec
            work.append((game.name, dict(game.options), specs, derive_seed(seed, f"{label}/{g}")))
    seat_of = [s for s in seats for _ in range(games)]
    out: list[float] = []

    def count(returns: list[float], seat: int) -> None:
        out.append(returns[seat])
        if progress is not None:
            progress(len(out), len(work))

    if jobs <= 1:
        for job, seat in zip(work, seat_of, strict=True):
            count(_job(job), seat)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for returns, seat in zip(pool.map(_job, work, chunksize=4), seat_of, strict=True):
                count(returns, seat)
    return out


def score(
    game_id: str,
    style: Mapping[str, Any],
    seats: Sequence[int],
    games: int,
    label: str,
    seed: int,
    *,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Score:
    """Count the wins of the styled bot alone at ``games`` seeded tables in each of ``seats``.

    Every other seat holds the default bot; a shared win counts its share.
    """
    got = results(
        game_id, style, seats, games, label, seed, jobs=jobs, options=options, progress=progress
    )
    return Score(len(got), sum(got))


def _suggest(trial: Any, space: Space) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, (low, high) in space.items():
        if isinstance(low, bool):
            out[name] = trial.suggest_categorical(name, [False, True])
        elif isinstance(low, int):
            out[name] = trial.suggest_int(name, low, high)
        else:
            out[name] = round(trial.suggest_float(name, float(low), float(high)), 3)
    return out


def defaults_of(game: str, space: Space) -> dict[str, Any]:
    """The default bot's value of each parameter of ``space`` (the ``normal`` level's style)."""
    factory = bot_factory(game, "heuristic")
    style = getattr(factory(), "style", None) if factory is not None else None
    if not isinstance(style, BotStyle):
        raise ValueError(f"{game}'s heuristic bot has no style to read its defaults from")
    values = asdict(style)
    return {name: values[name] for name in space}


def coerce(space: Space, style: Mapping[str, Any]) -> dict[str, Any]:
    """``style`` with each value read as its parameter's type, inside its range.

    Raises:
        ValueError: a name the space does not have, or a value of the wrong kind or range.

    """
    out: dict[str, Any] = {}
    for name, raw in style.items():
        if name not in space:
            raise ValueError(f"no style parameter {name!r}; the bot takes: {', '.join(space)}")
        low, high = space[name]
        text = str(raw).strip().lower()
        try:
            if isinstance(low, bool):
                if text not in ("true", "false", "1", "0"):
                    raise ValueError
                value: Any = text in ("true", "1")
            elif isinstance(low, int):
                value = int(text)
            else:
                value = float(text)
        except ValueError:
            raise ValueError(
                f"style parameter {name}={raw!r} is not a {type(low).__name__}"
            ) from None
        if not isinstance(low, bool) and not low <= value <= high:
            raise ValueError(f"style parameter {name}={value} is outside {low} to {high}")
        out[name] = value
    return out


def tune_style(
    game_id: str,
    *,
    seat: int | None = None,
    trials: int = 40,
    games: int = 100,
    startup: int = 12,
    confirm: int = 300,
    seed: int = 1,
    jobs: int = 1,
    start: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    study: Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Search the style space for the style that wins most against the default bot.

    Args:
        game_id: a registered game whose bot declares a ``style_space``.
        seat: tune for this seat alone; ``None`` for one style in every seat in turn.
        trials: styles to try (a study holding more finished trials plays none and keeps all).
        startup: how many of them are drawn at random before TPE models the rest.
        games: games per seat of every trial (the same seeds for every trial).
        confirm: fresh games per seat for the best style's confirmation (0: none).
        seed: the tune's seed (the sampler's and the games').
        jobs: games played at once.
        start: a style to try first (for example the best of an earlier tune); the parameters
            it does not name take the default bot's values.
        options: the game's options.
        study: an SQLite file keeping the study: created if missing or empty, resumed if it
            holds this tune (see the module's docstring); ``None`` keeps it in memory.
        progress: see :data:`Progress`.

    Returns:
        The result as JSON: the best style, its score in the tune and in the confirmation,
        and every trial.

    Raises:
        ValueError: bad arguments, a game whose bot has no style, or a study file that is
            not a study of this tune.

    """
    game = load(game_id, **dict(options or {}))
    space = space_of(game.name)
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"{game.name} has seats 0 to {game.num_players - 1}, not {seat}")
    if trials < 1 or games < 1 or confirm < 0 or jobs < 1:
        raise ValueError("trials, games and jobs must be at least 1, confirm at least 0")
    seats = list(range(game.num_players)) if seat is None else [seat]
    first = {**defaults_of(game.name, space), **coerce(space, start)} if start else None
    optuna = optuna_module()
    if study is None:
        the_study = optuna.create_study(
            direction="maximize", sampler=tpe_sampler(optuna, seed, None, min(startup, trials))
        )
    else:
        identity = {
            "game": game.name,
            "options": dict(game.options),
            "seat": seat,
            "seed": seed,
            "games": games,
            "startup": startup,
            "start": coerce(space, start) if start else None,
            "space": dict(space),
        }
        the_study = _open_study(optuna, study, identity)
    state = optuna.trial.TrialState

    def finished() -> list[Any]:
        return list(the_study.get_trials(deepcopy=False, states=(state.COMPLETE,)))

    def play_next() -> None:
        """Ask for the next style, play its games, and keep its style and score with it."""
        index = len(finished())
        if study is not None:
            the_study.sampler = tpe_sampler(optuna, seed, index, startup)
        trial = the_study.ask()
        style = _suggest(trial, space)
        label = f"trial {index + 1}/{trials}"
        tick = None if progress is None else (lambda d, t: progress(label, d, t))
        got = score(
            game.name,
            style,
            seats,
            games,
            "style",
            seed,
            jobs=jobs,
            options=game.options,
            progress=tick,
        )
        trial.set_user_attr(_TRIAL, {"style": style, **got.to_json(game.num_players)})
        the_study.tell(trial, got.share)

    # A trial cut short by a kill is dropped and proposed again: a sampler made afresh for it
    # over the same finished trials proposes the same style, even when the kill came while its
    # parameters were being drawn (and only some of them stored). A start cut short is put
    # back in the queue first.
    for cut in the_study.get_trials(deepcopy=False, states=(state.RUNNING,)):
        fixed = cut.system_attrs.get("fixed_params")
        if fixed and not the_study.get_trials(deepcopy=False, states=(state.WAITING,)):
            the_study.enqueue_trial(fixed)
        the_study.tell(cut.number, state=state.FAIL)
    if first is not None and not the_study.get_trials(deepcopy=False):
        # A parameter the start leaves out takes its default, not a random draw.
        the_study.enqueue_trial(first)
    while len(finished()) < trials:
        play_next()
    history: list[dict[str, Any]] = [
        t.user_attrs[_TRIAL] for t in sorted(finished(), key=lambda t: t.number)
    ]
    best = max(history, key=lambda h: h["share"])
    result: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "options": dict(game.options),
        "seat": seat,
        "seed": seed,
        "style": best["style"],
        "tune": {k: v for k, v in best.items() if k != "style"},
        "trials": history,
    }
    if confirm:
        tick = None if progress is None else (lambda d, t: progress("confirmation", d, t))
        got = score(
            game.name,
            best["style"],
            seats,
            confirm,
            "style-confirm",
            seed,
            jobs=jobs,
            options=game.options,
            progress=tick,
        )
        result["confirm"] = got.to_json(game.num_players)
    return result


def nudges(space: Space, style: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The one-parameter changes of ``style`` a probe plays, parameter by parameter.

    A flag is flipped; a number is tried at both ends of its range and an eighth of the range
    either side of its value (a whole number at least one step), each once.
    """
    out: list[tuple[str, Any]] = []
    for name, (low, high) in space.items():
        value = style[name]
        if isinstance(low, bool):
            out.append((name, not value))
            continue
        if isinstance(low, int):
            step: float = max(1, round((high - low) / 8))
            tries: list[Any] = [low, value - step, value + step, high]
            tries = [int(min(high, max(low, t))) for t in tries]
        else:
            step = (high - low) / 8
            tries = [
                round(min(high, max(low, t)), 3) for t in (low, value - step, value + step, high)
            ]
        seen: list[Any] = []
        for t in tries:
            if t != value and t not in seen:
                seen.append(t)
        out.extend((name, t) for t in sorted(seen))
    return out


def probe_style(
    game_id: str,
    style: Mapping[str, Any],
    *,
    seat: int | None = None,
    games: int = 500,
    seed: int = 1,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``style`` and each of its one-parameter :func:`nudges` on the same games.

    Each nudge is compared game by game with the style (``stats.paired_test``: McNemar's exact
    test, or a paired t-test where shared wins give fractions), and its p-value adjusted for
    the number of nudges (Holm). What a tune cannot show, this does: which parameters move the
    result at all around a style, and which change nothing in the games played.

    Args:
        game_id: a registered game whose bot declares a ``style_space``.
        style: the style probed; the parameters it does not name take the default bot's values.
        seat: play in this seat alone; ``None`` for every seat in turn.
        games: games per seat of the style and of every nudge (the same seeds for all).
        seed: the seed of the games (``derive_seed(seed, "probe/g")``).
        jobs: games played at once.
        options: the game's options.
        progress: see :data:`Progress`.

    Returns:
        The result as JSON: the style and its score, then one row per nudge, in the order of
        :func:`nudges`.

    Raises:
        ValueError: bad arguments or a game whose bot has no style.

    """
    game = load(game_id, **dict(options or {}))
    space = space_of(game.name)
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"{game.name} has seats 0 to {game.num_players - 1}, not {seat}")
    if games < 1 or jobs < 1:
        raise ValueError("games and jobs must be at least 1")
    seats = list(range(game.num_players)) if seat is None else [seat]
    base_style = {**defaults_of(game.name, space), **coerce(space, style)}
    changes = nudges(space, base_style)

    def play(what: str, played: Mapping[str, Any]) -> list[float]:
        tick = None if progress is None else (lambda d, t: progress(what, d, t))
        return results(
            game.name,
            played,
            seats,
            games,
            "probe",
            seed,
            jobs=jobs,
            options=game.options,
            progress=tick,
        )

    base = play("the style", base_style)
    rows: list[dict[str, Any]] = []
    for i, (name, value) in enumerate(changes, start=1):
        got = play(f"nudge {i}/{len(changes)}", {**base_style, name: value})
        test = paired_test(base, got)
        rows.append(
            {
                "parameter": name,
                "value": value,
                **Score(len(got), sum(got)).to_json(game.num_players),
                "difference": round(test.difference, 4),
                "only_nudge": test.only_variant,
                "only_style": test.only_base,
                "unchanged": got == base,
                "p": test.p,
            }
        )
    for row, adjusted in zip(rows, holm([r["p"] for r in rows]), strict=True):
        row["p_holm"] = adjusted
    return {
        "format": FORMAT,
        "game": game.name,
        "options": dict(game.options),
        "seat": seat,
        "seed": seed,
        "style": base_style,
        "score": Score(len(base), sum(base)).to_json(game.num_players),
        "nudges": rows,
    }


def _check_study_file(path: Path) -> None:
    """Refuse a file that is neither missing, empty, an empty database nor a tune-bot study.

    Optuna would otherwise add its tables to any SQLite database it is given.
    """
    if path.exists() and not path.is_file():
        raise ValueError(f"study {path} is not a file")
    if not path.is_file() or path.stat().st_size == 0:
        return
    with path.open("rb") as file:
        head = file.read(16)
    if head != b"SQLite format 3\x00":
        raise ValueError(f"study {path} is not an SQLite file; choose another --study")
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            names = (
                {r[0] for r in db.execute("SELECT study_name FROM studies")}
                if "studies" in tables
                else set()
            )
    except sqlite3.Error as exc:
        raise ValueError(f"study {path} cannot be read as SQLite: {exc}") from None
    if tables and STUDY not in names:
        raise ValueError(f"study {path} holds no tune-bot study; choose another --study")


def _open_study(optuna: Any, path: Path, identity: Mapping[str, Any]) -> Any:
    """Open or create the study in ``path``, refusing one that holds another tune."""
    _check_study_file(path)
    study = optuna.create_study(
        study_name=STUDY,
        storage=f"sqlite:///{path.resolve()}",
        direction="maximize",
        load_if_exists=True,
    )
    wanted = json.loads(json.dumps(identity))
    stored = study.user_attrs.get(_IDENTITY)
    if stored is None:
        if study.get_trials(deepcopy=False):
            raise ValueError(f"study {path} does not say what it tunes; choose another --study")
        study.set_user_attr(_IDENTITY, wanted)
        return study
    for key, value in wanted.items():
        if stored.get(key) != value:
            raise ValueError(
                f"study {path} holds a tune with another {_ARGUMENT[key]}: "
                f"{stored.get(key)!r} there, {value!r} here; to resume it repeat its arguments "
                "(only --trials, --confirm-games, --jobs and --out may change), or choose "
                "another --study"
            )
    return study


def write(result: Mapping[str, Any], path: Path) -> None:
    """Write a tune's result as JSON, atomically."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
