"""Rum & Bones' skills, conditions, reactions, re-rolls and pushes (R15, R18, R42-R47).

Heroes of ``kit.HEROES``: 0 Carcharius, 1 Ishmael, 2 Nerissa (Lords); 3 Calavera,
4 Demarco, 5 Hueso (Marea). Their skills are in ``heroes.toml``; the ones used
here: Blood Frenzy (Carcharius: bleed), Harpoon (Ishmael: range 3, push 1), Brace
(Ishmael: heal 2), Leviathan (Ishmael: tough 2, steady), Slip Away (Nerissa: dash
2), Broadside Order (Calavera: range 3, stun), Spectral Step (Calavera: parry 1),
Duellist's Riposte (Demarco: riposte 2), Bone Wall (Hueso: parry 2).
"""

from __future__ import annotations

import pytest

from plunder.engine import IllegalAction
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.pieces import Reserve
from plunder.games.rumbones.rules import BonesState
from rumbones import kit
from rumbones.kit import activate, crew, decision, empty, legal, place, play, rolls_for

GUNNERS = "barnacle,molly,oona;calavera,demarco,polvora"


def unlock(state, hero: int, skill: str) -> None:  # type: ignore[no-untyped-def]
    state.heroes[hero].unlocked.append(skill)
    state._legal_cache.clear()


# ------------------------------------------------------------------ unlocking, levels
def test_r42_the_basic_attack_and_the_passive_are_there_from_the_start() -> None:
    state = empty()
    skills = state.view(None, log=False)["heroes"][1]["skills"]
    assert skills == {"anchor_swing": 1, "leviathan": 1}
    # Leviathan (tough 2) raises Ishmael's 12 HP to 14 from the start.
    assert state.view(None, log=False)["heroes"][1]["hp_max"] == 14


def test_r42_r43_skills_are_unlocked_and_levelled_with_coins_at_no_cost_in_actions() -> None:
    state = empty()
    state.heroes[0].coins = 5
    activate(state, 0, deploy="e1")
    assert {"unlock:blood_frenzy", "unlock:call_of_the_deep", "unlock:shark_skin"} <= set(
        legal(state, 0))
    play(state, 0, "unlock:blood_frenzy")
    view = state.view(None, log=False)
    assert view["heroes"][0]["coins"] == 2 and "blood_frenzy" in view["heroes"][0]["skills"]
    assert decision(state)["left"] == 3  # no action spent
    assert "unlock:call_of_the_deep" in legal(state, 0)  # 2 coins left: still affordable
    assert "level:blood_frenzy" not in legal(state, 0)  # levelling costs 4
    state.heroes[0].coins = 4
    state._legal_cache.clear()
    play(state, 0, "level:blood_frenzy")
    assert state.view(None, log=False)["heroes"][0]["skills"]["blood_frenzy"] == 2


def test_r43_after_its_third_action_a_hero_may_still_unlock_while_its_activation_lasts() -> None:
    state = empty()
    activate(state, 0, deploy="e1")
    play(state, 0, "move", "stop", "move", "stop")
    state.heroes[0].coins = 3
    play(state, 0, "move", "stop")
    # Three actions made; the activation waits, offering only what costs no action.
    assert decision(state)["kind"] == "act" and decision(state)["left"] == 0
    assert "move" not in legal(state, 0) and "end" in legal(state, 0)
    play(state, 0, "unlock:blood_frenzy")
    assert decision(state)["kind"] == "turn"  # nothing left to buy: the activation ends


def test_r15_an_attack_skill_is_used_once_an_activation_the_basic_attack_any_number() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    crew(state, 0, "c4", deckhands=6)
    unlock(state, 3, "broadside_order")
    activate(state, 3)
    play(state, 1, "attack:broadside_order>c4")
    assert not [a for a in legal(state, 1) if a.startswith("attack:broadside_order")]
    assert "attack:rapier_and_pistol>c4" in legal(state, 1)
    play(state, 1, "attack:rapier_and_pistol>c4")
    assert "attack:rapier_and_pistol>c4" in legal(state, 1)


def test_r44_an_ability_is_an_action_once_an_activation() -> None:
    state = empty()
    place(state, 1, "e2")
    state.heroes[1].damage = 5
    unlock(state, 1, "brace")
    activate(state, 1)
    play(state, 0, "use:brace")
    view = state.view(None, log=False)
    assert view["heroes"][1]["damage"] == 3 and decision(state)["left"] == 2
    assert "use:brace" not in legal(state, 0)


