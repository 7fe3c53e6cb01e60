"""Rum & Bones' content: factions, heroes and skills, objectives and the board
configurations, read from the TOML files beside this module through the
engine's content reader (a ``ContentError`` names the file, entry, field and line).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.board import DECK, Board, read_board
from plunder.engine.catalogue import Shown, as_json
from plunder.engine.content import Field, Schema, fault, read_table, read_toml
from plunder.engine.effects import Step
from plunder.games.rumbones.effects import CONDITIONS, EFFECTS, KIND_USES, use_of

HERE = Path(__file__).parent
FACTIONS_FILE = HERE / "factions.toml"
HEROES_FILE = HERE / "heroes.toml"
OBJECTIVES_FILE = HERE / "objectives.toml"
BOARDS_FILE = HERE / "boards.toml"
TIDE_FILE = HERE / "tide.toml"
EFFECTS_FILE = HERE / "effects.toml"
TEAMS_FILE = HERE / "teams.toml"
CLASH_FILE = HERE / "clash.toml"

SIDES = ("lords", "marea")  # the two factions of the box, each one side of a battle
MERCENARY = "mercenary"
ROLES = ("captain", "quartermaster", "swashbuckler", "gunner", "brute")
# A hero's skills: its basic attack, an attack skill, an ability, a reaction, a passive.
SKILL_KINDS = ("basic", "attack", "ability", "reaction", "passive")


@dataclass(frozen=True)
class Profile:
    """A skill's numbers at one level: an attack's range in zones, dice, to-hit and
    damage a hit (0 for a skill that is no attack), and its effects."""

    range: int = 0
    dice: int = 0
    to_hit: int = 0
    damage: int = 0
    effects: tuple[Step, ...] = ()

    def amount(self, effect: str) -> int:
        """The amount of ``effect`` among the profile's effects (0 when absent)."""
        return sum(step.amount for step in self.effects if step.name == effect)


@dataclass(frozen=True)
class Faction:
    name: str
    title: str
    flavour: str
    deckhands: int
    bosuns: int
    deckhand_hp: int
    bosun_hp: int
    crew_range: int
    crew_dice: int
    crew_hit: int
    bosun_hit: int
    end_of_track_hit: int
    gun: Profile


@dataclass(frozen=True)
class Skill:
    name: str
    title: str
    kind: str
    unlock: int  # coins to unlock it (0: from the start)
    level_up: int  # coins to level it up to level 2 (0: it has no level 2)
    level1: Profile
    level2: Profile
    text: str

    def at(self, level: int) -> Profile:
        return self.level1 if level <= 1 else self.level2

    @property
    def attacks(self) -> bool:
        """A basic attack (any number a turn) or an attack skill (once a turn)."""
        return self.kind in ("basic", "attack")

    @property
    def once_a_turn(self) -> bool:
        """An attack skill: spent for the turn once used."""
        return self.kind == "attack"

    @property
    def ability(self) -> bool:
        return self.kind == "ability"

    @property
    def reaction(self) -> bool:
        return self.kind == "reaction"


@dataclass(frozen=True)
class Hero:
    name: str
    title: str
    faction: str
    role: str
    hp: int
    basic: str
    skills: tuple[str, ...]
    flavour: str


@dataclass(frozen=True)
class Objective:
    name: str
    title: str
    hp: int
    vp: int
    coins: int
    effects: tuple[Step, ...]


@dataclass(frozen=True)
class Card:
    """A Tide card."""

    name: str
    title: str
    faction: str
    count: int
    kraken: int
    timing: str  # "turn" or "attack"
    side: str  # for an attack card: "attacker" or "defender"
    effects: tuple[Step, ...]
    text: str


@dataclass(frozen=True)
class Monster:
    name: str
    title: str
    hp: int
    move: int
    attack: Profile
    text: str


@dataclass(frozen=True)
class Kraken:
    hp: int
    arrival: int
    pool_cap: int
    reward_coins: int
    reward_vp: int
    table: dict[int, tuple[str, str, int, int]]  # die -> name, text, range, damage

