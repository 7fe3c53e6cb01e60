"""The lobby's seats: ``GET /api/games/<game>/seats`` says who plays with whom, and each
seat's part, under the options chosen."""

from __future__ import annotations


def test_a_game_of_teams_names_its_teams_and_each_seats_part(client):
    answer = client.get("/api/games/rumbones/seats?players=3&teams=together")
    assert answer.status_code == 200
    seats = answer.json()
    assert seats["teams"] == [[0, 1], [2]]
    roles = seats["roles"]
    # Numbered for people, from 1, as the lobby shows the seat rows.
    assert roles[0] == "Deep Sea Lords, with seat 2: 2 heroes; 2 Tide cards"
    assert roles[1] == "Deep Sea Lords, with seat 1: 1 hero and the crew; 2 Tide cards"
    assert roles[2] == "Marea de la Muerte: 3 heroes and the crew; 4 Tide cards"


def test_a_game_without_teams_has_none(client):
    seats = client.get("/api/games/duel/seats?players=3").json()
    assert seats == {"teams": None, "roles": []}


def test_options_are_checked_as_for_a_table(client):
    assert client.get("/api/games/rumbones/seats?players=9").status_code == 400
    assert client.get("/api/games/nothing/seats").status_code == 404
