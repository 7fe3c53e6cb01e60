"""What Rum & Bones declares to the balance lab: the side that went first in each round
(R6, R39; R75 in Clash Royale!), each seat's faction (R1), and the settings of
``factions`` that seat each faction at each seat in turn."""

from __future__ import annotations

import itertools
import random

import pytest

import plunder
from plunder.games.rumbones.content import SIDES


def played(seed: int, **options: object) -> plunder.State:
    state = plunder.load("rumbones", **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_the_lead_is_rolled_and_then_passes_each_round(players: int, seed: int) -> None:
    state = played(seed, players=players, factions="marea")
    leads = state.first_movers()
    log = state.events(None)
    (first,) = [e["side"] for e in log if e["type"] == "first"]
    teams = state.game.teams()
    # One lead a round begun, the first roll's winner first, then every other round.
    assert len(leads) == sum(1 for e in log if e["type"] == "round") == state.round
    assert state.round > 1
    assert leads[0] == teams[first]
    for one, next_one in itertools.pairwise(leads):
        assert next_one != one and next_one in teams
    assert all(len(lead) == players // 2 for lead in leads)
    # Seat 0's side leads the Marea; every seat plays its side's faction.
    assert state.seat_sides() == tuple(
        "marea" if seat in teams[0] else "lords" for seat in range(players)
    )


def test_each_setting_of_the_factions_seats_each_faction_at_seat_0() -> None:
    settings = plunder.load("rumbones").side_rotation()
    assert [dict(s) for s in settings] == [{"factions": side} for side in SIDES]
    at_zero = {plunder.load("rumbones", **s).new(seed=1).seat_sides()[0] for s in settings}
    assert at_zero == set(SIDES)
    # Teams too; but no factions in Clash Royale!, nor heroes bound to their listed side.
    assert plunder.load("rumbones", players=4).side_rotation() == settings
    assert plunder.load("rumbones", players=4, mode="clash").side_rotation() == ()
    listed = plunder.load("rumbones", heroes="carcharius,ishmael,nerissa;calavera,demarco,hueso")
    assert listed.side_rotation() == ()


def test_clash_royale_has_no_sides_and_one_first_player() -> None:
    state = played(2, players=3, mode="clash", heroes_each=1, clash_rounds=4)
    assert state.seat_sides() == ()
    leads = state.first_movers()
    assert len(leads) >= 1 and all(len(lead) == 1 for lead in leads)
