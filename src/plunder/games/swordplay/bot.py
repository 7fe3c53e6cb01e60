"""Swordplay's greedy bot and its evaluation for searching bots.

The greedy bot plays each decision by a fixed, readable preference: arm first
(a weapon, then armor), attack the weakest opponent with the hardest card to
answer, always answer an attack (with a counter-attack when it can), and discard
its least useful card when its hand holds no attack, to draw one. It reads
only its own view (``state.view(seat)`` and its legal actions), so it never peeks.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from plunder.engine.action import Action
from plunder.engine.bots import GreedyBase, check_level
from plunder.engine.state import State
from plunder.games.swordplay.content import ANY, CONTENT
from plunder.games.swordplay.rules import SwordAction, SwordplayState, card_of

CARDS = CONTENT.cards
# How much readier a weapon makes a fighter than armor, per point (designed, rough).
WEAPON_WORTH = 3.0
ARMOR_WORTH = 1.0
# What drawing again is worth to a hand without an attack card: more than keeping
# any one card of it (card values are at most 5), so such a hand always discards.
RENEW_WORTH = 5.0


def card_value(card: str, view: dict) -> float:
    """What keeping ``card`` in hand is worth to its holder (for the discard)."""
    spec = CARDS[card]
    mine = view["fighters"][view["viewer"]]
    if spec.type == "attack":
        return 3.0 + spec.bonus + (1.0 if spec.has("dodge_only") else 0.0)
    if spec.type == "defence":
        return 2.0 + (2.0 if ANY in spec.stops else 0.0) + (1.0 if spec.counter else 0.0)
    if spec.type == "stance":
        return 0.5 if mine["stance"] else 1.5
    if spec.hands > mine["hands_free"] + sum(CARDS[g["card"]].hands for g in mine["gear"]):
        return 0.0  # can never be readied by this fighter
    return 2.5


class GreedyBot(GreedyBase):
    """Arm, attack the weakest, answer every attack (a fixed preference, no search)."""

    def __init__(self, level: str = "normal") -> None:
        check_level(level)

    def best(self, state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        """The most preferred action, a tie broken by a draw for each action in turn."""
        scores = self.scores(state, seat, actions, rng)
        draws = [rng.random() for _ in actions]
        return max(zip(scores, draws, actions, strict=True), key=lambda t: (t[0], t[1]))[2]

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        """Each action's preference, by kind of decision (no draw of ``rng``)."""
        view = state.view(seat, log=False)
        prefer = self._preference(view)
        return [prefer(a, view) for a in actions]  # type: ignore[arg-type]

    def _preference(self, view: dict) -> Callable[[SwordAction, dict], float]:
        kind = view["decision"]["kind"]
        return {"discard": self._discard, "ready": self._ready,
                "attack": self._attack, "defend": self._defend}[kind]

    @staticmethod
    def _discard(action: SwordAction, view: dict) -> float:
        if action.verb == "pass":
            return 1.0
        # Discard only what is nearly useless, unless no attack is in hand: a hand
        # that cannot attack never wins, so its least useful card makes room for one.
        renew = 0.0 if _holds_attack(view) else RENEW_WORTH
        return 1.0 - card_value(action.name, view) + 0.5 + renew

    @staticmethod
    def _ready(action: SwordAction, view: dict) -> float:
        mine = view["fighters"][view["viewer"]]
        has_attack = _holds_attack(view)
        weakest = min(
            (f["life"] + _armor_left(f) for f in view["fighters"]
             if f["alive"] and f["seat"] != view["viewer"]),
            default=99,
        )
        if action.verb == "pass":
            # An attack that may finish someone beats arming.
            if has_attack and mine["attack_damage"] >= weakest:
                return 10.0
            return 2.0 if has_attack else 0.5
        if action.verb == "drop":
            return -1.0
        spec = CARDS[action.name]
        if spec.type == "stance":
            return 0.0 if mine["stance"] else 1.8
        if spec.item == "weapon":
            return 1.0 + WEAPON_WORTH * spec.damage
        if spec.item == "armor":
            return 0.2 if mine["armor"] else 1.0 + ARMOR_WORTH * spec.value
        return 2.2 if not any(CARDS[g["card"]].guards for g in mine["gear"]) else 0.4

    @staticmethod
    def _attack(action: SwordAction, view: dict) -> float:
        if action.verb == "pass":
            return 0.0
        target = view["fighters"][action.target]
        spec = CARDS[action.name]
        hardness = 2.0 if spec.has("dodge_only") else 0.0
        return 100.0 - (target["life"] + _armor_left(target)) * 3 + hardness + spec.bonus

    @staticmethod
    def _defend(action: SwordAction, view: dict) -> float:
        if action.verb == "no":
            return 0.5 if view["decision"]["damage"] <= 0 else -1.0
        if action.verb == "guard":
            return 2.5
        spec = CARDS[card_of(action)]
        score = 3.0 if spec.counter else 2.0
        return score - (0.8 if ANY in spec.stops else 0.0)


def _holds_attack(view: dict) -> bool:
    """Whether the viewer's hand holds an attack card."""
    return any(CARDS[c].type == "attack" for c in view.get("hand", []))


def _armor_left(row: dict) -> int:
    armor = row["armor"]
    return 0 if armor is None else CARDS[armor["card"]].value - armor["taken"]


def strength(state: SwordplayState, seat: int) -> float:
    """A standing fighter's staying power and punch: life and armor, then its attack."""
    if not state.alive[seat]:
        return 0.0
    armor = state.armor[seat]
    left = 0 if armor is None else CARDS[armor].value - state.armor_taken[seat]
    return max(0, state.life[seat]) + left + 2.0 * state.base_damage(seat)


def evaluate(state: State) -> tuple[float, ...] | None:
    """Each seat's share of the win at the start of a turn, for searching bots; else ``None``.

    A side's chance is its squared strength over everyone's (the stronger fighter
    wins more often than its share of life). Only sampled worlds reach it, and it
    reads only public parts (life, armor, ready weapons), so it never peeks.
    """
    if not isinstance(state, SwordplayState) or state.result is not None:
        return None
    if state.decision is None or state.decision.kind != "discard" or state.committed:
        return None
    power = [strength(state, s) ** 2 for s in range(state.players)]
    total = sum(power)
    if total <= 0:
        return None
    return tuple(p / total for p in power)


def search_depth(state: State) -> int:
    """IS-MCTS scores the fighters after the seat's turn and the next fighter's: a card
    kept to answer an attack counts only once an attack comes (the score reads no hand)."""
    return 2
