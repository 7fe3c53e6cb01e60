"""Rum & Bones: Clash Royale!, every player for themselves (R73-R84 of
docs/rules/rumbones.md).

The arena (``clash.toml``)::

       a b c d e f g h i
    1  ~ W W W ~ V V V ~      @: deployment points b1 h1 b6 h6 b11 h11 (anyone's)
    2  ~ W W W = V V V ~      deck features: c2 Foremast, g2 Helm, e5 Mainmast,
    3  ~ W W W ~ V V V ~      c10 Powder Magazine, g10 Mainmast
    4  ~ ~ = ~ ~ ~ = ~ ~      the Captain's Chest: e6
    5  ~ G G G G G G G ~
    6  ~ G G G G G G G ~
    7  ~ G G G G G G G ~
    8  ~ ~ = ~ ~ ~ = ~ ~
    9  ~ M M M M M M M ~
    10 ~ M M M M M M M ~
    11 ~ M M M M M M M ~

Heroes of ``HEROES`` (3 players, 2 each): seat 0 heroes 0 Carcharius (Jaws:
range 1, 3 dice, 4+) and 1 Calavera; seat 1 heroes 2 Ishmael (12 HP with his
Leviathan) and 3 Demarco; seat 2 heroes 4 Nerissa and 5 Hueso.
"""

from __future__ import annotations

import random

import pytest

import plunder
from plunder.engine import IllegalAction, OptionError
from rumbones.kit import legal, place, rolls_for

HEROES = "carcharius,calavera;ishmael,demarco;nerissa,hueso"


def clash(players: int = 3, heroes: str = HEROES, seed: int = 1, **options: object):
    return plunder.load("rumbones", mode="clash", players=players, heroes=heroes,
                        **options).new(seed=seed)


def turn(state, seat: int):
    """Give ``seat`` its turn, the others after it this round."""
    seats = len(state.seating.sides)
    state.side = seat
    state.queue = [(seat + i) % seats for i in range(1, seats)]
    state._ask_turn()
    state._open_step()
    return state


# ------------------------------------------------------------------ R73 each for themselves
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r73_every_player_is_a_side_of_their_own(players: int) -> None:
    game = plunder.load("rumbones", mode="clash", players=players)
    assert [sorted(t) for t in game.teams()] == [[s] for s in range(players)]
    assert game.utility() == "constant-sum"
    with pytest.raises(OptionError, match="3 to 6"):
        plunder.load("rumbones", mode="clash", players=2)


def test_r73_every_other_players_hero_is_an_enemy() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c6")
    place(state, 2, "c7")  # seat 1's Ishmael
    place(state, 4, "d6")  # seat 2's Nerissa
    state.act(0, "hero:0")
    assert {"attack:jaws>c7", "attack:jaws>d6"} <= set(legal(state, 0))


# ------------------------------------------------------------------ R74 heroes, no crew
def test_r74_one_or_two_heroes_each_from_any_faction_and_nothing_else() -> None:
    state = plunder.load("rumbones", mode="clash", players=4, heroes_each=1).new(seed=2)
    offered = {str(a)[5:] for a in state.legal(0)}
    assert offered == set(plunder.load("rumbones").catalogue()["heroes"])
    while state.decision.kind == "pick":
        seat = min(state.pending)
        state.act(seat, legal(state, seat)[0])
    view = state.view(None, log=False)
    assert [h["side"] for h in view["heroes"]] == [0, 1, 2, 3]
    assert view["crew"] == [[], [], [], []] and view["reserve"] == [[0, 0]] * 4
    assert view["hand_sizes"] == [0] * 4 and view["objectives"] == [{}] * 4
    assert all(not view["decks"][s] for s in range(4))


# ------------------------------------------------------------------ R75 the first player
def test_r75_the_highest_of_two_dice_goes_first_then_to_the_left() -> None:
    state = clash(players=4, heroes="carcharius;calavera;ishmael;demarco", heroes_each=1,
                  seed=4)
    rolls = [e for e in state.events(None) if e["type"] == "roll"]
    assert rolls and all(len(e["dice"]) == 2 for e in rolls)
    first = state.view(None, log=False)["first"]
    # The last round of rolls is the tied highest rolling again, or everyone's.
    last = rolls[-len({e["seat"] for e in rolls[-4:]}):]
    totals = {e["seat"]: sum(e["dice"]) for e in last}
    assert totals[first] == max(totals.values())
    order = []
    for _ in range(4):
        (seat,) = state.pending
        order.append(seat)
        state.act(seat, legal(state, seat)[0])  # activate its hero
        state.act(seat, legal(state, seat)[0])  # deploy it
        state.act(seat, "end")
    assert order == [(first + i) % 4 for i in range(4)]


# ------------------------------------------------------------------ R76 lives
@pytest.mark.parametrize("lives", [2, 5])
def test_r76_each_hero_has_the_lives_the_table_chose_shown_on_it(lives: int) -> None:
    view = clash(lives=lives).view(1, log=False)
    assert [h["lives"] for h in view["heroes"]] == [lives] * 6
    for wrong in (1, 6):
        with pytest.raises(OptionError):
            plunder.load("rumbones", mode="clash", players=3, lives=wrong)


