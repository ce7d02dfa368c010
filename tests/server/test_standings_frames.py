"""The server sends the session's standings (sevens.session.standings, one tie rule) in every ``scores``: the
``round_over`` frames and a late snapshot carry them, best first, so the page shows them as sent."""

from __future__ import annotations

from typing import Any

from sevens.session.standings import session_standings, session_winners

from .harness import play_session, random_chooser, running, seated_room


def expected(scores: dict[str, Any]) -> tuple[list[dict[str, int]], list[int]]:
    standings = session_standings(scores["totals"], scores["stars"])
    return [s.to_dict() for s in standings], session_winners(scores["totals"])


def test_every_round_over_and_a_late_snapshot_carry_the_standings() -> None:
    with running() as server:
        code, tokens = seated_room(server, ["Aiko"], ["random", "random", "random"], preset="standard", rounds=3,
                                   seed=4)  # fmt: skip
        player = server.connect(code, tokens[0])
        spectator = server.connect(code)
        server.start(code, tokens[0])
        play_session({0: player}, random_chooser(3), lead=spectator)
        while not player.session_over:
            player.recv()
        assert len(player.rounds_over) == 3
        for frame in player.rounds_over:
            scores = frame["scores"]
            standings, winners = expected(scores)
            assert scores["standings"] == standings
            assert scores["winners"] == winners
            places = [row["place"] for row in scores["standings"]]
            assert places == sorted(places) and places[0] == 1
        final = player.rounds_over[-1]["scores"]
        assert sum(row["stars"] for row in final["standings"] if row["player"] != 0) == 0  # computers earn none
        late = server.connect(code)  # someone opening the finished table: the snapshot says the same
        assert late.scores is not None
        assert late.scores["standings"] == final["standings"] and late.scores["winners"] == final["winners"]
        # the replay of the game ranks it with the same function: after each round, and at the end
        assert player.room is not None
        replay = server.http.get(f"/api/games/{player.room['record']}").json()
        assert [r["standings"] for r in replay["rounds"]] == [f["scores"]["standings"] for f in player.rounds_over]
        assert replay["winners"] == final["winners"]
