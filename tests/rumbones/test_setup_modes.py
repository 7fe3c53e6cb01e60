"""Rum & Bones' alternate set-ups: Random Heroes (methods 1 and 2) and Strange Allies
(R70-R72 of docs/rules/rumbones.md), alone, together and with teams."""

from __future__ import annotations

import pytest

import plunder
from plunder.engine import OptionError

CATALOGUE = plunder.load("rumbones").catalogue()["heroes"]
FACTION = {name: hero["faction"] for name, hero in CATALOGUE.items()}


def draft(state, choose=lambda legal: legal[0]) -> list[int]:
    """Play the picks (and elect the captains); the seats that picked, in order."""
    order = []
    while state.decision.kind in ("pick", "captain"):
        seat = min(state.pending)
        if state.decision.kind == "pick":
            order.append(seat)
        state.act(seat, choose([str(a) for a in state.legal(seat)]))
    return order


def dealt_events(state) -> list[dict]:
    return [e for e in state.events(None) if e["type"] == "dealt"]


# ------------------------------------------------------------------ R70 method 1
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_r70_method_one_deals_each_side_its_heroes_from_its_faction(players: int) -> None:
    state = plunder.load("rumbones", players=players, random_heroes="faction").new(seed=7)
    draft(state)  # captains only: nothing is picked
    view = state.view(None, log=False)
    fielded = {2: 3, 3: 3, 4: 4, 5: 5, 6: 5}[players]
    for side, faction in enumerate(view["factions"]):
        heroes = [h["hero"] for h in view["heroes"] if h["side"] == side]
        assert len(heroes) == len(set(heroes)) == fielded
        assert {FACTION[h] for h in heroes} == {faction}
        assert sorted(heroes) == view["dealt"][side]
    assert [e["side"] for e in dealt_events(state)] == [0, 1]
    assert state.decision.kind == "turn"


def test_r70_the_deal_is_the_seeds_and_public() -> None:
    game = plunder.load("rumbones", random_heroes="faction")
    deals = {tuple(game.new(seed=s).view(None, log=False)["dealt"][0]) for s in range(8)}
    assert len(deals) > 1
    state = game.new(seed=1)
    assert state.view(0, log=False)["dealt"] == state.view(1, log=False)["dealt"] == \
        state.view(None, log=False)["dealt"]


# ------------------------------------------------------------------ R71 method 2
def test_r71_method_two_deals_two_mercenaries_more_and_the_side_picks_among_them() -> None:
    state = plunder.load("rumbones", random_heroes="mercenaries").new(seed=3)
    dealt = state.view(None, log=False)["dealt"]
    for side, faction in enumerate(state.view(None, log=False)["factions"]):
        factions = [FACTION[h] for h in dealt[side]]
        assert factions.count("mercenary") == 2 and factions.count(faction) == 3
    assert state.decision.kind == "pick"
    order = draft(state, lambda legal: legal[-1])
    assert order == [0, 1, 0, 1, 0, 1]
    view = state.view(None, log=False)
    for side in (0, 1):
        picks = view["picks"][side]
        assert len(picks) == 3 and set(picks) <= set(dealt[side])


def test_r71_a_side_may_pick_only_what_it_was_dealt() -> None:
    state = plunder.load("rumbones", random_heroes="mercenaries").new(seed=3)
    dealt = state.view(None, log=False)["dealt"][0]
    assert sorted(str(a)[5:] for a in state.legal(0)) == dealt
    outsider = next(h for h in CATALOGUE if h not in dealt)
    with pytest.raises(plunder.IllegalAction):
        state.act(0, f"pick:{outsider}")


def test_r71_a_team_picks_among_its_heroes_dealt_each_player_in_turn() -> None:
    state = plunder.load("rumbones", players=4, random_heroes="mercenaries").new(seed=5)
    dealt = state.view(None, log=False)["dealt"]
    assert [len(d) for d in dealt] == [6, 6]  # 4 heroes each, and 2 mercenaries
    order = draft(state)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    view = state.view(None, log=False)
    assert view["control"]["heroes"] == [0, 2, 0, 2, 1, 3, 1, 3]
    for side in (0, 1):
        assert set(view["picks"][side]) <= set(dealt[side])


# ------------------------------------------------------------------ R72 Strange Allies
def test_r72_strange_allies_offers_every_hero_whatever_its_faction() -> None:
    state = plunder.load("rumbones", strange_allies=True).new(seed=1)
    assert sorted(str(a)[5:] for a in state.legal(0)) == sorted(CATALOGUE)
    plain = plunder.load("rumbones").new(seed=1)
    assert len(plain.legal(0)) < len(CATALOGUE)


def test_r72_strange_allies_with_random_heroes_deals_from_every_faction() -> None:
    factions = set()
    for seed in range(10):
        state = plunder.load("rumbones", strange_allies=True, random_heroes="faction",
                             players=6).new(seed=seed)
        draft(state)
        for side in (0, 1):
            heroes = state.view(None, log=False)["picks"][side]
            assert "mercenary" not in {FACTION[h] for h in heroes}
            factions |= {(side, FACTION[h]) for h in heroes}
    # Each side was dealt heroes of the other faction too.
    assert factions == {(0, "lords"), (0, "marea"), (1, "lords"), (1, "marea")}


def test_r72_strange_allies_lets_a_side_list_heroes_of_another_faction() -> None:
    mixed = "calavera,ishmael,pete;carcharius,demarco,molly"
    with pytest.raises(OptionError):
        plunder.load("rumbones", heroes=mixed)
    state = plunder.load("rumbones", heroes=mixed, strange_allies=True).new(seed=1)
    assert state.view(None, log=False)["picks"] == [mixed.split(";")[0].split(","),
                                                    mixed.split(";")[1].split(",")]


def test_random_heroes_deals_so_the_heroes_option_stays_a_draft() -> None:
    with pytest.raises(OptionError, match="Random Heroes"):
        plunder.load("rumbones", random_heroes="faction", heroes="random")


# ------------------------------------------------------------------ heroes named in words


def test_heroes_are_named_in_words_as_the_lobby_shows_them() -> None:
    """The option's help gives its example in words ("x, y against z, w"); it reads as
    the notation the command line types, and a wrong count says so in words."""
    notation = "carcharius,ishmael,nerissa;calavera,demarco,hueso"
    words = "Carcharius, Ishmael and Nerissa against calavera demarco, hueso"
    assert plunder.load("rumbones", heroes=words).hero_lists == \
        plunder.load("rumbones", heroes=notation).hero_lists
    example = next(o for o in plunder.load("rumbones").option_specs() if o.name == "heroes")
    said = example.help.split("for example ", 1)[1].rstrip(".")
    assert plunder.load("rumbones", heroes=said).hero_lists == \
        [["carcharius", "ishmael", "nerissa"], ["calavera", "demarco", "hueso"]]
    with pytest.raises(OptionError, match="3 heroes against 3 heroes"):
        plunder.load("rumbones", heroes="carcharius against calavera")
