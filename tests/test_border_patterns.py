"""The border's text patterns end at the end of the text: Python's ``$`` (which msgspec's patterns use) also
matches before a last line break, so a name, path or history line ending in "\n" passed as one line."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec
import pytest

from kriegsspiel.app.console import load_history, save_history
from kriegsspiel.border import SchemaError, convert
from kriegsspiel.border.scenario_schema import Colour, DistanceWord, UnitId
from kriegsspiel.border.types import NO_CONTROL, Hex


@pytest.mark.parametrize(("schema", "good"), [
    (Annotated[str, msgspec.Meta(pattern=NO_CONTROL)], "Blue army"),
    (UnitId, "va1"), (Colour, "#a0b0c0"), (DistanceWord, "paces"), (Hex, "0af3"),
])
def test_a_value_is_taken_and_the_same_with_a_line_break_after_it_is_not(schema: object, good: str) -> None:
    assert convert(good, schema, "key") == good
    with pytest.raises(SchemaError):
        convert(good + "\n", schema, "key")


def test_a_history_line_ending_in_a_line_break_is_not_kept(tmp_path: Path) -> None:
    assert save_history(tmp_path, ["0\n", "move a > 1,1"]) is None
    assert load_history(tmp_path) == (["move a > 1,1"], None)
