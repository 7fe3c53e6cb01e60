"""Rum & Bones' rules, one test or more per rule of docs/rules/rumbones.md (R-numbers).

The box board (``boards.toml``, ``box``)::

       a b c d e f g h i
    1  ~ G G G G G G G ~     G: the Gallant (Deep Sea Lords, seat 0)
    2  ~ G G G G G G G ~     W, V: the two Windcutters (Marea, seat 1)
    3  ~ G G G G G G G ~     =: gangplanks, ~: the sea
    4  ~ ~ = ~ ~ ~ = ~ ~
    5  ~ ~ = ~ ~ ~ = ~ ~     Lords' deployment points: b1 e1 h1
    6  W W W W ~ V V V V     Marea's: b8 d7 h8
    7  W W W W = V V V V
    8  W W W W ~ V V V V

Heroes of ``kit.HEROES``: 0 Carcharius (9 HP, Jaws: range 1, 3 dice, 4+),
1 Ishmael, 2 Nerissa (Lords); 3 Calavera (9 HP, Rapier and Pistol: range 2,
3 dice, 4+), 4 Demarco, 5 Hueso (Marea).
"""

from __future__ import annotations

import pytest

import plunder
from plunder.engine import IllegalAction
from plunder.games.rumbones.pieces import Reserve
from rumbones import kit
from rumbones.kit import activate, crew, decision, empty, legal, place, play, rolls_for


# ------------------------------------------------------------------ set-up
def test_r1_each_seat_leads_a_faction_on_its_own_ships() -> None:
    state = kit.new(factions="marea", heroes="calavera,demarco,hueso;carcharius,ishmael,"
                    "nerissa")
    view = state.view(None, log=False)
    assert view["factions"] == ["marea", "lords"]
    # The Marea's objectives stand on the Windcutters, the Lords' on the Gallant.
    board = state.game.config.board
    assert {board.zones[z].ship for z in view["objectives"][0]} == {
        "windcutter_port", "windcutter_starboard"}
    assert {board.zones[z].ship for z in view["objectives"][1]} == {"gallant"}


def test_r2_the_sides_draft_three_heroes_of_their_faction_or_mercenaries() -> None:
    state = plunder.load("rumbones", heroes="draft").new(seed=3)
    order = []
    while state.decision.kind == "pick":
        seat = min(state.pending)
        order.append(seat)
        offered = {str(a).split(":")[1] for a in state.legal(seat)}
        faction = state.view(None, log=False)["factions"][seat]
        catalogue = state.game.catalogue()["heroes"]
        assert all(catalogue[h]["faction"] in (faction, "mercenary") for h in offered)
        state.act(seat, "pick:pete" if "pick:pete" in kit.legal(state, seat) else
                  kit.legal(state, seat)[0])
    assert order == [0, 1, 0, 1, 0, 1]
    picks = state.view(None, log=False)["picks"]
    # Both sides may field the same hero (a mercenary here); a side never twice.
    assert "pete" in picks[0] and "pete" in picks[1]
    assert all(len(set(p)) == 3 for p in picks)


def test_r3_heroes_are_numbered_by_side() -> None:
    heroes = kit.new().view(None, log=False)["heroes"]
    assert [(h["index"], h["side"], h["hero"]) for h in heroes] == [
        (0, 0, "carcharius"), (1, 0, "ishmael"), (2, 0, "nerissa"),
        (3, 1, "calavera"), (4, 1, "demarco"), (5, 1, "hueso"),
    ]


@pytest.mark.parametrize("board", ["box", "broadside"])
def test_r4_objectives_and_twelve_deckhands_stand_where_the_configuration_says(
    board: str,
) -> None:
    state = kit.new(board=board)
    view = state.view(None, log=False)
    config = state.game.catalogue()["board"]
    for side, faction in enumerate(view["factions"]):
        assert {z: o["objective"] for z, o in view["objectives"][side].items()} == \
            config["objectives"][faction]
        placed = {}
        for group in view["crew"][side]:
            placed[group["zone"]] = placed.get(group["zone"], 0) + group["deckhands"]
        assert placed == config["crew"][faction]
        assert sum(placed.values()) == 12
        assert view["reserve"][side] == [24 - 12, 6]


