"""``alea lab tune``: search a game's option values for its fairest variant.

A tune is a folder:

- ``tune.json``: what is tuned (game, fixed options, search space, agents, seeds, budgets) and,
  once finished, the results;
- ``study.sqlite``: the Optuna study (TPE sampler), one row per trial;
- ``trials/NNNN``: trial ``NNNN``'s games, an ordinary run folder;
- ``confirm/<variant>``: the best variants played again with more games on other seeds;
- ``report.html``: the trials and the best variants' shares, with figures beside it.

Each trial plays the options the sampler proposes on the same per-game seeds (spawned from
``seed``), on the lab's backends (local processes or Ray), in rounds of ``round_games`` games up
to ``games``. After each round it scores the variant's unfairness on the games so far: the
spread of seat win shares (largest minus smallest) plus ``no_winner_weight`` times the share of
games nobody won; it reports that value to the study with a 95% interval, and the study's pruner
(:mod:`alea.lab.tune_prune`) may stop it there. A board far from fair thus costs one round, and
the fairest ones play every game, so the best trials are judged on enough games to tell them
apart. The sampler is re-created before every trial with a seed derived from the master seed and
the trial's number, so its proposal depends only on the trials before it: a tune killed at any
point and run again with the same command plays the trial that was cut short again in place,
from its stored games on, and goes on exactly as it would have. The best ``confirm`` variants
that played all their games are then played ``confirm_games`` times on fresh seeds (the trials'
seeds picked them, so judging them on those would flatter them), and reported with Wilson
intervals and a chi-square test against equal shares.
"""

from __future__ import annotations

import importlib
import json
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from alea.core.registry import load
from alea.lab.data import RunData, load_run
from alea.lab.plan import LabError, RunSpec
from alea.lab.runner import Progress, run
from alea.lab.stats import equal_shares, wilson
from alea.lab.sweep import variant_name
from alea.lab.tune_results import (
    Confirmed,
    Score,
    TrialLine,
    TuneResult,
    group_labels,
    group_wins,
    groupings,
    score,
)
from alea.lab.tune_space import Param, check_space, value_text

FORMAT = "alea-lab-tune/2"
STUDY = "study.sqlite"
CONFIRM_SEED_OFFSET = 1_000_003
"""The confirmation runs' master seed is the tune's seed plus this (fresh per-game seeds)."""


REFUSED = 2.0
"""The unfairness given to a variant the game refuses to load: worse than any game played
(a spread is at most 1, and so is the share of games with no winner)."""


# -- the tune ---------------------------------------------------------------------------------


def optuna_module() -> Any:
    """Optuna, quiet, or a clear error where the ``lab`` extra is not installed."""
    try:
        optuna: Any = importlib.import_module("optuna")
    except ImportError:
        raise LabError(
            "the lab's tuning needs Optuna, which is not installed: pip install 'alea[lab]'"
        ) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def _identity(
    game: str,
    base: dict[str, Any],
    space: Sequence[Param],
    agents: Sequence[str],
    seed: int,
    games: int,
    no_winner_weight: float,
    round_games: int,
    pruner: str,
    target: float,
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game,
        "options": base,
        "space": [p.to_json() for p in space],
        "agents": list(agents),
        "seed": seed,
        "games": games,
        "no_winner_weight": no_winner_weight,
        "round_games": round_games,
        "pruner": pruner,
        "target": target,
    }