# ------------------------------------------------------------------ R77 anywhere
def test_r77_a_hero_deploys_on_any_deployment_point_even_with_enemies() -> None:
    state = turn(clash(), 0)
    place(state, 2, "b6")
    state.act(0, "hero:0")
    assert sorted(legal(state, 0)) == sorted(
        f"deploy>{z}" for z in ("b1", "h1", "b6", "h6", "b11", "h11"))
    state.act(0, "deploy>b6")
    assert "attack:jaws>b6" in legal(state, 0)


def test_r77_heroes_move_through_and_end_in_zones_with_enemies() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c6")
    place(state, 2, "d6")
    place(state, 4, "e6")
    state.act(0, "hero:0")
    state.act(0, "move")
    assert "step>d6" in legal(state, 0)
    state.act(0, "step>d6")
    assert "step>e6" in legal(state, 0) and "stop" in legal(state, 0)
    state.act(0, "step>e6")
    assert state.heroes[0].zone == "e6"


# ------------------------------------------------------------------ R78 turns
def test_r78_a_turn_is_one_heros_activation_and_a_hero_may_act_every_turn() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c6")
    state.act(0, "hero:0")
    state.act(0, "end")
    assert state.pending == {1}
    for seat in (1, 2):
        state.act(seat, f"hero:{2 * seat}")
        state.act(seat, legal(state, seat)[0])
        state.act(seat, "end")
    # A new round: seat 0 again, and Carcharius may act again.
    assert state.pending == {0} and "hero:0" in legal(state, 0)


def test_r78_a_player_with_no_hero_left_is_skipped() -> None:
    state = turn(clash(), 0)
    state.lives[2] = state.lives[3] = 0  # seat 1 is out
    place(state, 0, "c6")
    state.act(0, "hero:0")
    state.act(0, "end")
    assert state.pending == {2}


# ------------------------------------------------------------------ R79 KOs and lives
def test_r79_a_ko_costs_a_life_and_three_coins_go_to_the_hero_that_made_it() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c6")
    place(state, 3, "c7")  # Demarco, 6 HP
    state.heroes[3].damage = 5
    state.act(0, "hero:0")
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c7")
    view = state.view(None, log=False)
    demarco = view["heroes"][3]
    assert demarco["lives"] == 2 and demarco["zone"] is None and demarco["coin"] is None
    assert demarco["damage"] == 0
    assert view["heroes"][0]["coins"] == 3 and view["vp"] == [0, 0, 0]
    # Its player may deploy it again on its next turn.
    state.act(0, "end")
    assert "hero:3" in legal(state, 1)


@pytest.mark.parametrize(("bleed_ko", "coins"), [("bleeder", 3), ("anything_else", 0)])
def test_r79_a_hero_that_bleeds_to_death_is_kod_by_the_hero_that_made_it_bleed(
        bleed_ko: str, coins: int) -> None:
    state = turn(clash(bleed_ko=bleed_ko), 0)
    place(state, 0, "c6")
    state.heroes[0].unlocked.append("blood_frenzy")
    place(state, 3, "c7")  # Demarco, 6 HP
    state.heroes[3].damage = 4
    state.act(0, "hero:0")
    rolls_for(state, 6, 1, 1, 1)
    state.act(0, "attack:blood_frenzy>c7")
    state.act(0, "end")
    assert state.view(None, log=False)["heroes"][3]["conditions"] == ["bleed"]
    turn(state, 1)
    for move in ("hero:3", "move", "stop"):  # the action's bleed KOs him
        state.act(1, move)
    view = state.view(None, log=False)
    assert (view["heroes"][3]["lives"], view["heroes"][3]["zone"]) == (2, None)
    assert view["heroes"][0]["coins"] == coins


def test_r79_a_hero_ko_d_on_its_last_life_is_out_of_the_game() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c6")
    place(state, 3, "c7")
    state.heroes[3].damage, state.lives[3] = 5, 1
    state.act(0, "hero:0")
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c7")
    assert state.view(None, log=False)["heroes"][3]["lives"] == 0
    state.act(0, "end")
    assert legal(state, 1) == ["hero:2"]


# ------------------------------------------------------------------ R80 deck features
def test_r80_damage_to_a_deck_feature_gives_a_coin_a_point_and_no_vp() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c3")
    state.act(0, "hero:0")
    assert "attack:jaws>c2" in legal(state, 0)
    rolls_for(state, 6, 6, 1)
    state.act(0, "attack:jaws>c2")
    assert state.heroes[0].coins == 2
    assert state.view(None, log=False)["features"]["c2"]["damage"] == 2
    state.features["c2"].damage = 5  # one point left of the Foremast's 6
    rolls_for(state, 6, 6, 6)
    state.act(0, "attack:jaws>c2")
    view = state.view(None, log=False)
    assert "c2" not in view["features"] and state.heroes[0].coins == 3  # one point was left
    assert view["vp"] == [0, 0, 0]


