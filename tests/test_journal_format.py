"""The save format of docs/saves.md, key by key: what a reader accepts and what it refuses as damage."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.store import SaveError, read_save
from kriegsspiel.store import journal
from test_store_journal import save  # noqa: F401  (a fixture: a save of 7 records, lines 2-8)


def _refusal(path: Path) -> SaveError:
    with pytest.raises(SaveError) as caught:
        read_save(path)
    return caught.value


def test_two_records_run_together_on_the_last_line_are_damage_naming_the_line_and_record(save: Path) -> None:  # noqa: F811
    # docs/saves.md: "two records run together on one line" is refused with the file and the line, never
    # taken for a power cut (that would drop a record the umpire saw)
    lines = save.read_bytes().splitlines(keepends=True)
    save.write_bytes(b"".join(lines[:-2]) + lines[-2].rstrip(b"\n") + lines[-1])
    error = _refusal(save)
    assert str(error).startswith(f"{save}: line 7 (record 6): a whole record runs on into another")
    assert str(error).endswith("; the file is left untouched")
    assert (error.record, error.line) == (6, 7)


def test_a_line_that_is_not_json_before_the_last_is_damage_naming_the_line_and_record(save: Path) -> None:  # noqa: F811
    lines = save.read_bytes().splitlines(keepends=True)
    lines[4] = b"this is no record\n"
    save.write_bytes(b"".join(lines))
    error = _refusal(save)
    assert str(error).startswith(f"{save}: line 5 (record 4): not a journal record (damaged")
    assert (error.record, error.line) == (4, 5)


@pytest.mark.parametrize("line, record", [(1, None), (4, 3)])
def test_a_line_beyond_the_limit_is_refused_naming_it(save: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                                     line: int, record: int | None) -> None:
    # the limit (64 MB in a real save) made small: a line longer than any line of a save is damage, or no
    # save at all when it is the first (record None: then the file is not taken for a save)
    monkeypatch.setattr(journal, "MAX_LINE_BYTES", 4096)
    lines = save.read_bytes().splitlines(keepends=True)
    lines[line - 1] = b"x" * 5000 + b"\n"
    save.write_bytes(b"".join(lines))
    error = _refusal(save)
    assert f"{save}: line {line}: longer than any line of a save (4,096 bytes" in str(error)
    assert (error.record, error.line) == (record, line)
