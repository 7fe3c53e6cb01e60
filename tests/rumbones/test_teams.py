"""Rum & Bones for 3 to 6 players in teams (R61-R69 of docs/rules/rumbones.md).

The box board and the heroes of ``kit.HEROES_4`` (2 against 2): seats 0 and 2
lead the Deep Sea Lords, seat 0 controls heroes 0 (Carcharius) and 2 (Nerissa),
seat 2 heroes 1 (Ishmael) and 3 (Barnacle); seats 1 and 3 the Marea, seat 1
heroes 4 (Calavera) and 6 (Hueso), seat 3 heroes 5 (Demarco) and 7 (Pólvora).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import plunder
from plunder.engine import IllegalAction
from plunder.games.rumbones.pieces import Reserve
from rumbones import kit
from rumbones.kit import crew, empty, legal, objective, place, rolls_for


def four(seed: int = 1, **options: object) -> plunder.engine.State:
    return kit.new(seed, heroes=kit.HEROES_4, players=4, **options)


def elect(state) -> None:
    """At 5 and 6 players: each team elects its first player captain (R64)."""
    while state.decision.kind == "captain":
        state.act(min(state.pending), legal(state, min(state.pending))[0])


# ------------------------------------------------------------------ R61 the teams
@pytest.mark.parametrize(("players", "teams", "sides"), [
    (3, "alternate", [[0, 2], [1]]),
    (3, "together", [[0, 1], [2]]),
    (4, "alternate", [[0, 2], [1, 3]]),
    (4, "together", [[0, 1], [2, 3]]),
    (5, "alternate", [[0, 2, 4], [1, 3]]),
    (5, "together", [[0, 1, 2], [3, 4]]),
    (6, "alternate", [[0, 2, 4], [1, 3, 5]]),
    (6, "together", [[0, 1, 2], [3, 4, 5]]),
])
def test_r61_three_to_six_players_play_as_two_teams(players: int, teams: str,
                                                      sides: list[list[int]]) -> None:
    game = plunder.load("rumbones", players=players, teams=teams)
    assert [sorted(t) for t in game.teams()] == sides
    view = game.new(seed=1).view(None, log=False)
    assert view["teams"] == sides
    # Two against one and three against two pay the teams unevenly.
    assert game.utility() == ("constant-sum" if players % 2 == 0 else "general-sum")


def test_r61_two_players_are_two_sides_of_one_player_each() -> None:
    game = plunder.load("rumbones")
    assert [sorted(t) for t in game.teams()] == [[0], [1]]
    assert "teams" not in game.new(seed=1).view(None, log=False)


# ------------------------------------------------------------------ R62 heroes per player
@pytest.mark.parametrize(("players", "heroes"), [
    (3, [2, 3, 1]),  # the pair: 2 heroes, and 1 with the crew; the solo player 3
    (4, [2, 2, 2, 2]),
    (5, [2, 3, 2, 2, 1]),  # the three: 2, 2, 1; the pair: 3, 2
    (6, [2, 2, 2, 2, 1, 1]),
])
def test_r62_each_player_controls_its_share_of_the_heroes(players: int,
                                                          heroes: list[int]) -> None:
    state = plunder.load("rumbones", players=players, heroes="random").new(seed=2)
    elect(state)
    view = state.view(None, log=False)
    owners = view["control"]["heroes"]
    assert [owners.count(seat) for seat in range(players)] == heroes
    # A player's heroes are its side's.
    for hero in view["heroes"]:
        assert owners[hero["index"]] in view["teams"][hero["side"]]


def test_r62_the_draft_goes_to_a_teams_players_in_turn() -> None:
    state = plunder.load("rumbones", players=3).new(seed=3)
    order = []
    while state.decision.kind == "pick":
        (seat,) = state.pending
        order.append(seat)
        state.act(seat, legal(state, seat)[0])
    # The sides alternate; the pair's picks go to seat 0, seat 2, seat 0 (its share
    # of 2), the solo player's to seat 1.
    assert order == [0, 1, 2, 1, 0, 1]
    assert state.view(None, log=False)["control"]["heroes"] == [0, 2, 0, 1, 1, 1]


def test_r62_a_hero_is_played_by_its_player_alone() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    place(state, 4, "c3")
    # Seat 0 chooses, for the team, that seat 2's Ishmael activates: seat 2 plays it.
    state.act(0, "hero:1")
    assert state.pending == {2}
    assert legal(state, 0) == []
    with pytest.raises(IllegalAction):
        state.act(0, "deploy>b1")
    state.act(2, "deploy>b1")
    assert state.decision.kind == "act" and state.pending == {2}


def test_r62_an_attacks_choices_are_its_heros_players() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    place(state, 1, "c3")
    place(state, 4, "c4")
    place(state, 5, "c4")
    kit.activate(state, 1)
    rolls_for(state, 6, 6, 1)  # Anchor Swing: 2 dice
    state.act(2, "attack:anchor_swing>c4")
    # Two heroes of the other team in the zone: the attacker's player assigns.
    assert state.decision.kind == "assign" and state.pending == {2}
    assert legal(state, 2) == ["assign:hero4", "assign:hero5"]


# ------------------------------------------------------------------ R63 Tide hands
@pytest.mark.parametrize(("players", "hands"), [(3, [2, 4, 2]), (4, [2, 2, 2, 2])])
def test_r63_each_player_holds_its_own_tide_hand(players: int, hands: list[int]) -> None:
    state = plunder.load("rumbones", players=players, heroes="random").new(seed=4)
    view = state.view(None, log=False)
    assert view["hand_sizes"] == hands
    assert view["control"]["tide"] == hands
    for seat in range(players):
        assert len(state.view(seat, log=False)["hand"]) == hands[seat]


def test_r63_a_player_plays_only_its_own_cards() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    state.hand[2] = ["treasure_of_the_deep"]
    state._legal_cache.clear()
    assert "tide:treasure_of_the_deep" in legal(state, 2)
    assert "tide:treasure_of_the_deep" not in legal(state, 0)
    state.act(2, "tide:treasure_of_the_deep")
    assert state.hand[2] == [] and state.view(None, log=False)["discards"][0] == [
        "treasure_of_the_deep"]


# ------------------------------------------------------------------ R64 captains
@pytest.mark.parametrize("players", [5, 6])
def test_r64_each_team_elects_a_captain_who_holds_three_cards(players: int) -> None:
    state = plunder.load("rumbones", players=players, heroes="random").new(seed=5)
    sides = state.view(None, log=False)["teams"]
    for side, team in enumerate(sides):
        frame = state.view(None, log=False)["decision"]
        assert frame["kind"] == "captain" and frame["answer"] == "any"
        assert frame["seats"] == team and frame["side"] == side
        # Any one of the team answers, for the team.
        state.act(team[-1], f"captain:{team[1]}")
    view = state.view(None, log=False)
    assert view["control"]["captains"] == [sides[0][1], sides[1][1]]
    for seat in range(players):
        held = 3 if seat in (sides[0][1], sides[1][1]) else 0
        assert view["hand_sizes"][seat] == held == view["control"]["tide"][seat]


# ------------------------------------------------------------------ R65 what a team sees
def test_r65_a_seat_sees_its_teammates_hands_and_nothing_of_the_other_team() -> None:
    state = four()
    for seat in range(4):
        view = state.view(seat)
        team = view["teams"][seat % 2]
        assert view["hands"] == {str(s): state.hand[s] for s in team}
        drawn = [e for e in view["log"] if e["type"] == "tide_drew"]
        assert {e["seat"] for e in drawn} == set(team)
    spectator = state.view(None)
    assert "hands" not in spectator and "hand" not in spectator
    assert not [e for e in spectator["log"] if e["type"] == "tide_drew"]


def test_r65_a_determinization_keeps_the_teams_hands_and_redraws_the_others() -> None:
    state = four()
    rng = random.Random(0)
    changed = False
    for _ in range(5):
        world = state.determinize(0, rng)
        assert world.hand[0] == state.hand[0] and world.hand[2] == state.hand[2]
        assert world.view(0, log=False) == state.view(0, log=False)
        changed |= (world.hand[1], world.hand[3]) != (state.hand[1], state.hand[3])
    assert changed


# ------------------------------------------------------------------ R66 the crew
def test_r66_the_crew_is_played_by_the_player_who_controls_it() -> None:
    state = empty(seed=1, heroes=kit.HEROES_3, players=3)
    assert state.view(None, log=False)["control"]["crew"] == [2, 1]
    state.reserve[0] = Reserve(1, 0)  # too few deckhands for every point: a choice
    state.act(0, "crew")  # seat 0 activates the team's crew; seat 2 plays it
    assert state.decision.kind == "muster" and state.pending == {2}


def test_r66_at_four_players_whoever_activates_the_crew_plays_it() -> None:
    for seat in (0, 2):
        state = empty(seed=1, heroes=kit.HEROES_4, players=4)
        state.reserve[0] = Reserve(1, 0)
        state.act(seat, "crew")
        assert state.decision.kind == "muster" and state.pending == {seat}


# ------------------------------------------------------------------ R67 the team's turn
def test_r67_the_sides_turn_is_one_decision_of_the_team() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    frame = state.view(None, log=False)["decision"]
    assert frame["kind"] == "turn" and frame["answer"] == "any" and frame["seats"] == [0, 2]
    assert state.pending == {0, 2}
    # Every teammate may activate any of the team's heroes, or its crew, or pass.
    assert legal(state, 0) == legal(state, 2) == [
        "hero:0", "hero:1", "hero:2", "hero:3", "crew", "pass"]
    state.act(2, "pass")  # one answer decides for the team
    assert state.pending == {1, 3}
    assert state.view(None, log=False)["passed"] == [True, False]


# ------------------------------------------------------------------ R68 friends and foes
def test_r68_teammates_models_are_friendly() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    place(state, 0, "c3")
    place(state, 1, "c4")  # seat 2's Ishmael, a teammate of seat 0's Carcharius
    kit.activate(state, 0)
    assert not [a for a in legal(state, 0) if a.startswith("attack:")]
    assert "move" in legal(state, 0)
    place(state, 5, "c4")  # an enemy joins Ishmael: the zone is a target, Ishmael is not
    state._legal_cache.clear()
    assert "attack:jaws>c4" in legal(state, 0)
    rolls_for(state, 6, 6, 6)
    state.act(0, "attack:jaws>c4")
    assert state.heroes[1].damage == 0 and state.heroes[5].damage == 3


def test_r68_every_player_of_the_winning_side_wins() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4, target=1)
    place(state, 0, "c5")
    objective(state, 1, "c6", "powder", damage=4)
    kit.activate(state, 0)
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c6")
    assert state.decision.kind == "reward"
    state.act(2, "reward:0")
    assert state.is_over and state.result.winners == {0, 2}
    assert state.result.returns() == (1.0, 0.0, 1.0, 0.0)
    assert state.result.scores == (2.0, 0.0, 2.0, 0.0)


# ------------------------------------------------------------------ R69 objectives
def test_r69_the_team_decides_which_player_gains_an_objectives_benefits() -> None:
    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    place(state, 0, "c5")
    objective(state, 1, "c6", "chest", damage=7)  # 3 coins to each hero of the player
    crew(state, 1, "c7", deckhands=0)
    kit.activate(state, 0)
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c6")
    frame = state.view(None, log=False)["decision"]
    assert frame["kind"] == "reward" and frame["answer"] == "any"
    assert frame["seats"] == [0, 2] and frame["objective"] == "chest"
    assert legal(state, 0) == legal(state, 2) == ["reward:0", "reward:2"]
    state.act(0, "reward:2")  # seat 0 answers for the team: seat 2's heroes gain
    assert [state.heroes[h].coins for h in range(4)] == [0, 3, 0, 3]
    assert state.vp[0] == 2
    # The attack goes on: Carcharius's activation continues.
    assert state.decision.kind == "act" and state.pending == {0}


def test_r69_two_players_need_no_such_decision() -> None:
    state = empty(seed=1)
    place(state, 0, "c5")
    objective(state, 1, "c6", "chest", damage=7)
    kit.activate(state, 0)
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c6")
    assert [state.heroes[h].coins for h in range(3)] == [3, 3, 3]
    assert state.decision.kind == "act"


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_team_games_end_and_replay(players: int) -> None:
    game = plunder.load("rumbones", players=players, round_limit=3)
    state = game.new(seed=players)
    rng = random.Random(players)
    while not state.is_over:
        seat = rng.choice(sorted(state.pending))
        state.act(seat, rng.choice(state.legal(seat)))
    again = plunder.replay(state.record)
    assert again.view(None) == state.view(None)
    assert len(set(state.result.returns())) <= 2


def test_at_a_table_the_bots_of_a_team_leave_its_decisions_to_its_humans() -> None:
    from plunder.bots.table import waits_for_humans

    state = empty(seed=1, heroes=kit.HEROES_4, players=4)
    assert state.pending == {0, 2}  # the team's turn, answered once
    assert waits_for_humans(state, 2, humans=[0])  # the bot at seat 2 waits for seat 0
    assert not waits_for_humans(state, 0, humans=[0])
    assert not waits_for_humans(state, 2, humans=[])  # a team of bots answers at once
    state.act(0, "hero:1")  # seat 2's Ishmael: its activation is seat 2's alone
    assert state.pending == {2} and not waits_for_humans(state, 2, humans=[0])


# ------------------------------------------------------------------ the seating, as a property
@given(players=st.integers(2, 6), teams=st.sampled_from(["alternate", "together"]))
def test_every_table_splits_into_two_sides_whose_players_share_them(players: int,
                                                                    teams: str) -> None:
    game = plunder.load("rumbones", players=players, teams=teams)
    seating = game.seating
    seats = sorted(s for side in seating.sides for s in side)
    assert seats == list(range(players)) and len(seating.sides) == 2
    assert abs(len(seating.sides[0]) - len(seating.sides[1])) <= 1
    for side, members in enumerate(seating.sides):
        # The picks of a side go to its players, each its share, and its heroes are
        # numbered after the other side's.
        pickers = seating.pickers(side)
        assert sorted(pickers) == sorted(s for s in members for _ in range(seating.shares[s]))
        first = seating.firsts[side]
        assert all(game.hero_sides[h] == side for h in range(first, first + len(pickers)))
        # The crew is one of the side's players, or the team's; the Tide a captain's or
        # the players' own.
        assert seating.crew[side] in (*members, None)
        held = seating.captain[side] or sum(seating.tide[s] for s in members)
        assert held in (3, 4)
    assert game.seat_roles() and len(game.seat_roles()) == players
