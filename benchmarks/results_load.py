"""Load on `citytrip serve` (docs/results.md, "Load"): verified plays per second at a p99 latency
under 100 ms, and the day's histogram requests per second, on SQLite and on PostgreSQL.

    python benchmarks/results_load.py [--db sqlite|postgresql|both] [--seconds 5]

It starts the server itself on 127.0.0.1 (a SQLite file in a temporary folder, or a throwaway
PostgreSQL cluster as in tests/results), with Antwerpen's pinned daily of 2026-12-14 published
(work 0.5) and no rate limit, and drives it with a bounded asyncio client: C connections, each
sending its next request when the last is answered (HTTP/1.1 keep-alive), for C in 1, 2, 4, …
Every play is the pinned answer key (20 turns) under a new player id, so each one is replayed by
the engine and inserted. Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.results.conftest import DAY, Server, fresh_postgres, pinned, postgres_bin, published_rows, throwaway_postgres  # noqa: E402

LEVELS = (1, 2, 4, 8, 16, 32, 64)
P99_LIMIT = 0.100


async def client(port: int, requests, until: float, latencies: list[float], errors: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.perf_counter() < until:
            raw = next(requests)
            start = time.perf_counter()
            writer.write(raw)
            await writer.drain()
            status_line = await reader.readline()
            length = 0
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - start)
            status = int(status_line.split()[1])
            if status >= 300:
                errors.append(status)
    finally:
        writer.close()


def plays():
    published, plan = pinned("daily")
    for n in range(10**9):
        body = json.dumps({"code": published.code, "plan": plan, "player": f"load-{time.time_ns()}-{n}",
                           "revealed": False}).encode()
        yield (b"POST /api/v1/plays HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def histograms():
    raw = f"GET /api/v1/days/antwerpen/{DAY}?kind=daily HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    while True:
        yield raw


async def level(port: int, connections: int, seconds: float, requests) -> tuple[float, float, int]:
    latencies: list[float] = []
    errors: list[int] = []
    until = time.perf_counter() + seconds
    start = time.perf_counter()
    await asyncio.gather(*(client(port, requests, until, latencies, errors) for _ in range(connections)))
    elapsed = time.perf_counter() - start
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else float("inf")
    return len(latencies) / elapsed, p99, len(errors)


def measure(name: str, port: int, seconds: float, requests) -> float:
    """Requests per second at the busiest level whose p99 stays under P99_LIMIT."""
    best = 0.0
    for connections in LEVELS:
        rate, p99, errors = asyncio.run(level(port, connections, seconds, requests))
        ok = p99 < P99_LIMIT and errors == 0
        print(f"  {name:<10} {connections:>3} connections: {rate:8.1f}/s  p99 {1000 * p99:7.1f} ms  "
              f"errors {errors}{'' if ok else '  (over the limit)'}", flush=True)
        if ok:
            best = max(best, rate)
        if p99 > 3 * P99_LIMIT:
            break
    return best


def run(db: str, label: str, seconds: float, workers: int) -> None:
    published_rows(db)
    server = Server(db, "--plays-per-minute", "0", "--workers", str(workers)).start()
    try:
        label = f"{label}, {workers} worker{'s' if workers > 1 else ''}"
        print(f"{label}:")
        plays_rate = measure("plays", server.port, seconds, plays())
        days_rate = measure("histogram", server.port, seconds, histograms())
        print(f"{label}: {plays_rate:.0f} verified plays/s and {days_rate:.0f} histogram requests/s at p99 < 100 ms")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per level (default 5)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="server processes (default: 1, then 2)")
    args = parser.parse_args()
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            for workers in args.workers:
                run(str(Path(folder) / f"results-{workers}.sqlite"), "SQLite", args.seconds, workers)
    if args.db in ("postgresql", "both"):
        if postgres_bin() is None:
            sys.exit("PostgreSQL's initdb is not installed (apt-get install postgresql)")
        with throwaway_postgres() as address:
            for workers in args.workers:
                run(fresh_postgres(address, f"load{workers}"), "PostgreSQL", args.seconds, workers)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