@dataclass(frozen=True)
class Configuration:
    """A board configuration: the zones, and where each faction's pieces go."""

    name: str
    title: str
    board: Board
    kraken: str
    objectives: dict[str, dict[str, str]]  # faction -> zone -> objective
    crew: dict[str, dict[str, int]]  # faction -> zone -> deckhands at the start
    gun: dict[str, str]  # faction -> the zone its deck gun fires from


@dataclass(frozen=True)
class Split:
    """How the players of a team of ``team`` share their side at a table of
    ``players``: each one's heroes and Tide hand, who controls the crew (0: the
    team), or a captain's hand that holds the team's Tide cards."""

    name: str
    players: int
    team: int
    heroes: tuple[int, ...]
    crew: int
    tide: tuple[int, ...]
    captain: int


@dataclass(frozen=True)
class Arena:
    """Clash Royale!'s board and numbers: the zones, the deployment points anyone uses,
    the deck features anyone may damage, the Captain's Chest, and the coins."""

    name: str
    title: str
    board: Board
    deploy: tuple[str, ...]
    features: dict[str, str]  # zone -> objective
    chest: str
    ko_coins: int
    damage_coins: int
    chest_coins: int
    first_dice: int
    lives: tuple[int, int]  # the lives a hero may have, least and most (the summary's advice)


@dataclass(frozen=True)
class Content:
    factions: dict[str, Faction]
    heroes: dict[str, Hero]
    skills: dict[str, Skill]
    objectives: dict[str, Objective]
    boards: dict[str, Configuration]
    cards: dict[str, Card]
    monsters: dict[str, Monster]
    kraken: Kraken
    effects: dict[str, str]  # effect -> players' words ({n}: its amount)
    ships: dict[str, str]  # ship -> its name
    conditions: dict[str, str]  # condition -> what it does, in players' words
    splits: dict[str, Split]  # how a team shares its side, by table and team size
    arena: Arena  # Clash Royale!

    def deck(self, faction: str) -> list[str]:
        """A faction's Tide deck, every copy (in the file's order)."""
        return [c.name for c in self.cards.values() if c.faction == faction
                for _ in range(c.count)]

    def roster(self, faction: str) -> list[str]:
        """The heroes a faction may field: its own and the mercenaries."""
        return [h.name for h in self.heroes.values() if h.faction in (faction, MERCENARY)]


PROFILE = {
    "range": Field(int, low=0, high=12),
    "dice": Field(int, low=1, high=12),
    "to_hit": Field(int, low=2, high=6),
    "damage": Field(int, low=1, high=6),
}
# A skill's level: an attack's numbers (every one for an attack), and its effects.
LEVEL = {
    **{name: Field(int, default=0, low=0, high=12) for name in PROFILE},
    "effects": Field(list, default=(), effects=True),
}


