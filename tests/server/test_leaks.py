"""Every message and body a seat receives carries its own view and public facts, nothing more.

A 3-player Duel is played to its end by three humans and watched by a spectator.
Every WebSocket message and HTTP body each of them receives is kept. Afterwards
the game's record (available once it is over) is replayed to the move each
message was sent at, and the message is compared with what that seat may know:

- its ``view`` is exactly ``state.view(seat, log=False)`` at that move, its
  ``events`` exactly the seat's events it lacked (``state.events(seat, since)``),
  so that with the events received before it the seat holds ``state.view(seat)``;
- its ``legal`` and ``actions`` are the seat's own legal actions, or nothing, and
  its ``chosen`` the seat's own concealed choice, or nothing;
- its other fields are the table's public summary;
- no concealed choice of another seat, no other seat's hand and no seed appears
  anywhere in it;
- a chat message (two are posted in mid-game) and the chat history carry their
  author's seat and name, the time and the text, and nothing else.
"""

from __future__ import annotations

import random

from server.leaks import check_bodies, play_by_hand, state_messages, walk


def test_no_message_or_body_carries_what_its_seat_may_not_see(client):
    chatted: list[int] = []
    lists: list[str] = []

    def each_round(move: int, sockets: dict) -> None:
        if len(chatted) < 2:
            # A chat message in mid-game: it carries nothing of the game either.
            sockets[len(chatted)].send({"type": "chat", "text": f"move {move}: my hand?"})
            chatted.append(move)
        lists.append(client.get("/api/tables").text)

    played = play_by_hand(
        client, 3, rng=random.Random(11), each_round=each_round, options={"target": 2}
    )

    checked = 0
    concealed_seen = 0
    for seat, _, message, truth in state_messages(played):
        # Structural scan: a choice or a hand only at the top of the seat's own view
        # (the choice as data at the top of the seat's own message).
        for path, key, _ in walk(message):
            if key in ("choice", "hand"):
                assert path == ("view",) and seat is not None, (path, key)
            if key == "chosen":
                assert path == () and (seat is not None or message["chosen"] is None)
        # The one choice a message may show is the seat's own.
        if "choice" in message["view"]:
            assert seat in truth.committed
            assert message["view"]["choice"] == truth.view(seat)["choice"]
        concealed_seen += len(truth.committed - {seat})
        checked += 1
    assert checked > 100
    assert concealed_seen > 10, "messages were sent while choices were concealed"
    for socket in played.sockets.values():
        assert [m["seat"] for m in socket.received if m["type"] == "chat"] == [0, 1]
    check_bodies(played.bodies + lists, played.seed, ("choice", "hand"))