def test_r6_the_highest_roll_goes_first() -> None:
    for seed in range(20):
        state = kit.new(seed=seed)
        rolls = [e for e in state.events(None) if e["type"] == "roll"]
        last = rolls[-2:]
        assert last[0]["dice"] != last[1]["dice"]  # ties roll again
        higher = 0 if last[0]["dice"][0] > last[1]["dice"][0] else 1
        assert state.view(None, log=False)["first"] == higher
        assert min(state.pending) == higher


# ------------------------------------------------------------------ turns
def test_r7_r8_a_turn_activates_a_ready_hero_the_crew_or_passes() -> None:
    state = empty()
    assert legal(state, 0) == ["hero:0", "hero:1", "hero:2", "crew", "pass"]
    activate(state, 0, deploy="e1")
    play(state, 0, "end")
    # The activation token keeps hero 0 out for the round; side 1 plays next.
    assert decision(state)["seats"] == [1]
    play(state, 1, "pass")
    assert "hero:0" not in legal(state, 0)
    with pytest.raises(IllegalAction):
        state.act(0, "hero:0")


def test_r8_a_hero_deploys_for_free_on_a_deployment_point_without_enemies() -> None:
    state = empty()
    place(state, 3, "e1")  # an enemy hero stands on e1
    activate(state, 0)
    assert decision(state)["kind"] == "deploy"
    assert legal(state, 0) == ["deploy>b1", "deploy>h1"]
    state.act(0, "deploy>b1")
    assert decision(state) == {"kind": "act", "seats": [0], "hero": 0, "left": 3}


def test_r9_the_sides_alternate_and_a_side_that_passed_is_skipped() -> None:
    state = empty()
    activate(state, 0, deploy="b1")
    play(state, 0, "end")
    assert state.pending == {1}
    play(state, 1, "pass")
    # Side 1 passed: side 0 plays on alone until it passes too.
    assert state.pending == {0}
    activate(state, 1, deploy="e1")
    play(state, 0, "end")
    assert state.pending == {0}
    since = state.event_count(None)
    play(state, 0, "pass")
    assert "recovery" in kit.kinds(state, since)
    assert state.view(None, log=False)["round"] == 2


def test_r10_an_activation_is_three_actions_then_its_token() -> None:
    state = empty()
    activate(state, 0, deploy="e1")
    for left in (3, 2, 1):
        assert decision(state)["left"] == left
        play(state, 0, "move", "stop")
    assert decision(state)["kind"] == "turn" and state.pending == {1}
    assert state.view(None, log=False)["heroes"][0]["activated"] is True



def test_r10_an_activation_ended_early_leaves_nothing_to_the_next() -> None:
    state = empty()
    place(state, 0, "e1")
    activate(state, 0)
    play(state, 0, "move", "step>e2")
    view = state.view(None, log=False)
    assert (view["actions_left"], view["mp"], view["move_actions"]) == (2, 1, 1)
    play(state, 0, "stop", "end")
    view = state.view(None, log=False)
    assert view["acting"] is None
    assert (view["actions_left"], view["mp"], view["move_actions"], view["used"]) == (0, 0, 0, [])

# ------------------------------------------------------------------ movement
def test_r11_r12_a_move_spends_two_points_on_adjacent_zones_free_of_enemies() -> None:
    state = empty()
    place(state, 3, "d2")  # an enemy beside e2
    activate(state, 0, deploy="e1")
    play(state, 0, "move")
    assert decision(state) == {"kind": "move", "seats": [0], "hero": 0, "mp": 2}
    # Orthogonal neighbours only, never into the enemy's zone.
    assert sorted(legal(state, 0)) == ["step>d1", "step>e2", "step>f1", "stop"]
    play(state, 0, "step>e2")
    assert decision(state)["mp"] == 1
    assert "step>d2" not in legal(state, 0)
    play(state, 0, "step>e3")
    # Both points spent: the next action.
    assert decision(state)["kind"] == "act" and decision(state)["left"] == 2


