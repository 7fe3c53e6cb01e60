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


@pytest.mark.parametrize(
    ("name", "options"), CASES, ids=[f"{n}-{conformance.describe(o)}" for n, o in CASES]
)
def test_game_conforms(name: str, options: dict) -> None:
    game = plunder.load(name, **options)
    report = conformance.check_game(game, playouts=250, deep=2, seed=len(CASES))
    assert report.playouts == 250
    assert report.states_checked_deeply > 0
    # Every playout ended with a result the kit read.
    assert sum(report.outcomes.values()) == 250


def test_every_game_is_covered() -> None:
    names = {name for name, _ in CASES}
    assert names == {info.name for info in plunder.games()}
    assert "duel" in names
