"""Rum & Bones: Second Tide at the terminal: the ships as a grid of zones, each
side's heroes, crew, VP and Tide, the viewer's own hand, the decision open now in
words, the legal actions grouped, and ``? NAME`` for any hero, skill, Tide card,
sea monster, objective or the Kraken.

Like every renderer this one draws ``state.view(seat)`` and nothing else: the
board's zones, the heroes' skills, the cards' texts and the monsters come from
the game's catalogue (``catalogue_for(view)``), and the legal actions come
structured (``verb``, ``arg``, ``zone``), so no notation is parsed here.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from plunder.engine.errors import IllegalAction
from plunder.engine.words import Filler
from plunder.games.rumbones.text import crew as crew_words
from plunder.terminal.render import (
    WATCHING,
    ActionJson,
    GenericRenderer,
    Labels,
    catalogue_for,
)

# Each side's colour: the two of a battle, and up to six players of Clash Royale!.
SIDE_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue",
              "bold red")
CREW_STYLE = ("cyan", "magenta")
NEUTRAL_STYLE = "white underline"  # Clash Royale!'s deck features, anyone's
# What fills a zone's cell around its contents, by kind; a destroyed gangplank is "x".
FILL = {"sea": "~", "link": "=", "deck": " "}
FILL_STYLE = {"sea": "blue", "link": "yellow", "deck": ""}
WRECKED_FILL, WRECKED_STYLE = "x", "red"
CELL = 9  # a zone's width on the board, where the console has room for it
# The lines a human's screen shows under the table (its title above it, the actions,
# the hint and the line typed): the table leaves them room on a short console.
BELOW_TABLE = 9
# The longest line of the actions list (an 80-column terminal, less its indent): a
# gloss past it is cut.
ACTION_LINE = 76

NARROWEST = 5  # the least a zone's cell shrinks to on a narrow console
CONDITIONS = {
    "blind": "Blind: the hero's attacks are -1 to hit.",
    "stun": "Stun: the hero spends an action (shake) to remove it before any other action.",
    "slow": "Slow: only one move action in its activation.",
    "silence": "Silence: it cannot level up skills and its skills lose all effects.",
    "bleed": "Bleed: 1 damage after each action it performs.",
}
KIND_WORDS = {"basic": "basic attack", "attack": "attack skill", "ability": "ability",
              "reaction": "reaction", "passive": "passive"}
# What `? NAME` tells of an entry, by the catalogue section it was found in: the
# renderer's method that writes its lines.
ENTRY_LINES = {
    "heroes": "hero_lines",
    "skills": "skill_lines",
    "cards": "card_lines",
    "monsters": "monster_lines",
    "objectives": "objective_or_feature_lines",
    "factions": "faction_lines",
    "conditions": "condition_lines",
    "kraken": "kraken_lines",
}



# ------------------------------------------------------------------ words
def plain(text: str) -> str:
    """Lower case, accents and punctuation gone, ``_`` as a space: how ``?`` compares names.

    >>> plain("Pólvora"), plain("Sea Monster Attack!"), plain("sea_legs")
    ('polvora', 'sea monster attack', 'sea legs')
    """
    decomposed = unicodedata.normalize("NFKD", text)
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    kept = "".join(c if c.isalnum() else " " for c in letters.lower().replace("'", ""))
    return " ".join(kept.split())


def plural(count: int, word: str) -> str:
    """``"1 die"``, ``"2 dice"``, ``"3 deckhands"``.

    >>> plural(1, "die"), plural(2, "die"), plural(3, "coin")
    ('1 die', '2 dice', '3 coins')
    """
    if count == 1:
        return f"1 {word}"
    return f"{count} {'dice' if word == 'die' else word + 's'}"


def effect_words(code: str, catalogue: Mapping[str, Any]) -> str:
    """An effect code (``heal:2``) in the catalogue's words for it, its amount filled
    in; an unknown one as it is.

    >>> catalogue = {"effects": {"heal": "heal {n} damage", "cleanse": "its conditions end"}}
    >>> [effect_words(code, catalogue) for code in ("heal:2", "cleanse", "curse")]
    ['heal 2 damage', 'its conditions end', 'curse']
    """
    name, _, amount = code.partition(":")
    words = catalogue["effects"].get(name)
    return code if words is None else Filler({}).fill(words, {"n": amount or "1"})


def profile_words(profile: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
    """An attack's numbers in the game's phrase for them, then its effects
    (``range 1, 3 dice hitting on 4+, 1 damage a hit; ...``); an ability's effects."""
    parts = []
    if profile.get("dice"):
        parts.append(Filler(catalogue).fill("{it|say:profile}", {"it": profile}))
    parts += [effect_words(code, catalogue) for code in profile.get("effects") or []]
    return "; ".join(parts) or "no effect"


def short_profile(profile: Mapping[str, Any]) -> str:
    """``1/3/4+/1`` (range / dice / to-hit / damage)."""
    return f"{profile['range']}/{profile['dice']}/{profile['to_hit']}+/{profile['damage']}"


def counted(names: Sequence[str]) -> str:
    """Names with repeats counted, in the order they first appear.

    >>> counted(["Coral Armour", "Murky Water", "Coral Armour"])
    'Coral Armour x2, Murky Water'
    """
    counts = Counter(names)
    return ", ".join(f"{n} x{counts[n]}" if counts[n] > 1 else n for n in dict.fromkeys(names))


def hero_tag(hero: Mapping[str, Any]) -> str:
    """A hero on the board: its index and the first letters of its name (``0Car``)."""
    return f"{hero['index']}{str(hero['hero'])[:3].capitalize()}"


def objective_tag(name: str, compact: bool = False) -> str:
    """An objective on the board: the first letters of its name (``Main``, ``Helm``;
    ``compact``: two, ``Ma``, ``He``, which tell this game's objectives apart)."""
    return name[:2 if compact else 4].capitalize()


def monster_tag(monster: Mapping[str, Any]) -> str:
    """A sea monster on the board: the first letters of its title's last word (``Crab``)."""
    return str(monster["title"]).split()[-1][:4].capitalize()


