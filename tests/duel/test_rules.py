"""Duel's rules, one behaviour at a time, through the public protocol.

Rule numbers (R1, R2, …) refer to ``docs/rules/duel.md``. Every expectation below is
worked out by hand from the rules; a shootout is written as ``{seat: notation}``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import plunder

FULL_HAND = Counter({"colt": 3, "rifle": 1, "barricade": 1, "reload": 1})


# --------------------------------------------------------------------- helpers
def new(players: int = 2, seed: int = 1, **options: object) -> plunder.State:
    return plunder.load("duel", players=players, **options).new(seed=seed)


def shootout(state: plunder.State, plays: dict[int, str]) -> None:
    """Every living seat plays the card given for it; the shootout then resolves."""
    assert set(plays) == set(state.pending), "a shootout needs one card from every living seat"
    for seat, notation in plays.items():
        state.act(seat, notation)


def player(state: plunder.State, seat: int) -> dict:
    return state.view(None)["players"][seat]


def hand(state: plunder.State, seat: int) -> Counter:
    return Counter(state.view(seat)["hand"])


def alive(state: plunder.State) -> list[bool]:
    return [p["alive"] for p in state.view(None)["players"]]


def dollars(state: plunder.State) -> list[int]:
    return [p["dollars"] for p in state.view(None)["players"]]


def hit_last_shootout(state: plunder.State) -> set[int]:
    """The seats hit in the most recent shootout, read from the public log."""
    log = state.view(None)["log"]
    last = max(i for i, event in enumerate(log) if event["type"] == "reveal")
    return {seat for event in log[last:] if event["type"] == "hit" for seat in event["seats"]}


def last_event(state: plunder.State, kind: str) -> dict:
    return [event for event in state.view(None)["log"] if event["type"] == kind][-1]


# ------------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_take_part(players: int) -> None:
    """R1: any number of players from 2 to 5; every one of them plays."""
    state = new(players)
    assert [p["seat"] for p in state.view(None)["players"]] == list(range(players))
    assert state.pending == frozenset(range(players))


def test_default_options() -> None:
    """The options of the Options section, with their defaults."""
    game = plunder.load("duel")
    assert dict(game.options) == {
        "players": 2,
        "target": 5,
        "deflection": "seed",
        "shootout_limit": 30,
        "duel_limit": 100,
    }


def test_each_player_starts_with_the_full_set_of_action_cards() -> None:
    """R2: 3 Colt, 1 Rifle, 1 Barricade, 1 Reloading in each hand; nothing played."""
    state = new(4)
    for seat in range(4):
        assert hand(state, seat) == FULL_HAND
        assert player(state, seat)["hand_size"] == 6
        assert player(state, seat)["played"] == []


def test_everyone_starts_alive_with_no_dollars() -> None:
    """R3, R5: every duel card on its living side; the dollars are all in the bank."""
    state = new(3)
    assert alive(state) == [True, True, True]
    assert dollars(state) == [0, 0, 0]
    assert state.view(None)["duel"] == 1
    assert state.view(None)["shootout"] == 1
    assert state.view(None)["target"] == 5


def test_first_master_is_chosen_by_the_seeded_generator() -> None:
    """R6, R27: the first master is a seat drawn at random; the same seed draws the same."""
    masters = [new(3, seed=seed).view(None)["master"] for seed in range(100)]
    assert set(masters) == {0, 1, 2}
    assert masters == [new(3, seed=seed).view(None)["master"] for seed in range(100)]


def test_master_is_shown_to_every_viewer() -> None:
    """R27: the master has no effect besides being shown; everyone sees the same master."""
    state = new(4, seed=5)
    master = state.view(None)["master"]
    assert master in range(4)
    assert [state.view(seat)["master"] for seat in range(4)] == [master] * 4


# ---------------------------------------------------------------- shootout
def test_every_living_player_owes_one_card() -> None:
    """R7, R28: each living player picks one card from his hand; there is no pass."""
    state = new(3)
    assert state.pending == frozenset({0, 1, 2})
    assert [str(a) for a in state.legal(0)] == [
        "colt",
        "colt>1",
        "colt>2",
        "rifle",
        "rifle>1",
        "rifle>2",
        "barricade",
        "reload",
    ]
    assert "pass" not in [str(a) for a in state.legal(0)]


def test_played_card_stays_concealed_until_everyone_has_played() -> None:
    """R7, R10: a card lies concealed until all have played, then all are revealed."""
    state = new(2)
    state.act(0, "rifle>1")
    other = state.view(1)
    assert other["players"][0]["played"] == []
    assert other["players"][0]["hand_size"] == 6
    assert "choice" not in other
    assert other["committed"] == [0]
    assert other["pending"] == [1]
    assert state.view(0)["choice"] == "rifle>1"
    state.act(1, "colt")
    reveal = last_event(state, "reveal")
    assert reveal["choices"] == [
        {"seat": 0, "card": "rifle", "target": 1},
        {"seat": 1, "card": "colt", "target": None},
    ]
    assert player(state, 0)["played"] == ["rifle"]
    assert player(state, 1)["played"] == ["colt"]


def test_players_aim_at_any_other_living_player_or_at_no_one() -> None:
    """R8, R29: a Colt or Rifle aims at another living player or at no one."""
    state = new(3)
    legal = [str(a) for a in state.legal(1)]
    assert {"colt", "colt>0", "colt>2", "rifle", "rifle>0", "rifle>2"} <= set(legal)
    assert "colt>1" not in legal
    assert "rifle>1" not in legal


def test_barricade_and_reload_take_no_target() -> None:
    """R29: only a Colt or a Rifle makes an attack."""
    legal = [str(a) for a in new(3).legal(0)]
    assert [n for n in legal if n.startswith(("barricade", "reload"))] == ["barricade", "reload"]


def test_dead_player_cannot_be_aimed_at() -> None:
    """R29: after seat 2 falls, no one may aim at it."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    assert alive(state) == [True, True, False]
    # seat 0's rifle lies played; seat 2 is no longer a target
    assert [str(a) for a in state.legal(0)] == ["colt", "colt>1", "barricade", "reload"]
    assert [str(a) for a in state.legal(1)] == [
        "colt",
        "colt>0",
        "rifle",
        "rifle>0",
        "barricade",
        "reload",
    ]


