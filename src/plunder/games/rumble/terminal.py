"""Pirate Rumble at the terminal: the table, the hand, grouped actions and a rules reminder.

Like every renderer this one draws ``state.view(seat)`` and nothing else. The
game's printed content (card titles, texts, costs and gestures, the pirates and
their abilities, the camps) comes from the game's catalogue through
``catalogue_for(view)``, and the legal actions come structured (verb, name,
targets), so an edited content file shows here at once and no notation is parsed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from plunder.engine.errors import IllegalAction
from plunder.games.rumble import text
from plunder.terminal.render import (
    WATCHING,
    ActionJson,
    GenericRenderer,
    Labels,
    catalogue_for,
    guide_line,
    own_row,
)

Entries = Mapping[str, Mapping[str, Any]]  # a catalogue section: id -> entry
# How many of the latest log lines the table repeats under "Latest".
LOG_LINES = 8
# A card aimed at two pirates with more aims than this is written as a pattern, not a list.
PAIRS_LISTED = 4


def title(card: str | None, cards: Entries) -> str:
    """A card's printed name (its id when the catalogue does not know it)."""
    if card is None:
        return ""
    found = cards.get(card)
    return found["title"] if found else card


def short_name(name: str | None, pirates: Entries) -> str:
    """How the table of pirates names one: its short name, ``"(to pick)"`` before the draft."""
    if not name:
        return "(to pick)"
    found = pirates.get(name)
    return (found.get("short") or found["title"]) if found else name


def camp_text(camp: str | None, camps: Entries) -> str:
    """``"sun-boss"`` as ``"Sun boss"``, ``"moon"`` as ``"Moon"``, unknown as ``"?"``.

    >>> camps = {"sun": {"title": "Sun"}}
    >>> camp_text("sun-boss", camps), camp_text("sun", camps), camp_text(None, camps)
    ('Sun boss', 'Sun', '?')
    """
    if not camp:
        return "?"
    name, _, boss = camp.partition("-")
    found = camps.get(name)
    shown = found["title"] if found else name
    return f"{shown} boss" if boss else shown


def own_camp(view: Mapping[str, Any]) -> str:
    """The viewer's camp card in words, and whether the others see it: a boss the camp
    table lays face up is known to all, every other card is secret."""
    catalogue = catalogue_for(view)
    camp = camp_text(view["camp"], catalogue["camps"])
    if not camp.endswith("boss"):
        camp += " camp"
    name, _, boss = str(view["camp"]).partition("-")
    players = str(len(view.get("players") or []))
    face_up = catalogue.get("camp_table", {}).get(players, {}).get("face_up") or []
    seen = "face up: everyone knows it" if boss and name in face_up else "hidden from the others"
    return f"Your camp: {camp} ({seen})."


def basic_cards(cards: Entries) -> list[str]:
    """The cards every usual pirate holds: those the catalogue calls ``basic``."""
    return [name for name, card in cards.items() if card.get("kind") == "basic"]


def usual(pirates: Entries, field: str) -> Any:
    """The value of ``field`` most pirates share (what a summary need not repeat)."""
    counts = Counter(pirate.get(field) for pirate in pirates.values())
    return counts.most_common(1)[0][0] if counts else None


