"""Real parts for the results service's tests: `citytrip serve` in a subprocess, on a SQLite file
or on a throwaway PostgreSQL cluster (Debian's postgresql: initdb and pg_ctl in a temporary
folder, as an unprivileged user). Without PostgreSQL's binaries its tests are skipped, unless
CITYTRIP_REQUIRE_POSTGRES is set (CI sets it: there a missing PostgreSQL is a failure).

The puzzles come precomputed (`published_rows`): Antwerpen's daily and mini of 2026-12-14 as
pinned in tests/data/daily (the daily made at work 0.5), so no test waits a minute for a solver.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.data.puzzles import load_plan
from generator.results.published import Published, version_of
from generator.results.store import Store
from generator.rules.notation import format_plan

DATA = Path(__file__).resolve().parents[1] / "data" / "daily"
DAY = dt.date(2026, 12, 14)
WORK = 0.5
STEM = "citytrip-antwerpen-2026-12-14"


def header(path: Path, key: str) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {key}: "):
            return line.split(": ", 1)[1]
    raise AssertionError(f"{path} has no {key} line")


def pinned(kind: str) -> tuple[Published, str]:
    """The pinned puzzle of `kind` as the server would publish it, and its answer in notation."""
    stem = STEM + ("-mini" if kind == "mini" else "")
    answer = DATA / f"{stem}-answer.yaml"
    code = header(answer, "code")
    par = int(header(answer, "par").split()[0])
    target = int(code.rsplit("/T", 1)[1])
    published = Published("antwerpen", DAY, kind, version_of(kind, WORK), code, par, target)
    return published, format_plan(load_plan(answer))


def pinned_dailies(city: str, day: dt.date, folder: Path):
    """A site's maker (generator/site/build.py's `Maker`) for the pinned date: its daily and mini
    published from the pinned files as `citytrip daily` published them (the same codes, pars and
    targets the server takes), without solving or PDFs."""
    from generator.daily.job import Chosen, Pages, Solution, publish
    from generator.data.puzzles import load_puzzle

    assert (city, day) == ("antwerpen", DAY), f"only {DAY}'s Antwerpen puzzles are pinned"
    made = []
    for kind in ("daily", "mini"):
        published, _plan = pinned(kind)
        stem = STEM + ("-mini" if kind == "mini" else "")
        answer = load_plan(DATA / f"{stem}-answer.yaml")
        puzzle = load_puzzle(DATA / f"{stem}-puzzle.yaml")
        made.append(publish(Chosen(puzzle, Solution(answer, published.par, published.par, True, 0), attempt=0),
                            Pages(folder), day=day, title=f"pinned {kind}", notes=[]))
        assert made[-1].code == published.code
    return made[0], made[1]


def published_rows(db: str) -> None:
    store = Store(db)
    for kind in ("daily", "mini"):
        store.add_published(pinned(kind)[0])
    store.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`citytrip serve` in a subprocess of its own (so that a test may kill -9 it)."""

    def __init__(self, db: str, *options: str, today: str = "2026-12-13", port: int = 0) -> None:
        """`port` 0: a free one at each start (a site built for the server's address names its port)."""
        self.db, self.options, self.today = db, options, today
        self.process: subprocess.Popen | None = None
        self.fixed_port = port
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        self.port = self.fixed_port or free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator", "serve", "--db", self.db, "--port", str(self.port),
             "--today", self.today, "--work", str(WORK), "--no-deal-ahead", "--city", "antwerpen", *self.options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"citytrip serve ended: {self.process.stdout.read().decode()}")
            try:
                if self.get("/api/v1/health")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        raise AssertionError("citytrip serve did not answer in 30 s")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, bytes, dict]:
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.read(), dict(answer.headers)
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read(), dict(refused.headers)

    def get(self, path: str) -> tuple[int, object]:
        status, body, headers = self.request("GET", path)
        return status, json.loads(body) if headers.get("content-type", "").startswith("application/json") else body

    def post(self, data: object, raw: bytes | None = None, headers: dict | None = None) -> tuple[int, dict]:
        body = raw if raw is not None else json.dumps(data).encode()
        status, text, _ = self.request("POST", "/api/v1/plays", body,
                                       {"Content-Type": "application/json", **(headers or {})})
        return status, json.loads(text)


# PostgreSQL: a throwaway cluster

def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


@contextlib.contextmanager
def throwaway_postgres():
    """The address of a fresh PostgreSQL cluster in a temporary folder, run as an unprivileged
    user (nobody, when this runs as root), stopped and removed at the end."""
    binaries = postgres_bin()
    folder = Path(tempfile.mkdtemp(prefix="citytrip-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: run it as nobody
        user = pwd.getpwnam("nobody")
        os.chown(folder, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "nobody", "--"]
    data, port = folder / "data", free_port()
    try:
        subprocess.run([*run_as, str(binaries / "initdb"), "-D", str(data), "-U", "citytrip", "--auth=trust",
                        "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
        subprocess.run([*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"),
                        "-o", f"-h 127.0.0.1 -p {port} -k {folder} -c max_connections=200",
                        "start"], check=True, capture_output=True)
        yield f"postgresql://citytrip@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> str:
    """A throwaway PostgreSQL cluster's address; skipped (or failed, under CITYTRIP_REQUIRE_POSTGRES)
    without the binaries."""
    binaries = postgres_bin()
    if binaries is None or not (binaries / "pg_ctl").exists():
        if os.environ.get("CITYTRIP_REQUIRE_POSTGRES"):
            pytest.fail("CITYTRIP_REQUIRE_POSTGRES is set but PostgreSQL's initdb and pg_ctl are not installed "
                        "(apt-get install postgresql)")
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql): "
                    "the PostgreSQL tests are skipped")
    with throwaway_postgres() as address:
        yield address


def fresh_postgres(address: str, name: str) -> str:
    """A new empty database in the cluster at `address`."""
    import psycopg

    with psycopg.connect(address, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    return address.rsplit("/", 1)[0] + "/" + name


def fresh_database(backend: str, folder: Path, request, name: str) -> str:
    """A new empty database: a SQLite file `name`.sqlite in `folder`, or the database `name` in the
    session's throwaway PostgreSQL cluster (the `postgres` fixture, skipped without it)."""
    if backend == "sqlite":
        return str(folder / f"{name}.sqlite")
    return fresh_postgres(request.getfixturevalue("postgres"), name)
