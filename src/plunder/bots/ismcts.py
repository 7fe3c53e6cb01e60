"""Information-set Monte Carlo tree search (IS-MCTS): one bot for every game on the engine.

The bot knows nothing of any game. It uses only the engine protocol: ``pending``,
``committed``, ``legal``, ``act``, ``is_over``, ``result.returns()``, ``players``,
``view(seat, log=False)`` and ``determinize``, plus ``game.parse`` to read back a
choice shown in a sampled world's view, and, where a game offers one, the game's
own evaluation of a sampled world (see below).

Sampled worlds
    Every iteration starts from ``state.determinize(seat, rng)``: a world in which
    everything the seat cannot see (other seats' hands, decks, choices committed
    but not revealed) has been redrawn consistently with ``view(seat)``, and the
    chance generator reseeded. Chance is handled this way too: each world has
    futures of its own. The search reads nothing else of the real state (only its
    view for the seat, and which seats have committed, which the view shows), so
    two states that look the same to the seat give the same worlds and, for the
    same ``rng``, the same choice.

Information sets: one table per seat, keyed by what the seat sees
    A seat's statistics live under the key ``(seat, view)``, where ``view`` is that
    seat's ``info_key(seat)`` in the sampled world: a compact key equal exactly when
    its ``view(seat, log=False)`` is. Each seat
    therefore decides from what it would know itself: the deciding seat from its
    real view at the root, another seat from its own (sampled) hand and the table
    it sees; never from another seat's hidden cards. Positions that look the same
    to a seat share statistics, whatever path led to them (transpositions), so the
    search goes deep where play keeps to a few lines. The view leaves out the log,
    so a seat is treated as deciding on the table it sees, not on its memory of
    how the table came about. Each visit considers only the actions legal in the
    current world, over statistics kept for every action the seat has had under
    that key (a subset-armed bandit). An iteration walks through known keys and
    stops at the first step where some seat's key is new; a random playout scores
    that new position (or the game's evaluation, below).

Simultaneous steps: decoupled regret matching
    Where several seats decide in one step, each picks from its own statistics
    with regret matching, mixed with uniform exploration (``GAMMA``), without
    seeing what the others picked; all picks are then committed one seat at a time
    as the engine takes them. No seat's pick depends on another's: the step is
    played as simultaneous, never as a sequence in which a later seat sees an
    earlier choice. Regrets are taken on each action's mean return (RM+: regrets
    are floored at zero), and the average strategy weights later visits more
    (linear averaging), as the strategies at a key improve while the search goes.
    Mean returns are far steadier than one-sample importance estimates at the few
    thousand iterations a bot gets.

    At the root, seats that committed before the deciding seat are part of the step
    as well: their choices are unknown, and the search must not act as if they had
    been made uniformly at random (which is how the determinization redraws them).
    So each such seat gets regret-matching statistics of its own at the root, over
    the choices the determinizations have shown for it; every iteration is
    weighted by how likely its sampled choices are under those seats' strategies
    compared with how often the determinizations draw them (counted as the search
    goes). The root step is thus searched as if everyone chose at once.

Every answer at the root (``every_answer``)
    With a game's evaluation, the deciding seat may learn more from each sampled
    world: after the iteration's picks are drawn at a simultaneous root, each of
    its other actions is played in a copy of the world against the same picks of
    the other seats and the same chance, and scored at the next evaluated
    position (a random playout reaches it where the step does not lead straight
    there). Every action's mean then gains a sample per iteration, and the
    comparison between them is paired: what differs is the seat's own action,
    not the luck of the draw. The other seats learn as before, from their own
    picks. An iteration costs one step per action more. Off by default
    (``every_answer=1`` in a spec): in the measured matches of ``docs/bots.md`` it
    won no more than plain iterations in the same time.

Sequential steps
    A step with one decider uses UCB1 on mean returns, with availability counts for
    actions that are legal in some worlds only. Its exploration constant
    (``UCB_C``) suits returns that spread over [0, 1]; a game whose evaluation
    tells good choices from bad by a few hundredths names a smaller one in its
    manifest (``search_exploration``), else the visits spread evenly over every
    action and the most visited is little better than a guess (``exploration=``
    in a spec overrides both).

Payoffs and teams
    Each seat maximizes its own ``result.returns()``: winners share 1, everyone
    else gets 0. In a game of teams every member of a team gets the team's
    return, so a seat that maximizes its own plays for its team: teammates are
    allies. What a team shares is known to the search: a teammate's committed
    choice is kept in every sampled world (``determinize`` keeps it), not
    searched over as a hidden choice. A decision a team answers once (a frame
    any one of its seats answers) is searched as the decision of one seat: the
    searching seat at the root, the lowest pending seat elsewhere. A game's
    evaluation (below) may score an ended game otherwise for its bots.

Playouts
    Playouts finish the game, uniformly at random unless the game names a
    cheap ``rollout`` policy in its manifest (``rollout(state, seat, legal,
    rng)``, for a long game's small sub-decisions: which die to re-roll, where a
    hit goes, passing a window; ``None`` leaves the choice to chance). A playout
    that runs past ``ROLLOUT_STEPS`` steps is cut off: the game's evaluation
    scores it where it has one (a long game's playouts are scored by the game's
    own estimate, not as a draw), else it plays on to the next position the
    game evaluates (at most ``ROLLOUT_STEPS`` steps more); only a game with no
    evaluation there scores it an even share for everyone (``1/players``),
    exactly as ``returns`` scores a draw.

The game's own evaluation (optional)
    A game may name ``evaluate(state)`` in its manifest (found by ``evaluator``):
    each seat's value of a position, in [0, 1] on the scale of ``returns()`` or of
    its bots' own taste for how a game ends (it may score an ended game too), or
    ``None`` where the game has no estimate. It is only ever given sampled worlds.
    An iteration then ends at the first position after the root that the game
    evaluates, in the tree or in a playout, and takes the game's values instead of
    playing on to the end.
    A game made of rounds may evaluate the positions between two rounds, so a
    search plays out only the round at hand: a random playout to the end of a long
    game says little about one card, the end of the round says much more (the
    games' evaluations are described in ``docs/bots.md``). The evaluation is
    asked of ended worlds too: where it gives values they replace ``returns()``,
    so a game can tell its bots that, say, a game no one wins is no better than a
    loss (the rules give each seat a share of a draw). ``evaluate=False`` (spec
    ``ismcts:evaluate=0``) ignores the evaluation.

Depth
    With an evaluation, ``depth`` says at which evaluated position an iteration
    ends: the first after the root (1), the second (2), and so on; positions
    passed on the way are played through, in the tree or in a playout. A game may
    hint the depth for a position with ``search_depth(state)``, named in its
    manifest (found by ``depth_hint``; given the real state, it may read only what
    every seat sees); ``depth=`` in a spec overrides it, and without either it is 1.

The move
    At a simultaneous root the bot draws its move from the average strategy
    (regret matching's mean policy), leaving out actions with less than
    ``PURIFY`` of it: where several seats choose at once the right play is
    usually mixed, and a bot that always played its single most weighted action
    would be predictable and could be punished. At a sequential root it plays the
    most visited action.

Budgets and determinism
    ``level`` picks a budget of iterations with a time cap (``BUDGETS``);
    ``iterations=`` and ``seconds=`` replace it: either alone is the only limit,
    both together stop the search at whichever comes first. The choice depends
    only on the state as the seat sees it, the seat and ``rng`` whenever the
    iteration count stops the search; when the clock stops it, the number of
    iterations, and so the choice, depends on the machine and its load.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from plunder.engine.action import Action
from plunder.engine.bots import Ranking, UnknownBot, check_level
from plunder.engine.errors import IllegalAction, PlunderError
from plunder.engine.frame import ANY
from plunder.engine.registry import UnknownGame, manifest, part
from plunder.engine.state import State

# A game's own estimate of a position: each seat's value in [0, 1], or None where
# the game has no opinion (see ``evaluator``).
Evaluator = Callable[[State], "tuple[float, ...] | None"]
# A game's playout policy: an action of ``legal`` for ``seat``, or None for chance.
Rollout = Callable[[State, int, "list[Action]", random.Random], "Action | None"]


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: iterations, seconds, or both (``None``: no limit)."""

    iterations: int | None
    seconds: float | None


