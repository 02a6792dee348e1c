"""The dice of one battle: the given results first, then SplitMix64 from the seed (battle-json.md, "Dice")."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

MASK = (1 << 64) - 1


class DiceExhausted(Exception):
    """The explicit dice ran out and there is no seed."""


def splitmix_dice(seed: int, count: int, sides: int = 12) -> list[int]:
    """The first ``count`` seeded dice of ``seed`` (1..sides each), as battle-json.md defines them."""
    stream = DiceStream((), seed, sides)
    return [stream.next() for _ in range(count)]


class DieSource(Protocol):
    """Where a volley draws its dice: a battle's :class:`DiceStream` or a game's journaled dice."""

    def next(self) -> int:
        """The next die (1..sides)."""
        ...


class DiceStream:
    """Hands out d12 results in order; ``used`` counts them."""

    def __init__(self, given: Sequence[int], seed: int | None, sides: int = 12) -> None:
        self.given = tuple(given)
        self.seed = seed
        self.state = (seed or 0) & MASK
        self.sides = sides
        self.used = 0

    def next(self) -> int:
        """The next die; raises DiceExhausted when the list is spent and there is no seed."""
        if self.used < len(self.given):
            die = self.given[self.used]
        elif self.seed is None:
            raise DiceExhausted(f"the {len(self.given)} dice given ran out; give more dice or a seed")
        else:
            self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
            z = self.state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z = z ^ (z >> 31)
            die = 1 + z % self.sides
        self.used += 1
        return die
