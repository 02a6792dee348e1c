"""Saves whose snapshots were written before the rule sets' own state moved into their slots (issue 27 item 2):
V3's pending combat, couriers and disruption and the Fourth Edition's warheads, air turn and planes in the air
were then fields of the core's state and units. The saves in tests/fixtures/saves/snapshots-before-slots were
written by the program of before (a snapshot every 2 records); they verify record by record (each snapshot
compared with the replay as its migration to the slots), each snapshot decodes to the very state the replay
reaches, and play goes on from them."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.core.game import rules_of
from kriegsspiel.rulesets.kriegsspiel_v3.state import V3State, disruption, orders_in_transit, pending_combat
from kriegsspiel.rulesets.modern_4e.state import FourthState, air_turn_over, airborne, warheads_left
from kriegsspiel.store import RulerSession, open_session, read_save, verify_save
from kriegsspiel.store.snapshot import decode_state, migrate_snapshot

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves" / "snapshots-before-slots"
SAVES = [("weistritz.kssave", 16, 8), ("harbour-raid.kssave", 13, 6)]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return Path(shutil.copytree(FIXTURES, tmp_path / "saves"))


def _replayed(save: Path) -> dict:
    """Record seq -> the state a replay reaches after it, for each record a snapshot follows."""
    loaded = read_save(save)
    states = {}
    for snapshot in loaded.snapshots:
        with open_session(save, read_only=True, upto=snapshot.after) as game:
            states[snapshot.after] = game.state
    return states


@pytest.mark.parametrize(("name", "records", "snapshots"), SAVES)
def test_the_snapshots_are_of_the_old_fields(name: str, records: int, snapshots: int) -> None:
    loaded = read_save(FIXTURES / name)
    assert len(loaded.records) == records and len(loaded.snapshots) == snapshots
    for snapshot in loaded.snapshots:  # written before the slots: the core's old fields, no slot
        assert "slot" not in snapshot.state and "air_turn_over" in snapshot.state
        assert "disruption" in json.dumps(snapshot.state["units"])


@pytest.mark.parametrize(("name", "records", "snapshots"), SAVES)
def test_a_save_with_snapshots_of_before_verifies_and_each_decodes_to_the_replay(folder: Path, name: str,
                                                                                  records: int, snapshots: int) -> None:
    save = folder / name
    verdict = verify_save(save)
    assert verdict.intact, verdict.first_bad
    assert verdict.records == records
    replayed = _replayed(save)
    with open_session(save, read_only=True, upto=0) as game:
        start = game.state
    base = None
    for snapshot in read_save(save).snapshots:
        base = decode_state(snapshot.state, start, base)
        assert base.same(replayed[snapshot.after]), snapshot.after
        assert type(base.slot) is rules_of(base).slot  # the rule set's slot, never None
        # migrating a migrated snapshot changes nothing
        migrated = migrate_snapshot(snapshot.state, start)
        assert migrate_snapshot(migrated, start) is migrated


def test_the_v3_snapshots_hold_the_pending_combat_couriers_and_disruption_in_the_slots(folder: Path) -> None:
    save = folder / "weistritz.kssave"
    with open_session(save, read_only=True, upto=0) as game:
        start = game.state
    states, base = {}, None
    for snapshot in read_save(save).snapshots:
        base = states[snapshot.after] = decode_state(snapshot.state, start, base)
    assert all(isinstance(s.slot, V3State) for s in states.values())
    # an order and a message ride from record 2; the volley is rolled at record 4 and resolved at 7
    assert len(orders_in_transit(states[2])) == 2 and pending_combat(states[2]) is None
    assert pending_combat(states[4]).attackers == ("jaeger",) and pending_combat(states[6]) is not None
    assert disruption(states[8].units["grenzer"]) == 2 and pending_combat(states[8]) is None
    # round 2: the message arrived, the order still rides; the grenzers rallied one level (record 13)
    assert states[16].round == 2 and len(orders_in_transit(states[16])) == 1
    assert disruption(states[16].units["grenzer"]) == 1
    assert all(disruption(u) == 0 for u in states[16].units.values() if u.id not in ("grenzer", "ir-forcade"))
    assert all(u.slot is None for u in states[16].units.values() if disruption(u) == 0)


def test_the_fourth_edition_snapshots_hold_the_air_turn_warheads_and_planes_aloft_in_the_slots(folder: Path) -> None:
    save = folder / "harbour-raid.kssave"
    with open_session(save, read_only=True, upto=0) as game:
        start = game.state
    states, base = {}, None
    for snapshot in read_save(save).snapshots:
        base = states[snapshot.after] = decode_state(snapshot.state, start, base)
    assert all(isinstance(s.slot, FourthState) for s in states.values())
    assert airborne(states[2].units["b-fighter"]) and not air_turn_over(states[2])
    assert not airborne(states[4].units["b-fighter"]) and airborne(states[4].units["b-recon"])
    assert air_turn_over(states[6])  # the cruiser's move closed Blue's air turn
    assert warheads_left(states[6], "Red") == 1 and warheads_left(states[8], "Red") == 0  # the nuke of record 8
    assert airborne(states[12].units["b-jet"]) and not air_turn_over(states[12])


@pytest.mark.parametrize(("name", "records", "snapshots"), SAVES)
def test_a_save_with_snapshots_of_before_plays_on(folder: Path, name: str, records: int, snapshots: int) -> None:
    save = folder / name
    assert main(["adopt", str(save)]) == 0  # sealed on the machine that wrote the fixture
    with open_session(save) as game:
        assert type(game) is RulerSession and game.record_count == records + 1
        assert game.undo().accepted and game.redo().accepted
        assert game.submit("turn").accepted
    assert verify_save(save).intact