# Level budgets: an iteration count with a time cap. An iteration takes a few
# tenths of a millisecond in the games measured in docs/bots.md, so at ``normal``
# the cap is what usually stops the search: more iterations kept winning more
# games against ``greedy`` all the way from 300 to 3000 (docs/bots.md). ``easy``
# stops on its count, so its matches are reproducible.
BUDGETS: dict[str, Budget] = {
    "easy": Budget(100, 0.25),
    "normal": Budget(3000, 0.9),
    "hard": Budget(12000, 4.0),
}

# Uniform exploration mixed into regret matching: every action keeps a share of the
# visits, so its mean return follows the other seats' strategies as they move.
# With playouts to the end of the game, against a greedy bot at the normal budget,
# 0.3 won more games than 0.5, and 0.1 let early noise decide too much
# (docs/bots.md).
GAMMA = 0.3
# At a simultaneous root the move is drawn from the average strategy, leaving out
# actions with less than this share of it: at a bot's budget such small shares are
# mostly what exploration and early noise left behind.
PURIFY = 0.05
# UCB1's exploration constant for returns in [0, 1].
UCB_C = 0.7
# Steps a random playout may take before it is scored an even share (well above
# the length of the playouts measured in docs/bots.md).
ROLLOUT_STEPS = 400
# Steps one iteration may walk through known information sets before its playout:
# a guard for games whose views can repeat.
TREE_STEPS = 200


