"""Rum & Bones' decisions in words: each kind's prompt and its actions' labels are
declared once (``text.ASKS``, with the phrases they name heroes and targets by) and
the terminal and the browser fill them alike."""

from __future__ import annotations

import random
from typing import Any

import plunder
from plunder.engine.words import Filler, label, prompt
from plunder.games.rumbones.terminal import BonesRenderer, ViewReader
from words_js import run_js

# Random games under these options open every kind of decision below between them.
TABLES: list[dict[str, Any]] = [{}, {"players": 4}, {"mode": "clash", "players": 3}]


def decisions() -> list[tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]]:
    """The first view of each kind of decision met in random games, with its catalogue
    and the deciding seat's legal actions."""
    found: dict[str, tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]] = {}
    for options in TABLES:
        for seed in range(3):
            state = plunder.load("rumbones", **options).new(seed=seed)
            catalogue = state.game.catalogue()
            rng = random.Random(seed)
            for _ in range(3000):
                if state.is_over:
                    break
                seat = min(state.pending)
                view = state.view(seat, log=False)
                legal = [action.to_json() for action in state.legal(seat)]
                found.setdefault(view["decision"]["kind"], (catalogue, view, legal))
                state.act(seat, rng.choice(state.legal(seat)))
    return list(found.values())


def test_the_terminal_and_the_browser_word_every_decision_alike() -> None:
    met = decisions()
    kinds = {view["decision"]["kind"] for _, view, _ in met}
    assert {"pick", "turn", "act", "move", "deploy", "reroll", "hits", "assign", "tide",
            "strike", "fire", "advance", "order", "beast", "swim", "discard"} <= kinds
    calls: list[list[Any]] = []
    python: list[str] = []
    for catalogue, view, legal in met:
        filler = Filler(catalogue)
        calls.append(["prompt", catalogue, view])
        python.append(prompt(catalogue, view, filler))
        for action in legal:
            calls.append(["label", catalogue, action, view])
            python.append(label(catalogue, action, view, filler))
    assert all(python), "every prompt and label is worded"
    assert run_js(calls) == python


def test_a_hero_and_a_target_are_named_by_the_game_s_phrases() -> None:
    state = plunder.load("rumbones", heroes="carcharius,ishmael,nerissa;"
                         "calavera,demarco,hueso").new(seed=1)
    view = state.view(0)
    read = ViewReader(view)
    assert read.hero_name(3) == "Capitana Calavera (hero 3)"
    assert read.hero_name(9) == "hero 9"
    names = [read.target_name(t) for t in ("hero4", "deckhand", "bosun", "kraken", "helm")]
    assert names == ["Demarco (hero 4)", "a deckhand", "a bosun", "the Kraken", "the Helm"]
    # The browser names them from the same phrases.
    catalogue = state.game.catalogue()
    browser = run_js([["fill", catalogue, "{it|say:target}", {"it": target, "view": view}]
                      for target in ("hero4", "deckhand", "bosun", "kraken", "helm")])
    assert browser == names


def test_the_terminal_prompts_from_the_declaration() -> None:
    state = plunder.load("rumbones", heroes="carcharius,ishmael,nerissa;"
                         "calavera,demarco,hueso").new(seed=1)
    asked = ("Round 1: activate a ready hero, your crew or a sea monster, play a Tide card, "
             "or pass for the round.")
    seat = min(state.pending)
    # The deciding seat reads it under the table; another seat beside who is asked.
    assert BonesRenderer().prompt(state.view(seat)) == asked
    other = BonesRenderer().decision_lines(ViewReader(state.view(1 - seat)))
    assert other[-1].endswith(asked)
