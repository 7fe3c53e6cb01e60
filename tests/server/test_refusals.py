"""A move the rules refuse is answered with the engine's reason alone, on one line.

The ``error`` a refused ``act`` gets says why, as the engine's ``IllegalAction``
words it, and nothing after it: not the rule's tag, not the list of what is legal
now (that list still comes as data, in ``legal``, for the page to keep its
choices). The reason expected is the engine's own, from a state of the same game
refusing the same move.
"""

from __future__ import annotations

from typing import Any

import pytest

import plunder
from server.kit import host_and_guest

RUMBLE = {"players": 2, "pirates": "blackbeard,cheung"}

CASES = {
    # Fire costs 3 bullets and Blackbeard starts with 2.
    "a card one cannot pay for": ("rumble", RUMBLE, 0, "fire"),
    "a weapon aimed at oneself": ("duel", {"players": 2}, 1, "colt>1"),
    "a seat that is not at the table": ("duel", {"players": 2}, 0, "colt>9"),
}


def engine_reason(game: str, options: dict[str, Any], seat: int, notation: str) -> str:
    """Why a fresh state of ``game`` refuses ``notation`` from ``seat``, as the engine says it."""
    state = plunder.load(game, **options).new(seed=1)
    with pytest.raises(plunder.IllegalAction) as refused:
        state.act(seat, notation)
    assert "legal now" in str(refused.value), "the engine's own text lists what is legal"
    return refused.value.reason


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refused_move_is_answered_with_the_reason_alone(client, case: str) -> None:
    game, options, seat, notation = CASES[case]
    reason = engine_reason(game, options, seat, notation)
    table_options = {k: v for k, v in options.items() if k != "players"}
    with host_and_guest(client, game=game, options=table_options) as (_, host, guest):
        me = (host, guest)[seat]
        first = me.state()
        assert first["legal"], "the seat has a decision to make"
        me.send({"type": "act", "action": notation})
        error = me.error()
    message = error["message"]
    assert message == reason
    assert "\n" not in message
    assert "legal now" not in message and "[" not in message
    # None of the moves legal now is spelled out after it; they come as data.
    listed = [n for n in first["legal"] if n in message and n != notation]
    assert not listed, f"{message!r} lists legal moves: {listed}"
    assert error["legal"] == first["legal"]
