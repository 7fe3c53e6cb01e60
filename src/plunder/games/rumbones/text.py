"""Rum & Bones' words in English: the rules log events, this module words them, and it
declares each kind of decision's prompt and its actions' labels (the front ends fill them in)."""

from __future__ import annotations

from collections.abc import Sequence

from plunder.engine.words import Ask, Template
from plunder.games.rumbones.content import CONTENT

# A part of a side's final score in a position set up with VP already scored.
VP_BEFORE = "VP at the start"


def side_title(faction: str) -> str:
    return CONTENT.factions[faction].title


def hero_title(hero: str) -> str:
    return CONTENT.heroes[hero].title


def skill_title(skill: str) -> str:
    return CONTENT.skills[skill].title


def objective_title(objective: str) -> str:
    return CONTENT.objectives[objective].title


def side_name(faction: str) -> str:
    """A side in a sentence: ``the Deep Sea Lords``."""
    return f"the {side_title(faction)}"


def seats(listed: Sequence[int]) -> str:
    """``seat 0``, ``seats 0 and 2``, ``seats 0, 2 and 4``."""
    if len(listed) == 1:
        return f"seat {listed[0]}"
    return "seats " + ", ".join(str(s) for s in listed[:-1]) + f" and {listed[-1]}"


def setup(board: str, factions: Sequence[str], sides: Sequence[Sequence[int]]) -> str:
    first = "leads" if len(sides[0]) == 1 else "lead"
    return (
        f"{CONTENT.boards[board].title}: {seats(sides[0])} {first} the "
        f"{side_title(factions[0])}, {seats(sides[1])} the {side_title(factions[1])}."
    )


def seat_role(side: str, mates: Sequence[int], heroes: int, crew: str, tide: int,
              captain: int) -> str:
    """A seat's part in a battle, for the lobby: its side, its teammates (``mates``, as
    the lobby numbers them, from 1), what it plays. ``crew`` is ``own``, ``shared``
    (the team's) or empty."""
    with_whom = f", with {seats(mates)}" if mates else ""
    parts = [f"{heroes} hero{'es' if heroes != 1 else ''}"]
    if crew == "own":
        parts[0] += " and the crew"
    elif crew == "shared":
        parts.append("the crew with the team")
    if captain:
        parts.append(f"a captain holds the team's {captain} Tide cards")
    else:
        parts.append(f"{tide} Tide card{'s' if tide != 1 else ''}")
    return f"{side}{with_whom}: " + "; ".join(parts)


def captain(who: str, seat: int) -> str:
    return f"Seat {seat} is the captain of {who}: it holds and plays their Tide cards."


def reward(seat: int, objective: str) -> str:
    return f"Seat {seat}'s heroes gain the {objective_title(objective)}'s coins."


def dealt(who: str, heroes: Sequence[str]) -> str:
    return f"Dealt to {who}: " + ", ".join(hero_title(h) for h in heroes) + "."


# Clash Royale!
def clash_role(heroes: int, lives: int) -> str:
    return f"for yourself: {heroes} hero{'es' if heroes != 1 else ''}, {lives} lives each"


def clash_setup(arena: str, players: int) -> str:
    return f"{arena}: {players} players, each for themselves."


def clash_heroes(seat: int, names: Sequence[str]) -> str:
    return f"Seat {seat} fields " + ", ".join(hero_title(h) for h in names) + "."


def clash_first(seat: int) -> str:
    return f"Seat {seat} rolls highest and goes first; play passes to the left."


def clash_round(number: int, seat: int) -> str:
    return f"Round {number}: seat {seat} goes first."


def loot(hero: str) -> str:
    return f"{hero_title(hero)} plunders the Captain's Chest."


def seize(hero: str, zone: str) -> str:
    return f"{hero_title(hero)} takes the Captain's Chest on {zone}."


def clash_ko(hero: str, lives: int) -> str:
    if lives <= 0:
        return f"{hero_title(hero)} is KO'd for the last time: out of the game."
    return f"{hero_title(hero)} is KO'd and loses a life ({lives} left)."


def clash_destroyed(objective: str) -> str:
    return f"The {objective_title(objective)} is destroyed."


def clash_win(seats_left: Sequence[int]) -> str:
    if not seats_left:
        return "No hero is left: no one wins"
    return f"Seat {seats_left[0]} is the last with heroes and wins"


