"""Swordplay at the terminal table: the renderer draws the table and a whole game
is played with a human typing and bots."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console
from typer.testing import CliRunner

import plunder
from plunder.cli import app
from plunder.terminal.render import renderer_for
from swordplay.kit import equip, give, new

# A scripted human: notation first (mostly refused at any one step), then "1".
SCRIPT = "\n".join(["attack:high>1", "defend:dodge", "?", "1"] * 3000) + "\n"


def shown(renderable) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_the_table_shows_life_armor_items_and_stance() -> None:
    state = new("vane,grady")
    equip(state, 1, "jerkin", "rapier", "fury")
    renderer = renderer_for("swordplay")
    view = state.view(0)
    table = shown(renderer.table(view, {}))
    assert "Peg-Leg Grady" in table and "Leather Jerkin 2/2" in table
    assert "Rapier" in table and "Sea Fury" in table and "10" in table
    assert renderer.hand(view)
    lines = renderer.actions([a.to_json() for a in state.legal(0)], view)
    assert lines[0].startswith("1) pass") and lines[1] == "Discard:"
    help_text = renderer.rules_help(view)
    assert "Dodge" in help_text and "plunder/games/swordplay/guide.md" in help_text


def numbers(lines: list[str]) -> list[int]:
    return [int(line.split(")")[0]) for line in lines if line.strip()[0].isdigit()]


def test_actions_are_listed_in_the_order_of_their_numbers() -> None:
    state = new("vane,grady")
    renderer = renderer_for("swordplay")
    equip(state, 0, "cloak")
    give(state, 0, "rapier", "fury", "high", "duck", "low")
    state.act(0, "pass")  # the Discard phase: the Ready phase, with drops and readies
    assert state.decision.kind == "ready"
    legal = [a.to_json() for a in state.legal(0)]
    lines = renderer.actions(legal, state.view(0))
    assert numbers(lines) == list(range(1, len(legal) + 1))
    assert "Ready:" in lines and "Drop:" in lines
    # one card, one notation: discarded or played in defence, Parry - High is parry_high
    help_text = renderer.rules_help(state.view(0))
    assert "  parry_high: Parry - High" in help_text


def test_a_whole_game_with_a_human_and_bots(tmp_path) -> None:
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        app,
        ["play", "swordplay", "--players", "3", "--humans", "1", "--bot", "greedy",
         "--seed", "4", "--save", str(save)],
        input=SCRIPT,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winner" in result.output or "No one wins" in result.output
    record = json.loads(save.read_text())
    state = plunder.replay(record)
    assert state.is_over


def test_question_mark_explains_your_fighter_and_the_cards() -> None:
    state = new("vane,grady")
    renderer = renderer_for("swordplay")
    mine = renderer.explain("me", state.view(0, log=False))
    assert mine is not None and mine[0] == "You are seat 0: Captain Scarlett Vane, 10 life."
    assert renderer.explain("dodge", state.view(0, log=False))[0].startswith("Dodge: ")


def test_the_header_counts_turns_and_never_shows_the_turn_limit() -> None:
    renderer = renderer_for("swordplay")
    view = new("vane,grady").view(0)
    header = renderer.header(view)
    assert header.startswith("Turn 1 · ") and "300" not in header
    # Not even near the limit: it only stops play that would never end.
    near = {**view, "turn": 295}
    assert renderer.header(near).startswith("Turn 295 · ")
    assert "300" not in renderer.header(near) and "limit" not in renderer.header(near)


def test_a_one_handed_fighter_has_1_hand_not_1_hands() -> None:
    renderer = renderer_for("swordplay")
    help_text = renderer.rules_help(new("hollis,grady").view(0))
    assert "One-Hand Hollis (10 life, 2 damage, 1 hand)" in help_text
    assert "1 hands" not in help_text
    assert "Peg-Leg Grady (10 life, 1 damage, 2 hands)" in help_text
    mine = renderer.explain("me", new("hollis,grady").view(0, log=False))
    assert mine is not None and "  At the start: 10 life, 2 damage, 1 hand." in mine


def test_the_header_at_the_end_says_the_fight_is_over_and_names_no_one_to_play() -> None:
    state = new("vane,grady")
    rng = random.Random(5)
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    header = renderer_for("swordplay").header(state.view(None))
    assert " · the fight is over · " in header
    assert "to play" not in header and "300" not in header