def test_r12_the_sea_is_never_entered() -> None:
    state = empty()
    place(state, 0, "b3")
    activate(state, 0)
    play(state, 0, "move")
    steps = [a for a in legal(state, 0) if a.startswith("step")]
    assert steps == ["step>b2", "step>c3"]  # b4 is sea, a3 is sea


def test_r12_a_move_passes_over_an_enemy_deployment_point_but_never_ends_there() -> None:
    state = empty()
    place(state, 0, "c8")
    activate(state, 0)
    play(state, 0, "move")
    assert "step>b8" in legal(state, 0)  # two points: it can go on from there
    play(state, 0, "step>b8")
    assert "stop" not in legal(state, 0)
    play(state, 0, "step>a8")
    assert state.view(None, log=False)["heroes"][0]["zone"] == "a8"
    # With one point left the deployment point is no place to step to.
    state = empty()
    place(state, 0, "c7")
    activate(state, 0)
    play(state, 0, "move", "step>c8")
    assert "step>b8" not in legal(state, 0) and "stop" in legal(state, 0)


def test_r13_a_hero_on_a_ship_edge_rigs_to_the_faced_ship_on_a_roll_at_least_the_range(
) -> None:
    state = empty()
    place(state, 0, "b3")
    activate(state, 0)
    play(state, 0, "move")
    rigs = sorted(a[4:] for a in legal(state, 0) if a.startswith("rig>"))
    # Every deck zone of the Windcutter b3 faces, none of the Gallant, no gangplank,
    # and no Marea deployment point with one point left (b8 needs two: it has two).
    port = [f"{c}{r}" for c in "abcd" for r in (6, 7, 8)]
    assert rigs == sorted(port)
    rolls_for(state, 4)
    since = state.event_count(None)
    play(state, 0, "rig>b7")  # range 4
    rig = next(e for e in state.events(None, since) if e["type"] == "rig")
    assert (rig["roll"], rig["range"], rig["success"]) == (4, 4, True)
    assert state.view(None, log=False)["heroes"][0]["zone"] == "b7"


def test_r14_a_failed_rigging_check_knocks_the_hero_overboard_and_ends_its_activation() -> None:
    state = empty()
    place(state, 0, "b3")
    activate(state, 0)
    play(state, 0, "move")
    rolls_for(state, 2)
    play(state, 0, "rig>b6")  # range 3, rolled 2
    hero = state.view(None, log=False)["heroes"][0]
    assert (hero["zone"], hero["overboard"], hero["activated"]) == (None, True, True)
    assert decision(state)["kind"] == "turn" and state.pending == {1}
    # It may come back in a later round: after recovery it deploys again.
    play(state, 1, "pass")
    play(state, 0, "pass")
    if state.pending == {1}:
        play(state, 1, "pass")
    assert "hero:0" in legal(state, 0)
    play(state, 0, "hero:0")
    assert decision(state)["kind"] == "deploy"


def test_r13_no_rig_from_a_zone_off_the_edge() -> None:
    state = empty()
    place(state, 0, "b2")
    activate(state, 0)
    play(state, 0, "move")
    assert not [a for a in legal(state, 0) if a.startswith("rig")]


