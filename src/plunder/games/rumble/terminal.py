"""Pirate Rumble at the terminal: the table, the hand, grouped actions and a rules reminder.

Like every renderer this one draws ``state.view(seat)`` and nothing else. The
only other thing it reads is the game's printed content (card titles, costs,
targets and gestures, the pirates' abilities), which is the same for every
table and holds no secret.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from plunder.engine.errors import IllegalAction
from plunder.games.rumble.content import CONTENT
from plunder.terminal.render import GenericRenderer, Labels

CARDS = CONTENT.cards
PIRATES = CONTENT.pirates
BASIC_HAND = ("load", "shoot", "shoot2", "dodge", "fire", "search")
# How many of the latest log lines the table repeats under "Latest".
LOG_LINES = 8
# A Shoot Twice with more aims than this is written as a pattern, not a list.
PAIRS_LISTED = 4

PHASES = {
    "draft": "draft: each seat in turn picks a pirate",
    "choose": "every pirate chooses a card, face down",
    "gesture": "cards revealed: every pirate answers with the card's gesture",
    "reach": "searchers reach for a golden card",
}
# Names short enough for the table of pirates (the draft and the log use the titles).
SHORT_NAMES = {
    "roberts": "Roberts",
    "bonny": "Bonny",
    "read": "Read",
    "morgan": "Morgan",
    "blackbeard": "Blackbeard",
    "pargo": "Pargo",
    "kidd": "Kidd",
    "cheung": "Cheung",
    "chingshih": "Ching Shih",
    "kuki": "Kuki",
    "zheng": "Zheng",
}
TARGETS = {
    "none": "no target",
    "any": "any other pirate",
    "neighbour": "a pirate next to you",
    "two": "two other pirates",
}
ABILITIES = {
    "reserve_health": "a special token becomes 1 health when health falls below 3",
    "cover_token": "each Take Cover spends a special token",
    "double_shot": "Shoot Twice may hit one pirate twice",
    "long_cut": "Cut reaches any pirate",
    "grand_steal": "Steal takes every bullet of the target",
    "fire_reload": "takes 1 bullet after playing Fire",
    "dig_discard": "Search may take a card of the discard pile instead, for a special token",
    "qigong": "bullets are Qi-Gong tokens",
}


def title(card: str | None) -> str:
    """A card's printed name (its notation name when the content does not know it)."""
    if card is None:
        return ""
    found = CARDS.get(card)
    return found.title if found else card


def short_name(name: str | None, full: str | None) -> str:
    """How the table of pirates names one: a surname, or the title when it is short."""
    if not name:
        return "(to pick)"
    return SHORT_NAMES.get(name, full or name)


def camp_text(camp: str | None) -> str:
    """``"sun-boss"`` as ``"Sun boss"``, ``"moon"`` as ``"Moon"``, unknown as ``"?"``."""
    if not camp:
        return "?"
    name, _, boss = camp.partition("-")
    shown = CONTENT.camp_titles.get(name, name)
    return f"{shown} boss" if boss else shown


def pirate_summary(name: str) -> str:
    """What sets a pirate apart, from the content: tokens, cards and abilities."""
    pirate = PIRATES.get(name)
    if pirate is None:
        return ""
    parts: list[str] = []
    if pirate.health != 5 or pirate.max_health != 5:
        parts.append(f"{pirate.health} health (at most {pirate.max_health})")
    if pirate.bullets != 2:
        parts.append(f"{pirate.bullets} bullets")
    if pirate.tokens:
        parts.append(f"{pirate.tokens} special token{'s' if pirate.tokens > 1 else ''}")
    extra = [title(c) for c in pirate.hand if c not in BASIC_HAND]
    missing = [title(c) for c in BASIC_HAND if c not in pirate.hand]
    if extra:
        parts.append("has " + ", ".join(extra))
    if missing:
        parts.append("no " + ", ".join(missing))
    if pirate.golden:
        parts.append("starts with " + counted([title(c) for c in pirate.golden]))
    if pirate.random_golden:
        parts.append(f"draws {pirate.random_golden} golden card unseen")
    parts += [ABILITIES.get(a, a) for a in sorted(pirate.abilities)]
    return "; ".join(parts)


