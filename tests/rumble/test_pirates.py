"""The eleven pirates and their special cards, through the public protocol.

Rule numbers refer to ``docs/rules/rumble.md``; expectations are worked out by hand.
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
    legal,
    log,
    new,
    new_with,
    play,
    row,
)

ALL = ["blackbeard", "bonny", "cheung", "chingshih", "kidd", "kuki"]
ALL += ["morgan", "pargo", "read", "roberts", "zheng"]
BASIC = ["load", "shoot", "shoot2", "dodge", "fire", "search"]


# ----------------------------------------------------------- dealing pirates
def test_pirates_are_dealt_at_random_each_at_most_once() -> None:
    """R84: a random table never repeats a pirate, and every pirate gets dealt."""
    game = plunder.load("rumble", players=8)
    seen: set[str] = set()
    for seed in range(40):
        names = [p["pirate"] for p in game.new(seed=seed).view(None)["players"]]
        assert len(set(names)) == 8
        seen.update(names)
    assert sorted(seen) == ALL


def test_the_pirates_option_seats_the_listed_pirates() -> None:
    """R84: ``pirates="kidd,read"`` seats Kidd at 0 and Mary Read at 1."""
    state = new("kidd,read")
    assert [p["title"] for p in state.view(None)["players"]] == ["William Kidd", "Mary Read"]


def test_a_draft_lets_the_seats_pick_in_seat_order() -> None:
    """R84: ``pirates="draft"``: seat 0 picks, then seat 1, …; a taken pirate is refused."""
    state = plunder.load("rumble", players=3, pirates="draft").new(seed=1)
    assert state.pending == frozenset({0})
    assert state.view(None)["pirates_left"] == ALL
    assert legal(state, 0) == [f"pirate>{name}" for name in ALL]
    state.act(0, "pirate>zheng")
    assert state.pending == frozenset({1})
    with pytest.raises(plunder.IllegalAction, match="already taken"):
        state.act(1, "pirate>zheng")
    state.act(1, "pirate>roberts")
    state.act(2, "pirate>kidd")
    view = state.view(None)
    assert [p["pirate"] for p in view["players"]] == ["zheng", "roberts", "kidd"]
    assert view["phase"] == "choose"
    assert state.pending == frozenset({0, 1, 2})
    assert counts(state) == [(5, 2), (6, 2), (5, 2)]
    assert len(view["area"]) == 1


def test_golden_cards_of_the_pirates_come_out_of_the_pile() -> None:
    """R84, R34, R38, R41: Read's Cut, Kidd's Steal and Kuki's two Blocks leave the pile."""
    state = new("read,kidd,kuki,cheung")
    view = state.view(None)
    assert view["pile"] == 22 - 4 - 2
    assert [p["golden_known"] for p in view["players"]] == [
        ["cut"],
        ["steal"],
        ["block", "block"],
        [],
    ]


# ------------------------------------------------------ Bartholomew Roberts
def test_roberts_starts_with_six_health_and_a_special_token() -> None:
    """R32, R72: 6 health (cap 6), 2 bullets, 1 special token."""
    state = new("roberts,cheung")
    assert counts(state)[0] == (6, 2)
    assert row(state, 0, 1)["max_health"] == 6
    assert row(state, 0, 1)["tokens"] == 1
    play(state, {0: "search", 1: "shoot>0"})
    assert health(state, 0) == 6  # 6 - 1 + 1
    play(state, {0: "load", 1: "load"})
    play(state, {0: "search", 1: "dodge"})
    assert health(state, 0) == 6  # 6 + 1 stops at 6


def roberts_at_three() -> plunder.State:
    """Roberts (seat 0) at 3 health, the three others at 4 bullets."""
    state = new("roberts,blackbeard,chingshih,morgan")
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})
    play(state, {0: "dodge", 1: "load", 2: "load", 3: "load"})
    assert counts(state)[0] == (3, 5)
    return state