class ISMCTSBot:
    """Information-set MCTS over determinizations, with decoupled regret matching."""

    name = "ismcts"

    def __init__(
        self,
        level: str = "normal",
        iterations: int | None = None,
        seconds: float | None = None,
        evaluate: bool | int = True,
        every_answer: bool | int = False,
        depth: int | None = None,
        exploration: float | None = None,
    ) -> None:
        check_level(level)
        if exploration is not None and (
            type(exploration) not in (int, float) or not 0 < exploration < math.inf
        ):
            raise UnknownBot(f"ismcts: exploration must be a number > 0, not {exploration!r}")
        self.exploration = exploration
        if depth is not None and (type(depth) is not int or depth < 1):
            raise UnknownBot(f"ismcts: depth must be a whole number >= 1, not {depth!r}")
        self.depth = depth
        for setting, value in (("evaluate", evaluate), ("every_answer", every_answer)):
            if value not in (True, False):  # 1 and 0 from a spec are True and False
                raise UnknownBot(f"ismcts: {setting} must be 1 or 0, not {value!r}")
        self.evaluate = bool(evaluate)
        self.every_answer = bool(every_answer)
        # ``type(...) is int`` keeps out bools (True is no count) and floats.
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise UnknownBot(f"ismcts: iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and (
            type(seconds) not in (int, float) or not 0 < seconds < math.inf
        ):
            raise UnknownBot(f"ismcts: seconds must be a number > 0, not {seconds!r}")
        self.level = level
        if iterations is None and seconds is None:
            self.budget = BUDGETS[level]
        else:
            self.budget = Budget(iterations, None if seconds is None else float(seconds))

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot(iterations={self.budget.iterations}, seconds={self.budget.seconds}, "
            f"evaluate={self.evaluate}, every_answer={self.every_answer})"
        )

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        """The action ``seat`` takes in ``state``, searched on determinizations for ``seat``."""
        legal = state.legal(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} owes no decision now", rule="turn order")
        if len(legal) == 1:
            return legal[0]
        return self._searched(state, seat, rng).decision(legal)

    def rank(self, state: State, seat: int, rng: random.Random) -> Ranking:
        """Every legal action with its weight at the root, and the iterations searched.

        At a simultaneous root the weight is the action's share of the average
        strategy (without the least weighted, as ``choose`` draws it), at a
        sequential one its visits. Searched again with ``iterations`` set to the
        count returned (and no clock), the same ``rng`` gives the same ranking.
        """
        legal = state.legal(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} owes no decision now", rule="turn order")
        if len(legal) == 1:
            return Ranking(legal, [0.0], iterations=0)
        search = self._searched(state, seat, rng)
        return Ranking(legal, search.weights(legal), iterations=search.iterations)

    def _searched(self, state: State, seat: int, rng: random.Random) -> _Search:
        found = evaluator(state.game.name) if self.evaluate else None
        depth = self.depth
        if depth is None:
            hint = depth_hint(state.game.name) if found is not None else None
            depth = hint(state) if hint is not None else 1
        explore = self.exploration
        if explore is None:
            explore = exploration(state.game.name)
        search = _Search(state, seat, rng, found, self.every_answer, depth,
                         policy(state.game.name), explore)
        search.run(self.budget)
        return search


