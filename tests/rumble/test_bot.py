"""Rumble's greedy bot and the evaluation searching bots use."""

from __future__ import annotations

import random

import plunder
from plunder.bots import get
from plunder.games.rumble.bot import evaluate
from plunder.games.rumble.rules import CARDS


def play_out(state: plunder.State, bots: dict, rng: random.Random) -> None:
    while not state.is_over:
        for seat in sorted(state.pending):
            state.act(seat, bots[seat].choose(state, seat, rng))


def test_greedy_beats_random_in_four_player_duel_mode() -> None:
    game = plunder.load("rumble", players=4)
    wins = 0
    games = 24
    for index in range(games):
        rng = random.Random(index)
        seat = index % 4
        bots = {s: get("random", "rumble") for s in range(4)}
        bots[seat] = get("greedy", "rumble", level="easy")
        state = game.new(seed=index)
        play_out(state, bots, rng)
        wins += seat in state.result.winners
    # A fair share is 6 of 24; greedy wins about nine games in ten (docs/bots.md).
    assert wins >= 12


def test_greedy_answers_the_gesture_of_its_own_card() -> None:
    game = plunder.load("rumble", players=3, gestures=True, pirates="kidd,read,zheng")
    state = game.new(seed=4)
    for seat, card in ((0, "dodge"), (1, "load"), (2, "smite>0")):
        state.act(seat, card)
    bot = get("greedy", "rumble")
    rng = random.Random(1)
    assert str(bot.choose(state, 0, rng)) == f"gesture>{CARDS['dodge'].gesture}"
    assert str(bot.choose(state, 2, rng)) == f"gesture>{CARDS['smite'].gesture}"


def test_evaluation_is_a_share_at_round_starts_only() -> None:
    state = plunder.load("rumble", players=5, mode="camp").new(seed=3)
    values = evaluate(state)
    assert values is not None and len(values) == 5
    assert abs(sum(values) - 1.0) < 1e-9
    assert all(0.0 <= v <= 1.0 for v in values)
    state.act(0, "load")
    assert evaluate(state) is None  # a choice is committed: mid-step, no opinion


def test_evaluation_splits_a_camp_share_among_its_members() -> None:
    state = plunder.load("rumble", players=6, mode="camp").new(seed=8)
    values = evaluate(state)
    assert values is not None
    camps = state.camp
    for camp in ("sun", "moon"):
        members = [s for s, c in enumerate(camps) if c.split("-")[0] == camp]
        assert len({round(values[s], 12) for s in members}) == 1
