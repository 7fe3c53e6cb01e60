"""Duel on the engine's protocol for search and learning, through the public API.

Action space, legal mask, decision frames, status, catalogue, observation,
information keys, pickling, incremental events, the end of the game and draws.
Every expected value is worked out from the rules (docs/rules/duel.md) by hand.
"""

from __future__ import annotations

import copy
import pickle
import random
import tomllib
from pathlib import Path

import numpy as np
import pytest

import plunder
from plunder.games.duel import content as duel_content
from plunder.games.duel import rules as duel_rules

CARDS_TOML = Path(duel_content.__file__).with_name("cards.toml")
SEED = 5  # the first master is the first draw of the seeded generator


def three(seed: int = SEED, **options: object) -> plunder.State:
    return plunder.load("duel", players=3, **options).new(seed=seed)


def shootout(state: plunder.State, plays: dict[int, str]) -> None:
    assert set(plays) == set(state.pending)
    for seat, notation in plays.items():
        state.act(seat, notation)


def fields(game: plunder.Game, vector: np.ndarray) -> dict[str, list[float]]:
    """The observation cut into its named fields (by the encoder's own layout)."""
    return {
        row["name"]: vector[row["offset"] : row["offset"] + row["size"]].tolist()
        for row in game.encoder().describe()
    }


# ------------------------------------------------------------------ action space
THREE_PLAYER_SPACE = [
    "colt", "colt>0", "colt>1", "colt>2",
    "rifle", "rifle>0", "rifle>1", "rifle>2",
    "barricade", "reload",
]


def test_the_action_space_lists_each_card_then_each_weapon_at_every_seat() -> None:
    space = plunder.load("duel", players=3).action_space()
    assert space.notations() == THREE_PLAYER_SPACE
    # Four cards unaimed, and the two weapons at each of n seats.
    for players in range(2, 6):
        assert len(plunder.load("duel", players=players).action_space()) == 4 + 2 * players


def test_every_index_round_trips_through_action_and_notation() -> None:
    game = plunder.load("duel", players=4)
    space = game.action_space()
    for index in range(len(space)):
        action = space.action(index)
        assert space.index(action) == index
        assert space.index(str(action)) == index
        assert game.parse(str(action)) == action


def test_the_legal_mask_marks_exactly_the_legal_actions() -> None:
    state = three()
    # Seat 0 holds every card and may aim at seats 1 and 2, never at itself.
    legal = {"colt", "colt>1", "colt>2", "rifle", "rifle>1", "rifle>2", "barricade", "reload"}
    assert [n in legal for n in THREE_PLAYER_SPACE] == state.legal_mask(0).tolist()
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    # Seat 1 was hit while reloading (R15); seat 0's Rifle stays played (R19).
    assert state.legal_mask(0).tolist() == [
        True, False, False, True, False, False, False, False, True, True
    ]
    assert not state.legal_mask(1).any()
    state.act(0, "colt")
    assert not state.legal_mask(0).any()  # committed: nothing more this shootout


def test_a_situation_that_comes_back_lists_its_actions_in_the_same_tuple() -> None:
    # A cache keyed on the legal tuple (a search's, an encoder's) meets it again
    # when seat 0 holds three Colts and when it holds two: the same actions.
    state = three()
    state.legal(0)
    first = state._legal_cache[0]
    shootout(state, {0: "colt", 1: "barricade", 2: "barricade"})  # no one aims: all live
    assert duel_rules.FULL_HAND["colt"] > 1 and state.view(0)["hand"].count("colt") == 2
    state.legal(0)
    assert state._legal_cache[0] is first


def test_an_action_is_structured_data_beside_its_notation() -> None:
    space = plunder.load("duel", players=3).action_space()
    assert space.action(3).to_json() == {"card": "colt", "target": 2, "notation": "colt>2"}
    assert space.action(8).to_json() == {"card": "barricade", "target": None,
                                         "notation": "barricade"}


# ------------------------------------------------------------------ decisions and status
def test_a_shootout_frame_names_the_living_and_the_numbers() -> None:
    state = three()
    assert state.view(None)["decision"] == {
        "kind": "shootout", "seats": [0, 1, 2], "duel": 1, "shootout": 1
    }
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    after = {"kind": "shootout", "seats": [0, 2], "duel": 1, "shootout": 2}
    assert state.view(1)["decision"] == after
    state.act(2, "barricade")
    # The frame still names who owes a card this shootout; pending says who is left.
    assert state.view(0)["decision"] == after
    assert state.view(0)["pending"] == [0]
    assert state.timeout_action(0) is None  # no decision of Duel is timed


def test_a_hit_player_is_out_until_the_next_duel() -> None:
    state = three()
    assert [state.status(s) for s in range(3)] == ["deciding"] * 3
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    assert [state.status(s) for s in range(3)] == ["deciding", "out", "deciding"]
    state.act(0, "colt>2")
    assert [state.status(s) for s in range(3)] == ["waiting", "out", "deciding"]
    state.act(2, "reload")  # hit while reloading: seat 0 is the last one standing
    assert state.view(None)["players"][0]["dollars"] == 1
    assert state.view(None)["decision"] == {
        "kind": "shootout", "seats": [0, 1, 2], "duel": 2, "shootout": 1
    }
    assert [state.status(s) for s in range(3)] == ["deciding"] * 3


