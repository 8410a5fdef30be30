"""A level-sweep job function whose worker process dies in the middle of one job, once: for the
cluster tests, as a machine that is switched off would (importable by Dask's worker processes,
which get the test process's sys.path)."""

from __future__ import annotations

import os
from pathlib import Path

from generator.levels.sweep import Job, run_job


def run_job_dying_once(folder: str, victim: Job, job: Job):
    """`run_job(job)`, except that the first process to start `victim` dies halfway through it."""
    if job == victim:
        marker = Path(folder) / "died"
        try:
            marker.touch(exist_ok=False)  # the first attempt only
        except FileExistsError:
            pass
        else:
            run_job(job)  # halfway: the work is done, its result never leaves the process
            os._exit(17)
    return run_job(job)