# ------------------------------------------------------------------ attacks
def test_r16_r17_attacks_target_zones_in_orthogonal_range_holding_enemies_or_objectives(
) -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "b6")  # Calavera: range 2
    place(state, 0, "c3")  # not in range: c3 is 4 zones from b6
    place(state, 1, "c6")  # an enemy next door
    kit.objective(state, 0, "b6", "powder")  # an enemy objective in its own zone
    crew(state, 0, "c5", deckhands=1)  # enemy crew on the gangplank, range 2
    crew(state, 1, "b7", deckhands=2)  # friendly crew: never a target
    activate(state, 3)
    attacks = sorted(a for a in legal(state, 1) if a.startswith("attack"))
    assert attacks == ["attack:rapier_and_pistol>b6", "attack:rapier_and_pistol>c5",
                       "attack:rapier_and_pistol>c6"]


def test_r19_hits_go_to_deckhands_then_bosuns_then_heroes_then_objectives() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    place(state, 0, "c5")
    place(state, 1, "c5")
    crew(state, 0, "c5", deckhands=1)
    kit.objective(state, 0, "c5", "helm")
    crew(state, 1, "c6", deckhands=2)
    activate(state, 3)
    rolls_for(state, 6, 6, 6)
    since = state.event_count(None)
    play(state, 1, "attack:rapier_and_pistol>c5")
    hits = [e["target"] for e in state.events(None, since) if e["type"] == "hit"]
    assert hits == ["deckhand"]  # the second hit needs a choice between two heroes
    assert decision(state)["kind"] == "assign"
    assert legal(state, 1) == ["assign:hero0", "assign:hero1"]
    play(state, 1, "assign:hero1", "assign:hero1")
    view = state.view(None, log=False)
    assert view["heroes"][1]["damage"] == 2
    assert view["objectives"][0]["c5"]["damage"] == 0  # never reached
    assert view["crew"][1][0]["deckhands"] == 2  # friendly crew untouched


def test_r18_a_one_always_misses_and_a_die_hits_on_its_number() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 5, "c6")  # Hueso: Bone Club, 2 dice hitting on 3+
    crew(state, 0, "c5", deckhands=3)
    activate(state, 5)
    rolls_for(state, 1, 3)
    since = state.event_count(None)
    play(state, 1, "attack:bone_club>c5")
    roll = next(e for e in state.events(None, since) if e["type"] == "roll")
    assert (roll["dice"], roll["to_hit"], roll["hits"]) == ([1, 3], 3, 1)


def test_r20_a_bosun_takes_two_hits_and_hits_go_to_the_most_wounded_bosun() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    place(state, 0, "c5")
    crew(state, 0, "c5", bosuns=2)
    activate(state, 3)
    rolls_for(state, 6, 6, 6)
    play(state, 1, "attack:rapier_and_pistol>c5")
    view = state.view(None, log=False)
    bosuns = [g["bosuns"] for g in view["crew"][0]]
    assert bosuns == [[1]]  # two hits KO'd one bosun, the third wounded the other
    assert view["heroes"][0]["damage"] == 0  # bosuns before heroes (R42)


def test_r22_r25_a_crew_model_kod_by_a_hero_returns_to_its_owner_for_a_coin() -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    crew(state, 0, "c5", deckhands=2)
    reserve = state.view(None, log=False)["reserve"][0][0]
    activate(state, 3)
    rolls_for(state, 6, 2, 2)
    play(state, 1, "attack:rapier_and_pistol>c5")
    view = state.view(None, log=False)
    assert view["reserve"][0][0] == reserve + 1
    assert view["heroes"][3]["coins"] == 1


def test_r23_r26_a_kod_hero_leaves_with_a_dead_mans_coin_and_scores_for_its_killer(
) -> None:
    for activated, coin in ((False, "gold"), (True, "dark")):
        state = empty()
        kit.turn(state, 1)
        place(state, 3, "c6")
        place(state, 2, "c5")  # Nerissa: 6 HP
        state.heroes[2].damage = 5
        state.heroes[2].coins = 4
        state.heroes[2].activated = activated
        activate(state, 3)
        rolls_for(state, 6, 1, 1)
        play(state, 1, "attack:rapier_and_pistol>c5")
        view = state.view(None, log=False)
        nerissa, calavera = view["heroes"][2], view["heroes"][3]
        assert (nerissa["zone"], nerissa["damage"], nerissa["coin"]) == (None, 0, coin)
        assert nerissa["coins"] == 4  # a KO'd hero keeps its coins
        assert calavera["coins"] == 3 and view["vp"] == [0, 1]


