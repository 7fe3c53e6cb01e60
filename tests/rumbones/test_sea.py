"""Rum & Bones' Tide cards, the Kraken and the sea monsters (R48-R60), and what a
destroyed objective does (R24)."""

from __future__ import annotations

import random

import pytest

from plunder.engine import IllegalAction
from plunder.games.rumbones.pieces import Kraken, Monster
from rumbones import kit
from rumbones.kit import activate, crew, decision, empty, legal, place, play, rolls_for


def deal(state, side: int, *cards: str) -> None:  # type: ignore[no-untyped-def]
    state.hand[side] = sorted(cards)
    state._legal_cache.clear()


# ------------------------------------------------------------------ the Tide
def test_r48_each_side_draws_three_from_its_own_shuffled_deck_of_thirty() -> None:
    state = kit.new()
    view = state.view(0, log=False)
    assert view["hand_sizes"] == [3, 3] and view["decks"] == [27, 27]
    catalogue = state.game.catalogue()["cards"]
    assert all(catalogue[c]["faction"] == "lords" for c in view["hand"])
    # The other side's hand is hidden: in a spectator's view and in seat 0's.
    assert "hand" not in state.view(None, log=False)
    assert state.view(1, log=False)["hand"] != [] and "hand" in state.view(1, log=False)


def test_r48_a_hand_is_resampled_for_a_seat_that_cannot_see_it() -> None:
    state = kit.new()
    rng = random.Random(3)
    seen = {tuple(state.determinize(0, rng).hand[1]) for _ in range(30)}
    assert len(seen) > 1  # seat 0 does not know seat 1's hand
    assert {tuple(state.determinize(1, rng).hand[1]) for _ in range(5)} == {
        tuple(state.hand[1])}


def test_r49_r50_a_turn_card_costs_nothing_and_raises_the_pool_by_its_symbols() -> None:
    state = empty()
    deal(state, 0, "call_of_the_kraken")
    assert "tide:call_of_the_kraken" in legal(state, 0)
    play(state, 0, "tide:call_of_the_kraken")
    view = state.view(None, log=False)
    assert view["pools"] == [3, 0] and view["discards"][0] == ["call_of_the_kraken"]
    assert decision(state)["kind"] == "turn" and state.pending == {0}  # its turn goes on


def test_r50_a_pool_is_capped_at_ten_and_a_card_may_still_be_played_at_the_cap() -> None:
    state = empty()
    state.pools = [10, 0]
    deal(state, 0, "call_of_the_kraken")
    play(state, 0, "tide:call_of_the_kraken")
    assert state.view(None, log=False)["pools"] == [10, 0]


def test_r49_a_turn_card_asks_what_it_needs() -> None:
    state = empty()
    place(state, 0, "e2")
    place(state, 1, "e3")
    state.heroes[0].damage, state.heroes[1].damage = 3, 1
    deal(state, 0, "drowned_vigour")
    play(state, 0, "tide:drowned_vigour")
    assert decision(state)["kind"] == "mend"
    assert legal(state, 0) == ["mend:hero0", "mend:hero1"]
    play(state, 0, "mend:hero0")
    assert state.view(None, log=False)["heroes"][0]["damage"] == 1


def test_r51_attack_cards_are_played_when_a_hero_attacks_before_the_dice() -> None:
    state = empty()
    place(state, 0, "c4")
    place(state, 3, "c5")
    deal(state, 0, "rising_tide")
    deal(state, 1, "bone_shield", "cursed_gold")
    activate(state, 0)
    play(state, 0, "attack:jaws>c5")
    frame = decision(state)
    # Offered by public facts: both sides' deck lists hold attack cards, both hands
    # are not empty; the Marea's hand has a defender's card, and a turn card.
    assert (frame["kind"], frame["window"], frame["seats"]) == ("tide", True, [0, 1])
    assert legal(state, 0) == ["pass", "tide:rising_tide"]
    assert legal(state, 1) == ["pass", "tide:bone_shield"]
    rolls_for(state, 6, 6, 6)
    since = state.event_count(None)
    play(state, 0, "tide:rising_tide")
    play(state, 1, "tide:bone_shield")
    # Both played: the window opens again, to the Marea alone (the Lords' hand is
    # empty now); it passes; then the dice: 3 + 1 - 1.
    assert decision(state)["seats"] == [1] and decision(state)["opening"] == 2
    play(state, 1, "pass")
    roll = next(e for e in state.events(None, since) if e["type"] == "roll")
    assert len(roll["dice"]) == 3


def test_r51_no_window_when_a_hand_is_empty() -> None:
    state = empty()
    place(state, 0, "c4")
    place(state, 3, "c5")
    activate(state, 0)
    play(state, 0, "attack:jaws>c5")
    assert decision(state)["kind"] != "tide"


