"""How many plays one address may post: a sliding window per address, in this process's memory.

The address is only counted here, never stored. Behind several server processes each keeps its
own window (docs/results.md): the proxy in front is the place for a shared limit.
"""

from __future__ import annotations

import collections
import threading
import time

WINDOW = 60.0


class RateLimit:
    def __init__(self, per_minute: int, clock=time.monotonic) -> None:
        self.per_minute = per_minute  # 0: no limit
        self.clock = clock
        self.seen: dict[str, collections.deque] = {}
        self.lock = threading.Lock()

    def allow(self, address: str) -> bool:
        """Count a request from `address`; False when it is over the limit."""
        if self.per_minute <= 0:
            return True
        now = self.clock()
        with self.lock:
            if len(self.seen) > 100_000:  # forget the idle addresses
                self.seen = {a: q for a, q in self.seen.items() if q and q[-1] > now - WINDOW}
            times = self.seen.setdefault(address, collections.deque())
            while times and times[0] <= now - WINDOW:
                times.popleft()
            if len(times) >= self.per_minute:
                return False
            times.append(now)
            return True
