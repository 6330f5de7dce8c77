"""Deterministic randomness: every deal and every AI seat derives its own seed.

child_seed(seed, "deal") and child_seed(seed, "ai", 2) never collide, so changing
an AI never changes a deal. Shuffles use rng.random() only, so they do not
depend on how a Python version implements random.shuffle.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def child_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed derived from `seed` and the labels, stable across runs and versions."""
    text = "/".join([str(int(seed))] + [str(label) for label in labels])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def make_rng(seed: int, *labels: object) -> random.Random:
    return random.Random(child_seed(seed, *labels))


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """A Fisher-Yates shuffle of a copy of `items`, drawing only rng.random()."""
    out = list(items)
    draw = rng.random   # bound once: the shuffle is on every search opponent's playout path
    for i in range(len(out) - 1, 0, -1):
        j = int(draw() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def new_seed() -> int:
    """A fresh random seed for a new game (the only non-deterministic source)."""
    return random.SystemRandom().randrange(1, 2**31)
