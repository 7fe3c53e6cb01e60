"""Pirate Rumble's rules, one behaviour at a time, through the public protocol.

Rule numbers (R1, R2, …) refer to ``docs/rules/rumble.md``. Every expectation is
worked out by hand from the rules. Seats 0, 1, 2 … hold the pirates listed in
``pirates``; pirates without a special rule for the card at hand are used where a
plain pirate is wanted (Blackbeard, Ching Shih and Henry Morgan play Load, Shoot,
Shoot Twice, Dodge, Fire and Search like everyone).
"""

from __future__ import annotations

import pytest

import plunder
from rumble.kit import (
    alive,
    bullets,
    counts,
    damage,
    health,
    last_round,
    legal,
    log,
    new,
    new_with,
    play,
    row,
)

PLAIN3 = "blackbeard,chingshih,morgan"
PLAIN4 = "blackbeard,chingshih,morgan,pargo"
BASIC = ["load", "shoot", "shoot2", "dodge", "fire", "search"]


# --------------------------------------------------------------------- set-up
def test_the_game_has_two_modes() -> None:
    """R1: Duel Mode and Camp Mode."""
    (info,) = [g for g in plunder.games() if g.name == "rumble"]
    assert info.modes == ("duel", "camp")
    assert plunder.load("rumble", players=4, mode="camp").options["mode"] == "camp"


@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players_take_part(players: int) -> None:
    """R58: 2 to 8 seats, every seat a pirate and pending in the first round."""
    state = plunder.load("rumble", players=players).new(seed=players)
    view = state.view(None)
    assert [p["seat"] for p in view["players"]] == list(range(players))
    assert len({p["pirate"] for p in view["players"]}) == players
    assert state.pending == frozenset(range(players))


@pytest.mark.parametrize("players", [1, 9])
def test_other_player_counts_are_refused(players: int) -> None:
    """R58: fewer than 2 or more than 8 seats is no game."""
    with pytest.raises(plunder.OptionError):
        plunder.load("rumble", players=players)


@pytest.mark.parametrize(("players", "ok"), [(2, False), (3, False), (4, True), (8, True)])
def test_camp_mode_is_for_four_to_eight(players: int, ok: bool) -> None:
    """R58: Camp Mode needs a row of the camp table, which starts at 4 players."""
    if ok:
        assert plunder.load("rumble", players=players, mode="camp").players == players
    else:
        with pytest.raises(plunder.OptionError, match="Camp Mode is for 4 to 8"):
            plunder.load("rumble", players=players, mode="camp")


def test_default_options() -> None:
    """Options: the defaults of the Options section."""
    assert dict(plunder.load("rumble").options) == {
        "players": 4,
        "mode": "duel",
        "pirates": "random",
        "race": "random",
        "gestures": False,
        "round_limit": 100,
        "void_cost": "free",
        "block_cut": "no",
        "last_gasp": "no",
    }


def test_every_pirate_starts_with_five_health_and_two_bullets() -> None:
    """R2: 5 health and 2 bullets, unless the pirate's ability says otherwise."""
    state = new(PLAIN4)
    assert counts(state) == [(5, 2)] * 4
    assert [row(state, s)["max_health"] for s in range(4)] == [5] * 4


def test_every_pirate_holds_the_six_basic_cards() -> None:
    """R3: Load, Shoot, Shoot Twice, Dodge, Fire and Search, in hand."""
    state = new("cheung,kidd")
    assert state.view(0)["hand"] == BASIC
    assert state.view(1)["hand"] == BASIC
    assert state.view(0)["golden"] == []


@pytest.mark.parametrize("players", range(2, 8))
def test_golden_area_holds_half_the_players_rounded_down(players: int) -> None:
    """R4, R5: floor(players / 2) golden cards face up, the rest of the 22 in the pile."""
    names = ["blackbeard", "chingshih", "morgan", "pargo", "roberts", "zheng", "cheung"]
    state = new(",".join(names[:players]))
    view = state.view(None)
    assert len(view["area"]) == players // 2
    assert view["pile"] == 22 - players // 2
    assert view["discard"] == []


