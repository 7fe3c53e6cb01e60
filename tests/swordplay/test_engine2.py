"""Swordplay on Engine 2: observation, action space and mask, info keys, bots."""

from __future__ import annotations

import random

import numpy as np

import plunder
from plunder.bots import get as get_bot


def test_the_observation_reads_the_view_and_fits_the_layout() -> None:
    game = plunder.load("swordplay", players=3, arena_seats=1)
    state = game.new(seed=2)
    vector = state.observation(0)
    assert vector.shape == game.observation_shape() and vector.dtype == np.float32
    assert np.all((vector >= 0) & (vector <= 1.0))
    assert not np.array_equal(vector, state.observation(None))


def test_the_mask_marks_exactly_the_legal_actions() -> None:
    game = plunder.load("swordplay", players=4)
    state = game.new(seed=5)
    rng = random.Random(1)
    space = game.action_space()
    for _ in range(200):
        if state.is_over:
            break
        seat = min(state.pending)
        mask = state.legal_mask(seat)
        assert {space.action(i) for i in np.flatnonzero(mask)} == set(state.legal(seat))
        state.act(seat, rng.choice(state.legal(seat)))


def test_the_greedy_bot_and_the_evaluation() -> None:
    from plunder.games.swordplay.bot import evaluate

    state = plunder.load("swordplay").new(seed=9)
    values = evaluate(state)
    assert values is not None and abs(sum(values) - 1) < 1e-9
    bot = get_bot("greedy", "swordplay")
    rng = random.Random(4)
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, bot.choose(state, seat, rng))
    assert state.result is not None


def test_the_greedy_bot_discards_from_a_hand_that_cannot_attack() -> None:
    """A hand of defences alone never wins: greedy discards its least useful card to
    draw again, and keeps a hand that holds an attack."""
    from swordplay.kit import give, kind, new

    bot = get_bot("greedy", "swordplay")
    state = new("vane,grady", first=0)
    assert kind(state) == "discard"
    give(state, 0, "dodge", "parry_left", "parry_low", "parry_right", "parry_high")
    choice = bot.choose(state, 0, random.Random(0))
    assert str(choice).startswith("discard:")
    give(state, 0, "high", "parry_left", "parry_low", "parry_right", "parry_high")
    assert str(bot.choose(state, 0, random.Random(0))) == "pass"


def test_the_greedy_bot_attacks_a_seat_that_only_passes() -> None:
    """Against a fighter who passes every decision, greedy comes to attack in every one
    of many deals (a player waiting for its attack is not kept waiting forever)."""
    game = plunder.load("swordplay", pirates="vane,grady")
    bot = get_bot("greedy", "swordplay")
    for seed in range(40):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        attacked = False
        for _ in range(600):
            seat = min(state.pending)
            if seat == 1:
                state.act(1, bot.choose(state, 1, rng))
                continue
            names = [str(a) for a in state.legal(0)]
            if "no" in names:
                attacked = True
                break
            state.act(0, state.legal(0)[names.index("pass")])
        assert attacked, f"greedy never attacked in the deal seeded {seed}"
