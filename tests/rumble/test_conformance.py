"""The conformance kit with each pirate in play, and with the pirates drafted.

By default each pirate is checked at one of the three tables, with few playouts;
every pirate at every table with the full count is ``slow`` (``./run test --slow``).
"""

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


TABLES = [(2, "duel"), (5, "duel"), (6, "camp")]
# The quick set: each pirate at one table, the tables taken in turn.
QUICK = [(pirate, *TABLES[index % len(TABLES)]) for index, pirate in enumerate(NAMES)]


def check_pirate(pirate: str, players: int, mode: str, playouts: int) -> None:
    game = plunder.load("rumble", players=players, mode=mode, pirates=table_with(pirate, players))
    report = conformance.check_game(game, playouts=playouts, deep=1, seed=11)
    assert sum(report.outcomes.values()) == playouts
    assert report.states_checked_deeply > 0


@pytest.mark.slow
@pytest.mark.parametrize("pirate", NAMES)
@pytest.mark.parametrize(("players", "mode"), TABLES)
def test_each_pirate_conforms(pirate: str, players: int, mode: str) -> None:
    check_pirate(pirate, players, mode, playouts=30)


@pytest.mark.parametrize(("pirate", "players", "mode"), QUICK)
def test_each_pirate_conforms_quickly(pirate: str, players: int, mode: str) -> None:
    check_pirate(pirate, players, mode, playouts=8)


def test_the_quick_set_seats_every_pirate_and_sets_every_table() -> None:
    assert {pirate for pirate, _, _ in QUICK} == set(NAMES)
    assert {(players, mode) for _, players, mode in QUICK} == set(TABLES)


@pytest.mark.parametrize(
    ("players", "mode", "playouts"),
    [
        (3, "duel", 10),
        (8, "camp", 10),
        pytest.param(3, "duel", 40, marks=pytest.mark.slow),
        pytest.param(8, "camp", 40, marks=pytest.mark.slow),
    ],
)
def test_drafted_pirates_conform(players: int, mode: str, playouts: int) -> None:
    game = plunder.load("rumble", players=players, mode=mode, pirates="draft")
    report = conformance.check_game(game, playouts=playouts, deep=1, seed=5)
    assert sum(report.outcomes.values()) == playouts


def test_pirates_option_is_checked() -> None:
    with pytest.raises(plunder.OptionError, match="blackbird"):
        plunder.load("rumble", players=2, pirates="blackbird,kidd")
    with pytest.raises(plunder.OptionError, match="2 pirates for 3 seats"):
        plunder.load("rumble", players=3, pirates="read,kidd")
    with pytest.raises(plunder.OptionError, match="twice"):
        plunder.load("rumble", players=2, pirates="kidd,kidd")
    with pytest.raises(plunder.OptionError, match="Camp Mode is for 4 to 8 players"):
        plunder.load("rumble", players=3, mode="camp")