def pick(seat: int, hero: str) -> str:
    return f"Seat {seat} picks {hero_title(hero)}."


def heroes(faction: str, names: Sequence[str]) -> str:
    return f"The {side_title(faction)} field " + ", ".join(hero_title(h) for h in names) + "."


def first(faction: str, rolls: Sequence[int]) -> str:
    return f"The {side_title(faction)} roll highest ({rolls[0]} to {rolls[1]}) and go first."


def round_begins(number: int, faction: str) -> str:
    return f"Round {number}: the {side_title(faction)} go first."


def activate(hero: str) -> str:
    return f"{hero_title(hero)} activates."


def deploy(hero: str, zone: str) -> str:
    return f"{hero_title(hero)} deploys on {zone}."


def step(hero: str, zone: str) -> str:
    return f"{hero_title(hero)} moves to {zone}."


def rig(hero: str, zone: str, roll: int, reach: int, success: bool) -> str:
    outcome = "and swings across" if success else "and falls overboard"
    return f"{hero_title(hero)} rigs towards {zone} (range {reach}): rolls {roll} {outcome}."


def attack(who: str, zone: str) -> str:
    return f"{who} attacks {zone}."


def hits_lost(hits: int, zone: str) -> str:
    """Hits that found nothing to strike: no enemy model or objective left in the zone."""
    what = "1 hit finds" if hits == 1 else f"{hits} hits find"
    return f"{what} no enemy left in {zone} and {'is' if hits == 1 else 'are'} lost."


def hit(target: str, zone: str, amount: int) -> str:
    return f"{target} in {zone} takes {amount} damage."


def knocked_out(what: str, zone: str) -> str:
    return f"{what} in {zone} is KO'd."


def hero_ko(hero: str, coin: str) -> str:
    return f"{hero_title(hero)} is KO'd and takes a dead man's coin ({coin} side up)."


def destroyed(objective: str, faction: str, vp: int) -> str:
    return (
        f"The {objective_title(objective)} is destroyed: {vp} VP to the "
        f"{side_title(faction)}."
    )


def coins(hero: str, amount: int, why: str) -> str:
    return f"{hero_title(hero)} gains {amount} coin{'s' if amount != 1 else ''} ({why})."


def vp(faction: str, amount: int, total: int, why: str) -> str:
    return f"The {side_title(faction)} gain {amount} VP ({why}): {total} in all."


def end_activation(hero: str) -> str:
    return f"{hero_title(hero)}'s activation ends."


def crew_activate(faction: str) -> str:
    return f"The {side_title(faction)} activate their crew."


def crew(deckhands: int, bosuns: int) -> str:
    """``7 deckhands, 2 bosuns``."""
    return (f"{deckhands} deckhand{'s' if deckhands != 1 else ''}, "
            f"{bosuns} bosun{'s' if bosuns != 1 else ''}")


def muster(faction: str, zone: str, deckhands: int, bosuns: int) -> str:
    parts = []
    if deckhands:
        parts.append(f"{deckhands} deckhand{'s' if deckhands != 1 else ''}")
    if bosuns:
        parts.append(f"{bosuns} bosun{'s' if bosuns != 1 else ''}")
    return f"The {side_title(faction)} deploy " + " and ".join(parts) + f" on {zone}."


def crew_move(faction: str, start: str, end: str) -> str:
    return f"The {side_title(faction)}'s crew move from {start} to {end}."


def crew_hold(faction: str, zone: str) -> str:
    return f"The {side_title(faction)}'s crew on {zone} hold their ground."


def raid(faction: str, zone: str, count: int) -> str:
    return (
        f"The {side_title(faction)}'s crew on {zone} reach the end of their track: "
        f"{count} leave the deck for an attack each."
    )


def gun(faction: str, zone: str) -> str:
    return f"The {side_title(faction)} fire their deck gun at {zone}."


def passes(faction: str) -> str:
    return f"The {side_title(faction)} pass."


def recovery(number: int) -> str:
    return f"Round {number} ends: recovery."


def win(faction: str, points: int) -> str:
    return f"The {side_title(faction)} reach {points} VP and win"


def round_limit(limit: int) -> str:
    return f"The game reached its round limit ({limit})"


def condition(hero: str, name: str) -> str:
    return f"{hero_title(hero)} is {CONDITION_WORDS[name]}."