def test_r60_recovery_discards_at_will_then_draws_to_three_no_pool_for_a_discard() -> None:
    state = empty()
    deal(state, 0, "rising_tide", "coral_armour", "call_of_the_kraken")
    deal(state, 1, "grave_mist")
    play(state, 0, "pass")
    play(state, 1, "pass")
    first = state.view(None, log=False)["first"]
    assert decision(state)["kind"] == "discard" and state.pending == {first}
    if first == 0:
        play(state, 0, "discard:call_of_the_kraken", "keep")
        play(state, 1, "keep")
    else:
        play(state, 1, "keep")
        play(state, 0, "discard:call_of_the_kraken", "keep")
    view = state.view(0, log=False)
    assert view["hand_sizes"] == [3, 3] and view["pools"] == [0, 0]
    assert "call_of_the_kraken" in view["discards"][0]


def test_r52_an_empty_deck_takes_the_shuffled_discards() -> None:
    state = empty()
    state.discards[0] = list(state.deck[0])
    state.deck[0] = []
    state._draw_tide(0)
    assert len(state.hand[0]) == 3 and len(state.deck[0]) == 27 and not state.discards[0]


# ------------------------------------------------------------------ the Kraken
def test_r53_r54_the_kraken_surfaces_when_the_dice_total_at_most_the_pools() -> None:
    state = empty()
    state.pools = [4, 2]
    place(state, 0, "e2")
    state.heroes[3].zone = None
    rolls_for(state, 2, 3, 6)  # test the waters: 5 <= 6; then its attack: 6, a rest
    play(state, 0, "pass")
    play(state, 1, "pass")
    view = state.view(None, log=False)
    assert view["kraken"] == ["e4", 0]
    # Its arrival damages every hero of the side with the highest pool, off the board too.
    assert [h["damage"] for h in view["heroes"]] == [2, 2, 2, 0, 0, 0]


def test_r53_the_sea_stays_calm_over_the_pools() -> None:
    state = empty()
    state.pools = [1, 1]
    rolls_for(state, 2, 3)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state.view(None, log=False)["kraken"] is None


def test_r54_the_kraken_destroys_a_gangplank_in_its_way_until_it_is_kod() -> None:
    state = empty(board="broadside")  # its Kraken surfaces on the gangplank d4
    state.pools = [6, 6]
    rolls_for(state, 1, 1, 6)
    play(state, 0, "pass")
    play(state, 1, "pass")
    view = state.view(None, log=False)
    assert view["kraken"][0] == "d4" and view["wrecked"] == {"d4": "kraken"}
    # A hero cannot step onto the destroyed gangplank.
    kit.turn(state, 0)
    place(state, 1, "d3")
    activate(state, 1)
    play(state, 0, "move")
    assert "step>d4" not in legal(state, 0)


def test_r55_r56_the_kraken_kod_resets_every_pool_and_never_returns() -> None:
    state = empty()
    state.kraken = Kraken("e4", 13)  # one from its 14 HP
    state.pools = [5, 7]
    place(state, 0, "e3")
    activate(state, 0)
    rolls_for(state, 6, 1, 1)
    play(state, 0, "attack:jaws>e4")
    view = state.view(None, log=False)
    assert view["kraken"] is None and view["kraken_dead"] is True
    assert view["pools"] == [0, 0]
    assert view["heroes"][0]["coins"] == 3 and view["vp"][0] == 1
    # The pools rise again, but the Kraken never returns: no waters are tested.
    state.pools = [9, 9]
    since = state.event_count(None)
    play(state, 0, "end")
    play(state, 1, "pass")
    play(state, 0, "pass")
    assert "waters" not in kit.kinds(state, since)
    assert state.view(None, log=False)["kraken"] is None


def test_r53_the_kraken_attacks_each_round_from_its_table() -> None:
    state = empty()
    state.kraken = Kraken("e4", 0)
    place(state, 0, "e3")  # next to it
    crew(state, 1, "d6", deckhands=1)  # two zones away
    rolls_for(state, 5)  # crush: 2 damage to every model next to it
    play(state, 0, "pass")
    play(state, 1, "pass")
    view = state.view(None, log=False)
    assert view["heroes"][0]["damage"] == 2
    assert view["crew"][1]  # out of its reach


# ------------------------------------------------------------------ sea monsters
def test_r55_sea_monster_attack_summons_a_monster_next_to_its_ships() -> None:
    state = empty()
    deal(state, 0, "sea_monster_attack_lords")
    play(state, 0, "tide:sea_monster_attack_lords")
    assert decision(state)["kind"] == "summon"
    summons = legal(state, 0)
    assert "summon:giant_crab>a1" in summons and "summon:giant_crab>e5" not in summons
    play(state, 0, "summon:giant_crab>a2")
    view = state.view(None, log=False)
    assert view["monsters"]["giant_crab"]["zone"] == "a2" and view["pools"] == [2, 0]


def test_r55_a_summoned_monster_acts_like_a_hero_from_then_on() -> None:
    state = empty()
    deal(state, 0, "sea_monster_attack_lords")
    play(state, 0, "tide:sea_monster_attack_lords", "summon:giant_crab>a2")
    # "From then on, it acts like an additional hero": ready in the round it came.
    assert "monster:giant_crab" in legal(state, 0)
    play(state, 0, "monster:giant_crab")
    assert decision(state)["kind"] == "beast"


