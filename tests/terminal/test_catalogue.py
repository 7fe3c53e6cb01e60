"""The terminal takes a game's content from its catalogue and its actions structured,
and draws a game that names no renderer with the generic one."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.engine import registry
from plunder.engine.manifest import Manifest
from plunder.games.duel.rules import DuelGame
from plunder.games.rumble.game import RumbleGame
from plunder.games.rumble.terminal import group_actions
from plunder.terminal import render
from plunder.terminal.render import GenericRenderer, catalogue_for, forget_catalogues, renderer_for
from plunder.terminal.table import QuitRequested, TerminalTable


@pytest.fixture(autouse=True)
def fresh_catalogues() -> Iterator[None]:
    # The renderers keep catalogues per game and options: start and end with none
    # kept, so an edited catalogue is read anew and never outlives its test.
    forget_catalogues()
    yield
    forget_catalogues()


def screen_of(state: plunder.State, answers: list[str], seat_bots: dict | None = None) -> str:
    """What a human at seat 0 sees while typing ``answers`` (the last one should quit)."""
    screen = io.StringIO()
    console = Console(file=screen, width=200, highlight=False)
    typed = iter(answers)
    table = TerminalTable(
        state, seat_bots or {}, console, random.Random(1), read_line=lambda _: next(typed)
    )
    with pytest.raises(QuitRequested):
        table.run()
    return screen.getvalue()


def edited_rumble(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ability text and the Load card's title and text changed, as an edited TOML would."""
    original = RumbleGame._catalogue

    def edited(self: RumbleGame) -> dict[str, Any]:
        found = copy.deepcopy(original(self))
        for pirate in found["pirates"].values():
            for ability in pirate["abilities"]:
                ability["text"] = f"Edited power {ability['id']} of {pirate['id']}."
        found["cards"]["load"]["title"] = "Powder Keg"
        found["cards"]["load"]["text"] = "Edited: take some powder."
        return found

    monkeypatch.setattr(RumbleGame, "_catalogue", edited)


def one_human(options: dict[str, Any]) -> plunder.State:
    return plunder.load("rumble", **options).new(seed=3)


def test_the_help_lists_every_pirates_abilities_from_the_catalogue(monkeypatch):
    edited_rumble(monkeypatch)
    state = one_human({"players": 3, "pirates": "read,kidd,zheng"})
    bots = {seat: get_bot("random", "rumble") for seat in (1, 2)}
    out = screen_of(state, ["?", "q"], bots)
    catalogue = plunder.load("rumble", players=3).catalogue()
    assert catalogue["pirates"]["read"]["abilities"]  # the edit reached the game itself
    for name, pirate in catalogue["pirates"].items():
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{name}: "))
        assert pirate["title"] in line
        for ability in pirate["abilities"]:
            assert ability["text"].rstrip(".") in line, (name, line)
        if name == "read":
            assert "(my pirate)" in line
        elif name in ("kidd", "zheng"):
            assert "(seat " in line
        else:
            assert "my pirate" not in line and "(seat " not in line
    # The printed abilities are gone: only the catalogue's words are shown.
    assert "Takes 1 bullet after playing Fire" not in out
    assert "Shoot Twice may hit one pirate twice" not in out
    # Every card is listed too, the edited one with its new words, and the hand follows.
    for name, card in catalogue["cards"].items():
        assert f"{name}: {card['title']} (" in out
    assert "load: Powder Keg (basic, free): Edited: take some powder." in out
    assert "Powder Keg" in out.split("Legal actions now:")[0]  # the hand table, before ?
    assert "Your pirate: Anne Bonny" not in out
    mine = "Your pirate: Mary Read: starts with Cut. Edited power double_shot of read."
    assert mine in out


def test_the_help_follows_the_printed_catalogue_when_unedited():
    state = one_human({"players": 4, "pirates": "kidd,read,morgan,kuki"})
    text = renderer_for("rumble").rules_help(state.view(0))
    kidd = next(line for line in text.splitlines() if line.strip().startswith("kidd: "))
    assert "(my pirate)" in kidd
    assert "Steal takes every bullet of the target" in kidd
    catalogue = state.game.catalogue()
    for pirate in catalogue["pirates"].values():
        for ability in pirate["abilities"]:
            assert ability["text"].rstrip(".") in text


def test_a_spectators_help_marks_no_pirate_as_its_own():
    state = one_human({"players": 3, "pirates": "read,kidd,zheng"})
    text = renderer_for("rumble").rules_help(state.view(None))
    assert "my pirate" not in text
    assert "read: Mary Read (seat 0)" in text


