"""A lab run: check what was asked, schedule the games, play them, sum them up.

``run_lab(spec, backend)`` returns the report as JSON-ready data (its schema is
in docs/lab.md); ``plunder.lab.report.write_report`` writes it out with its
plots. The figures depend only on the spec (game, options, bots, games, seed,
mirror, sweep), never on the backend: the records are put back in schedule
order before anything is summed. What does depend on the machine (time per
decision, games per second, which backend ran) is kept under ``"timing"`` keys.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import plunder
from plunder.lab.measures import measures
from plunder.lab.play import GameRecord
from plunder.lab.ratings import ratings
from plunder.lab.run import Backend
from plunder.lab.schedule import Schedule, make_schedule
from plunder.match import check_bots

FORMAT = "plunder-lab-report"
VERSION = 3


@dataclass(frozen=True)
class LabSpec:
    """What a lab run studies: ``games`` games of ``game`` under ``options`` between
    ``bots`` (specs), from ``seed``; with ``sweep = (option, values)``, one study per
    value of that option."""

    game: str
    bots: tuple[str, ...]
    games: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    mirror: bool = False
    sweep: tuple[str, tuple[Any, ...]] | None = None


@dataclass(frozen=True)
class Study:
    """One study of a run: the game it plays (its options settled) and its schedule."""

    value: Any
    game: plunder.Game
    schedule: Schedule


def prepare(spec: LabSpec) -> list[Study]:
    """The run's studies, every option and bot checked before any game is played.

    Raises the engine's ``UnknownGame`` and ``OptionError``, the bots'
    ``UnknownBot``, and ``ValueError`` for a sweep that cannot be run.
    """
    if not spec.bots:
        raise ValueError("name at least one bot")
    if spec.sweep is None:
        values: Sequence[Any] = [None]
    else:
        option, values = spec.sweep
        if option in spec.options:
            raise ValueError(f"option {option!r} is both swept and set")
        if not values:
            raise ValueError(f"the sweep of {option!r} names no value")
        if len(set(map(repr, values))) != len(values):
            raise ValueError(f"the sweep of {option!r} names a value twice")
    studies = []
    for value in values:
        options = dict(spec.options)
        if spec.sweep is not None:
            options[spec.sweep[0]] = value
        game = plunder.load(spec.game, **options)
        check_bots(game, spec.bots)
        sides = side_settings(game, options, spec)
        schedule = make_schedule(
            spec.bots, game.players, spec.games, spec.seed, spec.mirror, sides
        )
        studies.append(Study(value, game, schedule))
    players = {study.game.players for study in studies}
    if len(players) > 1:
        raise ValueError("a sweep of the number of players is not a study of one table")
    return studies


def side_settings(
    game: plunder.Game, options: Mapping[str, Any], spec: LabSpec
) -> tuple[Mapping[str, Any], ...]:
    """The settings of the sides a study rotates across the seats (``Game.side_rotation``),
    each checked to load: none where the game has none, or where the run sets or
    sweeps an option they set (the designer chose the sides)."""
    settings = tuple(game.side_rotation())
    chosen = set(spec.options) | ({spec.sweep[0]} if spec.sweep is not None else set())
    if any(chosen & set(setting) for setting in settings):
        return ()
    for setting in settings:
        plunder.load(spec.game, **{**options, **setting})
    return settings


def run_lab(
    spec: LabSpec,
    backend: Backend,
    on_progress: Callable[[int, int], None] | None = None,
    studies: list[Study] | None = None,
    on_game: Callable[[int, GameRecord], None] | None = None,
) -> dict[str, Any]:
    """Play the run's games on ``backend`` and return the report.

    ``on_progress(done, total)`` is called in this process as batches of games end.
    ``on_game(study, record)`` is given each game as it ends, its ``record`` (the
    game's moves, for ``plunder replay``) filled in; the report keeps none of them.
    """
    studies = prepare(spec) if studies is None else studies
    total = sum(len(study.schedule.slots) for study in studies)
    found: list[dict[int, GameRecord]] = [{} for _ in studies]
    started = time.perf_counter()
    first: list[float] = []

    def arrived(number: int, records: list[GameRecord]) -> None:
        if not first:
            first.append(time.perf_counter() - started)
        for record in records:
            if on_game is not None:
                on_game(number, record)
                record = dataclasses.replace(record, record=None)
            found[number][record.index] = record
        if on_progress is not None:
            on_progress(sum(len(f) for f in found), total)

    keep = on_game is not None
    work = [
        (dict(s.game.options), [dataclasses.replace(slot, keep=keep) for slot in s.schedule.slots])
        for s in studies
    ]
    backend.run(spec.game, work, arrived)
    seconds = time.perf_counter() - started
    done = [
        [found[number][slot.index] for slot in study.schedule.slots]
        for number, study in enumerate(studies)
    ]
    return make_report(spec, studies, done, {
        "backend": backend.describe(),
        "seconds": seconds,
        "games_per_second": total / seconds if seconds > 0 else None,
        "first_game_seconds": first[0] if first else None,
    })


def make_report(
    spec: LabSpec,
    studies: Sequence[Study],
    records: Sequence[Sequence[GameRecord]],
    timing: Mapping[str, Any],
) -> dict[str, Any]:
    """The report of played studies (schema: docs/lab.md)."""
    game = studies[0].game
    # The options each game sets to rotate the sides, which no study has as a whole;
    # the swept one is each study's own.
    rotated = {key for study in studies for setting in study.schedule.sides for key, _ in setting}
    swept = set() if spec.sweep is None else {spec.sweep[0]}
    base = {k: v for k, v in game.options.items() if k not in rotated | swept}
    bots = list(dict.fromkeys(spec.bots))
    teams = game.teams() if game.has_teams else ()
    parties = len(game.teams())
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "title": game.title,
        "players": game.players,
        "options": base,
        "bots": list(spec.bots),
        "games": spec.games,
        "seed": spec.seed,
        "mirror": spec.mirror,
        "sweep": None
        if spec.sweep is None
        else {"option": spec.sweep[0], "values": list(spec.sweep[1])},
        "studies": [
            {
                "value": study.value,
                "options": {k: v for k, v in study.game.options.items() if k not in rotated},
                "schedule": study.schedule.to_json(),
                "measures": measures(done, game.players, paired=spec.mirror, parties=parties),
                "ratings": ratings(done, bots, teams),
            }
            for study, done in zip(studies, records, strict=True)
        ],
        "records": None,  # the folder of every game's record, when they were written
        "timing": dict(timing),
    }


__all__ = [
    "FORMAT", "VERSION", "LabSpec", "Study", "make_report", "prepare", "run_lab", "side_settings",
]
