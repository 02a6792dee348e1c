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
        #: the record's dice whose rolls these are too (:meth:`derived`)
        self._parent: Dice | None = None
        #: replaying a record written before derived rolls were journaled (it holds none)
        self._unchecked_derived = False

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
            self._check(number, sides, value)
        if self._parent is not None:
            self._parent._adopt(sides, value)
        self._rolls.append((sides, value))
        return value

    def derived(self, stream: int) -> Dice:
        """Dice of the same game seeded by ``stream`` instead of this record's index, whose rolls are this
        record's rolls too: journaled with it (in the order drawn, mixed with its own) and checked on replay.

        For a rule set whose dice must not depend on which record draws them (the unit-profiles game draws a
        step's dice from the phase, so that an answer given in a later record applies to the dice its
        question showed). A record replayed with no rolls at all was written before derived rolls were
        journaled: its derived rolls are then drawn unchecked and not kept (its events still hold every die).
        """
        child = Dice(self.seed, stream)
        child._parent = self
        return child

    @property
    def replaying_without_rolls(self) -> bool:
        """Whether these dice replay a record that holds no rolls: one that drew none, or one written before
        derived rolls were journaled (a rule set may then resolve as it did when such records were written);
        for :meth:`derived` dice, whether their record's dice do."""
        if self._parent is not None:
            return self._parent.replaying_without_rolls
        return self._expected == ()

    def _adopt(self, sides: int, value: int) -> None:
        """Take a roll of derived dice as this record's (checked like one of its own)."""
        if self._unchecked_derived:
            return
        if self._expected == () and not self._rolls:
            self._unchecked_derived = True
            return
        number = len(self._rolls) + 1
        if self._expected is not None:
            self._check(number, sides, value)
        self._rolls.append((sides, value))

    def _check(self, number: int, sides: int, value: int) -> None:
        assert self._expected is not None
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