class _Arms:
    """One seat's statistics under one key: an entry per action it has had there."""

    __slots__ = ("actions", "available", "index", "mean", "regret", "total", "visits", "weight")

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.index: dict[Action, int] = {}
        self.regret: list[float] = []
        self.mean: list[float] = []  # cumulative strategy: the average strategy, unnormalized
        self.visits: list[int] = []
        self.total: list[float] = []  # summed (weighted) returns when played
        self.weight: list[float] = []  # summed weights of those returns
        self.available: list[int] = []  # visits in which the action was legal (UCB)

    def slots(self, legal: list[Action]) -> list[int]:
        """The entries of ``legal``'s actions, added on first sight."""
        index = self.index
        found = []
        for action in legal:
            slot = index.get(action)
            if slot is None:
                slot = index[action] = len(self.actions)
                self.actions.append(action)
                self.regret.append(0.0)
                self.mean.append(0.0)
                self.visits.append(0)
                self.total.append(0.0)
                self.weight.append(0.0)
                self.available.append(0)
            found.append(slot)
        return found

    def strategy(self, slots: list[int]) -> list[float]:
        """Regret matching's strategy over ``slots`` (uniform when no regret is positive)."""
        positive = [max(self.regret[s], 0.0) for s in slots]
        total = sum(positive)
        if total <= 0.0:
            return [1.0 / len(slots)] * len(slots)
        return [p / total for p in positive]


@dataclass(slots=True)
class _Pick:
    """One seat's pick under one key in one iteration, kept for the update."""

    seat: int
    arms: _Arms
    slots: list[int]
    chosen: int  # position in ``slots``
    probs: list[float] | None  # the sampling strategy; None for UCB and forced picks
    # For a root's hidden committed choice: how often the determinizations draw it.
    proposal: float | None = None
    # Every action's value in this iteration's world (``every_answer``), by slot.
    answers: list[float] | None = None