def test_step_grows_once_per_shootout() -> None:
    state = three()
    first = state.step
    state.act(0, "colt")
    state.act(1, "colt")
    assert state.step == first
    state.act(2, "colt")
    assert state.step == first + 1


# ------------------------------------------------------------------ catalogue
def test_the_catalogue_restates_the_card_file() -> None:
    data = tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))
    catalogue = plunder.load("duel", players=3).catalogue()
    assert (catalogue["game"], catalogue["title"], catalogue["deflection"]) == (
        "duel", "Duel", "seed"
    )
    assert list(catalogue["cards"]) == list(data["cards"])
    for name, card in data["cards"].items():
        entry = catalogue["cards"][name]
        assert entry["id"] == name
        assert (entry["title"], entry["text"], entry["count"]) == (
            card["title"], card["text"], card["count"]
        )
        assert entry["weapon"] == (card["weapon"] or None)
        assert entry["returns"] == card["returns"]
        assert entry["stops"] == sorted(data["deflection"]["seed"][name])
    # R13-R15: under the seed's reading a shooter stops both weapons, a Barricade the Colt.
    assert catalogue["cards"]["colt"]["stops"] == ["colt", "rifle"]
    assert catalogue["cards"]["barricade"]["stops"] == ["colt"]
    assert catalogue["cards"]["reload"]["stops"] == []
    literal = plunder.load("duel", deflection="per-weapon").catalogue()
    assert literal["cards"]["colt"]["stops"] == ["colt"]
    assert literal["cards"]["rifle"]["stops"] == ["rifle"]


def test_a_changed_card_file_shows_in_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    edited = tmp_path / "cards.toml"
    text = CARDS_TOML.read_text(encoding="utf-8")
    assert 'title = "Barricade"' in text
    edited.write_text(text.replace('title = "Barricade"', 'title = "Barrel"'), encoding="utf-8")
    monkeypatch.setattr(duel_rules, "CONTENT", duel_content.load_content(edited))
    catalogue = plunder.load("duel").catalogue()
    assert catalogue["cards"]["barricade"]["title"] == "Barrel"
    assert catalogue["cards"]["colt"]["title"] == "Colt"


def test_the_catalogue_is_a_fresh_copy_each_time() -> None:
    game = plunder.load("duel")
    game.catalogue()["cards"]["colt"]["title"] = "changed"
    assert game.catalogue()["cards"]["colt"]["title"] == "Colt"


# ------------------------------------------------------------------ observation
def test_the_observation_of_a_known_position() -> None:
    state = three(target=4)
    master = random.Random(SEED).randrange(3)
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    game = state.game
    assert game.observation_shape() == (50,)
    seen = fields(game, state.observation(0))
    one_hot_master = [1.0 if s == master else 0.0 for s in range(3)]
    assert seen["viewer"] == [1, 0, 0]
    assert seen["alive"] == [1, 0, 1]
    assert seen["dollars"] == [0, 0, 0]
    # Played cards per seat in card order (colt, rifle, barricade, reload) / 6:
    # seat 0's Rifle stays; seat 1 was hit, so its Reloading card stays; seat 2's
    # Barricade came back.
    assert seen["played"] == pytest.approx([0, 1 / 6, 0, 0, 0, 0, 0, 1 / 6, 0, 0, 0, 0])
    assert seen["hand_size"] == pytest.approx([5 / 6, 5 / 6, 1])
    assert seen["master"] == one_hot_master
    assert seen["pending"] == [1, 0, 1]
    assert seen["committed"] == [0, 0, 0]
    assert seen["hand"] == [1, 0, 1, 1]  # per card / that card's count
    assert seen["choice_card"] == [0, 0, 0, 0]
    assert seen["choice_target"] == [0, 0, 0]
    assert seen["shootout"] == pytest.approx([2 / 30])
    assert seen["duel"] == pytest.approx([1 / 100])
    assert seen["over"] == [0]
    assert seen["winners"] == [0, 0, 0]
    state.act(0, "colt>2")
    seen = fields(game, state.observation(0))
    assert seen["choice_card"] == [1, 0, 0, 0]
    assert seen["choice_target"] == [0, 0, 1]
    assert (seen["pending"], seen["committed"]) == ([0, 0, 1], [1, 0, 0])
    # Seat 2 sees that seat 0 has chosen, never what.
    assert fields(game, state.observation(2))["choice_card"] == [0, 0, 0, 0]
    state.act(2, "reload")  # seat 0 wins the duel: $1 of 4
    seen = fields(game, state.observation(None))
    assert seen["dollars"] == [0.25, 0, 0]
    assert seen["viewer"] == [0, 0, 0]
    assert seen["hand"] == [0, 0, 0, 0]  # a spectator holds no hand
    assert seen["hand_size"] == [1, 1, 1]  # a new duel: full hands again