def test_golden_pile_is_shuffled_by_the_seed() -> None:
    """R4: the pile is shuffled; the same seed deals the same area."""
    game = plunder.load("rumble", players=4, pirates=PLAIN4)
    areas = [tuple(game.new(seed=seed).view(None)["area"]) for seed in range(30)]
    assert len(set(areas)) > 5
    assert areas == [tuple(game.new(seed=seed).view(None)["area"]) for seed in range(30)]


def test_the_supply_never_runs_out() -> None:
    """R6, R64: eight pirates load at once and every one of them reaches 5 bullets."""
    state = new("blackbeard,chingshih,morgan,pargo,roberts,cheung,read,kidd")
    play(state, dict.fromkeys(range(8), "load"))
    assert [bullets(state, s) for s in range(8)] == [5] * 8


# --------------------------------------------------------------------- a round
def test_every_living_pirate_chooses_one_card() -> None:
    """R9, R63, R87: every living pirate owes a card it holds and can pay for; no pass."""
    state = new(PLAIN3)
    assert state.pending == frozenset({0, 1, 2})
    # Fire costs 3 and every pirate holds 2 bullets: it cannot be chosen.
    assert legal(state, 1) == ["load", "shoot>0", "shoot>2", "shoot2>0,2", "dodge", "search"]
    assert "pass" not in legal(state, 1)


def test_a_chosen_card_is_hidden_until_every_card_is_chosen() -> None:
    """R9, R10: cards lie face down until all have chosen, then all are revealed together."""
    state = new(PLAIN3)
    state.act(0, "shoot>1")
    other = state.view(1)
    assert other["committed"] == [0]
    assert "choice" not in other
    assert other["revealed"] == []
    assert "shoot" not in str(other["log"])
    assert state.view(0)["choice"] == "shoot>1"
    state.act(1, "load")
    state.act(2, "dodge")
    (reveal,) = log(state, "reveal")
    assert reveal["choices"] == [
        {"seat": 0, "card": "shoot", "targets": [1]},
        {"seat": 1, "card": "load", "targets": []},
        {"seat": 2, "card": "dodge", "targets": []},
    ]


def test_a_basic_card_lies_face_up_for_a_round_then_comes_back() -> None:
    """R16, R18: the basic card played lies face up until the next round is over."""
    state = new(PLAIN3)
    play(state, {0: "load", 1: "load", 2: "load"})
    assert [row(state, s, None)["face_up"] for s in range(3)] == ["load"] * 3
    assert "load" not in legal(state, 0)
    assert state.view(1)["hand"] == ["shoot", "shoot2", "dodge", "fire", "search"]
    play(state, {0: "dodge", 1: "dodge", 2: "dodge"})
    assert row(state, 0, None)["face_up"] == "dodge"
    assert "load" in legal(state, 0)
    assert "dodge" not in legal(state, 0)


def test_a_golden_card_goes_to_the_discard_pile_and_last_rounds_card_comes_back() -> None:
    """R16, R25: a played golden card is discarded; the basic card of last round returns."""
    state = new("kidd,cheung")
    play(state, {0: "load", 1: "dodge"})
    play(state, {0: "steal>1", 1: "load"})
    view = state.view(0)
    assert view["discard"] == ["steal"]
    assert view["golden"] == []
    assert view["players"][0]["face_up"] is None
    assert "load" in legal(state, 0)
    assert "steal>1" not in legal(state, 0)


def test_a_golden_card_is_played_once() -> None:
    """R25: after Kidd's one Steal is played, no Steal is left to him."""
    state = new("kidd,cheung")
    play(state, {0: "steal>1", 1: "load"})
    assert not [a for a in legal(state, 0) if a.startswith("steal")]


# ------------------------------------------------------------------ the cards
def test_load_takes_three_bullets() -> None:
    """R19: 2 + 3 = 5 bullets."""
    state = new(PLAIN3)
    play(state, {0: "load", 1: "dodge", 2: "search"})
    assert bullets(state, 0) == 5


def test_bullets_above_five_are_lost() -> None:
    """R14, R64: Anne Bonny's 4 bullets + 3 stop at 5."""
    state = new("bonny,cheung")
    play(state, {0: "load", 1: "load"})
    assert bullets(state, 0) == 5
    assert bullets(state, 1) == 5