def _open_folder(folder: Path, identity: dict[str, Any]) -> dict[str, Any]:
    """Create the tune's folder, or check that it holds this very tune."""
    path = folder / "tune.json"
    if folder.exists() and not folder.is_dir():
        raise LabError(f"{folder} exists and is not a folder")
    if path.is_file():
        stored: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        for key, value in identity.items():
            if stored.get(key) != json.loads(json.dumps(value)):
                raise LabError(
                    f"{folder} holds a tune with another {key}; to resume it repeat its "
                    "arguments (only --trials and the confirmation may change), or choose "
                    "another --out"
                )
        return stored
    if folder.is_dir() and any(folder.iterdir()):
        raise LabError(f"{folder} is not empty and holds no tune; choose another --out")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LabError(f"cannot create {folder}: {exc.strerror or exc}") from None
    _write_json(path, identity)
    return identity


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def tpe_sampler(optuna: Any, seed: int, number: int | None, startup: int) -> Any:
    """TPE modelling the parameters jointly (multivariate), seeded by the master seed and trial.

    With a trial's ``number`` (or its place among the finished trials) the sampler's seed is
    derived from both, so a sampler made afresh for each trial proposes what depends only on
    the trials before it; with ``None`` it is the master seed itself, for one sampler drawing
    every trial in turn. A setup's options act
    together (a garrison in Rome matters only while Pompey's leader sails), which the
    independent TPE, one option at a time, cannot see; Optuna marks the multivariate form
    experimental, so its warning is silenced here.
    """
    from numpy.random import SeedSequence

    trial_seed = (
        seed
        if number is None
        else int(SeedSequence(seed, spawn_key=(number,)).generate_state(1)[0])
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return optuna.samplers.TPESampler(
            seed=trial_seed, n_startup_trials=startup, multivariate=True
        )


def _suggest(trial: Any, space: Sequence[Param]) -> dict[str, Any]:
    out = {}
    for p in space:
        if p.choices:
            out[p.name] = trial.suggest_categorical(p.name, list(p.choices))
        else:
            out[p.name] = trial.suggest_int(p.name, p.low, p.high)
    return out


TuneProgress = Callable[[str, int, int], None]
"""Called with (what is being played, games done, games in all) as the tune goes."""


def tune(
    game: str,
    space: Sequence[Param],
    agents: list[str],
    folder: Path,
    *,
    trials: int = 50,
    games: int = 800,
    round_games: int = 100,
    pruner: str = "bound",
    target: float = 0.10,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    no_winner_weight: float = 1.0,
    by: str = "seat",
    confirm: int = 3,
    confirm_games: int = 1000,
    startup_trials: int = 20,
    backend: str = "local",
    jobs: int | None = None,
    address: str | None = None,
    progress: TuneProgress | None = None,
) -> TuneResult:
    """Search ``space`` for the fairest variant of ``game`` and confirm the best ones.

    Args:
        game: a registered game.
        space: the options to search and their ranges or choices.
        agents: agent specs, as for a run (one for every seat, or one per seat, rotated).
        folder: the tune's folder (created if missing, resumed if it holds this tune).
        trials: trials in all, pruned ones included (a resumed tune with more trials goes on).
        games: most games a trial plays (all of them unless the pruner stops it).
        round_games: games a trial plays between two reports to the pruner.
        pruner: ``"bound"``, ``"halving"`` or ``"none"`` (:mod:`alea.lab.tune_prune`).
        target: unfairness that is fair enough: the ``bound`` pruner stops a trial whose 95%
            interval lies above it.
        options: options fixed for every trial (``--set``).
        seed: master seed of the trials' games and of the sampler.
        no_winner_weight: weight of the share of games nobody won in the objective.
        by: ``"seat"`` (the spread of seat shares), ``"order"`` (of the shares of the places
            in the first round's order of play, for games whose seats are even but whose order
            is not), or an order the game's lab hooks name (``PLACES``), such as hotre's
            ``"choice"``.
        confirm: how many of the best variants to play again.
        confirm_games: games of each confirmation run.
        startup_trials: trials drawn at random before TPE models the results. The first trial
            always plays the starting point (the fixed options with every searched option at
            its value there), so the tune reports where it began.
        backend: ``"local"`` or ``"ray"``.
        jobs: games played at once.
        address: a Ray cluster to join.
        progress: called as games finish, with a label, games done and games in all (a
            pruned trial counts as all its games played, so the total is an upper bound).

    Raises:
        LabError: bad budgets, a bad space, a folder holding another tune, a backend that
            cannot start.

    """
    if trials < 1 or games < 1:
        raise LabError("a tune needs at least one trial (--trials) of at least one game (-n)")
    if not 1 <= round_games <= games:
        raise LabError(f"--round must lie between 1 and the games of a trial (-n {games})")
    if confirm < 0 or confirm_games < 1:
        raise LabError("--confirm must be 0 or more and --confirm-games at least 1")
    if no_winner_weight < 0:
        raise LabError("--no-winner-weight must not be negative")
    if not space:
        raise LabError("nothing to search: name options with --param")
    if by not in groupings(game):
        raise LabError(f"--by must be one of {', '.join(groupings(game))} for {game}, not {by!r}")
    optuna = optuna_module()
    from alea.lab.tune_prune import HIGH, LOW, make_pruner, unfairness_bounds

    the_pruner = make_pruner(pruner, round_games, target)
    base = dict(options or {})
    check_space(game, base, space)
    first_spec = RunSpec.build(game, base, agents, seed)
    identity = _identity(
        game, base, space, agents, seed, games, no_winner_weight, round_games, pruner, target
    )
    if by != "seat":
        identity["by"] = by
    _open_folder(folder, identity)
    storage = f"sqlite:///{(folder / STUDY).resolve()}"
    study = optuna.create_study(
        study_name="tune",
        storage=storage,
        direction="minimize",
        load_if_exists=True,
        pruner=the_pruner,
    )
    total = trials * games + confirm * confirm_games
    done_games = [0]
    state = optuna.trial.TrialState

    def tick(label: str) -> Progress:
        start = done_games[0]

        def report(stored: int, _planned: int) -> None:
            if progress is not None:
                progress(label, start + stored, total)

        return report

    def play(trial: Any, params: dict[str, Any]) -> None:
        """Play one trial round by round, reporting to the study, and tell how it ended."""
        number = trial.number
        try:
            spec = RunSpec.build(game, {**base, **params}, agents, seed)
        except LabError:
            done_games[0] += games
            study.tell(trial, REFUSED)
            return
        where = folder / "trials" / f"{number:04d}"
        stored = [t for t in study.get_trials(deepcopy=False) if t.number == number]
        reported = set(stored[0].intermediate_values) if stored else set()
        played = 0
        while played < games:
            played = min(games, played + round_games)
            run(
                spec,
                where,
                played,
                backend=backend,
                jobs=jobs,
                address=address,
                progress=tick(f"trial {number + 1}/{trials}"),
                export=False,
            )
            now = score(_first(load_run(where), played), no_winner_weight, by)
            low, high = unfairness_bounds(now.shares, now.no_winner, now.games, no_winner_weight)
            trial.set_user_attr(LOW, low)
            trial.set_user_attr(HIGH, high)
            if played not in reported:
                trial.report(now.value, played)
            if played < games and trial.should_prune():
                done_games[0] += games
                study.tell(trial, state=state.PRUNED)
                return
        done_games[0] += games
        study.tell(trial, now.value)

    def finished() -> list[Any]:
        return [
            t for t in study.get_trials(deepcopy=False) if t.state in (state.COMPLETE, state.PRUNED)
        ]

    # A trial cut short by a kill is played again in place, from its stored games on: its
    # rounds and the pruner's answers come out as they would have.
    for t in study.get_trials(deepcopy=False):
        if t.state == state.RUNNING:
            if set(t.params) == {p.name for p in space}:
                study.sampler = tpe_sampler(optuna, seed, t.number, startup_trials)
                done_games[0] = len(finished()) * games
                # Optuna's Trial is the handle ``report`` and ``should_prune`` need; a stored
                # trial is reopened by its storage id.
                play(optuna.trial.Trial(study, t._trial_id), dict(t.params))
            else:
                study.tell(t.number, state=state.FAIL)
    done_games[0] = len(finished()) * games
    if not study.get_trials(deepcopy=False):
        origin = _starting_point(
            game, base, space, {p.name: first_spec.options.get(p.name) for p in space}
        )
        if origin is not None:
            study.enqueue_trial(origin)
    while len(finished()) < trials:
        number = len(study.get_trials(deepcopy=False))
        study.sampler = tpe_sampler(optuna, seed, number, startup_trials)
        trial = study.ask()
        play(trial, _suggest(trial, space))
    lines = []
    for t in sorted(finished(), key=lambda t: t.number):
        if t.value is not None and t.value >= REFUSED:
            empty = Score(0, [0.0] * first_spec.num_players, 0.0, 0.0, REFUSED)
            lines.append(TrialLine(t.number, dict(t.params), empty, refused=True))
            continue
        pruned = t.state == state.PRUNED
        played = t.last_step if pruned and t.last_step is not None else games
        data = _first(load_run(folder / "trials" / f"{t.number:04d}"), played)
        lines.append(
            TrialLine(t.number, dict(t.params), score(data, no_winner_weight, by), pruned=pruned)
        )
    labels = group_labels(game, by, first_spec.seat_names)
    result = TuneResult(game, labels, list(space), base, lines, folder=folder, by=by)
    result.confirmed = _confirm(
        result,
        agents,
        seed,
        confirm,
        confirm_games,
        no_winner_weight,
        backend=backend,
        jobs=jobs,
        address=address,
        tick=tick,
        done_games=done_games,
    )
    stored = json.loads((folder / "tune.json").read_text(encoding="utf-8"))
    _write_json(folder / "tune.json", {**identity, **result.to_json(), "format": stored["format"]})
    return result


def _first(data: RunData, games: int) -> RunData:
    """The run's games ``0 .. games-1`` alone.

    A round is scored on the games it planned, even when a kill left later games in the folder.
    """
    kept = [g for g in data.games if g.index < games]
    return RunData(folder=data.folder, label=data.label, meta=data.meta, games=kept)


def _starting_point(
    game: str, base: dict[str, Any], space: Sequence[Param], start: dict[str, Any]
) -> dict[str, Any] | None:
    """The searched options' values under the fixed options, if each lies in its range.

    Options a named setup fills in (``None`` in the options) are read from the loaded game's
    resolved setup when it has one.
    """
    resolved = getattr(getattr(load(game, **base), "setup", None), "values", {}) or {}
    out = {}
    for p in space:
        value = start.get(p.name)
        if value is None:
            value = resolved.get(p.name)
        inside = (
            value in p.choices
            if p.choices
            else isinstance(value, int)
            and (p.low is not None and p.high is not None and p.low <= value <= p.high)
        )
        if not inside:
            return None
        out[p.name] = value
    return out


def _confirm(
    result: TuneResult,
    agents: list[str],
    seed: int,
    confirm: int,
    confirm_games: int,
    no_winner_weight: float,
    *,
    backend: str,
    jobs: int | None,
    address: str | None,
    tick: Callable[[str], Progress],
    done_games: list[int],
) -> list[Confirmed]:
    seen: set[str] = set()
    best: list[TrialLine] = []
    # Trials that played all their games first; pruned ones only when none did.
    whole = any(not (t.refused or t.pruned) for t in result.trials)
    for line in sorted(result.trials, key=lambda t: (t.score.value, t.number)):
        if line.refused or (line.pruned and whole):
            continue
        key = json.dumps(line.params, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        best.append(line)
        if len(best) == confirm:
            break
    out = []
    for i, line in enumerate(best, 1):
        name = variant_name({k: value_text(v) for k, v in line.params.items()})
        target = result.folder / "confirm" / name
        spec = RunSpec.build(
            result.game, {**result.base, **line.params}, agents, seed + CONFIRM_SEED_OFFSET
        )
        run(
            spec,
            target,
            confirm_games,
            backend=backend,
            jobs=jobs,
            address=address,
            progress=tick(f"confirm {i}/{len(best)}"),
        )
        done_games[0] += confirm_games
        data = load_run(target)
        if result.by == "seat":
            seats = [(s.label, s.wins, s.share, s.low, s.high) for s in data.seat_shares()]
        else:
            wins, known = group_wins(data, result.by)
            seats = []
            for label, won in zip(result.seat_names, wins, strict=True):
                lo, hi = wilson(won, known)
                seats.append((label, won, won / known if known else 0.0, lo, hi))
        nw = data.no_winner()
        out.append(
            Confirmed(
                params=line.params,
                trial=line.number,
                trial_value=line.score.value,
                folder=target,
                score=score(data, no_winner_weight, result.by),
                seats=seats,
                no_winner=(nw.wins, nw.share, nw.low, nw.high),
                test=equal_shares([s[1] for s in seats]),
            )
        )
    return out
