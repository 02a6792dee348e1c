"""Fuzzing as a test (issue 28 item 7): hostile variants of real maps, tilesets, scenarios, saves, gamefiles,
battles and Diplomacy phases fed to their readers through the command line's entry, in process, each under a
time cap and a memory cap (tests/border_fuzz.py). Asserted: exit 0, 1 or 2 with a message, never "internal
error". The committed corpus (tests/fixtures/fuzz-corpus) holds the inputs that once failed.

One suite and one corpus for every reader (the lower-level fuzz of ``parse_save`` and ``parse_scenario_text``
of issue 15 is folded in: its random bytes, save and TOML tokens and snapshot lines are the campaign's own).
Bounded for CI (about a minute); ``KRIEGSSPIEL_FUZZ_EXAMPLES=N`` runs N examples per reader instead, and
``python tests/border_fuzz.py --inputs 50000`` runs a campaign (see that module)."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import border_fuzz as bf
from kriegsspiel.scenario.toml_bounds import MAX_NESTING, TomlTooLarge, load_bounded

EXAMPLES = int(os.environ.get("KRIEGSSPIEL_FUZZ_EXAMPLES", "0"))
#: examples per reader in CI: the slow readers (a whole map parsed per input) fewer
CI_EXAMPLES = {"map": 12, "tileset": 8, "scenario": 10, "save": 40, "gamefile": 40, "battle": 60, "adjudicate": 60}
pytestmark = pytest.mark.fuzz


@pytest.fixture(scope="module")
def space(tmp_path_factory: pytest.TempPathFactory) -> bf.Workspace:
    with pytest.MonkeyPatch.context() as patch:  # the workspace sets its own config and data folders
        patch.setenv("KRIEGSSPIEL_CONFIG_DIR", "")
        patch.setenv("KRIEGSSPIEL_DATA_DIR", "")
        workspace = bf.Workspace(tmp_path_factory.mktemp("fuzz"))
    return workspace


@pytest.fixture(scope="module")
def every(space: bf.Workspace) -> dict[str, bf.Reader]:
    return bf.readers(space)


@pytest.fixture(autouse=True)
def _folders(space: bf.Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(space.folder / "config"))
    monkeypatch.setenv("KRIEGSSPIEL_DATA_DIR", str(space.folder / "data"))


CORPUS = sorted(p for p in bf.CORPUS.rglob("*") if p.is_file())


@pytest.mark.parametrize("path", CORPUS, ids=[f"{p.parent.name}/{p.name}" for p in CORPUS])
def test_an_input_that_once_failed_is_refused_in_words(space, every, path: Path) -> None:
    reader = every[path.parent.name]
    problem = bf.try_one(reader, space, path.read_bytes())
    assert problem is None, problem


def test_every_reader_has_a_corpus() -> None:
    assert {p.parent.name for p in CORPUS} == set(CI_EXAMPLES)


def test_the_caps_hold_in_process() -> None:
    """The memory cap turns a runaway allocation into MemoryError, the time cap a hang into FuzzTimeout."""
    with pytest.raises(MemoryError), bf.capped(memory=256 * 1024**2):
        bytearray(1024**3)
    with pytest.raises(bf.FuzzTimeout), bf.capped(seconds=0.2):
        while True:
            pass
    assert bytearray(300 * 1024**2)  # and both are lifted after the block


def test_the_oracle_tells_an_internal_error() -> None:
    assert bf.problem_of(3, "kriegsspiel check: internal error (TypeError: x); details in /tmp/c; please report")
    assert bf.problem_of(2, "") == "exit 2 without a message"
    assert bf.problem_of(1, "x.tmx:3: bad") is None and bf.problem_of(0, "") is None


def _fuzz(reader_name: str):
    count = EXAMPLES or CI_EXAMPLES[reader_name]

    @settings(max_examples=count, deadline=None, database=None, derandomize=not EXAMPLES,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1))
    def test(space, every, seed: int) -> None:
        reader = every[reader_name]
        data = bf.mutate(reader, random.Random(seed))
        problem = bf.try_one(reader, space, data)
        assert problem is None, (problem, data[:300])

    test.__name__ = f"test_mutated_{reader_name}_inputs_are_never_an_internal_error"
    return test


test_mutated_map_inputs_are_never_an_internal_error = _fuzz("map")
test_mutated_tileset_inputs_are_never_an_internal_error = _fuzz("tileset")
test_mutated_scenario_inputs_are_never_an_internal_error = _fuzz("scenario")
test_mutated_save_inputs_are_never_an_internal_error = _fuzz("save")
test_mutated_gamefile_inputs_are_never_an_internal_error = _fuzz("gamefile")
test_mutated_battle_inputs_are_never_an_internal_error = _fuzz("battle")
test_mutated_adjudicate_inputs_are_never_an_internal_error = _fuzz("adjudicate")


@given(st.integers(0, 3 * MAX_NESTING), st.sampled_from(["[", "{a="]))
def test_the_scenario_nesting_limit_is_exact_and_never_recursion(depth: int, opener: str) -> None:
    """The scan that runs before TOML is parsed refuses deeper nesting than MAX_NESTING (naming the line) and
    lets every shallower text through to the parser, which never recurses too deep."""
    closer = "]" if opener == "[" else "}"
    text = "x = " + opener * depth + "1" + closer * depth + "\n" if depth else "x = 1\n"
    try:
        load_bounded(text)
        assert depth <= MAX_NESTING + 2
    except TomlTooLarge as exc:
        assert depth > MAX_NESTING and exc.line == 1
    except Exception as exc:  # noqa: BLE001 - only TOML's own complaint about the text itself is allowed
        assert type(exc).__name__ == "TOMLDecodeError", exc


def test_random_bytes_are_part_of_the_campaign() -> None:
    reader = bf.Reader("save", (b"{}",), lambda tmp, data: (0, ""))
    rng = random.Random(7)
    drawn = [bf.mutate(reader, rng) for _ in range(400)]
    assert any(b"{}" not in d and len(d) > 20 for d in drawn)
