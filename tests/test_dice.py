"""The dice of a journal record: reproducible from (seed, record), every roll kept, replay checked."""
from __future__ import annotations

import math
import random
import subprocess
import sys
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kriegsspiel.core.dice import Dice, DiceMismatch


@given(st.integers(0, 2**63), st.integers(0, 10_000), st.lists(st.integers(1, 100), max_size=20))
def test_the_same_seed_and_record_draw_the_same_rolls_in_range(seed: int, index: int, dice_sides: list[int]) -> None:
    first, second = Dice(seed, index), Dice(seed, index)
    values = [first.roll(s) for s in dice_sides]
    assert values == [second.roll(s) for s in dice_sides]
    assert all(1 <= v <= s for v, s in zip(values, dice_sides))
    assert first.rolls == list(zip(dice_sides, values))


def chi_square(counts: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic of observed ``counts`` against ``expected`` counts."""
    return sum((c - e) ** 2 / e for c, e in zip(counts, expected))


def chi_square_critical(df: int, z: float = 3.0902) -> float:
    """The chi-square value a fair source exceeds with probability 0.001 (z = 3.0902) for ``df`` degrees of
    freedom (Wilson-Hilferty; within 1% of the tables for df >= 5: 20.5 for 5, 126 for 81)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def face_counts(roll: Callable[[], int], sides: int, n: int) -> list[int]:
    counts = [0] * sides
    for _ in range(n):
        counts[roll() - 1] += 1
    return counts


def uniform_statistic(roll: Callable[[], int], sides: int, n: int) -> float:
    return chi_square(face_counts(roll, sides, n), [n / sides] * sides)


def pairs_statistic(first_roll: Callable[[int], int], sides: int, records: int) -> float:
    """Chi-square of independence between the first roll of record i and of record i + 1 (a sides x sides
    table of consecutive pairs, against the product of its margins)."""
    values = [first_roll(index) for index in range(records + 1)]
    table = [[0] * sides for _ in range(sides)]
    for a, b in zip(values, values[1:]):
        table[a - 1][b - 1] += 1
    rows = [sum(r) for r in table]
    cols = [sum(table[i][j] for i in range(sides)) for j in range(sides)]
    n = sum(rows)
    return chi_square([table[i][j] for i in range(sides) for j in range(sides)],
                      [rows[i] * cols[j] / n for i in range(sides) for j in range(sides)])


def test_a_fair_die_passes_the_chi_square_test_and_a_biased_one_fails_it() -> None:
    """30 000 rolls of a d6 under a fixed seed: Pearson's chi-square below the 0.1% critical value (20.5 for 5
    degrees of freedom). The same check on a die that shows a 6 one time in 5.2 instead of 6 fails it."""
    dice = Dice(5, 5)
    assert uniform_statistic(lambda: dice.roll(6), 6, 30_000) < chi_square_critical(5)
    ten = Dice(6, 6)
    assert uniform_statistic(lambda: ten.roll(10), 10, 30_000) < chi_square_critical(9)
    loaded, rng = Dice(5, 5), random.Random(1)
    biased = lambda: 6 if rng.random() < 0.03 else loaded.roll(6)  # noqa: E731
    assert uniform_statistic(biased, 6, 30_000) > chi_square_critical(5)
    # and one that never shows the top face of a d10 (an off-by-one in randint's bounds)
    short = Dice(6, 6)
    assert uniform_statistic(lambda: min(short.roll(10), 9), 10, 30_000) > chi_square_critical(9)


def test_records_draw_independent_sequences() -> None:
    """The first d10 of record i and of record i + 1 are independent (chi-square on 2000 consecutive pairs, 81
    degrees of freedom, below the 0.1% critical value); dice whose record repeats the previous record's first
    roll one time in four fail the same check, though all their sequences still differ."""
    assert pairs_statistic(lambda index: Dice(1777, index).roll(10), 10, 2000) < chi_square_critical(81)
    rng = random.Random(3)
    previous: list[int] = []

    def sticky(index: int) -> int:
        value = Dice(1777, index).roll(10)
        if previous and rng.random() < 0.25:
            value = previous[-1]
        previous.append(value)
        return value

    assert pairs_statistic(sticky, 10, 2000) > chi_square_critical(81)
    sequences = {tuple(Dice(1777, index).roll(1000) for _ in range(5)) for index in range(50)}
    assert len(sequences) == 50


def test_rolls_do_not_depend_on_the_python_process() -> None:
    # String seeds hash with SHA-512, not with the per-process string hash.
    code = "from kriegsspiel.core.dice import Dice; d = Dice(1777, 3); print([d.roll(6) for _ in range(8)])"
    outs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": seed}
        ).stdout
        for seed in ("1", "2")
    }
    local = Dice(1777, 3)
    assert outs == {f"{[local.roll(6) for _ in range(8)]}\n"}


