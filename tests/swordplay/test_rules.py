"""Swordplay's rules, one behaviour at a time, through the public protocol.

Rule numbers (R1, R2, …) refer to ``docs/rules/swordplay.md``. Positions are
arranged with ``swordplay.kit`` (cards moved between a deck and a hand or the
table); every expectation is worked out by hand from the rules and the designed
cards (cards.toml): Vane (duellist), Finch (deft, 9 life), Grady (iron hide),
Mako (brawler), Hollis (hook, 2 damage, 1 hand), Morrow (sharpshooter).
"""

from __future__ import annotations

import random

import pytest

import plunder
from plunder.games.swordplay.content import CONTENT
from swordplay.kit import attack, equip, give, kind, legal, log_types, new, row

FIVE_PLAIN = ("high", "high", "low", "low", "left")


def play_out(state, rng: random.Random) -> None:
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))


# --------------------------------------------------------------------- set-up
def test_fighters_are_chosen_by_option_or_dealt() -> None:
    """R1: each seat's fighter as the option lists it; dealt at random, each once."""
    state = new("hollis,grady")
    assert [r["fighter"] for r in state.view(None, log=False)["fighters"]] == ["hollis", "grady"]
    for seed in range(20):
        dealt = plunder.load("swordplay", players=6).new(seed=seed).view(None, log=False)
        names = [r["fighter"] for r in dealt["fighters"]]
        assert len(set(names)) == 6
    with pytest.raises(plunder.OptionError):
        plunder.load("swordplay", players=2, pirates="vane,vane")


@pytest.mark.parametrize("pirates", ["bogus", "vane,bogus", "bogus,vane,grady"])
def test_an_unknown_fighter_is_named(pirates: str) -> None:
    """R1: the option names the fighter it does not know, whatever the count of seats."""
    with pytest.raises(plunder.OptionError) as caught:
        plunder.load("swordplay", players=2, pirates=pirates)
    assert "'bogus', which is no fighter" in str(caught.value)
    assert caught.value.field == "pirates" and "vane" in str(caught.value)


def test_a_typical_pirate_has_ten_life_one_damage_two_hands() -> None:
    """R2: the boxed pirates start with 10 life, 1 damage and 2 hands."""
    catalogue = plunder.load("swordplay").catalogue()
    boxed = [f for f in catalogue["fighters"].values() if f["boxed"]]
    assert len(boxed) == 2
    assert all((f["life"], f["damage"], f["hands"]) == (10, 1, 2) for f in boxed)
    state = new("vane,grady")
    assert row(state, 0)["life"] == 10 and row(state, 0)["hands_free"] == 2


def test_the_card_types() -> None:
    """R3: attack, defence, item and stance cards (and the fighters)."""
    cards = plunder.load("swordplay").catalogue()["cards"].values()
    assert {c["type"] for c in cards} == {"attack", "defence", "item", "stance"}


def test_the_pirates_deck_holds_sixty_cards() -> None:
    """R5: the boxed edition's 60 combat cards."""
    catalogue = plunder.load("swordplay").catalogue()
    assert sum(catalogue["decks"]["pirates"]["cards"].values()) == 60
    state = new("vane,grady")
    view = state.view(None, log=False)
    assert view["decks"]["pirates"] + sum(r["hand_size"] for r in view["fighters"]) == 60


def test_everyone_rolls_a_d10_and_the_highest_goes_first() -> None:
    """R6, R7, R8: a d10 each; the highest starts; a tie rolls again among the tied."""
    ties = 0
    for seed in range(60):
        state = plunder.load("swordplay", players=3).new(seed=seed)
        log = state.view(None)["log"]
        rolls = [e for e in log if e["type"] == "roll"]
        assert all(e["sides"] == 10 for e in rolls)
        last_round = rolls[-len([e for e in rolls if e["seat"] == rolls[-1]["seat"]]) :]
        first = next(e for e in log if e["type"] == "first")["seat"]
        assert state.view(None, log=False)["active"] == first
        # The winner's last roll is the highest of the last round of rolls.
        final = {}
        for e in rolls:
            final[e["seat"]] = e["dice"][0]
        assert final[first] == max(final.values())
        assert last_round
        if any(e["type"] == "tie" for e in log):
            ties += 1
            tie = next(e for e in log if e["type"] == "tie")
            after = rolls[3:]
            assert {e["seat"] for e in after} <= set(tie["seats"])
    assert ties > 0