def test_the_observation_at_the_end_names_the_winner() -> None:
    state = three(target=1)
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    shootout(state, {0: "colt>2", 2: "reload"})
    assert state.is_over
    seen = fields(state.game, state.observation(1))
    assert (seen["over"], seen["winners"], seen["dollars"]) == ([1], [1, 0, 0], [1, 0, 0])


# ------------------------------------------------------------------ information keys
def test_info_key_is_equal_exactly_when_the_seat_sees_the_same() -> None:
    one, other = three(), three()
    one.act(1, "colt>0")
    other.act(1, "barricade")  # a different hidden card
    for seat in (None, 0, 2):
        assert one.view(seat, log=False) == other.view(seat, log=False)
        assert one.info_key(seat) == other.info_key(seat)
        assert hash(one.info_key(seat)) == hash(other.info_key(seat))
    assert one.info_key(1) != other.info_key(1)  # seat 1 sees its own choice
    third = three()
    third.act(2, "colt>0")  # another seat committed: that is public
    assert third.info_key(0) != one.info_key(0)
    world = one.determinize(0, random.Random(1))
    assert world.info_key(0) == one.info_key(0)


# ------------------------------------------------------------------ copies and records
def test_a_pickled_state_plays_on_to_the_same_record() -> None:
    state = three(seed=8)
    shootout(state, {0: "colt>1", 1: "barricade", 2: "rifle>0"})
    state.act(1, "colt>2")  # in the middle of a simultaneous step
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied.view(1) == state.view(1)
        assert copied.pending == state.pending
        original = state.clone()
        rng_a, rng_b = random.Random(4), random.Random(4)
        for _ in range(200):
            if original.is_over:
                break
            for seat in sorted(original.pending):
                original.act(seat, rng_a.choice(original.legal(seat)))
                copied.act(seat, rng_b.choice(copied.legal(seat)))
        assert copied.record == original.record
        assert copied.view(None) == original.view(None)


def test_a_game_pickles_through_its_options() -> None:
    game = plunder.load("duel", players=4, target=3)
    again = pickle.loads(pickle.dumps(game))
    assert (again.name, dict(again.options)) == ("duel", dict(game.options))
    assert copy.deepcopy(game) is game  # immutable


def test_a_state_dealt_without_a_seed_keeps_the_drawn_seed_in_its_record() -> None:
    state = plunder.load("duel", players=3).new(None)
    shootout(state, {0: "colt>1", 1: "colt>2", 2: "colt>0"})
    assert isinstance(state.seed, int)
    assert state.record["seed"] == state.seed
    assert plunder.replay(state.record).view(None) == state.view(None)


# ------------------------------------------------------------------ events
def test_events_since_give_exactly_what_a_client_lacks() -> None:
    state = three()
    assert [e["type"] for e in state.events(0)] == ["duel"]
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    assert state.event_count(0) == 4
    new = state.events(0, since=1)
    assert [e["type"] for e in new] == ["reveal", "shot", "hit"]
    assert new[0]["choices"] == [
        {"seat": 0, "card": "rifle", "target": 1},
        {"seat": 1, "card": "reload", "target": None},
        {"seat": 2, "card": "barricade", "target": None},
    ]
    assert (new[1]["seat"], new[1]["target"], new[1]["why"]) == (0, 1, "reloading")
    assert new[2]["seats"] == [1]
    assert state.events(0, since=4) == []
    # Every event of Duel is public: every seat and a spectator see the same log.
    assert state.events(None) == state.events(1) == state.events(2) == state.events(0)


# ------------------------------------------------------------------ the end, draws, bounds
def test_the_end_is_logged_once_and_closes_the_decision() -> None:
    state = three(target=1)
    shootout(state, {0: "rifle>1", 1: "reload", 2: "barricade"})
    shootout(state, {0: "colt>2", 2: "reload"})
    assert state.is_over
    ends = [e for e in state.events(None) if e["type"] == "game_end"]
    assert len(ends) == 1 and ends[0]["winners"] == [0]
    assert state.decision is None and state.view(0)["decision"] is None
    assert state.result is not None and state.result.returns() == (1.0, 0.0, 0.0)


def test_a_draw_returns_an_even_share_to_every_seat() -> None:
    # One shootout a duel, one duel a game: three Barricades and no one earns.
    state = three(shootout_limit=1, duel_limit=1)
    shootout(state, {0: "barricade", 1: "barricade", 2: "barricade"})
    assert state.is_over
    result = state.result
    assert result is not None and result.winners == frozenset()
    assert result.outcomes == ("draw", "draw", "draw")
    assert result.returns() == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_bounds_for_search_and_learning() -> None:
    game = plunder.load("duel", players=3, shootout_limit=7, duel_limit=4)
    assert game.max_decisions() == 4 * 7 * 3
    assert game.utility_range() == (0.0, 1.0)
