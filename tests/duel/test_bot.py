"""Duel's greedy bot: legal, blind to hidden choices, and better than chance."""

from __future__ import annotations

import random

import plunder
from plunder import bots
from plunder.games.duel.bot import SAMPLES, GreedyBot, score
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


def test_kept_outcomes_change_no_choice() -> None:
    """A shootout played out once and kept scores what playing it again would: one bot
    over a whole long game chooses as the sampling without memory does, draw for draw."""
    kept = GreedyBot()
    state = plunder.load("duel", players=2, duel_limit=4).new(seed=5)
    compared = 0
    while not state.is_over:
        seat = min(state.pending)
        chosen = kept.choose(state, seat, random.Random(len(state.moves)))
        assert str(chosen) == reference_choice(state, seat, random.Random(len(state.moves)))
        state.act(seat, chosen)
        compared += 1
    assert compared > 100 and kept._outcomes  # a long game, and outcomes were kept