def test_master_commands_even_when_he_has_fallen() -> None:
    """R9: the master stays master for the whole duel, even after he is hit."""
    state = new(3, seed=2)
    master = state.view(None)["master"]
    a, b = (seat for seat in range(3) if seat != master)
    shootout(state, {master: "reload", a: f"rifle>{master}", b: "barricade"})
    assert player(state, master)["alive"] is False
    assert state.view(None)["master"] == master
    assert state.pending == frozenset({a, b})
    assert state.view(None)["duel"] == 1


# --------------------------------------------------------- shootout results
def test_reveal_shows_every_card_and_its_aim() -> None:
    """R10: every played card is revealed together with where it was aimed."""
    state = new(3)
    shootout(state, {0: "colt>2", 1: "reload", 2: "barricade"})
    assert last_event(state, "reveal")["choices"] == [
        {"seat": 0, "card": "colt", "target": 2},
        {"seat": 1, "card": "reload", "target": None},
        {"seat": 2, "card": "barricade", "target": None},
    ]


# Hand-worked from the seed's text (deflection "seed") and from the card icons read
# literally ("per-weapon"): does a shot from the first card hit a player who played
# the second (aimed at no one)?
DEFLECTION_TABLE = [
    ("seed", "colt", "colt", False),
    ("seed", "colt", "rifle", False),
    ("seed", "colt", "barricade", False),
    ("seed", "colt", "reload", True),
    ("seed", "rifle", "colt", False),
    ("seed", "rifle", "rifle", False),
    ("seed", "rifle", "barricade", True),
    ("seed", "rifle", "reload", True),
    ("per-weapon", "colt", "colt", False),
    ("per-weapon", "colt", "rifle", True),
    ("per-weapon", "colt", "barricade", False),
    ("per-weapon", "colt", "reload", True),
    ("per-weapon", "rifle", "colt", True),
    ("per-weapon", "rifle", "rifle", False),
    ("per-weapon", "rifle", "barricade", True),
    ("per-weapon", "rifle", "reload", True),
]


