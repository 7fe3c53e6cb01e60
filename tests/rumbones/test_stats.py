"""The balance lab's statistics of a Rum & Bones game (``MANIFEST.stats``): each seat's
faction and heroes, its heroes' attacks by skill and the coins they gained, checked
against what the record and the final view say."""

from __future__ import annotations

import random

import pytest

import plunder
from plunder.engine.registry import part
from plunder.games.rumbones.content import CONTENT


def _played(players: int, seed: int) -> plunder.State:
    state = plunder.load("rumbones", players=players).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 4), (4, 1)])
def test_attacks_and_coins_add_up_to_the_record(players: int, seed: int) -> None:
    state = _played(players, seed)
    found = part("rumbones", "stats")(state).check(players)
    attacks: list[dict[str, int]] = [{} for _ in range(players)]
    spent = [0] * players
    for seat, move in state.moves:
        kind, _, rest = move.partition(":")
        skill = CONTENT.skills.get(rest.partition(">")[0])
        if kind == "attack" and skill is not None:  # not a sea monster's attack
            attacks[seat][skill.name] = attacks[seat].get(skill.name, 0) + 1
        elif kind in ("unlock", "level"):
            spent[seat] += skill.unlock if kind == "unlock" else skill.level_up
    assert found.plays["attack"] == attacks
    assert any(attacks)
    # Coins gained: what each seat's heroes hold at the end and what they spent.
    view = state.view(None)
    held = [0] * players
    for hero in view["heroes"]:
        # With two players each side is a seat; in teams the view says who controls it.
        owner = view["control"]["heroes"][hero["index"]] if "control" in view else hero["side"]
        held[owner] += hero["coins"]
    gained = [sum(coins.values()) for coins in found.amounts["coins"]]
    assert gained == [h + s for h, s in zip(held, spent, strict=True)]
    assert sum(gained) > 0
    for seat, coins in enumerate(found.amounts["coins"]):
        assert set(coins) <= set(found.picks["hero"][seat])