def test_r23_a_hero_kod_by_a_riposte_in_its_own_activation_takes_the_dark_coin() -> None:
    state = empty()
    place(state, 4, "c5")  # Demarco: Duellist's Riposte (riposte 2)
    state.heroes[4].unlocked.append("duellists_riposte")
    place(state, 0, "c4")  # Carcharius: 9 HP, 2 from his KO
    state.heroes[0].damage = 7
    activate(state, 0)
    rolls_for(state, 6, 1, 1)
    play(state, 0, "attack:jaws>c5")
    play(state, 1, "react:duellists_riposte")
    carcharius = state.view(None, log=False)["heroes"][0]
    # His activation had begun: he has activated this round, so the dark side.
    assert (carcharius["zone"], carcharius["coin"]) == (None, "dark")


def test_r23_r39_a_hero_that_bleeds_to_death_in_its_activation_sits_out_the_next_round(
) -> None:
    state = empty()
    place(state, 2, "e2")  # Nerissa: 6 HP
    state.heroes[2].damage = 5
    state.heroes[2].conditions = ["bleed"]
    activate(state, 2)
    play(state, 0, "move", "stop")  # the action's bleed KOs her
    assert state.view(None, log=False)["heroes"][2]["coin"] == "dark"
    play(state, 1, "pass")
    play(state, 0, "pass")
    view = state.view(None, log=False)
    assert view["round"] == 2
    # R39: the dark coin turns gold: out for this whole round, back the next.
    assert view["heroes"][2]["coin"] == "gold"
    kit.turn(state, 0)
    assert "hero:2" not in legal(state, 0)


def test_r27_a_hero_kod_by_no_enemy_hero_gives_each_enemy_hero_a_coin_and_a_vp() -> None:
    state = empty()
    place(state, 3, "f3")  # Calavera on the Gallant, in the gun's range
    state.heroes[3].damage = 8
    kit.turn(state, 0)
    play(state, 0, "crew")
    # No deckhands to muster trouble over: the reserve fills all three points.
    while decision(state)["kind"] == "bosun":
        play(state, 0, "bosun>b1")
    assert decision(state)["kind"] == "order"
    play(state, 0, "first:gun")
    rolls_for(state, 6, 6, 6, 6)
    if decision(state)["kind"] == "fire":
        play(state, 0, "fire>f3")
    view = state.view(None, log=False)
    assert view["heroes"][3]["coin"] is not None
    assert [h["coins"] for h in view["heroes"][:3]] == [1, 1, 1]
    assert view["vp"][0] == 1


def test_r24_a_destroyed_objective_gives_vp_to_the_side_and_coins_to_each_of_its_heroes(
) -> None:
    state = empty()
    kit.turn(state, 1)
    place(state, 3, "c6")
    kit.objective(state, 0, "c5", "powder", damage=4)  # 5 HP
    activate(state, 3)
    rolls_for(state, 6, 1, 1)
    play(state, 1, "attack:rapier_and_pistol>c5")
    view = state.view(None, log=False)
    assert "c5" not in view["objectives"][0]
    assert view["vp"] == [0, 2]
    assert [h["coins"] for h in view["heroes"][3:]] == [1, 1, 1]


# ------------------------------------------------------------------ the crew
def test_r29_crew_muster_two_deckhands_on_each_point_then_two_bosuns() -> None:
    state = empty()
    play(state, 0, "crew")
    view = state.view(None, log=False)
    on = {g["zone"]: g["deckhands"] for g in view["crew"][0]}
    assert on == {"b1": 2, "e1": 2, "h1": 2}
    assert decision(state)["kind"] == "bosun"
    assert legal(state, 0) == ["bosun>b1", "bosun>e1", "bosun>h1"]
    play(state, 0, "bosun>e1", "bosun>e1")
    view = state.view(None, log=False)
    assert [g["bosuns"] for g in view["crew"][0] if g["zone"] == "e1"] == [[2, 2]]
    assert view["reserve"][0] == [12 - 6, 4]