def test_roberts_token_turns_into_health_below_three() -> None:
    """R32, R72: 3 - 1 = 2 < 3: the token becomes 1 health, 3; it is spent."""
    state = roberts_at_three()
    play(state, {0: "load", 1: "shoot>0", 2: "dodge", 3: "dodge"})
    assert health(state, 0) == 3
    assert row(state, 0, 1)["tokens"] == 0
    assert [e["seat"] for e in log(state, "reserve")] == [0]


def test_roberts_token_saves_him_at_zero() -> None:
    """R32, R72: 3 - 3 = 0, then the token: 1 health, alive (before the death check)."""
    state = roberts_at_three()
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})
    assert alive(state)[0]
    assert health(state, 0) == 1
    assert row(state, 0, 1)["tokens"] == 0


def test_roberts_token_cannot_save_him_below_zero() -> None:
    """R32, R72: 3 - 4 = -1, + 1 = 0: dead."""
    state = roberts_at_three()
    play(state, {0: "load", 1: "fire", 2: "shoot>0", 3: "shoot>0"})
    assert not alive(state)[0]
    assert row(state, 0, 1)["tokens"] == 0


def test_roberts_token_is_used_once() -> None:
    """R72: after the token is spent, falling below 3 again gives nothing."""
    state = roberts_at_three()
    play(state, {0: "load", 1: "shoot>0", 2: "dodge", 3: "dodge"})  # 2, + 1 = 3
    play(state, {0: "dodge", 1: "load", 2: "shoot>0", 3: "shoot>0"})  # 3 - 0 = 3
    assert health(state, 0) == 3
    play(state, {0: "load", 1: "shoot>0", 2: "load", 3: "load"})
    assert health(state, 0) == 2


# ------------------------------------------------------------------ Anne Bonny
def test_bonny_starts_with_four_bullets_and_a_golden_card_no_one_else_saw() -> None:
    """R33, R73: 4 bullets; one golden card from the pile, shown to her alone."""
    state = new("bonny,cheung")
    assert counts(state)[0] == (5, 4)
    (card,) = state.view(0)["golden"]
    assert row(state, 0, 0)["golden_known"] == []
    assert row(state, 0, 0)["golden_unseen"] == 1
    assert row(state, 0, 1)["golden_unseen"] == 1
    assert state.view(None)["pile"] == 22 - 1 - 1
    assert [e["card"] for e in log(state, "secret_golden", 0)] == [card]
    assert log(state, "secret_golden", 1) == []
    assert log(state, "secret_golden", None) == []


def test_playing_a_known_copy_keeps_the_unseen_card_unseen() -> None:
    """R70: Bonny holds an unseen card and a known copy of it; she plays the known one."""
    game = plunder.load("rumble", players=2, pirates="bonny,cheung")
    state = next(
        state
        for state in map(game.new, range(500))
        if state.view(0)["golden"] == state.view(None)["area"]
    )
    (card,) = state.view(0)["golden"]
    play(state, {0: "search", 1: "load"})
    assert row(state, 0, 1)["golden_known"] == [card]
    assert row(state, 0, 1)["golden_unseen"] == 1
    target = ">1" if card in ("cut", "steal") else ""
    play(state, {0: card + target, 1: "dodge"})
    assert row(state, 0, 1)["golden_known"] == []
    assert row(state, 0, 1)["golden_unseen"] == 1
    assert state.view(0)["golden"] == [card]


def test_bonny_plays_her_unseen_card_and_it_is_known() -> None:
    """R70, R73: once played, the card is revealed and discarded."""
    state = new("bonny,cheung")
    (card,) = state.view(0)["golden"]
    target = ">1" if card in ("cut", "steal") else ""
    play(state, {0: card + target, 1: "dodge"})
    assert row(state, 0, 1)["golden_unseen"] == 0
    assert state.view(1)["discard"] == [card]