def test_shoot_deals_one_damage_for_one_bullet() -> None:
    """R20: the target loses 1 health; the shooter puts 1 bullet back."""
    state = new(PLAIN3)
    play(state, {0: "shoot>1", 1: "load", 2: "load"})
    assert counts(state) == [(5, 1), (4, 5), (5, 5)]
    assert damage(state) == {1: 1}


def test_shoot_twice_hits_two_different_pirates_for_two_bullets() -> None:
    """R21: 1 damage to each of two different targets, 2 bullets back."""
    state = new(PLAIN3)
    play(state, {0: "shoot2>1,2", 1: "load", 2: "load"})
    assert counts(state) == [(5, 0), (4, 5), (4, 5)]


def test_shoot_twice_needs_two_different_targets() -> None:
    """R21: one target twice is Mary Read's ability only (R74)."""
    state = new(PLAIN3)
    with pytest.raises(plunder.IllegalAction, match="two different targets"):
        state.act(0, "shoot2>1,1")
    assert "shoot2>1,1" not in legal(state, 0)


def test_dodge_takes_one_off_each_attackers_damage_then_gives_a_bullet() -> None:
    """R22, R65: two shooters at a dodger deal nothing; the dodger takes 1 bullet."""
    state = new(PLAIN3)
    play(state, {0: "shoot>1", 1: "dodge", 2: "shoot>1"})
    assert counts(state) == [(5, 1), (5, 3), (5, 1)]
    assert damage(state) == {}


def test_every_dodge_and_block_says_what_it_stopped() -> None:
    """R22, R26, R65 at the table: a line for each Dodge and Block, even one no one tested."""
    state = new(PLAIN3)
    play(state, {0: "shoot>1", 1: "dodge", 2: "shoot>1"})
    assert [(e["seat"], e["card"], e["attackers"], e["prevented"], e["text"])
            for e in log(state, "guard")] == [
        (1, "dodge", [0, 2], 2, "Seat 1 dodges: 2 damage stopped (1 from each of seat 0, seat 2).")]
    state = new(PLAIN3)
    play(state, {0: "dodge", 1: "load", 2: "load"})
    assert [e["text"] for e in log(state, "guard")] == ["Seat 0 dodges; no one attacked seat 0."]
    state = new("kuki,chingshih,morgan")
    play(state, {0: "block", 1: "shoot>0", 2: "load"})
    assert [e["text"] for e in log(state, "guard")] == [
        "Seat 0 blocks: 1 damage stopped (1 from seat 1)."]


def test_the_log_says_how_much_health_is_gained() -> None:
    """R13 at the table: "gains 1 health", or none at full health."""
    state = new(PLAIN3)
    play(state, {0: "shoot>1", 1: "load", 2: "load"})
    play(state, {0: "search", 1: "search", 2: "dodge"}, {0: "grab>0", 1: "grab>0"})
    gained = {e["seat"]: (e["amount"], e["text"]) for e in log(state, "health")}
    assert gained == {0: (0, "Seat 0 is at full health and gains none."),
                      1: (1, "Seat 1 gains 1 health.")}


def test_dodge_takes_one_off_a_single_attackers_fire() -> None:
    """R22, R23, R65: a lone Fire deals 2; the dodger takes 2 - 1 = 1."""
    state = new(PLAIN3)
    play(state, {0: "load", 1: "load", 2: "load"})
    play(state, {0: "fire", 1: "dodge", 2: "shoot>0"})
    # Seat 1: 2 - 1 = 1 damage, bullets 5 + 1 stop at 5; seat 2: 2 damage;
    # seat 0: 1 from seat 2's shot, bullets 5 - 3.
    assert counts(state) == [(4, 2), (4, 5), (3, 4)]


def test_fire_alone_deals_two_to_every_other_pirate() -> None:
    """R23: one Fire: 2 damage to each opponent, 3 bullets back."""
    state = new(PLAIN4)
    play(state, {0: "load", 1: "load", 2: "load", 3: "load"})
    play(state, {0: "fire", 1: "shoot2>2,3", 2: "search", 3: "search"}, {2: "grab>0", 3: "grab>1"})
    # Seat 1: 2 from the fire. Seats 2, 3: 2 from the fire and 1 from the shot, then
    # 1 health for searching: 5 - 3 + 1 = 3.
    assert counts(state) == [(5, 2), (3, 3), (3, 5), (3, 5)]


