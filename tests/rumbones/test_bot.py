"""Rum & Bones' bot helpers: the greedy bot takes what is there, the evaluation reads
the board, and the playout policy answers the small decisions."""

from __future__ import annotations

import random

from plunder.bots.ismcts import ISMCTSBot
from plunder.games.rumbones.bot import GreedyBot, evaluate, rollout, small_choice, value
from plunder.games.rumbones.pieces import Reserve
from rumbones import kit
from rumbones.kit import activate, decision, empty, place


def test_greedy_attacks_a_wounded_enemy_hero_in_reach() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")  # Calavera, range 2
    place(state, 2, "c5")  # Nerissa: one hit from a KO
    state.heroes[2].damage = 5
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
    state.reserve[0] = Reserve(0, 0)
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


def test_the_search_playouts_press_the_attack() -> None:
    # Carcharius (Lords) on c2, Calavera (Marea) on the Windcutter at c6, out of
    # reach: the hero moves rather than ending its activation, and each point of
    # the move goes where it comes nearest to Calavera: c3 (3 away), then, from
    # c3 on the Gallant's edge, a rigging onto one of Calavera's neighbours
    # (b6, d6 or c7: 1 away; c4 and c5 are gangplanks, 2 and 1 away but never a
    # rigging's target, and c4 is farther).
    state = empty()
    place(state, 0, "c2")
    place(state, 3, "c6")
    activate(state, 0)
    rng = random.Random(3)
    legal = state.legal(0)
    assert {str(a) for a in legal} >= {"move", "end"}
    assert not any(str(a).startswith("attack") for a in legal)
    assert str(rollout(state, 0, legal, rng)) == "move"
    state.act(0, "move")
    assert decision(state)["kind"] == "move"
    assert str(rollout(state, 0, state.legal(0), rng)) == "step>c3"
    state.act(0, "step>c3")
    for seed in range(10):
        choice = str(rollout(state, 0, state.legal(0), random.Random(seed)))
        assert choice in {"rig>b6", "rig>d6", "rig>c7"}


def test_the_search_playouts_attack_whenever_they_can() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")  # Calavera, range 2
    place(state, 2, "c5")  # Nerissa, in reach
    activate(state, 3)
    legal = state.legal(1)
    attacks = [a for a in legal if str(a).startswith("attack")]
    assert attacks and len(attacks) < len(legal)
    for seed in range(20):
        assert rollout(state, 1, legal, random.Random(seed)) in attacks


def test_greedy_finishes_its_look_ahead_with_the_small_choices_alone() -> None:
    # The look-ahead keeps chance for a hero's actions: only the search presses on.
    state = empty()
    place(state, 0, "c2")
    place(state, 3, "c6")
    activate(state, 0)
    assert small_choice(state, 0, state.legal(0), random.Random(1)) is None


def test_the_search_settles_on_a_knock_out_at_the_games_exploration() -> None:
    # Calavera can knock out a wounded Nerissa: a VP and three coins, the clear
    # best of move, attack and end. The evaluation tells them apart by a few
    # hundredths of a chance to win, so at UCB's default exploration (0.7) the
    # search spreads its visits nearly evenly (measured: 39% on the attack); at
    # the game's own (0.1, its manifest's search_exploration) it settles (72%).
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    place(state, 2, "c5")
    state.heroes[2].damage = 5
    activate(state, 3)
    legal = [str(a) for a in state.legal(1)]
    attack = legal.index("attack:rapier_and_pistol>c5")

    def share(**settings: float) -> float:
        ranking = ISMCTSBot(iterations=300, **settings).rank(state, 1, random.Random(1))
        return ranking.values[attack] / sum(ranking.values)

    assert share() > 0.6
    assert share(exploration=0.7) < 0.45


# ------------------------------------------------------------------ teams
def test_in_teams_the_evaluation_gives_every_player_its_sides_chance() -> None:
    state = empty(heroes=kit.HEROES_4, players=4)
    state.vp = [3, 1]
    chances = evaluate(state)
    assert chances is not None and len(chances) == 4
    assert chances[0] == chances[2] > 0.5 > chances[1] == chances[3]
    assert abs(chances[0] + chances[1] - 1) < 1e-9


