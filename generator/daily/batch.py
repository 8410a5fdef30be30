"""The daily puzzles of many dates: each date one job, here or on a Dask cluster.

`make_date` is what `citytrip daily` does for one date (the daily puzzle, then its mini, with
their YAML and PDFs). For a batch (`daily --from --to`), a `DailyJob` is a plain value and
`run_daily_job` a pure function of it that returns the date's files as bytes instead of leaving
them on the machine that made them: a worker of a cluster has its own disk. The command writes
them (`DailyFiles.write`), so a batch gives the very files that single runs give.

The job carries its language: a worker process has its own `speaking` state (generator/language.py),
so the job sets it there and the PDFs come back in the language the command was given.
"""

from __future__ import annotations

import datetime as dt
import functools
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterator

from generator.daily.job import Daily, Pages, Par, make_daily
from generator.daily.stages import QUIET, Stages
from generator.daily.summary import mini_summary, summary
from generator.files import atomic_output
from generator.language import DEFAULT, speaking


# Writes a daily's PDFs (generator/render/daily.py's render_daily): (daily, stem, paper) → paths.
# The command hands it down, as the renderer sits above the daily job (a top-level function, so
# that a batch job carrying it pickles to a cluster's worker).
RenderDaily = Callable[[Daily, Path, str], list[Path]]


@dataclass(frozen=True)
class DailyJob:
    city: str
    day: dt.date
    work: float
    paper: str
    base_url: str | None
    with_mini: bool
    out: str  # where the command writes the files: only named in the summaries
    render: RenderDaily
    lang: str = DEFAULT  # the language of the PDFs (the YAML files are the same in every language)
    prove_work: float | None = None  # the par's bound's work (daily --prove-work), None: the daily's


def make_date(job: DailyJob, folder: Path, stages: Stages = QUIET) -> tuple[Daily, Daily | None]:
    """The daily puzzle of the job's day and its mini (None when skipped or when no deal was
    proven), their YAML and PDFs written into `folder` (the PDFs by the job's `render`, on its
    `paper`, in its `lang`); `stages` hears how far both are. The job's `prove_work` (units, as
    `solve --prove`) gives the par's bound that work instead of the daily's WALK_PROGRAMMES walk
    programmes."""
    from generator.daily.mini import make_mini
    from generator.daily.par import WALK_PROGRAMMES, bound_daily, solve_daily
    from generator.solver.proof import PROGRAMMES_PER_UNIT

    city, day = job.city, job.day
    render = functools.partial(job.render, paper=job.paper)
    solver = functools.partial(solve_daily, work=job.work, stages=stages)
    with speaking(job.lang):
        programmes = WALK_PROGRAMMES if job.prove_work is None else round(job.prove_work * PROGRAMMES_PER_UNIT)
        bounder = functools.partial(bound_daily, programmes=programmes)
        pages = Pages(folder, render, job.base_url)
        daily = make_daily(city, day, pages, Par(solver, bounder), stages)
        mini = make_mini(city, day, pages, stages=stages) if job.with_mini else None
    return daily, mini


@dataclass(frozen=True)
class DailyFiles:
    """One date's files (name and bytes) and what `citytrip daily` prints about them."""

    job: DailyJob
    files: tuple[tuple[str, bytes], ...]
    summary: str
    mini_summary: str | None

    def write(self, out: Path) -> list[Path]:
        written = []
        for name, data in self.files:
            with atomic_output(out / name) as temp:
                temp.write_bytes(data)
            written.append(out / name)
        return written


def run_daily_job(job: DailyJob) -> DailyFiles:
    """Make one date's files in a folder of its own and return them."""
    with tempfile.TemporaryDirectory(prefix="citytrip-daily-") as folder:
        daily, mini = make_date(job, Path(folder))
        made = [daily] + ([mini] if mini is not None else [])
        files = tuple((path.name, path.read_bytes()) for puzzle in made for path in puzzle.files)
    out = Path(job.out)
    named = [replace(puzzle, files=tuple(out / path.name for path in puzzle.files)) for puzzle in made]
    return DailyFiles(job, files, summary(named[0]), mini_summary(named[1]) if mini is not None else None)


def made_dates(jobs: list[DailyJob], cluster: str | None = None) -> Iterator[DailyFiles]:
    """Each job's files, as the jobs finish: in this process one date after another (each daily
    already keeps both cores busy), or on the Dask cluster at `cluster`."""
    if cluster is None:
        yield from map(run_daily_job, jobs)
        return
    from generator.cluster import connected, finished

    with connected(cluster) as client:
        for _, result in finished(client, run_daily_job, jobs):
            yield result
