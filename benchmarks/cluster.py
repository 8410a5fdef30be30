"""Level-sweep throughput on a Dask cluster (run by hand, not a timed test): `python benchmarks/cluster.py`.

The same honest-player jobs (Brugge, --levels levels × 16 cards × --shuffles shuffles, the
planner and solvers off) run four ways, one after the other in this run so that the ratios are
comparable on a shared machine: in this process, on the local process pool of 2 workers (the
default of `citytrip levels`), and on a Dask LocalCluster of 1 and of 2 worker processes. Every
way starts warm (the code imported and the city read: the pool's processes are forked from this
one, the cluster's workers run one job first, timed apart as the start-up). It prints jobs per
second, the cluster's start-up, and the overhead per job of the cluster against this process
(local:1's time per job minus this process's).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.cluster import connected, finished  # noqa: E402
from generator.levels.sweep import Effort, jobs_for, run_job, run_jobs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=3)
    parser.add_argument("--shuffles", type=int, default=20)
    args = parser.parse_args()
    jobs = jobs_for("brugge", range(1, args.levels + 1), [16], args.shuffles, 0, Effort(time_limit=0, lns_work=0))
    run_job(jobs[0])  # the city files read and cached once, before any clock starts
    rows = []
    for name, workers in (("this process", 1), ("local process pool, 2 workers", 2)):
        started = time.monotonic()
        list(run_jobs(jobs, workers))
        rows.append((name, time.monotonic() - started, 0.0))
    for address in ("local:1", "local:2"):
        started = time.monotonic()
        with connected(address) as client:
            ready = time.monotonic()
            client.run(run_job, jobs[0])  # each worker imports the code and reads the city once
            warm = time.monotonic()
            results = list(finished(client, run_job, jobs))
            done = time.monotonic()
        assert len(results) == len(jobs)
        rows.append((f"Dask {address}", done - warm, warm - started))
    print(f"{len(jobs)} honest-player jobs (Brugge levels 1-{args.levels}, 16 cards, {args.shuffles} shuffles)")
    for name, seconds, start_up in rows:
        extra = f", cluster start-up and warm-up {start_up:.1f} s" if start_up else ""
        print(f"  {name:32} {seconds:6.1f} s  {len(jobs) / seconds:6.2f} jobs/s{extra}")
    per_job = (rows[2][1] - rows[0][1]) / len(jobs)
    print(f"overhead per job on the cluster (local:1 against this process): {per_job * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