@pytest.mark.parametrize(("deflection", "weapon", "defence", "is_hit"), DEFLECTION_TABLE)
def test_deflection_table(deflection: str, weapon: str, defence: str, is_hit: bool) -> None:
    """R11-R16, R30: which played card deflects which weapon, under each reading."""
    state = new(2, deflection=deflection)
    shootout(state, {0: f"{weapon}>1", 1: defence})
    assert hit_last_shootout(state) == ({1} if is_hit else set())
    if is_hit:
        assert dollars(state) == [1, 0]
        assert state.view(None)["duel"] == 2
    else:
        assert dollars(state) == [0, 0]
        assert alive(state) == [True, True]
        assert state.view(None)["shootout"] == 2


def test_colt_does_not_hit_a_barricade() -> None:
    """R14, R17: the barricade holds; it goes back to the hand, the Colt stays played."""
    state = new(2)
    shootout(state, {0: "colt>1", 1: "barricade"})
    assert alive(state) == [True, True]
    assert hand(state, 1) == FULL_HAND
    assert player(state, 1)["played"] == []
    assert player(state, 0)["played"] == ["colt"]
    assert hand(state, 0) == FULL_HAND - Counter({"colt": 1})


def test_rifle_hits_a_barricade_and_the_shooter_wins_the_duel() -> None:
    """R14, R16, R21, R22, R25: a rifle goes through; the last one standing earns $1."""
    state = new(2, seed=4)
    shootout(state, {0: "rifle>1", 1: "barricade"})
    assert hit_last_shootout(state) == {1}
    assert last_event(state, "duel_end")["winner"] == 0
    assert dollars(state) == [1, 0]
    view = state.view(None)
    assert view["master"] == 0
    assert view["duel"] == 2
    assert view["shootout"] == 1
    assert hand(state, 0) == FULL_HAND
    assert hand(state, 1) == FULL_HAND


def test_colt_hits_a_reloading_player() -> None:
    """R15, R16: a reloading player is hit by any attack and turns to his grave side."""
    state = new(3)
    shootout(state, {0: "colt>1", 1: "reload", 2: "barricade"})
    assert alive(state) == [True, False, True]
    assert hit_last_shootout(state) == {1}


def test_rifle_hits_a_reloading_player() -> None:
    """R15: a rifle hits a reloading player too."""
    state = new(3)
    shootout(state, {0: "barricade", 1: "reload", 2: "rifle>1"})
    assert alive(state) == [True, False, True]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("colt>1", "colt>0"),
        ("rifle>1", "rifle>0"),
        ("rifle>1", "colt>0"),
        ("colt>1", "rifle>0"),
        ("rifle>1", "colt"),
        ("colt>1", "rifle"),
    ],
)
def test_shooter_cannot_be_hit_under_the_seed_reading(first: str, second: str) -> None:
    """R13: a player who shoots a gun cannot be hit; neither falls, the duel goes on."""
    state = new(2)
    shootout(state, {0: first, 1: second})
    assert hit_last_shootout(state) == set()
    assert alive(state) == [True, True]
    assert state.view(None)["shootout"] == 2
    assert dollars(state) == [0, 0]


def test_one_barricade_deflects_any_number_of_colt_shots() -> None:
    """R12: an action card deflects any number of attacks of its weapon."""
    state = new(4)
    shootout(state, {0: "colt>3", 1: "colt>3", 2: "colt>3", 3: "barricade"})
    assert alive(state) == [True, True, True, True]
    assert hand(state, 3) == FULL_HAND


def test_a_shooter_deflects_colt_and_rifle_together() -> None:
    """R12, R13: several attacks of both weapons on a shooter all miss."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "colt>2", 2: "colt"})
    assert alive(state) == [True, True, True]


def test_barricade_is_hit_when_one_of_the_attacks_is_a_rifle() -> None:
    """R14, R16: the barricade stops the Colt but not the Rifle beside it."""
    state = new(3)
    shootout(state, {0: "colt>2", 1: "rifle>2", 2: "barricade"})
    assert alive(state) == [True, True, False]


def test_unaimed_shot_hits_no_one() -> None:
    """R29: a Colt aimed at no one is no attack; the reloading player is safe."""
    state = new(2)
    shootout(state, {0: "colt", 1: "reload"})
    assert hit_last_shootout(state) == set()
    assert alive(state) == [True, True]
    assert hand(state, 1) == FULL_HAND


def test_hit_player_turns_to_grave_and_leaves_the_duel() -> None:
    """R4, R16, R20: a hit player is dead, owes nothing and cannot act."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    assert player(state, 2)["alive"] is False
    assert state.pending == frozenset({0, 1})
    assert state.legal(2) == []


