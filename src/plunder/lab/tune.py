"""Tuning a game's content by search: the lab as the objective of an optimiser.

A game declares the numbers a search may change (``plunder.engine.tuning``). A
goal says what a designer wants of the lab's measures: each piece of a kind
(every hero) and each side winning a share within a band, the first player's
advantage under some points, a mean length within a band. Each trial plays a
study of the lab under one setting of the parameters and scores how far its
measures lie outside the goal (the sum of the squares of the points each
measure lies outside its band: 0 meets the goal). The next setting comes from one
of two searches:

* ``steer``, where every parameter makes one piece of the goal stronger (the game
  declares which: a hero's HP, its hero): each number whose piece's share lies
  outside its band moves toward the band's middle by the points it lacks over the
  points a unit is worth (a piece's coarsest numbers first, the finer ones taking
  what is left). That worth is the game's first guess until parameters
  have moved, then the one the trials measured (each share's change against its
  number's, pooled over the group), so the steps shrink as the shares come in.
  It is a stochastic approximation (a Robbins-Monro iteration on the shares),
  one number per piece at once, which is what a blind search cannot do with
  fourteen numbers in a few trials.
* ``tpe``, for any goal: Optuna's TPE sampler, seeded, chooses the next setting
  from the scores so far. Every trial is dealt the same
seeds, so two settings meet the same deals and their difference is less noisy
(common random numbers); the best setting is then played again on fresh seeds
(the confirmation), so that its figures are not the luck of the deals it was
chosen on. The same seed gives the same trials and the same best setting.

Optuna comes with the ``lab`` extra and is imported only for ``tpe``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from plunder.engine.errors import PlunderError
from plunder.engine.tuning import (
    CONTENT_OVERRIDES,
    POINTS,
    Tunable,
    content_environment,
    option_values,
)
from plunder.lab.play import play_game
from plunder.lab.run import Backend
from plunder.lab.schedule import Slot
from plunder.lab.study import LabSpec, prepare, run_lab

# The confirmation is dealt seeds this far from the trials', so that it meets none
# of the deals the best setting was chosen on.
CONFIRMATION_SEEDS = 1_000_000
# The name of the side shares in a goal (the rest are kinds of the game's pieces).
SIDE = "side"


class TuneError(PlunderError):
    """A search that cannot run as asked (a goal the game cannot measure, no Optuna)."""


@dataclass(frozen=True)
class Goal:
    """What the lab's measures should show: ``shares`` kind -> (least, most) share of
    each piece of that kind (``"side"``: of each side); ``first_player``: the most
    points of advantage (either way) for the first player; ``length``: the least and
    most mean length, in the game's own unit (rounds, turns) or else decisions."""

    shares: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    first_player: float | None = None
    length: tuple[float, float] | None = None

    def is_empty(self) -> bool:
        return not self.shares and self.first_player is None and self.length is None

    def to_json(self) -> dict[str, Any]:
        return {
            "shares": {kind: list(band) for kind, band in self.shares.items()},
            "first_player": self.first_player,
            "length": None if self.length is None else list(self.length),
        }


@dataclass(frozen=True)
class Item:
    """One measure of the goal as a study found it: ``value`` with its 95% interval,
    against its band ``low``..``high``."""

    what: str
    value: float
    ci95: tuple[float, float]
    low: float
    high: float
    unit: str  # "share", "points" or a length's unit

    @property
    def outside(self) -> float:
        """How far the value lies outside the band (0 inside), in points for a share."""
        scale = 100.0 if self.unit in ("share", "points") else 1.0
        return max(self.low - self.value, 0.0, self.value - self.high) * scale

    @property
    def met(self) -> bool:
        return self.outside == 0.0

    @property
    def interval_inside(self) -> bool:
        return self.low <= self.ci95[0] and self.ci95[1] <= self.high

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what, "value": self.value, "ci95": list(self.ci95), "low": self.low,
            "high": self.high, "unit": self.unit, "met": self.met,
            "interval_inside": self.interval_inside,
        }