# ------------------------------------------------------------------ the view read
class ViewReader:
    """What a view says, looked up: the catalogue, the heroes by index, names of things."""

    def __init__(self, view: Mapping[str, Any], labels: Labels | None = None) -> None:
        self.view = view
        self.labels = labels or {}
        self.catalogue = catalogue_for(view)
        # The game's words for what the view names (its phrases), as both front ends fill them.
        self.words = Filler(self.catalogue)
        self.heroes: dict[int, Mapping[str, Any]] = {h["index"]: h for h in view["heroes"]}
        self.factions: list[str] = list(view["factions"])
        # Who of each team plays what (a game of teams); None: each side is one seat.
        self.control: Mapping[str, Any] | None = view.get("control")
        # Clash Royale!: every seat a side of its own, on the arena.
        self.clash = "chest" in view

    def acting_hero(self) -> Mapping[str, Any] | None:
        """The acting hero's row (``None`` when no hero acts)."""
        acting = self.view.get("acting")
        return None if acting is None else self.heroes.get(acting)

    def faction(self, side: int) -> str:
        return self.title(self.factions[side])

    def seats_of(self, side: int) -> list[int]:
        """The seats of ``side``: its team's, or the one seat of a side alone."""
        return list(self.control["sides"][side]) if self.control else [side]

    def side_at(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        if not self.control:
            return seat
        return next(side for side, seats in enumerate(self.control["sides"]) if seat in seats)

    def owner(self, hero: Mapping[str, Any]) -> int:
        """The seat that plays ``hero``."""
        return self.control["heroes"][hero["index"]] if self.control else hero["side"]

    def seat_name(self, seat: int) -> str:
        """``seat 2 (you)``."""
        label = self.labels.get(seat)
        return f"seat {seat}{f' ({label})' if label else ''}"

    def side_name(self, side: int) -> str:
        """``the Deep Sea Lords (seat 0, you)``; a team: ``the Deep Sea Lords (seat 0 (you),
        seat 2)``; Clash Royale!: ``the player at seat 1 (you)``."""
        if self.clash:
            return f"the player at {self.seat_name(side)}"
        if self.control:
            return f"the {self.faction(side)} (" + ", ".join(
                self.seat_name(s) for s in self.seats_of(side)) + ")"
        label = self.labels.get(side)
        return f"the {self.faction(side)} (seat {side}{', ' + label if label else ''})"

    def deciders(self, seats: Sequence[int], answer: str | None) -> str:
        """Who owes the decision: a side alone, a team answering once, or players."""
        if not self.control:
            return " and ".join(self.side_name(s) for s in seats) or "no one"
        if answer == "any" and seats:
            return f"{self.side_name(self.side_at(seats[0]))}, one answer for the team"
        return " and ".join(f"{self.seat_name(s)} of the {self.faction(self.side_at(s))}"
                            for s in seats) or "no one"

    def hero_name(self, index: Any) -> str:
        """``Captain Carcharius (hero 0)``: the game's phrase for a hero at the table."""
        return self.words.fill("{it|say:hero}", {"it": index, "view": self.view})

    def target_name(self, target: str) -> str:
        """A model an attack may hit in words (``a bosun``): the game's phrase for it."""
        return self.words.fill("{it|say:target}", {"it": target, "view": self.view})

    def title(self, name: str) -> str:
        """A hero, skill, card, sea monster, objective or faction by its catalogue title
        (the words' ``title`` filter); an id the catalogue does not know as it is."""
        return self.words.fill("{it|title}", {"it": name})

    def attacker(self) -> str:
        """Who makes the attack under way: a hero, a sea monster, or the crew or the
        deck gun (the view's ``attack`` does not say which of these two: the log does, a
        ``gun`` event coming just before the deck gun's ``attack``)."""
        attack = self.view.get("attack") or {}
        if attack.get("hero") is not None:
            return self.hero_name(attack["hero"])
        if attack.get("monster"):
            return "the " + self.title(attack["monster"])
        side = self.side_name(attack.get("side", 0))
        log = self.view.get("log") or []
        last = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("type") == "attack"),
                    None)
        if last is None:
            return f"the crew or the deck gun of {side}"
        gun = last > 0 and log[last - 1].get("type") == "gun"
        return f"the {'deck gun' if gun else 'crew'} of {side}"


# ------------------------------------------------------------------ the board
class Board:
    """The ships as a grid of zones, row and column names around it; each cell lists
    what stands there, wrapped to as many lines as it needs. Cells are ``CELL``
    characters wide where the console has room (the box board then takes 96
    columns), narrower on a narrow console.

    ``compact``: the board for a short console: no rules between the rows and no
    letters under it, and each hero drawn by its number alone (``0``, in its side's
    colour), so that most rows take one line."""

    def __init__(self, view: Mapping[str, Any], *, compact: bool = False) -> None:
        self.read = ViewReader(view)
        self.view = view
        self.compact = compact
        board = self.read.catalogue["board"]
        self.zones: Mapping[str, Mapping[str, Any]] = board["zones"]
        self.rows = 1 + max(z["row"] for z in self.zones.values())
        self.cols = 1 + max(z["col"] for z in self.zones.values())
        self.at = {(z["row"], z["col"]): name for name, z in self.zones.items()}
        self.marks = self._marks(board)

    def _marks(self, board: Mapping[str, Any]) -> dict[str, list[Text]]:
        """Each zone's contents as short styled marks, in the order they are drawn."""
        view, read = self.view, self.read
        marks: dict[str, list[Text]] = {zone: [] for zone in self.zones}
        for hero in view["heroes"]:
            if hero["zone"] in marks:
                style = SIDE_STYLE[hero["side"]]
                if hero["index"] == view.get("acting"):
                    style += " reverse"
                tag = str(hero["index"]) if self.compact else hero_tag(hero)
                marks[hero["zone"]].append(Text(tag, style=style))
        for side in range(len(read.factions)):
            letter = read.factions[side][:1].upper()
            crews: dict[str, list[int]] = {}
            for group in view["crew"][side]:
                counts = crews.setdefault(group["zone"], [0, 0, 0])
                counts[0] += group["deckhands"]
                counts[1] += len(group["bosuns"])
                hurt = [hp for hp in group["bosuns"] if hp < self._bosun_hp(side)]
                counts[2] += len(hurt)
            for zone, (hands, bosuns, wounded) in crews.items():
                mark = letter + (f"{hands}d" if hands else "") + (f"{bosuns}b" if bosuns else "")
                if zone in marks and (hands or bosuns):
                    marks[zone].append(Text(mark + ("'" if wounded else ""),
                                            style=CREW_STYLE[side]))
        compact = self.compact
        for zone, standing in (view.get("features") or {}).items():
            left = standing["hp"] - standing["damage"]
            marks[zone].append(Text(f"{objective_tag(standing['objective'], compact)}{left}",
                                    style=NEUTRAL_STYLE))
        if view.get("chest") in marks:
            marks[view["chest"]].append(Text("$" if compact else "Chest", style="bold yellow"))
        for zone in board["deploy"].get("all", ()):
            marks[zone].append(Text("@", style="yellow"))
        for side in range(len(read.factions)):
            for zone, standing in view["objectives"][side].items():
                left = standing["hp"] - standing["damage"]
                marks[zone].append(Text(f"{objective_tag(standing['objective'], compact)}{left}",
                                        style=f"{CREW_STYLE[side]} underline"))
        monsters = read.catalogue["monsters"]
        for name, monster in (view.get("monsters") or {}).items():
            if monster["zone"] in marks:
                left = monster["hp"] - monster["damage"]
                tag = monster_tag(monsters.get(name) or {"title": name})
                marks[monster["zone"]].append(Text(f"{tag}{left}",
                                                   style=SIDE_STYLE[monster["side"]]))
        kraken = view.get("kraken")
        if kraken and kraken[0] in marks:
            left = read.catalogue["kraken"]["hp"] - kraken[1]
            marks[kraken[0]].append(Text(f"Krak{left}", style="bold red"))
        for zone in view.get("wrecked") or {}:
            if zone in marks and not compact:  # compact: the cell's fill of x says it
                marks[zone].insert(0, Text("wreck", style=WRECKED_STYLE))
        for side, faction in enumerate(read.factions):
            for zone in board["deploy"].get(faction, ()):
                marks[zone].append(Text("@", style=CREW_STYLE[side]))
            gun = board["gun"].get(faction)
            if gun in marks:
                jammed = (view.get("jammed") or [False, False])[side]
                word = "jam" if jammed else "gun"
                marks[gun].append(Text(word[0].upper() if compact else word,
                                       style=CREW_STYLE[side]))
        return marks

    def _bosun_hp(self, side: int) -> int:
        faction = self.read.catalogue["factions"].get(self.read.factions[side]) or {}
        return int(faction.get("bosun_hp", 2))

    def cell_lines(self, zone: str, width: int) -> list[Text]:
        """A zone's marks laid out in lines of ``width``, the zone's fill after them."""
        kind = self.zones[zone]["kind"]
        wrecked = zone in (self.view.get("wrecked") or {})
        fill = WRECKED_FILL if wrecked else FILL[kind]
        fill_style = WRECKED_STYLE if wrecked else FILL_STYLE[kind]
        lines: list[Text] = []
        line = Text()
        for mark in self.marks[zone]:
            mark = mark[:width]
            if line.plain and len(line) + 1 + len(mark) > width:
                lines.append(line)
                line = Text()
            if line.plain:
                line.append(" ")
            line.append_text(mark)
        if line.plain or not lines:
            lines.append(line)
        if kind != "deck" and len(lines[-1]) > width - 2 and not self.compact:
            lines.append(Text())  # a full cell of sea or plank still shows what it is
        out = []
        for line in lines:
            room = width - len(line)
            padded = line.copy()
            if line.plain and room > 1:
                padded.append(" ")
                room -= 1
            padded.append(fill * room, style=fill_style)
            out.append(padded)
        return out

    def lines(self, width: int) -> list[Text]:
        """The board drawn with cells ``width`` characters wide."""
        letters = [self.at_col(c) for c in range(self.cols)]
        head = Text("   " + "".join(f" {letter:^{width}}" for letter in letters))
        rule = Text("   +" + "+".join("-" * width for _ in range(self.cols)) + "+", style="dim")
        out = [head] if self.compact else [head, rule]
        for row in range(self.rows):
            cells = [self.cell_lines(self.at[(row, c)], width) if (row, c) in self.at
                     else [Text(" " * width)] for c in range(self.cols)]
            height = max(len(cell) for cell in cells)
            number = str(row + 1)
            for index in range(height):
                label = f"{number:>2} " if index == 0 else "   "
                line = Text(label)
                for cell in cells:
                    line.append("|", style="dim")
                    line.append_text(cell[index] if index < len(cell) else Text(" " * width))
                line.append("|", style="dim")
                if index == 0:
                    line.append(f" {number}")
                out.append(line)
            if not self.compact:
                out.append(rule)
        if not self.compact:
            out.append(head)
        return out

    def at_col(self, col: int) -> str:
        for (_, c), name in self.at.items():
            if c == col:
                return name.rstrip("0123456789")
        return "?"

    def width_for(self, room: int) -> int:
        """The widest cell, at most ``CELL``, with which the board fits ``room`` columns."""
        # Three columns of row numbers on each side, a bar per cell and one more.
        fits = (room - 7) // self.cols - 1
        return max(NARROWEST, min(CELL, fits))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in self.lines(self.width_for(options.max_width)):
            line.no_wrap = True
            line.overflow = "crop"
            yield line


