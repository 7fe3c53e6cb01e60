"""Pirates Under Fire's rules (docs/rules/underfire.md), each through the public API."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.underfire.kit import blank, cell, effect, legal, new, play, put

import plunder
from plunder.games.underfire import text
from plunder.games.underfire.content import CONTENT
from plunder.games.underfire.effects import EFFECTS, aims
from plunder.games.underfire.rules import INDEX


def random_game(seed: int, **options: object) -> plunder.State:
    state = plunder.load("underfire", **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = next(iter(state.pending))
        state.act(seat, rng.choice(state.legal(seat)))
    return state


def test_two_players_only() -> None:  # R1
    with pytest.raises(plunder.OptionError):
        plunder.load("underfire", players=3)
    ships = plunder.load("underfire").catalogue()["ships"]
    assert sorted(int(n) for n in ships) == list(range(1, 10))
    assert all(ship["effects"] for ship in ships.values())


def test_the_sea_is_seven_by_six_in_two_halves_of_three_boards() -> None:  # R3, R4, R5
    for seed in range(5):
        view = new(seed).view(None)
        assert [c["at"] for c in view["sea"][:8]] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1",
                                                      "a2"]
        assert len(view["sea"]) == 42
        assert [c["half"] for c in view["sea"]] == [0] * 21 + [1] * 21
        boards = view["boards"]
        assert len(boards) == 6 and {b["half"] for b in boards} == {0, 1}
        kinds = Counter((b["half"], CONTENT.boards[b["board"]].kind) for b in boards)
        assert kinds == {(0, "square"): 2, (0, "strip"): 1, (1, "square"): 2, (1, "strip"): 1}
        assert len({b["board"] for b in boards}) == 6


def test_boards_are_placed_and_turned_at_random() -> None:  # R3
    layouts = {tuple((b["board"], b["face"], b["left"]) for b in new(s).view(None)["boards"])
               for s in range(30)}
    assert len(layouts) > 20


def test_a_board_face_lies_with_its_first_row_nearest_its_owner() -> None:  # R4, R5
    state = new(3)
    view = state.view(None)
    for board in view["boards"]:
        grid = CONTENT.boards[board["board"]].faces[board["face"]]
        for depth, row in enumerate(grid):
            for offset, step in enumerate(row):
                if board["half"] == 0:
                    at = "abcdefg"[board["left"] + offset] + str(depth + 1)
                else:
                    at = "abcdefg"[board["left"] + len(row) - 1 - offset] + str(6 - depth)
                assert cell(state, at)["effect"] == ("" if step is None else step.code)


def test_fleets_hands_piles_and_reserves() -> None:  # R6, R7
    state = new(2)
    for seat in (0, 1):
        fleet = state.hand[seat] + state.pile[seat] + state.reserve[seat]
        assert Counter(fleet) == {n: 3 for n in range(1, 10)}
        assert (len(state.hand[seat]), len(state.pile[seat]), len(state.reserve[seat])) == (
            3, 15, 9)
        row = state.view(seat)["players"][seat]
        assert row["hand_limit"] == 3 and row["gold"] == 2 and row["vp"] == 0


def test_five_mercenaries_are_for_hire() -> None:  # R8
    for seed in range(10):
        market = new(seed).view(None)["market"]
        costs = Counter(CONTENT.mercenaries[m].cost for m in market)
        assert costs == {3: 3, 4: 1, 5: 1}
    assert len(CONTENT.mercenaries) == 12
    assert Counter(m.cost for m in CONTENT.mercenaries.values()) == {3: 6, 4: 3, 5: 3}
    assert len(CONTENT.scorers) == 3


def test_the_first_player_is_drawn() -> None:  # R9
    firsts = {new(s).view(None)["current"] for s in range(20)}
    assert firsts == {0, 1}


def test_a_turn_lays_a_ship_from_hand_then_draws() -> None:  # R10, R16
    state = blank(new(4), 0)
    state.hand[0] = [1, 2, 9]
    before = len(state.pile[0])
    play(state, 0, "9@c1")
    assert cell(state, "c1")["ship"] == {"owner": 0, "number": 9, "merc": None,
                                         "burning": False, "shield": False}
    assert state.vp[0] == 1  # the ship's effect
    assert "end" in legal(state, 0)
    play(state, 0, "end")
    assert len(state.hand[0]) == 3 and len(state.pile[0]) == before - 1
    assert state.pending == {1}


def test_a_ship_must_come_from_the_hand() -> None:  # R10
    state = blank(new(4), 0)
    state.hand[0] = [1, 1, 2]
    assert "9@c1" not in legal(state, 0)
    with pytest.raises(plunder.IllegalAction):
        state.act(0, "9@c1")


def test_the_player_chooses_the_order_of_the_two_effects() -> None:  # R11
    for first, expected in (("space", 3 + 1 + 2), ("ship", 3 + 2 + 1)):
        state = blank(new(5), 0)
        state.hand[0] = [1, 1, 1]
        effect(state, "d1", "gold:1")
        play(state, 0, "1@d1")
        assert state.decision.kind == "order"
        assert legal(state, 0) == {"first:space", "first:ship"}
        play(state, 0, f"first:{first}")
        assert state.gold[0] == expected


def test_the_order_matters_for_a_shot_and_a_shield() -> None:  # R11
    state = blank(new(5), 0)
    state.hand[0] = [5, 5, 5]
    effect(state, "d1", "line")
    put(state, "d4", 1, 3)
    play(state, 0, "5@d1", "first:ship")
    assert state.decision.kind == "target" and state.decision.data["verb"] == "shield"
    play(state, 0, "shield@d1")
    assert state.decision.data["targets"] == ["d4"]
    play(state, 0, "fire@d4")
    assert cell(state, "d4")["ship"]["burning"] and cell(state, "d1")["ship"]["shield"]


def test_one_mercenary_may_be_hired_before_or_after_the_main_action() -> None:  # R12, R15
    state = blank(new(6), 0)
    state.market = ["smuggler", "corsair"]
    state.gold[0] = 7
    state.hand[0] = [1, 1, 1]
    play(state, 0, "buy:smuggler@a1")
    assert state.gold[0] == 4 and state.vp[0] == 2 and "smuggler" not in state.market
    assert not any(a.startswith("buy:") for a in legal(state, 0))
    assert state.decision.data["stage"] == "main"
    play(state, 0, "1@b1")
    assert state.pending == {1}  # the turn ended: the hire was made
    state = blank(new(6), 0)
    state.market = ["smuggler"]
    state.gold[0] = 3
    state.hand[0] = [2, 2, 2]
    effect(state, "a1", "gold:1")
    play(state, 0, "2@a1", "first:space", "mine@g3")
    assert state.decision.data["stage"] == "after" and "buy:smuggler@b1" in legal(state, 0)
    play(state, 0, "buy:smuggler@b1")
    assert state.gold[0] == 1 and state.pending == {1}


def test_a_mercenary_too_dear_is_not_offered() -> None:  # R12
    state = blank(new(6), 0)
    state.market = ["governor"]
    state.gold[0] = 4
    assert not any(a.startswith("buy:") for a in legal(state, 0))


def test_a_mercenary_does_not_apply_the_space_effect() -> None:  # R13, R14
    state = blank(new(7), 0)
    state.market = ["governor", "corsair"]
    state.gold[0] = 9
    effect(state, "a1", "vp:2")
    play(state, 0, "buy:governor@a1")
    assert state.vp[0] == 0 and state.decision.data["stage"] == "main"
    assert cell(state, "a1")["ship"]["merc"] == "governor"


def test_placement_first_row_or_next_to_an_active_ship() -> None:  # R17, R18, R21
    state = blank(new(8), 0)
    state.hand[0] = [4, 4, 4]
    spaces = {a.split("@")[1] for a in legal(state, 0) if a[0].isdigit()}
    assert spaces == {f"{c}1" for c in "abcdefg"}
    put(state, "c3", 0, 7)
    spaces = {a.split("@")[1] for a in legal(state, 0) if a[0].isdigit()}
    assert {"c4", "b3", "d3", "c2"} <= spaces  # c4 lies on the enemy's half
    put(state, "c3", 0, 7, burning=True)
    spaces = {a.split("@")[1] for a in legal(state, 0) if a[0].isdigit()}
    assert "c4" not in spaces  # a burning ship gives no adjacency (R23)
    blank(state, 1)
    state.hand[1] = [4, 4, 4]
    spaces = {a.split("@")[1] for a in legal(state, 1) if a[0].isdigit()}
    assert spaces == {f"{c}6" for c in "abcdefg"}


def test_an_enemy_space_applies_its_effect() -> None:  # R21
    state = blank(new(8), 0)
    state.hand[0] = [4, 4, 4]
    put(state, "c3", 0, 7)
    effect(state, "c4", "vp:1")
    play(state, 0, "4@c4", "first:space")
    assert state.vp[0] == 1


def test_no_ship_on_an_active_ship_except_the_kraken() -> None:  # R19
    state = blank(new(9), 0)
    state.hand[0] = [4, 4, 4]
    state.market = ["kraken", "corsair"]
    state.gold[0] = 5
    put(state, "a1", 1, 3)
    assert "4@a1" not in legal(state, 0)
    assert "buy:kraken@a1" in legal(state, 0) and "buy:corsair@a1" not in legal(state, 0)
    play(state, 0, "buy:kraken@a1")
    assert cell(state, "a1")["ship"]["merc"] == "kraken"


def test_a_burning_ship_space_next_to_an_active_ship() -> None:  # R20, R22
    state = blank(new(10), 0)
    state.hand[0] = [9, 9, 9]
    put(state, "b1", 0, 2)
    put(state, "c1", 1, 3, burning=True)
    effect(state, "c1", "vp:3")
    assert "9@c1" in legal(state, 0)
    play(state, 0, "9@c1")
    assert cell(state, "c1")["ship"]["owner"] == 0
    assert state.vp[0] == 1  # the ship's VP, not the space's 3


def test_a_burning_ship_in_the_first_row_alone_is_out_of_reach() -> None:  # R20
    state = blank(new(10), 0)
    state.hand[0] = [9, 9, 9]
    put(state, "c1", 1, 3, burning=True)
    assert "9@c1" not in legal(state, 0)
    state = blank(new(10, burning="accessible"), 0)
    state.hand[0] = [9, 9, 9]
    put(state, "c1", 1, 3, burning=True)
    assert "9@c1" in legal(state, 0)


def test_a_hit_burns_a_ship_and_a_second_destroys_it() -> None:  # R23, R24, R27
    state = blank(new(11), 0)
    state.hand[0] = [3, 3, 3]
    put(state, "c5", 1, 4)
    play(state, 0, "3@c1")
    assert state.decision.data["targets"] == ["c5"]
    play(state, 0, "fire@c5")
    assert cell(state, "c5")["ship"]["burning"]
    play(state, 0, "end")
    blank(state, 0)
    state.hand[0] = [3, 3, 3]
    put(state, "c1", 0, 3)
    put(state, "c5", 1, 4, burning=True)
    play(state, 0, "3@c2", "fire@c5")
    assert cell(state, "c5")["ship"] is None


def test_shots_need_a_clear_line_and_aim_at_the_enemy() -> None:  # R27
    state = blank(new(12), 0)
    state.hand[0] = [3, 7, 7]
    put(state, "c3", 0, 1)
    put(state, "c5", 1, 1)
    put(state, "a1", 1, 1)
    put(state, "e3", 1, 1)
    play(state, 0, "3@c1")
    assert state.decision.data["targets"] == ["a1"]  # c3 (own) blocks the column
    play(state, 0, "fire@a1", "end")
    blank(state, 0)
    state.hand[0] = [7, 7, 7]
    put(state, "c3", 0, 1)
    put(state, "e3", 1, 1)
    play(state, 0, "7@c1")
    assert state.decision.data["targets"] == ["e3"]


def test_a_shield_takes_one_hit() -> None:  # R25
    state = blank(new(13), 0)
    state.hand[0] = [3, 3, 3]
    put(state, "c5", 1, 4, shield=True)
    play(state, 0, "3@c1", "fire@c5")
    ship = cell(state, "c5")["ship"]
    assert not ship["burning"] and not ship["shield"]


def test_repair_turns_a_ship_back() -> None:  # R26
    state = blank(new(14), 0)
    state.hand[0] = [4, 4, 4]
    put(state, "e2", 0, 6, burning=True)
    play(state, 0, "4@a1")
    assert state.decision.data["targets"] == ["e2"]
    play(state, 0, "repair@e2")
    assert not cell(state, "e2")["ship"]["burning"]


def test_an_aimed_effect_without_a_target_is_lost() -> None:  # R26, R27
    state = blank(new(14), 0)
    state.hand[0] = [4, 4, 4]
    play(state, 0, "4@a1")
    assert state.decision.kind == "turn" and "end" in legal(state, 0)


def test_an_amount_on_an_aimed_effect_aims_that_many_times() -> None:  # R47
    # No shipped tile fires twice, so the position gives a space a two-shot effect,
    # as a content file of a player's own could.
    state = blank(new(14), 0)
    state.hand[0] = [9, 9, 9]
    effect(state, "c1", "line:2")
    put(state, "c5", 1, 4)
    play(state, 0, "9@c1", "first:space")
    assert state.decision.kind == "target" and state.decision.data["targets"] == ["c5"]
    play(state, 0, "fire@c5")
    assert cell(state, "c5")["ship"]["burning"]
    assert state.decision.kind == "target" and state.decision.data["targets"] == ["c5"]
    play(state, 0, "fire@c5")
    assert cell(state, "c5")["ship"] is None  # the second shot destroys the burning ship
    assert state.vp[0] == 1 and state.decision.kind == "turn"  # then the ship's effect


def test_mines_are_laid_lifted_and_explode_under_a_ship() -> None:  # R28
    state = blank(new(15), 0)
    state.hand[0] = [2, 9, 9]
    play(state, 0, "2@a1")
    assert "mine@a1" not in legal(state, 0)  # a ship lies there
    play(state, 0, "mine@b1", "end")
    assert cell(state, "b1")["mine"]
    blank(state, 0)
    state.mines[1] = True
    state.hand[0] = [9, 9, 9]
    effect(state, "b1", "vp:2")
    play(state, 0, "9@b1")
    ship = cell(state, "b1")["ship"]
    assert ship["burning"] and not cell(state, "b1")["mine"] and state.vp[0] == 0
    blank(state, 0)
    state.mines[1] = True
    state.hand[0] = [2, 2, 2]
    play(state, 0, "2@a1", "mine@b1")
    assert not cell(state, "b1")["mine"]


def test_hand_limit_reserve_gold_and_vp_effects() -> None:  # R29, R30, R45
    state = blank(new(16), 0)
    state.hand[0] = [8, 6, 1]
    play(state, 0, "8@a1", "end")
    assert state.limit[0] == 4 and len(state.hand[0]) == 3  # drew one, as every turn
    state = blank(new(16), 0)
    state.hand[0] = [6, 6, 6]
    reserve, pile = len(state.reserve[0]), len(state.pile[0])
    play(state, 0, "6@a1", "end")
    # The hand was below its limit once the ship was laid: a ship came from the reserve,
    # and the final action drew one all the same.
    assert len(state.reserve[0]) == reserve - 1
    assert len(state.hand[0]) == 4 and len(state.pile[0]) == pile - 1
    state = blank(new(16), 0)
    state.hand[0] = [1, 9, 9]
    play(state, 0, "1@a1")
    assert state.gold[0] == 3 + 2


def test_the_hand_limit_caps_what_the_reserve_brings() -> None:  # R29, R45
    state = blank(new(16), 0)
    state.hand[0] = [6, 6, 6, 6]
    reserve = len(state.reserve[0])
    play(state, 0, "6@a1")
    assert len(state.reserve[0]) == reserve and len(state.hand[0]) == 3  # at its limit
    said = state.events(None)[-1]
    assert said["type"] == "effect" and said["effect"] == "reserve"
    assert said["text"] == "Seat 0's hand is at its limit (3): no ship comes from the reserve."
    state = blank(new(16), 0)
    state.hand[0] = [6, 6, 6, 6]
    state.reserve[0] = []
    play(state, 0, "6@a1")
    assert state.events(None)[-1]["text"] == "Seat 0's reserve is empty: no ship comes from it."


def test_under_draw_one_the_limit_caps_the_draw_and_not_the_reserve() -> None:  # R45
    state = blank(new(16, draw="one"), 0)
    state.hand[0] = [6, 6, 6]
    reserve, pile = len(state.reserve[0]), len(state.pile[0])
    play(state, 0, "6@a1", "end")
    assert len(state.reserve[0]) == reserve - 1
    assert len(state.hand[0]) == 3 and len(state.pile[0]) == pile  # at the limit: no draw


def test_fill_draws_up_to_the_limit() -> None:  # R16 (option draw)
    state = blank(new(16, draw="fill"), 0)
    state.hand[0] = [8, 2, 2]
    play(state, 0, "8@a1", "end")
    assert len(state.hand[0]) == 4


def turns_and_draws(state: plunder.State, seat: int) -> tuple[int, int]:
    log = state.events(None)
    turns = sum(1 for e in log if e["type"] == "turn" and e["seat"] == seat)
    draws = sum(1 for e in log if e["type"] == "draw" and e["seat"] == seat)
    return turns, draws


def test_sixteen_turns_each_and_every_turn_draws() -> None:  # R2, R16, R31, R39
    played_out = 0
    for seed in range(20):
        state = random_game(seed)
        if state.view(None)["result"]["reason"].startswith("Seat"):
            continue  # a player was stuck (R32)
        played_out += 1
        players = state.view(None)["players"]
        assert all(p["pile"] == 0 and p["done"] and p["turns"] == 16 for p in players)
        for seat in (0, 1):
            # 3 ships to start and 15 drawn: every turn draws but the last (R31).
            assert turns_and_draws(state, seat) == (16, 15)
    assert played_out > 0  # not every play stuck: the checks above ran


def test_the_last_draw_leaves_one_turn_and_the_game_ends_after_both() -> None:  # R31, R39
    log_of_last = []
    for seed in range(15):
        state = random_game(seed, draw="one")
        if state.view(None)["result"]["reason"].startswith("Seat"):
            continue  # a player was stuck (R32)
        players = state.view(None)["players"]
        assert all(p["pile"] == 0 and p["done"] for p in players)
        log_of_last += [e for e in state.events(None) if e["type"] == "last"]
        for seat in (0, 1):
            turns, draws = turns_and_draws(state, seat)
            assert draws == 15 and turns >= 16
            # A turn without a draw comes only after a ship taken from the reserve.
            taken = sum(1 for e in state.events(None) if e["type"] == "effect"
                        and e["effect"] == "reserve" and e["seat"] == seat
                        and "takes" in e["text"])
            assert turns - 16 <= taken
    assert log_of_last


def test_sixteen_turns_each_under_end_sixteen() -> None:  # R2, R39
    for seed in range(10):
        for draw in ("every", "one"):
            state = random_game(seed, end="sixteen", draw=draw)
            if state.view(None)["result"]["reason"].startswith("Seat"):
                continue
            assert [p["turns"] for p in state.view(None)["players"]] == [16, 16]


def test_a_player_who_cannot_lay_a_ship_loses_unscored() -> None:  # R32
    state = blank(new(17), 0)
    state.hand[0] = [1, 1, 1]
    state.hand[1] = [1, 1, 1]
    for col in "abcdefg":
        put(state, f"{col}6", 0, 2)
    play(state, 0, "1@a1", "end")
    assert state.is_over and state.result.winners == {0}
    assert state.result.scores == (0.0, 0.0)


def stuck_position(seed: int = 46) -> plunder.State:
    """Seat 0 to play, her first row held by the enemy's active ships and no ship of hers
    on the sea: no ship of her hand can be laid. 7 gold, the Kraken for hire."""
    state = blank(new(seed), 0)
    state.hand[0] = [1, 2, 3]
    state.market = ["kraken", "corsair", "smuggler"]
    state.gold[0] = 7
    for col in "abcdefg":
        put(state, f"{col}1", 1, 5)
    return state


def test_a_stuck_player_who_could_hire_is_offered_the_hire() -> None:  # R32, R51
    state = stuck_position()
    state._begin_turn(0)  # the check at the start of her turn
    state._open_step()
    assert not state.is_over
    options = legal(state, 0)
    # Only the Kraken can be laid (on an active ship of her first row), and each such
    # hire opens the space behind it; no ship can be laid before the hire.
    assert options == {f"buy:kraken@{col}1" for col in "abcdefg"}
    play(state, 0, "buy:kraken@c1")
    assert cell(state, "c1")["ship"]["merc"] == "kraken"
    assert legal(state, 0) == {f"{n}@c2" for n in (1, 2, 3)}
    play(state, 0, "2@c2", "mine@g3")
    assert state.pending == {1}


def test_a_hire_that_opens_no_space_is_not_offered_and_the_player_loses() -> None:  # R51
    state = stuck_position()
    for col in "abcdefg":  # the second row is the enemy's too: a Kraken opens nothing
        put(state, f"{col}2", 1, 5)
    state._begin_turn(0)
    state._open_step()
    assert state.is_over and state.result.winners == {1}
    state = stuck_position()
    for at in ("a2", "b2", "c2", "d2", "e2", "f2"):
        put(state, at, 1, 5)
    state.mines[INDEX["g1"]] = True  # the one Kraken that would open g2 lands on a mine
    state._begin_turn(0)
    state._open_step()
    assert state.is_over and state.result.reason.startswith("Seat 0 cannot lay any ship")


def test_a_hire_that_would_open_nothing_is_refused_and_says_why() -> None:  # R51
    state = stuck_position()
    for at in ("a2", "b2", "c2", "d2", "e2", "f2"):
        put(state, at, 1, 5)
    state._begin_turn(0)
    state._open_step()
    assert legal(state, 0) == {"buy:kraken@g1"}  # the one that opens g2
    with pytest.raises(plunder.IllegalAction) as caught:
        state.act(0, "buy:kraken@a1")
    assert caught.value.reason == (
        "seat 0 cannot lay a ship, and the Kraken on a1 would open her no space: only a "
        "hire that does is offered then (R51)")


def test_a_stuck_player_without_the_gold_loses_at_once() -> None:  # R32, R51
    state = stuck_position()
    state.gold[0] = 3
    state._begin_turn(0)
    state._open_step()
    assert state.is_over and state.result.winners == {1}
    assert state.result.scores == (0.0, 0.0)


def test_refusals_say_why() -> None:  # R10-R12, R17-R20, R51
    state = blank(new(21), 0)
    state.hand[0] = [1, 2, 3]
    state.market = ["kraken", "governor"]
    state.gold[0] = 4
    put(state, "c1", 1, 5)
    put(state, "e2", 1, 5, burning=True)
    put(state, "e1", 1, 5, burning=True)

    def why(action: str) -> str:
        with pytest.raises(plunder.IllegalAction) as caught:
            state.act(0, action)
        assert "is not a legal action" not in caught.value.reason
        return caught.value.reason

    assert why("9@a1") == "seat 0 holds no ship 9 (Treasure Galleon); her hand: 1, 2, 3 (R10)"
    assert why("1@c1").startswith("c1 is occupied by seat 1's active ship 5 (Escort)")
    assert why("1@e1").startswith("e1 holds a burning ship, which is reached only from next")
    assert why("1@d3").startswith("d3 is not accessible to seat 0: a ship is laid on row 1")
    assert why("buy:governor@a1") == "the Governor costs 5 gold; seat 0 has 4"
    assert why("buy:corsair@a1").startswith("the Corsair is not for hire (for hire: Kraken")
    assert why("end").startswith("a turn ends only once its ship is laid")
    assert why("fire@c1").startswith("no effect is aiming now")
    play(state, 0, "3@b1")
    assert why("fire@e2").startswith("e2 is not a target: a shot along the row or the column")
    assert why("mine@a1").startswith("seat 0 is aiming: fire@SPACE on one of c1")
    play(state, 0, "fire@c1")
    assert why("2@a1") == "seat 0 has laid this turn's ship already (R10)"
    play(state, 0, "buy:kraken@a1")
    assert why("end").startswith("seat 0 owes no decision now")


def test_the_log_speaks_of_the_seats_in_the_third_person() -> None:  # log words
    for seed in range(8):
        state = random_game(seed)
        for seat in (None, 0, 1):
            for event in state.events(seat):
                said = event["text"]
                assert "{" not in said and "(s)" not in said, said
                assert " your " not in f" {said.lower()}", said
                assert not said.startswith("Seat 0:") and not said.startswith("Seat 1:"), said


def test_every_effect_has_its_log_words() -> None:  # log words
    for name in EFFECTS:
        if aims(name):
            assert name in text.MISSED and name in text.OFF_TARGET
            assert EFFECTS[name].get("verb") in text.AIMED
        else:
            said = text.effect(0, name, 2) if name in ("gold", "vp") else ""
            assert name in ("gold", "vp", "hand", "reserve"), name
            assert "effect applies" not in said
    assert text.effect(1, "vp", 1) == "Seat 1 takes 1 VP token."
    assert text.effect(1, "vp", 2) == "Seat 1 takes 2 VP tokens."


def test_combos_score_runs_of_one_number_and_sequences() -> None:  # R33, R34, R40
    state = blank(new(18), 0)
    for at, n in (("a1", 5), ("b1", 5), ("c1", 5), ("a2", 2), ("b2", 3), ("c2", 4), ("d2", 5),
                  ("a3", 2), ("b3", 4), ("c3", 3)):
        put(state, at, 0, n)
    combos = sorted(state.combos(0))
    assert combos == sorted([("same", 3, CONTENT.same[3]), ("sequence", 4, CONTENT.sequence[4]),
                             ("sequence", 3, CONTENT.sequence[3])])  # b1-b2-b3 is 5-3-4: no
    put(state, "c3", 0, 3, burning=True)
    assert ("sequence", 3, CONTENT.sequence[3]) not in state.combos(0)


def test_descending_and_longer_sequences_are_worth_more() -> None:  # R34
    state = blank(new(18), 0)
    for at, n in zip(("a1", "b1", "c1", "d1", "e1"), (9, 8, 7, 6, 5), strict=True):
        put(state, at, 0, n)
    assert state.combos(0) == [("sequence", 5, CONTENT.sequence[5])]
    assert CONTENT.sequence[5] > CONTENT.sequence[4] > CONTENT.sequence[3]


def test_final_score_parts() -> None:  # R35, R36, R37, R41
    state = blank(new(19), 0)
    put(state, "a4", 0, 1)
    put(state, "b4", 0, 0, merc="admiral")
    put(state, "c4", 0, 1, burning=True)
    state.vp[0] = 3
    parts = state.breakdown(0)
    assert parts["raiders"] == 2 and parts["mercenaries"] == 2 and parts["tokens"] == 3
    assert parts["combos"] == 0 and parts["total"] == 7


def test_most_vp_wins_and_gold_breaks_a_tie() -> None:  # R38
    state = blank(new(20), 0)
    state.vp = [2, 2]
    state.gold = [1, 5]
    state._score()
    assert state.result.winners == {1}
    state = blank(new(20), 0)
    state.vp = [2, 2]
    state.gold = [3, 3]
    state._score()
    assert state.result.winners == frozenset() and state.result.returns() == (0.5, 0.5)


def test_random_games_end() -> None:  # R31, R32
    for seed in range(20):
        assert random_game(seed, end="pile").is_over
