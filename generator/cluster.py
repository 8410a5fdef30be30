"""Independent jobs on a Dask cluster: what `--cluster ADDRESS` of `levels` and `daily` runs on.

ADDRESS is a running scheduler (`tcp://host:8786`, docs/cluster.md says how to start one), or
`local:N`, a LocalCluster of N worker processes that the command starts and stops itself. The jobs
are plain values and the job functions pure functions of them (generator/levels/sweep.py,
generator/daily/batch.py), so a job run on another machine gives what it gives here; the caller
keeps the single record (the outcome log, the output files) and builds its report in a fixed order.

Dask reruns the jobs of a worker that dies on the other workers; `finished` yields each job's
result once, as it completes. Dask is an optional extra (`pip install -e '.[cluster]'`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from typing import Callable, Iterator, Sequence, TypeVar

from generator.errors import UsageError, shown

Job = TypeVar("Job")
Result = TypeVar("Result")

CONNECT_SECONDS = 5  # an unreachable scheduler is reported after this long, not after Dask's 30 s
MAX_LOCAL_WORKERS = 64
_ADDRESS = re.compile(r"^(tcp|tls)://[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}$")
_LOCAL = re.compile(r"^local:([0-9]{1,3})$")
_WORKER_LOGGING = "DASK_LOGGING__DISTRIBUTED"  # read by the worker processes a LocalCluster starts


def checked_address(text: str) -> str:
    """`tcp://host:port`, `tls://host:port` or `local:N`; UsageError for anything else."""
    address = str(text).strip()
    local = _LOCAL.match(address)
    if local and 1 <= int(local[1]) <= MAX_LOCAL_WORKERS:
        return address
    if _ADDRESS.match(address):
        return address
    raise UsageError(
        f"--cluster {shown(text)} is not a Dask scheduler address like tcp://host:8786, nor local:N for a "
        f"cluster of N worker processes on this machine (N from 1 to {MAX_LOCAL_WORKERS})"
    )


@contextlib.contextmanager
def connected(address: str) -> Iterator[object]:
    """A Dask client of the cluster at `address` (started here for `local:N`, closed on the way out)."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError("--cluster needs Dask: pip install -e '.[cluster]' (the distributed package)") from None
    # The daily's search forks its own worker processes (solver/lns.py), which a daemonic Dask
    # worker may not. The worker's statistical profiler (a sample every 10 ms) and its 20-ms ticks
    # took a pure-Python job's thread an eighth to a quarter of its time (benchmarks/cluster.py):
    # the profiler off, a tick a second.
    settings = {"distributed.worker.daemon": False, "distributed.worker.profile.enabled": False,
                "distributed.admin.tick.interval": "1s", "distributed.admin.system-monitor.interval": "1s",
                "distributed.comm.timeouts.connect": f"{CONNECT_SECONDS}s"}
    with dask.config.set(settings), contextlib.ExitStack() as stack:
        stack.enter_context(_quiet_dask())
        local = _LOCAL.match(address)
        if local:
            cluster = stack.enter_context(LocalCluster(n_workers=int(local[1]), threads_per_worker=1,
                                                       processes=True, dashboard_address=None))
            client = stack.enter_context(Client(cluster))
        else:
            try:
                client = stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
            except (OSError, TimeoutError) as error:
                raise UsageError(
                    f"cannot reach the Dask scheduler at {address} within {CONNECT_SECONDS} s ({error}); start one "
                    f"with `dask scheduler` and workers with `dask worker {address}` (docs/cluster.md), or use local:N"
                ) from None
        yield client


@contextlib.contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log lines (workers' heartbeats failing while a stopped run shuts its cluster down,
    with their tracebacks) are not for a user: this command reports what goes wrong itself, and a
    job's exception still reaches it. Quiet in this process and in the workers `local:N` starts."""
    logger = logging.getLogger("distributed")
    level, variable = logger.level, os.environ.get(_WORKER_LOGGING)
    logger.setLevel(logging.CRITICAL)
    os.environ[_WORKER_LOGGING] = "critical"
    try:
        yield
    finally:
        logger.setLevel(level)
        if variable is None:
            os.environ.pop(_WORKER_LOGGING, None)
        else:
            os.environ[_WORKER_LOGGING] = variable


def finished(client, function: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[tuple[int, Result]]:
    """Each job's (index, result), in the order the jobs complete. On the way out (done, an error or
    Ctrl-C) the jobs still queued are cancelled."""
    from distributed import as_completed

    if not jobs:
        return
    futures = client.map(function, list(jobs), pure=False)
    index = {future.key: i for i, future in enumerate(futures)}
    try:
        for future in as_completed(futures):
            yield index[future.key], future.result()
    finally:
        client.cancel(futures)