# ------------------------------------------------------------------ Mary Read
def test_read_takes_a_cut_from_the_golden_pile() -> None:
    """R34, R74: her Cut is a golden card of the pile, known to all."""
    state = new("read,cheung")
    assert state.view(0)["golden"] == ["cut"]
    assert row(state, 0, 1)["golden_known"] == ["cut"]
    assert state.view(None)["pile"] == 22 - 1 - 1


def test_read_may_shoot_one_target_twice() -> None:
    """R34, R74: ``shoot2>1,1`` deals 2 to seat 1 for 2 bullets."""
    state = new("read,cheung,chingshih")
    assert [a for a in legal(state, 0) if a.startswith("shoot2")] == [
        "shoot2>1,1",
        "shoot2>1,2",
        "shoot2>2,2",
    ]
    play(state, {0: "shoot2>1,1", 1: "load", 2: "load"})
    assert counts(state)[:2] == [(5, 0), (3, 5)]


def test_reads_double_shot_is_one_attacker_for_dodge_and_block() -> None:
    """R65, R74: a dodger takes 2 - 1 = 1; a blocker takes 1 and strikes back once."""
    state = new("read,cheung,kuki")
    play(state, {0: "shoot2>1,1", 1: "dodge", 2: "load"})
    assert health(state, 1) == 4
    state = new("read,cheung,kuki")
    play(state, {0: "shoot2>2,2", 1: "load", 2: "block"})
    assert (health(state, 0), health(state, 2)) == (4, 4)
    assert len(log(state, "block")) == 1


def test_reads_cut_reaches_anyone() -> None:
    """R34, R74: at a table of five her Cut reaches seats 2 and 3 too."""
    state = new("read,cheung,chingshih,blackbeard,morgan")
    assert sorted(a for a in legal(state, 0) if a.startswith("cut")) == [
        "cut>1",
        "cut>2",
        "cut>3",
        "cut>4",
    ]
    play(state, {0: "cut>2", 1: "load", 2: "dodge", 3: "load", 4: "load"})
    assert health(state, 2) == 4


# ---------------------------------------------------------------- Henry Morgan
def test_morgan_holds_take_cover_and_two_tokens() -> None:
    """R35, R75: seven cards; Take Cover aims at a neighbour."""
    state = new("morgan,cheung,chingshih,blackbeard")
    assert state.view(0)["hand"] == [*BASIC, "cover"]
    assert row(state, 0, 1)["tokens"] == 2
    assert sorted(a for a in legal(state, 0) if a.startswith("cover")) == ["cover>1", "cover>3"]


def test_take_cover_passes_the_damage_to_the_neighbour() -> None:
    """R44, R75: a shot at Morgan hits the chosen neighbour; a token is spent."""
    state = new("morgan,cheung,chingshih")
    play(state, {0: "cover>2", 1: "shoot>0", 2: "load"})
    assert (health(state, 0), health(state, 2)) == (5, 4)
    assert row(state, 0, 1)["tokens"] == 1
    assert row(state, 0, 1)["face_up"] == "cover"


def test_take_cover_passes_fire_and_the_neighbours_dodge_applies() -> None:
    """R65, R75: a lone Fire's 2 at Morgan go to the dodging neighbour with its own 2.

    From one attacker the dodger takes 2 + 2 - 1 = 3.
    """
    state = new("morgan,cheung,chingshih")
    play(state, {0: "load", 1: "load", 2: "load"})
    play(state, {0: "cover>2", 1: "fire", 2: "dodge"})
    assert (health(state, 0), health(state, 2)) == (5, 2)


def test_take_cover_passes_a_steal() -> None:
    """R75: Kidd steals from Morgan, who takes cover behind Cheung: Cheung is robbed."""
    state = new("kidd,morgan,cheung")
    play(state, {0: "steal>1", 1: "cover>2", 2: "load"})
    # Steal first (R13): Cheung's 2 go to Kidd, then Cheung loads 3.
    assert (bullets(state, 0), bullets(state, 1), bullets(state, 2)) == (4, 2, 3)