def goal_items(goal: Goal, measures: Mapping[str, Any]) -> list[Item]:
    """The goal's measures in a study's ``measures`` (report.json's), in a fixed order."""
    items: list[Item] = []
    content = measures.get("content") or {}
    picks = content.get("picks") or {}
    for named, (low, high) in goal.shares.items():
        kind, pieces = split_kind(named)
        found = measures["sides"] if kind == SIDE else picks.get(kind, {})
        for piece, share in sorted(found.items()):
            if share["trials"] and (not pieces or piece in pieces):
                items.append(Item(f"{kind} {piece}", share["share"], tuple(share["ci95"]),
                                  low, high, "share"))
    if goal.first_player is not None:
        advantage = measures["first_player"]["advantage"]
        limit = goal.first_player / 100.0
        items.append(Item("first player's advantage", advantage["value"],
                          tuple(advantage["ci95"]), -limit, limit, "points"))
    if goal.length is not None:
        length = measures["length"]["rounds"] or measures["length"]["decisions"]
        unit = measures["length"]["unit"] if measures["length"]["rounds"] else "decisions"
        items.append(Item(f"mean length ({unit})", length["mean"], tuple(length["mean_ci95"]),
                          *goal.length, unit))
    return items


def split_kind(named: str) -> tuple[str, frozenset[str]]:
    """A goal's kind and the pieces it names (none: every piece of the kind).

    >>> split_kind("hero")
    ('hero', frozenset())
    >>> kind, pieces = split_kind("hero:alba, bruno")
    >>> kind, sorted(pieces)
    ('hero', ['alba', 'bruno'])
    """
    kind, _, pieces = named.partition(":")
    return kind.strip(), frozenset(p.strip() for p in pieces.split(",") if p.strip())


def loss(items: Sequence[Item]) -> float:
    """How far a study lies from the goal: the sum of the squares of each measure's
    distance outside its band (in points for shares); 0 where every one is inside."""
    return sum(item.outside ** 2 for item in items)


def check_goal(game: str, goal: Goal, options: Mapping[str, Any], bots: Sequence[str]) -> None:
    """Play one game to see that the game reports what the goal asks (each kind of
    piece, sides), so a goal it cannot measure fails before the search starts."""
    if goal.is_empty():
        raise TuneError("give a goal: --shares KIND=LOW-HIGH, --first-player POINTS or "
                        "--length LOW-HIGH")
    wanted = {split_kind(named)[0] for named in goal.shares} - {SIDE}
    players = prepare(LabSpec(game, tuple(bots), 1, options, seed=0))[0].game.players
    seated = tuple(bots[i % len(bots)] for i in range(players))
    record = play_game(game, options, Slot(index=0, seed=0, lineup=0, bots=seated))
    kinds = set((record.stats or {}).get("picks", {}))
    if wanted - kinds:
        raise TuneError(
            f"{game} reports no pieces of kind {', '.join(sorted(wanted - kinds))}; "
            f"its kinds are {', '.join(sorted(kinds)) or '(none)'} (or '{SIDE}' for its sides)"
        )
    if SIDE in {split_kind(named)[0] for named in goal.shares} and not record.sides:
        raise TuneError(f"{game} declares no sides at this table: drop --shares {SIDE}=...")


def check_pieces(goal: Goal, measures: Mapping[str, Any]) -> None:
    """That every piece a goal names was seen in a study (a misspelt one would be left
    out of the goal without a word)."""
    picks = (measures.get("content") or {}).get("picks") or {}
    for named in goal.shares:
        kind, pieces = split_kind(named)
        seen = set(measures["sides"] if kind == SIDE else picks.get(kind, {}))
        if pieces - seen:
            raise TuneError(
                f"--shares {named}: no {kind} {', '.join(sorted(pieces - seen))} played in "
                f"the first trial; its pieces were {', '.join(sorted(seen)) or '(none)'}"
            )