def test_r29_with_too_few_deckhands_the_side_chooses_where_they_go() -> None:
    state = empty()
    state.reserve[0] = Reserve(3, 0)
    play(state, 0, "crew")
    assert decision(state)["kind"] == "muster"
    play(state, 0, "muster>h1", "muster>b1")
    on = {g["zone"]: g["deckhands"] for g in state.view(None, log=False)["crew"][0]}
    assert on == {"h1": 2, "b1": 1}


def test_r30_the_side_orders_its_crew_and_its_deck_gun() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    play(state, 0, "crew")
    frame = decision(state)
    assert (frame["kind"], frame["triggers"]) == ("order", ["crew", "gun"])
    assert legal(state, 0) == ["first:crew", "first:gun"]


def test_r31_crew_advance_one_zone_along_their_track_unless_enemies_are_there() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    crew(state, 0, "c3", deckhands=1)  # track b1 b2 c2 c3 c4 ...
    crew(state, 0, "e2", deckhands=1)  # track e1 e2 f2 ...
    place(state, 3, "f2")  # an enemy on the next zone of the second
    # Far from any other enemy, so neither may choose to hold.
    play(state, 0, "crew", "first:crew")
    zones = sorted(g["zone"] for g in state.view(None, log=False)["crew"][0])
    assert "c4" in zones and "c3" not in zones
    assert "e2" in zones  # blocked by the enemy on f2


def test_r32_crew_that_begin_next_to_an_enemy_may_hold() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    crew(state, 0, "c3", deckhands=1)
    place(state, 3, "d3")  # next to c3, not on its track
    play(state, 0, "crew", "first:crew")
    assert decision(state) == {"kind": "advance", "seats": [0], "zone": "c3", "to": "c4"}
    play(state, 0, "hold")
    assert [g["zone"] for g in state.view(None, log=False)["crew"][0]] == ["c3"]


def test_r32_crew_that_began_next_to_an_enemy_the_gun_removed_may_still_hold() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    crew(state, 0, "c3", deckhands=1)
    place(state, 3, "d3")  # next to c3, in the deck gun's range, one damage from a KO
    state.heroes[3].damage = 8
    play(state, 0, "crew", "first:gun")
    rolls_for(state, 6, 6, 6, 6)
    if decision(state)["kind"] == "fire":
        play(state, 0, "fire>d3")
    assert state.view(None, log=False)["heroes"][3]["zone"] is None  # the gun KO'd her
    # The choice belongs to where the crew began their activation: next to her.
    assert decision(state) == {"kind": "advance", "seats": [0], "zone": "c3", "to": "c4"}
    play(state, 0, "hold")
    assert [g["zone"] for g in state.view(None, log=False)["crew"][0]] == ["c3"]


def test_r32_crew_that_began_far_from_enemies_may_not_hold() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    crew(state, 0, "c3", deckhands=1)
    place(state, 3, "e3")  # two zones from c3
    play(state, 0, "crew", "first:crew")
    assert decision(state)["kind"] != "advance"
    assert [g["zone"] for g in state.view(None, log=False)["crew"][0]] == ["c4"]


def test_r33_crew_reaching_the_end_of_their_track_leave_for_an_attack_each_at_3_up() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    crew(state, 0, "b7", deckhands=2)  # the next zone, b8, ends the track
    place(state, 3, "c8")  # a Marea hero on that Windcutter
    rolls_for(state, 3, 3)
    since = state.event_count(None)
    play(state, 0, "crew", "first:crew")
    events = state.events(None, since)
    raid = next(e for e in events if e["type"] == "raid")
    assert (raid["zone"], raid["count"]) == ("b8", 2)
    rolls = [e for e in events if e["type"] == "roll" and e.get("to_hit") == 3]
    assert len(rolls) == 2 and all(r["hits"] == 1 for r in rolls)
    view = state.view(None, log=False)
    assert view["heroes"][3]["damage"] == 2
    assert not view["crew"][0] and view["reserve"][0][0] == 2