def test_r44_a_dash_gives_movement_points_of_its_own() -> None:
    state = empty()
    place(state, 2, "e2")
    unlock(state, 2, "slip_away")
    activate(state, 2)
    play(state, 0, "use:slip_away")
    assert decision(state) == {"kind": "move", "seats": [0], "hero": 2, "mp": 2}
    play(state, 0, "step>e3", "step>f3")
    assert decision(state)["kind"] == "act" and decision(state)["left"] == 2


# ------------------------------------------------------------------ passives
@pytest.mark.parametrize("further", [1, 2])
def test_r44_deadeye_reaches_a_zone_further(further: int) -> None:
    state = kit.empty(heroes=GUNNERS)
    # Old Barnacle: Coral Blunderbuss (its range from the content), Deadeye +1.
    reach = CONTENT.skills["coral_blunderbuss"].level1.range
    place(state, 0, "c3")
    place(state, 3, f"c{3 + reach + further}")  # down the c file: one zone a row
    activate(state, 0)
    shot = f"attack:coral_blunderbuss>c{3 + reach + further}"
    assert (shot in legal(state, 0)) == (further == 1)


def test_r44_bosun_bond_lets_crew_hit_as_if_a_bosun_were_with_them() -> None:
    state = kit.empty(heroes=GUNNERS)
    state.reserve[0] = Reserve(0, 0)
    place(state, 2, "c4")  # Oona: Bosun Bond
    crew(state, 0, "c4", deckhands=1)
    crew(state, 1, "c5", deckhands=1)
    since = state.event_count(None)
    play(state, 0, "crew", "first:crew")
    rolls = [e for e in state.events(None, since) if e["type"] == "roll"]
    assert rolls and rolls[0]["to_hit"] == 3


def test_r44_first_mate_adds_to_crew_rolls_from_the_heroes_zone() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    place(state, 0, "c4")  # Carcharius: Lord of the Deep (first mate 1)
    crew(state, 0, "c4", deckhands=1)
    crew(state, 1, "c5", deckhands=1)
    since = state.event_count(None)
    play(state, 0, "crew", "first:crew")
    rolls = [e for e in state.events(None, since) if e["type"] == "roll"]
    assert rolls and rolls[0]["modifier"] == 1


# ------------------------------------------------------------------ reactions
def test_r45_a_defender_with_a_reaction_ready_answers_the_hits_in_a_window() -> None:
    state = empty()
    place(state, 3, "c5")  # Calavera: Spectral Step (parry 1)
    unlock(state, 3, "spectral_step")
    place(state, 0, "c4")
    activate(state, 0)
    rolls_for(state, 6, 6, 6)
    play(state, 0, "attack:jaws>c5")
    frame = decision(state)
    assert (frame["kind"], frame["window"], frame["seats"]) == ("hits", True, [1])
    assert legal(state, 1) == ["pass", "react:spectral_step"]
    play(state, 1, "react:spectral_step")
    # Parry 1: two hits of three land; the window opens again, with nothing left to play.
    view = state.view(None, log=False)
    assert view["heroes"][3]["damage"] == 2
    assert view["heroes"][3]["spent"] == ["spectral_step"]


def test_r45_the_window_is_offered_whatever_the_defender_holds_by_public_facts_only() -> None:
    state = empty()
    place(state, 3, "c5")  # no reaction unlocked: no window at all
    place(state, 0, "c4")
    activate(state, 0)
    rolls_for(state, 6, 6, 6)
    play(state, 0, "attack:jaws>c5")
    assert decision(state)["kind"] == "act"


def test_r45_a_riposte_strikes_back_at_an_attacker_next_to_it() -> None:
    state = empty()
    place(state, 4, "c5")  # Demarco: Duellist's Riposte (riposte 2)
    unlock(state, 4, "duellists_riposte")
    place(state, 0, "c4")
    activate(state, 0)
    rolls_for(state, 6, 1, 1)
    play(state, 0, "attack:jaws>c5")
    play(state, 1, "react:duellists_riposte")
    view = state.view(None, log=False)
    assert view["heroes"][0]["damage"] == 2 and view["heroes"][4]["damage"] == 1


