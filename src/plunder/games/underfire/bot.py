"""Pirates Under Fire's bot helpers: the greedy bot, and the evaluation IS-MCTS may use.

``GreedyBot`` samples one world consistent with what it knows (``determinize``:
the other fleet's hand, pile and reserve redrawn, its own pile and reserve mixed),
plays each of its legal actions in a copy of it and scores the sea afterwards
with ``value``; the few best actions are then followed through the decisions they
open in the same turn (which effect first, where it aims), each answered the same
greedy way, and scored again. It never looks past its own turn.

``evaluate(state)`` turns the same ``value`` into each seat's chance to win at the
start of a turn. ``search_depth`` asks IS-MCTS to score the sea at the second turn
start after its decision: after its own turn and the other fleet's answer, so it
weighs what its ships are left open to (one turn alone plays as ``greedy`` does).
"""

from __future__ import annotations

import math
import random

from plunder.engine.action import Action
from plunder.engine.bots import GreedyBase, check_level
from plunder.engine.state import State
from plunder.games.underfire.rules import (
    BURNING,
    COLUMNS,
    NEIGHBOURS,
    NUMBER,
    OWNER,
    UnderFireState,
)

# How many of the best actions are followed through the turn, per level.
DEPTH = {"easy": 1, "normal": 6, "hard": 12}
GOLD = 0.35  # VP a gold piece is worth before the end (a mercenary costs 3 to 5)
SHIP = 0.5  # an active ship: adjacency, future combos, a target to lose
PAIR = 0.7  # two ships side by side that a third could make a combo
ROOM = 0.05  # each space a seat could lay on: a seat with none loses
SCALE = 6.0  # VP of lead that makes a win about three times as likely as a loss


def value(state: UnderFireState, seat: int) -> float:
    """How good the position is for ``seat``: its lead in VP and in what should become VP."""
    if state.result is not None:
        winners = state.result.winners
        return 0.0 if not winners else (100.0 if seat in winners else -100.0)
    return _worth(state, seat) - _worth(state, 1 - seat)


def _worth(state: UnderFireState, seat: int) -> float:
    parts = state.breakdown(seat)
    sea = state.sea
    ships = pairs = 0
    for i, ship in enumerate(sea):
        if ship is None or ship[OWNER] != seat or ship[BURNING]:
            continue
        ships += 1
        number = ship[NUMBER]
        if not number:
            continue
        for j in NEIGHBOURS[i]:
            if j > i and (j - i == 1 or j - i == COLUMNS):
                other = sea[j]
                if (other is not None and other[OWNER] == seat and not other[BURNING]
                        and other[NUMBER] and abs(other[NUMBER] - number) <= 1):
                    pairs += 1
    room = len(state.accessible(seat))
    return parts["total"] + GOLD * state.gold[seat] + SHIP * ships + PAIR * pairs + ROOM * room


class LookaheadBot(GreedyBase):
    """One turn's look-ahead in a sampled world, scored by ``value`` (``greedy`` before
    it scored from the state; kept as ``lookahead`` so the two can be compared)."""

    name = "lookahead"

    def __init__(self, level: str = "normal", depth: int | None = None) -> None:
        self.depth = depth if depth is not None else DEPTH[check_level(level)]

    def best(self, state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        """The first of the looked-at actions with the highest value at the end of the turn."""
        looked, _ = self._look(state, seat, actions, rng)
        best, best_action = -math.inf, actions[0]
        for action, score in looked:
            if score > best:
                best, best_action = score, action
        return best_action

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        """The ``depth`` most promising actions with their value at the end of the turn,
        the others below all of those, in their order at once."""
        looked, rest = self._look(state, seat, actions, rng)
        found = dict(looked)
        floor = min(found.values())
        for place, action in enumerate(rest, start=1):
            found[action] = floor - place
        return [found[a] for a in actions]

    def _look(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> tuple[list[tuple[Action, float]], list[Action]]:
        """The ``depth`` best actions at once, in that order, each with its value once the
        decisions it leads to in the turn are answered; and the other actions, in order."""
        world = state.determinize(seat, rng)
        assert isinstance(world, UnderFireState)
        shallow = []
        for action in actions:
            trial = world.clone()
            trial.act(seat, action)
            shallow.append((value(trial, seat), rng.random(), action, trial))
        shallow.sort(key=lambda item: (item[0], item[1]), reverse=True)
        looked = [
            (action, value(_follow(trial, seat), seat))
            for _score, _tie, action, trial in shallow[: self.depth]
        ]
        return looked, [item[2] for item in shallow[self.depth :]]


def _follow(state: UnderFireState, seat: int) -> UnderFireState:
    """Answer the order and target decisions the seat meets before its turn goes on."""
    while (not state.is_over and state.decision is not None
           and state.decision.kind != "turn" and seat in state.pending):
        options = state.legal(seat)
        scored = []
        for action in options:
            trial = state.clone()
            trial.act(seat, action)
            scored.append((value(trial, seat), trial))
        state = max(scored, key=lambda item: item[0])[1]
    return state


def evaluate(state: State) -> tuple[float, ...] | None:
    """Each seat's chance to win at the start of a turn (from ``value``); else ``None``."""
    if not isinstance(state, UnderFireState) or state.result is not None:
        return None
    decision = state.decision
    if decision is None or decision.kind != "turn" or decision.data["stage"] != "start":
        return None
    lead = value(state, 0)
    share = 1.0 / (1.0 + math.exp(-lead / SCALE))
    return (share, 1.0 - share)


def search_depth(state: State) -> int:
    """IS-MCTS scores the sea after the seat's turn and the other fleet's answer."""
    return 2