def test_r34_r36_crew_must_attack_hit_on_3_up_with_a_bosun_and_move_into_a_zone_they_clear(
) -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    crew(state, 0, "c4", deckhands=1, bosuns=1)  # track ... c4 c5 c6 ...
    crew(state, 1, "c5", deckhands=1)  # blocks the advance
    rolls_for(state, 3, 3)
    since = state.event_count(None)
    play(state, 0, "crew", "first:crew")
    events = state.events(None, since)
    rolls = [e for e in events if e["type"] == "roll" and e.get("reason") == "Crew"]
    assert [r["to_hit"] for r in rolls][:1] == [3]  # the bosun's zone
    view = state.view(None, log=False)
    assert not view["crew"][1]  # the Marea deckhand on c5 is KO'd
    # The crew model that cleared c5, on its track, moved in without attacking again.
    zones = sorted((g["zone"], g["deckhands"], len(g["bosuns"])) for g in view["crew"][0])
    assert ("c5", 1, 0) in zones or ("c5", 0, 1) in zones


def test_r37_the_deck_gun_gives_no_coins_for_crew_it_kos() -> None:
    state = empty()
    state.reserve[0] = Reserve(0, 0)
    place(state, 0, "e3")
    crew(state, 1, "f6", deckhands=2)  # range 4 from the gun on g3
    play(state, 0, "crew", "first:gun")
    rolls_for(state, 6, 6, 6, 6)
    if decision(state)["kind"] == "fire":
        play(state, 0, "fire>f6")
    view = state.view(None, log=False)
    assert not [g for g in view["crew"][1] if g["zone"] == "f6"]  # both KO'd by the gun
    assert all(h["coins"] == 0 for h in view["heroes"])


# ------------------------------------------------------------------ recovery and the end
def test_r39_recovery_turns_the_coins_clears_tokens_and_passes_the_first_player() -> None:
    state = empty()
    first = state.view(None, log=False)["first"]
    state.heroes[0].coin, state.heroes[0].activated = "gold", True
    state.heroes[1].coin, state.heroes[1].activated = "dark", True
    state.heroes[2].activated = True
    kit.turn(state, 0)
    play(state, 0, "pass")
    play(state, 1, "pass")
    view = state.view(None, log=False)
    heroes = view["heroes"]
    assert (heroes[0]["coin"], heroes[0]["activated"]) == (None, False)  # back this round
    assert (heroes[1]["coin"], heroes[1]["activated"]) == ("gold", True)  # out this round
    assert heroes[2]["activated"] is False
    assert view["first"] == 1 - first
    assert view["round"] == 2


def test_r40_the_first_side_to_the_target_wins() -> None:
    state = empty(target=2)
    kit.turn(state, 1)
    place(state, 3, "c6")
    kit.objective(state, 0, "c5", "powder", damage=4)
    activate(state, 3)
    rolls_for(state, 6, 1, 1)
    play(state, 1, "attack:rapier_and_pistol>c5")
    assert state.is_over
    assert state.result.winners == {1}
    assert state.result.returns() == (0.0, 1.0)


def test_r41_at_the_round_limit_the_side_with_more_vp_wins() -> None:
    state = empty(round_limit=1)
    state.vp = [1, 0]
    kit.turn(state, 0)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state.is_over and state.result.winners == {0}
    tied = empty(round_limit=1)
    kit.turn(tied, 0)
    play(tied, 0, "pass")
    play(tied, 1, "pass")
    assert tied.is_over and tied.result.winners == frozenset()
