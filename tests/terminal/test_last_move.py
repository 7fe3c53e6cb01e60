"""The terminal table marks the last move above the decision: a highlighted
"Last move:" and what the move did, from the events the seat saw; none before the
first move."""

from __future__ import annotations

from rich.console import Console

import plunder
from plunder.terminal.render import LAST_MOVE, renderer_for

FIRSTS = "1\n" * 3000


def test_the_screen_marks_the_last_move_from_the_second_decision_on(plunder_cli, tmp_path) -> None:
    result = plunder_cli(
        ["play", "duel", "--players", "2", "--humans", "1", "--bot", "random", "--seed", "4",
         "--option", "target=1", "--save", str(tmp_path / "game.json")],
        input=FIRSTS,
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    first_prompt = out.index("Your move in shootout 1 of duel 1")
    assert LAST_MOVE not in out[:first_prompt]
    # Every later decision follows a revealed shootout: the mark tells it.
    assert out.count(LAST_MOVE) >= 1
    marked = out[out.index(LAST_MOVE):].splitlines()[0]
    assert "Seat 0" in marked and ("fires" in marked or "plays" in marked or "hides" in marked)


def test_the_mark_is_cut_to_two_lines_of_the_screen() -> None:
    state = plunder.load("duel", players=5).new(seed=1)
    for seat, move in enumerate(["colt>1", "colt>2", "rifle>3", "colt>4", "rifle>0"]):
        state.act(seat, move)
    renderer = renderer_for("duel")
    log = state.events(0)
    last = state.last_move(0)
    assert last is not None
    mark = renderer.last_move(log[last:], 40)
    assert mark is not None and mark.plain.startswith(LAST_MOVE)
    assert len(mark.plain) <= 2 * 40 and mark.plain.endswith("…")
    console = Console(width=40, record=True, color_system=None)
    console.print(mark)
    assert len(console.export_text().splitlines()) <= 2
    assert renderer.last_move([], 40) is None
