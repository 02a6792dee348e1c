"""Every roll in the journal (issue 21, item 3; docs/design.md "every roll goes through it and is journaled"): a
unit-profiles step's dice come from the seed and the phase (so that an answer given later applies to the dice
shown), and they are the resolving record's ``rolls`` too, checked by verify and replay as for the ruler
games; a save written before (its records hold no rolls) still reopens and verifies."""
from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.core.dice import Dice, DiceMismatch
from kriegsspiel.store.area import AreaSession, ReplayError, replay_area
from kriegsspiel.store.journal import read_save
from kriegsspiel.store.journal_write import UnsealedPrefix
from test_unit_profiles_session import PLAN, _env, scenario_copy

BEFORE = Path(__file__).resolve().parent / "fixtures" / "saves" / "unit-profiles-before-rolls"


def test_derived_dice_are_the_records_rolls_and_are_checked_on_replay() -> None:
    record = Dice(7, 3)
    phase = record.derived(99)
    drawn = [phase.roll(12) for _ in range(5)]
    alone = Dice(7, 99)
    assert drawn == [alone.roll(12) for _ in range(5)]                   # the phase's own sequence
    assert [v for _, v in record.rolls] == drawn and all(s == 12 for s, _ in record.rolls)
    again = Dice.replaying(7, 3, record.rolls)                            # the same record replayed: it checks
    replayed = again.derived(99)
    assert [replayed.roll(12) for _ in range(5)] == drawn
    again.check_complete()
    wrong = Dice.replaying(7, 3, [(12, (drawn[0] % 12) + 1)] + record.rolls[1:])
    with pytest.raises(DiceMismatch, match="roll 1"):
        wrong.derived(99).roll(12)
    short = Dice.replaying(7, 3, record.rolls[:2])
    d = short.derived(99)
    with pytest.raises(DiceMismatch, match="not in the journal"):
        for _ in range(5):
            d.roll(12)


def test_a_record_written_before_holds_no_rolls_and_still_replays() -> None:
    legacy = Dice.replaying(7, 3, [])
    phase = legacy.derived(99)
    alone = Dice(7, 99)
    assert [phase.roll(12) for _ in range(4)] == [alone.roll(12) for _ in range(4)]
    legacy.check_complete()                                  # drawn unchecked (its events hold every die)
    assert legacy.rolls == []


def _play_nords_turn(tmp_path: Path) -> Path:
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario_copy(tmp_path), save) as game:
        while game.turn.position.data["power"] == "NORD":
            for line in PLAN.get(game.turn.position.phase, []):
                assert game.submit(line).accepted
            for _ in range(100):
                out = game.submit("confirm")
                assert out.accepted, out.reason
                if not out.result.choices:
                    break
                choice = out.result.choices[0]
                assert game.submit(f"{choice.power}: {choice.options[0]}").accepted
    return save


def _shown_dice(event: dict) -> list[int]:
    """The d12s a phase event shows people (``n20 9/3 miss``), in its lines and then its question, in order."""
    texts = list(event["lines"]) + [c["question"] for c in event["choices"]]
    return [int(m.group(1)) for text in texts for m in re.finditer(r"\b[a-z]+\d+ (\d+)/\d+ (?:hit|miss)", text)]


def test_the_battles_dice_are_in_the_records_rolls_and_verify_checks_them(tmp_path: Path) -> None:
    save = _play_nords_turn(tmp_path)
    loaded = read_save(save)
    fights = [r for r in loaded.records if r.command == "confirm" and any(
        "fires:" in line for line in r.events[0]["lines"])]
    assert fights
    for r in fights:
        assert r.rolls and all(sides == 12 for sides, _ in r.rolls)
        assert [v for _, v in r.rolls] == _shown_dice(r.events[0])    # every die shown is journaled
    assert AreaSession.verify(loaded).intact
    # a die changed in the journal is found (here without the hash chain, which would find it first)
    scenario = AreaSession.scenario_of_save(loaded, [])
    bad = fights[-1]
    changed = ((12, bad.rolls[0][1] % 12 + 1),) + bad.rolls[1:]
    records = [dataclasses.replace(r, rolls=changed) if r is bad else r for r in loaded.records]
    with pytest.raises(ReplayError, match="dice differ"):
        replay_area(scenario, records, loaded.header.seed)


def test_a_save_of_before_still_reopens_verifies_and_goes_on(tmp_path: Path) -> None:
    shutil.copytree(BEFORE, tmp_path / "old")
    save = tmp_path / "old" / "before-rolls.kssave"
    loaded = read_save(save)
    assert not any(r.rolls for r in loaded.records)                   # written before the rolls were journaled
    fought = [line for r in loaded.records for e in r.events for line in e.get("lines", [])]
    assert any("n36 5/6 hit" in line for line in fought)             # a torpedo's hit, placed then by default
    assert AreaSession.verify(loaded).intact
    with pytest.raises(UnsealedPrefix, match="none of its lines"):  # sealed on another machine than this test's
        AreaSession.open(save)
    assert main(["adopt", str(save)]) == 0                           # the umpire takes it on trust
    with AreaSession.open(save) as game:                                # it reopens and play goes on from it
        assert game.turn.position.phase == "R2.NORD.purchase"
        assert game.submit("NORD: buy 1 infantry").accepted and game.submit("confirm").accepted
    again = read_save(save)
    assert len(again.records) == len(loaded.records) + 3 and AreaSession.verify(again).intact
    assert again.records[len(loaded.records)].kind == "adopt"


def test_replay_shows_the_rolls(tmp_path: Path) -> None:
    save = _play_nords_turn(tmp_path)
    loaded = read_save(save)
    last_fight = max(r.seq for r in loaded.records if r.command == "confirm" and r.rolls)
    run = [sys.executable, "-m", "kriegsspiel", "replay", str(save)]
    log = subprocess.run(run + ["--log"], capture_output=True, text=True, env=_env(), timeout=120)
    assert log.returncode == 0, log.stderr
    record = next(r for r in loaded.records if r.seq == last_fight)
    assert f"   rolls: d12: {' '.join(str(v) for _, v in record.rolls)}" in log.stdout
    out = subprocess.run(run + ["--json", "--to", str(last_fight)], capture_output=True, text=True, env=_env(),
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["last_record"]["rolls"] == [list(r) for r in record.rolls]