def test_decks_are_shuffled_and_five_cards_dealt() -> None:
    """R9, R10: a shuffled deck (hidden order) and five cards to each fighter."""
    hands = set()
    for seed in range(5):
        state = plunder.load("swordplay", players=3).new(seed=seed)
        for seat in range(3):
            assert len(state.view(seat, log=False)["hand"]) == 5
        hands.add(tuple(state.view(0, log=False)["hand"]))
    assert len(hands) > 1


# --------------------------------------------------------------------- a turn
def test_a_turn_runs_discard_ready_combat_then_passes_to_the_left() -> None:
    """R11: Discard, Draw, Ready, Combat in order; then the next seat's turn."""
    state = new("vane,finch,grady", first=1)
    assert kind(state) == "discard" and state.pending == {1}
    state.act(1, "pass")
    assert kind(state) == "ready"
    state.act(1, "pass")
    assert kind(state) == "attack"
    state.act(1, "pass")
    assert kind(state) == "discard" and state.pending == {2}
    for _ in range(3):
        state.act(2, "pass")
    assert state.pending == {0}


def test_discard_one_card_face_up_then_draw_to_five() -> None:
    """R12, R13, R14: one discard, seen by all in the discard pile, then up to five."""
    state = new("vane,grady")
    give(state, 0, "duck", "high", "high", "low", "low")
    assert legal(state) == ["pass", "discard:duck", "discard:high", "discard:low"]
    state.act(0, "discard:duck")
    assert kind(state) == "ready"  # one discard only
    assert state.view(1, log=False)["discards"]["pirates"] == ["duck"]
    assert len(state.view(0, log=False)["hand"]) == 5


def test_the_draw_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    """R15: an empty deck takes the shuffled discard pile."""
    state = new("vane,grady")
    give(state, 0, "duck", "high", "high", "low", "low")
    pile = state.decks["pirates"]
    state.discards["pirates"].extend(pile)
    pile.clear()
    state.act(0, "discard:duck")
    view = state.view(None)
    assert "reshuffle" in [e["type"] for e in view["log"]]
    assert view["discards"]["pirates"] == []
    assert view["decks"]["pirates"] == 60 - 10


def test_ready_one_item_or_stance_and_no_attack_that_turn() -> None:
    """R16, R17, R23: one card readied; no Combat that turn; it stays in play."""
    state = new("vane,grady")
    give(state, 0, "rapier", "fury", "high", "high", "low")
    state.act(0, "pass")
    assert {"ready:rapier", "ready:fury"} <= set(legal(state))
    state.act(0, "ready:rapier")
    assert state.pending == {1} and kind(state) == "discard"  # no attack for seat 0
    assert row(state, 0, viewer=1)["gear"] == [{"card": "rapier", "used": 0}]
    for _ in range(3):
        state.act(1, "pass")
    assert row(state, 0)["gear"] == [{"card": "rapier", "used": 0}]


def test_one_armor_at_a_time() -> None:
    """R18: a new armor sends the old one to the discard pile."""
    state = new("vane,grady")
    equip(state, 0, "jerkin")
    give(state, 0, "buff_coat", "high", "high", "low", "low")
    state.act(0, "pass")
    state.act(0, "ready:buff_coat")
    assert row(state, 0)["armor"] == {"card": "buff_coat", "taken": 0}
    assert state.view(None, log=False)["discards"]["pirates"] == ["jerkin"]


