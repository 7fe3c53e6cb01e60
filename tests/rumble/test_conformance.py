"""The conformance kit with each pirate in play, and with the pirates drafted."""

from __future__ import annotations

import pytest

import plunder
from plunder.engine import conformance
from plunder.games.rumble.rules import PIRATES

NAMES = sorted(PIRATES)


def table_with(pirate: str, players: int) -> str:
    """A comma list of ``players`` pirates with ``pirate`` in seat 0 and its neighbours."""
    rest = [name for name in NAMES if name != pirate]
    return ",".join([pirate, *rest[: players - 1]])


@pytest.mark.parametrize("pirate", NAMES)
@pytest.mark.parametrize(("players", "mode"), [(2, "duel"), (5, "duel"), (6, "camp")])
def test_each_pirate_conforms(pirate: str, players: int, mode: str) -> None:
    game = plunder.load("rumble", players=players, mode=mode, pirates=table_with(pirate, players))
    report = conformance.check_game(game, playouts=30, deep=1, seed=11)
    assert sum(report.outcomes.values()) == 30
    assert report.states_checked_deeply > 0


@pytest.mark.parametrize(("players", "mode"), [(3, "duel"), (8, "camp")])
def test_drafted_pirates_conform(players: int, mode: str) -> None:
    game = plunder.load("rumble", players=players, mode=mode, pirates="draft")
    report = conformance.check_game(game, playouts=40, deep=1, seed=5)
    assert sum(report.outcomes.values()) == 40


def test_pirates_option_is_checked() -> None:
    with pytest.raises(plunder.OptionError, match="blackbird"):
        plunder.load("rumble", players=2, pirates="blackbird,kidd")
    with pytest.raises(plunder.OptionError, match="2 pirates for 3 seats"):
        plunder.load("rumble", players=3, pirates="read,kidd")
    with pytest.raises(plunder.OptionError, match="twice"):
        plunder.load("rumble", players=2, pirates="kidd,kidd")
    with pytest.raises(plunder.OptionError, match="Camp Mode is for 4 to 8 players"):
        plunder.load("rumble", players=3, mode="camp")