def counted(items: Sequence[str]) -> str:
    """Names with repeats counted, in the order they first appear.

    >>> counted(["Block", "Block", "Heal"])
    'Block x2, Heal'
    """
    counts = Counter(items)
    return ", ".join(f"{n} x{counts[n]}" if counts[n] > 1 else n for n in dict.fromkeys(items))


def group_actions(legal: Sequence[str]) -> list[str]:
    """Actions grouped by card or verb, targets joined with ``|``.

    >>> group_actions(["load", "shoot>1", "shoot>2", "shoot2>1,2", "dodge", "cut>2", "cut>1"])
    ['load', 'shoot>1|2', 'shoot2>1,2', 'dodge', 'cut>1|2']
    >>> group_actions([f"shoot2>{a},{b}" for a in range(1, 5) for b in range(a + 1, 5)])
    ['shoot2>X,Y with X<Y of 1|2|3|4']
    """
    groups: dict[str, list[str]] = {}
    for notation in legal:
        head, sep, tail = notation.partition(">")
        groups.setdefault(head + sep, []).append(tail)
    return [key + aims(tails) if key.endswith(">") else key for key, tails in groups.items()]


def aims(tails: list[str]) -> str:
    """The part after ``>`` of one card's actions, as short as it stays exact."""
    if all(tail.isdigit() for tail in tails):  # seats or slots, in increasing order
        return "|".join(sorted(tails, key=int))
    pairs = [tuple(tail.split(",")) for tail in tails]
    if any(len(pair) != 2 for pair in pairs) or len(pairs) <= PAIRS_LISTED:
        return "|".join(tails)
    try:
        numbers = sorted({int(seat) for pair in pairs for seat in pair})
        found = {(int(a), int(b)) for a, b in pairs}
    except ValueError:
        return "|".join(tails)
    below = {(a, b) for a in numbers for b in numbers if a < b}
    seats = "|".join(str(n) for n in numbers)
    if found == below and len(found) == len(pairs):
        return f"X,Y with X<Y of {seats}"
    if found == below | {(a, a) for a in numbers} and len(found) == len(pairs):
        return f"X,Y with X<=Y of {seats}"
    return "|".join(tails)


