"""Records: small mutable parts of a state with named fields, copied as cheaply as lists."""

from __future__ import annotations

import copy
import pickle

import pytest

from plunder.engine import record
from plunder.engine.state import fresh, is_record


@record
class Group:
    zone: str
    count: int
    wounds: list[int]


@record
class Ship:
    name: str
    groups: list[Group]
    cargo: dict[str, list[str]]
    flag: Group | None = None


def a_ship() -> Ship:
    return Ship("sloop", [Group("a1", 2, [1, 2])], {"hold": ["rum"]}, Group("b2", 0, []))


def test_a_fresh_record_shares_no_mutable_value() -> None:
    ship = a_ship()
    copied = fresh(ship)
    assert copied == ship and copied is not ship
    assert copied.groups is not ship.groups and copied.groups[0] is not ship.groups[0]
    assert copied.groups[0].wounds is not ship.groups[0].wounds
    assert copied.cargo["hold"] is not ship.cargo["hold"]
    assert copied.flag is not ship.flag
    # Changing the copy anywhere leaves the original as it was.
    copied.groups[0].wounds.append(3)
    copied.groups[0].count = 5
    copied.cargo["hold"].append("powder")
    assert copied.flag is not None
    copied.flag.zone = "c3"
    assert ship == a_ship()


def test_a_record_inside_containers_is_copied() -> None:
    held = {"ships": [a_ship()]}
    copied = fresh(held)
    copied["ships"][0].groups[0].wounds.clear()
    assert held == {"ships": [a_ship()]}


def test_records_compare_by_field_and_have_no_dict() -> None:
    assert Group("a1", 2, [1]) == Group("a1", 2, [1])
    assert Group("a1", 2, [1]) != Group("a1", 3, [1])
    assert not hasattr(Group("a1", 2, []), "__dict__")  # slots: no field can be misspelt
    with pytest.raises(AttributeError):
        Group("a1", 2, []).zones = "a2"  # type: ignore[attr-defined]
    assert is_record(Group("a1", 2, [])) and not is_record([1, 2])


def test_records_pickle_and_deep_copy() -> None:
    ship = a_ship()
    for copied in (pickle.loads(pickle.dumps(ship)), copy.deepcopy(ship)):
        assert copied == ship and copied.groups[0] is not ship.groups[0]



@record
class Hand:
    cards: list[str]
    levels: dict[str, int]
    marks: set[str]
    seen: tuple[str, ...]
    where: str | None = None


@record
class Chart:
    routes: list[list[str]]
    later: Unresolved | None = None  # type: ignore[name-defined]  # noqa: F821


def test_a_record_is_copied_by_its_declared_types() -> None:
    hand = Hand(["rum"], {"cutlass": 2}, {"marked"}, ("map",), "a1")
    copied = fresh(hand)
    assert copied == hand
    # Containers of immutable values are copied flat, immutable values shared.
    assert copied.cards is not hand.cards and copied.levels is not hand.levels
    assert copied.marks is not hand.marks and copied.seen is hand.seen
    copied.cards.append("powder")
    copied.levels["cutlass"] = 1
    copied.marks.clear()
    assert hand == Hand(["rum"], {"cutlass": 2}, {"marked"}, ("map",), "a1")


def test_a_record_whose_types_do_not_resolve_is_copied_by_its_values() -> None:
    chart = Chart([["a1", "a2"]], [["deep"]])
    copied = fresh(chart)
    assert copied == chart and copied.routes[0] is not chart.routes[0]
    assert copied.later is not chart.later and copied.later[0] is not chart.later[0]
    copied.routes[0].append("a3")
    copied.later[0].append("deeper")
    assert chart == Chart([["a1", "a2"]], [["deep"]])
