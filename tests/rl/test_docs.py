"""docs/rl.md's table of spaces says what the code does."""

from __future__ import annotations

import re
from pathlib import Path

import plunder

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
ROW = re.compile(r"^\| (\w+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", re.MULTILINE)


def test_the_table_of_spaces_matches_the_games() -> None:
    rows = ROW.findall(DOC.read_text(encoding="utf-8"))
    assert len(rows) >= 11
    listed = set()
    for name, players, actions, with_noop, observation, decisions in rows:
        game = plunder.load(name, players=int(players))
        assert int(actions) == len(game.action_space()), (name, players)
        assert int(with_noop) == len(game.action_space()) + 1, (name, players)
        assert (int(observation),) == game.observation_shape(), (name, players)
        assert int(decisions) == game.max_decisions(), (name, players)
        listed.add((name, int(players)))
    # Every player count of every game the table names is there.
    for name in {name for name, _ in listed}:
        cls = plunder.engine.manifest(name).game
        assert {p for n, p in listed if n == name} == set(
            range(cls.min_players, cls.max_players + 1)
        )