@dataclass(frozen=True)
class Trial:
    """One setting the search played: its values, its measures of the goal, its loss."""

    number: int
    setting: Mapping[str, float]
    items: tuple[Item, ...]
    loss: float
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "setting": dict(self.setting), "loss": self.loss,
            "seconds": self.seconds, "items": [item.to_json() for item in self.items],
        }


@dataclass(frozen=True)
class TuneSpec:
    """A search: ``trials`` settings of ``parameters``, each played for ``games`` games of
    ``game`` between ``bots`` under ``options``, toward ``goal``; then the best setting
    played for ``confirm`` games on fresh seeds (0: not at all)."""

    game: str
    bots: tuple[str, ...]
    parameters: tuple[Tunable, ...]
    goal: Goal
    trials: int
    games: int
    confirm: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    mirror: bool = False
    stop_at_goal: bool = True
    search: str = "auto"  # "steer", "tpe", or "auto": steer where it can (``method``)
    # Where the search starts: parameter name -> value (``read_start``); a parameter
    # it does not name starts at its current value.
    start: Mapping[str, float] = field(default_factory=dict)


@dataclass
class TuneResult:
    spec: TuneSpec
    trials: list[Trial]
    best: Trial
    confirmation: dict[str, Any] | None  # the confirmation's lab report
    confirmed: tuple[Item, ...]
    seconds: float

    def setting(self) -> dict[Tunable, float]:
        by_name = {t.name: t for t in self.spec.parameters}
        return {by_name[name]: value for name, value in self.best.setting.items()}

    def to_json(self) -> dict[str, Any]:
        spec = self.spec
        return {
            "format": "plunder-lab-tune",
            "version": 1,
            "game": spec.game,
            "bots": list(spec.bots),
            "options": dict(spec.options),
            "parameters": [t.describe() | {"file": str(t.file) if t.file else None}
                           for t in spec.parameters],
            "goal": spec.goal.to_json(),
            "trials_asked": spec.trials,
            "games_per_trial": spec.games,
            "seed": spec.seed,
            "mirror": spec.mirror,
            "search": method(spec),
            "start": dict(spec.start),
            "trials": [trial.to_json() for trial in self.trials],
            "best": self.best.to_json(),
            "confirmation": None if self.confirmation is None else {
                "games": spec.confirm,
                "seed": spec.seed + CONFIRMATION_SEEDS,
                "items": [item.to_json() for item in self.confirmed],
                "met": all(item.met for item in self.confirmed),
                "loss": loss(self.confirmed),
            },
            "timing": {"seconds": self.seconds},
        }


SEARCHES = ("auto", "steer", "tpe")


def method(spec: TuneSpec) -> str:
    """The search ``spec`` runs: ``steer`` where every parameter strengthens a piece
    whose share the goal bands and the goal asks nothing else (``auto``), else ``tpe``.
    Asking for ``steer`` where it cannot is an error that says why."""
    if spec.search not in SEARCHES:
        raise TuneError(f"--search {spec.search}: choose {', '.join(SEARCHES)}")
    if spec.search == "tpe":
        return "tpe"
    banded = {split_kind(named)[0] for named in spec.goal.shares}
    unsteered = [t.name for t in spec.parameters
                 if not t.strengthens or t.strengthens.split(" ")[0] not in banded]
    why = ""
    if unsteered:
        why = (f"{', '.join(unsteered[:3])}{' ...' if len(unsteered) > 3 else ''} "
               "strengthens no piece whose share the goal bands")
    elif banded - {t.strengthens.split(" ")[0] for t in spec.parameters}:
        missing = banded - {t.strengthens.split(" ")[0] for t in spec.parameters}
        why = f"no parameter strengthens a {', '.join(sorted(missing))}"
    elif spec.goal.first_player is not None or spec.goal.length is not None:
        why = "the goal asks more than shares (--first-player, --length)"
    if not why:
        return "steer"
    if spec.search == "steer":
        raise TuneError(f"--search steer cannot steer this goal: {why}; use --search tpe")
    return "tpe"


