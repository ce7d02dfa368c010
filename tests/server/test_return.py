"""What brings people back to a table, on the server's side: stamps (a fixed set, one per 2 s per player,
shown to the whole room), the invite link's QR code, and a Seven Twenty-Seven session that ends with the
final standings once every human player is out of chips (nobody waits through the computers' deals)."""

from __future__ import annotations

import re

import pytest

from sevens.server.room.reactions import REACTION_INTERVAL, STAMPS

from .harness import Client, play_session, running, seated_room


def test_a_stamp_reaches_everyone_and_a_second_one_within_two_seconds_is_refused() -> None:
    with running() as server:
        code, tokens = seated_room(server, ["Aiko", "Ken"], ["normal", "normal"], seed=3)
        aiko, ken = server.connect(code, tokens[0]), server.connect(code, tokens[1])
        spectator = server.connect(code)
        aiko.send("reaction", stamp="thumbs_up")
        for client in (aiko, ken, spectator):
            shown = client.wait_type("reaction")
            assert shown["player"] == 0 and shown["stamp"] == "thumbs_up" and shown["texts"] == STAMPS["thumbs_up"]
        aiko.send("reaction", stamp="thanks")
        refused = aiko.wait_type("error")
        assert refused["code"] == "reaction_rate" and "2 seconds" in refused["message"]
        ken.send("reaction", stamp="nice")  # another player is not held back by Aiko's stamp
        assert ken.wait_type("reaction")["player"] == 1
        server.clock.advance(REACTION_INTERVAL)
        aiko.send("reaction", stamp="thanks")
        assert aiko.wait_for(lambda f: f["type"] in ("reaction", "error") and f.get("player") != 1)["stamp"] == "thanks"


@pytest.mark.parametrize(
    ("stamp", "who", "code"),
    [
        ("dance", "player", "unknown_stamp"),
        ("<b>hi</b>", "player", "unknown_stamp"),
        ("smile", "spectator", "not_player"),
    ],
)
def test_only_the_fixed_stamps_and_only_from_players(stamp: str, who: str, code: str) -> None:
    with running() as server:
        room, tokens = seated_room(server, ["Aiko"], ["normal"], seed=3)
        client = server.connect(room, tokens[0]) if who == "player" else server.connect(room)
        client.send("reaction", stamp=stamp)
        refused = client.wait_type("error")
        assert refused["code"] == code
        if code == "unknown_stamp":
            assert all(name in refused["message"] for name in STAMPS)  # says what is allowed


def test_the_invite_qr_code_is_an_svg_of_the_rooms_link() -> None:
    with running() as server:
        code, _tokens = seated_room(server, ["Aiko"], ["normal"])
        response = server.http.get(f"/api/rooms/{code}/invite.svg")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert response.text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')  # an <img> needs the namespace
        assert f"<title>http://testserver/#/room/{code}</title>" in response.text
        assert re.search(r"<path[^>]+d=\"M", response.text)
        missing = server.http.get("/api/rooms/ZZZZZZ/invite.svg")
        assert missing.status_code == 404 and missing.json()["error"] == "unknown_room"


def test_the_catalog_offers_the_stamps_and_every_game_the_five_levels_with_normal_first_choice() -> None:
    with running() as server:
        data = server.http.get("/api/catalog").json()
    assert data["stamps"] == STAMPS
    for family in data["families"]:
        assert family["default_level"] == "normal"
        assert [level["name"] for level in family["levels"]] == ["beginner", "easy", "normal", "hard", "expert"]
        titles = [level["title"]["ja"] for level in family["levels"]]
        assert titles == ["はじめて", "やさしい", "ふつう", "つよい", "達人"], titles


def never_fold(client: Client) -> str:
    """Check or call, and stand on the cards dealt: a player who loses most deals (and never bets the others out)."""
    assert client.game is not None
    legal: list[str] = client.game.view["legal_actions"]
    return next((a for a in ("check", "call", "stand") if a in legal), legal[0])


def test_a_chips_session_ends_once_its_only_person_is_out_of_chips() -> None:
    """Stacks of 10 and an ante of 9, and a person who never folds: once they are out of chips the session ends
    with the final standings, before its last deal (on main the computers played the remaining deals)."""
    deals = 3
    rules = {"stack": 10, "ante": 9, "deals": deals}
    with running() as server:
        for seed in range(20):
            server.clock.advance(60)  # room creations are rate-limited per client
            code, tokens = seated_room(server, ["Aiko"], ["normal"] * 3, preset="seven27", variants=rules, seed=seed)
            aiko = server.connect(code, tokens[0])
            server.start(code, tokens[0])
            lead = play_session({0: aiko}, never_fold)
            assert lead.scores is not None  # the session is over: its scores have arrived
            outcomes = [r["outcomes"][0] for r in lead.scores["rounds"]]
            if "broke" in outcomes[: deals - 1]:
                assert outcomes.index("broke") == len(outcomes) - 1, (
                    f"deals went on after the person was out: {outcomes}"
                )
                assert lead.room is not None and lead.room["status"] == "finished"
                return
    raise AssertionError("no seed left the person out of chips before the last deal")
