"""Every shot of a shootout is told with whether it hit and why (R12-R16, R29-R31).

Each expectation is read off the seed's text: "A player who shoots a gun cannot be
hit", "a player who hides behind a barricade can only be hit by a rifle", "a player
who is reloading is hit by any attack against him"; and, in the other reading, each
card stops only the weapon drawn on it.
"""

from __future__ import annotations

import pytest

import plunder


def shots(state: plunder.State, viewer: int | None = None) -> list[dict]:
    return [e for e in state.events(viewer) if e["type"] == "shot"]


def shootout(moves: dict[int, str], **options: object) -> plunder.State:
    state = plunder.load("duel", players=len(moves), **options).new(seed=5)
    for seat, move in moves.items():
        state.act(seat, move)
    return state


@pytest.mark.parametrize(
    ("moves", "options", "seat", "hit", "why", "words"),
    [
        ({0: "colt>1", 1: "barricade"}, {}, 0, False, "barricade",
         "Seat 0's Colt at seat 1 misses: seat 1 hid behind a Barricade, which stops a Colt."),
        ({0: "rifle>1", 1: "barricade"}, {}, 0, True, "through",
         "Seat 0's Rifle at seat 1 hits: a Rifle goes through seat 1's Barricade."),
        ({0: "colt>1", 1: "colt"}, {}, 0, False, "shooting",
         "Seat 0's Colt at seat 1 misses: seat 1 was shooting too, and a pirate who shoots "
         "cannot be hit."),
        ({0: "colt>1", 1: "reload"}, {}, 0, True, "reloading",
         "Seat 0's Colt at seat 1 hits: seat 1 was reloading, and a reloading pirate is hit "
         "by anything."),
        ({0: "rifle>1", 1: "colt>0"}, {"deflection": "per-weapon"}, 0, True, "open",
         "Seat 0's Rifle at seat 1 hits: seat 1's Colt does not stop a Rifle."),
        ({0: "rifle>1", 1: "colt>0"}, {"deflection": "per-weapon"}, 1, True, "open",
         "Seat 1's Colt at seat 0 hits: seat 0's Rifle does not stop a Colt."),
        ({0: "colt>1", 1: "colt>0"}, {"deflection": "per-weapon"}, 1, False, "stops",
         "Seat 1's Colt at seat 0 misses: seat 0's Colt stops a Colt."),
    ],
)
def test_each_shot_says_whether_it_hit_and_why(
    moves: dict[int, str], options: dict, seat: int, hit: bool, why: str, words: str
) -> None:
    state = shootout(moves, **options)
    (shot,) = [s for s in shots(state) if s["seat"] == seat]
    assert (shot["hit"], shot["why"], shot["text"]) == (hit, why, words)
    # The hit event agrees with the shots: a seat shot and not missed is in the grave.
    hits = [e for e in state.events() if e["type"] == "hit"]
    assert (shot["target"] in (hits[0]["seats"] if hits else [])) == hit


def test_a_shot_at_no_one_is_no_shot_and_every_seat_reads_the_same_shots() -> None:
    state = shootout({0: "colt", 1: "rifle>2", 2: "barricade"})
    assert [(s["seat"], s["target"], s["why"]) for s in shots(state)] == [(1, 2, "through")]
    assert shots(state, 0) == shots(state, 2) == shots(state)


def test_shots_come_after_the_reveal_and_before_the_grave() -> None:
    state = shootout({0: "colt>1", 1: "reload"})
    kinds = [e["type"] for e in state.events()]
    assert kinds.index("reveal") < kinds.index("shot") < kinds.index("hit")
