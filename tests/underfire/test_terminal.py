"""Pirates Under Fire at the terminal table: the sea drawn with both fleets, burning
ships, shields and mines, and a whole game played with a human typing and a bot."""

from __future__ import annotations

import io
import json

from rich.console import Console
from typer.testing import CliRunner

import plunder
from plunder.cli import app
from plunder.games.underfire.rules import INDEX
from plunder.terminal.render import renderer_for
from underfire.kit import blank, effect, new, put

# A scripted human: notation first (refused where it is not legal), then "1".
SCRIPT = "\n".join(["9@a1", "end", "?", "1"] * 2000) + "\n"


def shown(renderable) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def sea_rows(text: str) -> dict[int, list[str]]:
    """The sea's rows as drawn: row number to its seven five-character spaces."""
    rows = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) == 8 and words[0] in "123456":
            rows[int(words[0])] = words[1:]
    return rows


def test_the_sea_shows_both_fleets_burning_ships_shields_and_mines() -> None:
    state = blank(new(3), 0)
    put(state, "a1", 0, 7)
    put(state, "b1", 0, 3, shield=True)
    put(state, "c6", 1, 4, burning=True)
    put(state, "d5", 1, 0, merc="kraken")
    state.mines[INDEX["e3"]] = True
    effect(state, "g2", "gold:2")
    text = shown(renderer_for("underfire").players(state.view(0), {}))
    rows = sea_rows(text)
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    assert all(len(row) == 7 for row in rows.values())
    assert next(iter(rows)) == 6  # seat 1's side at the top
    assert rows[1][:2] == ["7", "3+"]  # seat 0's ships; + a shield
    assert rows[6][2] == "4*"  # seat 1's burning ship
    assert rows[5][3] == "KRA"  # a mercenary by its name
    assert rows[3][4].startswith("!")  # a mine
    assert rows[2][6] == "gold:"  # a space's effect
    assert "* burning, + shielded, ! a mine" in text


def test_the_hand_and_actions_read_the_catalogue() -> None:
    state = blank(new(3), 0)
    state.hand[0] = [7, 9, 9]
    state.gold = [5, 5]
    renderer = renderer_for("underfire")
    view = state.view(0)
    assert renderer.hand(view) == "7 Frigate, 9 Treasure Galleon, 9 Treasure Galleon"
    lines = renderer.actions([a.to_json() for a in state.legal(0)], view)
    frigate = next(line for line in lines if line.startswith("7@SPACE"))
    assert "diagonal" in frigate and " a1 " in frigate + " "
    assert any(line.startswith("buy:kraken@SPACE") for line in lines)
    help_text = renderer.rules_help(view)
    assert "Treasure Galleon" in help_text and "Kraken" in help_text


def test_a_whole_game_with_a_human_and_a_bot(tmp_path) -> None:
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        app,
        ["play", "underfire", "--humans", "1", "--bot", "greedy", "--seed", "4",
         "--save", str(save)],
        input=SCRIPT,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winner" in result.output or "No one wins" in result.output
    state = plunder.replay(json.loads(save.read_text()))
    assert state.is_over
    assert len(state.moves) > 16


def test_question_mark_explains_ships_and_mercenaries() -> None:
    view = new(3).view(0, log=False)
    renderer = renderer_for("underfire")
    assert renderer.explain("7", view)[0].startswith("Frigate: ")
    assert renderer.explain("kraken", view)[0].startswith("Kraken: ")
    assert renderer.explain("master gunner", view)[0].startswith("Master Gunner: ")
    assert renderer.explain("galleon", view) is None
