"""Progress that shows in every mode: a line every few games when stderr is not a
terminal, with the time left."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from plunder.cli import app
from plunder.lab.progress import MOST_GAMES_APART, ProgressLines, every, line


def test_a_run_sent_to_a_file_prints_a_line_every_few_games(tmp_path: Path) -> None:
    # CliRunner's stderr is not a terminal: no bar, the lines instead.
    result = CliRunner().invoke(app, ["lab", "swordplay", "--bots", "greedy,random",
                                      "--games", "6", "--jobs", "1", "--seed", "2",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    shown = [text for text in result.stderr.splitlines() if " games (" in text]
    # Six games, one a line, the last saying how long the run took.
    assert [re.search(r"(\d+)/6 games", text)[1] for text in shown] == list("123456")
    assert all(text.startswith("swordplay: greedy, random: ") for text in shown)
    assert all(" left" in text for text in shown[:-1])
    assert "done in" in shown[-1]


@given(st.integers(1, 5000), st.lists(st.integers(1, 25), min_size=1, max_size=400))
def test_lines_come_at_every_step_the_batches_pass_and_at_the_end(
    total: int, batches: list[int]
) -> None:
    written: list[str] = []
    tick = iter(range(1, 10_000))
    lines = ProgressLines(total, written.append, clock=lambda: float(next(tick)))
    done = 0
    expected = 0
    for size in batches:
        if done >= total:
            break
        before, done = done, min(total, done + size)
        lines(done)
        step = every(total)
        # A line when the batch passed a multiple of the step, or ended the run.
        expected += done // step > before // step or done == total
    assert len(written) == expected
    if done == total:
        assert "done in" in written[-1]
    assert 1 <= every(total) <= MOST_GAMES_APART


def test_the_time_left_is_the_rate_so_far_by_hand() -> None:
    # 40 of 200 games in 16 s: 2.5 games/s, and 160 games left take 64 s.
    assert line(40, 200, 16.0) == "40/200 games (20%), 2.5 games/s, about 1 min 4 s left"