def test_weapons_and_cloaks_need_free_hands() -> None:
    """R19: as many one- and two-handed items as hands are free."""
    state = new("vane,grady")
    equip(state, 0, "rapier")
    give(state, 0, "boarding_axe", "cloak", "high", "high", "low")
    state.act(0, "pass")
    options = legal(state)
    assert "ready:cloak" in options and "ready:boarding_axe" not in options
    one_hand = new("hollis,grady")
    give(one_hand, 0, "boarding_axe", "cloak", "high", "high", "low")
    one_hand.act(0, "pass")
    assert "ready:boarding_axe" not in legal(one_hand) and "ready:cloak" in legal(one_hand)


def test_one_stance_at_a_time() -> None:
    """R20: a new stance sends the old one to the discard pile."""
    state = new("vane,grady")
    equip(state, 0, "fury")
    give(state, 0, "wary", "high", "high", "low", "low")
    state.act(0, "pass")
    state.act(0, "ready:wary")
    assert row(state, 0)["stance"] == "wary"
    assert state.view(None, log=False)["discards"]["pirates"] == ["fury"]


def test_dropping_frees_hands_before_readying() -> None:
    """R22: drop ready items first (to the discard pile), then ready a new one."""
    state = new("vane,grady")
    equip(state, 0, "rapier", "cutlass")
    give(state, 0, "boarding_axe", "high", "high", "low", "low")
    state.act(0, "pass")
    assert "ready:boarding_axe" not in legal(state)
    state.act(0, "drop:rapier")
    assert kind(state) == "ready"
    state.act(0, "drop:cutlass")
    state.act(0, "ready:boarding_axe")
    assert [g["card"] for g in row(state, 0)["gear"]] == ["boarding_axe"]
    assert sorted(state.view(None, log=False)["discards"]["pirates"]) == ["cutlass", "rapier"]


def test_a_drop_alone_still_allows_an_attack() -> None:
    """R22, R23: only readying forbids the attack."""
    state = new("vane,grady")
    equip(state, 0, "rapier")
    give(state, 0, "high", "high", "low", "low", "left")
    state.act(0, "pass")
    state.act(0, "drop:rapier")
    state.act(0, "pass")
    assert kind(state) == "attack" and "attack:high>1" in legal(state)


# --------------------------------------------------------------------- combat
def test_one_attack_card_at_a_declared_target() -> None:
    """R24, R25: one attack card, its location, at the target; the target answers."""
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    frame = state.view(None, log=False)["decision"]
    assert frame["kind"] == "defend" and frame["seats"] == [1]
    assert (frame["attacker"], frame["location"], frame["card"]) == (0, "high", "high")
    # An untimed window: taking it (no) is its default answer, and no clock limits it.
    assert frame["default"] == "no" and frame["window"] is True and "timed" not in frame
    assert str(state.default_action(1)) == "no" and state.timeout_action(1) is None


def test_the_defence_is_an_untimed_window_for_the_target() -> None:
    """R28, R32: the defence is a window over the attack, offered to the target alone,
    with no time limit; a counter-attack opens the next one, for the attacker."""
    state = new("vane,grady")
    give(state, 0, "left", "duck", "high", "low", "low")
    give(state, 1, "riposte", "high", "high", "low", "low")
    attack(state, "attack:left>1")
    assert [f.kind for f in state.frames] == ["attack", "defend"]
    frame = state.decision
    assert frame.window and not frame.timed and frame.seats == {1}
    assert frame.data["opening"] == 1 and frame.default == "no"
    assert str(state.default_action(1)) == "no" and state.timeout_action(1) is None
    assert legal(state, 1) == ["no", "defend:riposte"]
    state.act(1, "defend:riposte")
    # The riposte stopped the attack and closed its window; the counter-attack opened
    # the next, in its place over the attack.
    assert [f.kind for f in state.frames] == ["attack", "defend"]
    assert state.decision.seats == {0} and state.decision.data["link"] == 2
    assert state.timeout_action(0) is None
    windows = [e for e in state.view(None)["log"] if e["type"] == "window"]
    assert [(w["timing"], w["choices"]) for w in windows] == [
        ("defend", {"1": "defend:riposte"})
    ]
    state.act(0, "no")
    assert kind(state) == "discard" and [f.kind for f in state.frames] == ["discard"]