FACTION_SCHEMA = Schema(
    "factions",
    key=None,
    title=Field(str),
    flavour=Field(str),
    deckhands=Field(int, low=1, high=60),
    bosuns=Field(int, low=0, high=20),
    deckhand_hp=Field(int, low=1, high=9),
    bosun_hp=Field(int, low=1, high=9),
    crew_range=Field(int, low=0, high=6),
    crew_dice=Field(int, low=1, high=6),
    crew_hit=Field(int, low=2, high=6),
    bosun_hit=Field(int, low=2, high=6),
    end_of_track_hit=Field(int, low=2, high=6),
    gun=Field(dict),
)
SKILL_SCHEMA = Schema(
    "skills",
    key=None,
    title=Field(str),
    kind=Field(str, choices=SKILL_KINDS),
    unlock=Field(int, default=0, low=0, high=20),
    level_up=Field(int, low=0, high=20),
    level1=Field(dict),
    level2=Field(dict),
    text=Field(str, default=""),
)
HERO_SCHEMA = Schema(
    "heroes",
    Hero,
    title=Field(str),
    faction=Field(str, choices=(*SIDES, MERCENARY)),
    role=Field(str, choices=ROLES),
    hp=Field(int, low=1, high=30),
    basic=Field(str, names="skills"),
    skills=Field(list, default=(), names="skills"),
    flavour=Field(str, default=""),
)
OBJECTIVE_SCHEMA = Schema(
    "objectives",
    Objective,
    title=Field(str),
    hp=Field(int, low=1, high=30),
    vp=Field(int, low=0, high=8),
    coins=Field(int, low=0, high=9),
    effects=Field(list, default=(), effects=True),
)
# A Tide card.
CARD_SCHEMA = Schema(
    "cards",
    Card,
    title=Field(str),
    faction=Field(str, choices=SIDES),
    count=Field(int, low=1, high=10),
    kraken=Field(int, low=0, high=5),
    timing=Field(str, choices=("turn", "attack")),
    side=Field(str, default="", choices=("", "attacker", "defender")),
    effects=Field(list, default=(), effects=True),
    text=Field(str),
)
MONSTER_SCHEMA = Schema(
    "monsters", key=None, title=Field(str), hp=Field(int, low=1, high=30),
    move=Field(int, low=1, high=6), attack=Field(dict), text=Field(str),
)
# The Kraken's numbers, and a row of its table per face of a die.
KRAKEN_SCHEMA = Schema(
    "kraken", key=None, hp=Field(int, low=1, high=40), arrival=Field(int, low=0, high=9),
    pool_cap=Field(int, low=1, high=30), reward_coins=Field(int, low=0, high=9),
    reward_vp=Field(int, low=0, high=8),
)
KRAKEN_ROW_SCHEMA = Schema(
    "table", key=None, name=Field(str), text=Field(str),
    range=Field(int, low=0, high=6), damage=Field(int, low=0, high=6),
)
# Clash Royale!'s numbers: [rules] of clash.toml.
CLASH_RULES = {
    "ko_coins": Field(int, low=0, high=9), "damage_coins": Field(int, low=0, high=9),
    "chest_coins": Field(int, low=0, high=9), "first_dice": Field(int, low=1, high=6),
    "lives_low": Field(int, low=1, high=9), "lives_high": Field(int, low=1, high=9),
}


def _kraken_rows(kraken: Kraken) -> dict[int, dict[str, Any]]:
    """The Kraken's table, a row per face of a die, each row's fields by name."""
    return {face: dict(zip(KRAKEN_ROW_SCHEMA.fields, row, strict=True))
            for face, row in kraken.table.items()}


def short_name(name: str, title: str) -> str:
    """A hero's or a faction's name in a word, for a token, a chip or a score: the word of
    its title that is its id, accents aside (``Pólvora``, ``Oona`` of ``Brine-Mother
    Oona``, ``Lords`` of ``Deep Sea Lords``), else its title's first word."""
    words = [word for word in re.split(r"[\s-]+", title) if word]
    return next((word for word in words if _bare(word) == _bare(name)), words[0] if words
                else name)