CONDITION_WORDS = {"blind": "blinded", "stun": "stunned", "slow": "slowed",
                   "silence": "silenced", "bleed": "bleeding"}


def heal(hero: str, amount: int) -> str:
    return f"{hero_title(hero)} heals {amount} damage."


def unlock(hero: str, skill: str) -> str:
    return f"{hero_title(hero)} unlocks {skill_title(skill)}."


def level(hero: str, skill: str) -> str:
    return f"{hero_title(hero)} levels {skill_title(skill)} up."


def shake(hero: str) -> str:
    return f"{hero_title(hero)} shakes off the stun."


def ability(hero: str, skill: str) -> str:
    return f"{hero_title(hero)} uses {skill_title(skill)}."


def reaction(hero: str, skill: str) -> str:
    return f"{hero_title(hero)} reacts: {skill_title(skill)}."


def bleed(hero: str) -> str:
    return f"{hero_title(hero)} bleeds."


def push(what: str, start: str, end: str) -> str:
    return f"{what} is pushed from {start} to {end}."


def card_title(card: str) -> str:
    return CONTENT.cards[card].title


def monster_title(monster: str) -> str:
    return CONTENT.monsters[monster].title


def tide_reshuffle(faction: str) -> str:
    return f"The {side_title(faction)} shuffle their Tide discards into a new deck."


def tide_draw(faction: str, count: int) -> str:
    return f"The {side_title(faction)} draw {count} Tide card{'s' if count != 1 else ''}."


def tide_drew(cards: Sequence[str]) -> str:
    return "You draw " + ", ".join(card_title(c) for c in cards) + "."


def tide(faction: str, card: str) -> str:
    return f"The {side_title(faction)} play {card_title(card)}."


def tide_discard(faction: str, card: str) -> str:
    return f"The {side_title(faction)} discard {card_title(card)}."


def summon(faction: str, monster: str, zone: str) -> str:
    return f"Sea Monster Attack! A {monster_title(monster)} rises on {zone} for the " \
           f"{side_title(faction)}."


def activate_monster(monster: str) -> str:
    return f"The {monster_title(monster)} activates."


def swim(monster: str, zone: str) -> str:
    return f"The {monster_title(monster)} swims to {zone}."


def wreck(zone: str) -> str:
    return f"The gangplank on {zone} is destroyed."


def gangplank(zone: str) -> str:
    return f"The gangplank on {zone} is back."


def waters(total: int, pools: int) -> str:
    outcome = "the Kraken rises" if total <= pools else "the sea stays calm"
    return f"Testing the waters: {total} against the pools' {pools}: {outcome}."


def kraken_surfaces(zone: str) -> str:
    return f"The Kraken surfaces on {zone}!"


def kraken_attack(words: str) -> str:
    return f"The Kraken attacks: {words}"


def kraken_ko() -> str:
    return "The Kraken is KO'd and sinks for good; every Kraken pool falls to 0."


def blast(zone: str, amount: int) -> str:
    return f"A blast on {zone}: {amount} damage to every model there."


def jam(faction: str) -> str:
    return f"The {side_title(faction)}'s helm is gone: their deck gun fires no more."


# ------------------------------------------------------------------ decisions
# Names built from the view, used by the asks below (``{hero|say:hero}``) and by the
# front ends' drawing: a hero at the table by its index, a model an attack may hit.
PHRASES: dict[str, Template] = {
    "hero": ("{view.heroes.[it].hero|title} (hero {it})", "hero {it}"),
    # An attack's numbers (a catalogue's profile: range, dice, to_hit, damage).
    "profile": "range {it.range}, {it.dice|plural:die/dice} hitting on {it.to_hit}+, "
               "{it.damage} damage a hit",
    "target": (
        "{it|after:hero|say:hero}",
        "a {it|is:deckhand}",
        "a {it|is:bosun}",
        "the Kraken{it|is:kraken|if}",
        "the {it.title}",
        "{it}",
    ),
    # A hero at the table by its index, in a word (its catalogue entry's ``short``).
    "short": "{view.heroes.[it].hero.short}",
    # Where an attack's hits went, for the dice panel beside the log: one of the log's
    # events (``it``) in a few words; a hit's ``amount`` is the damage it adds up to.
    "outcome": (
        "{it.hero|say:short} −{it.amount}{it.type|is:hit|if}",
        "{it.target|say:target|capital} −{it.amount}{it.type|is:hit|if}",
        "{it.kind} KO'd{it.type|is:crew_ko|if}",
        "{it.hero|say:short} KO'd{it.type|is:hero_ko|if}",
        "{it.objective|title} destroyed{it.type|is:destroyed|if}",
        "{it.monster|title} KO'd{it.type|is:monster_ko|if}",
        "the Kraken KO'd{it.type|is:kraken_ko|if}",
        "{it.skill|title}!{it.type|is:reaction|if}",
        "{it.condition}{it.type|is:condition|if}",
        "blast on {it.zone}{it.type|is:blast|if}",
        "pushed to {it.to}",  # a push: where the model went
        "{it.type}",
    ),
}

