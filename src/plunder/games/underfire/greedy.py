"""Pirates Under Fire's greedy bot: each action scored from the state, one ply, no engine step.

For every legal action the bot lays the ship (or the mercenary, or the effect's
mark) on a copy of the sea alone, leaving the state itself untouched, and scores
that sea with ``bot.value`` (VP and what should become VP, for both fleets). The
effects a ship sets off are counted as ``value`` would count them once applied:
gold and VP at once, a fire as the best hit it may make, a repair as the best
ship it may mend; the rest (mines, shields, the hand limit, the reserve) are
worth nothing to ``value`` and nothing here. Only the public sea, the seat's
gold and VP and its own hand are read: no sampled world is needed.

It plays like ``lookahead`` (``bot.LookaheadBot``, the earlier ``greedy``), which
stepped each action through the engine and followed its effects, at a small part
of the cost (``scripts/bench_bots.py``; docs/bots.md gives the figures).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from plunder.engine.action import Action
from plunder.engine.bots import GreedyBase, check_level
from plunder.engine.state import State
from plunder.games.underfire.bot import ROOM, _worth, value
from plunder.games.underfire.content import CONTENT
from plunder.games.underfire.effects import EFFECTS, aims
from plunder.games.underfire.rules import BURNING, SHIELD, FireAction, UnderFireState
from plunder.games.underfire.sea import INDEX


class GreedyBot(GreedyBase):
    """Each action's ``value`` one ply on, worked out on a copy of the sea."""

    def __init__(self, level: str = "normal") -> None:
        check_level(level)  # one ply at every level: nothing to sample

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        """Each action's ``value`` once played (no draw of ``rng``)."""
        assert isinstance(state, UnderFireState)
        frame = state.decision
        assert frame is not None
        if frame.kind == "turn":
            base = _Base(state, seat)
            return [_turn_score(state, seat, a, base) for a in actions]  # type: ignore[arg-type]
        if frame.kind == "target":
            return [_target_score(state, seat, a) for a in actions]  # type: ignore[arg-type]
        # ``order``: which of the space's and the ship's effects first. Both apply
        # whichever comes first, so one ply cannot tell them apart.
        return [0.0 for _ in actions]


def _probe(state: UnderFireState) -> UnderFireState:
    """A copy of ``state`` that shares everything but the parts a probe may change:
    the sea (each ship changed is replaced, never written), mines, gold and VP."""
    probe = copy.copy(state)
    probe.sea = list(state.sea)
    probe.mines = list(state.mines)
    probe.gold = list(state.gold)
    probe.vp = list(state.vp)
    return probe


class _Base:
    """What every action of a turn is scored against: the other fleet's worth now and
    the spaces it may lay on (a ship laid there takes one away)."""

    def __init__(self, state: UnderFireState, seat: int) -> None:
        self.state = state
        self.enemy = _worth(state, 1 - seat)
        self.enemy_room = set(state.accessible(1 - seat))

    def value(self, probe: UnderFireState, seat: int, at: int) -> float:
        """``value(probe, seat)`` for a probe that laid a ship on ``at``: the other
        fleet's worth is worked out again only when one of its ships was touched."""
        if probe.result is not None or any(
            ship is not before and before is not None and before[0] != seat
            for ship, before in zip(probe.sea, self.state.sea, strict=True)
        ):
            return value(probe, seat)
        laid = probe.sea[at]
        lost = ROOM if at in self.enemy_room and laid is not None and not laid[BURNING] else 0.0
        return _worth(probe, seat) - (self.enemy - lost)


def _turn_score(state: UnderFireState, seat: int, action: FireAction, base: _Base) -> float:
    if action.verb == "end":
        return value(state, seat)
    probe = _probe(state)
    at = INDEX[action.at]
    space_counts = probe.sea[at] is None
    mined = probe.mines[at]
    probe.mines[at] = False
    if action.verb == "buy":
        merc = CONTENT.mercenaries[action.merc]
        probe.gold[seat] -= merc.cost
        probe.sea[at] = [seat, 0, action.merc, mined, False]
        codes = [] if mined else [s.code for s in merc.steps]
    else:
        probe.sea[at] = [seat, action.ship, "", mined, False]
        codes = [] if mined else [s.code for s in CONTENT.ships[action.ship].steps]
        if not mined and space_counts and state.effects[at]:
            codes.append(state.effects[at])
    return _with_effects(probe, seat, at, codes, base)


def _with_effects(probe: UnderFireState, seat: int, origin: int, codes: list[str],
                  base: _Base) -> float:
    """``value`` of the probe once ``codes`` apply from ``origin``: at-once effects as
    they are; each aimed one at its best target, in turn."""
    for code in codes:
        step = EFFECTS.step(code)
        if not aims(step.name):
            if step.name == "gold":
                probe.gold[seat] += step.amount
            elif step.name == "vp":
                probe.vp[seat] += step.amount
            continue
        for _ in range(max(1, step.amount)):
            targets = EFFECTS[step.name].get("targets")(probe, seat, origin)
            if not targets or step.name in ("mine", "shield"):
                break  # worth nothing to ``value``
            best = max(targets, key=lambda at: _marked(probe, seat, step.name, at)[0])
            _, probe = _marked(probe, seat, step.name, best)
    return base.value(probe, seat, origin)


def _marked(probe: UnderFireState, seat: int, name: str, at: int
            ) -> tuple[float, UnderFireState]:
    """``value`` after a fire or a repair on ``at``, and the probe it leaves."""
    after = _probe(probe)
    ship: list[Any] | None = after.sea[at]
    assert ship is not None
    if name == "repair":
        after.sea[at] = [*ship[:BURNING], False, *ship[BURNING + 1:]]
    elif ship[BURNING]:
        after.sea[at] = None
    elif ship[SHIELD]:
        after.sea[at] = [*ship[:SHIELD], False, *ship[SHIELD + 1:]]
    else:
        after.sea[at] = [*ship[:BURNING], True, *ship[BURNING + 1:]]
    return value(after, seat), after


def _target_score(state: UnderFireState, seat: int, action: FireAction) -> float:
    at = INDEX[action.at]
    if action.verb in ("fire", "repair"):
        return _marked(state, seat, action.verb, at)[0]
    return value(state, seat)  # a mine or a shield: nothing ``value`` sees