def test_one_in_n_succeeds_one_time_in_n() -> None:
    """40 000 draws of one_in(4): the hits within 3.29 standard deviations of 10 000 (a two-sided 0.1% test);
    a coin that comes up one time in 4.17 (p = 0.24) fails the same test."""
    n, p = 40_000, 0.25
    sd = math.sqrt(n * p * (1 - p))
    dice = Dice(9, 9)
    hits = sum(dice.one_in(4) for _ in range(n))
    assert abs(hits - n * p) < 3.29 * sd, hits
    rng = random.Random(2)
    assert abs(sum(rng.random() < 0.24 for _ in range(n)) - n * p) > 3.29 * sd
    assert dice.one_in(0) is False and len(dice.rolls) == n  # no roll drawn for "never"
    assert all(Dice(1, i).one_in(1) for i in range(20))  # a d1 always shows 1
    assert dice.rolls[0][0] == 4  # one_in(4) rolls a d4


def test_replaying_the_recorded_rolls_passes() -> None:
    live = Dice(42, 7)
    values = [live.roll(6), live.roll(4), live.roll(10)]
    replay = Dice.replaying(42, 7, live.rolls)
    assert [replay.roll(6), replay.roll(4), replay.roll(10)] == values
    replay.check_complete()


@pytest.mark.parametrize(
    "recorded, draws, message",
    [
        ([(6, 7)], [6], "record 7: roll 1: the journal holds d6=7, the replay drew d6="),
        ([(4, 1)], [6], "record 7: roll 1: the journal holds d4=1, the replay drew d6="),
        ([], [6], "record 7: roll 1 (d6) was not in the journal, which holds 0 roll(s)"),
    ],
)
def test_replaying_other_rolls_names_the_roll(recorded, draws, message) -> None:
    replay = Dice.replaying(42, 7, recorded)
    with pytest.raises(DiceMismatch) as caught:
        for sides in draws:
            replay.roll(sides)
    assert str(caught.value).startswith(message)


def test_a_replay_that_draws_fewer_rolls_is_caught() -> None:
    live = Dice(42, 7)
    live.roll(6)
    replay = Dice.replaying(42, 7, live.rolls)
    with pytest.raises(DiceMismatch, match="the replay drew 0 roll"):
        replay.check_complete()


def test_a_die_needs_a_face() -> None:
    with pytest.raises(ValueError, match="at least one face"):
        Dice(1, 1).roll(0)


# --- derived dice (a step's dice seeded by its phase, journaled with the record that draws them) -------------


def test_derived_dice_are_seeded_by_their_stream_and_their_rolls_are_the_records_in_order() -> None:
    record = Dice(7, 3)
    own = record.roll(6)
    step = record.derived(40)
    drawn = [step.roll(12) for _ in range(3)]
    fresh = Dice(7, 40)  # the same game seed, the stream's dice, whatever the record drew before
    assert drawn == [fresh.roll(12) for _ in range(3)]
    last = record.roll(6)
    assert record.rolls == [(6, own), (12, drawn[0]), (12, drawn[1]), (12, drawn[2]), (6, last)]
    assert step.rolls == [(12, v) for v in drawn]


def test_derived_rolls_are_checked_on_replay_against_the_record() -> None:
    played = Dice(7, 3)
    played.roll(6)
    step = played.derived(40)
    step.roll(12)
    step.roll(12)
    replay = Dice.replaying(7, 3, played.rolls)
    replay.roll(6)
    again = replay.derived(40)
    again.roll(12)
    again.roll(12)
    replay.check_complete()
    assert replay.rolls == played.rolls and not replay.replaying_without_rolls
    forged = list(played.rolls)
    forged[1] = (12, forged[1][1] % 12 + 1)
    replay = Dice.replaying(7, 3, forged)
    replay.roll(6)
    with pytest.raises(DiceMismatch, match="roll 2"):
        replay.derived(40).roll(12)
    with pytest.raises(DiceMismatch):
        Dice.replaying(7, 3, played.rolls[:2]).derived(40).roll(20)  # a d20 where the journal holds a d6


def test_a_record_written_before_derived_rolls_were_journaled_draws_them_unchecked_and_keeps_none() -> None:
    replay = Dice.replaying(7, 3, ())
    step = replay.derived(40)
    assert replay.replaying_without_rolls and step.replaying_without_rolls
    fresh = Dice(7, 40)
    assert [step.roll(12) for _ in range(4)] == [fresh.roll(12) for _ in range(4)]
    assert replay.rolls == []
    replay.check_complete()
    assert not Dice(7, 3).derived(40).replaying_without_rolls
