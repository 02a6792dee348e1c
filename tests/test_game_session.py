"""The Game session: commands through one door, each accepted one on disk before its outcome, undo and redo
as records, the state always the replay of the journal."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.store import Game, SaveError, new_save_path, read_save
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}


@pytest.fixture
def game(tmp_path: Path):
    g = Game.new(write_scenario(tmp_path), tmp_path / "game.kssave", **LOADERS)
    yield g
    g.close()


def _reopen(game: Game, read_only: bool = True) -> Game:
    return Game.open(game.path, read_only=read_only, **LOADERS)


def test_a_new_game_starts_from_the_scenario_and_its_save_holds_the_scenario(game: Game, tmp_path: Path) -> None:
    assert game.state.round == 1 and game.state.side_to_move == "Rebel"
    assert game.state.unit("va1").position == WorldPoint(1.5, 1.5)
    loaded = read_save(game.path)
    assert loaded.header.scenario_text == GOOD_SCENARIO
    assert loaded.header.seed == 1777
    assert loaded.header.map == "fake.tmx" and len(loaded.header.map_sha256) == 64
    assert loaded.header.scenario_path == "test.toml"
    assert loaded.records == ()


def test_every_accepted_command_is_on_disk_before_submit_returns(game: Game) -> None:
    outcome = game.submit("move va1 > 4.5,1.5")
    assert outcome.accepted and outcome.record == 1
    records = read_save(game.path).records  # read by another reader while the game is still open
    assert [r.command for r in records] == ["move va1 > 4.5,1.5"]
    assert records[0].events[0]["event"] == "moved"
    assert records[0].round == 1 and records[0].side == "Rebel"


def test_refused_and_unparsable_commands_are_not_journaled(game: Game) -> None:
    refused = game.submit("move va1 > 9.5,1.5")
    assert not refused.accepted and "water" in refused.reason and refused.forceable
    bad = game.submit("mvoe va1 > 1,1")
    assert not bad.accepted and "unknown command" in bad.reason
    unknown = game.submit("hide nobody")
    assert not unknown.accepted
    assert read_save(game.path).records == ()
    assert refused.describe().startswith("refused: ")


def test_force_carries_out_a_refusal_and_the_journal_keeps_the_refusal(game: Game) -> None:
    outcome = game.submit("force move va1 > 9.5,1.5")
    assert outcome.accepted and outcome.forced and "water" in outcome.overridden
    assert game.state.unit("va1").position == WorldPoint(9.5, 1.5)
    record = read_save(game.path).records[0]
    assert record.forced and "water" in record.refusal
    assert record.command == "move va1 > 9.5,1.5"
    same = game.submit("move va1 > 9.5,2.5", forced=True)
    assert same.accepted and read_save(game.path).records[1].forced


def test_undo_and_redo_are_records_and_the_state_is_the_replay(game: Game) -> None:
    game.submit("move va1 > 4.5,1.5")
    game.submit("move va2 > 1.5,5.5")
    assert game.undo().note == "undone: move va2 > 1.5,5.5 (record 2)"
    assert game.state.unit("va2").position == WorldPoint(2.5, 5.5)
    assert game.submit("undo").accepted
    assert game.state.unit("va1").position == WorldPoint(1.5, 1.5)
    assert not game.undo().accepted  # nothing left to undo
    redo = game.redo()
    assert redo.accepted and redo.events[0].describe().startswith("va1 moved")
    assert game.state.unit("va1").position == WorldPoint(4.5, 1.5)
    kinds = [(r.kind, r.target) for r in game.journal_entries()]
    assert kinds == [("order", None), ("order", None), ("undo", 2), ("undo", 1), ("redo", 1)]
    # a new order ends the chance to redo the other undone order
    game.submit("move va1 > 4.5,2.5")
    assert not game.redo().accepted
    reopened = _reopen(game)
    assert reopened.state.same(game.state)
    assert [r.seq for r in reopened.orders_in_force()] == [1, 6]


def test_redo_replays_the_same_dice(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 2")
    with Game.new(write_scenario(tmp_path, text), tmp_path / "g.kssave", **LOADERS) as game:
        first = game.submit("message Crown hold the ford")
        assert first.accepted
        rolls = game.journal_entries()[0].rolls
        assert rolls  # the fog of war rolled
        game.undo()
        redo = game.redo()
        assert game.journal_entries()[-1].rolls == rolls
        assert [e.to_json() for e in redo.events] == [e.to_json() for e in first.events]


def test_round_end_hooks_run_with_the_round_that_ended(game: Game) -> None:
    ended: list[int] = []
    game.on_round_end.append(lambda g, n: ended.append(n))
    game.submit("turn")
    assert ended == []
    game.submit("turn")
    assert ended == [1] and game.state.round == 2
    game.undo()
    game.redo()
    assert ended == [1, 1]


def test_a_round_trip_through_the_save_gives_the_same_game(game: Game) -> None:
    for line in ["move va1 > 4.5,1.5", "force hide va1", "turn", "move gb1 > 5.5,5.5", "undo", "turn"]:
        game.submit(line)
    game.close()
    reopened = Game.open(game.path, **LOADERS)
    try:
        assert reopened.state.same(game.state)
        assert reopened.journal_entries() == game.journal_entries()
        assert reopened.submit("move va2 > 1.5,5.5").record == 7
    finally:
        reopened.close()
    assert len(read_save(game.path).records) == 7


def test_a_save_is_never_overwritten(game: Game, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="already exists"):
        Game.new(tmp_path / "test.toml", game.path, **LOADERS)


def test_a_save_open_for_play_cannot_be_opened_twice_for_play(game: Game) -> None:
    with pytest.raises(SaveError, match="open in another kriegsspiel"):
        Game.open(game.path, **LOADERS)
    assert _reopen(game, read_only=True).state.same(game.state)


def test_a_read_only_game_refuses_commands(game: Game) -> None:
    viewer = _reopen(game)
    with pytest.raises(SaveError, match="read-only"):
        viewer.submit("turn")


def test_new_save_path_never_names_an_existing_file(tmp_path: Path) -> None:
    scenario = tmp_path / "demo.toml"
    now = dt.datetime(2026, 11, 22, 3, 1)
    first = new_save_path(scenario, now)
    assert first == tmp_path / "demo-2026-11-22-0301.kssave"
    first.write_text("x")
    second = new_save_path(scenario, now)
    assert second == tmp_path / "demo-2026-11-22-0301-2.kssave"
    second.write_text("x")
    assert new_save_path(scenario, now).name == "demo-2026-11-22-0301-3.kssave"


def test_a_scenario_without_seed_records_the_drawn_seed(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.replace("seed = 1777\n", "")
    with Game.new(write_scenario(tmp_path, text), tmp_path / "g.kssave", **LOADERS) as game:
        seed = game.seed
    header = json.loads((tmp_path / "g.kssave").read_text().splitlines()[0])
    assert header["seed"] == seed
    assert Game.open(tmp_path / "g.kssave", read_only=True, **LOADERS).seed == seed


def test_the_save_finds_its_map_beside_itself_when_moved(game: Game, tmp_path: Path) -> None:
    game.submit("move va1 > 4.5,1.5")
    game.close()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "g.kssave").write_bytes(game.path.read_bytes())
    with pytest.raises(SaveError, match="map 'fake.tmx' is not found") as caught:
        Game.open(elsewhere / "g.kssave", **LOADERS)
    assert str(caught.value).count(str(elsewhere / "fake.tmx")) == 1  # each place looked at is named once
    (elsewhere / "fake.tmx").write_text("fake map\n")
    assert Game.open(elsewhere / "g.kssave", read_only=True, **LOADERS).state.unit("va1").position == WorldPoint(4.5, 1.5)
    (elsewhere / "fake.tmx").write_text("fake map, edited\n")
    changed = Game.open(elsewhere / "g.kssave", read_only=True, **LOADERS)
    assert any("has changed since this game began" in n for n in changed.notes)


def test_a_round_trip_with_the_shipped_rule_set(tmp_path: Path) -> None:
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.store import verify_save

    loaders = {"map_loader": fake_map_loader, "ruleset_loader": load_ruleset}
    text = GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 1")  # messages never fail
    with Game.new(write_scenario(tmp_path, text), tmp_path / "r.kssave", **loaders) as game:
        for line in ["move va1 > 4.5,1.5", "message Crown parley", "turn", "heading hms1 200", "turn",
                     "move va2 > 2.5,4.5"]:
            outcome = game.submit(line)
            assert outcome.accepted, (line, outcome.reason)
        assert game.state.round == 2
    reopened = Game.open(tmp_path / "r.kssave", read_only=True, **loaders)
    assert reopened.state.same(game.state)
    assert verify_save(tmp_path / "r.kssave", **loaders).intact


def test_a_failing_round_end_hook_does_not_unmake_the_command(game: Game) -> None:
    def broken(g: Game, n: int) -> None:
        raise RuntimeError("no disk for pictures")

    game.on_round_end.append(broken)
    game.submit("turn")
    outcome = game.submit("turn")
    assert outcome.accepted and game.state.round == 2
    assert "after round 1" in outcome.note and "no disk for pictures" in outcome.describe()
    assert len(read_save(game.path).records) == 2


def test_a_failed_write_changes_nothing_and_leaves_no_half_line(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    import kriegsspiel.store.journal as journal

    game.submit("move va1 > 4.5,1.5")
    before = game.path.read_bytes()
    real_fsync = journal.os.fsync
    calls = {"n": 0}

    def failing_fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(journal.os, "fsync", failing_fsync)
    with pytest.raises(SaveError, match="No space left on device.*was not carried out"):
        game.submit("move va2 > 1.5,5.5")
    assert game.state.unit("va2").position == WorldPoint(2.5, 5.5)
    assert game.path.read_bytes() == before
    assert game.submit("move va2 > 1.5,5.5").record == 2
    assert [r.seq for r in read_save(game.path).records] == [1, 2]


def test_a_rule_set_changed_since_the_game_began_is_noted(game: Game) -> None:
    import dataclasses
    from types import MappingProxyType

    game.submit("turn")

    def house_rules(name: str):
        ruleset = fake_ruleset(name)
        return dataclasses.replace(ruleset, constants=MappingProxyType({**ruleset.constants, "merge_distance": 5.0}))

    changed = Game.open(game.path, read_only=True, map_loader=fake_map_loader, ruleset_loader=house_rules)
    assert any("the rule set 'modern-4e' has changed" in n for n in changed.notes)
    assert _reopen(game).notes == []


def test_a_rule_set_file_is_found_relative_to_the_scenario(tmp_path: Path) -> None:
    asked: list[str] = []

    def loader(name: str):
        asked.append(name)
        return fake_ruleset()

    text = GOOD_SCENARIO.replace('ruleset = "modern-4e"', 'ruleset = "rules/house.toml"')
    Game.new(write_scenario(tmp_path, text), tmp_path / "h.kssave", map_loader=fake_map_loader,
             ruleset_loader=loader).close()
    assert asked == [str(tmp_path / "rules/house.toml")]


def test_a_new_game_passes_on_the_scenarios_warnings(game: Game) -> None:
    assert len(game.notes) == 1 and "units[2].hidden" in game.notes[0] and "gb1" in game.notes[0]
