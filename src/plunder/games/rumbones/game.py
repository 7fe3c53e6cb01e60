"""Rum & Bones: Second Tide: the game, its options, action space and catalogue.

The rules are in ``rules.py`` (rule numbers refer to ``docs/rules/rumbones.md``);
who sits on which side, and what each player controls, in ``seating.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from plunder.engine.errors import OptionError
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.state import State
from plunder.games.rumbones import seating as seats
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import (
    _NOTATION,
    ACTIONS,
    BOSUN,
    BOSUNS_A_CREW,
    CREW,
    DECKHAND,
    END,
    KEEP,
    LOOT,
    MOVE,
    MOVEMENT_POINTS,
    NOTATION_HELP,
    PASS,
    SEIZE,
    SHAKE,
    STOP,
    VERBS,
    BonesAction,
    act,
    max_dice,
)
from plunder.games.rumbones.clash import ClashState
from plunder.games.rumbones.content import (
    CARDS_SHOWN,
    CLASH_SHOWN,
    CONTENT,
    FACTIONS_SHOWN,
    HEROES_SHOWN,
    KRAKEN_SHOWN,
    MONSTERS_SHOWN,
    OBJECTIVES_SHOWN,
    SIDES,
    SKILLS_SHOWN,
)
from plunder.games.rumbones.rules import BonesState
from plunder.games.rumbones.sea import KRAKEN

BATTLE, CLASH = "battle", "clash"  # the modes
CLASH_PLAYERS = 3  # Clash Royale! is for 3 players or more (R73)


def faction_pair(first: str) -> list[str]:
    """The factions of sides 0 and 1 when side 0 leads ``first``."""
    return [first, *(side for side in SIDES if side != first)]


class BonesGame(Game):
    """Rum & Bones: Second Tide, two sides on pirate ships: 2 players, or teams of 3 to 6.

    >>> import plunder
    >>> state = plunder.load("rumbones", heroes="carcharius,ishmael,nerissa;"
    ...                      "calavera,demarco,hueso").new(seed=1)
    >>> state.decision.kind, [str(a) for a in state.legal(state.decision.data["round"] and
    ...                                                   min(state.pending))][:2]
    ('turn', ['hero:0', 'hero:1'])
    """

    asks = text.ASKS
    phrases = text.PHRASES
    name = "rumbones"
    title = "Rum & Bones: Second Tide"
    summary = ("heroes and crews fight across pirate ships, first to 8 VP; "
               "2 players or teams of 3 to 6; Clash Royale!, each for themselves (3-6)")
    min_players = 2
    max_players = 6
    default_players = 2
    modes = (BATTLE, CLASH)
    # R65: a seat sees its teammates' Tide hands, and every private event goes to
    # the whole team.
    team_sees_all = True
    extra_options = (
        Option("mode", BATTLE, "Battle: two sides on their ships, first to 8 VP, for 2 players "
               "or two teams of 3 to 6. Clash Royale!: every player for themselves, for 3 to 6.",
               choices=(BATTLE, CLASH), label="Mode",
               choice_labels=("Battle: two sides, first to 8 VP",
                              "Clash Royale!: every player for themselves (3-6)")),
        Option("board", "box", "The ships you fight on: the Gallant against two Windcutters, "
               "or one ship a side.", choices=tuple(CONTENT.boards),
               label="Ships", choice_labels=tuple(c.title for c in CONTENT.boards.values()),
               common=False),
        # "The first seat", not a number: the lobby numbers seats from 1, the terminal
        # (where seats are typed in moves) from 0, and both show these words.
        Option("factions", "lords", "The faction of the first seat's side. The other side "
               "leads the other faction.", choices=("lords", "marea", "random"),
               label="Factions", choice_labels=("The first seat leads the Deep Sea Lords",
                                                "The first seat leads the Marea de la Muerte",
                                                "Drawn at random")),
        Option("teams", seats.ALTERNATE, "With 3 to 6 players, who plays with whom: teammates "
               "sit apart and take turns around the table, or sit side by side, the first half "
               "of the seats against the second.", choices=(seats.ALTERNATE, seats.TOGETHER),
               label="Teams (3 to 6 players)",
               choice_labels=("Teammates sit apart, taking turns around the table",
                              "Teammates sit side by side: first half against second half"),
               common=False),
        Option("heroes", "draft", "Leave draft for the sides to pick their heroes in turn, type "
               "random to have them dealt, or name each side's heroes, for example carcharius, "
               "ishmael, nerissa against calavera, demarco, hueso.", label="Heroes",
               accepts="draft, random, or each side's heroes, commas between heroes and "
               "semicolons (or the word against) between sides: "
               "carcharius,ishmael,nerissa;calavera,demarco,hueso",
               common=False),
        Option("random_heroes", "off", "Random Heroes: each side is dealt its heroes from its "
               "faction, or is dealt them and 2 mercenaries besides and picks its heroes among "
               "them.", choices=("off", "faction", "mercenaries"), label="Random Heroes",
               choice_labels=("Off: heroes are chosen", "Dealt from your faction",
                              "Dealt from your faction with 2 mercenaries to pick among"),
               common=False),
        Option("strange_allies", False, "Strange Allies: a side's heroes may come from any "
               "faction.", choices=(False, True), label="Strange Allies",
               choice_labels=("Off", "On"), common=False),
        Option("heroes_each", 2, "Clash Royale!: how many heroes each player fields.",
               choices=(1, 2), label="Heroes each (Clash Royale!)",
               choice_labels=("One hero each", "Two heroes each"), common=False),
        Option("lives", 3, "Clash Royale!: how many lives each hero has. From 2 to 5 suits "
               "most tables.",
               minimum=CONTENT.arena.lives[0], maximum=CONTENT.arena.lives[1],
               label="Lives a hero (Clash Royale!)", common=False),
        Option("monster_acts", "at_once", "When a summoned sea monster first acts: at once, "
               "like a hero not yet activated this round, or only from the next round.",
               choices=("at_once", "next_round"),
               label="A summoned sea monster acts",
               choice_labels=("From then on, this round too", "From the next round"),
               common=False),
        Option("bleed_ko", "bleeder", "Who KOs a hero that bleeds to death: the hero that made "
               "it bleed, or no hero, and then each enemy hero gains 1 coin.",
               choices=("bleeder", "anything_else"),
               label="A hero bleeding to death",
               choice_labels=("Is KO'd by the hero that made it bleed",
                              "Is KO'd by no hero: a coin to each enemy hero"),
               common=False),
        Option("monster_gangplank", "clear", "Whether a sea monster may take a gangplank where "
               "models of its own side stand. If it may, they go overboard.",
               choices=("clear", "sweep"),
               label="A sea monster and its own side on a gangplank",
               choice_labels=("It never takes a gangplank its own side stands on",
                              "It may: its own side's models there go overboard"),
               common=False),
        Option("target", 8, "The VP a side needs to win the game.", minimum=1, maximum=30,
               label="VP to win", common=False),
        Option("round_limit", 20, "After this many rounds the side with more VP wins.",
               minimum=1, maximum=200, label="Rounds at most", common=False),
        Option("clash_rounds", 60, "Clash Royale!: after this many rounds the game ends with "
               "no winner.", minimum=1, maximum=500, label="Rounds at most (Clash Royale!)",
               common=False),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.clash = self.options["mode"] == CLASH
        if self.clash and self.players < CLASH_PLAYERS:
            raise OptionError(f"Clash Royale! is for {CLASH_PLAYERS} to {self.max_players} "
                              f"players, not {self.players}", field="mode")
        self.seating = self._seating()
        self.config: Any = CONTENT.arena if self.clash else CONTENT.boards[self.options["board"]]
        self.hero_sides = tuple(side for side in range(len(self.seating.sides))
                                for _ in range(self.seating.heroes(side)))
        if self.options["random_heroes"] != "off" and self.options["heroes"] != "draft":
            raise OptionError("Random Heroes deals the heroes: leave option 'heroes' at "
                              "'draft'", field="random_heroes")
        self.hero_lists = self._hero_lists(self.options["heroes"], self.options["factions"])

    def _seating(self) -> seats.Seating:
        if self.options["mode"] == CLASH:
            return seats.clash(self.options["players"], self.options["heroes_each"])
        return seats.battle(self.options["players"], self.options["teams"])

    def _teams(self) -> Sequence[Sequence[int]]:
        return self._seating().sides

    def _hero_lists(self, choice: Any, factions: str) -> list[list[str]]:
        if not isinstance(choice, str):
            raise OptionError(f"option 'heroes' is {choice!r}; it takes text", field="heroes")
        if choice in ("draft", "random"):
            return []
        counts = [self.seating.heroes(side) for side in range(len(self.seating.sides))]
        # Sides part at a semicolon or the word "against", heroes at commas, spaces or
        # "and": "carcharius, ishmael against calavera and demarco" reads as typed.
        sides = [[name for name in re.split(r"[,\s]+", part) if name and name != "and"]
                 for part in re.split(r";|\bagainst\b", choice.lower())]
        if [len(names) for names in sides] != counts:
            each = " against ".join(f"{n} hero{'es' if n != 1 else ''}" for n in counts)
            raise OptionError(f"option 'heroes' names each side's heroes: {each}",
                              field="heroes")
        anyone = self.options["strange_allies"] or self.options["mode"] == CLASH
        order = None if factions == "random" or anyone else faction_pair(factions)
        for index, names in enumerate(sides):
            for name in names:
                if name not in CONTENT.heroes:
                    raise OptionError(f"option 'heroes' names {name!r}; heroes are "
                                      + ", ".join(sorted(CONTENT.heroes)), field="heroes")
            if len(set(names)) != len(names):
                raise OptionError("a side fields each hero at most once", field="heroes")
            if order is not None:
                allowed = CONTENT.roster(order[index])
                wrong = [n for n in names if n not in allowed]
                if wrong:
                    raise OptionError(f"{', '.join(wrong)} cannot fight for the "
                                      f"{CONTENT.factions[order[index]].title}", field="heroes")
        return sides

    def _seat_roles(self) -> list[str]:
        """R61-R64 in the lobby's words: each seat's side, teammates and share."""
        seating = self.seating
        if self.clash:
            return [text.clash_role(seating.shares[seat], self.options["lives"])
                    for seat in range(self.players)]
        choice = self.options["factions"]
        names = None if choice == "random" else faction_pair(choice)
        out = []
        for seat in range(self.players):
            side = seating.side_of[seat]
            who = text.side_title(names[side]) if names else f"Side {side + 1}"
            crew = seating.crew[side]
            # The lobby numbers seats for people, from 1 (the protocol's seat 0 is seat 1).
            out.append(text.seat_role(
                who, [s + 1 for s in seating.sides[side] if s != seat], seating.shares[seat],
                "own" if crew == seat else "shared" if crew is None else "",
                seating.tide[seat], seating.captain[side]))
        return out

    def side_rotation(self) -> tuple[dict[str, Any], ...]:
        """R1: the settings of ``factions`` that seat each faction at each seat in turn;
        none in Clash Royale! (no factions), nor where listed heroes bind each side to
        its faction (Strange Allies off)."""
        if self.clash or (self.hero_lists and not self.options["strange_allies"]):
            return ()
        return tuple({"factions": first} for first in SIDES)

    def faction_order(self, state: State) -> list[str]:
        """R1: which faction each side leads (drawn by the state's generator if random);
        none in Clash Royale! (R73)."""
        if self.clash:
            return []
        choice = self.options["factions"]
        if choice != "random":
            return faction_pair(choice)
        order = list(SIDES)
        state.shuffle(order)
        if self.hero_lists and not self.options["strange_allies"]:
            # Listed heroes must fit their side's faction whatever the draw.
            for index, names in enumerate(self.hero_lists):
                if any(n not in CONTENT.roster(order[index]) for n in names):
                    order.reverse()
                    break
        return order

    def _new_state(self, seed: int) -> BonesState:
        return ClashState(self, seed) if self.clash else BonesState(self, seed)

    def zones(self) -> tuple[str, ...]:
        return tuple(self.config.board.zones)

    def hand_capacity(self) -> int:
        """The most Tide cards a side's players hold together."""
        return max(self.seating.captain[side] or sum(self.seating.tide[s] for s in team)
                   for side, team in enumerate(self.seating.sides))

    def _all_actions(self) -> list[BonesAction]:
        return self._clash_actions() if self.clash else self._battle_actions()

    def _activation_actions(self) -> list[BonesAction]:
        """A hero's actions in its activation: a move and its steps and rigging checks,
        the attacks at every zone, unlocking, levelling, abilities, shaking off a stun,
        and its reactions."""
        board = self.config.board
        every = self.zones()
        decks = [z for z in every if board.zones[z].kind == "deck"]
        walk = [z for z in every if board.zones[z].walkable]
        skills = CONTENT.skills
        attacks = [name for name, spec in skills.items() if spec.attacks]
        out = [MOVE] + [act("step", zone=z) for z in walk] + [act("rig", zone=z) for z in decks]
        out += [STOP, END]
        out += [act("attack", skill, z) for skill in attacks for z in every]
        out += [act("unlock", name) for name, spec in skills.items() if spec.unlock]
        out += [act("level", name) for name, spec in skills.items() if spec.level_up]
        out += [act("use", name) for name, spec in skills.items() if spec.ability]
        out += [SHAKE]
        out += [act("react", name) for name, spec in skills.items() if spec.reaction]
        return out

    def _clash_actions(self) -> list[BonesAction]:
        """Clash Royale!'s actions: the heroes' (no crew, no Tide, no sea monster), the
        Chest's ``loot`` and ``seize``."""
        every = self.zones()
        heroes = range(self.seating.hero_count)
        out = [act("pick", h) for h in CONTENT.heroes]
        out += [act("hero", str(h)) for h in heroes]
        out += [act("deploy", zone=z) for z in self.config.deploy]
        out += self._activation_actions()
        out += [PASS, KEEP] + [act("reroll", str(i)) for i in range(max_dice(0))]
        models = [f"hero{h}" for h in heroes]
        features = sorted(set(self.config.features.values()))
        out += [act("assign", t) for t in [*models, *features]]
        out += [act("shove", t) for t in models]
        out += [act("push", zone=z) for z in every]
        out += [LOOT, SEIZE]
        return out

    def _battle_actions(self) -> list[BonesAction]:
        board = self.config.board
        every = self.zones()
        decks = [z for z in every if board.zones[z].kind == "deck"]
        heroes = range(self.seating.hero_count)
        out = [act("pick", h) for h in CONTENT.heroes]
        if any(self.seating.captain):
            out += [act("captain", str(seat)) for seat in range(self.players)]
        if self.seating.has_teams:
            out += [act("reward", str(seat)) for seat in range(self.players)]
        out += [act("hero", str(h)) for h in heroes] + [CREW, PASS]
        out += [act("deploy", zone=z) for z in decks]
        out += self._activation_actions()
        out += [KEEP] + [act("reroll", str(i)) for i in range(max_dice(self.hand_capacity()))]
        models = [DECKHAND, BOSUN, *(f"hero{h}" for h in heroes)]
        targets = [*models, *CONTENT.objectives, *CONTENT.monsters, KRAKEN]
        out += [act("assign", t) for t in targets]
        out += [act("shove", t) for t in models]
        out += [act("push", zone=z) for z in every]
        out += [act("muster", zone=z) for z in decks] + [act("bosun", zone=z) for z in decks]
        out += [act("first", "crew"), act("first", "gun"), act("advance"), act("hold")]
        out += [act("strike", zone=z) for z in every] + [act("fire", zone=z) for z in every]
        sea = [z for z in every if board.zones[z].kind == "sea"]
        out += [act("tide", card) for card in CONTENT.cards]
        out += [act("discard", card) for card in CONTENT.cards]
        out += [act("mend", f"hero{h}") for h in heroes]
        out += [act("gather", zone=z) for z in decks]
        out += [act("summon", m, z) for m in CONTENT.monsters for z in sea]
        out += [act("monster", m) for m in CONTENT.monsters]
        out += [act("attack", m, z) for m in CONTENT.monsters for z in every]
        out += [act("swim", zone=z) for z in every]
        return out

    def _max_decisions(self) -> int:
        return self._clash_decisions() if self.clash else self._battle_decisions()

    @staticmethod
    def _action_decisions(reactions: int, dice: int) -> int:
        """The most decisions one action of a hero asks: the action, its movement points
        and a dash, its re-rolls, ``reactions`` answers to its hits, each of its ``dice``
        hits assigned, the push and its zones."""
        levels = [p for s in CONTENT.skills.values() for p in (s.level1, s.level2)]
        dash = max(p.amount("dash") for p in levels)
        rerolls = max(p.amount("reroll") for p in levels)
        push = max(p.amount("push") for p in levels)
        return 1 + MOVEMENT_POINTS + dash + rerolls + reactions + dice + 1 + push

    def _clash_decisions(self) -> int:
        # Each round every player's turn: the turn, a deploy, three actions each with two
        # movement points, a dash, its re-rolls, every player's reactions, its hits, a
        # push and a step onto the Chest; once, the picks and every unlock and level-up.
        heroes = self.seating.hero_count
        action = self._action_decisions((heroes + 1) * self.players, max_dice(0)) + 1
        per_round = self.players * (2 + ACTIONS * action)
        once = heroes * (1 + 2 * 4)
        return once + self.options["clash_rounds"] * per_round

    def _battle_decisions(self) -> int:
        # The draft and every unlock and level-up of a game; then each round every
        # hero's activation (the turn, a deploy, three actions each with two movement
        # points, a dash, its re-rolls, the defenders' reactions, its hits, a push),
        # both crews' (the turn, muster and bosun choices, the order, a choice to
        # advance or an attack's target for each of up to thirty crew and the raids,
        # their hits, the gun and its hits) and both passes. With teams every player
        # of a side may answer a window, and a side holds more cards.
        seating = self.seating
        side_heroes = max(seating.heroes(s) for s in range(len(seating.sides)))
        team = max(len(s) for s in seating.sides)
        hand = self.hand_capacity()
        dice = max_dice(hand)
        hero = 2 + ACTIONS * self._action_decisions((side_heroes + 1) * team, dice)
        crews = max(f.deckhands + f.bosuns for f in CONTENT.factions.values())
        gun = max(f.gun.dice for f in CONTENT.factions.values())
        crew = 1 + 3 + BOSUNS_A_CREW + 1 + 4 * crews + 1 + gun
        # A Tide card a turn at most as many as a side draws (its hands a round, each
        # asking a choice or two); each attack's Tide window (both sides' hands and a
        # pass each); the sea monsters' activations; the discards.
        cards = 2 * hand * 3
        windows = ACTIONS * side_heroes * (2 * hand + 2) * team
        beasts = len(CONTENT.monsters) * (1 + ACTIONS * (1 + 3 + 1 + side_heroes + 1 + dice))
        per_round = 2 * (side_heroes * hero + crew + 1 + cards + windows + hand + team) + beasts
        # A pick, and each skill unlocked and levelled; the captains' elections.
        once = 2 * side_heroes * (1 + 2 * 4) + sum(1 for hand in seating.captain if hand)
        return once + self.options["round_limit"] * per_round

    def _board_catalogue(self) -> dict[str, Any]:
        """The board under these options: a battle's configuration, or the arena."""
        config = self.config
        if self.clash:
            return {"id": config.name, "title": config.title, **config.board.to_json(),
                    "objectives": {}, "crew": {}, "gun": {}, "kraken": None,
                    "features": dict(config.features), "chest": config.chest}
        return {"id": config.name, "title": config.title, **config.board.to_json(),
                "objectives": config.objectives, "crew": config.crew, "gun": config.gun,
                "kraken": config.kraken}

    def _catalogue(self) -> dict[str, Any]:
        return {
            "factions": FACTIONS_SHOWN.section(CONTENT.factions),
            "heroes": HEROES_SHOWN.section(CONTENT.heroes),
            "skills": SKILLS_SHOWN.section(CONTENT.skills),
            "objectives": OBJECTIVES_SHOWN.section(CONTENT.objectives),
            "cards": CARDS_SHOWN.section(CONTENT.cards),
            "monsters": MONSTERS_SHOWN.section(CONTENT.monsters),
            "effects": dict(CONTENT.effects),
            "ships": dict(CONTENT.ships),
            "conditions": dict(CONTENT.conditions),
            "kraken": KRAKEN_SHOWN.entry(None, CONTENT.kraken),
            "board": self._board_catalogue(),
            "clash": CLASH_SHOWN.entry(None, CONTENT.arena),
            "buttons": text.BUTTONS,
            "decisions": {
                "captain": "a team elects the captain who holds its Tide cards",
                "pick": "a player picks a hero for its side",
                "reward": "a team chooses which of its players gains a destroyed objective's "
                          "coins",
                "turn": "the side to play activates a hero or its crew, or passes",
                "deploy": "the activating hero picks a deployment point",
                "act": "the activating hero's next action: move, attack, an ability, shake off "
                       "a stun, or end; unlocking and levelling up skills cost no action",
                "move": "a movement point: step to a zone next door, rig across, or stop",
                "reroll": "which missed die to re-roll, or keep the dice",
                "hits": "the defenders' reactions to the hits rolled against their zone",
                "assign": "where the next hit goes",
                "shove": "which model the attack pushes, or none",
                "push": "where the pushed model goes, one zone at a time",
                "muster": "where deckhands deploy when too few are left for every point",
                "bosun": "where a bosun deploys",
                "order": "crew first or deck gun first",
                "advance": "crew next to an enemy move on or hold",
                "strike": "the zone a crew model attacks",
                "fire": "the zone the deck gun fires at",
                "tide": "Tide cards played when a hero attacks, before the dice",
                "mend": "which hero a Tide card heals",
                "gather": "where a Tide card's deckhands go",
                "summon": "which sea monster a Sea Monster Attack! summons, and where",
                "beast": "a sea monster's next action: move, attack or end",
                "swim": "a sea monster's movement point: a sea zone or gangplank, or stop",
                "discard": "recovery: which Tide card to discard, or keep the rest",
                "seize": "Clash Royale!: step onto the Captain's Chest after a KO there, or "
                         "keep",
            },
        }

    def parse(self, text_: str, legal: Sequence[str] = ()) -> BonesAction:
        if not isinstance(text_, str):
            raise notation_error(repr(text_), NOTATION_HELP, legal)
        match = _NOTATION.match(text_.lower())
        if match is None or match.group(1) not in VERBS:
            raise notation_error(text_, NOTATION_HELP, legal)
        return act(match.group(1), match.group(2) or "", match.group(3) or "")