# -------------------------------------------------------------- card return
def test_barricade_returns_when_not_hit() -> None:
    """R17: a barricade whose player was not hit goes back to the hand."""
    state = new(2)
    shootout(state, {0: "colt", 1: "barricade"})
    assert hand(state, 1)["barricade"] == 1
    assert player(state, 1)["hand_size"] == 6
    assert "barricade" in [str(a) for a in state.legal(1)]


def test_barricade_stays_played_when_hit() -> None:
    """R17, R19: a hit barricade stays in front of its dead player."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    assert player(state, 2)["played"] == ["barricade"]
    assert player(state, 2)["hand_size"] == 5
    assert player(state, 1)["played"] == []


def test_reload_not_hit_brings_back_every_played_card() -> None:
    """R18: a reloading player who is not hit takes back all his played cards."""
    state = new(2)
    shootout(state, {0: "colt", 1: "barricade"})
    shootout(state, {0: "rifle", 1: "barricade"})
    assert player(state, 0)["played"] == ["colt", "rifle"]
    assert player(state, 0)["hand_size"] == 4
    shootout(state, {0: "reload", 1: "colt"})
    assert player(state, 0)["played"] == []
    assert player(state, 0)["hand_size"] == 6
    assert hand(state, 0) == FULL_HAND
    assert player(state, 1)["played"] == ["colt"]
    assert player(state, 1)["hand_size"] == 5


def test_reload_first_brings_back_the_reloading_card_itself() -> None:
    """R18, R32: the Reloading card is among the played cards that come back."""
    state = new(2)
    shootout(state, {0: "reload", 1: "barricade"})
    assert hand(state, 0) == FULL_HAND
    assert player(state, 0)["played"] == []


def test_reload_hit_leaves_every_card_played() -> None:
    """R18, R19: a reloading player who is hit takes nothing back."""
    state = new(3)
    shootout(state, {0: "colt", 1: "barricade", 2: "barricade"})
    shootout(state, {0: "reload", 1: "colt>0", 2: "barricade"})
    assert player(state, 0)["alive"] is False
    assert player(state, 0)["played"] == ["colt", "reload"]
    assert player(state, 0)["hand_size"] == 4


def test_colt_and_rifle_stay_played() -> None:
    """R19: a played Colt or Rifle stays in front; the player goes on with his hand."""
    state = new(2)
    shootout(state, {0: "rifle", 1: "barricade"})
    assert player(state, 0)["played"] == ["rifle"]
    assert not any(str(a).startswith("rifle") for a in state.legal(0))
    shootout(state, {0: "colt>1", 1: "barricade"})
    assert player(state, 0)["played"] == ["rifle", "colt"]
    assert hand(state, 0) == Counter({"colt": 2, "barricade": 1, "reload": 1})


def test_taking_cards_back_needs_no_decision() -> None:
    """R32: cards come back at once; the next shootout asks only for a card."""
    state = new(2)
    shootout(state, {0: "reload", 1: "barricade"})
    assert state.pending == frozenset({0, 1})
    assert state.view(None)["shootout"] == 2
    assert len(state.legal(0)) == 6


def test_hand_never_runs_out() -> None:
    """R28: after every Colt and the Rifle, a player still holds Barricade and Reloading."""
    state = new(2)
    for card in ("colt", "colt", "colt", "rifle"):
        shootout(state, {0: card, 1: "barricade"})
    assert hand(state, 0) == Counter({"barricade": 1, "reload": 1})
    shootout(state, {0: "barricade", 1: "barricade"})
    assert [str(a) for a in state.legal(0)] == ["barricade", "reload"]
    shootout(state, {0: "reload", 1: "barricade"})
    assert hand(state, 0) == FULL_HAND


def test_random_games_never_leave_a_living_player_without_a_card() -> None:
    """R28: in whole random games, every living player always has a card to play."""
    for seed in range(20):
        rng = random.Random(seed)
        state = new(rng.randint(2, 5), seed=seed, target=2)
        while not state.is_over:
            view = state.view(None)
            living = {p["seat"] for p in view["players"] if p["alive"]}
            assert state.pending == living
            for seat in sorted(state.pending):
                assert view["players"][seat]["hand_size"] > 0
                state.act(seat, rng.choice(state.legal(seat)))


# ---------------------------------------------------------- duel continues
def test_duel_continues_while_more_than_one_player_is_alive() -> None:
    """R20: the living players begin a new shootout; the dead one sits out."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    view = state.view(None)
    assert view["duel"] == 1
    assert view["shootout"] == 2
    assert state.pending == frozenset({0, 1})
    assert dollars(state) == [0, 0, 0]


