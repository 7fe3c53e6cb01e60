"""The words of decisions: one template language, filled alike by the terminal
(``plunder.engine.words``) and the browser (``static/words.js``)."""

from __future__ import annotations

from typing import Any

import pytest

import plunder
from plunder.engine.words import Ask, Filler, asks_json, label, phrases_json, prompt
from plunder.terminal.render import renderer_for
from words_js import run_js

CATALOGUE: dict[str, Any] = {
    "game": "toy",
    "title": "Toy",
    "cards": {
        "axe": {"title": "Axe", "text": "Chop.", "weapon": "axe", "level1": "light",
                "level2": "heavy"},
        "rest": {"title": "Rest", "text": "Sleep.", "weapon": ""},
    },
    # A second kind of piece, named at a seat by a short name.
    "crew": {"anne": {"title": "Anne Bonny", "short": "Bonny"}, "kidd": {"title": "Kidd"}},
    # Words of effects, not pieces: reached by id too, after the pieces.
    "effects": {"burn": {"text": "set it alight"}, "axe": {"text": "not the card"}},
    # Names built from the view, filled with the value as {it}.
    "phrases": phrases_json(
        {
            "hero": ("{view.heroes.[it].name} (hero {it})", "hero {it}"),
            "thing": ("a {it|is:rope}", "the {it.title}"),
        }
    ),
    "asks": asks_json(
        {
            "play": Ask(
                prompt="Round {view.round}: {seats|seats}, choose.",
                label=("swing the {card.title} at {target|seat}", "play the {card.title}"),
            ),
            "order": Ask(
                prompt="Order {items|list}.",
                by="verb",
                labels={"first": "{item|title} first", "keep": "keep the order"},
                label="{verb}",
            ),
        }
    ),
}

# A view's seats: seat 0 holds Anne, seat 1 no one yet, seat 3 Kidd (no seat 2).
CREWED = {
    "players": [{"seat": 0, "who": "anne"}, {"seat": 1, "who": None}, {"seat": 3, "who": "kidd"}]
}
VIEW = {"heroes": [{"name": "Ann", "level": 1}, {"name": "Bo", "level": 2}]}

# (template, scope, what it fills to), worked out by hand from the rules in
# plunder.engine.words.
CASES: list[tuple[Any, dict[str, Any], str]] = [
    ("plain words", {}, "plain words"),
    ("{a} and {b.c}", {"a": 1, "b": {"c": "x"}}, "1 and x"),
    ("{card.title}: {card.text}", {"card": "axe"}, "Axe: Chop."),
    ("{hand.1|title}", {"hand": ["rest", "axe"]}, "Axe"),
    ("{target|seat}", {"target": 0}, "seat 0"),
    ("{seats|seats}", {"seats": [2, 0]}, "seat 2, seat 0"),
    ("{names|list}", {"names": ["a", "b"]}, "a, b"),
    ("{card|title}", {"card": "unknown"}, "unknown"),
    ("x{flag|if}y", {"flag": "yes"}, "xy"),
    (["at {target|seat}", "at no one"], {"target": None}, "at no one"),
    (["{card.weapon|if}armed", "unarmed"], {"card": "rest"}, "unarmed"),
    (["{card.weapon|if}armed", "unarmed"], {"card": "axe"}, "armed"),
    (["{missing}", "{also.missing}"], {}, ""),
    ("{count} left", {"count": 0}, "0 left"),
    ("{fx.text}", {"fx": "burn"}, "set it alight"),
    ("{fx.text}", {"fx": "axe"}, "Chop."),
    # at:PATH, the item at the index (or key) PATH holds; past the end or null: not there.
    ("{view.area|at:slot|title}", {"slot": "1", "view": {"area": ["rest", "axe"]}}, "Axe"),
    ("{view.area|at:slot}", {"slot": 0, "view": {"area": ["rest", "axe"]}}, "rest"),
    ("{marks|at:who}", {"marks": {"2": "x"}, "who": 2}, "x"),
    (["{view.area|at:slot}", "past the end"], {"slot": 2, "view": {"area": ["rest"]}},
     "past the end"),
    (["{view.area|at:slot}", "an empty slot"], {"slot": 0, "view": {"area": [None]}},
     "an empty slot"),
    (["{view.area|at:slot}", "no slot"], {"view": {"area": ["rest"]}}, "no slot"),
    # seat:PATH and seats:PATH, the seat with PATH's value in its row of view.players.
    ("{target|seat:who.short}", {"target": 0, "view": CREWED}, "seat 0 (Bonny)"),
    ("{target|seat:who.short}", {"target": 1, "view": CREWED}, "seat 1"),
    ("{target|seat:who.short}", {"target": 2, "view": CREWED}, "seat 2"),
    ("{target|seat:who}", {"target": 3, "view": CREWED}, "seat 3 (kidd)"),
    ("{targets|seats:who.title}", {"targets": [3, 1, 0], "view": CREWED},
     "seat 3 (Kidd), seat 1, seat 0 (Anne Bonny)"),
    ("{target|seat:who.short}", {"target": 0}, "seat 0"),
    # A path inside a path, innermost first; a missing inner path leaves nothing there.
    ("{view.heroes.[who].name}", {"who": 1, "view": VIEW}, "Bo"),
    ("{card.level[view.heroes.[who].level]}", {"card": "axe", "who": 1, "view": VIEW}, "heavy"),
    (["{view.heroes.[nobody].name}", "none"], {"view": VIEW}, "none"),
    # Filters that take a word.
    ("{n|plural:die/dice}", {"n": 1}, "1 die"),
    ("{n|plural:die/dice}", {"n": 3}, "3 dice"),
    ("{n|plural:coin}", {"n": 0}, "0 coins"),
    ("{t|after:hero}", {"t": "hero3"}, "3"),
    (["{t|after:hero}", "none"], {"t": "bosun"}, "none"),
    (["{t|after:hero}", "none"], {"t": "hero"}, "none"),
    (["{x|is:rope|if}yes", "no"], {"x": "rope"}, "yes"),
    (["{x|is:rope|if}yes", "no"], {"x": "axe"}, "no"),
    (["{x|not:rope}", "no"], {"x": "rope"}, "no"),
    ("{flag|is:true|if}on", {"flag": True}, "on"),
    ("{i|add:1}", {"i": 2}, "3"),
    # The game's phrases, one value or each of a list.
    ("{who|say:hero}", {"who": 0, "view": VIEW}, "Ann (hero 0)"),
    ("{who|say:hero}", {"who": 5, "view": VIEW}, "hero 5"),
    ("{ids|each:hero}", {"ids": [1, 0], "view": VIEW}, "Bo (hero 1), Ann (hero 0)"),
    ("{x|say:thing}, {y|say:thing}", {"x": "rope", "y": "axe"}, "a rope, the Axe"),
]