def board_legend(view: Mapping[str, Any]) -> Text:
    """What the board's marks mean, with this game's objectives named."""
    catalogue = catalogue_for(view)
    read = ViewReader(view)
    objectives = ", ".join(f"{objective_tag(name)} {entry['title']}"
                           for name, entry in catalogue["objectives"].items())
    if "chest" in view:
        names = sorted({f["objective"] for f in view["features"].values()})
        features = ", ".join(f"{objective_tag(name)} {read.title(name)}"
                             for name in names) or "none left"
        return Text(
            f"0Car: hero 0, in its player's colour. Deck features with HP left, anyone's: "
            f"{features}. Chest: the Captain's Chest (no one damages it; loot: 3 coins an "
            "action). @ deployment point, anyone's; ~ sea, = gangplank.", style="dim")
    letters = ", ".join(f"{f[:1].upper()} {read.title(f)}"
                        for f in view["factions"])
    monsters = ", ".join(f"{monster_tag(entry)} {entry['title']}"
                         for entry in catalogue["monsters"].values())
    whose = "each side's players say whose" if view.get("control") else \
        "0-2 seat 0's, 3-5 seat 1's"
    return Text(
        f"0Car: hero 0 ({whose}). L4d1b: 4 deckhands, 1 bosun ({letters}; "
        f"' a bosun wounded). With HP left: {objectives}; {monsters}; Krak the Kraken. "
        "@ deployment point, gun deck gun (jam: silenced), ~ sea, = gangplank (wreck, x: "
        "destroyed).",
        style="dim",
    )


def kraken_status(read: ViewReader) -> str:
    """The Kraken: up (where, HP left), asleep (the pools that may wake it), or dead; and
    the gangplanks destroyed."""
    view, catalogue = read.view, read.catalogue
    hp = catalogue["kraken"]["hp"]
    pools = view.get("pools") or [0, 0]
    if view.get("kraken"):
        zone, damage = view["kraken"]
        text = f"The Kraken is up on {zone}: {hp - damage}/{hp} HP"
    elif view.get("kraken_dead"):
        text = "The Kraken is dead and never returns"
    else:
        text = (f"The Kraken sleeps: it surfaces after a round if two dice total at most "
                f"the pools ({pools[0]} + {pools[1]} = {sum(pools)})")
    wrecked = view.get("wrecked") or {}
    if wrecked:
        text += ". Gangplanks destroyed: " + ", ".join(
            f"{zone} (by {read.target_name(by)})" for zone, by in wrecked.items())
    return text + "."


# ------------------------------------------------------------------ a table that fits
class Screen:
    """The table drawn as richly as the console's height allows.

    ``layouts`` go from the richest to the most compact, each ending with the last
    moves and the decision, so that on a short console these stand just above the
    actions, in view, and what gives way is the detail above them. On a terminal the
    first layout whose lines fit its height, less the ``BELOW_TABLE`` lines the
    screen prints under the table, is drawn; if none fits, the most compact one.
    Printed to a file or a pipe, where nothing scrolls out of view, the richest."""

    def __init__(self, layouts: Sequence[Sequence[RenderableType]]) -> None:
        self.layouts = layouts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        room = options.max_height - BELOW_TABLE if console.is_terminal else None
        drawn: list[list[Segment]] = []
        for layout in self.layouts:
            drawn = console.render_lines(Group(*layout), options.update(height=None), pad=False)
            if room is None or len(drawn) <= room:
                break
        for line in drawn:
            yield from line
            yield Segment.line()


def two_columns(lines: Sequence[str]) -> RenderableType:
    """A list's items side by side, two a line, each cut to its column."""
    grid = Table.grid(padding=(0, 1), expand=True)
    for _ in range(2):
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    items = [line.strip() for line in lines]
    for index in range(0, len(items), 2):
        grid.add_row(*items[index:index + 2], *([""] if index + 1 == len(items) else []))
    return grid


def compact_decision(lines: Sequence[str]) -> list[RenderableType]:
    """The decision's lines for a short console: its sentences whole, the items of a
    list (indented: the heroes of a draft) two a line."""
    out: list[RenderableType] = []
    items: list[str] = []
    for line in [*lines, ""]:
        if line.startswith("  "):
            items.append(line)
            continue
        if items:
            out.append(two_columns(items))
            items = []
        if line:
            out.append(Text(line))
    return out


def one_line(text: str, style: str = "") -> Text:
    """A line that never wraps: what does not fit the console ends in an ellipsis."""
    return Text(text, style=style, no_wrap=True, overflow="ellipsis")


def hero_ranges(read: ViewReader) -> str:
    """Which hero numbers each side has: ``0-2 Deep Sea Lords, 3-5 Marea de la Muerte``."""
    parts = []
    for side in sorted({h["side"] for h in read.view["heroes"]}):
        numbers = sorted(h["index"] for h in read.view["heroes"] if h["side"] == side)
        contiguous = numbers == list(range(numbers[0], numbers[-1] + 1))
        shown = f"{numbers[0]}-{numbers[-1]}" if contiguous and len(numbers) > 1 else \
            ",".join(str(n) for n in numbers)
        whose = f"seat {side}" if read.clash else \
            read.words.fill("{it.short}", {"it": read.factions[side]})
        parts.append(f"{shown} {whose}")
    return ", ".join(parts)