def test_take_cover_at_a_hider_fails() -> None:
    """R67, R75: the neighbour hides: Take Cover is aimed at a hider and does nothing."""
    state = new_with("morgan,cheung,blackbeard", "hide")
    play(state, {0: "load", 1: "load", 2: "search"})
    play(state, {0: "cover>2", 1: "shoot>0", 2: "hide"})
    assert (health(state, 0), health(state, 2)) == (4, 5)
    assert row(state, 0, 1)["tokens"] == 1


def test_take_cover_is_spent_after_two_uses() -> None:
    """R75: each Take Cover spends a token; with none left it cannot be chosen."""
    state = new("morgan,cheung")
    play(state, {0: "cover>1", 1: "load"})
    play(state, {0: "load", 1: "dodge"})
    play(state, {0: "cover>1", 1: "load"})
    play(state, {0: "dodge", 1: "dodge"})
    assert row(state, 0, 1)["tokens"] == 0
    assert "cover>1" not in legal(state, 0)
    with pytest.raises(plunder.IllegalAction, match="special token"):
        state.act(0, "cover>1")


# ----------------------------------------------------------------- Blackbeard
def test_pick_takes_every_golden_card_the_others_played() -> None:
    """R36, R45, R76: Kidd's Steal and Kuki's Block go to Blackbeard's hand."""
    state = new("blackbeard,kidd,kuki")
    assert state.view(0)["hand"] == [*BASIC, "pick"]
    play(state, {0: "pick", 1: "steal>0", 2: "block"})
    assert state.view(0)["golden"] == ["steal", "block"]
    assert row(state, 0, 2)["golden_known"] == ["block", "steal"]
    assert state.view(None)["discard"] == []
    # Kidd stole both of Blackbeard's bullets; Pick gives nothing else.
    assert counts(state)[0] == (5, 0)
    assert "steal>1" in legal(state, 0)


def test_pick_without_golden_cards_gives_a_health_and_a_bullet() -> None:
    """R45, R76: no golden card played: 1 health and 1 bullet."""
    state = new("blackbeard,cheung")
    play(state, {0: "shoot>1", 1: "shoot>0"})
    assert counts(state)[0] == (4, 1)
    play(state, {0: "pick", 1: "dodge"})
    assert counts(state)[0] == (5, 2)
    assert row(state, 0, 1)["face_up"] == "pick"


def test_a_dead_blackbeard_picks_nothing() -> None:
    """R76: Pick works only if Blackbeard is alive after the battle."""
    state = new("blackbeard,kidd,cheung,chingshih")
    play(state, {0: "load", 1: "shoot>0", 2: "shoot>0", 3: "shoot>0"})  # 2
    play(state, {0: "dodge", 1: "load", 2: "load", 3: "load"})
    play(state, {0: "pick", 1: "steal>0", 2: "shoot>0", 3: "shoot>0"})  # 0
    assert not alive(state)[0]
    assert state.view(None)["discard"] == ["steal"]


# ---------------------------------------------------------------- Amaro Pargo
def test_pargo_holds_bomb_instead_of_fire() -> None:
    """R37: no Fire in his hand; Bomb costs 3."""
    state = new("pargo,cheung")
    assert state.view(0)["hand"] == ["load", "shoot", "shoot2", "dodge", "bomb", "search"]
    assert "bomb>1" not in legal(state, 0)
    play(state, {0: "load", 1: "load"})
    assert "bomb>1" in legal(state, 0)


def test_bomb_deals_three_to_the_target_and_one_to_each_of_its_neighbours() -> None:
    """R46, R77: at a table of five, a Bomb at seat 2 hits 2 for 3, seats 1 and 3 for 1."""
    state = new("pargo,cheung,chingshih,blackbeard,morgan")
    play(state, dict.fromkeys(range(5), "load"))
    play(state, {0: "bomb>2", 1: "shoot>4", 2: "shoot>4", 3: "shoot>4", 4: "dodge"})
    # Seat 4 dodges each of the three shots: 1 - 1 = 0.
    assert damage(state) == {1: 1, 2: 3, 3: 1}
    assert bullets(state, 0) == 2