class RumbleRenderer(GenericRenderer):
    scores_label = "Health at the end"

    # ------------------------------------------------------------ the table
    def header(self, view: Mapping[str, Any]) -> str:
        mode = "Camp Mode" if view.get("mode") == "camp" else "Duel Mode"
        parts = [f"Pirate Rumble · {mode} · round {view.get('round')}"]
        if view.get("over"):
            parts.append("game over")
        else:
            parts.append(PHASES.get(view.get("phase", ""), str(view.get("phase"))))
        if view.get("phase") != "draft":
            parts.append(
                "shields up: others' health and bullets are hidden"
                if view.get("shield")
                else "shields down: every health and bullet count is open"
            )
        return " · ".join(parts)

    def players(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        """The pirates in seat order: what the view says of each, and who sits next to whom."""
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
                short_name(row.get("pirate"), row.get("title")),
                self.counts(row),
                str(row["tokens"]) if row.get("tokens") else "-",
                row.get("face_up") or "-",
                str(row.get("cards", 0)) if row.get("pirate") else "-",
                self.golden(row, view if seat == viewer else None),
            ]
            if camps:
                cells.append(camp_text(row.get("camp")))
            cells.append(",".join(str(s) for s in row.get("neighbours") or []) or "-")
            style = "" if row["alive"] else "dim"
            table.add_row(*(Text(cell, style=style) for cell in cells))
        return table

    @staticmethod
    def counts(row: Mapping[str, Any]) -> str:
        """Health out of the maximum and bullets, ``shield`` when hidden, ``dead``."""
        if not row.get("pirate"):
            return "-"
        if not row["alive"]:
            return "dead"
        if row.get("health") is None or row.get("bullets") is None:
            return "shield"
        unit = "qi" if row.get("bullet_name") == "Qi-Gong" else ""
        return f"{row['health']}/{row.get('max_health', '?')} {row['bullets']}{unit}"

    @staticmethod
    def golden(row: Mapping[str, Any], own: Mapping[str, Any] | None) -> str:
        """Golden cards the table knows of; the viewer's own row names its secret ones too."""
        known = [title(c) for c in row.get("golden_known") or []]
        if own is not None:
            secret = Counter(own.get("golden") or []) - Counter(row.get("golden_known") or [])
            shown = counted(known)
            if secret:
                hidden = counted([title(c) for c in secret.elements()]) + " (secret)"
                shown = ", ".join(filter(None, (shown, hidden)))
            return shown or "-"
        shown = counted(known)
        unseen = row.get("golden_unseen") or 0
        if unseen:
            shown = ", ".join(filter(None, (shown, f"+{unseen} unseen")))
        return shown or "-"

    def area(self, view: Mapping[str, Any]) -> Text:
        slots = view.get("area") or []
        shown = " · ".join(
            f"[{slot}] {title(card) if card else '(empty)'}" for slot, card in enumerate(slots)
        )
        discard = view.get("discard") or []
        text = f"Golden card area: {shown or '(none)'}  |  pile {view.get('pile', 0)}"
        text += f"  |  discard {len(discard)}"
        if discard:
            text += f" ({counted([title(c) for c in discard])})"
        return Text(text)

    def revealed(self, view: Mapping[str, Any]) -> Text | None:
        plays = view.get("revealed") or []
        if not plays:
            return None
        voided = set(view.get("voided") or [])
        parts = []
        for play in plays:
            text = f"seat {play['seat']} {title(play['card'])}"
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

    def hand_table(self, view: Mapping[str, Any]) -> RenderableType | None:
        """The viewer's cards: notation, name, kind, cost and target."""
        if view.get("hand") is None:
            return None
        viewer = view.get("viewer")
        row = next((r for r in view["players"] if r["seat"] == viewer), {})
        pirate = PIRATES.get(row.get("pirate") or "")
        abilities = pirate.abilities if pirate else frozenset()
        unit = "Qi-Gong" if row.get("bullet_name") == "Qi-Gong" else "bullet"
        golden = Counter(view.get("golden") or [])
        table = Table(box=None, pad_edge=False, show_edge=False, title_justify="left")
        for column in ("your hand", "card", "kind", "cost", "target"):
            table.add_column(column)
        for card in [*view["hand"], *golden]:
            info = CARDS.get(card)
            if info is None:
                table.add_row(Text(card), Text(""), Text(""), Text(""), Text(""))
                continue
            name = info.title
            if golden.get(card, 0) > 1 and info.golden:
                name += f" x{golden[card]}"
            target = TARGETS.get(info.target, info.target)
            if card == "cut" and "long_cut" in abilities:
                target = TARGETS["any"]
            if card == "shoot2" and "double_shot" in abilities:
                target = "two other pirates, or one twice"
            cost = "free" if info.cost == 0 else f"{info.cost} {unit}{'s' if info.cost > 1 else ''}"
            table.add_row(*(Text(c) for c in (card, name, info.kind, cost, target)))
        if not view["hand"] and not golden:
            return Text("Your hand: (empty)")
        return table

    def draft(self, view: Mapping[str, Any]) -> RenderableType | None:
        left = view.get("pirates_left")
        if view.get("phase") != "draft" or not left:
            return None
        table = Table(box=None, pad_edge=False, show_edge=False)
        for column in ("pirates left", "", "what sets them apart"):
            table.add_column(column)
        for name in left:
            pirate = PIRATES.get(name)
            table.add_row(
                Text(f"pirate>{name}"),
                Text(pirate.title if pirate else name),
                Text(pirate_summary(name) or "the six basic cards"),
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
        if view.get("phase") == "draft":
            draft = self.draft(view)
            if draft is not None:
                parts.append(draft)
        else:
            parts.append(self.area(view))
        revealed = self.revealed(view)
        if revealed is not None:
            parts.append(revealed)
        if view.get("camp"):
            camp = camp_text(view["camp"])
            if not camp.endswith("boss"):
                camp += " camp"
            parts.append(Text(f"Your camp: {camp} (hidden from the others)."))
        hand = self.hand_table(view)
        if hand is not None and view.get("phase") != "draft":
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
    def actions(self, legal: Sequence[str], view: Mapping[str, Any]) -> list[str]:
        return group_actions(legal)

    def actions_hint(self, view: Mapping[str, Any]) -> str:
        examples = {
            "draft": "pirate>kidd",
            "gesture": "gesture>duck",
            "reach": "grab>0",
        }
        example = examples.get(view.get("phase", ""), "shoot>3 or shoot2>1,4")
        return (
            f"Type one action, e.g. {example} (? numbered list and rules, t table, "
            "q save and quit)."
        )

    def refusal(self, error: IllegalAction, view: Mapping[str, Any]) -> list[str]:
        reason = error.reason + (f" [{error.rule}]" if error.rule else "")
        refused = [f"Refused: {reason}."]
        if error.legal:
            refused += ["Legal now:", *group_actions(error.legal)]
        return refused

    def describe(self, notation: str, view: Mapping[str, Any]) -> str:
        head, _, tail = notation.partition(">")
        pirates = {
            row["seat"]: short_name(row.get("pirate"), row.get("title"))
            for row in view.get("players") or []
            if row.get("pirate")
        }
        if head == "pirate":
            pirate = PIRATES.get(tail)
            if pirate is None:
                return ""
            return f"{pirate.title}: {pirate_summary(tail) or 'the six basic cards'}"
        if head == "gesture":
            card = next((c for c in CARDS.values() if c.gesture == tail), None)
            return f"{card.title}'s gesture" if card else "no gesture"
        if head == "grab":
            slots = view.get("area") or []
            slot = int(tail) if tail.isdigit() else -1
            card = slots[slot] if 0 <= slot < len(slots) else None
            return f"take {title(card)} from the golden card area" if card else ""
        if head == "dig":
            return f"take {title(tail)} from the discard pile (spends a special token)"
        card = CARDS.get(head)
        if card is None:
            return ""
        text = card.title
        if tail:
            aimed = [int(t) for t in tail.split(",") if t.isdigit()]
            text += " at " + " and ".join(
                f"seat {t} ({pirates[t]})" if pirates.get(t) else f"seat {t}" for t in aimed
            )
        if card.cost:
            text += f", costs {card.cost}"
        return text

    # ------------------------------------------------------------ the end
    def rules_help(self, view: Mapping[str, Any]) -> str:
        lines = [
            "Each round every living pirate lays one card face down; all are revealed at once.",
            "- Costs are paid in bullets (at most 5); Steal comes first, then the other cards, "
            "then taking health. A card played last round lies face up and comes back after "
            "this one.",
            "- Aim with '>': shoot>3, shoot2>1,4 (two different pirates, smaller seat first), "
            "steal>1 or cut>1 (a pirate next to you). Search, then grab>SLOT for a golden card "
            "of the area; golden cards are played once.",
            "- Health and bullets hide behind the shields until only two pirates live.",
        ]
        if view.get("options", {}).get("gestures"):
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
        cards = dict.fromkeys([*(view.get("hand") or []), *(view.get("golden") or [])])
        if cards:
            lines.append("Your cards:")
            for card in cards:
                info = CARDS.get(card)
                if info is not None:
                    gesture = f" (gesture {info.gesture})"
                    lines.append(f"  {card}: {info.title}{gesture}: {info.text}")
        lines.append("Full rules and notation: docs/rules/rumble.md")
        return "\n".join(lines)


__all__ = ["RumbleRenderer", "group_actions"]