def _bare(word: str) -> str:
    """A word in lower case without its accents."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


# The content in the catalogue: each entry with the fields its Schema declares. A
# faction's crew numbers come as one profile (the Schema keeps them flat); an attack
# card names its side, a turn card none (null); the arena's lives are a range.
FACTIONS_SHOWN = Shown.of(
    FACTION_SCHEMA,
    hide=("crew_range", "crew_dice", "crew_hit", "bosun_hit"),
    crew=lambda faction: {"range": faction.crew_range, "dice": faction.crew_dice,
                          "to_hit": faction.crew_hit, "with_bosun": faction.bosun_hit},
    short=lambda faction: short_name(faction.name, faction.title),
)
HEROES_SHOWN = Shown.of(HERO_SCHEMA, short=lambda hero: short_name(hero.name, hero.title))
SKILLS_SHOWN = Shown.of(SKILL_SCHEMA)
OBJECTIVES_SHOWN = Shown.of(OBJECTIVE_SCHEMA)
CARDS_SHOWN = Shown.of(CARD_SCHEMA, side=lambda card: card.side or None)
MONSTERS_SHOWN = Shown.of(MONSTER_SCHEMA)
KRAKEN_SHOWN = Shown.of(KRAKEN_SCHEMA, id=None, table=_kraken_rows)
CLASH_SHOWN = Shown.of(CLASH_RULES, id=None, hide=("lives_low", "lives_high"),
                       lives=lambda arena: as_json(arena.lives))


def _profile(path: Path, entry: str, field: str, raw: Any) -> Profile:
    if not isinstance(raw, dict):
        raise fault(path, f"is {raw!r}; expected a table of {', '.join(PROFILE)}", entry, field)
    values = Schema(field, key=None, **PROFILE).values(path, entry, raw)
    return Profile(**values)


def _level(path: Path, skill: str, field: str, raw: Any, kind: str) -> Profile:
    if not isinstance(raw, dict):
        raise fault(path, f"is {raw!r}; expected a table such as {{ range = 1, dice = 3, "
                    "to_hit = 4, damage = 1 }}", skill, field)
    values = Schema(field, key=None, **LEVEL).values(path, skill, raw, effects=EFFECTS)
    profile = Profile(**values)
    if kind in ("basic", "attack"):
        for name, spec in PROFILE.items():
            low = spec.low if spec.low is not None else 0
            if getattr(profile, name) < low:
                raise fault(path, f"is an attack, so its {name} is at least {low}", skill, field)
    for step in profile.effects:
        if use_of(step.name) not in KIND_USES[kind]:
            raise fault(path, f"gives the {kind} skill the effect {step.name!r}, which acts "
                        f"{use_of(step.name)!r}", skill, field)
    return profile


def _factions(path: Path) -> dict[str, Faction]:
    data = read_toml(path)
    out = {}
    for name, values in FACTION_SCHEMA.read(path, data).items():
        values["gun"] = _profile(path, name, "gun", values["gun"])
        out[name] = Faction(name=name, **values)
    if set(out) != set(SIDES):
        raise fault(path, f"needs exactly the factions {', '.join(SIDES)}", field="factions")
    return out


def _heroes(path: Path) -> tuple[dict[str, Hero], dict[str, Skill]]:
    data = read_toml(path)
    skills = {}
    for name, values in SKILL_SCHEMA.read(path, data).items():
        for level in ("level1", "level2"):
            values[level] = _level(path, name, level, values[level], values["kind"])
        skills[name] = Skill(name=name, **values)
    heroes = HERO_SCHEMA.read(path, data, names={"skills": sorted(skills)})
    owners: dict[str, str] = {}
    for hero in heroes.values():
        if skills[hero.basic].kind != "basic":
            raise fault(path, f"names {hero.basic!r}, which is no basic attack", hero.name,
                        "basic")
        kinds = [skills[s].kind for s in hero.skills]
        if sorted(kinds) != sorted(SKILL_KINDS[1:]):
            raise fault(path, "lists one skill of each kind: attack, ability, reaction and "
                        f"passive (has {kinds})", hero.name, "skills")
        for skill in (hero.basic, *hero.skills):
            if skill in owners:
                raise fault(path, f"names {skill!r}, which is {owners[skill]!r}'s", hero.name,
                            "skills")
            owners[skill] = hero.name
    for side in SIDES:
        if sum(1 for h in heroes.values() if h.faction == side) < 3:
            raise fault(path, f"needs at least 3 heroes of {side} (a side fields 3)",
                        field="heroes")
    return heroes, skills


def _objectives(path: Path) -> dict[str, Objective]:
    found = OBJECTIVE_SCHEMA.read(path, effects=EFFECTS)
    for objective in found.values():
        _uses(path, objective.name, "effects", objective.effects, {"objective"})
    return found


def _uses(path: Path, entry: str, field: str, steps: tuple[Step, ...], uses: set[str]) -> None:
    for step in steps:
        if use_of(step.name) not in uses:
            raise fault(path, f"names the effect {step.name!r}, which acts {use_of(step.name)!r}, "
                        f"not {' or '.join(sorted(uses))}", entry, field)


DECK_SIZE = 30  # a faction's Tide deck (fact)


def _tide(path: Path) -> tuple[dict[str, Card], dict[str, Monster], Kraken]:
    data = read_toml(path)
    cards = CARD_SCHEMA.read(path, data, effects=EFFECTS)
    for card in cards.values():
        if (card.timing == "attack") != bool(card.side):
            raise fault(path, "an attack card names its side (attacker or defender), a turn "
                        "card none", card.name, "side")
        uses = {"attack_card"} if card.timing == "attack" else {"turn_card"}
        _uses(path, card.name, "effects", card.effects, uses)
    for faction in SIDES:
        listed = [c for c in cards.values() if c.faction == faction]
        size = sum(c.count for c in listed)
        if size != DECK_SIZE:
            # Named at the faction's first card, whose count is the first to look at.
            raise fault(path, f"gives {faction} a Tide deck of {size} cards, not {DECK_SIZE}",
                        listed[0].name if listed else "", "count" if listed else "cards")
    monsters = {}

    for name, values in MONSTER_SCHEMA.read(path, data).items():
        values["attack"] = _profile(path, name, "attack", values["attack"])
        monsters[name] = Monster(name=name, **values)
    raw = data.get("kraken")
    if not isinstance(raw, dict):
        raise fault(path, "needs a [kraken] table", field="kraken")
    table = raw.get("table")
    body = {k: v for k, v in raw.items() if k != "table"}
    values = KRAKEN_SCHEMA.values(path, "kraken", body)
    if not isinstance(table, dict) or sorted(table) != [str(d) for d in range(1, 7)]:
        raise fault(path, "needs a row for each face of a die, 1 to 6", "kraken.table")
    rows = {}
    for face, row in table.items():
        row_values = KRAKEN_ROW_SCHEMA.values(path, "kraken.table", row)
        rows[int(face)] = (row_values["name"], row_values["text"], row_values["range"],
                           row_values["damage"])
    return cards, monsters, Kraken(table=rows, **values)


def _ships(path: Path, boards: dict[str, Configuration], arena: Arena) -> dict[str, str]:
    """Every ship of every configuration (and of the arena) has a name, and no name is
    for no ship."""
    data = read_toml(path)
    names = data.get("ships")
    if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
        raise fault(path, "needs a [ships] table: ship = \"its name\"", field="ships")
    used = {ship for config in boards.values() for ship in config.board.ships}
    used.update(arena.board.ships)
    missing = sorted(used - set(names))
    if missing:
        raise fault(path, f"names no ship {missing[0]!r}", "ships")
    unknown = sorted(set(names) - used)
    if unknown:
        raise fault(path, f"names {unknown[0]!r}, which is on no board", "ships", unknown[0])
    return dict(names)


def _boards(path: Path, objectives: dict[str, Objective]) -> dict[str, Configuration]:
    data = read_toml(path)
    raw = data.get("boards")
    if not isinstance(raw, dict) or not raw:
        raise fault(path, "needs a [boards.<name>] table per configuration", field="boards")
    out = {}
    for name, table in raw.items():
        board = read_board(path, raw, name)
        title = table.get("title")
        if not isinstance(title, str):
            raise fault(path, "needs a title", f"boards.{name}", "title")
        kraken = table.get("kraken")
        if kraken not in board.zones or board.zones[kraken].kind == DECK:
            raise fault(path, f"puts the Kraken on {kraken!r}, which is not a sea zone or a "
                        "gangplank", f"boards.{name}", "kraken")
        placed: dict[str, dict[str, Any]] = {}
        for part in ("objectives", "crew", "gun"):
            found = table.get(part)
            if not isinstance(found, dict) or set(found) != set(SIDES):
                raise fault(path, f"needs a [{part}] entry for each of {', '.join(SIDES)}",
                            f"boards.{name}.{part}")
            placed[part] = found
        for side in SIDES:
            where = f"boards.{name}.deploy"
            if len(board.deploy.get(side, ())) != 3:
                raise fault(path, f"needs 3 deployment points for {side}", where, side)
            if len(board.tracks.get(side, ())) != 3:
                raise fault(path, f"needs a crew track from each of {side}'s deployment "
                            "points", f"boards.{name}.tracks", side)
            enemy = _other(side)
            for track in board.tracks[side]:
                if track[0] not in board.deploy[side] or track[-1] not in board.deploy[enemy]:
                    raise fault(path, f"has a track from {track[0]} to {track[-1]}: a track "
                                f"runs from a deployment point of {side} to one of {enemy}",
                                f"boards.{name}.tracks", side)
            for zone, objective in placed["objectives"][side].items():
                _own_deck(path, board, zone, side, f"boards.{name}.objectives", side)
                if objective not in objectives:
                    raise fault(path, f"names the objective {objective!r}, which is not one of "
                                f"{sorted(objectives)}", f"boards.{name}.objectives", side)
            for zone, count in placed["crew"][side].items():
                _own_deck(path, board, zone, side, f"boards.{name}.crew", side)
                if not any(zone in track for track in board.tracks[side]):
                    raise fault(path, f"puts crew on {zone}, which is on none of {side}'s "
                                "tracks", f"boards.{name}.crew", side)
                if not isinstance(count, int) or count < 1:
                    raise fault(path, f"puts {count!r} deckhands on {zone}",
                                f"boards.{name}.crew", side)
            _own_deck(path, board, placed["gun"][side], side, f"boards.{name}.gun", side)
        out[name] = Configuration(
            name, title, board, kraken,
            {s: dict(placed["objectives"][s]) for s in SIDES},
            {s: dict(placed["crew"][s]) for s in SIDES},
            {s: placed["gun"][s] for s in SIDES},
        )
    return out


def _own_deck(path: Path, board: Board, zone: Any, side: str, entry: str, field: str) -> None:
    if zone not in board.zones or board.zones[zone].kind != DECK or board.zones[zone].side != side:
        raise fault(path, f"names {zone!r}, which is not a deck zone of {side}'s ships", entry,
                    field)


PLAYERS = range(2, 7)  # Rum & Bones is for 2 to 6 players
CLASH_SEATS = 6  # Clash Royale! is for 3 to 6 players: a deployment point each at least


def _arena(path: Path, objectives: dict[str, Objective]) -> Arena:
    """Clash Royale!'s arena: a board whose deployment points are anyone's, deck
    features on its decks, and the Captain's Chest on one of them."""
    data = read_toml(path)
    rules = read_table(path, data, "rules", **CLASH_RULES)
    if rules["lives_low"] > rules["lives_high"]:
        raise fault(path, "gives fewer lives at most than at least", "rules", "lives_high")
    board = read_board(path, data, "arena")
    raw = data["arena"]
    title = raw.get("title")
    if not isinstance(title, str):
        raise fault(path, "needs a title", "arena", "title")
    if set(board.deploy) != {"all"} or len(board.deploy["all"]) < CLASH_SEATS:
        raise fault(path, f"needs at least {CLASH_SEATS} deployment points, all anyone's "
                    "(deploy.all)", "arena", "deploy")
    chest = raw.get("chest")
    if chest not in board.zones or board.zones[chest].kind != DECK:
        raise fault(path, f"puts the Captain's Chest on {chest!r}, which is no deck zone",
                    "arena", "chest")
    features = raw.get("features")
    if not isinstance(features, dict) or not features:
        raise fault(path, "needs an [arena.features] table: zone = objective", "arena",
                    "features")
    for zone, name in features.items():
        if zone not in board.zones or board.zones[zone].kind != DECK or zone == chest:
            raise fault(path, f"puts a deck feature on {zone!r}, which is no deck zone free "
                        "of the Chest", "arena.features", zone)
        if name not in objectives:
            raise fault(path, f"names the objective {name!r}, which is not one of "
                        f"{sorted(objectives)}", "arena.features", zone)
    return Arena("arena", title, board, tuple(board.deploy["all"]), dict(features), chest,
                 rules["ko_coins"], rules["damage_coins"], rules["chest_coins"],
                 rules["first_dice"], (rules["lives_low"], rules["lives_high"]))