def test_several_fires_each_deal_one_to_every_other_pirate() -> None:
    """R23, R66: two Fires: each deals 1 to every other living pirate, the other firer too."""
    state = new(PLAIN3)
    play(state, {0: "load", 1: "load", 2: "load"})
    play(state, {0: "fire", 1: "fire", 2: "search"})
    # Seat 2 takes 1 from each Fire, then 1 health for searching.
    assert counts(state) == [(4, 2), (4, 2), (4, 5)]
    assert damage(state) == {0: 1, 1: 1, 2: 2}


def test_three_fires() -> None:
    """R23, R66: three Fires: every firer takes 2, the fourth pirate 3."""
    state = new(PLAIN4)
    play(state, {0: "load", 1: "load", 2: "load", 3: "load"})
    play(state, {0: "fire", 1: "fire", 2: "fire", 3: "dodge"})
    # Seat 3 dodges: each of three attackers deals 1 - 1 = 0.
    assert counts(state) == [(3, 2), (3, 2), (3, 2), (5, 5)]


def test_search_takes_a_golden_card_then_a_health() -> None:
    """R24: the searcher takes the face-up card, a new one is turned up, then 1 health."""
    state = new_with(PLAIN3, "heal")
    pile = state.view(None)["pile"]
    play(state, {0: "search", 1: "shoot>0", 2: "load"})
    view = state.view(0)
    assert view["golden"] == ["heal"]
    assert view["pile"] == pile - 1
    assert len(view["area"]) == 1
    assert (grab := log(state, "grab")[0])["refill"] == view["area"][0]
    assert grab["card"] == "heal"
    # 5 - 1 (the shot) + 1 (Search) = 5.
    assert health(state, 0) == 5
    assert row(state, 0, 1)["golden_known"] == ["heal"]


def test_health_above_the_cap_is_lost() -> None:
    """R14, R64: a searcher at 5 health stays at 5."""
    state = new(PLAIN3)
    play(state, {0: "search", 1: "load", 2: "load"})
    assert health(state, 0) == 5


def test_block_takes_one_off_each_attacker_and_strikes_each_back() -> None:
    """R26, R65: two shooters at a blocker deal nothing and each take 1."""
    state = new("kuki,chingshih,morgan")
    play(state, {0: "block", 1: "shoot>0", 2: "shoot>0"})
    assert counts(state) == [(5, 2), (4, 1), (4, 1)]
    assert [(e["seat"], e["attacker"]) for e in log(state, "block")] == [(0, 1), (0, 2)]
    assert state.view(0)["golden"] == ["block"]


def test_block_strikes_back_even_when_it_takes_all_the_damage_away() -> None:
    """R26, R65: a lone Fire at a blocker: 2 - 1 = 1 damage, and 1 back to the firer."""
    state = new("kuki,chingshih")
    play(state, {0: "load", 1: "load"})
    play(state, {0: "block", 1: "fire"})
    assert counts(state) == [(4, 5), (4, 2)]


def test_heal_takes_two_health() -> None:
    """R27: 3 + 2 = 5."""
    state = new_with(PLAIN4, "heal")
    play(state, {0: "search", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"}, {0: "grab>0"})
    assert health(state, 0) == 3  # 5 - 3 + 1
    play(state, {0: "heal", 1: "load", 2: "load", 3: "load"})
    assert health(state, 0) == 5
    assert state.view(None)["discard"] == ["heal"]


def test_heal_stops_at_the_cap() -> None:
    """R27, R64: 4 + 2 stops at 5."""
    state = new_with(PLAIN3, "heal")
    play(state, {0: "search", 1: "shoot>0", 2: "shoot>0"})  # 4
    play(state, {0: "heal", 1: "load", 2: "load"})
    assert health(state, 0) == 5


def test_load_full_fills_the_bullets_to_five() -> None:
    """R28: 0 bullets become 5."""
    state = new_with(PLAIN3, "loadfull")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "shoot2>1,2", 1: "dodge", 2: "dodge"})
    assert bullets(state, 0) == 0
    play(state, {0: "loadfull", 1: "load", 2: "load"})
    assert bullets(state, 0) == 5


