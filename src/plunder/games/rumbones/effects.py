"""Rum & Bones' skill effects: what each code of a skill's ``effects`` does.

A skill lists its effects in ``heroes.toml`` at each level (Harpoon:
``effects = ["push:1"]``); the rules run them, never asking which skill was used.
Each effect is registered with its *use*, the moment it acts:

* ``roll``: when the attack's dice are rolled (``reroll:N``: the attacker may re-roll
  up to N missed dice, one at a time);
* ``hit``: once the attack's hits are assigned, on the enemy heroes it hit (the
  conditions) or on a model it hit (``push:N``);
* ``ability``: when the hero uses the ability (``heal:N``, ``rally:N``, ``dash:N``,
  ``cleanse``);
* ``reaction``: when an attack's hits are rolled against the hero's zone (``parry:N``,
  ``riposte:N``);
* ``passive``: always, while the hero is not silenced; the rules ask a hero's
  passive effects by name (``tough``, ``steady``, ``deadeye``, ``sea_legs``,
  ``bosun_bond``, ``first_mate``);
* ``attack_card``: a Tide card played when a hero attacks, on the attack's dice
  (``dice:N``, ``ward:N``, ``aim:N``, ``fog:N``);
* ``turn_card``: a Tide card played on its side's turn (``mend:N``, ``muster:N``,
  ``purse:N``, ``summon``); where it needs a choice (which hero, which point,
  which monster) the choice is asked next;
* ``objective``: what a destroyed objective does (``blast:N``, ``jam``).

The content reader refuses a skill whose effects do not fit its kind (a reaction
skill with ``push``). The players' words for each skill are its ``text``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from plunder.engine.effects import EffectRegistry

if TYPE_CHECKING:
    from plunder.games.rumbones.rules import BonesState

EFFECTS = EffectRegistry("effect")
CONDITIONS = ("blind", "stun", "slow", "silence", "bleed")
USES = ("roll", "hit", "ability", "reaction", "passive", "attack_card", "turn_card",
        "objective")
# Which uses each kind of skill may have.
KIND_USES = {
    "basic": {"roll", "hit"},
    "attack": {"roll", "hit"},
    "ability": {"ability"},
    "reaction": {"reaction"},
    "passive": {"passive"},
}


def effect(name: str, use: str, *, amount: bool = False) -> Any:
    return EFFECTS.register(name, amount=amount, use=use)


# ------------------------------------------------------------------ on the dice
@effect("reroll", "roll", amount=True)
def reroll(state: BonesState, hero: int, amount: int) -> None:
    state.attacking.rerolls += amount


# ------------------------------------------------------------------ on the models hit
def _condition(name: str) -> Any:
    def give(state: BonesState, hero: int, amount: int) -> None:
        for target in state.attacking.heroes_hit:
            state.give_condition(target, name)

    give.__name__ = name
    return effect(name, "hit")(give)


for _name in CONDITIONS:
    _condition(_name)


@effect("push", "hit", amount=True)
def push(state: BonesState, hero: int, amount: int) -> None:
    state.attacking.push = max(state.attacking.push, amount)


# ------------------------------------------------------------------ abilities
@effect("heal", "ability", amount=True)
def heal(state: BonesState, hero: int, amount: int) -> None:
    state.heal(hero, amount)


@effect("rally", "ability", amount=True)
def rally(state: BonesState, hero: int, amount: int) -> None:
    state.rally(hero, amount)


@effect("dash", "ability", amount=True)
def dash(state: BonesState, hero: int, amount: int) -> None:
    state.activation.mp += amount


@effect("cleanse", "ability")
def cleanse(state: BonesState, hero: int, amount: int) -> None:
    state.clear_conditions(hero)


# ------------------------------------------------------------------ reactions
@effect("parry", "reaction", amount=True)
def parry(state: BonesState, hero: int, amount: int) -> None:
    state.attacking.hits = max(0, state.attacking.hits - amount)


@effect("riposte", "reaction", amount=True)
def riposte(state: BonesState, hero: int, amount: int) -> None:
    state.riposte(hero, amount)


# ------------------------------------------------------------------ passives (read by name)
def _passive(name: str, amount: bool) -> None:
    def innate(state: BonesState, hero: int, value: int) -> None:
        return None

    innate.__name__ = name
    effect(name, "passive", amount=amount)(innate)


for _name, _amount in (("tough", True), ("steady", False), ("deadeye", True),
                       ("sea_legs", True), ("bosun_bond", False), ("first_mate", True)):
    _passive(_name, _amount)


# ------------------------------------------------------------------ Tide cards
@effect("dice", "attack_card", amount=True)
def more_dice(state: BonesState, seat: int, amount: int) -> None:
    state.attacking.dice += amount


@effect("ward", "attack_card", amount=True)
def ward(state: BonesState, seat: int, amount: int) -> None:
    state.attacking.dice = max(1, state.attacking.dice - amount)


@effect("aim", "attack_card", amount=True)
def aim(state: BonesState, seat: int, amount: int) -> None:
    state.attacking.modifier += amount


@effect("fog", "attack_card", amount=True)
def fog(state: BonesState, seat: int, amount: int) -> None:
    state.attacking.modifier -= amount


@effect("mend", "turn_card", amount=True)
def mend(state: BonesState, seat: int, amount: int) -> None:
    state.queue_choice("mend", seat, amount)


@effect("muster", "turn_card", amount=True)
def muster(state: BonesState, seat: int, amount: int) -> None:
    state.queue_choice("gather", seat, amount)


@effect("purse", "turn_card", amount=True)
def purse(state: BonesState, seat: int, amount: int) -> None:
    for hero in state.heroes_of(state.seat_side(seat)):
        state.gain_coins(hero, amount, "Tide card")


@effect("summon", "turn_card")
def summon(state: BonesState, seat: int, amount: int) -> None:
    state.queue_choice("summon", seat, amount)


# ------------------------------------------------------------------ destroyed objectives
@effect("blast", "objective", amount=True)
def blast(state: BonesState, zone: str, amount: int) -> None:
    state.blast(zone, amount)


@effect("jam", "objective")
def jam(state: BonesState, zone: str, amount: int) -> None:
    state.jam(zone)


def use_of(name: str) -> str:
    return EFFECTS[name].get("use")
