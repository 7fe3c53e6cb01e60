"""Duel's greedy bot: legal, blind to hidden choices, and better than chance."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import plunder
from plunder import bots
from plunder.games.duel.bot import SAMPLES, GreedyBot, score, shootout_score
from plunder.match import run_match


def test_greedy_bot_is_registered_for_duel() -> None:
    assert "greedy" in bots.names("duel")
    assert bots.get("greedy", "duel").name == "greedy"


def test_greedy_bot_always_chooses_a_legal_action() -> None:
    bot = bots.get("greedy", "duel")
    rng = random.Random(3)
    state = plunder.load("duel", players=4).new(seed=3)
    while not state.is_over and len(state.moves) < 400:
        seat = min(state.pending)
        action = bot.choose(state, seat, rng)
        assert str(action) in {str(a) for a in state.legal(seat)}
        state.act(seat, action)


def test_greedy_bot_does_not_see_a_concealed_choice() -> None:
    """Whatever seat 0 has laid face down, seat 1's bot decides the same way."""
    bot = bots.get("greedy", "duel")
    base = plunder.load("duel", players=2).new(seed=11)
    picks = []
    for concealed in ("colt>1", "reload", "barricade", "rifle>1"):
        state = base.clone()
        state.act(0, concealed)
        picks.append(str(bot.choose(state, 1, random.Random(99))))
    assert len(set(picks)) == 1, picks


def test_greedy_bot_beats_the_random_bot() -> None:
    report = run_match("duel", ["greedy", "random"], games=40, seed=7)
    greedy = next(stats for stats in report.bots if stats.bot == "greedy")
    assert greedy.win_share >= 0.7


def reference_choice(state: plunder.State, seat: int, rng: random.Random) -> str:
    """Greedy's choice with no outcome kept: every sampled world played out afresh,
    drawing from ``rng`` exactly as the bot does."""
    actions = state.legal(seat)
    if len(actions) == 1:
        return str(actions[0])
    before = state.view(seat, log=False)
    scores = [0.0] * len(actions)
    for _ in range(SAMPLES["normal"]):
        world = state.determinize(seat, rng) if state.committed else state
        replies = {o: rng.choice(world.legal(o)) for o in world.pending if o != seat}
        for index, action in enumerate(actions):
            trial = world.clone()
            trial.act(seat, action)
            for other, reply in replies.items():
                trial.act(other, reply)
            scores[index] += score(before, trial.view(seat, log=False), seat)
    best = max(scores)
    return str(rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9]))


@pytest.mark.parametrize("players", [2, 3])
def test_kept_outcomes_change_no_choice(players: int) -> None:
    """A shootout played out once and kept scores what playing it again would: one bot
    over a whole long game chooses as the sampling without memory does, draw for draw
    (the seats after the first see choices committed: their worlds are sampled)."""
    kept = GreedyBot()
    state = plunder.load("duel", players=players, duel_limit=4).new(seed=5)
    compared = 0
    while not state.is_over:
        seat = min(state.pending)
        chosen = kept.choose(state, seat, random.Random(len(state.moves)))
        assert str(chosen) == reference_choice(state, seat, random.Random(len(state.moves)))
        state.act(seat, chosen)
        compared += 1
    assert compared > 100 and kept._outcomes  # a long game, and outcomes were kept


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 400),
    limits=st.sampled_from([{}, {"target": 1}, {"duel_limit": 2}, {"shootout_limit": 2}]),
    deflection=st.sampled_from(["seed", "per-weapon"]),
)
def test_a_shootout_played_out_from_the_table_scores_as_the_engine_plays_it(
    players: int, seed: int, moves: int, limits: dict, deflection: str
) -> None:
    """``shootout_score`` (no copy of the state) against the engine: the state cloned,
    every living seat's card played, the seat's view scored."""
    game = plunder.load("duel", players=players, deflection=deflection, **limits)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        for s in sorted(state.pending):
            state.act(s, rng.choice(state.legal(s)))
    if state.is_over:
        return
    for seat in sorted(state.pending):
        before = state.view(seat, log=False)
        for _ in range(6):
            chosen = {s: rng.choice(state.legal(s)) for s in sorted(state.pending)}
            trial = state.clone()
            for s, action in chosen.items():
                trial.act(s, action)
            expected = score(before, trial.view(seat, log=False), seat)
            assert shootout_score(state, seat, chosen) == expected
