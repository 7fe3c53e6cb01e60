"""Undo where it cannot leak (plunder.engine.undo), over every registered game.

Random plays with undo tracked: after each move, every seat the engine offers an
undo is checked against the rules (only its own move: its concealed choice in the
open step, or its last move while no one has moved since and the move drew no
chance and showed no seat anything alone), and a random one of them takes its move
back; then every seat's view (and the spectator's) must be exactly what it was
before that move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

import plunder
from plunder.engine.errors import IllegalAction
from plunder.engine.state import State

GAMES = [info.name for info in plunder.games()]
SEEDS = range(4)
# Enough moves for every kind of undo to come up in each game, few enough to stay quick.
MOVES = 160


@dataclass
class Before:
    """What was true before one move: every seat's view, the chance generator, and how
    many events each seat held that the spectator did not (its private ones)."""

    seat: int
    views: list[dict[str, Any]] | None
    chance: Any
    private: list[int]


def views(state: State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in [None, *range(state.players)]]


def private_counts(state: State) -> list[int]:
    public = state.event_count(None)
    return [state.event_count(seat) - public for seat in range(state.players)]


def play_with_undos(name: str, seed: int) -> dict[str, int]:
    """One random play of ``name`` with undos; how many of each kind it took."""
    state = plunder.load(name).new(seed=seed)
    state.track_undo()
    rng = random.Random(seed)
    history: list[Before] = []
    taken = {"withdrawn": 0, "taken back": 0}
    acts = 0
    while not state.is_over and acts < MOVES:
        seat = min(state.pending)
        history.append(Before(seat, views(state), state.rng.getstate(), private_counts(state)))
        state.act(seat, rng.choice(state.legal(seat)))
        acts += 1
        assert len(history) == len(state.moves), ("act", acts)
        offered = [s for s in range(state.players) if state.may_undo(s)]
        for other in offered:
            if other not in state.committed:
                # Taking back a move that resolved its step: only the last move of
                # the play, its seat's own, which drew no chance and showed no one
                # anything alone.
                assert state.moves[-1][0] == other
                assert history[-1].seat == other
                assert state.rng.getstate() == history[-1].chance
                assert private_counts(state) == history[-1].private
        for other in set(range(state.players)) - set(offered):
            with pytest.raises(IllegalAction):
                state.undo(other)
        while offered and rng.random() < 0.6:
            undoer = rng.choice(offered)
            withdrawn = undoer in state.committed
            step = state.step
            position = max(i for i, b in enumerate(history) if b.seat == undoer)
            known = history.pop(position).views
            if known is None or position < len(history):
                # Others committed after it: the views are those of the play without
                # it, and what they saw before their own commits showed it.
                index = max(i for i, (s, _) in enumerate(state.moves) if s == undoer)
                moves = state.moves[:index] + state.moves[index + 1 :]
                expected = views(plunder.replay({**state.record, "moves": moves}))
                for later in history[position:]:
                    later.views = None
            else:
                expected = known
            state.undo(undoer)
            assert views(state) == expected
            if withdrawn:
                taken["withdrawn"] += 1
                assert state.step == step and undoer in state.pending
            else:
                taken["taken back"] += 1
                # A fresh step id: no answer meant for a step before the undo fits it.
                assert state.step == step + 1
            assert plunder.replay(state.record).view(None) == state.view(None)
            assert len(history) == len(state.moves), ("undo", withdrawn)
            offered = [s for s in range(state.players) if state.may_undo(s)]
    return taken


# What each game offers: simultaneous choices withdrawn, quiet moves taken back.
OFFERS = {
    "duel": {"withdrawn"},
    "rumble": {"withdrawn"},
    "rumbones": {"taken back"},
    "underfire": {"taken back"},
    "swordplay": set(),
}


def test_every_game_says_what_it_offers() -> None:
    assert set(OFFERS) == set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_an_undo_gives_every_seat_the_view_it_had_before_the_move(name: str) -> None:
    totals = {"withdrawn": 0, "taken back": 0}
    for seed in SEEDS:
        for kind, count in play_with_undos(name, seed).items():
            totals[kind] += count
    assert {kind for kind, count in totals.items() if count} == OFFERS[name], totals


def test_undo_is_not_tracked_unless_asked_and_a_copy_does_not_track_it() -> None:
    tracked = plunder.load("rumbones").new(seed=1)
    untracked = tracked.clone()
    tracked.track_undo()
    seat = min(tracked.pending)
    move = tracked.legal(seat)[0]
    for state in (tracked, untracked):
        state.act(seat, move)
    assert tracked.may_undo(seat), move
    assert not tracked.clone().may_undo(seat)
    assert not untracked.may_undo(seat)


def test_a_timed_choice_stands() -> None:
    state = plunder.load("rumble", players=3, gestures=True).new(seed=2)
    state.track_undo()
    rng = random.Random(2)
    for _ in range(400):
        frame = state.open_frame
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
        if frame is not None and frame.timed and seat in state.committed:
            assert not state.may_undo(seat)
            return
    pytest.fail("no timed decision came up")