def test_in_teams_the_greedy_bot_plays_for_its_side() -> None:
    """Seat 2 plays Ishmael (hero 1): it destroys the objective that scores for the team
    (and then gives the team's decision of who gains it its first answer)."""
    state = empty(heroes=kit.HEROES_4, players=4)
    place(state, 1, "c5")
    kit.objective(state, 1, "c6", "powder", damage=4)
    activate(state, 1)
    assert state.pending == {2}
    choice = GreedyBot(worlds=4).choose(state, 2, random.Random(3))
    assert str(choice) == "attack:anchor_swing>c6"
    # The team's value is its side's, the same for both its players' eyes.
    state.vp = [2, 0]
    assert value(state, state.seat_side(0)) == value(state, state.seat_side(2)) > 0


def test_ismcts_answers_a_teams_turn_for_the_team() -> None:
    from plunder import bots

    state = empty(heroes=kit.HEROES_4, players=4)
    bot = bots.from_spec("ismcts:iterations=40", "rumbones")
    action = bot.choose(state, 2, random.Random(4))
    assert action in state.legal(2)


# ------------------------------------------------------------------ Clash Royale!
def clash():
    import plunder

    state = plunder.load("rumbones", mode="clash", players=3,
                         heroes="carcharius,calavera;ishmael,demarco;nerissa,hueso").new(seed=1)
    state.side, state.queue = 0, [1, 2]
    state._ask_turn()
    state._open_step()
    return state


def test_in_clash_royale_the_evaluation_shares_the_win_by_lives() -> None:
    state = clash()
    even = evaluate(state)
    assert even is not None and len(even) == 3 and abs(sum(even) - 1) < 1e-9
    state.lives[2] = state.lives[3] = 1  # seat 1 has lost four lives
    chances = evaluate(state)
    assert chances[1] < chances[0] and abs(chances[0] - chances[2]) < 1e-9
    state.lives[4] = state.lives[5] = 0  # seat 2 is out
    assert evaluate(state)[2] == 0.0


def test_in_clash_royale_the_greedy_bot_takes_a_ko_and_not_the_chest() -> None:
    state = clash()
    place(state, 0, "e6")  # Carcharius on the Chest, an enemy next door, wounded
    place(state, 3, "d6")
    state.heroes[3].damage = 5
    state.act(0, "hero:0")
    choice = GreedyBot(worlds=4).choose(state, 0, random.Random(5))
    assert str(choice) == "attack:jaws>d6"
    # With no one in reach, the Chest's coins are worth an action.
    state.heroes[3].zone = "b11"
    state._legal_cache.clear()
    assert str(GreedyBot(worlds=2).choose(state, 0, random.Random(5))) == "loot"


def test_a_hero_nearer_to_something_to_attack_is_worth_more() -> None:
    state = empty()
    kit.objective(state, 1, "e7", "powder")  # on the Marea's ship: the one thing to attack
    place(state, 0, "e1")  # Captain Carcharius (Jaws, range 1), far back on the Gallant
    far = value(state, 0)
    place(state, 0, "e3")
    nearer = value(state, 0)
    assert nearer > far
    place(state, 0, "e6")  # next to it: in reach, nothing more to gain by going on
    beside = value(state, 0)
    assert beside > nearer
    place(state, 0, "d7")  # in reach too, no better for being elsewhere
    assert value(state, 0) == beside


def test_greedy_takes_a_hero_with_nothing_in_reach_towards_the_fight() -> None:
    state = empty()
    kit.objective(state, 1, "e7", "powder")
    activate(state, 0, deploy="e1")  # nothing in reach of Jaws: it can only move or end
    assert "end" in kit.legal(state, 0)
    choice = GreedyBot(worlds=2).choose(state, 0, random.Random(3))
    assert str(choice) == "move"
