"""Rate limits: a token bucket per connection, and one per client address."""

from __future__ import annotations

import time
from collections import OrderedDict


class Bucket:
    """``rate`` tokens a second up to ``burst``; each accepted message takes one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        """Whether one more is allowed now (and count it if so)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1.0 - self.tokens) / self.rate)


class Buckets:
    """A bucket per key (a client address), forgetting the longest idle past ``keep``."""

    def __init__(self, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str) -> float | None:
        """None if ``key`` may go on now, else the seconds it should wait."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(self.rate, self.burst)
            if len(self._buckets) > self.keep:
                # A forgotten key starts again with a full bucket: only keys idle
                # for long are forgotten, whose buckets would be full anyway.
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        if bucket.take():
            return None
        return bucket.wait()
