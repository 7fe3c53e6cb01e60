"""The checks of a game itself, run once: its teams, its action space, its pickling, and
a corrupted record refused (``teams``, ``action_space``, ``pickle``, ``record``)."""

from __future__ import annotations

import copy
import pickle

from plunder.engine.conformance.core import (
    ConformanceFailure,
    _game_where,
)
from plunder.engine.errors import IllegalAction, PlunderError, RecordError
from plunder.engine.game import Game
from plunder.engine.registry import replay


def check_teams(game: Game) -> None:
    """The teams: they split the seats, each seat in one; the utility fits their sizes."""
    where = _game_where(game)
    teams = game.teams()
    seats = [seat for team in teams for seat in team]
    if sorted(seats) != list(range(game.players)) or any(not team for team in teams):
        raise ConformanceFailure(
            "teams", f"teams {[sorted(t) for t in teams]} do not split seats "
            f"0..{game.players - 1}, each seat in one team", where,
        )
    for team in teams:
        for seat in team:
            if game.team_of(seat) != team:
                raise ConformanceFailure("teams", f"team_of({seat}) is not {sorted(team)}", where)
    sizes = {len(team) for team in teams}
    expected = "constant-sum" if len(sizes) == 1 else "general-sum"
    if game.utility() != expected:
        raise ConformanceFailure(
            "teams", f"utility() is {game.utility()!r}; teams of sizes {sorted(sizes)} make it "
            f"{expected!r}", where,
        )


def check_action_space(game: Game) -> None:
    """The action space: each action once, indices and notations round-trip, a fixed order."""
    where = _game_where(game)
    try:
        space = game.action_space()
    except PlunderError as exc:
        raise ConformanceFailure("action_space", f"no usable action space: {exc}", where) from None
    actions = list(space)
    if len(space) != len(actions) or not actions:
        raise ConformanceFailure(
            "action_space", f"len(space) is {len(space)} but it lists {len(actions)}", where
        )
    notations = [str(a) for a in actions]
    if len(set(actions)) != len(actions) or len(set(notations)) != len(notations):
        raise ConformanceFailure("action_space", "the space lists an action twice", where)
    for index, action in enumerate(actions):
        if (
            space.action(index) != action
            or space.index(action) != index
            or space.index(notations[index]) != index
        ):
            raise ConformanceFailure(
                "action_space", f"{notations[index]!r} does not round-trip through {index}", where
            )
        try:
            parsed = game.parse(notations[index])
        except IllegalAction as exc:
            raise ConformanceFailure(
                "action_space", f"{notations[index]!r} in the space does not parse: {exc}", where
            ) from None
        if parsed != action:
            raise ConformanceFailure(
                "action_space", f"{notations[index]!r} parses to another action", where
            )
    for outside in (-1, len(actions)):
        try:
            space.action(outside)
        except IndexError:
            continue
        raise ConformanceFailure("action_space", f"space.action({outside}) gave an action", where)
    again = type(game)(**game.options).action_space()
    if [str(a) for a in again] != notations:
        raise ConformanceFailure(
            "action_space", "two games with the same options list their actions differently", where
        )


def check_game_pickles(game: Game) -> None:
    """The game survives ``pickle`` and ``copy.deepcopy`` with its name, options and actions."""
    where = _game_where(game)
    try:
        copies = {"pickled": pickle.loads(pickle.dumps(game)), "deep-copied": copy.deepcopy(game)}
    except Exception as exc:  # any failure to copy is the finding
        raise ConformanceFailure(
            "pickle", f"the game does not pickle: {type(exc).__name__}: {exc}", where
        ) from None
    notations = [str(a) for a in game.action_space()]
    for how, other in copies.items():
        if (
            other.name != game.name
            or dict(other.options) != dict(game.options)
            or [str(a) for a in other.action_space()] != notations
        ):
            raise ConformanceFailure("pickle", f"the {how} game differs from the original", where)


def _check_corrupt_record(game: Game, seed: int) -> None:
    state = game.new(seed=seed)
    record = state.record
    record["moves"] = [[min(state.pending), "\x00 not an action"]]
    try:
        replay(record)
    except RecordError as exc:
        if "moves[0]" not in str(exc):
            raise ConformanceFailure(
                "record", f"a bad move's error does not name it: {exc}"
            ) from None
    else:
        raise ConformanceFailure("record", "a record with a bad move replayed without error")