def test_cut_reaches_only_a_pirate_next_to_you() -> None:
    """R29, R59: seat 0's neighbours at a table of four are seats 3 and 1."""
    state = new_with(PLAIN4, "cut")
    play(state, {0: "search", 1: "load", 2: "load", 3: "load"}, {0: "grab>0"})
    assert state.view(0)["golden"] == ["cut"]
    assert sorted(a for a in legal(state, 0) if a.startswith("cut")) == ["cut>1", "cut>3"]
    with pytest.raises(plunder.IllegalAction, match="next to you"):
        state.act(0, "cut>2")


def test_cut_is_not_reduced_by_dodge_or_block() -> None:
    """R22, R26, R29, R65: Cut deals its 1 through Dodge and Block; Block strikes no cutter."""
    state = new("read,kuki,chingshih")
    play(state, {0: "cut>1", 1: "block", 2: "load"})
    assert counts(state)[:2] == [(5, 2), (4, 2)]
    assert log(state, "block") == []
    state = new("read,chingshih,kuki")
    play(state, {0: "cut>1", 1: "dodge", 2: "load"})
    assert counts(state)[:2] == [(5, 2), (4, 3)]


def test_hide_makes_a_card_aimed_at_the_hider_do_nothing() -> None:
    """R30, R63, R67: the shot at the hider does nothing; its bullet is still spent."""
    state = new_with(PLAIN3, "hide")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "hide", 1: "shoot>0", 2: "shoot>0"})
    assert counts(state) == [(5, 2), (5, 4), (5, 4)]
    assert sorted(e["seat"] for e in log(state, "cancelled")) == [1, 2]


def test_shoot_twice_at_a_hider_and_another_fails_whole() -> None:
    """R30, R67: the card aimed at the hider is not executed, not even at the other target."""
    state = new_with(PLAIN3, "hide")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "hide", 1: "shoot2>0,2", 2: "dodge"})
    assert counts(state) == [(5, 2), (5, 3), (5, 5)]


def test_fire_does_not_touch_a_hider() -> None:
    """R30, R67: Fire is aimed at no one, so it runs, but it passes the hider by."""
    state = new_with(PLAIN3, "hide")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "hide", 1: "fire", 2: "shoot>1"})
    assert counts(state) == [(5, 2), (4, 2), (3, 4)]


def test_dodge_stops_steal() -> None:
    """R22, R65, R68: a dodger gives no bullet to a thief, and takes 1 for the Dodge."""
    state = new_with(PLAIN3, "steal")
    play(state, {0: "search", 1: "load", 2: "load"})
    play(state, {0: "steal>1", 1: "dodge", 2: "dodge"})
    # Seat 1 dodges: no bullet moves, and the dodger takes 1 (5 stays 5).
    assert (bullets(state, 0), bullets(state, 1)) == (2, 5)
    (steal,) = log(state, "steal")
    assert steal["taken"] == [0]


def test_steal_takes_one_bullet_from_a_neighbour() -> None:
    """R31, R68: the thief takes 1 bullet; the target hands it over."""
    state = new_with("blackbeard,chingshih", "steal")
    play(state, {0: "search", 1: "shoot>0"})
    play(state, {0: "steal>1", 1: "search"})
    assert (bullets(state, 0), bullets(state, 1)) == (3, 0)
    (steal,) = log(state, "steal")
    assert (steal["seat"], steal["thieves"], steal["taken"]) == (1, [0], [1])


def test_steal_from_an_empty_pocket_takes_nothing() -> None:
    """R31, R68: a target without a bullet gives nothing."""
    state = new("kidd,cheung,chingshih")
    play(state, {0: "load", 1: "shoot2>0,2", 2: "load"})
    assert bullets(state, 1) == 0
    play(state, {0: "steal>1", 1: "search", 2: "dodge"})
    assert (bullets(state, 0), bullets(state, 1)) == (5, 0)
    assert log(state, "steal")[0]["taken"] == [0]


def test_two_thieves_and_one_bullet_take_nothing() -> None:
    """R31, R68: two thieves at a target with 1 bullet: neither steals."""
    state = new_with("kidd,cheung,blackbeard", "steal")
    play(state, {0: "load", 1: "shoot>0", 2: "search"})
    # Seat 1 keeps 1 bullet; seats 0 and 2 are both next to seat 1.
    play(state, {0: "steal>1", 1: "search", 2: "steal>1"})
    assert bullets(state, 1) == 1
    assert log(state, "steal")[0]["taken"] == [0, 0]