def test_shootout_without_hits_continues_the_duel() -> None:
    """R20: nobody hit, everyone shoots again."""
    state = new(2)
    shootout(state, {0: "barricade", 1: "barricade"})
    assert state.view(None)["shootout"] == 2
    assert state.pending == frozenset({0, 1})


# -------------------------------------------------------------- duel ends
def test_three_player_duel_ends_with_the_last_one_standing() -> None:
    """R21, R22, R24, R25: two shootouts, two falls; the survivor earns $1 and commands."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    shootout(state, {0: "colt>1", 1: "reload"})
    assert hit_last_shootout(state) == {1}
    assert last_event(state, "duel_end")["winner"] == 0
    assert dollars(state) == [1, 0, 0]
    view = state.view(None)
    assert view["master"] == 0
    assert view["duel"] == 2
    assert view["shootout"] == 1
    assert alive(state) == [True, True, True]
    for seat in range(3):
        assert hand(state, seat) == FULL_HAND
        assert player(state, seat)["played"] == []
    assert state.pending == frozenset({0, 1, 2})


def test_salary_is_one_dollar_per_duel_won() -> None:
    """R22, R36: each duel won adds $1 to the winner's count."""
    state = new(2)
    for won in (1, 2, 3):
        shootout(state, {0: "rifle>1", 1: "reload"})
        assert dollars(state) == [won, 0]
    shootout(state, {0: "reload", 1: "colt>0"})
    assert dollars(state) == [3, 1]
    assert not state.is_over


# --------------------------------------------------------------- new duel
def test_new_duel_begins_when_no_one_has_the_target() -> None:
    """R23: $1 is short of $5, so a new duel begins."""
    state = new(2)
    shootout(state, {0: "rifle>1", 1: "barricade"})
    assert not state.is_over
    assert state.view(None)["over"] is False
    assert state.view(None)["duel"] == 2


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_winner_becomes_the_next_master(seed: int) -> None:
    """R25: whoever wins a duel commands the next one."""
    state = new(2, seed=seed)
    master = state.view(None)["master"]
    other = 1 - master
    shootout(state, {other: f"rifle>{master}", master: "barricade"})
    assert state.view(None)["master"] == other
    shootout(state, {master: f"rifle>{other}", other: "reload"})
    assert state.view(None)["master"] == master


def test_new_duel_restores_full_hands_and_lives() -> None:
    """R24, R38: full hands, living side up, nothing lies played."""
    state = new(3)
    shootout(state, {0: "colt", 1: "rifle", 2: "barricade"})
    shootout(state, {0: "colt>2", 1: "colt", 2: "reload"})
    assert alive(state) == [True, True, False]
    shootout(state, {0: "rifle>1", 1: "reload"})
    assert dollars(state) == [1, 0, 0]
    assert alive(state) == [True, True, True]
    for seat in range(3):
        assert hand(state, seat) == FULL_HAND
        assert player(state, seat)["played"] == []
        assert player(state, seat)["hand_size"] == 6


# --------------------------------------------------------------- game end
def test_reaching_the_target_ends_the_game() -> None:
    """R26, R37: with target 1 the first duel won wins the game."""
    state = new(2, target=1)
    shootout(state, {0: "rifle>1", 1: "barricade"})
    assert state.is_over
    assert state.result is not None
    assert state.result.winners == frozenset({0})
    assert state.result.scores == (1, 0)
    assert state.pending == frozenset()
    assert state.legal(0) == []
    view = state.view(None)
    assert view["over"] is True
    assert view["result"]["winners"] == [0]
    assert view["result"]["outcomes"] == ["win", "loss"]


