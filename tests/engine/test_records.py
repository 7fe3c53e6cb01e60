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
