"""Random bytes and mutated valid saves and scenarios fed to the loaders: a message (SaveError,
ScenarioError, both UserErrors) or a game, never a traceback (issue 15)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.errors import UserError
from kriegsspiel.scenario import parse_scenario_text
from kriegsspiel.scenario.toml_bounds import MAX_NESTING, TomlTooLarge, load_bounded
from kriegsspiel.store import Game
from kriegsspiel.store.journal import parse_save
from kriegsspiel.store import verify_save
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
SAVE_TOKENS = [b"", b"\n", b"{", b"}", b'"', b"[", b"]", b"0", b"-1", b"1e999", b"null", b'"kind":"snapshot"',
               b'"seal":"00"', b'"@c":"os:system"', b'"version":3', b"\xff", b"\x00", b"[" * 5000]
TOML_TOKENS = ["", "\n", "[", "]", "{", "}", "=", '"', "'''", "#", "[[units]]", "nan", "inf", "-1", "1e999",
               "\x00", "\\u0000", "[" * 2000, "{a=" * 500, "\ud800"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid save with orders, an undo, a redo and a snapshot line (the interval lowered for the test)."""
    import kriegsspiel.store.ruler as game_module

    directory = tmp_path_factory.mktemp("fuzz")
    every = game_module.SNAPSHOT_EVERY
    game_module.SNAPSHOT_EVERY = 3
    try:
        with pytest.MonkeyPatch.context() as patch:  # before any test's own folders: a journal key of its own
            patch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(directory / "config"))
            with Game.new(write_scenario(directory), directory / "f.kssave", **LOADERS) as game:
                for line in ["move va1 > 4.5,1.5", "turn", "undo", "redo", "move gb1 > 6.5,5.5", "turn"]:
                    assert game.submit(line).accepted, line
    finally:
        game_module.SNAPSHOT_EVERY = every
    assert b'"kind":"snapshot"' in (directory / "f.kssave").read_bytes()
    return directory / "f.kssave"


def _open_everything(path: Path, data: bytes) -> None:
    """Parse, open read-only and verify ``data`` as a save: each either works or raises a UserError."""
    path.write_bytes(data)
    (path.parent / "fake.tmx").write_text("fake map\n", encoding="utf-8")
    try:
        loaded = parse_save(data, path)
    except UserError:
        return
    try:
        Game.from_loaded(loaded, read_only=True, **LOADERS)
    except UserError:
        pass
    try:
        verify_save(path, **LOADERS)  # damage inside a save is a verdict; a missing map or scenario a message
    except UserError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=600))
def test_random_bytes_are_never_a_traceback(tmp_path: Path, data: bytes) -> None:
    _open_everything(tmp_path / "random.kssave", data)
    try:
        parse_scenario_text(data.decode("utf-8", "replace"), "random.toml", tmp_path, **LOADERS)
    except UserError:
        pass


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 40), st.sampled_from(SAVE_TOKENS)), min_size=1,
                max_size=4))
def test_mutated_saves_are_never_a_traceback(played: Path, tmp_path: Path, edits) -> None:
    data = played.read_bytes()
    for where, length, token in edits:
        at = int(where * len(data))
        data = data[:at] + token + data[at + length:]
    _open_everything(tmp_path / "mutated.kssave", data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 20), st.sampled_from(TOML_TOKENS)), min_size=1,
                max_size=4))
def test_mutated_scenarios_are_never_a_traceback(tmp_path: Path, edits) -> None:
    text = GOOD_SCENARIO
    for where, length, token in edits:
        at = int(where * len(text))
        text = text[:at] + token + text[at + length:]
    (tmp_path / "fake.tmx").write_text("fake map\n", encoding="utf-8")
    try:
        parse_scenario_text(text, "mutated.toml", tmp_path, **LOADERS)
    except UserError:
        pass


@given(st.integers(0, 3 * MAX_NESTING), st.sampled_from(["[", "{a="]))
def test_the_nesting_limit_is_exact_and_never_recursion(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    inner = "1"
    text = "x = " + opener * depth + inner + closer * depth + "\n" if depth else "x = 1\n"
    try:
        load_bounded(text)
        assert depth <= MAX_NESTING + 2
    except TomlTooLarge as exc:
        assert depth > MAX_NESTING and exc.line == 1
    except Exception as exc:  # noqa: BLE001 - only TOML's own complaint about the text itself is allowed
        assert type(exc).__name__ == "TOMLDecodeError", exc