def test_any_living_opponent_may_be_targeted() -> None:
    """R27: with three or more, any living opponent; never oneself."""
    state = new("vane,finch,grady")
    give(state, 0, *FIVE_PLAIN)
    state.act(0, "pass")
    state.act(0, "pass")
    targets = {a.split(">")[1] for a in legal(state) if a.startswith("attack:")}
    assert targets == {"1", "2"}


def test_a_fitting_defence_counters_the_attack() -> None:
    """R28, R29: Duck, Parry - High or Dodge counter a high attack; a low parry does not."""
    state = new("vane,grady")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "duck", "parry_high", "dodge", "parry_low", "jump")
    attack(state, "attack:high>1")
    assert sorted(legal(state, 1)) == ["defend:dodge", "defend:duck", "defend:parry_high", "no"]
    state.act(1, "defend:duck")
    assert row(state, 1)["life"] == 10  # R28: countered, no damage
    assert state.pending == {1} and kind(state) == "discard"


def test_dodge_counters_any_attack() -> None:
    """R29: Dodge counters every location."""
    for location in ("high", "low", "left", "right", "thrust"):
        state = new("vane,grady")
        give(state, 0, location, "high", "high", "low", "low")
        give(state, 1, "dodge", "pistol", "pistol", "flurry", "flurry")
        attack(state, f"attack:{location}>1")
        assert "defend:dodge" in legal(state, 1)


def test_damage_is_base_plus_every_weapon_plus_bonus() -> None:
    """R30: base damage + every ready weapon + the card's bonus, to life."""
    state = new("vane,finch")
    equip(state, 0, "rapier", "cutlass")
    give(state, 0, "flurry", "high", "high", "low", "low")
    attack(state, "attack:flurry>1")
    assert state.view(None, log=False)["decision"]["damage"] == 1 + 1 + 1 + 1
    state.act(1, "no")
    assert row(state, 1)["life"] == 9 - 4


def test_armor_takes_damage_first_and_goes_when_full() -> None:
    """R31: armor first, discarded once it has taken its value; the rest to life."""
    state = new("hollis,finch")  # Hollis: 2 damage
    equip(state, 0, "cutlass")
    equip(state, 1, "jerkin")  # absorbs 2
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "no")  # 3 damage: 2 to armor, 1 to life
    assert row(state, 1)["life"] == 8 and row(state, 1)["armor"] is None
    assert "jerkin" in state.view(None, log=False)["discards"]["pirates"]


def test_armor_keeps_what_it_has_taken() -> None:
    """R31: damage below the armor's value stays marked on it."""
    state = new("vane,finch")
    equip(state, 1, "buff_coat")  # absorbs 3
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "no")
    assert row(state, 1)["armor"] == {"card": "buff_coat", "taken": 1}
    assert row(state, 1)["life"] == 9


def test_a_counter_attack_resolves_at_once_and_may_be_defended() -> None:
    """R32: a defence that counter-attacks; the attacker answers it in turn."""
    state = new("vane,grady")
    give(state, 0, "left", "duck", "high", "low", "low")
    give(state, 1, "riposte", "high", "high", "low", "low")
    attack(state, "attack:left>1")
    state.act(1, "defend:riposte")
    frame = state.view(None, log=False)["decision"]
    assert frame["kind"] == "defend" and frame["seats"] == [0]
    assert (frame["attacker"], frame["location"], frame["counter"]) == (1, "thrust", True)
    assert frame["link"] == 2
    state.act(0, "no")
    assert row(state, 0)["life"] == 9  # Grady's 1 damage
    assert state.pending == {1} and kind(state) == "discard"


