"""Rum & Bones' bot helpers: the greedy bot, the evaluation and the playout policy.

``value(state, side)`` is a side's lead in what wins the game: VP counted now,
plus the part of an objective already destroyed (its VP times the share of its
hit points gone), the damage dealt to enemy heroes (a knocked-out hero is worth
a VP), and a little for crew on the board and heroes ready to fight.

``GreedyBot`` plays each legal action in a few worlds sampled from what it knows
(everything on the board is public; chance is what differs), plays on to the end
of the activation with ``rollout`` and takes the action whose worlds ``value``
best. It never looks past the activation at hand. In Clash Royale!, where a turn
is one activation and nothing else moves, it looks only to the hero's next
action: a random end of the activation would blur what each action is worth.

``evaluate(state)`` turns ``value`` into each side's chance to win at the start of
a turn (between two activations), so IS-MCTS searches one activation at a time;
``rollout`` is the cheap playout policy for its many small sub-decisions.

In teams every score is a side's: a seat values the position of its side, so a
bot plays for its team, and ``evaluate`` gives every player of a side its
side's chance.

In Clash Royale! a player's strength is its heroes' lives (a hero's damage takes
off a part of one), with a little for coins and heroes on the board; ``value``
is a player's strength against the mean of the others', and ``evaluate`` shares
the chance to win among the players by their strengths.
"""

from __future__ import annotations

import math
import random

from plunder.engine.action import Action
from plunder.engine.bots import GreedyBase, check_level
from plunder.engine.state import State
from plunder.games.rumbones.actions import STOP, BonesAction
from plunder.games.rumbones.clash import ClashState
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.rules import ADVANCE, BonesState, other

# Worlds sampled for each action, per level.
WORLDS = {"easy": 1, "normal": 3, "hard": 6}
CREW = 0.05  # a crew model on the board: a threat to objectives, a shield for heroes
READY = 0.1  # a hero on the board and able to fight
# A zone between a hero on the board and the nearest thing it may attack, beyond its
# basic attack's reach. Without it a hero that must cross to the enemy ship to fight
# gains nothing by going there within one activation (all greedy looks at): in games
# of two greedy bots the gunners made nearly every attack, the others about one a
# game (docs/bots.md).
NEAR = 0.03
SCALE = 3.0  # VP of lead that makes a win about three times as likely as a loss
# Decisions the playout policy answers without chance: the first choice will do.
FIRST = frozenset(("assign", "strike", "fire", "order", "muster", "bosun", "mend", "gather",
                   "summon", "discard", "reward", "captain", "seize"))
# A hero's actions that keep it in the fight when it has nothing to attack.
PRESS = frozenset(("move", "shake", "use"))
PLAYOUT_LIMIT = 200  # steps a greedy look-ahead plays at most to finish an activation
HORIZON = frozenset(("turn",))  # where the greedy look-ahead stops: the next turn
CLASH_HORIZON = frozenset(("turn", "act"))  # Clash Royale!: the hero's next action


CLASH_COIN = 0.05  # Clash Royale!: a coin, towards the skills it buys
CLASH_NEAR = 0.03  # Clash Royale!: a zone nearer the fight
OWN_WOUNDS = 0.5  # Clash Royale!: how much one's own wounds weigh against an enemy's
CLASH_SCALE = 1.0  # lives of lead that make a win e times as likely


def value(state: BonesState, side: int) -> float:
    """How good the position is for ``side``: its lead in VP and in what should become VP
    (Clash Royale!: in lives)."""
    if state.result is not None:
        winners = state.result.winners
        if not winners:
            return 0.0
        return 100.0 if state.seating.sides[side][0] in winners else -100.0
    if isinstance(state, ClashState):
        # Every enemy's loss is a gain (the last standing wins); one's own wounds count
        # for less than the lives they may cost, so a bot trades blows rather than
        # healing while its enemies heal too.
        others = sum(_strength(state, s) for s in state.players_left() if s != side)
        return _strength(state, side, OWN_WOUNDS, eager=True) - others
    return _worth(state, side) - _worth(state, other(side))


