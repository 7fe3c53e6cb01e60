"""The tables every learning-environment test runs on, drawn from the registry.

For every registered game (a game added later is included without a change
here), for each of its modes (the choices of its ``mode`` option, or its one
table when it has none), the smallest and the largest player count that mode
accepts. The smallest runs by default; the largest is marked slow.
"""

from __future__ import annotations

import random
import types
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import plunder
from plunder.engine import OptionError, names
from plunder.engine.registry import game_class

# What PettingZoo's checks say of any environment whose observation is the
# ``{"observation", "action_mask"}`` dict: they recognise that layout only in their
# own games, by name. Every other warning fails a test.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


@dataclass(frozen=True)
class Case:
    game: str
    options: dict[str, Any]
    largest: bool

    @property
    def id(self) -> str:
        mode = self.options.get("mode")
        return f"{self.game}-{mode + '-' if mode else ''}{self.options['players']}p"


def _modes(game: str) -> list[dict[str, Any]]:
    specs = {spec.name: spec for spec in game_class(game).option_specs()}
    mode = specs.get("mode")
    if mode is None or not mode.choices:
        return [{}]
    return [{"mode": choice} for choice in mode.choices]


def _accepted(game: str, options: dict[str, Any]) -> list[int]:
    cls = game_class(game)
    counts = []
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            plunder.load(game, players=players, **options)
        except OptionError:
            continue
        counts.append(players)
    return counts


# The largest tables of a long game play to shorter round limits: the suites play
# whole random games, and one of Clash Royale! for six runs its 60 rounds.
SHORTER = {"rumbones": {"round_limit": 8, "clash_rounds": 12}}


def cases() -> list[Case]:
    found = []
    for game in names():
        for options in _modes(game):
            counts = _accepted(game, options)
            assert counts, f"{game} with {options} accepts no player count"
            found.append(Case(game, {**options, "players": counts[0]}, largest=False))
            if counts[-1] != counts[0]:
                largest = {**options, **SHORTER.get(game, {}), "players": counts[-1]}
                found.append(Case(game, largest, largest=True))
    return found


def params() -> list[Any]:
    """``cases()`` as pytest parameters: the largest tables marked slow."""
    return [
        pytest.param(case, id=case.id, marks=[pytest.mark.slow] if case.largest else [])
        for case in cases()
    ]


def zoo_module(case: Case, seed: int) -> types.SimpleNamespace:
    """A module-like object with ``env`` and ``parallel_env``, as PettingZoo's tests want."""
    from plunder import rl

    return types.SimpleNamespace(
        env=lambda **kw: rl.aec_env(case.game, seed=seed, **case.options, **kw),
        parallel_env=lambda **kw: rl.parallel_env(case.game, seed=seed, **case.options, **kw),
    )


def strict_warnings() -> warnings.catch_warnings:
    """A context in which every warning but the dict-observation ones is an error."""
    context = warnings.catch_warnings()
    context.__enter__()
    warnings.simplefilter("error")
    for text in DICT_OBSERVATION_WARNINGS:
        warnings.filterwarnings("ignore", message=text)
    return context


def random_steps(case: Case, seed: int) -> Iterator[plunder.State]:
    """The states of a uniformly random play of the case's table, one per step."""
    game = plunder.load(case.game, **case.options)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        for seat in state.seats_to_act():
            state.act(seat, rng.choice(state.legal(seat)))


def quietly(test: Callable[[], Any]) -> Any:
    """Run ``test`` with PettingZoo's prints and the dict-observation warnings silenced."""
    import contextlib
    import io

    context = strict_warnings()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return test()
    finally:
        context.__exit__(None, None, None)
