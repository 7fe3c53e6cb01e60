"""Every game's greedy bot makes the choices and rankings it made when they were pinned.

For each game, random plays under a few tables pass through a few hundred
positions with a choice to make; at each, the greedy bot (``easy``) chooses and
ranks with a generator seeded by the position's number. What it chose and the
values it gave (rounded, as another platform's last bits may differ) are
compared with ``greedy_pinned.json``. A change to the bots' code that is meant
to leave their play alone must leave this file alone; a change meant to alter
it writes the file anew: ``python tests/bots/test_greedy_pinned.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import plunder
from plunder import bots

PINNED = Path(__file__).with_name("greedy_pinned.json")
POSITIONS = 200  # per game
# Tables of each game: its default, and a variant or two where the rules differ.
TABLES: dict[str, list[dict[str, Any]]] = {
    "duel": [{"players": 2}, {"players": 4}],
    "rumble": [{"players": 3}, {"players": 5, "mode": "camp", "gestures": True}],
    "rumbones": [{"players": 2}, {"players": 4}],
    "swordplay": [{"players": 2}, {"players": 4}],
    "underfire": [{"players": 2}, {"players": 2, "draw": "one"}],
}


def positions_of(game: str) -> list[list[Any]]:
    """The greedy bot's choice and ranking at ``POSITIONS`` positions of ``game``."""
    found: list[list[Any]] = []
    seed = 0
    while len(found) < POSITIONS:
        options = TABLES[game][seed % len(TABLES[game])]
        state = plunder.load(game, **options).new(seed=seed)
        walk = random.Random(seed)
        greedy = bots.from_spec("greedy:easy", game)
        while not state.is_over and len(found) < POSITIONS:
            seat = min(state.pending)
            legal = state.legal(seat)
            if len(legal) > 1 and walk.random() < 0.5:
                number = len(found)
                chosen = str(greedy.choose(state, seat, random.Random(number)))
                ranking = greedy.rank(state, seat, random.Random(number))
                assert [str(a) for a in ranking.actions] == [str(a) for a in legal]
                found.append([chosen, [round(v, 6) for v in ranking.values]])
            state.act(seat, walk.choice(legal))
        seed += 1
    return found


def pinned() -> dict[str, Any]:
    return json.loads(PINNED.read_text(encoding="utf-8"))


def test_every_game_with_a_greedy_bot_is_pinned() -> None:
    greedy = {name for name in plunder.engine.names() if "greedy" in bots.names(name)}
    assert greedy == set(TABLES) == set(pinned())


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_greedy_bot_plays_as_pinned(game: str) -> None:
    found = positions_of(game)
    expected = pinned()[game]
    assert len(found) == len(expected) == POSITIONS
    # The positions offer real choices, which the bot makes one way and not another.
    assert len({chosen for chosen, _ in found}) > 5
    for number, (now, then) in enumerate(zip(found, expected, strict=True)):
        assert now[0] == then[0], f"{game}: position {number}"
        assert now[1] == pytest.approx(then[1], abs=1e-5), f"{game}: position {number}"


def write_pinned() -> None:  # pragma: no cover - run by hand when play is meant to change
    # One position a line, so that a change shows where play changed.
    games = []
    for game in sorted(TABLES):
        lines = ",\n".join(json.dumps(position) for position in positions_of(game))
        games.append(f"{json.dumps(game)}: [\n{lines}\n]")
    PINNED.write_text("{\n" + ",\n".join(games) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(write_pinned())