def test_r80_a_destroyed_feature_does_nothing_more() -> None:
    state = turn(clash(), 0)
    place(state, 0, "c10")  # Carcharius stands by the Powder Magazine: a blast in a battle
    state.features["c10"].damage = 4  # one point of its 5 left
    state.act(0, "hero:0")
    assert "attack:jaws>c10" in legal(state, 0)  # its own zone (R16)
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c10")
    view = state.view(None, log=False)
    assert "c10" not in view["features"]
    assert state.heroes[0].damage == 0 and state.heroes[0].coins == 1 and view["vp"] == [0, 0, 0]


def test_r80_the_captains_chest_is_never_a_target() -> None:
    state = turn(clash(), 0)
    place(state, 0, "e6")
    state.act(0, "hero:0")
    assert not [a for a in legal(state, 0) if a.endswith(">e6")]


# ------------------------------------------------------------------ R81 the Chest
def test_r81_an_action_on_the_chest_gives_three_coins() -> None:
    state = turn(clash(), 0)
    place(state, 0, "e6")
    state.act(0, "hero:0")
    state.act(0, "loot")
    assert state.heroes[0].coins == 3 and state.activation.left == 2
    state.act(0, "loot")
    assert state.heroes[0].coins == 6
    place(state, 1, "d6")
    state.act(0, "end")
    state.act(1, "hero:2")
    state.act(1, legal(state, 1)[0])
    assert "loot" not in legal(state, 1)


# ------------------------------------------------------------------ R82 seizing the Chest
def test_r82_a_hero_next_to_the_chest_that_kos_the_hero_on_it_may_step_onto_it() -> None:
    state = turn(clash(), 0)
    place(state, 0, "d6")
    place(state, 3, "e6")
    state.heroes[3].damage = 5
    state.act(0, "hero:0")
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>e6")
    frame = state.view(None, log=False)["decision"]
    assert frame["kind"] == "seize" and frame["seats"] == [0] and frame["hero"] == 0
    assert legal(state, 0) == ["seize", "keep"]
    state.act(0, "seize")
    assert state.heroes[0].zone == "e6" and state.activation.left == 2  # free: no action spent
    assert state.decision.kind == "act"


def test_r82_no_free_move_from_further_away_or_for_a_ko_elsewhere() -> None:
    state = turn(clash(), 0)
    place(state, 1, "c6")  # Calavera: Rapier and Pistol, range 2
    place(state, 3, "e6")
    state.heroes[3].damage = 5
    state.act(0, "hero:1")
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:rapier_and_pistol>e6")
    assert state.decision.kind == "act"
    with pytest.raises(IllegalAction):
        state.act(0, "seize")


# ------------------------------------------------------------------ R83, R84 the end
def test_r83_the_last_player_with_heroes_wins() -> None:
    state = turn(clash(), 0)
    for hero in (2, 3, 5):
        state.lives[hero] = 0
    state.lives[4] = 1
    place(state, 0, "c6")
    place(state, 4, "c7")
    state.heroes[4].damage = 5  # Nerissa, 6 HP
    state.act(0, "hero:0")
    rolls_for(state, 6, 1, 1)
    state.act(0, "attack:jaws>c7")
    assert state.is_over and state.result.winners == {0}
    assert state.result.returns() == (1.0, 0.0, 0.0)


def test_r84_at_the_round_limit_no_one_wins() -> None:
    state = clash(clash_rounds=1)
    for _ in range(3):
        (seat,) = state.pending
        state.act(seat, legal(state, seat)[0])
        state.act(seat, legal(state, seat)[0])
        state.act(seat, "end")
    assert state.is_over and state.result.winners == frozenset()
    assert state.result.returns() == pytest.approx((1 / 3, 1 / 3, 1 / 3))


@pytest.mark.parametrize("players", [3, 6])
def test_random_clashes_end_and_replay(players: int) -> None:
    state = plunder.load("rumbones", mode="clash", players=players, clash_rounds=4).new(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        seat = rng.choice(sorted(state.pending))
        state.act(seat, rng.choice(state.legal(seat)))
    assert plunder.replay(state.record).view(None) == state.view(None)


def test_the_clash_observation_and_action_space_are_as_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "rumbones.md").read_text()
    game = plunder.load("rumbones", mode="clash", players=4)
    assert game.observation_shape() == (586,) and "586 values" in doc
    assert len(game.action_space()) == 3183 and "3,183 actions" in doc
    layout = [row["name"] for row in game.encoder().describe()]
    assert layout == ["viewer", "zones", "heroes", "players", "round", "turn", "decision",
                      "action", "pending", "over"]
    # Three players with two heroes each: a seat, a hero's 20 values and a pending
    # seat fewer.
    assert clash().observation(0).shape == (586 - 1 - 40 - 1 - 1,)
