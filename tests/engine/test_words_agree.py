"""The terminal's and the browser's word fillers agree on any template made of the
language's parts (paths, filters with and without arguments, lists of templates) over
any scope of a view's usual shapes: seats with pieces or none, lists with gaps,
indexes as numbers or digits, in range or past it, flags (true, false, null) alone and
inside lists."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plunder.engine.words import Filler
from words_js import run_js

CATALOGUE: dict[str, Any] = {
    "cards": {
        "axe": {"title": "Axe", "text": "Chop.", "cost": 2},
        "rest": {"title": "Rest", "text": "Sleep.", "cost": 0},
    },
    "crew": {"anne": {"title": "Anne Bonny", "short": "Bonny"}, "kidd": {"title": "Kidd"}},
    "effects": {"burn": {"text": "set it alight"}},
}

# Placeholders of every form, each over values of the kind its filters take.
PLACES = (
    "{view.round}", "{count}", "{missing}", "{card.title}", "{card.text}", "{card.cost}",
    "{card|title}", "{card.cost|if}", "{fx.text}", "{target|seat}", "{target|seat:who.short}",
    "{target|seat:who}", "{target|seat:who.title}", "{targets|seats}", "{targets|list}",
    "{targets|seats:who.short}", "{targets}", "{names|list}", "{view.area|at:slot}",
    "{view.area|at:slot|title}", "{view.area|at:count|title}", "{view.area.0|title}",
    "{view.area|at:missing}", "{marks|at:target}", "{marks|at:slot|if}", "{slot|seat}",
    "{flag}", "{flag|is:true}", "{flag|not:false}", "{flag|plural:die}", "{flag|title}",
    "{flags}", "{flags|list}", "{flags.0}", "{flags|is:true, null}", "{view.area|at:flag}",
    "{names.[flag]}", "{names|capital}", "{flags|capital}", "{card.text|capital}",
)
WORDS = ("", " ", "at ", ": ", ", then ", "!")

seats = st.integers(min_value=0, max_value=5)
pieces = st.sampled_from(["axe", "rest", "anne", "kidd", "burn", "nothing"])
# The view's rows of players, seat by seat: each with a piece or none; the seats past
# the table's end have no row.
rows = st.lists(st.one_of(st.none(), pieces), min_size=2, max_size=6).map(
    lambda held: [{"seat": seat, "who": who} for seat, who in enumerate(held)]
)
scopes = st.fixed_dictionaries(
    {
        "view": st.fixed_dictionaries(
            {
                "round": st.integers(min_value=0, max_value=99),
                "players": rows,
                "area": st.lists(st.one_of(st.none(), pieces), max_size=4),
            }
        ),
        "count": st.integers(min_value=-2, max_value=5),
        "card": pieces,
        "fx": pieces,
        "target": st.one_of(st.none(), seats),
        "targets": st.lists(seats, max_size=3),
        "names": st.lists(pieces, max_size=3),
        "slot": st.one_of(
            st.none(), st.integers(min_value=0, max_value=4),
            st.sampled_from(["0", "1", "3", "x", ""]),
        ),
        "marks": st.dictionaries(st.sampled_from(["0", "1", "2", "5"]), pieces, max_size=3),
        "flag": st.one_of(st.none(), st.booleans()),
        "flags": st.lists(
            st.one_of(st.none(), st.booleans(), st.integers(min_value=0, max_value=2)),
            max_size=3,
        ),
    }
)
parts = st.one_of(st.sampled_from(PLACES), st.sampled_from(WORDS))
templates = st.lists(
    st.lists(parts, min_size=1, max_size=5).map("".join),
    min_size=1,
    max_size=2,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(templates, scopes), min_size=20, max_size=40))
def test_both_fillers_fill_any_template_alike(cases: list[tuple[list[str], dict[str, Any]]]):
    filler = Filler(CATALOGUE)
    python = [filler.fill(template, scope) for template, scope in cases]
    browser = run_js([["fill", CATALOGUE, template, scope] for template, scope in cases])
    assert browser == python


# What each place fills to over one scope, worked out by hand: every part of the
# language above does its work (none is refused, none is blank but where it should be).
SCOPE: dict[str, Any] = {
    "view": {"round": 2, "players": [{"seat": 1, "who": "anne"}], "area": ["axe", None]},
    "count": 0, "card": "axe", "fx": "burn", "target": 1, "targets": [1, 2],
    "names": ["kidd"], "slot": "0", "marks": {"1": "rest", "0": "axe"},
    "flag": True, "flags": [True, None, 2],
}
FILLED = {
    "{view.round}": "2", "{count}": "0", "{missing}": "", "{card.title}": "Axe",
    "{card.text}": "Chop.", "{card.cost}": "2", "{card|title}": "Axe", "{card.cost|if}": "",
    "{fx.text}": "set it alight", "{target|seat}": "seat 1",
    "{target|seat:who.short}": "seat 1 (Bonny)", "{target|seat:who}": "seat 1 (anne)",
    "{target|seat:who.title}": "seat 1 (Anne Bonny)", "{targets|seats}": "seat 1, seat 2",
    "{targets|list}": "1, 2", "{targets|seats:who.short}": "seat 1 (Bonny), seat 2",
    "{targets}": "1, 2", "{names|list}": "kidd", "{view.area|at:slot}": "axe",
    "{view.area|at:slot|title}": "Axe", "{view.area|at:count|title}": "Axe",
    "{view.area.0|title}": "Axe", "{view.area|at:missing}": "", "{marks|at:target}": "rest",
    "{marks|at:slot|if}": "", "{slot|seat}": "seat 0",
    # A flag, alone or in a list, is written as its JSON word; true is no count of one.
    "{flag}": "true", "{flag|is:true}": "true", "{flag|not:false}": "true",
    "{flag|plural:die}": "true dies", "{flag|title}": "true", "{flags}": "true, null, 2",
    "{flags|list}": "true, null, 2", "{flags.0}": "true", "{flags|is:true, null}": "",
    "{view.area|at:flag}": "", "{names.[flag]}": "", "{names|capital}": "Kidd",
    "{flags|capital}": "True, null, 2", "{card.text|capital}": "Chop.",
}


def test_each_place_fills_as_worked_out_by_hand():
    assert set(FILLED) == set(PLACES)
    filler = Filler(CATALOGUE)
    assert {place: filler.fill(place, SCOPE) for place in PLACES} == FILLED
    browser = run_js([["fill", CATALOGUE, place, SCOPE] for place in PLACES])
    assert dict(zip(PLACES, browser, strict=True)) == FILLED