def test_grouped_actions_come_from_the_structured_actions_not_the_notation():
    # Each notation lies about its action; a parser of notation would group these as
    # "cut>9|8" and "dodge"; the structured fields say Shoot at seats 1 and 2, Load.
    legal = [
        {"verb": "play", "name": "shoot", "targets": [2], "notation": "cut>9"},
        {"verb": "play", "name": "shoot", "targets": [1], "notation": "cut>8"},
        {"verb": "grab", "name": "0", "targets": [], "notation": "dodge"},
        {"verb": "grab", "name": "1", "targets": [], "notation": "dodge"},
    ]
    assert group_actions(legal) == ["shoot>1|2", "grab>0|1"]


def test_descriptions_come_from_the_structured_actions_not_the_notation():
    state = plunder.load("rumble", players=3, pirates="read,kidd,zheng").new(seed=1)
    view = state.view(0)
    words = renderer_for("rumble").describe(
        {"verb": "play", "name": "shoot", "targets": [2], "notation": "load"}, view
    )
    assert words == "play Shoot at seat 2 (Zheng)"
    duel = plunder.load("duel", players=3).new(seed=1).view(0)
    fired = renderer_for("duel").describe(
        {"card": "rifle", "target": 1, "notation": "colt>2"}, duel
    )
    assert fired == "fire a Rifle at seat 1"


def test_the_table_hands_the_renderer_the_engines_structured_actions():
    state = plunder.load("rumble", players=3, pirates="read,kidd,zheng").new(seed=1)
    seen: list[list[dict]] = []

    class Recording(type(renderer_for("rumble"))):  # type: ignore[misc]
        def actions(self, legal, view):
            seen.append([dict(action) for action in legal])
            return super().actions(legal, view)

    screen = io.StringIO()
    typed = iter(["", "q"])  # past the pass-the-device screen, then quit
    table = TerminalTable(
        state,
        {},
        Console(file=screen, width=200),
        random.Random(1),
        read_line=lambda _: next(typed),
    )
    table.renderer = Recording()
    with pytest.raises(QuitRequested):
        table.run()
    assert seen[0] == [action.to_json() for action in state.legal(0)]
    assert all(set(action) == {"verb", "name", "targets", "notation"} for action in seen[0])


def test_duel_help_lists_every_card_from_the_catalogue(monkeypatch):
    original = DuelGame._catalogue

    def edited(self: DuelGame) -> dict[str, Any]:
        found = copy.deepcopy(original(self))
        found["cards"]["barricade"]["title"] = "Crate"
        found["cards"]["barricade"]["text"] = "Edited: duck behind a crate."
        return found

    monkeypatch.setattr(DuelGame, "_catalogue", edited)
    view = plunder.load("duel", players=3).new(seed=1).view(0)
    text = renderer_for("duel").rules_help(view)
    assert "barricade: Crate: Edited: duck behind a crate. (Stops: Colt.)" in text
    assert "reload: Reloading: " in text and "(Stops nothing.)" in text
    assert "Colt x3, Rifle, Crate, Reloading" in text
    words = renderer_for("duel").describe({"card": "barricade", "target": None}, view)
    assert words == "play the Crate"


def test_catalogues_are_kept_per_game_and_options():
    seed_reading = {"game": "duel", "options": {"players": 3, "deflection": "seed"}}
    per_weapon = {"game": "duel", "options": {"players": 3, "deflection": "per-weapon"}}
    assert catalogue_for(seed_reading) is catalogue_for(dict(seed_reading))
    assert catalogue_for(per_weapon)["cards"]["colt"]["stops"] == ["colt"]
    assert catalogue_for(seed_reading)["cards"]["colt"]["stops"] == ["colt", "rifle"]


class PlainGame(DuelGame):
    """A game whose manifest names no terminal renderer."""

    name = "plain-test-game"
    title = "Plain"


def test_a_game_without_a_terminal_renderer_gets_the_generic_one(monkeypatch):
    monkeypatch.setattr(render, "_cache", {})
    monkeypatch.setitem(registry._manifests, PlainGame.name, Manifest(PlainGame))
    monkeypatch.setattr(PlainGame, "manifest", registry._manifests[PlainGame.name], raising=False)
    renderer = renderer_for(PlainGame.name)
    assert type(renderer) is GenericRenderer
    state = plunder.load(PlainGame.name, players=2).new(seed=2)
    out = screen_of(state, ["?", "1", "q"], {1: get_bot("random", "duel")})
    assert "plain-test-game · " in out  # the generic header names the game
    assert "Actions:  1) colt  2) colt>1" in out
    assert "ships no guide" in out  # its manifest names no guide nor rules document
    assert "Duel 1 · shootout" not in out  # the game's own renderer was not used