class _Search:
    """One decision's search: statistics per (seat, view), filled by iterations."""

    def __init__(
        self,
        state: State,
        seat: int,
        rng: random.Random,
        evaluate: Evaluator | None = None,
        every_answer: bool = False,
        depth: int = 1,
        rollout: Rollout | None = None,
        explore: float = UCB_C,
    ) -> None:
        self.state = state
        self.explore = explore
        self.rollout = rollout
        self.depth = depth
        self.seat = seat
        self.rng = rng
        self.evaluate = evaluate
        self.every_answer = every_answer and evaluate is not None
        self.table: dict[tuple[int, str], _Arms] = {}
        # Every determinization for this seat shows it this same view.
        self.root_key = (seat, _key(state, seat))
        # Public: view(seat)["committed"] lists them; what they chose is not
        # (a teammate's choice is shared, when the game shares it).
        known = {seat, *(int(s) for s in state.view(seat, log=False).get("allied_choices", {}))}
        self.hidden = sorted(state.committed - known)
        self.hidden_arms = {other: _Arms() for other in self.hidden}
        self.draws: dict[int, dict[Action, int]] = {other: {} for other in self.hidden}
        self.simultaneous_root = (
            not _answered_by_one(state) and len(state.pending) + len(state.committed) > 1
        )
        self.iterations = 0

    def run(self, budget: Budget) -> None:
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        limit = budget.iterations
        while limit is None or self.iterations < limit:
            # At least one iteration, so the decision has statistics to read.
            if deadline is not None and self.iterations and time.perf_counter() >= deadline:
                break
            self.iterate()
            self.iterations += 1

    def iterate(self) -> None:
        rng = self.rng
        table = self.table
        world = self.state.determinize(self.seat, rng)
        path: list[tuple[list[_Pick], float]] = []
        # With ``every_answer``: the root step's world before anyone acted, and its picks.
        answers: tuple[State, list[tuple[int, Action]], list[_Pick]] | None = None
        at_root = True
        values: tuple[float, ...] | None = None
        passed = 0  # evaluated positions passed on the way
        for _ in range(TREE_STEPS):
            if world.is_over:
                values = _returns(world, self.evaluate)
                break
            step = sorted(world.pending)
            if _answered_by_one(world):
                # A team's decision, answered once: one seat decides for all.
                step = [self.seat] if at_root and self.seat in step else step[:1]
            picks: list[_Pick] = []
            simultaneous = len(step) > 1
            weight = 1.0
            if at_root and self.hidden:
                simultaneous = True
                weight = self._hidden_picks(world, picks)
            fresh = False
            chosen: list[tuple[int, Action]] = []
            for seat in step:
                # Every sampled world shows the deciding seat its root view.
                own_root = at_root and seat == self.seat
                key = self.root_key if own_root else (seat, _key(world, seat))
                arms = table.get(key)
                if arms is None:
                    arms = table[key] = _Arms()
                    fresh = True
                legal = world.legal(seat)
                slots = arms.slots(legal)
                if len(slots) == 1:
                    pick = _Pick(seat, arms, slots, 0, None)
                elif simultaneous:
                    probs = _mixed(arms.strategy(slots))
                    pick = _Pick(seat, arms, slots, _regret_pick(arms, slots, probs, rng), probs)
                else:
                    pick = _Pick(seat, arms, slots, _ucb(arms, slots, rng, self.explore), None)
                picks.append(pick)
                chosen.append((seat, legal[pick.chosen]))
            if at_root and simultaneous and self.every_answer:
                answers = (world.clone(), chosen, picks)
            # Every pick is made before any is committed: no seat sees another's.
            for seat, action in chosen:
                world.act(seat, action)
            path.append((picks, weight))
            at_root = False
            if self.evaluate is not None and not world.is_over:
                values = _evaluated(self.evaluate, world)
                if values is not None:
                    passed += 1
                    if passed >= self.depth:
                        break  # the game's own estimate: the search ends here
                    values = None
            if fresh:
                # A position new to some seat: one random playout estimates it.
                values = _rollout(world, rng, self.evaluate, self.depth - passed, self.rollout)
                break
        if values is None:
            values = _rollout(world, rng, self.evaluate, self.depth - passed, self.rollout)
        if answers is not None:
            before, chosen, picks = answers
            own = next(p for p in picks if p.seat == self.seat and p.proposal is None)
            own.answers = self._answers(before, chosen, values)
        for picks, weight in path:
            _update(picks, values, weight)

    def _answers(
        self, before: State, chosen: list[tuple[int, Action]], values: tuple[float, ...]
    ) -> list[float]:
        """The deciding seat's value of each of its actions against the others' picks.

        ``before`` is the root step's sampled world before anyone acted; ``values``
        what the iteration's own picks led to. Each other action is played in a
        copy against the same picks of the other seats, with the same chance, and
        scored at the next position the game evaluates (or the end), reached by a
        random playout where the step does not lead straight to one.
        """
        seat = self.seat
        evaluate = self.evaluate
        assert evaluate is not None  # every_answer is only searched with an evaluation
        mine = dict(chosen)[seat]
        answers = []
        for action in before.legal(seat):
            if action == mine:
                answers.append(values[seat])
                continue
            trial = before.clone()
            for other, picked in chosen:
                trial.act(other, action if other == seat else picked)
            found: tuple[float, ...] | None = (
                _returns(trial, evaluate) if trial.is_over else _evaluated(evaluate, trial)
            )
            if found is None:
                found = _rollout(trial, self.rng, evaluate, self.depth, self.rollout)
            elif self.depth > 1 and not trial.is_over:
                # As deep as the iteration's own pick: play through to the depth-th.
                found = _rollout(trial, self.rng, evaluate, self.depth - 1, self.rollout)
            answers.append(found[seat])
        return answers

    def _hidden_picks(self, world: State, picks: list[_Pick]) -> float:
        """The root's committed-but-hidden choices in ``world``, as picks of their seats.

        Returns the importance weight that turns the determinization's draw of these
        choices into a draw from their seats' current root strategies.
        """
        weight = 1.0
        for other in self.hidden:
            # The sampled world, not the real state: this choice was just redrawn.
            action = world.game.parse(world.view(other, log=False)["choice"])
            draws = self.draws[other]
            draws[action] = draws.get(action, 0) + 1
            proposal = draws[action] / (self.iterations + 1)
            arms = self.hidden_arms[other]
            arms.slots([action])
            # The seat's strategy ranges over every choice the determinizations
            # have shown for it: its legal list is not ours to see.
            slots = list(range(len(arms.actions)))
            probs = _mixed(arms.strategy(slots))
            chosen = arms.index[action]
            picks.append(_Pick(other, arms, slots, chosen, probs, proposal))
            weight *= probs[chosen] / proposal
        return weight

    def weights(self, legal: list[Action]) -> list[float]:
        """Each action's weight at the root: its share of the purified average strategy
        at a simultaneous root (where one was formed), else its visits."""
        arms = self.table.get(self.root_key)
        if arms is None:  # pragma: no cover - the first iteration always makes it
            return [0.0] * len(legal)
        slots = arms.slots(legal)
        if self.simultaneous_root:
            strategy = _purified([arms.mean[s] for s in slots])
            if strategy is not None:
                return strategy
        return [float(arms.visits[s]) for s in slots]

    def decision(self, legal: list[Action]) -> Action:
        arms = self.table.get(self.root_key)
        if arms is None:  # pragma: no cover - the first iteration always makes it
            return legal[0]
        slots = arms.slots(legal)
        if self.simultaneous_root:
            strategy = _purified([arms.mean[s] for s in slots])
            if strategy is not None:
                # A simultaneous step calls for a mixed strategy: play the average one.
                return legal[_sample(strategy, self.rng)]
        # A sequential root, or one that never mixed: the most visited action.
        score = [arms.visits[s] for s in slots]
        return legal[score.index(max(score))]