# How the browser orders its buttons: the game's own first, then these verbs in this
# order (levelling up, holding, and last the ways to stop or decline); a declining
# button is drawn plain, every other as the primary choice.
BUTTONS = {
    "last": ["unlock", "level", "hold", "stop", "keep", "end", "pass"],
    "plain": ["pass", "end", "stop", "keep"],
}

# An attack's numbers: a sea monster's attack, or a hero's skill at the level the hero
# has it (``hero`` is the acting hero); in full, then short (``1/3/4+/1``).
_SKILL = "arg.level[view.heroes.[hero].skills.[arg]]"
_ATTACK = (
    "{arg.title} at {zone}: {arg.attack|say:profile}",
    f"{{arg.title}} at {{zone}}: {{{_SKILL}|say:profile}}",
    "{arg.title} {arg.attack.range}/{arg.attack.dice}/{arg.attack.to_hit}+/{arg.attack.damage}",
    f"{{arg.title}} {{{_SKILL}.range}}/{{{_SKILL}.dice}}/{{{_SKILL}.to_hit}}+/{{{_SKILL}.damage}}",
    "{arg.title} at {zone}",
    "{arg.title}",
)
_END = "end the activation"

ASKS = {
    "pick": Ask(
        prompt=("The draft: pick a hero for the {faction.title}.", "The draft: pick a hero."),
        label=("{arg.title}: {arg.faction|title} {arg.role}, {arg.hp} HP, {arg.basic.title} "
               "{arg.basic.level1.range}/{arg.basic.level1.dice}/{arg.basic.level1.to_hit}+/"
               "{arg.basic.level1.damage}", "{arg|title}"),
    ),
    "captain": Ask(
        prompt="Elect the team's captain, who holds and plays its Tide cards.",
        label="{arg|seat} holds and plays the team's Tide cards",
    ),
    "reward": Ask(
        prompt="The {objective|title} is destroyed: which of the team's players gains its "
               "coins for each of its heroes?",
        label="{arg|seat}'s heroes gain the coins",
    ),
    "turn": Ask(
        prompt=("Round {round}: activate one of your heroes{view.chest|if}: it deploys first if "
                "it is off the board, then takes its 3 actions.",
                "Round {round}: activate a ready hero, your crew or a sea monster, play a Tide "
                "card, or pass for the round."),
        by="verb",
        labels={
            "hero": "activate {arg|say:hero}",
            "monster": "activate the {arg|title}",
            "crew": "activate the crew",
            "tide": "play {arg.title}",
            "pass": "pass for the rest of the round",
        },
    ),
    "seize": Ask(
        prompt="{hero|say:hero} KO'd the hero on the Captain's Chest: step onto it on {zone} "
               "for free, or stay.",
        by="verb",
        labels={"seize": "step onto the Captain's Chest, for free", "keep": "stay"},
    ),
    "deploy": Ask(
        prompt="{hero|say:hero} deploys first, on a deployment point.",
        label="deploy on {zone}",
    ),
    "act": Ask(
        prompt=("{hero|say:hero} on {view.heroes.[hero].zone} acts: {left|plural:action} left "
                "(move, attack, an ability, shake or end); unlocking and levelling up skills "
                "with its {view.heroes.[hero].coins|plural:coin} cost no action.",
                "{hero|say:hero} acts: {left|plural:action} left (move, attack, an ability, "
                "shake or end)."),
        by="verb",
        labels={
            "attack": _ATTACK,
            "move": "a move action: movement points to step or rig",
            "use": "use {arg.title}",
            "unlock": "unlock {arg.title} for {arg.unlock|plural:coin}",
            "level": "level {arg.title} up for {arg.level_up|plural:coin}",
            "shake": "shake off the stun (an action)",
            "loot": "take 3 coins from the Captain's Chest (an action)",
            "end": _END,
        },
    ),
    "move": Ask(
        prompt="{hero|say:hero} moves: {mp|plural:movement point} left: step next door, rig "
               "across to another ship, or stop.",
        by="verb",
        labels={
            "step": "step to {zone}",
            "rig": "rig across to {zone}: roll at least the range, else overboard",
            "stop": "stop moving",
        },
    ),
    "reroll": Ask(
        prompt="Re-roll a missed die or keep the dice; {left|plural:re-roll} left.",
        by="verb",
        labels={"reroll": "re-roll die #{arg} (showing {pool.dice.[arg]})",
                "keep": "keep the dice"},
    ),
    "hits": Ask(
        prompt="{hits|plural:hit} rolled against {zone}: a hero there may react, or pass.",
        by="verb",
        labels={"react": "react: {arg.title}",
                "pass": "no reaction"},
    ),
    "assign": Ask(
        prompt="Where the next hit on {zone} goes ({hits|plural:hit} left): "
               "{targets|each:target}.",
        label="the next hit goes to {arg|say:target}",
    ),
    "shove": Ask(
        prompt="The attack on {zone} pushes a model {push|plural:zone}: which one, or none?",
        by="verb",
        labels={"shove": "push {arg|say:target}", "keep": "push no model"},
    ),
    "push": Ask(
        prompt="Push {model|say:target} from {zone} ({left|plural:zone} left; the sea is "
               "overboard).",
        label="push to {zone}",
    ),
    "muster": Ask(
        prompt="Too few deckhands for every point: where the next go ({left} left)?",
        label="deckhands onto {zone}",
    ),
    "bosun": Ask(prompt="Where a bosun deploys ({left} left)?", label="a bosun onto {zone}"),
    "order": Ask(
        prompt="The crew first, or the deck gun first?",
        label=("the crew move and attack first{arg|is:crew|if}", "the deck gun fires first"),
    ),
    "advance": Ask(
        prompt="The crew on {zone} stand next to an enemy: advance to {to}, or hold?",
        by="verb",
        labels={"advance": "the crew move on to {to}", "hold": "the crew stay"},
    ),
    "strike": Ask(
        prompt=("The zone raiding crew attack{raid|if}: {zones|list}.",
                "The zone the crew on {zone} attack: {zones|list}."),
        label="attack {zone}",
    ),
    "fire": Ask(prompt="The zone the deck gun fires at: {zones|list}.",
                label="fire the deck gun at {zone}"),
    "tide": Ask(
        prompt=("{attacker|say:hero} attacks {zone}: 'When a hero attacks' Tide cards may be "
                "played now, or pass.",
                "An attack on {zone}: 'When a hero attacks' Tide cards may be played now, or "
                "pass."),
        by="verb",
        labels={"tide": "play {arg.title}", "pass": "play no Tide card now"},
    ),
    "mend": Ask(prompt="A Tide card heals {amount} damage: which hero?",
                label="heal {arg|say:target}"),
    "gather": Ask(prompt="A Tide card brings {amount|plural:deckhand}: onto which deployment "
                         "point?",
                  label="deckhands onto {zone}"),
    "summon": Ask(
        prompt="Sea Monster Attack!: which sea monster rises, on a sea zone next to your ships?",
        label=("the {arg.title} rises on {zone}", "the {arg.title}"),
    ),
    "beast": Ask(
        prompt="The {monster|title} acts: {left|plural:action} left (move, attack or end).",
        by="verb",
        labels={"attack": _ATTACK, "move": "a move action: movement points to swim",
                "end": _END},
    ),
    "swim": Ask(
        prompt="The {monster|title} swims: {mp|plural:movement point} left, or stop.",
        by="verb",
        labels={"swim": "swim to {zone}", "stop": "stop moving"},
    ),
    "discard": Ask(
        prompt="Recovery: discard Tide cards one at a time, or keep the rest; then the hand "
               "is drawn up to 3.",
        by="verb",
        labels={"discard": "discard {arg.title}", "keep": "keep the rest of the hand"},
    ),
}