def short_legend(read: ViewReader) -> Text:
    """The compact board's marks in one line."""
    heroes = f"heroes {hero_ranges(read)}" if read.view["heroes"] else "0 a hero"
    if read.clash:
        return one_line(f"{heroes} · Fo5 Foremast, 5 HP · $ Captain's Chest · @ deploy · "
                        "? NAME", style="dim")
    return one_line(f"{heroes} · L4d1b 4 deckhands 1 bosun · Ma8 Mainmast, 8 HP · G gun · "
                    "@ deploy", style="dim")


def hero_brief(read: ViewReader, hero: Mapping[str, Any]) -> str:
    """A hero in a few words: ``0 Carcharius 7/9 e1 ready``."""
    left = hero["hp_max"] - hero["damage"]
    if hero.get("lives") == 0:
        where = "out"
    elif hero.get("coin"):
        where = f"KO'd ({hero['coin']} coin)"
    else:
        where = hero["zone"] or ("overboard" if hero["overboard"] else "off the board")
        if hero["index"] == read.view.get("acting"):
            where += " acting"
        elif hero["activated"]:
            where += " done"
    lives = f" {plural(hero['lives'], 'life').replace('lifes', 'lives')}" \
        if "lives" in hero else ""
    conditions = f" {','.join(hero['conditions'])}" if hero["conditions"] else ""
    return f"{hero['index']} {str(hero['hero']).capitalize()} {left}/{hero['hp_max']} " \
        f"{where}{lives}{conditions}"


def last_moves(view: Mapping[str, Any], renderer: GenericRenderer, count: int) -> list[Text]:
    """The last ``count`` lines of the log, one line each (the whole log scrolls above)."""
    log = [renderer.event(event) for event in view.get("log") or []]
    return [one_line(f"» {line}", style="dim") for line in log[-count:] if line]