@pytest.mark.parametrize(("template", "scope", "expected"), CASES)
def test_the_terminal_fills_templates_by_the_rules(template: Any, scope: Any, expected: str):
    assert Filler(CATALOGUE).fill(template, scope) == expected


def test_the_browser_fills_every_template_as_the_terminal_does():
    answers = run_js([["fill", CATALOGUE, template, scope] for template, scope, _ in CASES])
    assert answers == [expected for _, _, expected in CASES]


def test_prompts_and_labels_by_the_open_decision_in_both_front_ends():
    view = {"round": 3, "decision": {"kind": "play", "seats": [1]}}
    ordering = {"decision": {"kind": "order", "seats": [0], "items": ["x", "y"]}}
    calls: list[list[Any]] = [
        ["prompt", CATALOGUE, view],
        ["label", CATALOGUE, {"card": "axe", "target": 2}, view],
        ["label", CATALOGUE, {"card": "rest", "target": None}, view],
        ["prompt", CATALOGUE, ordering],
        ["label", CATALOGUE, {"verb": "first", "item": "axe"}, ordering],
        ["label", CATALOGUE, {"verb": "keep"}, ordering],
        ["label", CATALOGUE, {"verb": "shuffle"}, ordering],
        ["prompt", CATALOGUE, {"decision": {"kind": "undeclared", "seats": [0]}}],
    ]
    expected = [
        "Round 3: seat 1, choose.",
        "swing the Axe at seat 2",
        "play the Rest",
        "Order x, y.",
        "Axe first",
        "keep the order",
        "shuffle",
        "",
    ]
    filler = Filler(CATALOGUE)
    python = [
        prompt(CATALOGUE, call[2], filler) if call[0] == "prompt"
        else label(CATALOGUE, call[2], call[3], filler)
        for call in calls
    ]
    assert python == expected
    assert run_js(calls) == expected


def test_an_unknown_filter_is_refused():
    with pytest.raises(ValueError, match="shout"):
        Filler(CATALOGUE).fill("{a|shout}", {"a": 1})


def test_an_unknown_phrase_is_refused():
    with pytest.raises(ValueError, match="song"):
        Filler(CATALOGUE).fill("{a|say:song}", {"a": 1})


def test_a_game_serves_its_asks_in_its_catalogue():
    catalogue = plunder.load("duel").catalogue()
    assert catalogue["asks"]["shootout"]["prompt"] == [
        "Your move in shootout {shootout} of duel {duel}: choose a card to play face down."
    ]


def test_duel_is_worded_alike_at_the_terminal_and_in_the_browser():
    state = plunder.load("duel", players=3).new(seed=1)
    view = state.view(0)
    catalogue = state.game.catalogue()
    legal = [action.to_json() for action in state.legal(0)]
    terminal = renderer_for("duel")
    worded = [terminal.describe(action, view) for action in legal]
    assert worded[:3] == ["fire a Colt at no one", "fire a Colt at seat 1", "fire a Colt at seat 2"]
    assert worded[-2:] == ["play the Barricade", "play the Reloading"]
    browser = run_js(
        [["prompt", catalogue, view]] + [["label", catalogue, action, view] for action in legal]
    )
    assert browser == [terminal.prompt(view), *worded]
    assert browser[0] == "Your move in shootout 1 of duel 1: choose a card to play face down."