def test_a_thief_takes_one_and_kidd_what_is_left() -> None:
    """R38, R68, R78: at a target with 5 bullets Blackbeard takes 1 and Kidd the other 4."""
    state = new_with("kidd,cheung,blackbeard", "steal")
    play(state, {0: "dodge", 1: "load", 2: "search"})
    assert (bullets(state, 0), bullets(state, 1), bullets(state, 2)) == (3, 5, 2)
    play(state, {0: "steal>1", 1: "search", 2: "steal>1"})
    (steal,) = log(state, "steal")
    assert (steal["thieves"], steal["taken"]) == ([0, 2], [4, 1])
    # Kidd: 3 + 4 stops at 5; Blackbeard 2 + 1; Cheung 5 - 5.
    assert (bullets(state, 0), bullets(state, 1), bullets(state, 2)) == (5, 0, 3)


def test_steal_comes_before_the_other_cards() -> None:
    """R13, R68: Anne Bonny (4) loads while Kidd steals all: 4 - 4 = 0, then + 3 = 3."""
    state = new("kidd,bonny")
    play(state, {0: "steal>1", 1: "load"})
    # Kidd: 2 + 4 stops at 5 (R64).
    assert (bullets(state, 0), bullets(state, 1)) == (5, 3)
    assert log(state, "steal")[0]["taken"] == [4]


def test_costs_are_paid_before_steal() -> None:
    """R63, R68: a target who fires with 3 bullets has none left to steal, and still fires."""
    state = new("kidd,cheung,chingshih")
    play(state, {0: "load", 1: "dodge", 2: "load"})  # seat 1: 3 bullets
    play(state, {0: "steal>1", 1: "fire", 2: "dodge"})
    # Cheung's Fire is paid (3 - 3 = 0) before the Steal, which finds no bullet;
    # then Cheung takes 1 bullet for his Fire (R79).
    assert log(state, "steal")[0]["taken"] == [0]
    assert bullets(state, 1) == 1
    assert health(state, 0) == 3


def test_health_is_taken_last_and_only_by_the_living() -> None:
    """R13, R71: a pirate at 0 after the damage is dead: Heal does not save it."""
    state = new_with(PLAIN4, "heal")
    play(state, {0: "search", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"}, {0: "grab>0"})
    play(state, {0: "load", 1: "load", 2: "load", 3: "load"})
    assert health(state, 0) == 3
    play(state, {0: "heal", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})
    assert alive(state) == [False, True, True, True]
    assert row(state, 0, 1)["health"] == 0
    assert [e["seat"] for e in log(state, "death")] == [0]
    assert not [e for e in last_round(state) if e["type"] == "health"]


def test_the_dead_owe_nothing_and_cannot_be_aimed_at() -> None:
    """R71, R88: a dead pirate plays no more and is no target; the circle closes (R59)."""
    state = new("blackbeard,chingshih,morgan,pargo")
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})  # 2
    play(state, {0: "dodge", 1: "load", 2: "load", 3: "load"})
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})  # 2 - 3 < 0
    assert alive(state) == [False, True, True, True]
    assert state.pending == frozenset({1, 2, 3})
    assert state.legal(0) == []
    aimed = [a for a in legal(state, 1) if ">" in a]
    assert aimed and all("0" not in a.split(">")[-1] for a in aimed)
    assert row(state, 1, None)["neighbours"] == [3, 2]
    assert row(state, 3, None)["neighbours"] == [2, 1]


def test_cards_of_pirates_who_die_still_take_effect() -> None:
    """R71: all cards resolve together: a pirate killed this round still hits."""
    state = new("blackbeard,chingshih")
    play(state, {0: "load", 1: "load"})
    play(state, {0: "fire", 1: "fire"})  # each 1 damage: 4, 4
    play(state, {0: "load", 1: "load"})
    play(state, {0: "fire", 1: "fire"})  # 3, 3
    play(state, {0: "shoot>1", 1: "shoot>0"})  # 2, 2
    play(state, {0: "load", 1: "load"})
    play(state, {0: "fire", 1: "fire"})  # 1, 1
    play(state, {0: "shoot>1", 1: "shoot>0"})  # 0, 0: both die at once
    assert alive(state) == [False, False]
    assert state.is_over
    assert state.result.winners == frozenset()
    assert state.result.outcomes == ("draw", "draw")