def test_default_target_is_five_dollars() -> None:
    """R26, R37: four wins are not enough, the fifth ends the game."""
    state = new(3)
    for _ in range(4):
        shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
        shootout(state, {0: "colt>1", 1: "reload"})
    assert dollars(state) == [4, 0, 0]
    assert not state.is_over
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    shootout(state, {0: "colt>1", 1: "reload"})
    assert state.is_over
    assert state.result.winners == frozenset({0})
    assert state.result.scores == (5, 0, 0)


def test_target_two_is_reached_by_the_second_win() -> None:
    """R37: the game ends at the end of the duel in which a player reaches the target."""
    state = new(2, target=2)
    shootout(state, {0: "barricade", 1: "rifle>0"})
    assert not state.is_over
    shootout(state, {0: "rifle>1", 1: "reload"})
    assert not state.is_over
    shootout(state, {0: "reload", 1: "colt>0"})
    assert state.is_over
    assert state.result.winners == frozenset({1})
    assert state.result.scores == (1, 2)


# ------------------------------------------------------------------ rulings
@pytest.mark.parametrize("deflection", ["seed", "per-weapon"])
def test_colt_against_colt_hits_no_one(deflection: str) -> None:
    """R30: two Colts fired at each other: a Colt card deflects a Colt in both readings."""
    state = new(2, deflection=deflection)
    shootout(state, {0: "colt>1", 1: "colt>0"})
    assert alive(state) == [True, True]
    assert state.view(None)["shootout"] == 2


def test_per_weapon_rifle_hits_a_colt_player() -> None:
    """R30: read per weapon, a Colt card does not deflect a rifle."""
    state = new(3, deflection="per-weapon")
    shootout(state, {0: "rifle>1", 1: "colt", 2: "barricade"})
    assert alive(state) == [True, False, True]


def test_per_weapon_colt_hits_a_rifle_player() -> None:
    """R30: read per weapon, a Rifle card does not deflect a Colt."""
    state = new(3, deflection="per-weapon")
    shootout(state, {0: "colt>1", 1: "rifle", 2: "barricade"})
    assert alive(state) == [True, False, True]


def test_hits_are_simultaneous() -> None:
    """R31: seat 1 is hit, yet its rifle still hits seat 2 in the same shootout."""
    state = new(3, deflection="per-weapon")
    shootout(state, {0: "colt>1", 1: "rifle>2", 2: "barricade"})
    assert hit_last_shootout(state) == {1, 2}
    assert last_event(state, "duel_end")["winner"] == 0
    assert dollars(state) == [1, 0, 0]


def test_everyone_hit_ends_the_duel_without_a_winner() -> None:
    """R31, R33: Rifle and Colt crossing under per-weapon: both fall, no one earns."""
    state = new(2, seed=6, deflection="per-weapon")
    master = state.view(None)["master"]
    shootout(state, {0: "rifle>1", 1: "colt>0"})
    assert hit_last_shootout(state) == {0, 1}
    assert last_event(state, "duel_end")["winner"] is None
    assert dollars(state) == [0, 0]
    view = state.view(None)
    assert view["duel"] == 2
    assert view["master"] == master
    assert alive(state) == [True, True]
    assert hand(state, 0) == FULL_HAND


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seed_reading_always_leaves_a_survivor(players: int) -> None:
    """R33: under "seed" a shooter cannot be hit, so a shootout never kills everyone.

    Every combination of first cards and aims is tried; the first shootout offers
    every card, and whether a player is hit depends only on the cards and aims.
    """
    start = new(players)
    options = [[str(a) for a in start.legal(seat)] for seat in range(players)]
    for plays in itertools.product(*options):
        state = start.clone()
        shootout(state, dict(enumerate(plays)))
        assert len(hit_last_shootout(state)) < players, plays


def test_shootout_limit_ends_the_duel_without_a_winner() -> None:
    """R34: with shootout_limit 1, a shootout without a fall ends the duel; no one earns."""
    state = new(2, seed=8, shootout_limit=1)
    master = state.view(None)["master"]
    shootout(state, {0: "colt", 1: "barricade"})
    assert last_event(state, "duel_end")["winner"] is None
    view = state.view(None)
    assert view["duel"] == 2
    assert view["shootout"] == 1
    assert view["master"] == master
    assert dollars(state) == [0, 0]
    assert hand(state, 0) == FULL_HAND
    assert player(state, 0)["played"] == []