def _strength(state: ClashState, side: int, wounds: float = 1.0, eager: bool = False) -> float:
    """Clash Royale!: a player's lives left, less its heroes' wounds (weighed by
    ``wounds``), and a little for coins; ``eager``: and for heroes on the board near
    the fight (what a player wants of its own heroes)."""
    worth = 0.0
    for hero in state.alive(side):
        worth += state.lives[hero] - wounds * state.heroes[hero].damage / state.max_hp(hero)
        # Coins as far as they buy skills still to buy, and the coins spent on skills:
        # buying one is no loss, and coins beyond every skill are worth nothing.
        skills = [CONTENT.skills[s] for s in state.skills_of(hero)]
        spent = sum(s.unlock for s in skills if s.name in state.heroes[hero].unlocked)
        spent += sum(s.level_up for s in skills if s.name in state.heroes[hero].levels)
        total = sum(s.unlock + s.level_up for s in skills)
        worth += CLASH_COIN * min(total, state.heroes[hero].coins + spent)
        zone = state.heroes[hero].zone
        if eager and zone is not None:
            worth += READY - CLASH_NEAR * _to_the_fight(state, side, zone)
    return worth


def _to_the_fight(state: ClashState, side: int, zone: str) -> int:
    """Clash Royale!: how far ``zone`` is from the nearest enemy hero on the board (from
    the Chest, where none is): a brawl is won by going to it."""
    board = state.config.board
    enemies = [z for enemy in state.foes(side) for h in state.heroes_of(enemy)
               if (z := state.heroes[h].zone) is not None]
    if not enemies:
        return board.distance(zone, state.arena.chest)
    ranges = board.ranges(zone)
    return min(ranges[there] for there in enemies)


def _worth(state: BonesState, side: int) -> float:
    enemy = other(side)
    worth = float(state.vp[side])
    for entry in state.objectives[enemy].values():
        objective = CONTENT.objectives[entry.objective]
        worth += objective.vp * entry.damage / objective.hp
    for hero in state.heroes_of(enemy):
        worth += state.heroes[hero].damage / CONTENT.heroes[state.heroes[hero].name].hp
    for group in state.crew[side]:
        worth += CREW * group.models
    targets = state.target_zones(side)
    for hero in state.heroes_of(side):
        zone = state.heroes[hero].zone
        if zone is not None:
            worth += READY - NEAR * _out_of_reach(state, hero, zone, targets)
    return worth


def _out_of_reach(state: BonesState, hero: int, zone: str, targets: set[str]) -> int:
    """Zones from ``zone`` to the nearest of ``targets`` beyond the reach of ``hero``'s
    basic attack (0 where something is in reach, or nothing is left to attack)."""
    if not targets:
        return 0
    board = state.config.board
    ranges = board.ranges(zone)
    nearest = min(ranges[target] for target in targets)
    return max(0, nearest - state.reach(hero, CONTENT.heroes[state.heroes[hero].name].basic))


def evaluate(state: State) -> tuple[float, ...] | None:
    """Each side's chance to win at the start of a turn; ``None`` elsewhere."""
    assert isinstance(state, BonesState)
    frame = state.decision
    if state.result is not None or frame is None or frame.kind != "turn":
        return None
    if isinstance(state, ClashState):
        weights = [math.exp(_strength(state, s) / CLASH_SCALE) if state.alive(s) else 0.0
                   for s in range(len(state.seating.sides))]
        total = sum(weights)
        return tuple(w / total for w in weights)
    lead = value(state, 0)
    chance = 1.0 / (1.0 + math.exp(-lead * math.log(3.0) / SCALE))
    sides = (chance, 1.0 - chance)
    return tuple(sides[side] for side in state.seating.side_of)


def small_choice(state: State, seat: int, legal: list[Action], rng: random.Random
                 ) -> Action | None:
    """Crew press on, small choices take the first option, a moving hero steps towards
    the nearest thing it may attack (Clash Royale!: the fight), and the rest is left
    to chance (``None``): how greedy's look-ahead finishes an activation. (A hero
    walking at random in the look-ahead made moving look worth no more than ending
    the activation.)"""
    frame = state.decision
    if frame is None:
        return None
    if frame.kind == "advance":
        return ADVANCE
    if frame.kind in FIRST:
        return legal[0]
    if frame.kind == "move":
        if isinstance(state, ClashState):
            return _closer(state, frame.data["hero"], legal)
        assert isinstance(state, BonesState)
        return _towards_targets(state, seat, legal, rng)
    return None


