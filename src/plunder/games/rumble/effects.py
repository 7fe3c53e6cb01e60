"""Pirate Rumble's card effects: what each code of a card's ``effects`` does.

A card lists its effects in ``cards.toml`` (Bomb: ``effects = ["damage:3",
"splash:1"]``) and the rules run them, never asking which card was played. Each
effect is registered here with the *stage* of the round it acts in:

* ``reach``: before the battle, a searcher reaches for a golden card (R24, R69);
* ``hide``: the battle opens with the hiders, so that a card aimed at one does
  nothing at all (R30, R67);
* ``cover``: then Take Cover names who suffers the harm aimed at its player
  (R44, R75), before any harm is counted;
* ``play``: every other effect, which records what it does in the round's
  ``Tally``: a steal, damage, bullets or health to take, a guard.

Effects only record. The rules settle the tally in the order of R13 (Steal, the
other cards' damage and then their bullets, health last), so the order in which
the cards are run never matters. An aimed effect says which of the card's
targets it needs (``aims``: ``each`` target, or the ``one`` target of a card
that names one); the content reader checks every card names what its effects
need. The players' words for each effect are ``[effects.<name>]`` in
``effects.toml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from plunder.engine.effects import EffectRegistry

if TYPE_CHECKING:
    from plunder.games.rumble.rules import RumbleAction, RumbleState

EFFECTS = EffectRegistry("effect")
STAGES = ("reach", "hide", "cover", "play")
# The cap on bullets (R14, R64): Load Full fills up to it.
MAX_BULLETS = 5
# R45, R76: Pick with no golden card to pick up gives 1 health and 1 bullet.
PICK_HEALTH = PICK_BULLETS = 1


class Tally:
    """What the cards of one round do, as their effects record it.

    ``state`` is the game, ``living`` the pirates alive as the battle begins,
    ``content`` the cards by name (each with its ``plan`` of effects by stage).
    The rules settle the tally: steals (``claims``, judged on the pocket of each
    target), damage (``normal`` and ``cutting``: per victim, per attacker),
    ``bullets`` and ``health`` to take (``health``: seat -> [health, bullets]).
    """

    __slots__ = (
        "acting",
        "bullets",
        "claims",
        "content",
        "cover",
        "cutting",
        "guards",
        "health",
        "hiders",
        "living",
        "normal",
        "pickers",
        "reaches",
        "state",
        "steal_proof",
        "strikers",
    )

    def __init__(self, state: RumbleState, living: Sequence[int], content: Mapping[str, Any]):
        self.state = state
        self.living = living
        self.content = content
        self.acting: Mapping[int, RumbleAction] = {}
        self.reaches: dict[int, list[RumbleAction]] = {}
        self.hiders: set[int] = set()
        self.cover: dict[int, int] = {}
        self.guards: set[int] = set()
        self.strikers: set[int] = set()
        self.steal_proof: set[int] = set()
        self.claims: dict[int, list[int]] = {}
        self.normal: dict[int, dict[int, int]] = {}
        self.cutting: dict[int, dict[int, int]] = {}
        self.bullets: dict[int, int] = {}
        self.health: dict[int, list[int]] = {}
        self.pickers: list[int] = []

    def run(self, stage: str, cards: Mapping[int, RumbleAction]) -> None:
        """Run the effects of ``cards`` (seat -> the card it played) that act at ``stage``."""
        self.acting = cards
        content = self.content
        for seat, action in cards.items():
            for apply, amount in content[action.name].plan.get(stage, ()):
                apply(self, seat, action.targets, amount)

    def count(self, effect: str) -> int:
        """How many of the cards being run have ``effect``."""
        content = self.content
        return sum(1 for action in self.acting.values() if effect in content[action.name].does)

    def victim(self, aimed: int) -> int | None:
        """Who suffers harm aimed at ``aimed``: Take Cover passes it on (R44, R75);
        nothing touches a hider (R67)."""
        seat = self.cover.get(aimed, aimed)
        return None if seat in self.hiders else seat

    def hit(self, source: int, aimed: int, amount: int, cut: bool = False) -> None:
        """``source`` deals ``amount`` damage at ``aimed``, summed per attacker (R65)."""
        target = self.victim(aimed)
        if target is None:
            return
        per = (self.cutting if cut else self.normal).setdefault(target, {})
        per[source] = per.get(source, 0) + amount

    def others(self, seat: int) -> list[int]:
        """The other pirates alive as the battle began."""
        return [other for other in self.living if other != seat]

    def take_bullets(self, seat: int, amount: int) -> None:
        self.bullets[seat] = self.bullets.get(seat, 0) + amount

    def take_health(self, seat: int, amount: int, bullets: int = 0) -> None:
        gain = self.health.setdefault(seat, [0, 0])
        gain[0] += amount
        gain[1] += bullets


Apply = Callable[[Tally, int, tuple[int, ...], int], None]


def effect(
    name: str, stage: str, *, amount: bool = False, aims: str | None = None, hits: bool = False
) -> Callable[[Apply], Apply]:
    """Register an effect: its stage, whether it takes an amount, which targets it
    needs (``aims``), and whether it deals damage (``hits``: an attack, for bots)."""
    assert stage in STAGES, stage
    return EFFECTS.register(name, amount=amount, stage=stage, aims=aims, hits=hits)


# ------------------------------------------------------------------ before the battle
@effect("search", "reach")
def search(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R24, R69, R80: the searcher reaches for a face-up golden card (Ching Shih
    # may dig in the discard pile instead).
    tally.reaches[seat] = tally.state.reaches(seat)


@effect("hide", "hide")
def hide(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.hiders.add(seat)  # R30, R67


@effect("cover", "cover", aims="one")
def cover(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.cover[seat] = targets[0]  # R44, R75


# ------------------------------------------------------------------ steal and guards
@effect("steal", "play", aims="one")
def steal(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R13, R31, R68: claims on one target are judged together, before any damage.
    target = tally.victim(targets[0])
    if target is not None and target != seat:
        tally.claims.setdefault(target, []).append(seat)


@effect("ward", "play")
def guard(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.guards.add(seat)  # R22, R26, R65: 1 off each attacker's damage, never a Cut's


@effect("strike_back", "play")
def strike_back(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.strikers.add(seat)  # R26, R65: 1 damage back to each attacker


@effect("stop_steal", "play")
def stop_steal(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.steal_proof.add(seat)  # R22: a Steal at the dodger takes nothing


# ------------------------------------------------------------------ damage
@effect("damage", "play", amount=True, aims="each", hits=True)
def damage(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    for target in targets:  # R20, R21, R46, R48, R74
        tally.hit(seat, target, amount)


@effect("point_blank", "play", amount=True, aims="one", hits=True)
def close(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R47, R82: Stabbing deals more to a pirate next to its player.
    if targets[0] in tally.state.neighbours(seat):
        tally.hit(seat, targets[0], amount)


@effect("splash", "play", amount=True, aims="one", hits=True)
def splash(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R46, R77: every pirate next to the target, the player too when there.
    for other in tally.state.neighbours(targets[0]):
        tally.hit(seat, other, amount)


@effect("cleave", "play", amount=True, aims="one", hits=True)
def cleave(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R48, R82: the target's other neighbour, never the player.
    for other in tally.state.neighbours(targets[0]):
        if other != seat:
            tally.hit(seat, other, amount)


@effect("fire", "play", amount=True, hits=True)
def fire(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R23, R66: a lone Fire deals its amount to every other pirate; with other
    # Fires each deals 1. R79: Cheung takes a bullet after his Fire.
    dealt = amount if tally.count("fire") == 1 else 1
    for other in tally.others(seat):
        tally.hit(seat, other, dealt)
    if tally.state.has_ability(seat, "fire_reload"):
        tally.take_bullets(seat, 1)


@effect("whirl", "play", amount=True, hits=True)
def whirl(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    for other in tally.others(seat):  # R49, R82: not a Fire (R66)
        tally.hit(seat, other, amount)


@effect("cut", "play", amount=True, aims="each", hits=True)
def cut(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    for target in targets:  # R29, R65: no guard reduces it
        tally.hit(seat, target, amount, cut=True)


# ------------------------------------------------------------------ bullets and health
@effect("bullets", "play", amount=True)
def bullets(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.take_bullets(seat, amount)  # R19, R22


@effect("full_bullets", "play")
def full_bullets(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.take_bullets(seat, MAX_BULLETS)  # R28: the cap stops it at 5


@effect("health", "play", amount=True)
def health(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    tally.take_health(seat, amount)  # R24, R27; taken last, by the living (R71)


@effect("pick", "play")
def pick(tally: Tally, seat: int, targets: tuple[int, ...], amount: int) -> None:
    # R45, R76: the golden cards the others played are picked up as the round
    # ends; if there are none, 1 health and 1 bullet, with the health.
    tally.pickers.append(seat)
    if not tally.state.golden_played_by_others(seat):
        tally.take_health(seat, PICK_HEALTH, PICK_BULLETS)


def plan(steps: Sequence[Any]) -> dict[str, tuple[tuple[Apply, int], ...]]:
    """A card's effects by stage, as (function, amount) pairs in the card's order."""
    out: dict[str, list[tuple[Apply, int]]] = {}
    for step in steps:
        found = EFFECTS[step.name]
        out.setdefault(found.get("stage"), []).append((found.apply, step.amount))
    return {stage: tuple(pairs) for stage, pairs in out.items()}


__all__ = ["EFFECTS", "MAX_BULLETS", "STAGES", "Tally", "plan"]