def test_a_chain_of_counter_attacks_runs_while_answers_last() -> None:
    """R32, R33: counter-attacks answer counter-attacks; each link spends a card."""
    state = new("vane,grady")
    give(state, 0, "left", "lunge", "high", "low", "low")
    give(state, 1, "riposte", "parry_high", "high", "low", "low")
    attack(state, "attack:left>1")
    state.act(1, "defend:riposte")  # thrust back at 0
    assert "defend:lunge" in legal(state, 0)
    state.act(0, "defend:lunge")  # Stop Thrust: counters the thrust, high back at 1
    frame = state.view(None, log=False)["decision"]
    assert frame["seats"] == [1] and frame["location"] == "high" and frame["link"] == 3
    state.act(1, "defend:parry_high")
    assert kind(state) == "discard" and state.pending == {1}
    from plunder.games.swordplay.rules import MAX_CHAIN

    assert MAX_CHAIN == 10
    assert plunder.load("swordplay").max_decisions() >= 10 * 300


def test_special_attacks_follow_their_own_rules() -> None:
    """R26, R34: Pistol Shot has no location: only Dodge; fixed 2 damage."""
    state = new("vane,grady")
    equip(state, 0, "boarding_axe")
    give(state, 0, "pistol", "high", "high", "low", "low")
    give(state, 1, "duck", "parry_high", "jump", "parry_low", "dodge")
    equip(state, 1, "cloak")
    attack(state, "attack:pistol>1")
    assert legal(state, 1) == ["no", "defend:dodge", "guard:cloak"]
    assert state.view(None, log=False)["decision"]["damage"] == 2


def test_a_cards_text_agrees_with_what_counters_it() -> None:
    """R26, R34: an attack that a ready cloak counters says so; one that none may, too."""
    for card in CONTENT.cards.values():
        if card.type != "attack" or not card.has("dodge_only"):
            continue
        words = card.text.lower()
        if card.ignores_guards:
            assert "no cloak may counter it" in words, card.name
        else:
            assert "a ready cloak still counters it" in words, card.name


def test_flurry_ignores_cloaks() -> None:
    """R26: an attack that ignores cloaks cannot be countered by one."""
    state = new("vane,grady")
    give(state, 0, "flurry", "high", "high", "low", "low")
    equip(state, 1, "cloak")
    give(state, 1, "duck", "high", "high", "low", "low")
    attack(state, "attack:flurry>1")
    assert legal(state, 1) == ["no"]


def test_a_cloak_counters_its_count_then_goes() -> None:
    """R28, R35: a ready cloak counters; after two attacks it is discarded."""
    state = new("vane,grady")
    equip(state, 1, "cloak")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "high", "high", "low", "low", "left")
    attack(state, "attack:high>1")
    state.act(1, "guard:cloak")
    assert row(state, 1)["gear"] == [{"card": "cloak", "used": 1}] and row(state, 1)["life"] == 10
    for _ in range(3):
        state.act(1, "pass")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:low>1")
    state.act(1, "guard:cloak")
    assert row(state, 1)["gear"] == []
    assert "cloak" in state.view(None, log=False)["discards"]["pirates"]


def test_zero_life_defeats_and_the_last_standing_wins() -> None:
    """R4, R36: life zero or less: defeated, out for good; the last one wins."""
    state = new("vane,finch")
    state.life[1] = 1
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "no")
    assert state.is_over and state.result.winners == {0}
    assert state.status(1) == "eliminated"
    assert row(state, 1, viewer=0)["alive"] is False


def test_a_defeated_fighter_is_skipped() -> None:
    """R11, R36: turns pass over defeated fighters."""
    state = new("vane,finch,grady")
    state.life[1] = 1
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "no")
    assert not state.is_over and state.pending == {2}
    assert state.status(1) == "eliminated"


# --------------------------------------------------------------------- options
def test_realistic_parries() -> None:
    """R37: an unarmed fighter parries only unarmed attackers (option)."""
    for realistic, expected in ((False, True), (True, False)):
        state = new("vane,grady", realistic_parries=realistic)
        equip(state, 0, "cutlass")
        give(state, 0, *FIVE_PLAIN)
        give(state, 1, "parry_high", "duck", "high", "low", "low")
        attack(state, "attack:high>1")
        assert ("defend:parry_high" in legal(state, 1)) is expected
        assert "defend:duck" in legal(state, 1)  # not a parry
    state = new("vane,grady", realistic_parries=True)
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "parry_high", "duck", "high", "low", "low")
    attack(state, "attack:high>1")
    assert "defend:parry_high" in legal(state, 1)  # both unarmed