def test_default_shootout_limit_is_thirty() -> None:
    """R34: 29 shootouts behind barricades leave duel 1 going; the 30th ends it."""
    state = new(2)
    for _ in range(29):
        shootout(state, {0: "barricade", 1: "barricade"})
    assert state.view(None)["duel"] == 1
    assert state.view(None)["shootout"] == 30
    shootout(state, {0: "barricade", 1: "barricade"})
    assert state.view(None)["duel"] == 2
    assert dollars(state) == [0, 0]


def test_duel_limit_makes_the_richest_win() -> None:
    """R35: target out of reach, duel_limit 3: after three duels the richest wins alone."""
    state = new(3, target=20, duel_limit=3)
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    shootout(state, {0: "colt>2", 2: "reload"})
    assert dollars(state) == [1, 0, 0]
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    shootout(state, {0: "barricade", 2: "rifle>0"})
    assert dollars(state) == [1, 0, 1]
    assert not state.is_over
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    shootout(state, {0: "colt>2", 2: "reload"})
    assert state.is_over
    assert state.result.winners == frozenset({0})
    assert state.result.scores == (2, 0, 1)
    assert state.result.outcomes == ("win", "loss", "loss")


def test_duel_limit_tie_shares_the_win() -> None:
    """R35: two players with $1 each after the last duel both win."""
    state = new(2, target=5, duel_limit=2)
    shootout(state, {0: "rifle>1", 1: "barricade"})
    shootout(state, {0: "barricade", 1: "rifle>0"})
    assert state.is_over
    assert state.result.winners == frozenset({0, 1})
    assert state.result.scores == (1, 1)


def test_duel_limit_without_dollars_has_no_winner() -> None:
    """R34, R35: one duel, no winner of it: the game ends and no one wins."""
    state = new(2, duel_limit=1, shootout_limit=1)
    shootout(state, {0: "barricade", 1: "barricade"})
    assert state.is_over
    assert state.result.winners == frozenset()
    assert state.result.outcomes == ("draw", "draw")


def test_endless_barricades_still_end_the_game() -> None:
    """R34, R35: with the default limits, hiding forever ends after 100 duels of 30."""
    state = new(2)
    shootouts = 0
    while not state.is_over:
        shootout(state, {0: "barricade", 1: "barricade"})
        shootouts += 1
    assert shootouts == 100 * 30
    assert state.result.winners == frozenset()
    assert state.view(None)["duel"] == 100


# ---------------------------------------------------------------- notation
@pytest.mark.parametrize(
    ("text", "recorded"),
    [
        ("colt>1", "colt>1"),
        ("COLT > 1", "colt>1"),
        ("  Rifle>1 ", "rifle>1"),
        ("colt", "colt"),
        ("rifle", "rifle"),
        ("barricade", "barricade"),
        ("reload", "reload"),
        ("reloading", "reload"),
        ("Reloading", "reload"),
    ],
)
def test_notation_is_read_and_recorded_in_its_short_form(text: str, recorded: str) -> None:
    """Notation: case-insensitive, spaces around '>' allowed, 'reloading' means reload."""
    state = new(2)
    state.act(0, text)
    assert state.view(0)["choice"] == recorded
    assert state.record["moves"] == [[0, recorded]]


def test_legal_actions_are_accepted_as_actions_and_as_text() -> None:
    """Notation: str(action) is its notation, and both forms are accepted."""
    state = new(2)
    actions = state.legal(0)
    state.act(0, actions[1])
    state.act(1, str(state.legal(1)[1]))
    assert state.record["moves"] == [[0, "colt>1"], [1, "colt>0"]]


def test_replay_rebuilds_the_same_play() -> None:
    """A record replays to a state every seat sees identically."""
    state = new(3, seed=11, target=2)
    rng = random.Random(11)
    for _ in range(25):
        if state.is_over:
            break
        for seat in sorted(state.pending):
            state.act(seat, rng.choice(state.legal(seat)))
    if state.pending:  # stop halfway through a shootout: one seat has committed
        seat = min(state.pending)
        state.act(seat, state.legal(seat)[0])
    again = plunder.replay(state.record)
    for seat in (0, 1, 2, None):
        assert again.view(seat) == state.view(seat)
    assert again.pending == state.pending