# ------------------------------------------------------------------ the renderer
class BonesRenderer(GenericRenderer):
    def last_move(self, events: Sequence[Mapping[str, Any]], width: int) -> Text | None:
        """None: the table ends with the latest moves (``»``), just above the decision,
        and a turn must fit 80x24."""
        return None

    # ------------------------------------------------------------ the table
    def header(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        options = view.get("options") or {}
        if "chest" in view:
            left = ", ".join(str(s) for s in view["players_left"])
            # Not the round limit: in Clash Royale! it only stops a game that would never
            # end (R84), where a battle's decides the winner (R41) and is shown.
            parts = [str(catalogue["board"]["title"]),
                     f"round {view['round']}",
                     f"seats with heroes: {left}"]
            if view.get("over"):
                parts.append("game over")
            return " · ".join(parts)
        parts = [str(catalogue.get("title") or view.get("game")),
                 str(catalogue["board"]["title"]),
                 f"round {view['round']}/{options.get('round_limit', '?')}"]
        vp = view.get("vp") or [0, 0]
        parts.append(f"VP {vp[0]}-{vp[1]}, {options.get('target', 8)} to win")
        if view.get("over"):
            parts.append("game over")
        return " · ".join(parts)

    def table(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        """The table as richly as the console's height allows (``Screen``): on a tall
        console the ruled board with its legend, each side's heroes and the hand in
        full; on a short one a compact board, a line or two a side, the hand in a line;
        always the last moves and the decision at the bottom, in view."""
        read = ViewReader(view, labels)
        header = Text(self.header(view), style="bold")
        # The compact header in one line: the board's title says which game this is.
        game = f"{catalogue_for(view).get('title') or view.get('game')} · "
        short_header = one_line(self.header(view).removeprefix(game), style="bold")
        sides = range(len(view["vp"]))
        decision = self.decision_lines(read)
        choice: list[RenderableType] = [] if view.get("choice") is None else [
            Text(f"Your choice this step (hidden from the others): {view['choice']}")]
        waiting: list[RenderableType] = [Text(self.waiting(view))]
        # Who has yet to choose: left out of the compact layouts when the decision's own
        # line already names them and no one has chosen in secret yet.
        short_waiting = waiting if view.get("committed") else []
        bottom: list[RenderableType] = [*(Text(line) for line in decision), *choice, *waiting]
        short_bottom: list[RenderableType] = [*compact_decision(decision), *choice,
                                              *short_waiting]
        full: list[RenderableType] = [header, Board(view), board_legend(view)]
        if read.clash:
            full += [self.player_block(read, side) for side in sides]
        else:
            full.append(Text(kraken_status(read)))
            full += [self.side_block(read, side) for side in sides]
        hand = self.hand_table(read)
        if hand is not None:
            full.append(hand)
        compact: list[RenderableType] = [short_header, Board(view, compact=True)]
        facts: list[RenderableType] = [self.side_lines(read, side)[0] for side in sides]
        detailed: list[RenderableType] = [
            line for side in sides for line in self.side_lines(read, side)]
        hand_line: list[RenderableType] = [*self.hand_line(read)]
        kraken: list[RenderableType] = [] if read.clash else [one_line(kraken_status(read))]
        layouts: list[list[RenderableType]] = [
            [*full, *last_moves(view, self, 4), *bottom],
            [*compact, short_legend(read), *kraken, *detailed, *hand_line,
             *last_moves(view, self, 3)],
            [*compact, short_legend(read), *detailed, *hand_line, *last_moves(view, self, 3)],
            [*compact, *detailed, *last_moves(view, self, 2)],
            [*compact, *facts, *last_moves(view, self, 2)],
            [*compact, *last_moves(view, self, 2)],
        ]
        layouts[1:] = [[*layout, *short_bottom] for layout in layouts[1:]]
        if not view["heroes"]:
            # The draft: the board is still empty, and gives way first.
            layouts.append([short_header, *last_moves(view, self, 1), *short_bottom])
        return Screen(layouts)

    def side_lines(self, read: ViewReader, side: int) -> list[Text]:
        """A side in the compact table: a line of its facts, then a line of its heroes."""
        view = read.view
        style = SIDE_STYLE[side % len(SIDE_STYLE)]
        facts: list[str] = []
        if read.clash:
            if view["heroes"] and side not in view["players_left"]:
                facts.append("out of the game")
            elif view.get("side") == side and not view.get("over"):
                facts.append("to play")
        else:
            target = (view.get("options") or {}).get("target", 8)
            facts.append(f"{view['vp'][side]}/{target} VP")
            if view["passed"][side]:
                facts.append("passed")
            elif view.get("side") == side and not view.get("over"):
                facts.append("to play")
            facts.append("crew done" if view["crew_done"][side] else "crew ready")
            hands, bosuns = view["reserve"][side]
            facts.append(f"reserve {hands}d {bosuns}b")
            facts.append(f"pool {view['pools'][side]}")
            held = sum(view["hand_sizes"][s] for s in read.seats_of(side))
            facts.append(f"Tide {held} (deck {view['decks'][side]})")
            if view.get("jammed", [False, False])[side]:
                facts.append("gun silenced")
        heroes = [h for h in view["heroes"] if h["side"] == side]
        name = read.side_name(side)[4:]
        lines = [one_line(f"{name}: " + " · ".join(facts) if facts else name, style=style)]
        if read.control:
            lines.append(one_line("  " + self.team_line(read, side)))
        if heroes:
            lines.append(one_line("  " + " · ".join(hero_brief(read, h) for h in heroes)))
        elif view["picks"][side]:
            lines.append(one_line("  Picked: " + ", ".join(
                read.title(h) for h in view["picks"][side])))
        return lines

    def hand_line(self, read: ViewReader) -> list[Text]:
        """The viewer's Tide hand in a line (``? NAME`` tells what a card does)."""
        hand = read.view.get("hand")
        if hand is None or read.clash:
            return []
        cards = ", ".join(read.title(c) for c in hand) or "(empty)"
        return [one_line(f"Your Tide hand: {cards}")]

    def player_block(self, read: ViewReader, side: int) -> RenderableType:
        """Clash Royale!: a player's seat, whether it is to play or out, then its heroes
        with their lives."""
        view = read.view
        facts = []
        if view.get("first") == side:
            facts.append("first player")
        if view["heroes"] and side not in view["players_left"]:
            facts.append("out of the game")
        elif view.get("side") == side and not view.get("over"):
            facts.append("to play")
        head = Text(f"{read.side_name(side)[4:]}" + (": " + " · ".join(facts) if facts else ""),
                    style=SIDE_STYLE[side % len(SIDE_STYLE)])
        lines: list[RenderableType] = [head]
        heroes = [h for h in view["heroes"] if h["side"] == side]
        if heroes:
            lines.append(self.heroes_table(read, heroes, lives=True))
        elif view["picks"][side]:
            lines.append(Text("  Picked: " + ", ".join(
                read.title(h) for h in view["picks"][side])))
        return Group(*lines)

    def side_block(self, read: ViewReader, side: int) -> RenderableType:
        """A side: its seat, faction, VP, crew reserve, Kraken pool, Tide, then its heroes."""
        view = read.view
        target = (view.get("options") or {}).get("target", 8)
        facts = [f"{view['vp'][side]} VP of {target}"]
        if view.get("first") == side:
            facts.append("first player")
        if view["passed"][side]:
            facts.append("passed")
        elif view.get("side") == side and not view.get("over"):
            facts.append("to play")
        facts.append("crew activated" if view["crew_done"][side] else "crew ready")
        hands, bosuns = view["reserve"][side]
        facts.append(f"reserve {crew_words(hands, bosuns)}")
        facts.append(f"Kraken pool {view['pools'][side]}")
        if view.get("jammed", [False, False])[side]:
            facts.append("deck gun silenced")
        head = Text(f"{read.side_name(side)[4:]}: " + " · ".join(facts),
                    style=SIDE_STYLE[side])
        seats = read.seats_of(side)
        held = sum(view["hand_sizes"][s] for s in seats)
        tide = (f"  Tide: {plural(held, 'card')} in hand, "
                f"{view['decks'][side]} in the deck; discards: "
                + (counted([read.title(c) for c in view["discards"][side]]) or "none"))
        lines: list[RenderableType] = [head]
        if read.control:
            lines.append(Text("  " + self.team_line(read, side)))
        if view["heroes"]:  # the Tide is dealt once the draft is over
            lines.append(Text(tide))
        monsters = [(name, m) for name, m in (view.get("monsters") or {}).items()
                    if m["side"] == side]
        if monsters:
            lines.append(Text("  Sea monsters: " + "; ".join(
                f"{read.title(name)} on {m['zone']}, {m['hp'] - m['damage']}/{m['hp']}"
                f" HP{', activated' if m['activated'] else ''}" for name, m in monsters)))
        heroes = [h for h in view["heroes"] if h["side"] == side]
        if heroes:
            lines.append(self.heroes_table(read, heroes, players=bool(read.control)))
        elif view["picks"][side]:
            lines.append(Text("  Picked: " + ", ".join(
                read.title(h) for h in view["picks"][side])))
        return Group(*lines)

    @staticmethod
    def team_line(read: ViewReader, side: int) -> str:
        """Who of a team plays what: each player's heroes and Tide cards, the crew, the
        captain."""
        control = read.control or {}
        view = read.view
        parts = []
        for seat in read.seats_of(side):
            mine = [f"{hero_tag(h)}" for h in view["heroes"] if read.owner(h) == seat]
            words = f"{read.seat_name(seat)}: " + (", ".join(mine) or "no hero yet")
            if control["crew"][side] == seat:
                words += ", the crew"
            if control["captains"][side] == seat:
                words += ", captain"
            words += f", {plural(view['hand_sizes'][seat], 'Tide card')}"
            parts.append(words)
        shared = " The team shares the crew." if control["crew"][side] is None else ""
        return "Players: " + "; ".join(parts) + "." + shared

    def heroes_table(self, read: ViewReader, heroes: Sequence[Mapping[str, Any]],
                     players: bool = False, lives: bool = False) -> Table:
        """The heroes of a side; with ``players`` (a team), who plays each; with ``lives``
        (Clash Royale!), the lives each has left."""
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1, 0, 0))
        columns = ["  hero", "HP", "dmg", "coins", "where", "skills (level)", "conditions"]
        if players:
            columns.insert(1, "player")
        if lives:
            columns.insert(1, "lives")
        for column in columns:
            # A hero's name and numbers stay on one line; its skills wrap.
            table.add_column(column, no_wrap=column not in ("where", "skills (level)"))
        for hero in heroes:
            left = hero["hp_max"] - hero["damage"]
            style = SIDE_STYLE[hero["side"]] if hero["index"] == read.view.get("acting") else ""
            cells = [
                f"  {hero_tag(hero)} {read.title(hero['hero'])}",
                *([read.seat_name(read.owner(hero))] if players else []),
                *([str(hero["lives"])] if lives else []),
                f"{left}/{hero['hp_max']}",
                str(hero["damage"]),
                str(hero["coins"]),
                self.hero_where(read, hero),
                self.skills_text(read, hero),
                ", ".join(hero["conditions"]) or "-",
            ]
            table.add_row(*(Text(cell, style=style) for cell in cells))
        return table

    @staticmethod
    def hero_where(read: ViewReader, hero: Mapping[str, Any], *, long: bool = False) -> str:
        """Where a hero is and whether it may act: ready, acting, activated, or KO'd with
        its dead man's coin (``long``: what the coin means)."""
        view = read.view
        if hero.get("lives") == 0:
            return "out of the game"
        if hero.get("coin"):
            if not long:
                return f"KO'd: {hero['coin']} coin"
            later = "back next round" if hero["coin"] == "gold" else "sits out next round"
            return f"KO'd: {hero['coin']} dead man's coin ({later})"
        where = hero["zone"] or ("overboard" if hero["overboard"] else "not deployed")
        if hero["index"] == view.get("acting"):
            return f"{where}, acting ({plural(view.get('actions_left', 0), 'action')} left)"
        return f"{where}, {'activated' if hero['activated'] else 'ready'}"

    @staticmethod
    def skills_text(read: ViewReader, hero: Mapping[str, Any]) -> str:
        """The skills a hero has unlocked with their level; spent and used ones marked."""
        spent = set(hero.get("spent") or [])
        used = set(read.view.get("used") or []) if hero["index"] == read.view.get("acting") \
            else set()
        shown = []
        for skill, level in hero["skills"].items():
            text = f"{read.title(skill)} {level}"
            if skill in spent:
                text += " (spent)"
            elif skill in used:
                text += " (used)"
            shown.append(text)
        return ", ".join(shown)

    def hand(self, view: Mapping[str, Any]) -> str | None:
        hand = view.get("hand")
        if hand is None:
            return None
        read = ViewReader(view)
        return counted([read.title(c) for c in hand]) or "(empty)"

    def hand_table(self, read: ViewReader) -> RenderableType | None:
        """The viewer's own Tide hand: each card's notation, name, Kraken symbols and text;
        in a team, then its teammates' hands (whose cards they play)."""
        hand = read.view.get("hand")
        if hand is None or read.clash:
            return None
        viewer = read.view.get("viewer")
        hands = [(viewer, hand)] + [
            (int(seat), cards) for seat, cards in (read.view.get("hands") or {}).items()
            if int(seat) != viewer and cards]
        if not hand and len(hands) == 1:
            return Text("Your Tide hand: (empty)")
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1, 0, 0))
        for column in ("Your Tide hand", "card", "Kraken", "what it does"):
            table.add_column(column)
        cards = read.catalogue["cards"]
        for seat, held in hands:
            for card in held:
                entry = cards.get(card) or {"title": card, "kraken": 0, "text": ""}
                notation = f"tide:{card}" if seat == viewer else f"seat {seat}'s"
                table.add_row(Text(notation), Text(entry["title"]),
                              Text(str(entry["kraken"])), Text(entry["text"]))
        return table

    # ------------------------------------------------------------ the decision
    def decision_lines(self, read: ViewReader) -> list[str]:
        """The decision open now, the attack being resolved and the push under way, in words."""
        view = read.view
        if view.get("over"):
            return []
        lines = []
        attack = view.get("attack")
        if attack:
            lines.append(self.attack_line(read, attack))
        pushing = view.get("pushing")
        if pushing:
            model, zone, left = pushing
            lines.append(f"Pushing {read.target_name(model)} from {zone}: "
                         f"{plural(left, 'zone')} left.")
        decision = view.get("decision") or {}
        seats = decision.get("seats") or []
        who = read.deciders(seats, decision.get("answer"))
        # The deciding viewer reads the prompt under the table, with its actions; the
        # others read here what is asked.
        deciding = view.get("viewer") in seats
        lines.append(f"Now: {who}." if deciding else f"Now: {who}: {self.prompt(view)}")
        if seats and not view["heroes"]:
            # The draft comes before any hero is on the table: the heroes left to pick.
            lines += self.draft_lines(read, read.side_at(int(seats[0])))
        return lines

    def attack_line(self, read: ViewReader, attack: Mapping[str, Any]) -> str:
        """The attack being resolved: who, where, with what, its dice and the hits left."""
        view = read.view
        words = f"Attack: {read.attacker()} at {attack['zone']}"
        if attack.get("skill"):
            words += f" with {read.title(attack['skill'])}"
        modifier = attack.get("modifier") or 0
        shift = f" ({modifier:+d} on each roll)" if modifier else ""
        words += (f": {plural(attack['dice'], 'die')} hitting on {attack['to_hit']}+{shift}, "
                  f"{attack['damage']} damage a hit")
        if attack.get("push"):
            words += f", pushes {plural(attack['push'], 'zone')}"
        pool = view.get("pool")
        if pool:
            rerolled = set(pool.get("rerolled") or [])
            dice = " ".join(f"#{i}:{face}{'*' if i in rerolled else ''}"
                            for i, face in enumerate(pool["dice"]))
            words += f". Rolled {dice} ({plural(pool['hits'], 'hit')}"
            words += ", * re-rolled)" if rerolled else ")"
            if view.get("rerolls"):
                words += f", {plural(view['rerolls'], 're-roll')} left"
            if view.get("hits"):
                words += f"; {plural(view['hits'], 'hit')} to assign"
        return words + "."

    def draft_lines(self, read: ViewReader, side: int) -> list[str]:
        """The heroes a side may still pick: those dealt to it (Random Heroes), else its
        faction's and the mercenaries (every hero with Strange Allies)."""
        faction = read.factions[side] if side < len(read.factions) else ""
        picked = set(read.view["picks"][side])
        dealt = (read.view.get("dealt") or [[]] * (side + 1))[side]
        anyone = (read.view.get("options") or {}).get("strange_allies") or read.clash
        lines = ["Heroes to pick:"]
        for name, hero in read.catalogue["heroes"].items():
            allowed = name in dealt if dealt else anyone or hero["faction"] in (
                faction, "mercenary")
            if not allowed or name in picked:
                continue
            lines.append(f"  pick:{name}  {self.hero_summary(read, hero)}")
        return lines

    @staticmethod
    def hero_summary(read: ViewReader, hero: Mapping[str, Any]) -> str:
        skills = read.catalogue["skills"]
        basic = skills.get(hero["basic"]) or {}
        owner = read.title(hero["faction"])
        attack = f"{basic.get('title', hero['basic'])} {short_profile(basic['level1'])}" \
            if basic else hero["basic"]
        return f"{hero['title']}: {owner} {hero['role']}, {hero['hp']} HP, {attack}"

    # ------------------------------------------------------------ actions
    def actions(self, legal: Sequence[ActionJson], view: Mapping[str, Any]) -> list[str]:
        """The legal actions grouped: one line per verb (and skill, monster or card), the
        zones or arguments joined with ``|``, a few words after."""
        groups: dict[tuple[str, str], list[ActionJson]] = {}
        for action in legal:
            verb, arg, zone = action.get("verb", ""), action.get("arg", ""), action.get("zone", "")
            key = (verb, arg) if zone else (verb, "")
            groups.setdefault(key, []).append(action)
        lines = []
        for (verb, arg), members in groups.items():
            if len(members) == 1:
                spelt = str(members[0]["notation"])
            elif members[0].get("zone"):
                head = f"{verb}:{arg}" if arg else verb
                spelt = f"{head}>" + "|".join(str(m["zone"]) for m in members)
            else:
                spelt = f"{verb}:" + "|".join(str(m["arg"]) for m in members)
            lines.append(self.glossed(spelt, self.gloss(members, view)))
        return lines

    @staticmethod
    def glossed(spelt: str, gloss: str) -> str:
        """An action line with its gloss, cut to fit a line of ``ACTION_LINE`` (a long
        list of choices, such as the draft's heroes, keeps only its notation: the
        table above it says what each is)."""
        room = ACTION_LINE - len(spelt) - 4
        if not gloss or room < 16:
            return spelt
        if len(gloss) > room:
            gloss = gloss[: room - 1].rstrip(", ") + "…"
        return f"{spelt}  ({gloss})"

    def gloss(self, members: Sequence[ActionJson], view: Mapping[str, Any]) -> str:
        """A few words for a group of actions: their labels as the game declares them;
        actions on zones worded once without their zone, which the notation gives
        (``attack:jaws>c5  (Jaws 1/3/4+/1)``)."""
        if members[0].get("zone"):
            return self.describe({**members[0], "zone": ""}, view)
        return ", ".join(dict.fromkeys(self.describe(m, view) for m in members)).strip(", ")

    def actions_hint(self, view: Mapping[str, Any], legal: Sequence[ActionJson] = ()) -> str:
        """Up to three examples taken from ``legal`` (one per verb), so none is refused."""
        examples: dict[str, str] = {}
        for action in legal:
            examples.setdefault(str(action.get("verb", "")), action["notation"])
        shown = ", ".join(list(examples.values())[:2])
        return (f"Type an action{f', e.g. {shown}' if shown else ''} (? help, ? NAME explains "
                "a hero or card, ? me yours, t table, q save and quit).")

    def refusal(
        self, error: IllegalAction, view: Mapping[str, Any], legal: Sequence[ActionJson]
    ) -> list[str]:
        reason = error.reason + (f" [{error.rule}]" if error.rule else "")
        refused = [f"Refused: {reason}"]
        if legal:
            refused += ["Legal now:", *self.actions(legal, view)]
        return refused

    # ------------------------------------------------------------ ? NAME
    def explain(self, term: str, view: Mapping[str, Any]) -> list[str] | None:
        """A hero, skill, Tide card, sea monster, objective, faction, condition or the
        Kraken from the catalogue (by id or name, or a word of its name); a hero on the
        table by its number (``? 0``, ``? hero4``); ``? me``: the viewer's heroes and hand."""
        read = ViewReader(view)
        wanted = plain(term)
        if wanted in ("me", "mine", "myself", "my heroes", "my hand", "hand"):
            return self.explain_me(read)
        number = wanted.removeprefix("hero").strip()
        if number.isdigit() and int(number) in read.heroes:
            return self.hero_lines(read, read.heroes[int(number)]["hero"])
        found = self.matches(read, wanted, exact=True) or self.matches(read, wanted, exact=False)
        if not found:
            return None
        return [line for kind, name in found for line in self.entry_lines(read, kind, name)]

    def matches(self, read: ViewReader, wanted: str, *, exact: bool) -> list[tuple[str, str]]:
        """Catalogue entries named ``wanted``, or (``exact=False``) with it among the words
        of their name."""
        if not wanted:
            return []
        catalogue = read.catalogue
        found = []
        # Clash Royale! has no Tide, no sea monsters, no factions' crews and no Kraken.
        kinds = ("heroes", "skills", "objectives") if read.clash else \
            ("heroes", "skills", "cards", "monsters", "objectives", "factions")
        for kind in kinds:
            for name, entry in catalogue[kind].items():
                names = {plain(name), plain(str(entry.get("title", "")))}
                hit = wanted in names if exact else any(
                    f" {wanted} " in f" {n} " for n in names)
                if hit:
                    found.append((kind, name))
        found += [("conditions", name) for name in CONDITIONS if wanted == name]
        if read.clash:
            return found
        if "kraken" in wanted.split() and (not found or wanted == "kraken"):
            found.insert(0, ("kraken", "kraken"))
        return found

    def entry_lines(self, read: ViewReader, kind: str, name: str) -> list[str]:
        """The lines of catalogue entry ``name`` of section ``kind``: each section has its
        own way of telling an entry (``ENTRY_LINES``)."""
        return getattr(self, ENTRY_LINES[kind])(read, name)

    @staticmethod
    def card_lines(read: ViewReader, name: str) -> list[str]:
        card = read.catalogue["cards"][name]
        timing = f"played when a hero attacks, by the {card['side']}" \
            if card["timing"] == "attack" else "played on its side's turn"
        mine = read.view.get("hand")
        held = f"; you hold {mine.count(name)}" if mine and name in mine else ""
        return [f"{card['title']} (tide:{name}): {card['text']}",
                f"  a Tide card of the {read.title(card['faction'])}, "
                f"{plural(card['count'], 'copy').replace('copys', 'copies')}, "
                f"{plural(card['kraken'], 'Kraken symbol')}, {timing}{held}."]

    @staticmethod
    def faction_lines(read: ViewReader, name: str) -> list[str]:
        faction = read.catalogue["factions"][name]
        crew = faction["crew"]
        return [f"{faction['title']}: {faction['flavour']}",
                f"  {faction['deckhands']} deckhands ({faction['deckhand_hp']} HP) and "
                f"{faction['bosuns']} bosuns ({faction['bosun_hp']} HP); crew attack range "
                f"{crew['range']}, {plural(crew['dice'], 'die')} hitting on "
                f"{crew['to_hit']}+ ({crew['with_bosun']}+ with a bosun); deck gun "
                f"{profile_words(faction['gun'], read.catalogue)}."]

    @staticmethod
    def condition_lines(read: ViewReader, name: str) -> list[str]:
        return [CONDITIONS[name]]

    @classmethod
    def objective_or_feature_lines(cls, read: ViewReader, name: str) -> list[str]:
        """An objective of a battle; in Clash Royale! the same entries are deck features."""
        return cls.feature_lines(read, name) if read.clash else cls.objective_lines(read, name)

    def hero_lines(self, read: ViewReader, name: str) -> list[str]:
        catalogue = read.catalogue
        hero = catalogue["heroes"][name]
        lines = [f"{self.hero_summary(read, hero)}. {hero.get('flavour', '')}".rstrip()]
        for skill in (hero["basic"], *hero["skills"]):
            lines += ["  " + line for line in self.skill_lines(read, skill, owner=False)]
        for row in read.view["heroes"]:
            if row["hero"] == name:
                player = f", played by {read.seat_name(read.owner(row))}" \
                    if read.control else ""
                lines.append(f"  At the table: hero {row['index']} of {read.side_name(row['side'])}"
                             f"{player}, {self.hero_where(read, row, long=True)}, "
                             f"{row['hp_max'] - row['damage']}/{row['hp_max']} HP, "
                             f"{plural(row['coins'], 'coin')}.")
        return lines

    def skill_lines(self, read: ViewReader, name: str, owner: bool = True) -> list[str]:
        catalogue = read.catalogue
        skill = catalogue["skills"][name]
        costs = []
        if skill["unlock"]:
            costs.append(f"unlock {plural(skill['unlock'], 'coin')}")
        if skill["level_up"]:
            costs.append(f"level 2 for {plural(skill['level_up'], 'coin')}")
        kind = KIND_WORDS.get(skill["kind"], skill["kind"])
        whose = ""
        if owner:
            holder = next((h for h in catalogue["heroes"].values()
                           if name == h["basic"] or name in h["skills"]), None)
            whose = f"{holder['title']}'s " if holder else ""
        head = f"{skill['title']} ({whose}{kind}{'; ' + ', '.join(costs) if costs else ''})"
        lines = [f"{head}: {skill['text']}" if skill["text"] else head]
        first = "level 1: " if skill["level_up"] else ""
        lines.append(f"  {first}{profile_words(skill['level1'], read.catalogue)}")
        if skill["level_up"]:
            lines.append(f"  level 2: {profile_words(skill['level2'], read.catalogue)}")
        return lines

    @staticmethod
    def monster_lines(read: ViewReader, name: str) -> list[str]:
        monster = read.catalogue["monsters"][name]
        lines = [f"{monster['title']} (a sea monster, {monster['hp']} HP, moves "
                 f"{monster['move']}): {monster['text']}",
                 f"  attack: {profile_words(monster['attack'], read.catalogue)}"]
        on = (read.view.get("monsters") or {}).get(name)
        if on:
            lines.append(f"  At the table: for {read.side_name(on['side'])} on {on['zone']}, "
                         f"{on['hp'] - on['damage']}/{on['hp']} HP"
                         f"{', activated' if on['activated'] else ''}.")
        elif name in (read.view.get("summoned") or []):
            lines.append("  At the table: KO'd; it is never summoned again.")
        return lines

    @staticmethod
    def objective_lines(read: ViewReader, name: str) -> list[str]:
        objective = read.catalogue["objectives"][name]
        effects = "; ".join(effect_words(c, read.catalogue) for c in objective["effects"])
        lines = [f"{objective['title']} (an objective, {objective['hp']} HP): destroyed, "
                 f"{objective['vp']} VP to the side that destroys it and "
                 f"{plural(objective['coins'], 'coin')} to each of its heroes"
                 + (f"; destroyed: {effects}" if effects else "") + "."]
        for side in (0, 1):
            for zone, standing in read.view["objectives"][side].items():
                if standing["objective"] == name:
                    left = standing["hp"] - standing["damage"]
                    lines.append(f"  At the table: on {zone}, the {read.faction(side)}'s, "
                                 f"{left}/{standing['hp']} HP.")
        return lines

    @staticmethod
    def feature_lines(read: ViewReader, name: str) -> list[str]:
        """Clash Royale!: the Captain's Chest, or a deck feature any hero may damage."""
        catalogue, view = read.catalogue, read.view
        rules = catalogue.get("clash") or {}
        objective = catalogue["objectives"][name]
        if name == "chest":
            return [f"The {objective['title']} (on {view['chest']}): no one may damage it. A "
                    f"hero on it may loot it, {plural(rules.get('chest_coins', 3), 'coin')} "
                    "for an action; a hero next to it that KOs the hero standing on it may "
                    "step onto it at once."]
        coins = rules.get("damage_coins", 1)
        lines = [f"{objective['title']} (a deck feature, {objective['hp']} HP): any hero may "
                 f"attack it, for {plural(coins, 'coin')} a point of damage; destroyed, it is "
                 "gone and gives nothing more."]
        for zone, standing in (view.get("features") or {}).items():
            if standing["objective"] == name:
                left = standing["hp"] - standing["damage"]
                lines.append(f"  At the table: on {zone}, {left}/{standing['hp']} HP.")
        return lines

    @staticmethod
    def kraken_lines(read: ViewReader, name: str = "kraken") -> list[str]:
        kraken = read.catalogue["kraken"]
        lines = [f"The Kraken ({kraken['hp']} HP): after a round, unless it is up or dead, two "
                 "dice are rolled; at most the sum of the Kraken pools and it surfaces on "
                 f"{read.catalogue['board']['kraken']}, dealing {kraken['arrival']} damage to "
                 f"every hero of the side with the highest pool (pools at most "
                 f"{kraken['pool_cap']}). Each round it is up it attacks by a die:"]
        for face, row in kraken["table"].items():
            lines.append(f"  {face}: {row['text']}")
        lines.append("  KO'd, every pool falls to 0 and it never returns. Now: "
                     + kraken_status(read))
        return lines

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        return self.explain_me(ViewReader(view))

    def explain_me(self, read: ViewReader) -> list[str]:
        """The viewer's heroes (with the skills still to unlock) and Tide hand."""
        viewer = read.view.get("viewer")
        if viewer is None:
            return [WATCHING]
        side = read.side_at(viewer)
        lines = [f"You lead {read.side_name(side)}."] if not read.control else [
            f"You play for {read.side_name(side)}: your heroes are these."]
        for hero in read.view["heroes"]:
            if read.owner(hero) != viewer:
                continue
            entry = read.catalogue["heroes"].get(hero["hero"]) or {}
            lines.append(f"{read.hero_name(hero['index'])}: "
                         f"{self.hero_where(read, hero, long=True)}, "
                         f"{hero['hp_max'] - hero['damage']}/{hero['hp_max']} HP, "
                         f"{plural(hero['coins'], 'coin')}; conditions: "
                         f"{', '.join(hero['conditions']) or 'none'}.")
            for skill in (entry.get("basic"), *(entry.get("skills") or [])):
                spec = read.catalogue["skills"].get(skill or "")
                if spec is None:
                    continue
                level = hero["skills"].get(skill)
                if level is None:
                    state = f"locked: unlock for {plural(spec['unlock'], 'coin')}"
                elif level < 2 and spec["level_up"]:
                    state = f"level 1, level 2 for {plural(spec['level_up'], 'coin')}"
                else:
                    state = f"level {level}"
                profile = spec["level2"] if (level or 1) >= 2 else spec["level1"]
                lines.append(f"  {spec['title']} ({KIND_WORDS.get(spec['kind'], '')}, "
                             f"{state}): {profile_words(profile, read.catalogue)}")
        if not any(h["side"] == side for h in read.view["heroes"]):
            picks = read.view["picks"][side]
            lines.append("Picked so far: " + (", ".join(
                read.title(h) for h in picks) or "no one") + ".")
        if read.clash:
            return lines
        hand = read.view.get("hand") or []
        lines.append("Your Tide hand: " + ("" if hand else "(empty)"))
        for card in hand:
            entry = read.catalogue["cards"].get(card) or {}
            lines.append(f"  tide:{card} {entry.get('title', card)} "
                         f"({plural(entry.get('kraken', 0), 'Kraken symbol')}): "
                         f"{entry.get('text', '')}")
        return lines

    # ------------------------------------------------------------ help and the end
    def rules_help(self, view: Mapping[str, Any]) -> str:
        if "chest" in view:
            return "\n".join([*self.clash_help(view), super().rules_help(view)])
        lines = [
            "A turn: activate a hero (hero:N; it deploys first if off the board, then up to 3 "
            "actions: move for 2 movement points, attack a zone with a skill, use an ability, "
            "shake off a stun, end), or the crew once a round (crew), or a sea monster, or "
            "pass. Unlock and level up skills with coins at any time of the activation.",
            "An attack rolls its dice against a zone; each hit on the to-hit number or more "
            "deals its damage to a model there. Destroyed objectives and KO'd heroes score VP; "
            "the first side to the target wins.",
            "Tide cards (tide:CARD) are played on your turn, or when a hero attacks in the "
            "window; their Kraken symbols raise your pool. After both pass: the Kraken, then "
            "recovery (discard, draw to 3).",
            "? NAME explains a hero, skill, Tide card, sea monster, objective, faction, "
            "condition or the Kraken (? kraken); ? 0 a hero at the table; ? me your heroes "
            "and hand.",
        ]
        lines.append(super().rules_help(view))
        return "\n".join(lines)

    @staticmethod
    def clash_help(view: Mapping[str, Any]) -> list[str]:
        """Clash Royale!'s rules in brief: every player for themselves, lives and coins."""
        rules = catalogue_for(view).get("clash") or {}
        lives = (view.get("options") or {}).get("lives", 3)
        return [
            "Clash Royale!: every player for themselves. On your turn activate one of your "
            "heroes (hero:N; it deploys first on any deployment point if off the board, then "
            "up to 3 actions: move for 2 movement points, attack a zone with a skill, use an "
            "ability, shake off a stun, loot the Captain's Chest, end). Unlock and level up "
            "skills with coins at any time of the activation.",
            f"Each hero has {plural(lives, 'life').replace('lifes', 'lives')}: a KO takes one "
            "and the hero deploys again on its player's next turn; with none left it is out. "
            f"Coins: {rules.get('ko_coins', 3)} for a KO, {rules.get('damage_coins', 1)} a "
            "point of damage to a deck feature, "
            f"{rules.get('chest_coins', 3)} for looting the Chest, which no one damages. The "
            "last player with heroes wins.",
            "? NAME explains a hero, skill, deck feature (? chest: the Captain's Chest) or "
            "condition; ? 0 a hero at the table; ? me your heroes.",
        ]

    def result(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        shown = super().result(view, labels)
        if not view.get("result") or "chest" in view:
            return shown  # Clash Royale! scores no VP
        read = ViewReader(view, labels)
        vp = ", ".join(f"{read.side_name(side)} {view['vp'][side]}"
                       for side in range(len(view["vp"])))
        return Group(shown, Text(f"VP: {vp}"))


__all__ = ["Board", "BonesRenderer", "effect_words", "plain", "profile_words"]