def rollout(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    """The search's playout policy: the small choices as ``small_choice``, and a hero
    presses the attack: it attacks when it can, else moves towards the nearest
    target, and ends its activation only when it can do neither. A playout that
    plays a hero's actions at random ends half its activations early and walks
    away from the fight, and so undervalues every position with a hero to play."""
    frame = state.decision
    if frame is None:
        return None
    if isinstance(state, ClashState):
        return small_choice(state, seat, legal, rng)
    if frame.kind == "act":
        return _press_on(legal, rng)
    return small_choice(state, seat, legal, rng)  # a move: towards the nearest target


def _press_on(legal: list[Action], rng: random.Random) -> Action:
    attacks = [a for a in legal if a.verb == "attack"]  # type: ignore[attr-defined]
    if attacks:
        return rng.choice(attacks)
    moves = [a for a in legal if a.verb in PRESS]  # type: ignore[attr-defined]
    if moves:
        return rng.choice(moves)
    return legal[-1]  # the end of the activation is always listed last


def _towards_targets(state: BonesState, seat: int, legal: list[Action], rng: random.Random
                     ) -> Action:
    """The step (or rigging) that comes nearest to something the side may attack;
    ``stop`` where no step comes nearer than standing still."""
    board = state.config.board
    targets = state.target_zones(state.seat_side(seat))
    if not targets:
        return rng.choice(legal)

    def gap(zone: str) -> int:
        ranges = board.ranges(zone)
        return min(ranges[t] for t in targets)

    hero = state.decision.data.get("hero") if state.decision is not None else None
    here = state.heroes[hero].zone if hero is not None else None
    best, choice = (gap(here) if here is not None else 99), None
    options = [a for a in legal if a.zone]  # type: ignore[attr-defined]
    rng.shuffle(options)
    for action in options:
        found = gap(action.zone)  # type: ignore[attr-defined]
        if found < best:
            best, choice = found, action
    if choice is not None:
        return choice
    return STOP if STOP in legal else rng.choice(legal)


def _closer(state: ClashState, hero: int, legal: list[Action]) -> Action:
    """The step that brings ``hero`` nearest the fight; stop where none brings it nearer."""
    side = state.side_of(hero)
    here = state.heroes[hero].zone
    assert here is not None
    best, nearest = STOP, _to_the_fight(state, side, here)
    for action in legal:
        if isinstance(action, BonesAction) and action.verb == "step":
            distance = _to_the_fight(state, side, action.zone)
            if distance < nearest:
                best, nearest = action, distance
    return best if best in legal else legal[0]


class GreedyBot(GreedyBase):
    """One activation's look-ahead in sampled worlds, scored by ``value``."""

    def __init__(self, level: str = "normal", worlds: int | None = None) -> None:
        self.worlds = worlds if worlds is not None else WORLDS[check_level(level)]

    def best(self, state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        scores = self.scores(state, seat, actions, rng)
        # A small random tie-break, so that equal actions are not always the first.
        noisy = [score + rng.random() * 1e-6 for score in scores]
        return actions[noisy.index(max(noisy))]

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        """Each action's mean value over the sampled worlds."""
        scores = []
        for action in actions:
            total = 0.0
            for _ in range(self.worlds):
                world = state.determinize(seat, rng)
                world.act(seat, action)
                _finish_activation(world, rng, CLASH_HORIZON if isinstance(
                    world, ClashState) else HORIZON)
                assert isinstance(world, BonesState)
                total += value(world, world.seat_side(seat))
            scores.append(total / self.worlds)
        return scores


def _finish_activation(world: State, rng: random.Random, horizon: frozenset[str]) -> None:
    """Play on with ``small_choice`` (chance where it has no answer) to a decision of
    a kind in ``horizon`` (the next turn)."""
    for _ in range(PLAYOUT_LIMIT):
        frame = world.decision
        if world.is_over or frame is None or frame.kind in horizon:
            return
        seat = min(world.pending)
        legal = world.legal(seat)
        action = small_choice(world, seat, legal, rng)
        world.act(seat, rng.choice(legal) if action is None else action)
