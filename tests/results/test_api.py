"""The results API against a running `citytrip serve`, on SQLite and on PostgreSQL: plays are
replayed by the engine and counted once per player; every refusal leaves the database as it was
(issue 56, "Refused requests")."""

from __future__ import annotations

import csv
import datetime as dt
import io
import itertools

import pytest

from generator.daily.code import encode
from generator.daily.deal import deal
from generator.data.cities import load_city
from generator.results.store import Store
from tests.results.conftest import DAY, Server, fresh_database, pinned, published_rows

PLAYERS = (f"player-{n:04d}-abcdef" for n in itertools.count())


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request, tmp_path_factory):
    db = fresh_database(request.param, tmp_path_factory.mktemp("results"), request, "api")
    published_rows(db)
    running = Server(db, "--plays-per-minute", "0", "--allow-origin", "https://citytrip.example").start()
    yield running
    running.stop()


def rows(server: Server) -> dict:
    store = Store(server.db)
    try:
        return store.rows()
    finally:
        store.close()


def play(kind: str = "daily", **changes) -> dict:
    published, plan = pinned(kind)
    return {"code": published.code, "plan": plan, "player": next(PLAYERS), "revealed": False, **changes}


def test_a_won_play_is_verified_stored_once_and_ranked(server: Server) -> None:
    """The engine's score, win and medal (gold at the par), 201 with the standing; the same player's
    second play is 200 "already counted" and changes nothing."""
    first = play()
    status, answer = server.post(first)
    assert status == 201, answer
    assert answer["score"] == 96 and answer["won"] is True and answer["medal"] == "gold"
    assert (answer["par"], answer["target"], answer["counted"]) == (96, 75, True)
    assert answer["standing"]["place"] == 1 and answer["standing"]["played"] >= 1
    before = rows(server)
    status, again = server.post({**first, "plan": pinned("daily")[1]})
    assert status == 200 and "already counted" in again["message"]
    assert again["score"] == 96
    assert rows(server) == before


def test_a_revealed_play_is_stored_but_not_counted(server: Server) -> None:
    """A play made after the answer key was opened is kept apart: played and won do not move."""
    status, answer = server.post(play("mini", revealed=True))
    assert status == 201 and answer["counted"] is False and answer["medal"] == "gold"
    status, counted = server.post(play("mini"))
    assert status == 201 and counted["counted"] is True
    assert counted["standing"]["played"] == answer["standing"]["played"] + 1
    assert counted["standing"]["won"] == answer["standing"]["won"] + 1


def future_code() -> str:
    """The code of a deal of 2026-12-16: the day after tomorrow when the server's today is 12-13."""
    from dataclasses import replace

    puzzle = deal(load_city("antwerpen"), dt.date(2026, 12, 16))
    return encode(replace(puzzle, target=50))


def refusals() -> list[tuple[str, int, dict, bytes | None, dict]]:
    published, plan = pinned("daily")
    illegal = "\n".join(plan.splitlines()[:-1])  # one turn short: R7
    swapped = plan.replace("1. R1 R2", "1. L1 L2", 1)
    return [
        ("illegal plan", 422, play(plan=illegal), None, {}),
        ("illegal turn", 422, play(plan=swapped if swapped != plan else "1. L1 L2 L3 L4"), None, {}),
        ("unreadable plan", 422, play(plan="1. X9"), None, {}),
        ("forged target", 422, play(code=published.code.replace("/T75", "/T5")), None, {}),
        ("unknown code", 422, play(code=published.code.replace("1B.14A", "14A.1B")), None, {}),
        ("not a code", 422, play(code="hello"), None, {}),
        ("future date", 422, play(code=future_code()), None, {}),
        ("malformed JSON", 422, {}, b'{"code": ', {}),
        ("not an object", 422, {}, b"[1, 2]", {}),
        ("oversized body", 413, play(plan="1. L1 " + "x" * 9000), None, {}),
        ("hostile player id", 422, play(player="<script>alert(1)</script>"), None, {}),
        ("short player id", 422, play(player="abc"), None, {}),
        ("extra field", 422, play(score=999), None, {}),
        ("hostile origin", 403, play(), None, {"Origin": "https://evil.example"}),
    ]


@pytest.mark.parametrize("name, status, data, raw, headers", refusals(), ids=[r[0] for r in refusals()])
def test_a_refused_play_leaves_the_database_as_it_was(server: Server, name, status, data, raw, headers) -> None:
    """Each refusal gets its status and a one-paragraph message, and stores nothing."""
    before = rows(server)
    got, answer = server.post(data, raw=raw, headers=headers)
    assert got == status, answer
    assert answer["error"] and "\n" not in answer["error"] and "Traceback" not in answer["error"]
    assert rows(server) == before


@pytest.mark.parametrize("days_after, status", [(7, 201), (8, 422)])
def test_a_published_puzzle_is_counted_for_a_week_after_its_date(tmp_path, days_after: int, status: int) -> None:
    """A week after its date a published puzzle is still taken; a day later it is refused, though
    the server knows its code (docs/results.md, "Which puzzles are taken")."""
    db = str(tmp_path / "results.sqlite")
    published_rows(db)
    late = Server(db, "--plays-per-minute", "0", today=(DAY + dt.timedelta(days=days_after)).isoformat()).start()
    try:
        before = rows(late)
        got, answer = late.post(play())
        assert got == status, answer
        if status == 422:
            assert "plays are counted for a week" in answer["error"] and rows(late) == before
    finally:
        late.stop()


def test_an_illegal_plan_gets_the_engines_message(server: Server) -> None:
    """422 with the engine's sentence naming the turn and the ruling."""
    published, plan = pinned("daily")
    status, answer = server.post(play(plan="\n".join(plan.splitlines()[:-1])))
    assert status == 422 and "R7" in answer["error"] and "turn" in answer["error"]


def test_an_allowed_origin_gets_cors(server: Server) -> None:
    """The site's origin may post, and its preflight is answered."""
    status, answer = server.post(play("mini"), headers={"Origin": "https://citytrip.example"})
    assert status == 201
    status, _, headers = server.request("OPTIONS", "/api/v1/plays", headers={
        "Origin": "https://citytrip.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert status == 200 and headers["access-control-allow-origin"] == "https://citytrip.example"


def test_a_days_figures_and_the_export(server: Server) -> None:
    """The day's plays, win share, medals and histogram (bins of 5), par and target; the CSV has
    one row per counted play."""
    low = "\n".join(pinned("daily")[1].splitlines())
    server.post(play(plan=low))
    status, day = server.get(f"/api/v1/days/antwerpen/{DAY}?kind=daily")
    assert status == 200
    assert (day["par"], day["target"]) == (96, 75)
    assert day["plays"] >= 1 and day["medals"]["gold"] == day["won"]
    assert sum(b["plays"] for b in day["histogram"]) == day["plays"]
    assert all(b["from"] % 5 == 0 and b["to"] == b["from"] + 4 for b in day["histogram"])
    assert server.get(f"/api/v1/days/antwerpen/{DAY}?kind=weekly")[0] == 422
    assert server.get("/api/v1/days/antwerpen/2026-12-01?kind=daily")[0] == 404
    status, body, headers = server.request("GET", f"/api/v1/export.csv?from={DAY}&to={DAY}")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(body.decode())))
    assert len([r for r in table if r["kind"] == "daily"]) == day["plays"]
    assert server.request("GET", "/api/v1/export.csv?from=yesterday")[0] == 422
    assert "player" not in table[0]