def test_weapon_breakage_rolls_for_a_fragile_weapon_against_a_heavy_one() -> None:
    """R38: a Rapier parrying a weapon of damage 3+ breaks on a d10 of 8 or more."""
    broke = held = 0
    for first in range(40):
        state = plunder.load(
            "swordplay", players=2, pirates="vane,brakka", arena_seats=1, weapon_breakage=True
        ).new(seed=first)
        active = state.view(None, log=False)["active"]
        if active != 1:
            continue
        equip(state, 1, "greataxe")
        equip(state, 0, "rapier")
        give(state, 1, "high", "high", "low", "low", "left")
        give(state, 0, "parry_high", "duck", "high", "low", "low")
        attack(state, "attack:high>0")
        before = state.event_count(None)
        state.act(0, "defend:parry_high")
        events = state.events(None, before)
        rolls = [e for e in events if e["type"] == "roll"]
        assert len(rolls) == 1 and rolls[0]["sides"] == 10
        broken = rolls[0]["dice"][0] >= 8
        assert (row(state, 0)["gear"] == []) is broken
        broke += broken
        held += not broken
    assert broke and held
    assert not plunder.load("swordplay").options["weapon_breakage"]  # optional: off by default


def test_no_breakage_without_a_heavy_weapon() -> None:
    """R38: a cutlass (damage 1) never breaks a rapier."""
    state = new("vane,grady", weapon_breakage=True)
    equip(state, 1, "rapier")
    equip(state, 0, "cutlass")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "parry_high", "duck", "high", "low", "low")
    attack(state, "attack:high>1")
    before = state.event_count(None)
    state.act(1, "defend:parry_high")
    assert [e for e in state.events(None, before) if e["type"] == "roll"] == []


def test_arena_seats_draw_from_their_own_deck() -> None:
    """R39: heroes at the last seats, each side drawing from its own deck."""
    state = plunder.load("swordplay", players=3, arena_seats=1).new(seed=4)
    view = state.view(None, log=False)
    assert [r["side"] for r in view["fighters"]] == ["pirates", "pirates", "arena"]
    assert set(view["decks"]) == {"pirates", "arena"}
    arena = plunder.load("swordplay").catalogue()
    deck = plunder.load("swordplay", players=3, arena_seats=1).catalogue()["decks"]["arena"]
    assert set(state.view(2, log=False)["hand"]) <= set(deck["cards"])
    assert "arena" not in arena["decks"]
    with pytest.raises(plunder.OptionError):
        plunder.load("swordplay", players=2, arena_seats=2)


def test_ignoring_cloaks_ignores_shields_and_the_reverse() -> None:
    """R39: Cleave (ignores shields) also ignores a cloak; Flurry also ignores a shield."""
    state = plunder.load("swordplay", players=2, pirates="vane,brakka", arena_seats=1)
    game_state = state.new(seed=next(
        s for s in range(200) if state.new(seed=s).view(None, log=False)["active"] == 1
    ))
    equip(game_state, 0, "cloak")
    give(game_state, 1, "cleave", "high", "high", "low", "low")
    give(game_state, 0, "high", "high", "low", "low", "left")
    attack(game_state, "attack:cleave>0")
    assert "guard:cloak" not in legal(game_state, 0)
    other = state.new(seed=next(
        s for s in range(200) if state.new(seed=s).view(None, log=False)["active"] == 0
    ))
    equip(other, 1, "round_shield")
    give(other, 0, "flurry", "high", "high", "low", "low")
    attack(other, "attack:flurry>1")
    assert "guard:round_shield" not in legal(other, 1)


