"""Duel's greedy bot: legal, blind to hidden choices, and better than chance."""

from __future__ import annotations

import random

import plunder
from plunder import bots
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
