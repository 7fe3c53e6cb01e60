"""Rum & Bones' bot helpers: the greedy bot takes what is there, the evaluation reads
the board, and the playout policy answers the small decisions."""

from __future__ import annotations

import random

from plunder.games.rumbones.bot import GreedyBot, evaluate, rollout, value
from rumbones import kit
from rumbones.kit import activate, decision, empty, place


def test_greedy_attacks_a_wounded_enemy_hero_in_reach() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")  # Calavera, range 2
    place(state, 2, "c5")  # Nerissa: one hit from a KO
    state.damage[2] = 5
    activate(state, 3)
    choice = GreedyBot(worlds=4).choose(state, 1, random.Random(1))
    assert str(choice) == "attack:rapier_and_pistol>c5"


def test_greedy_destroys_an_objective_rather_than_wandering() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    kit.objective(state, 0, "c5", "powder", damage=4)
    activate(state, 3)
    choice = GreedyBot(worlds=4).choose(state, 1, random.Random(2))
    assert str(choice) == "attack:rapier_and_pistol>c5"


def test_the_evaluation_reads_the_lead_between_activations_only() -> None:
    state = empty()
    assert decision(state)["kind"] == "turn"
    even = evaluate(state)
    assert even is not None and abs(even[0] - even[1]) < 1e-9
    state.vp = [3, 0]
    ahead = evaluate(state)
    assert ahead is not None and ahead[0] > 0.5 > ahead[1] and abs(sum(ahead) - 1) < 1e-9
    assert value(state, 0) == -value(state, 1)
    activate(state, 0, deploy="e1")
    assert evaluate(state) is None  # mid-activation: no estimate


def test_the_playout_policy_answers_the_small_decisions_and_leaves_the_rest() -> None:
    state = empty()
    state.reserve[0] = [0, 0]
    kit.crew(state, 0, "c3", deckhands=1)
    place(state, 3, "d3")
    rng = random.Random(1)
    state.act(0, "crew")
    order = state.legal(0)
    assert rollout(state, 0, order, rng) == order[0]  # the order of crew and gun
    state.act(0, "first:crew")
    assert decision(state)["kind"] == "advance"
    assert str(rollout(state, 0, state.legal(0), rng)) == "advance"
    turn = kit.empty()
    assert rollout(turn, 0, turn.legal(0), rng) is None  # a real choice: chance decides