def steer(parameters: Sequence[Tunable], trials: Sequence[Trial]) -> dict[str, float]:
    """The next setting from the last trial: each piece whose share lies outside its
    band moves toward the band's middle by the points it lacks, its numbers taken
    coarsest first (the most points a unit, ``unit_worth``): each moves by the whole
    units nearest the points still lacking, inside its bounds, and the finer numbers
    take what is left. A piece whose numbers would all stay moves its finest whole
    number one unit; the pieces within their bands, and their numbers, stay."""
    last = trials[-1]
    shares = {item.what: item for item in last.items}
    worth = unit_worth(parameters, trials)
    pieces: dict[str, list[Tunable]] = {}
    for t in parameters:
        pieces.setdefault(t.strengthens, []).append(t)
    setting = {t.name: last.setting[t.name] for t in parameters}
    for piece, numbers in pieces.items():
        item = shares.get(piece)
        if item is None or item.met:
            continue
        lacking = ((item.low + item.high) / 2 - item.value) * 100.0
        left = lacking
        # Coarsest first: a die or a zone of range is worth several HP, and moving
        # both by a unit each would overshoot a piece that lacks a point or two.
        for t in sorted(numbers, key=lambda t: -worth[t.group]):
            now = setting[t.name]
            move = left / worth[t.group]
            if t.whole:
                move = round(move)
            setting[t.name] = min(t.high, max(t.low, now + move))
            left -= (setting[t.name] - now) * worth[t.group]
        if all(setting[t.name] == last.setting[t.name] for t in numbers):
            for t in sorted(numbers, key=lambda t: worth[t.group]):
                step = 1 if lacking > 0 else -1
                moved = min(t.high, max(t.low, last.setting[t.name] + step))
                if moved != last.setting[t.name]:
                    setting[t.name] = moved
                    break
    return setting


def unit_worth(parameters: Sequence[Tunable], trials: Sequence[Trial]) -> dict[str, float]:
    """Each group's points of share one unit is worth: the least-squares slope through
    the origin of every piece's change of share against its number's change, over
    successive trials; the game's first guess where nothing has moved yet (or the
    slope does not rise). Bounded to half and four times the guess, so that one
    noisy trial cannot stall the search or throw it across the range."""
    sums: dict[str, list[float]] = {}
    for before, after in pairwise(trials):
        old = {item.what: item.value for item in before.items}
        new = {item.what: item.value for item in after.items}
        for t in parameters:
            moved = after.setting[t.name] - before.setting[t.name]
            if moved and t.strengthens in old and t.strengthens in new:
                gained = (new[t.strengthens] - old[t.strengthens]) * 100.0
                both = sums.setdefault(t.group, [0.0, 0.0])
                both[0] += gained * moved
                both[1] += moved * moved
    worth = {}
    for t in parameters:
        guess = t.points or POINTS
        found = sums.get(t.group)
        slope = found[0] / found[1] if found else 0.0
        worth[t.group] = min(4 * guess, max(guess / 2, slope)) if slope > 0 else guess
    return worth


def _import_optuna() -> Any:
    try:
        import optuna
    except ImportError:
        raise TuneError(
            "plunder lab tune searches with Optuna, which is not installed: "
            "pip install 'plunder[lab]' (in a checkout: ./run setup)"
        ) from None
    return optuna


@contextmanager
def _content(setting: Mapping[Tunable, float]) -> Iterator[None]:
    """The environment that plays ``setting``'s content in the processes started in it."""
    before = os.environ.get(CONTENT_OVERRIDES)
    os.environ[CONTENT_OVERRIDES] = content_environment(setting)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(CONTENT_OVERRIDES, None)
        else:
            os.environ[CONTENT_OVERRIDES] = before