def test_r55_with_monster_acts_next_round_a_summoned_monster_waits_a_round() -> None:
    state = empty(monster_acts="next_round")
    deal(state, 0, "sea_monster_attack_lords")
    play(state, 0, "tide:sea_monster_attack_lords", "summon:giant_crab>a2")
    assert "monster:giant_crab" not in legal(state, 0)
    play(state, 0, "pass")
    play(state, 1, "pass")
    while decision(state)["kind"] == "discard":
        play(state, min(state.pending), "keep")
    assert state.view(None, log=False)["round"] == 2
    kit.turn(state, 0)
    assert "monster:giant_crab" in legal(state, 0)


def test_r55_r57_a_monster_activates_like_a_hero_and_moves_through_the_sea() -> None:
    state = empty()
    state.monsters["sea_serpent"] = Monster(0, "a3", 0, False, 0)
    state.summoned.append("sea_serpent")
    state._legal_cache.clear()
    place(state, 3, "b6")
    play(state, 0, "monster:sea_serpent")
    assert decision(state) == {"kind": "beast", "seats": [0], "monster": "sea_serpent",
                               "left": 3}
    assert "attack:sea_serpent>b6" not in legal(state, 0)  # 4 zones away
    play(state, 0, "move")
    assert set(legal(state, 0)) == {"swim>a2", "swim>a4", "stop"}
    play(state, 0, "swim>a4", "swim>a5", "stop")
    assert "attack:sea_serpent>b6" in legal(state, 0)


def test_r58_a_gangplank_a_monster_takes_returns_after_a_round_its_space_is_empty() -> None:
    state = empty()
    state.monsters["giant_crab"] = Monster(0, "b4", 0, False, 0)
    state.summoned.append("giant_crab")
    state._legal_cache.clear()
    play(state, 0, "monster:giant_crab", "move", "swim>c4")
    assert state.view(None, log=False)["wrecked"] == {"c4": "monster"}
    play(state, 0, "swim>d4", "end")
    play(state, 1, "pass")
    play(state, 0, "pass")
    for seat in sorted(state.pending):
        if decision(state)["kind"] == "discard":
            play(state, seat, "keep")
    while decision(state)["kind"] == "discard":
        play(state, min(state.pending), "keep")
    assert state.view(None, log=False)["wrecked"] == {}


def test_r58_a_monster_never_takes_a_gangplank_holding_its_own_sides_models() -> None:
    state = empty()
    state.monsters["giant_crab"] = Monster(0, "b4", 0, False, 0)
    state.summoned.append("giant_crab")
    place(state, 1, "c4")  # Ishmael, of the crab's side, on the gangplank
    play(state, 0, "monster:giant_crab", "move")
    assert "swim>c4" not in legal(state, 0)
    assert "swim>b5" in legal(state, 0)


def test_r58_with_monster_gangplank_sweep_a_monster_throws_its_own_side_overboard() -> None:
    state = empty(monster_gangplank="sweep")
    state.monsters["giant_crab"] = Monster(0, "b4", 0, False, 0)
    state.summoned.append("giant_crab")
    place(state, 1, "c4")
    crew(state, 0, "c4", deckhands=1)
    play(state, 0, "monster:giant_crab", "move", "swim>c4")
    view = state.view(None, log=False)
    assert view["wrecked"] == {"c4": "monster"}
    assert (view["heroes"][1]["zone"], view["heroes"][1]["overboard"]) == (None, True)
    assert not view["crew"][0]


def test_r59_a_kod_monster_rewards_as_a_hero_and_is_never_summoned_again() -> None:
    state = empty()
    state.monsters["leviathan_eel"] = Monster(1, "c4", 6, False, 1)  # one from its 7 HP
    state.summoned.append("leviathan_eel")
    place(state, 0, "c3")
    activate(state, 0)
    rolls_for(state, 6, 1, 1)
    play(state, 0, "attack:jaws>c4")
    view = state.view(None, log=False)
    assert "leviathan_eel" not in view["monsters"]
    assert view["heroes"][0]["coins"] == 3 and view["vp"][0] == 1
    deal(state, 1, "sea_monster_attack_marea")
    play(state, 0, "end")
    play(state, 1, "tide:sea_monster_attack_marea")
    assert all("leviathan_eel" not in a for a in legal(state, 1))


# ------------------------------------------------------------------ destroyed objectives
def test_r24_a_powder_magazine_blasts_its_zone() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    kit.objective(state, 0, "c5", "powder", damage=4)
    crew(state, 1, "c5", deckhands=1)  # the attacker's own deckhand, never hit by it
    activate(state, 3)
    rolls_for(state, 6, 1, 1)
    play(state, 1, "attack:rapier_and_pistol>c5")
    view = state.view(None, log=False)
    assert "c5" not in view["objectives"][0]
    assert not view["crew"][1]  # the blast takes either side's models


def test_r24_a_destroyed_helm_jams_its_sides_deck_gun() -> None:
    state = empty()
    state.jam("h2")
    assert state.view(None, log=False)["jammed"] == [True, False]
    with pytest.raises(IllegalAction):
        state.act(0, "fire>c6")
