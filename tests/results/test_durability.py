"""No acknowledged play is lost: under load, `kill -9` of the server, a restart, and every play
that got a 201 is in the database, on SQLite and on PostgreSQL (issue 56). And a burst from one
address gets 429 and stores nothing."""

from __future__ import annotations

import concurrent.futures
import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from generator.results.store import Store, plays_table
from tests.results.conftest import Server, fresh_database, pinned, published_rows


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> str:
    address = fresh_database(request.param, tmp_path, request, "durability")
    published_rows(address)
    return address


def stored_players(db: str) -> set[str]:
    from sqlalchemy import select

    store = Store(db)
    try:
        with store.engine.connect() as connection:
            return set(connection.execute(select(plays_table.c.player)).scalars())
    finally:
        store.close()


def test_every_acknowledged_play_survives_kill_9(db: str) -> None:
    """Eight clients post plays; the server is killed with SIGKILL mid-stream; after a restart
    every player whose play got 201 has it stored."""
    server = Server(db, "--plays-per-minute", "0").start()
    published, plan = pinned("mini")
    acknowledged: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(number: int) -> None:
        count = 0
        while not stop.is_set():
            player = f"durable-{number:02d}-{count:06d}"
            count += 1
            body = json.dumps({"code": published.code, "plan": plan, "player": player, "revealed": False}).encode()
            request = urllib.request.Request(server.url + "/api/v1/plays", data=body, method="POST",
                                             headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    if answer.status == 201:
                        with lock:
                            acknowledged.append(player)
            except (urllib.error.URLError, ConnectionError, OSError):
                if stop.is_set():
                    return
                time.sleep(0.01)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for number in range(8):
            pool.submit(client, number)
        deadline = time.monotonic() + 20
        while len(acknowledged) < 100 and time.monotonic() < deadline:
            time.sleep(0.02)
        server.kill()  # SIGKILL while requests are in flight
        stop.set()
    assert len(acknowledged) >= 100
    restarted = Server(db, "--plays-per-minute", "0").start()
    try:
        missing = set(acknowledged) - stored_players(db)
        assert not missing, f"{len(missing)} acknowledged plays lost"
        status, day = restarted.get(f"/api/v1/days/antwerpen/{published.day}?kind=mini")
        assert status == 200 and day["plays"] >= len(acknowledged)
    finally:
        restarted.stop()


def test_a_burst_from_one_address_gets_429(tmp_path) -> None:
    """The 31st play in a minute from one address is refused with 429 and stores nothing."""
    db = str(tmp_path / "results.sqlite")
    published_rows(db)
    server = Server(db).start()
    try:
        for _ in range(30):
            assert server.post({}, raw=b"not json")[0] == 422
        store = Store(db)
        before = store.rows()
        status, answer = server.post({"code": pinned("mini")[0].code, "plan": pinned("mini")[1],
                                      "player": "burst-player-0001", "revealed": False})
        assert status == 429 and "a minute" in answer["error"]
        assert store.rows() == before
        store.close()
    finally:
        server.stop()