def play_setting(
    spec: TuneSpec,
    setting: Mapping[Tunable, float],
    games: int,
    seed: int,
    jobs: int,
    on_progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The lab's report of ``games`` games under ``setting``, dealt from ``seed``."""
    options = {**spec.options, **option_values(setting)}
    lab = LabSpec(spec.game, spec.bots, games, options, seed=seed, mirror=spec.mirror)
    # Content is read when a process first loads the game: a setting that changes
    # content is played in processes started for it.
    fresh = any(t.file is not None for t in setting)
    with _content(setting):
        return run_lab(lab, Backend(jobs=jobs, fresh=fresh), on_progress)


OnTrial = Callable[[Trial, Trial, float], None]
OnProgress = Callable[[str, int, int], None]


def _stage(
    on_progress: OnProgress | None, stage: str
) -> Callable[[int, int], None] | None:
    """The lab's progress calls of one study, told with the study's name."""
    if on_progress is None:
        return None
    told = on_progress
    return lambda done, total: told(stage, done, total)


def tune(
    spec: TuneSpec,
    jobs: int = 0,
    on_trial: OnTrial | None = None,
    on_progress: OnProgress | None = None,
) -> TuneResult:
    """Search the parameters toward the goal, then confirm the best setting.

    ``on_trial(trial, best, elapsed)`` is told of each trial as it ends;
    ``on_progress(stage, done, total)`` of the games of each study as they end
    (``stage``: ``"trial N"`` or ``"confirmation"``).
    """
    if not spec.parameters:
        raise TuneError(f"{spec.game} declares no tunable parameters")
    steering = method(spec) == "steer"
    by_name = {t.name: t for t in spec.parameters}
    begin = {t.name: spec.start.get(t.name, t.default) for t in spec.parameters}
    defaults = {t.name: begin[t.name] for t in spec.parameters
                if t.low <= begin[t.name] <= t.high}
    if steering:
        study = None
        if len(defaults) < len(spec.parameters):  # start inside the bounds
            defaults = {t.name: min(t.high, max(t.low, begin[t.name]))
                        for t in spec.parameters}
    else:
        optuna = _import_optuna()
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        sampler = optuna.samplers.TPESampler(
            seed=spec.seed, n_startup_trials=max(2, min(10, spec.trials // 3))
        )
        study = optuna.create_study(direction="minimize", sampler=sampler)
        if len(defaults) == len(spec.parameters):
            # The first trial measures the game as it is: the baseline, and a fair start.
            study.enqueue_trial(defaults)
    started = time.perf_counter()
    trials: list[Trial] = []
    for number in range(1, spec.trials + 1):
        asked = None
        if study is None:
            named = defaults if not trials else steer(spec.parameters, trials)
            if trials and any(named == dict(t.setting) for t in trials):
                break  # the steer comes back to a setting played: it has settled
            setting = {by_name[name]: value for name, value in named.items()}
        else:
            asked = study.ask()
            setting = {
                t: asked.suggest_int(t.name, int(t.low), int(t.high)) if t.whole
                else asked.suggest_float(t.name, float(t.low), float(t.high))
                for t in spec.parameters
            }
        began = time.perf_counter()
        report = play_setting(spec, setting, spec.games, spec.seed, jobs,
                              _stage(on_progress, f"trial {number}"))
        measures = report["studies"][0]["measures"]
        if number == 1:
            check_pieces(spec.goal, measures)
        items = tuple(goal_items(spec.goal, measures))
        trial = Trial(number, {t.name: v for t, v in setting.items()}, items, loss(items),
                      time.perf_counter() - began)
        if study is not None:
            study.tell(asked, trial.loss)
        trials.append(trial)
        best = min(trials, key=lambda t: (t.loss, t.number))
        if on_trial is not None:
            on_trial(trial, best, time.perf_counter() - started)
        if spec.stop_at_goal and trial.loss == 0.0:
            break
    best = min(trials, key=lambda t: (t.loss, t.number))
    confirmation = None
    confirmed: tuple[Item, ...] = ()
    if spec.confirm:
        setting = {by_name[name]: value for name, value in best.setting.items()}
        confirmation = play_setting(spec, setting, spec.confirm,
                                    spec.seed + CONFIRMATION_SEEDS, jobs,
                                    _stage(on_progress, "confirmation"))
        confirmed = tuple(goal_items(spec.goal, confirmation["studies"][0]["measures"]))
    return TuneResult(spec, trials, best, confirmation, confirmed,
                      time.perf_counter() - started)


def read_start(text: str, parameters: Sequence[Tunable], where: str) -> dict[str, float]:
    """The setting a search starts from, read from ``text`` (the file ``where``): the
    ``tune.json`` of an earlier search (its best setting) or a table of parameter
    names and values. Every value must be a number inside its parameter's bounds, and
    every name a parameter of this search: a number the search does not tune would
    otherwise be played by no trial."""
    try:
        found = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TuneError(f"--start {where}: not JSON ({exc})") from None
    if isinstance(found, Mapping) and found.get("format") == "plunder-lab-tune":
        best = found.get("best") or {}
        found = best.get("setting") if isinstance(best, Mapping) else None
        if found is None:
            raise TuneError(f"--start {where}: a search's tune.json without a best setting "
                            "(a search stopped before its end); give the setting itself")
    if not isinstance(found, Mapping) or not found:
        raise TuneError(f"--start {where}: give a tune.json or a table of parameter names "
                        'and values, e.g. {"NAME": 11}, NAME as --list shows it')
    by_name = {t.name: t for t in parameters}
    start: dict[str, float] = {}
    for name, value in found.items():
        tunable = by_name.get(name)
        if tunable is None:
            raise TuneError(f"--start {where}: {name} is not among the parameters tuned "
                            "(--param); tune it too, or leave it out of the start")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TuneError(f"--start {where}: {name} is {value!r}, not a number")
        if not tunable.low <= value <= tunable.high:
            raise TuneError(f"--start {where}: {name} = {value:g} lies outside its bounds "
                            f"{tunable.low:g} to {tunable.high:g}")
        if tunable.whole and value != int(value):
            raise TuneError(f"--start {where}: {name} is a whole number, not {value:g}")
        start[name] = int(value) if tunable.whole else float(value)
    return start


def parse_band(text: str, what: str) -> tuple[float, float]:
    """``"45-55"`` as (45.0, 55.0).

    >>> parse_band("45-55", "--shares"), parse_band("8.5-12", "--length")
    ((45.0, 55.0), (8.5, 12.0))
    """
    low, sep, high = text.strip().partition("-")
    try:
        band = (float(low), float(high))
    except ValueError:
        band = None
    if not sep or band is None or band[0] > band[1]:
        raise TuneError(f"{what}: {text!r} is not LOW-HIGH (e.g. 45-55)")
    return band


def parse_shares(items: Sequence[str]) -> dict[str, tuple[float, float]]:
    """``["hero=45-55"]`` as ``{"hero": (0.45, 0.55)}`` (percent in, shares out); a kind
    may name some of its pieces (``hero:alba,bruno=45-55``).

    >>> parse_shares(["hero=45-55", "side=48-52"])
    {'hero': (0.45, 0.55), 'side': (0.48, 0.52)}
    """
    found: dict[str, tuple[float, float]] = {}
    for text in items:
        kind, sep, band = text.rpartition("=")
        if not sep or not kind.strip():
            raise TuneError(f"--shares: {text!r} is not KIND=LOW-HIGH (e.g. hero=45-55)")
        low, high = parse_band(band, "--shares")
        if not 0 <= low <= high <= 100:
            raise TuneError(f"--shares: {text!r}: shares are percents, from 0 to 100")
        found[kind.strip()] = (low / 100, high / 100)
    return found


def dumps(result: TuneResult) -> str:
    return json.dumps(result.to_json(), indent=2, sort_keys=False)


__all__ = [
    "CONFIRMATION_SEEDS",
    "SIDE",
    "Goal",
    "Item",
    "Trial",
    "TuneError",
    "TuneResult",
    "TuneSpec",
    "check_goal",
    "check_pieces",
    "goal_items",
    "loss",
    "parse_band",
    "parse_shares",
    "play_setting",
    "read_start",
    "split_kind",
    "tune",
]
