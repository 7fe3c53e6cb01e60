"""``state.last_move(seat)``: where the last resolved step's events begin in the
events a seat may see. A concealed choice makes no event, so it never moves the
mark; each seat's mark points into its own log, never at what it may not see."""

from __future__ import annotations

import random

import plunder


def test_no_last_move_before_the_first_step_resolves() -> None:
    state = plunder.load("duel", players=3).new(seed=2)
    assert [state.last_move(seat) for seat in (None, 0, 1, 2)] == [None] * 4
    state.act(0, "colt>1")  # concealed: the step is still open
    assert [state.last_move(seat) for seat in (None, 0, 1, 2)] == [None] * 4


def test_the_last_move_is_the_reveal_and_what_followed_it() -> None:
    state = plunder.load("duel", players=3).new(seed=2)
    for seat, move in ((0, "colt>1"), (1, "barricade"), (2, "rifle>0")):
        state.act(seat, move)
    log = state.events(1)
    last = state.last_move(1)
    assert last == 1  # after the "duel" event that opened the game
    assert [e["type"] for e in log[last:]][:2] == ["reveal", "shot"]
    before = last
    state.act(0, "colt>2")  # a choice of the next shootout, concealed
    assert state.last_move(1) == before
    assert state.clone().last_move(1) == before
    assert state.determinize(1, random.Random(3)).last_move(1) == before


def test_each_seat_marks_the_move_in_its_own_log() -> None:
    """Under Fire draws a ship to one seat alone: each seat's mark starts the
    events of the last step as it saw them, the same step for all."""
    game = plunder.load("underfire")
    state = game.new(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        if state.is_over:
            break
        counts = {seat: state.event_count(seat) for seat in (None, 0, 1)}
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
        if state.committed:
            continue
        for viewer, count in counts.items():
            assert state.last_move(viewer) == count
    private = [e for e in state.events(0) if e not in state.events(None)]
    assert private, "the play should have drawn a ship for seat 0 alone"
