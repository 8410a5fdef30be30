"""`citytrip serve` as a command: its help says how to run it for real, bad input gets one
paragraph and exit code 2, and a date it has not solved yet is solved by the server itself."""

from __future__ import annotations

import socket
import time

import pytest

from generator.cli import main
from tests.results.conftest import Server, pinned


def test_the_help_says_how_to_run_it_for_real(capsys) -> None:
    """A proxy, PostgreSQL and backups are named in `citytrip serve --help`."""
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = capsys.readouterr().out
    for words in ("proxy", "postgresql://", "Backups", "--allow-origin", "docs/results.md"):
        assert words in text


@pytest.mark.parametrize("args, words", [
    (["--port", "70000"], "--port 70000"),
    (["--db", "mysql://somewhere/db"], "SQLite file name or a postgresql"),
    (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot open the database"),
    (["--site", "no-such-folder"], "is not a folder"),
    (["--allow-origin", "https://site.example/"], "no path or trailing"),
    (["--today", "tomorrow"], "--today 'tomorrow' is not a date"),
    (["--work", "0"], "--work 0"),
    (["--city", "gent"], "unknown city"),
    (["--plays-per-minute", "-1"], "--plays-per-minute -1"),
])
def test_bad_input_gets_one_paragraph_and_exit_code_2(args, words, capsys, tmp_path, monkeypatch) -> None:
    """Each bad option is named in one paragraph, exit code 2, no traceback and no server."""
    monkeypatch.chdir(tmp_path)
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and err.startswith("citytrip: error:")


def test_a_port_in_use_is_named(capsys, tmp_path, monkeypatch) -> None:
    """A port another program listens on gets a message, not uvicorn's traceback."""
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_the_server_solves_a_date_itself_as_citytrip_daily_does(tmp_path) -> None:
    """No precomputed table: the mini of 2026-12-14 is answered 503 while the server proves it,
    then taken (201); what it kept is what `citytrip daily` printed (the pinned YAML)."""
    expected, plan = pinned("mini")
    server = Server(str(tmp_path / "results.sqlite"), "--plays-per-minute", "0").start()
    try:
        body = {"code": expected.code, "plan": plan, "player": "first-player-0001", "revealed": False}
        status, answer = server.post(body)
        assert status == 503 and "a minute" in answer["error"]
        deadline = time.monotonic() + 90
        while status == 503 and time.monotonic() < deadline:
            time.sleep(0.5)
            status, answer = server.post(body)
        assert status == 201, answer
        assert (answer["par"], answer["target"], answer["medal"]) == (expected.par, expected.target, "gold")
    finally:
        server.stop()



def test_several_worker_processes_share_one_database_and_serve_the_site(tmp_path) -> None:
    """`--workers 2` starts two processes that take plays into the same SQLite file; `--site DIR`
    serves the built site beside the API."""
    from tests.results.conftest import published_rows

    db = str(tmp_path / "results.sqlite")
    published_rows(db)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>Citytrip dailies</h1>", encoding="utf-8")
    published, plan = pinned("mini")
    server = Server(db, "--workers", "2", "--plays-per-minute", "0", "--site", str(site)).start()
    try:
        status, page, _ = server.request("GET", "/")
        assert status == 200 and b"Citytrip dailies" in page
        for n in range(6):
            status, answer = server.post({"code": published.code, "plan": plan, "player": f"worker-test-{n:04d}",
                                          "revealed": False})
            assert status == 201, answer
        assert answer["standing"]["played"] == 6
    finally:
        server.stop()