def test_r45_a_reaction_is_used_once_a_round() -> None:
    state = empty()
    place(state, 3, "c5")
    unlock(state, 3, "spectral_step")
    state.heroes[3].spent = ["spectral_step"]
    place(state, 0, "c4")
    activate(state, 0)
    rolls_for(state, 6, 6, 6)
    play(state, 0, "attack:jaws>c5")
    assert decision(state)["kind"] == "act"  # nothing ready: no window


# ------------------------------------------------------------------ conditions
def test_r46_a_condition_from_a_hit_and_at_most_one_of_each() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    place(state, 0, "c5")
    unlock(state, 3, "broadside_order")
    activate(state, 3)
    rolls_for(state, 6, 6, 1)
    play(state, 1, "attack:broadside_order>c5")
    assert state.view(None, log=False)["heroes"][0]["conditions"] == ["stun"]
    state.give_condition(0, "stun")
    assert state.heroes[0].conditions == ["stun"]


def test_r46_stun_is_shaken_off_with_an_action_before_any_other() -> None:
    state = empty()
    place(state, 0, "e2")
    state.heroes[0].conditions = ["stun"]
    activate(state, 0)
    assert legal(state, 0) == ["shake", "end"]
    play(state, 0, "shake")
    assert decision(state)["left"] == 2 and "move" in legal(state, 0)


def test_r46_slow_allows_one_move_action() -> None:
    state = empty()
    place(state, 0, "e2")
    state.heroes[0].conditions = ["slow"]
    activate(state, 0)
    play(state, 0, "move", "stop")
    assert "move" not in legal(state, 0)


def test_r46_blind_takes_one_off_the_roll() -> None:
    state = empty()
    place(state, 0, "c4")
    place(state, 3, "c5")
    state.heroes[0].conditions = ["blind"]
    activate(state, 0)
    rolls_for(state, 4, 4, 4)
    since = state.event_count(None)
    play(state, 0, "attack:jaws>c5")
    roll = next(e for e in state.events(None, since) if e["type"] == "roll")
    assert (roll["modifier"], roll["hits"]) == (-1, 0)


def test_r46_bleed_deals_a_damage_after_each_action() -> None:
    state = empty()
    place(state, 0, "e2")
    state.heroes[0].conditions = ["bleed"]
    activate(state, 0)
    play(state, 0, "move", "stop")
    assert state.view(None, log=False)["heroes"][0]["damage"] == 1


def bleed_to_death(**options) -> dict:  # type: ignore[no-untyped-def]
    """Carcharius' Blood Frenzy makes Demarco (6 HP) bleed with 5 damage; Demarco's
    next action bleeds him to death. The view after."""
    state = empty(**options)
    place(state, 0, "c4")
    unlock(state, 0, "blood_frenzy")
    place(state, 4, "c5")
    state.heroes[4].damage = 4
    activate(state, 0)
    rolls_for(state, 6, 1, 1, 1)
    play(state, 0, "attack:blood_frenzy>c5", "end")
    assert state.view(None, log=False)["heroes"][4]["conditions"] == ["bleed"]
    activate(state, 4)
    play(state, 1, "move", "stop")
    view = state.view(None, log=False)
    assert view["heroes"][4]["zone"] is None  # KO'd by the bleed
    return view


def test_r27_r46_a_hero_that_bleeds_to_death_is_kod_by_the_hero_that_made_it_bleed() -> None:
    view = bleed_to_death()
    # R26: 3 coins to Carcharius (none to his fellows), 1 VP to the Lords.
    assert [h["coins"] for h in view["heroes"][:3]] == [3, 0, 0]
    assert view["vp"] == [1, 0]


def test_r27_r46_with_bleed_ko_anything_else_a_bleed_ko_pays_each_enemy_hero() -> None:
    view = bleed_to_death(bleed_ko="anything_else")
    assert [h["coins"] for h in view["heroes"][:3]] == [1, 1, 1]
    assert view["vp"] == [1, 0]


def test_r46_silence_takes_every_effect_and_levelling_away() -> None:
    state = empty()
    state.heroes[1].conditions = ["silence"]
    assert state.view(None, log=False)["heroes"][1]["hp_max"] == 12  # no Leviathan
    place(state, 1, "e2")
    unlock(state, 1, "brace")
    state.heroes[1].coins = 9
    activate(state, 1)
    assert "use:brace" not in legal(state, 0)
    assert "level:anchor_swing" not in legal(state, 0)


