"""Level sweeps on a Dask cluster (a LocalCluster of 2 worker processes): the same report, log and
files as a run on this machine, nothing lost when a worker dies or the run is stopped, and a clear
error for a scheduler that cannot be reached. (A batch of dailies on a cluster against single runs:
tests/daily/test_daily_command.py.)"""

from __future__ import annotations

import functools
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fragile import run_job_dying_once
from signals import default_sigint
from generator.cluster import connected, finished
from generator.levels.outcome_log import read_log
from generator.levels.sweep import Effort, jobs_for, run_job

SWEEP = ["levels", "--city", "brugge", "--levels", "1-2", "--shuffles", "6", "--time-limit", "0", "--lns-work", "0"]


def log_content(path: Path) -> list[str]:
    """The log's lines without the measured seconds (wall time differs from run to run, here too),
    in a fixed order (a cluster appends in the order the jobs complete)."""
    lines = []
    for line in path.read_text().splitlines():
        data = json.loads(line)
        for outcome in data["outcomes"]:
            outcome.pop("seconds")
        lines.append(json.dumps(data, sort_keys=True))
    return sorted(lines)


@pytest.fixture(scope="module")
def local_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("local")
    from generator.cli import main

    assert main([*SWEEP, "--out", str(out)]) == 0
    return out


def test_a_sweep_on_the_cluster_gives_the_local_pools_report_and_log(local_sweep, tmp_path, run):
    code, out, err = run(*SWEEP, "--out", tmp_path, "--cluster", "local:2")
    assert code == 0, err
    assert "on the cluster local:2" in out
    for name in ("levels-brugge.csv", "levels-brugge.pdf"):
        assert (tmp_path / name).read_bytes() == (local_sweep / name).read_bytes(), name
    assert log_content(tmp_path / "levels-brugge.jsonl") == log_content(local_sweep / "levels-brugge.jsonl")
    assert len(log_content(tmp_path / "levels-brugge.jsonl")) == 2 * 6


def test_a_worker_killed_mid_job_loses_nothing(tmp_path):
    """The worker running one job exits in the middle of it; Dask runs the job again on a worker
    and every job's result arrives exactly once, the same as here."""
    jobs = jobs_for("brugge", [1, 2], [16], honest=6, solver=0, effort=Effort(time_limit=0, lns_work=0))
    victim = jobs[4]
    dying = functools.partial(run_job_dying_once, str(tmp_path), victim)
    with connected("local:2") as client:
        arrived = list(finished(client, dying, jobs))
    assert (tmp_path / "died").exists()  # a worker did die in the middle of the victim
    assert sorted(index for index, _ in arrived) == list(range(len(jobs)))
    here = {job: run_job(job) for job in jobs}
    for index, outcomes in arrived:
        assert [(o.job, o.status, o.score) for o in outcomes] == [(o.job, o.status, o.score) for o in here[jobs[index]]]


def test_ctrl_c_on_a_cluster_exits_130_and_keeps_whole_lines(tmp_path):
    """Ctrl-C in the middle of a sweep on a cluster: exit code 130, one line on stderr, and a log of
    whole lines that the next run reads. The sweep is long (200 jobs), so that the signal always
    lands before its end, whatever the load of the machine."""
    command = [sys.executable, "-m", "generator", *SWEEP[:5], "--shuffles", "100",
               "--time-limit", "0", "--lns-work", "0", "--out", str(tmp_path), "--cluster", "local:2"]
    log = tmp_path / "levels-brugge.jsonl"
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=default_sigint)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not log.exists() or not log.read_text().strip()):
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted" in err and "Traceback" not in err
    kept = log.read_text().splitlines()
    assert 1 <= len(kept) < 200 and all(json.loads(line) for line in kept)  # whole lines only
    jobs = jobs_for("brugge", [1, 2], [16], honest=100, solver=0, effort=Effort(time_limit=0, lns_work=0))
    assert len(read_log(log, jobs)) == len(kept)


def test_the_next_run_resumes_from_a_log_cut_short(local_sweep, tmp_path):
    """A log of five whole lines and half a sixth (a run killed while writing): the next run on the
    cluster reuses the five, drops the half line, and ends with the uninterrupted run's report and
    log, no line lost or twice."""
    log = tmp_path / "levels-brugge.jsonl"
    lines = (local_sweep / "levels-brugge.jsonl").read_text().splitlines(keepends=True)
    log.write_text("".join(lines[:5]) + lines[5][: len(lines[5]) // 2])
    command = [sys.executable, "-m", "generator", *SWEEP, "--out", str(tmp_path), "--cluster", "local:2"]
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "reusing 5 of 12 jobs" in again.stderr
    assert (tmp_path / "levels-brugge.csv").read_bytes() == (local_sweep / "levels-brugge.csv").read_bytes()
    assert log_content(log) == log_content(local_sweep / "levels-brugge.jsonl")


@pytest.mark.parametrize("address,words,seconds", [
    ("tcp://127.0.0.1:9", "cannot reach the Dask scheduler at tcp://127.0.0.1:9", 20),
    ("tcp://host-that-is-not.invalid:8786", "cannot reach the Dask scheduler", 20),
    ("local:0", "is not a Dask scheduler address", 2),
    ("http://example.org", "is not a Dask scheduler address", 2),
])
def test_an_unreachable_or_malformed_cluster_is_exit_2_within_seconds(tmp_path, run, address, words, seconds):
    started = time.monotonic()
    code, _, err = run(*SWEEP, "--out", tmp_path, "--cluster", address)
    assert code == 2 and words in err and "Traceback" not in err
    assert time.monotonic() - started < seconds


@pytest.mark.parametrize("args,words", [
    (["--date", "2026-12-01", "--from", "2026-12-01"], "either --date"),
    (["--to", "2026-12-02"], "go with --from"),
    (["--cluster", "local:2"], "go with --from"),
    (["--from", "2026-12-03", "--to", "2026-12-01"], "is before"),
])
def test_daily_batch_arguments(tmp_path, run, args, words):
    code, _, err = run("daily", *args, "--out", tmp_path)
    assert code == 2 and words in err