# --------------------------------------------------------------------- the end
def test_the_last_pirate_standing_wins() -> None:
    """R8, R17: one pirate left: the game is over and that pirate wins."""
    state = new("blackbeard,chingshih,morgan")
    for _ in range(2):
        play(state, {0: "load", 1: "shoot>0", 2: "shoot>0"})
        play(state, {0: "dodge", 1: "load", 2: "load"})
    assert health(state, 0) == 1
    play(state, {0: "load", 1: "shoot>0", 2: "search"})
    assert alive(state) == [False, True, True]
    assert not state.is_over
    play(state, {1: "fire", 2: "dodge"})  # seat 2: 2 - 1 = 1 damage
    assert counts(state)[1:] == [(5, 1), (4, 5)]
    for _ in range(2):
        play(state, {1: "load", 2: "load"})
        play(state, {1: "fire", 2: "shoot>1"})
    assert state.is_over
    assert state.result.winners == frozenset({1})
    assert state.result.outcomes == ("loss", "win", "loss")
    # The scores are the pirates' health at the end: the dead have none.
    assert state.result.scores == (0.0, 3.0, 0.0)
    assert state.pending == frozenset()
    with pytest.raises(plunder.IllegalAction, match="over"):
        state.act(1, "load")


def test_the_round_limit_ends_the_game_with_no_winner() -> None:
    """R86: after ``round_limit`` rounds the game ends, and no one wins."""
    state = new(PLAIN3, round_limit=2)
    play(state, {0: "load", 1: "load", 2: "load"})
    assert not state.is_over
    play(state, {0: "dodge", 1: "dodge", 2: "dodge"})
    assert state.is_over
    assert state.result.winners == frozenset()
    assert "round limit" in state.result.reason
    assert state.view(None)["round"] == 2  # the last round played, not one past it


def test_replay_rebuilds_the_same_play() -> None:
    """Records: the same seed and moves give the same state."""
    state = new_with(PLAIN3, "heal", race="arrival")
    play(state, {0: "search", 1: "search", 2: "shoot>0"}, {1: "grab>0", 0: "grab>0"})
    again = plunder.replay(state.record)
    assert again.view(None) == state.view(None)
    assert [again.view(s) for s in range(3)] == [state.view(s) for s in range(3)]


# --------------------------------------------------------------------- search
def test_searchers_reach_together_and_the_first_touch_takes_the_card() -> None:
    """R24, R69: two searchers, one card: a reach step; with ``race="arrival"`` the first wins."""
    state = new_with(PLAIN3, "heal", race="arrival")
    play(state, {0: "search", 1: "search", 2: "shoot>0"})
    assert state.pending == frozenset({0, 1})
    assert state.view(None)["searchers"] == [0, 1]
    assert legal(state, 0) == legal(state, 1) == ["grab>0"]
    state.act(1, "grab>0")
    state.act(0, "grab>0")
    (grab,) = log(state, "grab")
    assert (grab["seat"], grab["card"], grab["losers"]) == (1, "heal", [0])
    assert state.view(1)["golden"] == ["heal"]
    assert state.view(0)["golden"] == []
    # The loser still takes 1 health: 5 - 1 + 1.
    assert health(state, 0) == 5


def test_a_reach_that_is_a_race_never_plays_itself() -> None:
    """R94: under ``race="arrival"`` each searcher's one answer is its own to time, so
    a table's autoplay leaves it alone; under ``race="random"`` it plays it."""
    from plunder.engine.windows import AutoPass

    autoplay = AutoPass()
    for race, played in (("arrival", None), ("random", "grab>0")):
        state = new_with(PLAIN3, "heal", race=race)
        play(state, {0: "search", 1: "search", 2: "shoot>0"})
        assert legal(state, 0) == legal(state, 1) == ["grab>0"]
        for seat in (0, 1):
            action = autoplay.playing(state, seat)
            assert (None if action is None else action.notation) == played, race


