"""Rum & Bones' content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats
from plunder.games.rumbones import text
from plunder.games.rumbones.rules import BonesState


def content_stats(state: BonesState) -> ContentStats:
    """Rounds played, whether the round limit ended the game, and per seat: its faction
    (its side's; none in Clash Royale!, where heroes come from any faction), the heroes
    it played (R62: in a team, the ones it controlled), the attacks its heroes made by
    skill, and the coins each of its heroes gained (a hero that farms coins levels up
    early: where a hero's wins come from)."""
    assert state.result is not None
    seats = range(state.players)
    side_of = state.seating.side_of
    attacks: list[dict[str, int]] = [{} for _ in seats]
    coins: list[dict[str, float]] = [{} for _ in seats]
    for event in state.events(None):
        hero = event.get("hero")
        if not isinstance(hero, int):
            continue
        seat = state.heroes[hero].owner
        if event["type"] == "attack" and event.get("skill"):
            skill = event["skill"]
            attacks[seat][skill] = attacks[seat].get(skill, 0) + 1
        elif event["type"] == "coins":
            name = state.heroes[hero].name
            coins[seat][name] = coins[seat].get(name, 0) + event["amount"]
    return ContentStats(
        rounds=state.round,
        unit="rounds",
        cut_off=state.result.reason == text.round_limit(state.game.options["round_limit"]),
        picks={
            "faction": [[state.factions[side_of[seat]]] if state.factions else []
                        for seat in seats],
            "hero": [[hero.name for hero in state.heroes if hero.owner == seat]
                     for seat in seats],
        },
        plays={"attack": attacks},
        amounts={"coins": coins},
    )