def _splits(path: Path, heroes: dict[str, Hero]) -> dict[str, Split]:
    """How teams share their sides, for every table of 2 to 6: each table splits into
    two teams (the larger first) and has an entry for each."""
    found = Schema(
        "split",
        Split,
        players=Field(int, low=min(PLAYERS), high=max(PLAYERS)),
        team=Field(int, low=1, high=3),
        heroes=Field(list, items=int, length=(1, 3)),
        crew=Field(int, low=0, high=3),
        tide=Field(list, default=(), items=int, length=(0, 3)),
        captain=Field(int, default=0, low=0, high=9),
    ).read(path)
    own = min(sum(1 for h in heroes.values() if h.faction == side) for side in SIDES)
    seen = set()
    for split in found.values():
        where = split.name
        if (split.players, split.team) in seen:
            raise fault(path, f"is a second split for a team of {split.team} at "
                        f"{split.players} players", where, "team")
        seen.add((split.players, split.team))
        if len(split.heroes) != split.team or min(split.heroes) < 1:
            raise fault(path, f"gives {split.team} players {list(split.heroes)} heroes: one "
                        "number, at least 1, for each player", where, "heroes")
        if sum(split.heroes) > own:
            raise fault(path, f"fields {sum(split.heroes)} heroes, more than a faction's "
                        f"{own} own heroes", where, "heroes")
        if split.crew > split.team:
            raise fault(path, f"gives the crew to player {split.crew} of {split.team}", where,
                        "crew")
        if bool(split.tide) == bool(split.captain):
            raise fault(path, "gives either each player's Tide hand (tide) or a captain's "
                        "(captain)", where, "tide")
        if split.tide and len(split.tide) != split.team:
            raise fault(path, f"lists {len(split.tide)} Tide hands for {split.team} players",
                        where, "tide")
    for players in PLAYERS:
        teams = ((players + 1) // 2, players // 2)
        for team in set(teams):
            if (players, team) not in seen:
                raise fault(path, f"has no split for a team of {team} at {players} players",
                            field="split")
    return found


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def load_content(
    factions: Path = FACTIONS_FILE,
    heroes: Path = HEROES_FILE,
    objectives: Path = OBJECTIVES_FILE,
    boards: Path = BOARDS_FILE,
    tide: Path = TIDE_FILE,
    effects: Path = EFFECTS_FILE,
    teams: Path = TEAMS_FILE,
    clash: Path = CLASH_FILE,
) -> Content:
    """Read and check every content file."""
    hero_table, skills = _heroes(heroes)
    objective_table = _objectives(objectives)
    cards, monsters, kraken = _tide(tide)
    data = read_toml(effects)
    words = Schema("effects", key=None, text=Field(str)).read(effects, data)
    EFFECTS.check_texts(effects, words)
    conditions = Schema("conditions", key=None, text=Field(str)).read(effects, data)
    if sorted(conditions) != sorted(CONDITIONS):
        raise fault(effects, f"needs the words of exactly the conditions {', '.join(CONDITIONS)}",
                    field="conditions")
    configurations = _boards(boards, objective_table)
    arena = _arena(clash, objective_table)
    return Content(
        _factions(factions), hero_table, skills, objective_table,
        configurations, cards, monsters, kraken,
        {name: entry["text"] for name, entry in words.items()},
        _ships(boards, configurations, arena),
        {name: conditions[name]["text"] for name in CONDITIONS},
        _splits(teams, hero_table),
        arena,
    )


CONTENT = load_content()
