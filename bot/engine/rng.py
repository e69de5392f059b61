"""A tiny seeded random generator whose whole state is one integer.

Keeping the generator state in the game state (as an int that round-trips through JSON)
makes every game a pure function of its seed and action log.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_to_state(seed: int | str) -> int:
    """Turn any seed (int or text) into a 64-bit generator state."""
    if isinstance(seed, str):
        import hashlib

        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    return seed & _MASK


class Rng:
    """SplitMix64: fast, well distributed, and its state is a single 64-bit integer."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def die(self) -> int:
        return self.randint(1, 6)

    def dice(self, n: int) -> list[int]:
        return [self.die() for _ in range(n)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]


class ScriptedRng(Rng):
    """Dice for tests: `die()` returns the scripted values in order, everything else is seeded."""

    def __init__(self, dice: list[int], state: int = 0) -> None:
        super().__init__(state)
        self._dice = list(dice)

    def die(self) -> int:
        if not self._dice:
            raise AssertionError("scripted dice ran out")
        return self._dice.pop(0)