def _purified(weights: list[float]) -> list[float] | None:
    """The average strategy without its least weighted actions (``PURIFY``), or None."""
    total = sum(weights)
    if total <= 0.0:
        return None
    kept = [w if w >= PURIFY * total else 0.0 for w in weights]
    kept_total = sum(kept)
    return [w / kept_total for w in kept]


def _key(world: State, seat: int) -> Any:
    """What ``seat`` knows of ``world``: equal exactly when its views (without the log) are."""
    return world.info_key(seat)


def _mixed(strategy: list[float]) -> list[float]:
    share = GAMMA / len(strategy)
    return [(1.0 - GAMMA) * p + share for p in strategy]


def _sample(probs: list[float], rng: random.Random) -> int:
    x = rng.random()
    for position, p in enumerate(probs):
        x -= p
        if x < 0.0:
            return position
    return len(probs) - 1


def _regret_pick(arms: _Arms, slots: list[int], probs: list[float], rng: random.Random) -> int:
    """Draw from ``probs``, but first try every action once (its mean needs a return)."""
    fresh = [position for position, s in enumerate(slots) if arms.weight[s] <= 0.0]
    if fresh:
        return rng.choice(fresh)
    return _sample(probs, rng)


def _ucb(arms: _Arms, slots: list[int], rng: random.Random, explore: float = UCB_C) -> int:
    for s in slots:
        arms.available[s] += 1
    fresh = [position for position, s in enumerate(slots) if arms.visits[s] == 0]
    if fresh:
        return rng.choice(fresh)
    best, chosen = -math.inf, 0
    for position, s in enumerate(slots):
        n = arms.visits[s]
        bonus = explore * math.sqrt(math.log(arms.available[s]) / n)
        score = arms.total[s] / arms.weight[s] + bonus
        if score > best:
            best, chosen = score, position
    return chosen


def _update(picks: list[_Pick], values: tuple[float, ...], weight: float) -> None:
    for pick in picks:
        arms, slots, chosen = pick.arms, pick.slots, pick.chosen
        slot = slots[chosen]
        probs = pick.probs
        # ``weight`` turns the root's hidden choices, drawn by the determinization
        # (``proposal``), into draws from their seats' strategies; a hidden seat's
        # own ratio is left out of its own update, since there its action is given.
        scale = weight
        if pick.proposal is not None and probs is not None:
            scale = weight * pick.proposal / probs[chosen]
        arms.visits[slot] += 1
        if pick.answers is None:
            arms.total[slot] += scale * values[pick.seat]
            arms.weight[slot] += scale
        else:
            # Every action was tried against the same picks and chance: all learn.
            for s, answer in zip(slots, pick.answers, strict=True):
                arms.total[s] += scale * answer
                arms.weight[s] += scale
        if probs is None:
            continue
        weights = arms.weight
        if any(weights[s] <= 0.0 for s in slots):
            continue  # regrets need every action's mean
        total = arms.total
        means = [total[s] / weights[s] for s in slots]
        expected = sum(p * q for p, q in zip(probs, means, strict=True))
        regret = arms.regret
        for s, q in zip(slots, means, strict=True):
            regret[s] = max(0.0, regret[s] + q - expected)
        # The average strategy accumulates the unexplored part of each strategy,
        # weighted by the visits so far: early, uninformed strategies count less.
        mean = arms.mean
        share = GAMMA / len(probs)
        visits = sum(arms.visits[s] for s in slots)
        for position, s in enumerate(slots):
            mean[s] += visits * (probs[position] - share) / (1.0 - GAMMA)


