"""Every rule set's save written before the sessions were merged (tests/fixtures/saves/every-ruleset) reopens
through the one factory as the session of its kind, verifies record by record, and play goes on from it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.store import AreaSession, RulerSession, open_session, read_save, verify_save
from kriegsspiel.store.journal_write import UnsealedPrefix

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves" / "every-ruleset"

# (save, its kind, records, the round or phase it stands in): two rounds of moves were played in the ruler
# games, three phases confirmed in the area games (Spring, Fall and the Winter builds of 1901)
SAVES = [
    ("modern-4e.kssave", RulerSession, 20, "round 3"),
    ("modern-4e-rulebook.kssave", RulerSession, 20, "round 3"),
    ("kriegsspiel-v3.kssave", RulerSession, 20, "round 3 (08:20)"),
    ("diplomacy.kssave", AreaSession, 47, "Spring 1902, movement"),
    ("air-power.kssave", AreaSession, 65, "Spring 1902, movement"),
]


def copy_of_fixtures(tmp_path: Path) -> Path:
    target = tmp_path / "every-ruleset"
    shutil.copytree(FIXTURES, target)
    return target


@pytest.mark.parametrize(("name", "kind", "records", "where"), SAVES)
def test_a_save_of_before_reopens_verifies_and_plays_on(tmp_path: Path, name: str, kind: type, records: int,
                                                        where: str) -> None:
    folder = copy_of_fixtures(tmp_path)
    save = folder / name
    verdict = verify_save(save)
    assert verdict.intact, verdict.first_bad
    assert verdict.records == records
    with open_session(save, read_only=True) as game:
        assert type(game) is kind and game.record_count == records
        assert game.phase_words() == where
        assert not game.notes  # the very map and rule set it was played on: nothing changed
    with pytest.raises(UnsealedPrefix, match="none of its lines"):  # sealed on another machine than this test's
        open_session(save)
    assert main(["adopt", str(save)]) == 0  # the umpire takes it on trust
    with open_session(save) as game:  # play goes on: the last command taken back and brought again
        undone = game.undo()
        assert undone.accepted and undone.note.startswith("undone: ")
        assert game.redo().accepted
    assert len(read_save(save).records) == records + 3  # the adoption, the undo and the redo
    assert verify_save(save).intact
