"""The state message's ``last``: where the last move begins in the seat's log.

A Duel shootout is chosen face down: the host's concealed choice is no one's last
move (the guest's ``last`` stays where it was, and so does the host's own); once
the guest chooses too, the shootout is revealed and both seats' ``last`` points
at the reveal in their logs.
"""

from __future__ import annotations

from server.kit import host_and_guest


def test_a_concealed_choice_does_not_move_the_last_move_and_a_reveal_does(client) -> None:
    with host_and_guest(client) as (_, host, guest):
        first = [host.state(), guest.state()]
        assert [m["last"] for m in first] == [None, None]
        host.send({"type": "act", "action": "colt>1", "step": first[0]["step"]})
        after = [host.state(move=1), guest.state(move=1)]
        assert [m["last"] for m in after] == [None, None]
        guest.send({"type": "act", "action": "barricade", "step": after[1]["step"]})
        revealed = [host.state(move=2), guest.state(move=2)]
        for socket, message in zip((host, guest), revealed, strict=True):
            log = socket.log_at(message)
            last = message["last"]
            assert isinstance(last, int)
            kinds = [e["type"] for e in log[last:]]
            assert kinds[:2] == ["reveal", "shot"]
            assert log[last + 1]["why"] == "barricade"