def test_bomb_at_a_neighbour_splashes_the_bomber() -> None:
    """R46, R77: Pargo bombs seat 1 at a table of four: he sits next to it, so he takes 1."""
    state = new("pargo,cheung,chingshih,blackbeard")
    play(state, dict.fromkeys(range(4), "load"))
    play(state, {0: "bomb>1", 1: "shoot>2", 2: "dodge", 3: "dodge"})
    # Seat 1: 3; seat 2 (next to 1) dodges Pargo's 1 and Cheung's 1: 0; Pargo: 1.
    assert damage(state) == {1: 3, 0: 1}
    assert bullets(state, 0) == 2


def test_bomb_with_two_pirates_left() -> None:
    """R46, R59, R77: the target's only neighbour is the bomber."""
    state = new("pargo,cheung")
    play(state, {0: "load", 1: "load"})
    play(state, {0: "bomb>1", 1: "dodge"})
    assert (health(state, 0), health(state, 1)) == (4, 3)


# ---------------------------------------------------------------- William Kidd
def test_kidd_steals_every_bullet() -> None:
    """R38, R78: alone at a target with 2 bullets, Kidd takes both."""
    state = new("kidd,cheung")
    assert state.view(0)["golden"] == ["steal"]
    play(state, {0: "steal>1", 1: "search"})
    assert (bullets(state, 0), bullets(state, 1)) == (4, 0)
    assert log(state, "steal")[0]["taken"] == [2]


# ------------------------------------------------------------- Cheung Po Tsai
def test_cheung_takes_a_bullet_after_his_fire() -> None:
    """R39, R79: Fire needs 3 (not 2); after it he takes 1: 3 - 3 + 1 = 1."""
    state = new("cheung,chingshih")
    assert "fire" not in legal(state, 0)
    play(state, {0: "dodge", 1: "load"})
    assert bullets(state, 0) == 3
    play(state, {0: "fire", 1: "dodge"})
    assert bullets(state, 0) == 1
    assert health(state, 1) == 4


# ------------------------------------------------------------------ Ching Shih
def test_ching_shih_may_search_the_discard_pile_for_a_token() -> None:
    """R40, R80: she takes Kidd's discarded Steal instead of a face-up card."""
    state = new("chingshih,kidd")
    assert row(state, 0, 1)["tokens"] == 2
    play(state, {0: "load", 1: "steal>0"})
    assert state.view(None)["discard"] == ["steal"]
    play(state, {0: "search", 1: "load"})
    # A choice: the reach is her decision.
    assert state.pending == frozenset({0})
    area = state.view(None)["area"]
    assert legal(state, 0) == [f"grab>{i}" for i in range(len(area))] + ["dig>steal"]
    state.act(0, "dig>steal")
    view = state.view(1)
    assert view["discard"] == []
    assert view["area"] == area
    assert view["players"][0]["golden_known"] == ["steal"]
    assert view["players"][0]["tokens"] == 1
    assert [e["card"] for e in log(state, "dig")] == ["steal"]


def test_ching_shih_without_a_token_only_grabs() -> None:
    """R80: after two digs, with no token left, her Search reaches the golden area only."""
    state = new("chingshih,kidd,kuki")
    play(state, {0: "load", 1: "steal>0", 2: "block"})
    play(state, {0: "search", 1: "load", 2: "load"})
    assert legal(state, 0) == ["grab>0", "dig>block", "dig>steal"]
    state.act(0, "dig>block")
    play(state, {0: "dodge", 1: "dodge", 2: "block"})
    assert state.view(None)["discard"] == ["steal", "block"]
    play(state, {0: "search", 1: "search", 2: "load"}, {0: "dig>steal", 1: "grab>0"})
    assert row(state, 0, 1)["tokens"] == 0
    play(state, {0: "load", 1: "load", 2: "dodge"})
    (face_up,) = state.view(None)["area"]
    play(state, {0: "search", 1: "dodge", 2: "load"})
    # One searcher, one card within reach: no reach decision; the next round begins.
    assert state.pending == frozenset({0, 1, 2})
    assert face_up in state.view(0)["golden"]
    assert state.view(None)["discard"] == ["block"]