def test_r46_conditions_end_with_the_heroes_activation() -> None:
    state = empty()
    place(state, 0, "e2")
    state.heroes[0].conditions = ["blind", "slow"]
    activate(state, 0)
    play(state, 0, "end")
    assert state.view(None, log=False)["heroes"][0]["conditions"] == []


# ------------------------------------------------------------------ re-rolls
def _barnacle_to_shoot() -> BonesState:
    """Old Barnacle (Coral Shot, re-roll 1) activating on c3, an enemy on c6."""
    state = kit.empty(heroes=GUNNERS)
    place(state, 0, "c3")  # Old Barnacle: Coral Shot, re-roll 1
    place(state, 3, "c6")
    unlock(state, 0, "coral_shot")
    activate(state, 0)
    return state


def test_r18_a_missed_die_is_rerolled_at_most_once_one_at_a_time() -> None:
    state = _barnacle_to_shoot()
    rolls_for(state, 1, 2, 6)
    play(state, 0, "attack:coral_shot>c6")
    frame = decision(state)
    assert (frame["kind"], frame["left"]) == ("reroll", 1)
    assert legal(state, 0) == ["keep", "reroll:0", "reroll:1"]
    since = state.event_count(None)
    play(state, 0, "reroll:1")
    event = next(e for e in state.events(None, since) if e["type"] == "reroll")
    assert event["index"] == 1
    assert decision(state)["kind"] != "reroll"  # no re-roll left
    with pytest.raises(IllegalAction):
        state.act(0, "reroll:0")


def test_r18_re_rolls_not_needed_end_with_their_attack() -> None:
    state = _barnacle_to_shoot()
    rolls_for(state, 6, 6, 6)  # every die hits: no re-roll is offered
    play(state, 0, "attack:coral_shot>c6")
    assert decision(state)["kind"] != "reroll"
    view = state.view(None, log=False)
    assert view["attack"] is None, "the attack is over"
    assert (view["rerolls"], view["hits"], view["pool"]) == (0, 0, None)


# ------------------------------------------------------------------ push
def test_r47_a_push_moves_a_model_hit_and_the_sea_takes_it_overboard() -> None:
    state = empty()
    place(state, 1, "c3")  # Ishmael: Harpoon, range 3, push 1
    place(state, 3, "c5")
    unlock(state, 1, "harpoon")
    activate(state, 1)
    rolls_for(state, 6, 1)
    play(state, 0, "attack:harpoon>c5")
    assert decision(state)["kind"] == "shove"
    assert legal(state, 0) == ["keep", "shove:hero3"]
    play(state, 0, "shove:hero3")
    assert decision(state)["kind"] == "push"
    assert "push>b5" in legal(state, 0)  # the sea
    play(state, 0, "push>b5")
    hero = state.view(None, log=False)["heroes"][3]
    assert (hero["zone"], hero["overboard"]) == (None, True)


def test_r47_crew_pushed_into_the_sea_are_kod_and_no_one_gains_coins() -> None:
    state = empty()
    place(state, 1, "c3")
    crew(state, 1, "c5", bosuns=1)
    unlock(state, 1, "harpoon")
    activate(state, 1)
    rolls_for(state, 6, 1)  # one hit: the bosun (2 HP) stands
    play(state, 0, "attack:harpoon>c5", "shove:bosun", "push>d5")
    view = state.view(None, log=False)
    assert not view["crew"][1] and view["reserve"][1][1] == 7
    assert view["heroes"][1]["coins"] == 0


def test_r47_a_steady_hero_is_never_pushed() -> None:
    state = kit.empty(heroes="carcharius,ishmael,nerissa;calavera,demarco,polvora")
    kit.turn(state, 1)
    place(state, 5, "c6")  # Pólvora: Powder Keg, push 1
    place(state, 1, "c4")  # Ishmael: steady
    unlock(state, 5, "powder_keg")
    activate(state, 5)
    rolls_for(state, 6, 1, 1)
    play(state, 1, "attack:powder_keg>c4")
    assert decision(state)["kind"] == "act"  # no one to push
