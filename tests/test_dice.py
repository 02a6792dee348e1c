"""The dice of a journal record: reproducible from (seed, record), every roll kept, replay checked."""
from __future__ import annotations

import subprocess
import sys

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


def test_records_draw_independent_sequences() -> None:
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


def test_a_fair_die_shows_every_face_about_equally_often() -> None:
    dice = Dice(5, 5)
    counts = [0] * 6
    for _ in range(6000):
        counts[dice.roll(6) - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_one_in_n() -> None:
    dice = Dice(9, 9)
    hits = sum(dice.one_in(4) for _ in range(4000))
    assert 850 < hits < 1150
    assert dice.one_in(0) is False and len(dice.rolls) == 4000  # no roll drawn for "never"
    assert Dice(1, 1).one_in(1) is True


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
