"""Pirates Under Fire at the terminal table: the sea drawn with both fleets, burning
ships, shields and mines, and a whole game played with a human typing and a bot."""

from __future__ import annotations

import io
import json
import random
import re
from itertools import pairwise

import pytest
from rich.console import Console
from typer.testing import CliRunner

import plunder
from plunder.cli import app
from plunder.games.underfire.rules import INDEX
from plunder.games.underfire.terminal import space_mark
from plunder.terminal.render import renderer_for
from underfire.kit import blank, effect, new, put

# A scripted human: notation first (refused where it is not legal), then "1".
SCRIPT = "\n".join(["9@a1", "end", "?", "1"] * 2000) + "\n"


def shown(renderable) -> str:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def sea_rows(text: str) -> dict[int, list[str]]:
    """The sea's rows as drawn: row number to its seven spaces, cut at the columns
    the line of letters above the sea names (each space centred under its letter)."""
    lines = text.splitlines()
    header = next(line for line in lines if line.split() == list("abcdefg"))
    centres = [header.index(f" {letter}") + 1 for letter in "abcdefg"]
    bounds = [0, *((a + b) // 2 + 1 for a, b in pairwise(centres)), len(header) + 20]
    rows = {}
    for line in lines:
        words = line.split()
        if len(words) >= 2 and words[0] in "123456" and words[0] == words[-1]:
            body = line[: line.rstrip().rindex(" ")]
            rows[int(words[0])] = [body[max(bounds[i], 2):bounds[i + 1]].strip()
                                   for i in range(7)]
    return rows


def test_the_sea_shows_both_fleets_burning_ships_shields_and_mines() -> None:
    state = blank(new(3), 0)
    put(state, "a1", 0, 7)
    put(state, "b1", 0, 3, shield=True)
    put(state, "c6", 1, 4, burning=True)
    put(state, "d5", 1, 0, merc="kraken")
    state.mines[INDEX["e3"]] = True
    effect(state, "e3", "diagonal")
    effect(state, "g2", "gold:2")
    effect(state, "f2", "reserve")
    effect(state, "a3", "vp:1")
    text = shown(renderer_for("underfire").players(state.view(0), {}))
    rows = sea_rows(text)
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    assert all(len(row) == 7 for row in rows.values())
    assert next(iter(rows)) == 6  # seat 1's side at the top
    assert rows[1][:2] == ["7", "3+"]  # seat 0's ships; + a shield
    assert rows[6][2] == "4*"  # seat 1's burning ship
    assert rows[5][3] == "kraken"  # a mercenary by its id, as hires are written
    assert rows[3][4] == "!diagonal"  # a mine, on a space whose effect is a whole word
    assert rows[2][5:] == ["reserve", "2 gold"] and rows[3][0] == "VP"
    assert "* burning, + shielded, ! a mine" in text
    assert not {"shiel", "rsv", "diag", "repai"} & set(re.findall(r"\w+", text))
    assert "gold:" not in text and "vp:" not in text


def test_the_sea_has_coordinates_on_every_side() -> None:
    text = shown(renderer_for("underfire").sea(new(3).view(0)))
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0].split() == list("abcdefg") == lines[-1].split()  # columns above and below
    rows = [line.split() for line in lines[1:-1] if not line.strip().startswith("-")]
    assert [(row[0], row[-1]) for row in rows] == [(str(n), str(n)) for n in range(6, 0, -1)]


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


def test_question_mark_knows_every_word_on_the_board() -> None:
    state = plunder.load("underfire").new(seed=8)
    rng = random.Random(8)
    for _ in range(60):
        if state.is_over:
            break
        seat = next(iter(state.pending))
        state.act(seat, rng.choice(state.legal(seat)))
    put(state, "a4", 1, 0, merc="shipwright", burning=True)
    put(state, "b4", 0, 0, merc="gunner", shield=True)
    state.sea[INDEX["c4"]] = None
    state.mines[INDEX["c4"]] = True
    renderer = renderer_for("underfire")
    view = state.view(0, log=False)
    words = set()
    for space in view["sea"]:
        words.add(space_mark(space).plain)
        words.add(space["at"])
    words |= {"gold", "VP", "line", "diagonal", "mine", "shield", "repair", "hand", "reserve",
              "*", "+", "!", ".", "----"}
    for word in sorted(words):
        told = renderer.explain(word, view)
        assert told and told[0] and "{" not in told[0], word
    assert renderer.explain("gold", view) == [
        "gold (the effect of a space or a ship): gain 1 gold"]
    assert renderer.explain("2 VP", view) == [
        "2 VP (the effect of a space or a ship): take 2 VP tokens"]
    effect(state, "a4", "")
    state.mines[INDEX["a4"]] = False
    effect(state, "c4", "gold:2")
    view = state.view(0, log=False)
    assert renderer.explain("a4", view) == ["a4: seat 1's half; no effect; seat 1's Shipwright, "
                                            "burning."]
    assert renderer.explain("C4", view) == ["c4: seat 1's half; 2 gold (gain 2 gold); "
                                            "a mine lies here."]


def test_a_refusal_says_why_and_groups_what_is_legal() -> None:
    state = blank(new(3), 0)
    state.hand[0] = [7, 9, 9]
    renderer = renderer_for("underfire")
    with pytest.raises(plunder.IllegalAction) as caught:
        state.act(0, "7@d3")
    lines = renderer.refusal(caught.value, state.view(0), [a.to_json() for a in state.legal(0)])
    assert lines[0] == ("Refused: d3 is not accessible to seat 0: a ship is laid on row 1 or "
                        "next to one of her active ships (R17, R18).")
    assert lines[1] == "Legal now:" and lines[2].startswith("7@SPACE")
    assert len(lines) < 12


def test_the_end_is_told_once_after_the_vp_by_source(tmp_path) -> None:
    """The count says each seat's VP by source; the final line comes once."""
    result = CliRunner().invoke(
        app,
        ["play", "underfire", "--humans", "0", "--seed", "3", "--bot", "greedy",
         "--save", str(tmp_path / "game.json")],
    )
    assert result.exit_code == 0, result.output[-2000:]
    finals = [line for line in result.output.splitlines() if "Final scores" in line]
    # Once in the log; the result's heading may repeat it after "Winner:".
    assert len([line for line in finals if not line.startswith("Winner")]) == 1
    counted = [line for line in result.output.splitlines() if "The VP are counted" in line]
    assert len(counted) == 1 and "combos" in counted[0]
