"""A server's settings and limits (one place for every number), and the rate limit of a line."""
from __future__ import annotations

from dataclasses import dataclass

from cardgames.table import lobby, pace

GRACE_DEFAULT, GRACE_MAX = 20.0, 120.0
CATCH_TRIP_MAX = 1.0          # seconds of round trip a Switch catch window may add (catch_cap = catch_base + this)
CATCH_MAX = 60.0


@dataclass(frozen=True)
class Config:
    # a line (one connection)
    max_bytes: int = lobby.MAX_BYTES    # a longer message: an error, and the line is closed
    frame_limit: int = 4 * lobby.MAX_BYTES   # a frame longer than this is refused by websockets itself (1009)
    rate: float = 20.0                  # messages a second a line may send, sustained ...
    burst: int = 40                     # ... and at once
    strikes: int = 5                    # unreadable messages a line may send before it is closed
    send_queue: int = 256               # updates waiting for a line that does not read; more: it is closed
    join_timeout: float = 10.0          # seconds to join (or host) after connecting
    idle_timeout: float = 3600.0        # seconds a line may stay silent (pings do not count)
    ping_interval: float | None = 20.0  # websockets' keepalive: a peer that does not answer a ping ...
    ping_timeout: float | None = 20.0   # ... within this many seconds is dropped
    compression: bool = False           # permessage-deflate: fewer bytes, but ~170 KB more memory a table (make bench)
    # an address (one machine, or one network behind one address)
    lines_per_address: int = 64
    tables_per_address: int = 8
    # tables
    max_tables: int = 2000
    grace: float = GRACE_DEFAULT        # seconds before a computer plays a dropped player's seat (0-120)
    level: str = "normal"               # the computer that plays it
    ai_delay: float = pace.AI_DELAY     # a computer seat's thinking time
    empty_ttl: float = 600.0            # a table nobody is connected to closes after this many seconds
    # Switch's catch window: catch_base seconds plus the slowest connected player's half round trip
    # (ws.latency), at most catch_cap. As long as a local table's (pace.CATCH_HOLD): a person must see
    # the card land, notice the missing call and press (seen in two real windows: with 0.75 s the
    # window had closed before a quick press), and the computers' reaction times were set for it.
    catch_base: float = pace.CATCH_HOLD
    catch_cap: float = pace.CATCH_HOLD + CATCH_TRIP_MAX

    def __post_init__(self) -> None:
        if not 0.0 <= self.grace <= GRACE_MAX:
            raise ValueError(f"the grace before a computer takes a seat is 0 to {GRACE_MAX:.0f} s, not {self.grace}")
        if not 0.0 < self.catch_base <= CATCH_MAX:
            raise ValueError(f"a catch window is more than 0 and at most {CATCH_MAX:.0f} s, not {self.catch_base}")


class Bucket:
    """A token bucket: `burst` messages at once, then `rate` a second. take(now) says whether one
    more may pass at time `now` (seconds on any steady clock)."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = float(rate), float(burst)
        self.tokens, self.at = float(burst), now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
