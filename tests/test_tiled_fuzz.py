"""Whatever a damaged map file holds, reading it gives findings, never a traceback."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import MapError, load_battlefield, read_map

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"
SOURCES = ["ortho.tmx", "external.tmx", "hex-x-even.tmx", "bad-objects.tmx", "ortho-base64-zlib.tmx"]
RULESET = load_ruleset("modern-4e")
# Replacements that hit the attributes and values the reader relies on.
TOKENS = ["UTF-", '"', "<", ">", "0", "-1", "99999", "x", "", " ", "=", "/", 'type="class"', "zstd", "1e9", "nan", ","]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(SOURCES),
    st.lists(st.tuples(st.floats(0, 1), st.integers(0, 12), st.sampled_from(TOKENS)), min_size=1, max_size=4),
)
def test_damaged_maps_give_findings_not_tracebacks(tmp_path, source: str, edits) -> None:
    text = (FIXTURES / source).read_text(encoding="utf-8")
    for where, length, token in edits:
        at = int(where * len(text))
        text = text[:at] + token + text[at + length:]
    shutil.copy(FIXTURES / "fixture.tsx", tmp_path / "fixture.tsx")
    shutil.copy(FIXTURES / "fixture.png", tmp_path / "fixture.png")
    path = tmp_path / "damaged.tmx"
    path.write_text(text, encoding="utf-8")
    report = read_map(path, RULESET)
    assert report.battlefield is not None or report.errors
    try:
        load_battlefield(path, RULESET)
    except MapError as exc:
        assert str(exc).startswith(str(path))