def test_the_turn_limit_ends_a_stalled_game_with_no_winner() -> None:
    """R40: after turn_limit turns the game ends, no one winning."""
    state = new("vane,grady", turn_limit=2)
    for _ in range(6):
        state.act(min(state.pending), "pass")
    assert state.is_over and state.result.winners == frozenset()
    assert state.result.returns() == (0.5, 0.5)


def test_hands_and_deck_order_are_hidden_the_table_is_not() -> None:
    """R41: others see hand sizes, never hands; ready items, life and armor are public."""
    state = new("vane,grady")
    equip(state, 0, "jerkin", "rapier", "fury")
    other = state.view(1, log=False)
    assert "hand" in other and other["hand"] == state.view(1, log=False)["hand"]
    assert other["fighters"][0]["hand_size"] == 5
    assert other["fighters"][0]["armor"] == {"card": "jerkin", "taken": 0}
    assert other["fighters"][0]["stance"] == "fury"
    spectator = state.view(None)
    assert "hand" not in spectator and "hand" in state.view(0, log=False)
    # Swapping two seats' hidden cards changes nothing the other seat or a spectator sees.
    before = (state.view(1, log=False), state.view(None, log=False))
    state.hands[0], state.decks["pirates"][:5] = state.decks["pirates"][:5], state.hands[0]
    state.hands[0].sort()
    assert (state.view(1, log=False), state.view(None, log=False)) == before


# --------------------------------------------------------------------- designed
def test_stances_change_the_fight() -> None:
    """R42: Sea Fury +1 damage; Wary Footing -1; En Garde parries any location."""
    state = new("vane,finch")
    equip(state, 0, "fury")
    equip(state, 1, "en_garde")
    give(state, 0, *FIVE_PLAIN)
    give(state, 1, "parry_low", "high", "high", "low", "low")
    attack(state, "attack:high>1")
    assert state.view(None, log=False)["decision"]["damage"] == 2
    assert "defend:parry_low" in legal(state, 1)  # En Garde
    state2 = new("vane,finch")
    equip(state2, 1, "wary")
    give(state2, 0, *FIVE_PLAIN)
    attack(state2, "attack:high>1")
    state2.act(1, "no")
    assert row(state2, 1)["life"] == 9  # 1 - 1 = 0 damage


def test_fighter_abilities() -> None:
    """R43: the designed fighters' abilities, each once."""
    # brawler: +1 unarmed
    state = new("mako,finch")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    assert state.view(None, log=False)["decision"]["damage"] == 2
    # iron_hide: 1 less, never below 1
    state = new("hollis,grady")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    state.act(1, "no")
    assert row(state, 1)["life"] == 9
    # hook: ignores cloaks
    state = new("hollis,grady")
    equip(state, 1, "cloak")
    give(state, 0, *FIVE_PLAIN)
    attack(state, "attack:high>1")
    assert "guard:cloak" not in legal(state, 1)
    # deft: two discards
    state = new("finch,grady")
    give(state, 0, *FIVE_PLAIN)
    state.act(0, "discard:high")
    assert kind(state) == "discard"
    state.act(0, "discard:low")
    assert kind(state) == "ready"
    # sharpshooter: +1 on no-location attacks
    state = new("morrow,grady")
    give(state, 0, "pistol", "high", "high", "low", "low")
    attack(state, "attack:pistol>1")
    assert state.view(None, log=False)["decision"]["damage"] == 3
    # duellist: +1 on counter-attacks
    state = new("grady,vane")
    give(state, 0, "left", "high", "high", "low", "low")
    give(state, 1, "riposte", "high", "high", "low", "low")
    attack(state, "attack:left>1")
    state.act(1, "defend:riposte")
    assert state.view(None, log=False)["decision"]["damage"] == 2


def test_random_games_end_with_a_winner() -> None:
    """R4, R40: random play ends, nearly always with one winner."""
    rng = random.Random(3)
    game = plunder.load("swordplay", players=3)
    winners = 0
    for seed in range(30):
        state = game.new(seed=seed)
        play_out(state, rng)
        winners += len(state.result.winners) == 1
    assert winners >= 28
    assert "game_end" in log_types(state)