def pirate_summary(pirate: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
    """What sets a pirate apart, from the catalogue: counts, cards and abilities."""
    cards: Entries = catalogue["cards"]
    pirates: Entries = catalogue["pirates"]
    basic = basic_cards(cards)
    parts: list[str] = []
    health, most = pirate["health"], pirate["max_health"]
    if health != usual(pirates, "health") or most != usual(pirates, "max_health"):
        parts.append(f"{health} health (at most {most})")
    if pirate["bullets"] != usual(pirates, "bullets"):
        parts.append(f"{pirate['bullets']} {pirate.get('bullet_name') or 'bullets'}")
    tokens = pirate.get("tokens") or 0
    if tokens:
        parts.append(f"{tokens} special token{'s' if tokens > 1 else ''}")
    hand = pirate.get("hand") or []
    extra = [title(c, cards) for c in hand if c not in basic]
    missing = [title(c, cards) for c in basic if c not in hand]
    if extra:
        parts.append("has " + ", ".join(extra))
    if missing:
        parts.append("no " + ", ".join(missing))
    if pirate.get("golden"):
        parts.append("starts with " + counted([title(c, cards) for c in pirate["golden"]]))
    if pirate.get("random_golden"):
        parts.append(f"draws {pirate['random_golden']} golden card unseen")
    facts = "; ".join(parts)
    # Abilities are whole sentences in the catalogue: they follow the facts as such.
    abilities = " ".join(ability["text"] for ability in pirate.get("abilities") or [])
    if facts and abilities:
        return f"{facts}. {abilities}"
    return facts or abilities or f"the {len(basic)} basic cards"


def counted(items: Sequence[str]) -> str:
    """Names with repeats counted, in the order they first appear.

    >>> counted(["Block", "Block", "Heal"])
    'Block x2, Heal'
    """
    counts = Counter(items)
    return ", ".join(f"{n} x{counts[n]}" if counts[n] > 1 else n for n in dict.fromkeys(items))


def group_actions(legal: Sequence[ActionJson]) -> list[str]:
    """Structured actions grouped by card or verb, their aims joined with ``|``.

    A group of one is the action's own notation; a larger group is written from
    the structured fields (``verb``, ``name``, ``targets``), never from notation.

    >>> def play(card, *targets):
    ...     spelt = card + (">" + ",".join(map(str, targets)) if targets else "")
    ...     return {"verb": "play", "name": card, "targets": list(targets), "notation": spelt}
    >>> group_actions([play("load"), play("shoot", 1), play("shoot", 2), play("dodge")])
    ['load', 'shoot>1|2', 'dodge']
    >>> group_actions([play("shoot2", a, b) for a in range(1, 5) for b in range(a + 1, 5)])
    ['shoot2>X,Y (two different) of 1|2|3|4']
    >>> group_actions([{"verb": "grab", "name": s, "targets": [], "notation": ""} for s in "02"])
    ['grab>0|2']
    """
    groups: dict[tuple[Any, ...], list[ActionJson]] = {}
    for action in legal:
        targets = action.get("targets") or []
        if action.get("verb") == "play":
            key: tuple[Any, ...] = ("play", action.get("name"), bool(targets))
        else:
            key = (action.get("verb"),)
        groups.setdefault(key, []).append(action)
    shown = []
    for key, members in groups.items():
        if len(members) == 1:
            shown.append(str(members[0]["notation"]))
        elif key[0] == "play":
            aimed = [tuple(m.get("targets") or ()) for m in members]
            shown.append(f"{key[1]}>{aims(aimed)}" if key[2] else str(key[1]))
        else:
            shown.append(f"{key[0]}>" + "|".join(str(m.get("name")) for m in members))
    return shown


def aims(aimed: Sequence[tuple[int, ...]]) -> str:
    """One card's aims (tuples of seats) after ``>``, as short as it stays exact.

    >>> aims([(2,), (1,)]), aims([(1, 2), (1, 3), (2, 3)])
    ('1|2', '1,2|1,3|2,3')
    >>> aims([(a, b) for a in range(1, 4) for b in range(a, 4)])
    'X,Y (the same one twice too) of 1|2|3'
    """
    if all(len(aim) == 1 for aim in aimed):  # one seat each, in increasing order
        return "|".join(str(seat) for seat in sorted({aim[0] for aim in aimed}))
    listed = "|".join(",".join(str(seat) for seat in aim) for aim in aimed)
    if any(len(aim) != 2 for aim in aimed) or len(aimed) <= PAIRS_LISTED:
        return listed
    numbers = sorted({seat for aim in aimed for seat in aim})
    found = {(a, b) for a, b in aimed}
    below = {(a, b) for a in numbers for b in numbers if a < b}
    seats = "|".join(str(n) for n in numbers)
    if found == below and len(found) == len(aimed):
        return f"X,Y (two different) of {seats}"
    if found == below | {(a, a) for a in numbers} and len(found) == len(aimed):
        return f"X,Y (the same one twice too) of {seats}"
    return listed


def cost_text(cost: int, bullet_name: str) -> str:
    """``"free"``, ``"1 bullet"``, ``"2 bullets"``, ``"2 Qi-Gong"``.

    >>> cost_text(0, "bullets"), cost_text(1, "bullets"), cost_text(2, "Qi-Gong")
    ('free', '1 bullet', '2 Qi-Gong')
    """
    if cost == 0:
        return "free"
    unit = bullet_name[:-1] if cost == 1 and bullet_name.endswith("s") else bullet_name
    return f"{cost} {unit}"


class RumbleRenderer(GenericRenderer):
    scores_label = "Health at the end"

    def reveal_lines(self, event: Mapping[str, Any]) -> list[str] | None:
        if event.get("type") != "reveal":
            return None
        return [text.play(c["seat"], c["card"], c["targets"]) for c in event["choices"]]

    # ------------------------------------------------------------ the table
    def header(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        mode = str(view.get("mode", "")).capitalize() + " Mode"
        parts = [f"{catalogue.get('title', view.get('game'))} · {mode} · round {view.get('round')}"]
        if view.get("over"):
            parts.append("game over")
        else:
            kind = (view.get("decision") or {}).get("kind") or view.get("phase", "")
            parts.append(catalogue.get("decisions", {}).get(kind, str(kind)))
        if not view.get("pirates_left"):  # the pirates are all at the table
            parts.append(
                "shields up: others' health and bullets are hidden"
                if view.get("shield")
                else "shields down: every health and bullet count is open"
            )
        return " · ".join(parts)

    def players(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        """The pirates in seat order: what the view says of each, and who sits next to whom."""
        catalogue = catalogue_for(view)
        rows = view["players"]
        viewer = view.get("viewer")
        camps = any("camp" in row for row in rows)
        table = Table(box=None, pad_edge=False, show_edge=False, collapse_padding=True)
        columns = ["seat", "pirate", "hp/bullets", "tokens", "face up", "cards", "golden"]
        if camps:
            columns.append("camp")
        columns.append("next to")
        for column in columns:
            table.add_column(column)
        for row in rows:
            seat = row["seat"]
            label = labels.get(seat)
            cells = [
                f"{seat} {label}" if label else str(seat),
                short_name(row.get("pirate"), catalogue["pirates"]),
                self.counts(row, catalogue),
                str(row["tokens"]) if row.get("tokens") else "-",
                row.get("face_up") or "-",
                str(row.get("cards", 0)) if row.get("pirate") else "-",
                self.golden(row, view if seat == viewer else None, catalogue["cards"]),
            ]
            if camps:
                cells.append(camp_text(row.get("camp"), catalogue["camps"]))
            cells.append(",".join(str(s) for s in row.get("neighbours") or []) or "-")
            style = "" if row["alive"] else "dim"
            table.add_row(*(Text(cell, style=style) for cell in cells))
        return table

    @staticmethod
    def counts(row: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
        """Health out of the maximum and bullets, ``shield`` when hidden, ``dead``."""
        if not row.get("pirate"):
            return "-"
        if not row["alive"]:
            return "dead"
        if row.get("health") is None or row.get("bullets") is None:
            return "shield"
        pirate = catalogue["pirates"].get(row["pirate"]) or {}
        name = pirate.get("bullet_name") or "bullets"
        # Plain bullets go without a word; anything else the pirate spends is named.
        unit = "" if name == "bullets" else f" {name}"
        return f"{row['health']}/{row.get('max_health', '?')} {row['bullets']}{unit}"

    @staticmethod
    def golden(row: Mapping[str, Any], own: Mapping[str, Any] | None, cards: Entries) -> str:
        """Golden cards the table knows of; the viewer's own row names its secret ones too."""
        known = [title(c, cards) for c in row.get("golden_known") or []]
        if own is not None:
            secret = Counter(own.get("golden") or []) - Counter(row.get("golden_known") or [])
            shown = counted(known)
            if secret:
                hidden = counted([title(c, cards) for c in secret.elements()]) + " (secret)"
                shown = ", ".join(filter(None, (shown, hidden)))
            return shown or "-"
        shown = counted(known)
        unseen = row.get("golden_unseen") or 0
        if unseen:
            shown = ", ".join(filter(None, (shown, f"+{unseen} unseen")))
        return shown or "-"

    def area(self, view: Mapping[str, Any]) -> Text:
        cards = catalogue_for(view)["cards"]
        slots = view.get("area") or []
        shown = " · ".join(
            f"[{slot}] {title(card, cards) if card else '(empty)'}"
            for slot, card in enumerate(slots)
        )
        discard = view.get("discard") or []
        text = f"Golden card area: {shown or '(none)'}  |  pile {view.get('pile', 0)}"
        text += f"  |  discard {len(discard)}"
        if discard:
            text += f" ({counted([title(c, cards) for c in discard])})"
        return Text(text)

    def revealed(self, view: Mapping[str, Any]) -> Text | None:
        plays = view.get("revealed") or []
        if not plays:
            return None
        cards = catalogue_for(view)["cards"]
        voided = set(view.get("voided") or [])
        parts = []
        for play in plays:
            text = f"seat {play['seat']} {title(play['card'], cards)}"
            if play.get("targets"):
                text += " at " + ", ".join(str(t) for t in play["targets"])
            if play["seat"] in voided:
                text += " (void)"
            parts.append(text)
        line = "Revealed this round: " + " · ".join(parts)
        searchers = view.get("searchers") or []
        if searchers:
            line += ". Reaching for a golden card: " + ", ".join(f"seat {s}" for s in searchers)
        return Text(line)

    def hand(self, view: Mapping[str, Any]) -> str | None:
        if view.get("hand") is None:
            return None
        cards = [*view["hand"], *(view.get("golden") or [])]
        return counted(cards) or "(empty)"

    @staticmethod
    def own_pirate(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The viewer's pirate in the catalogue (``None`` for a spectator or before the draft)."""
        viewer = view.get("viewer")
        row: Mapping[str, Any] = next(
            (r for r in view.get("players") or [] if r["seat"] == viewer), {}
        )
        return catalogue_for(view)["pirates"].get(row.get("pirate") or "")

    def hand_table(self, view: Mapping[str, Any]) -> RenderableType | None:
        """The viewer's cards: notation, name, kind, cost and what the card does."""
        if view.get("hand") is None:
            return None
        cards = catalogue_for(view)["cards"]
        pirate = self.own_pirate(view) or {}
        unit = pirate.get("bullet_name") or "bullets"
        golden = Counter(view.get("golden") or [])
        if not view["hand"] and not golden:
            return Text("Your hand: (empty)")
        table = Table(box=None, pad_edge=False, show_edge=False, title_justify="left")
        for column in ("your hand", "card", "kind", "cost", "what it does"):
            table.add_column(column)
        for card in [*view["hand"], *golden]:
            info = cards.get(card)
            if info is None:
                table.add_row(Text(card), Text(""), Text(""), Text(""), Text(""))
                continue
            name = info["title"]
            if golden.get(card, 0) > 1 and info.get("kind") == "golden":
                name += f" x{golden[card]}"
            cost = cost_text(info.get("cost") or 0, unit)
            table.add_row(*(Text(c) for c in (card, name, info["kind"], cost, info["text"])))
        return table

    def pirate_line(self, view: Mapping[str, Any]) -> Text | None:
        """The viewer's pirate and what sets it apart, abilities included, from the catalogue."""
        pirate = self.own_pirate(view)
        if pirate is None:
            return None
        summary = pirate_summary(pirate, catalogue_for(view))
        return Text(f"Your pirate: {pirate['title']}: {summary}")

    def draft(self, view: Mapping[str, Any]) -> RenderableType | None:
        left = view.get("pirates_left")
        if not left:
            return None
        catalogue = catalogue_for(view)
        table = Table(box=None, pad_edge=False, show_edge=False)
        for column in ("pirates left", "", "what sets them apart"):
            table.add_column(column)
        for name in left:
            pirate = catalogue["pirates"].get(name)
            table.add_row(
                Text(f"pirate>{name}"),
                Text(pirate["title"] if pirate else name),
                Text(pirate_summary(pirate, catalogue) if pirate else ""),
            )
        return table

    def latest(self, view: Mapping[str, Any]) -> list[str]:
        """The log from the latest reveal on (this round or the last), at most LOG_LINES."""
        log = view.get("log") or []
        start = max(0, len(log) - LOG_LINES)
        for index in range(len(log) - 1, -1, -1):
            if log[index].get("type") == "reveal":
                start = max(start, index)
                break
        return [self.event(event) for event in log[start:]]

    def table(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        parts: list[RenderableType] = [Text(self.header(view), style="bold")]
        parts.append(self.players(view, labels))
        draft = self.draft(view)
        parts.append(self.area(view) if draft is None else draft)
        revealed = self.revealed(view)
        if revealed is not None:
            parts.append(revealed)
        if view.get("camp"):
            parts.append(Text(own_camp(view)))
        if draft is None:
            mine = self.pirate_line(view)
            if mine is not None:
                parts.append(mine)
            hand = self.hand_table(view)
            if hand is not None:
                parts.append(hand)
        latest = self.latest(view)
        if latest:
            log = Table.grid(padding=(0, 1))
            log.add_column(no_wrap=True)
            log.add_column()
            for index, line in enumerate(latest):
                log.add_row(Text("Latest:" if index == 0 else ""), Text(line))
            parts.append(log)
        if view.get("choice") is not None:
            parts.append(Text(f"Your choice this step (hidden from the others): {view['choice']}"))
        parts.append(Text(self.waiting(view)))
        return Group(*parts)

    # ------------------------------------------------------------ actions
    def actions(self, legal: Sequence[ActionJson], view: Mapping[str, Any]) -> list[str]:
        return group_actions(legal)

    def actions_hint(self, view: Mapping[str, Any], legal: Sequence[ActionJson] = ()) -> str:
        example = self.example(view, legal)
        shown = f"e.g. {example} " if example else ""
        return f"Type one action, {shown}(? numbered list and rules, t table, q save and quit)."

    @staticmethod
    def example(view: Mapping[str, Any], legal: Sequence[ActionJson]) -> str:
        """Actions to show as examples of the notation, taken from ``legal`` (what the
        seat may play now), so an example is never refused: the gesture of the card you
        revealed, a card aimed at one pirate and Shoot Twice's pair where they are
        legal, else the first legal action."""
        if not legal:
            return ""
        notations = [str(action["notation"]) for action in legal]
        viewer = view.get("viewer")
        mine = next((p for p in view.get("revealed") or [] if p["seat"] == viewer), None)
        card = catalogue_for(view)["cards"].get(mine["card"]) if mine else None
        answer = f"gesture>{card['gesture']}" if card else ""
        if answer in notations:
            return f"{answer}, the gesture of your card"
        plays = [a for a in legal if a.get("verb") == "play"]
        aimed = [a for a in plays if len(a.get("targets") or []) == 1]
        # The last aim of the first card aimed at one pirate: "shoot>5" at a table of six.
        one = [a for a in aimed if aimed and a.get("name") == aimed[0].get("name")]
        two = next((a for a in plays if len(set(a.get("targets") or [])) == 2), None)
        shown = [str(one[-1]["notation"]) if one else "", str(two["notation"]) if two else ""]
        return " or ".join(filter(None, shown)) or notations[0]

    def refusal(
        self, error: IllegalAction, view: Mapping[str, Any], legal: Sequence[ActionJson]
    ) -> list[str]:
        reason = error.reason + (f" [{error.rule}]" if error.rule else "")
        refused = [f"Refused: {reason}."]
        if error.legal and legal:
            refused += ["Legal now:", *group_actions(legal)]
        return refused

    # ------------------------------------------------------------ the end
    def rules_help(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        lines = [
            "Each round every living pirate lays one card face down; all are revealed at once.",
            "- Costs are paid in bullets (at most 5); Steal comes first, then the other cards, "
            "then taking health. A card played last round lies face up and comes back after "
            "this one.",
            "- Aim with '>': shoot>3, shoot2>1,4 (two different pirates, in either order), "
            "steal>1 or cut>1 (a pirate next to you). Search, then grab>SLOT for a golden card "
            "of the area; golden cards are played once.",
            "- Health and bullets hide behind the shields until only two pirates live.",
        ]
        gestures = bool(view.get("options", {}).get("gestures"))
        if gestures:
            lines.append(
                "- Gestures: after the reveal answer gesture>NAME with your card's gesture; "
                "a wrong one voids the card."
            )
        if view.get("mode") == "camp":
            lines.append(
                "- Camp Mode: Sun, Moon and a lone boss; a camp card is shown when its pirate "
                "dies. The camp whose members alone remain wins."
            )
        else:
            lines.append("- Duel Mode: the last pirate standing wins.")
        lines += self.cards_help(view, catalogue, gestures)
        lines += self.pirates_help(view, catalogue)
        lines.append(guide_line(view))
        return "\n".join(lines)

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        """``? me``: your pirate and what sets it apart, your counts, your camp, the card
        lying face up and every card in your hand with its cost and what it does."""
        row = own_row(view)
        if not row:
            return [WATCHING]
        catalogue = catalogue_for(view)
        cards: Entries = catalogue["cards"]
        pirate = self.own_pirate(view)
        if pirate is None:
            return [f"You are seat {row['seat']}; you have not picked your pirate yet."]
        lines = [f"You are seat {row['seat']}: {pirate['title']}."]
        lines.append(f"  {pirate_summary(pirate, catalogue)}")
        unit = pirate.get("bullet_name") or "bullets"
        if not row["alive"]:
            lines.append("Your pirate is dead.")
        elif row.get("health") is not None:
            counts = f"Health {row['health']} of {row['max_health']}, {unit} {row['bullets']}"
            tokens = row.get("tokens") or 0
            lines.append(counts + (f", special tokens {tokens}." if tokens else "."))
        if view.get("camp"):
            lines.append(own_camp(view))
        if row.get("face_up"):
            lines.append(f"Face up, back in your hand after this round: "
                         f"{title(row['face_up'], cards)}.")
        held = [*(view.get("hand") or []), *(view.get("golden") or [])]
        lines.append("Your hand:" if held else "Your hand: (empty)")
        for name, count in Counter(held).items():
            card = cards.get(name)
            if card is None:
                lines.append(f"  {name}")
                continue
            many = f" x{count}" if count > 1 else ""
            cost = cost_text(card.get("cost") or 0, unit)
            lines.append(f"  {card['title']}{many} ({card['kind']}, {cost}): {card['text']}")
        return lines

    def cards_help(
        self, view: Mapping[str, Any], catalogue: Mapping[str, Any], gestures: bool
    ) -> list[str]:
        """Every card of the catalogue, the viewer's own marked."""
        held = {*(view.get("hand") or []), *(view.get("golden") or [])}
        unit = (self.own_pirate(view) or {}).get("bullet_name") or "bullets"
        lines = ["Cards (* in your hand):"]
        for name, card in catalogue["cards"].items():
            facts = [card["kind"], cost_text(card.get("cost") or 0, unit)]
            if gestures:
                facts.append(f"gesture {card['gesture']}")
            mark = "*" if name in held else " "
            lines.append(f" {mark}{name}: {card['title']} ({', '.join(facts)}): {card['text']}")
        return lines

    def pirates_help(self, view: Mapping[str, Any], catalogue: Mapping[str, Any]) -> list[str]:
        """Every pirate of the catalogue and what sets it apart; who sits where, and mine."""
        seats: dict[str, list[int]] = {}
        for row in view.get("players") or []:
            if row.get("pirate"):
                seats.setdefault(row["pirate"], []).append(row["seat"])
        viewer = view.get("viewer")
        lines = ["Pirates:"]
        for name, pirate in catalogue["pirates"].items():
            where = seats.get(name, [])
            if viewer in where:
                mark = " (my pirate)"
            elif where:
                mark = f" (seat {', '.join(str(s) for s in where)})"
            else:
                mark = ""
            summary = pirate_summary(pirate, catalogue)
            lines.append(f"  {name}: {pirate['title']}{mark}: {summary}")
        return lines


__all__ = ["RumbleRenderer", "aims", "camp_text", "group_actions", "pirate_summary"]