def _returns(world: State, evaluate: Evaluator | None = None) -> tuple[float, ...]:
    """An ended world's payoffs: the game's evaluation of it where it gives one
    (its bots' taste for how a game ends), else the rules' ``returns()``."""
    if evaluate is not None:
        values = _evaluated(evaluate, world)
        if values is not None:
            return values
    result = world.result
    assert result is not None
    return result.returns()


def _rollout(
    world: State,
    rng: random.Random,
    evaluate: Evaluator | None = None,
    depth: int = 1,
    rollout: Rollout | None = None,
) -> tuple[float, ...]:
    """Play to the end, or to the ``depth``-th position the game evaluates, with the
    game's ``rollout`` policy or uniformly at random. A playout cut off after
    ``ROLLOUT_STEPS`` steps is scored by the game's evaluation (there, or at the
    next position it evaluates); only without one is it an even share."""
    for _ in range(ROLLOUT_STEPS):
        if world.is_over:
            return _returns(world, evaluate)
        _playout_step(world, rng, rollout)
        if evaluate is not None and not world.is_over:
            values = _evaluated(evaluate, world)
            if values is not None:
                depth -= 1
                if depth <= 0:
                    return values
    if evaluate is not None:
        # Cut off: the game's own estimate, here or at the next position it has one.
        for _ in range(ROLLOUT_STEPS):
            if world.is_over:
                return _returns(world, evaluate)
            values = _evaluated(evaluate, world)
            if values is not None:
                return values
            _playout_step(world, rng, rollout)
    if world.is_over:
        return _returns(world, evaluate)
    return tuple(1.0 / world.players for _ in range(world.players))


def _playout_step(world: State, rng: random.Random, rollout: Rollout | None) -> None:
    """Every pending seat acts once (one seat for a decision any one answers)."""
    for seat in world.seats_to_act():
        legal = world.legal(seat)
        action = rollout(world, seat, legal, rng) if rollout is not None else None
        world.act(seat, rng.choice(legal) if action is None else action)


def _answered_by_one(world: State) -> bool:
    frame = world.decision
    return frame is not None and frame.answer == ANY


@functools.cache
def policy(game: str) -> Rollout | None:
    """The game's ``rollout`` playout policy, if its manifest names one."""
    found = part(game, "rollout")
    return found if callable(found) else None


@functools.cache
def evaluator(game: str) -> Evaluator | None:
    """The game's ``evaluate`` function, if its manifest names one.

    ``evaluate(state)`` gets a sampled world (never the real state: the search has
    nothing else) and returns each seat's value of it, a number in [0, 1] per seat
    on the scale of ``result.returns()`` or of its bots' taste (an ended world is
    asked too, see ``_returns``), or ``None`` where the game has no estimate. The
    search then ends an iteration at the first position after the root that the
    game evaluates, in the tree or in a playout, instead of playing on to the end
    of the game.
    """
    found = part(game, "evaluate")
    return found if callable(found) else None


@functools.cache
def exploration(game: str) -> float:
    """UCB's exploration constant for the game: its manifest's ``search_exploration``,
    else ``UCB_C``."""
    try:
        found = manifest(game).search_exploration
    except UnknownGame:
        return UCB_C
    return UCB_C if found is None else float(found)


@functools.cache
def depth_hint(game: str) -> Callable[[State], int] | None:
    """The game's ``search_depth`` function, if its manifest names one."""
    found = part(game, "search_depth")
    return found if callable(found) else None


def _evaluated(evaluate: Evaluator, world: State) -> tuple[float, ...] | None:
    values = evaluate(world)
    if values is None:
        return None
    values = tuple(values)
    if len(values) != world.players or not all(0.0 <= v <= 1.0 for v in values):
        raise PlunderError(
            f"{world.game.name}'s evaluate gave {values!r}: it must give one value in "
            f"[0, 1] per seat ({world.players})"
        )
    return values


__all__ = ["BUDGETS", "GAMMA", "Budget", "Evaluator", "ISMCTSBot", "evaluator"]
