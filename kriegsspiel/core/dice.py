"""The dice of one journal record: seeded by (game seed, record index), every roll kept.

Each accepted command gets its own :class:`Dice`, so a record replays on its own, whatever undo and redo did
to the records around it. The rolls a command made are written into its journal record; on replay
:meth:`Dice.replaying` draws again from the same generator and checks every roll against the record.
"""
from __future__ import annotations

import random


class DiceMismatch(Exception):
    """A replayed command drew a different roll from the one its journal record holds.

    The message names the roll (1-based), the die and both values.
    """


class Dice:
    """The random source handed to ``apply``: rolls of fair dice, remembered in order.

    ``Dice(seed, record_index)`` draws from ``random.Random(f"{seed}:{record_index}")`` (string seeds hash with
    SHA-512, so the sequence does not depend on the Python process or PYTHONHASHSEED).
    """

    def __init__(self, seed: int, record_index: int) -> None:
        self.seed = int(seed)
        self.record_index = int(record_index)
        self._generator = random.Random(f"{self.seed}:{self.record_index}")
        self._rolls: list[tuple[int, int]] = []
        self._expected: tuple[tuple[int, int], ...] | None = None

    @classmethod
    def replaying(cls, seed: int, record_index: int, recorded_rolls: list[tuple[int, int]] | tuple) -> Dice:
        """Dice that check each roll against ``recorded_rolls`` ((sides, value) pairs from the journal).

        A roll that differs raises :class:`DiceMismatch`; so does drawing more rolls than were recorded.
        Call :meth:`check_complete` after the command to catch a replay that drew fewer.
        """
        dice = cls(seed, record_index)
        dice._expected = tuple((int(s), int(v)) for s, v in recorded_rolls)
        return dice

    @property
    def rolls(self) -> list[tuple[int, int]]:
        """The rolls made so far, as (sides, value) pairs, in order."""
        return list(self._rolls)

    def roll(self, sides: int) -> int:
        """Roll a fair die with ``sides`` faces: a value in 1..sides.

        Raises ValueError for a die with fewer than one face, DiceMismatch when replaying and the roll
        differs from the recorded one.
        """
        sides = int(sides)
        if sides < 1:
            raise ValueError(f"a die needs at least one face, got {sides}")
        value = self._generator.randint(1, sides)
        number = len(self._rolls) + 1
        if self._expected is not None:
            if number > len(self._expected):
                raise DiceMismatch(
                    f"record {self.record_index}: roll {number} (d{sides}) was not in the journal, "
                    f"which holds {len(self._expected)} roll(s)"
                )
            want_sides, want_value = self._expected[number - 1]
            if (want_sides, want_value) != (sides, value):
                raise DiceMismatch(
                    f"record {self.record_index}: roll {number}: the journal holds d{want_sides}={want_value}, "
                    f"the replay drew d{sides}={value}"
                )
        self._rolls.append((sides, value))
        return value

    def one_in(self, n: int) -> bool:
        """True with probability 1/n (a roll of 1 on an n-sided die). ``n`` < 1 never succeeds, drawing nothing."""
        if n < 1:
            return False
        return self.roll(n) == 1

    def check_complete(self) -> None:
        """When replaying: raise DiceMismatch if the command drew fewer rolls than the journal holds."""
        if self._expected is not None and len(self._rolls) != len(self._expected):
            raise DiceMismatch(
                f"record {self.record_index}: the replay drew {len(self._rolls)} roll(s), "
                f"the journal holds {len(self._expected)}"
            )