# -------------------------------------------------------------- Kuki Yoshitaka
def test_kuki_takes_two_blocks_from_the_pile() -> None:
    """R41, R81: two Blocks; he plays them one at a time."""
    state = new("kuki,cheung")
    assert state.view(0)["golden"] == ["block", "block"]
    assert state.view(None)["pile"] == 22 - 2 - 1
    play(state, {0: "block", 1: "shoot>0"})
    assert state.view(0)["golden"] == ["block"]
    play(state, {0: "block", 1: "load"})
    assert state.view(0)["golden"] == []
    assert state.view(None)["discard"] == ["block", "block"]


# --------------------------------------------------------------- Zheng Zhilong
def test_zheng_fights_with_qi_gong() -> None:
    """R42, R82: Smite, Stabbing and Whirlwind instead of Shoot, Shoot Twice and Fire."""
    state = new("zheng,cheung,chingshih,blackbeard")
    assert state.view(0)["hand"] == ["load", "smite", "stab", "dodge", "whirlwind", "search"]
    assert row(state, 0, 1)["bullet_name"] == "Qi-Gong"
    assert sorted(a for a in legal(state, 0) if a.startswith("smite")) == ["smite>1", "smite>3"]
    assert sorted(a for a in legal(state, 0) if a.startswith("stab")) == [
        "stab>1",
        "stab>2",
        "stab>3",
    ]


def test_smite_deals_two_to_a_neighbour_and_one_to_its_other_neighbour() -> None:
    """R48, R82: Zheng smites seat 1 at a table of four: 1 takes 2, seat 2 takes 1."""
    state = new("zheng,cheung,chingshih,blackbeard")
    play(state, {0: "smite>1", 1: "load", 2: "load", 3: "load"})
    assert damage(state) == {1: 2, 2: 1}
    assert bullets(state, 0) == 0


def test_smite_never_hits_zheng() -> None:
    """R48, R82: with two pirates left, the target's other neighbour is Zheng: no splash."""
    state = new("zheng,cheung")
    play(state, {0: "smite>1", 1: "load"})
    assert damage(state) == {1: 2}


def test_stabbing_deals_two_next_to_zheng_and_one_further() -> None:
    """R47, R82: at a table of four, seat 1 is next to Zheng, seat 2 is not."""
    state = new("zheng,cheung,chingshih,blackbeard")
    play(state, {0: "stab>1", 1: "load", 2: "load", 3: "load"})
    assert damage(state) == {1: 2}
    assert bullets(state, 0) == 0


def test_whirlwind_deals_one_to_every_other_pirate() -> None:
    """R49, R82: 1 to each of the three others, for 2 Qi-Gong tokens."""
    state = new("zheng,cheung,chingshih,blackbeard")
    play(state, {0: "load", 1: "dodge", 2: "dodge", 3: "dodge"})
    play(state, {0: "whirlwind", 1: "load", 2: "load", 3: "load"})
    assert damage(state) == {1: 1, 2: 1, 3: 1}
    assert bullets(state, 0) == 3


def test_stabbing_at_a_pirate_not_next_to_zheng() -> None:
    """R47, R82: 1 damage."""
    state = new("zheng,cheung,chingshih,blackbeard")
    play(state, {0: "stab>2", 1: "load", 2: "load", 3: "load"})
    assert damage(state) == {2: 1}


# ------------------------------------------------------------ special cards
def test_special_cards_are_basic_cards() -> None:
    """R43, R83: a special card lies face up a round and then comes back."""
    state = new("zheng,cheung")
    play(state, {0: "smite>1", 1: "load"})
    assert row(state, 0, 1)["face_up"] == "smite"
    assert state.view(None)["discard"] == []
    play(state, {0: "load", 1: "dodge"})
    assert "smite>1" in legal(state, 0)
