"""The conformance kit over every registered game, under every option combination."""

from __future__ import annotations

import pytest

import plunder
from plunder.engine import conformance

CASES = [
    (info.name, options)
    for info in plunder.games()
    for options in conformance.option_matrix(info.name)
]

# Random playouts per combination. Rumble's plays are longer (up to eight seats,
# up to three steps a round): they get fewer.
PLAYOUTS = {"duel": 250, "rumble": 100}

# With gestures on, random answers void nearly every card (one right gesture
# among nineteen), so random plays run to the round limit. Those combinations
# are run with a short limit: a hundred rounds of nothing happening would test
# nothing more than fifteen do.
GESTURE_ROUND_LIMIT = 15


def playouts(name: str, options: dict) -> int:
    return PLAYOUTS.get(name, 100)


def bounded(options: dict) -> dict:
    if options.get("gestures") and options.get("round_limit", 100) > GESTURE_ROUND_LIMIT:
        return {**options, "round_limit": GESTURE_ROUND_LIMIT}
    return options


@pytest.mark.parametrize(
    ("name", "options"), CASES, ids=[f"{n}-{conformance.describe(o)}" for n, o in CASES]
)
def test_game_conforms(name: str, options: dict) -> None:
    game = plunder.load(name, **bounded(options))
    count = playouts(name, options)
    report = conformance.check_game(game, playouts=count, deep=2, seed=len(CASES))
    assert report.playouts == count
    assert report.states_checked_deeply > 0
    # Every playout ended with a result the kit read.
    assert sum(report.outcomes.values()) == count


def test_every_game_is_covered() -> None:
    names = {name for name, _ in CASES}
    assert names == {info.name for info in plunder.games()}
    assert {"duel", "rumble"} <= names
