"""One budget: what a search may spend, in one value passed to every search (issue 57).

python-chess gives every engine call one `Limit(time, depth, nodes, ...)`; here `solve`,
`decide_target`, the mini's `prove`, `solve --prove` (proof.prove_plan) and the
large-neighbourhood search (lns.SearchOptions) each take one `Budget`. Its units:
- `work`: units of deterministic work (about a second of two cores): the large-neighbourhood
  search's, or, for `prove_plan`, the search's and the count-range bound's together. A search
  stopped on work is a pure function of its inputs, the same on every machine.
- `cp_sat_work`: seconds of CP-SAT's deterministic clock for the full model (one worker:
  reproducible, OR-Tools #2159); None stops it on the wall clock instead.
- `walk_programmes`: walk programmes of the walk bound (walk_bound.py), 0 for none.
- `time_limit`: seconds of the wall clock: the limit of a search on the clock, and only a guard
  against a runaway where the work decides.

Checked once, here (ValueError with the value), so no search checks it again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MAX_SEED = 2**31 - 1  # CP-SAT's random_seed is a 32-bit integer


@dataclass(frozen=True)
class Budget:
    time_limit: float = 60.0          # wall-clock seconds
    work: float | None = None         # deterministic units; None: shares of the time limit, on the clock
    workers: int = 2                  # processes (CP-SAT's workers for the full model)
    seed: int = 0
    walk_programmes: int = 0          # the walk bound's programmes (0: no walk bound)
    full_model: bool = True           # the full model gets what the search leaves of the time limit
    cp_sat_work: float | None = None  # the full model's deterministic seconds (None: the clock)

    def __post_init__(self) -> None:
        if not (math.isfinite(self.time_limit) and self.time_limit > 0):
            raise ValueError(f"budget: the time limit must be more than 0 seconds, not {self.time_limit!r}")
        for name in ("work", "cp_sat_work"):
            value = getattr(self, name)
            if value is not None and not (math.isfinite(value) and value >= 0):
                raise ValueError(f"budget: {name.replace('_', ' ')} must be at least 0, not {value!r}")
        if self.workers < 1:
            raise ValueError(f"budget: workers must be at least 1, not {self.workers!r}")
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"budget: the seed must be between 0 and {MAX_SEED}, not {self.seed!r}")
        if self.walk_programmes < 0:
            raise ValueError(f"budget: walk programmes must be at least 0, not {self.walk_programmes!r}")