def test_a_random_race_is_won_by_either_searcher() -> None:
    """R69: ``race="random"`` (the default) draws the winner with the game's seed."""
    winners = set()
    for seed in range(20):
        state = new(PLAIN3, seed=seed)
        play(state, {0: "search", 1: "search", 2: "dodge"}, {0: "grab>0", 1: "grab>0"})
        winners.add(log(state, "grab")[0]["seat"])
        again = new(PLAIN3, seed=seed)
        play(again, {0: "search", 1: "search", 2: "load"}, {1: "grab>0", 0: "grab>0"})
        assert log(again, "grab")[0]["seat"] == log(state, "grab")[0]["seat"]
    assert winners == {0, 1}


def test_searchers_reaching_for_different_cards_both_take_one() -> None:
    """R24, R69: with two cards face up, two searchers may each take one."""
    state = new_with(PLAIN4, "heal", "hide")
    play(state, {0: "search", 1: "search", 2: "load", 3: "load"}, {0: "grab>1", 1: "grab>0"})
    assert (state.view(0)["golden"], state.view(1)["golden"]) == (["hide"], ["heal"])


def golden_cards_only_pass_through(state: plunder.State, rounds: int) -> None:
    """Every seat plays a golden card when it holds one, else searches, else dodges."""
    for _ in range(rounds):
        for seat in sorted(state.pending):
            options = legal(state, seat)
            golden = [a for a in options if a.split(">")[0] in state.view(seat)["golden"]]
            state.act(seat, (golden or [a for a in options if a == "search"] or ["dodge"])[0])
        while state.view(None)["phase"] == "reach":
            for seat in sorted(state.pending):
                options = legal(state, seat)
                state.act(seat, options[seat % len(options)])


def test_an_empty_pile_is_made_anew_from_the_discard_pile() -> None:
    """R24, R69: when the pile runs out, the shuffled discard pile becomes the pile."""
    state = new("blackbeard,cheung,morgan,pargo,roberts,zheng,kuki,read")
    while not log(state, "reshuffle"):
        golden_cards_only_pass_through(state, 1)
    reshuffle = max(i for i, e in enumerate(state.view(None)["log"]) if e["type"] == "reshuffle")
    assert state.view(None)["log"][reshuffle + 1]["type"] == "grab"
    assert state.view(None)["pile"] > 0


def test_search_with_nothing_face_up_still_gives_health() -> None:
    """R69: every golden card is held: the area is empty, and Search gives 1 health."""
    state = new("blackbeard,chingshih,morgan,pargo,roberts,cheung,zheng,bonny")
    for _ in range(30):
        if not any(state.view(None)["area"]):
            break
        for seat in sorted(state.pending):
            state.act(seat, "search" if "search" in legal(state, seat) else "dodge")
        while state.view(None)["phase"] == "reach":
            for seat in sorted(state.pending):
                options = legal(state, seat)
                state.act(seat, options[seat % len(options)])
    assert state.view(None)["area"] == [None] * 4
    assert state.view(None)["pile"] == 0
    # The area emptied in a round of searches: one round of loads brings Search back.
    play(state, dict.fromkeys(range(8), "load"))
    play(state, {0: "shoot>1", 1: "search"} | dict.fromkeys(range(2, 8), "dodge"))
    # Seat 1 (Ching Shih, with an empty discard pile): 5 - 1 + 1, and no reach step.
    assert health(state, 1) == 5
    assert log(state, "grab")[-1]["refill"] is None
    assert state.pending == frozenset(range(8))
    assert state.view(None)["round"] == log(state, "reveal")[-1]["round"] + 1


def test_steals_are_judged_together_on_the_bullets_held_before_any_steal() -> None:
    """R68: Kidd (2) and Blackbeard (0) steal from each other: Blackbeard takes 1; Kidd
    finds no bullet (the one just stolen from him does not count), whatever the seats."""
    state = new_with("kidd,blackbeard,cheung", "steal")
    play(state, {0: "shoot>2", 1: "search", 2: "load"})
    play(state, {0: "dodge", 1: "shoot2>0,2", 2: "dodge"})
    assert (bullets(state, 0), bullets(state, 1)) == (2, 0)
    play(state, {0: "steal>1", 1: "steal>0", 2: "load"})
    steals = {e["seat"]: (e["thieves"], e["taken"]) for e in log(state, "steal")}
    assert steals == {0: ([1], [1]), 1: ([0], [0])}
    assert (bullets(state, 0), bullets(state, 1)) == (1, 1)
