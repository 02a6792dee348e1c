"""A long session in bounded memory (issue 15: "memory must stay flat in the number of commands"): the game keeps
only the newest journal records and order records as objects and reads older ones back from the save, keeps
a bounded number of whole states, and the state's messages share their past instead of being copied into
every state kept for undo. The window sizes are made small here so that a short game crosses them."""
from __future__ import annotations

from pathlib import Path

import pytest

import kriegsspiel.store.records as records_module
import kriegsspiel.store.timeline as timeline_module
from kriegsspiel.core.state import SharedLog
from kriegsspiel.errors import UserError
from kriegsspiel.store import Game, read_save
from kriegsspiel.store.timeline import replay_journal
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
WINDOW = 8


def _lines(count: int) -> list[str]:
    """Moves of both sides, messages and round ends, as a session would give them."""
    lines = []
    for n in range(count):
        side_unit = "va1" if (n // 4) % 2 == 0 else "gb1"
        kind = n % 4
        if kind == 3:
            lines.append("turn")
        elif kind == 1:
            lines.append(f"message {'Washington' if side_unit == 'gb1' else 'Crown'} note {n}")
        else:  # back and forth between two points beside where the unit starts
            x, y = (2.0, 1.5) if side_unit == "va1" else (6.0, 6.5)
            lines.append(f"move {side_unit} > {x + (0.5 if kind == 2 else 0.0):.1f},{y:.1f}")
    return lines


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records_module, "RECORD_WINDOW", WINDOW)
    monkeypatch.setattr(timeline_module, "KEEP_ORDERS", WINDOW)
    monkeypatch.setattr(timeline_module, "KEEP_RECENT", 4)
    monkeypatch.setattr(timeline_module, "KEEP_EVERY", 4)
    monkeypatch.setattr(timeline_module, "KEEP_GRID", 3)


@pytest.fixture
def played(tmp_path: Path, small: None) -> Game:
    scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace("rounds = 20", "rounds = 1000"))
    game = Game.new(scenario, tmp_path / "long.kssave", **LOADERS)
    for line in _lines(60):
        assert game.submit(line).accepted, line
    yield game
    game.close()


def test_only_the_newest_records_are_kept_and_the_journal_reads_the_rest_back_whole(played: Game) -> None:
    assert played.record_count == 60
    assert played._records.in_memory() == WINDOW
    on_disk = read_save(played.path).records
    assert played.journal_entries() == list(on_disk)
    assert [r.line for r in played.journal_entries()] == [r.line for r in on_disk]
    assert played.journal_tail(3) == list(on_disk[-3:])
    assert played.journal_tail(20) == list(on_disk[-20:])  # reaching past the window reads from the save
    assert [r.seq for r in played.orders_in_force()] == [r.seq for r in on_disk]
    assert played.last_order_in_force() == on_disk[-1]
    state = played.state
    this_turn = [r for r in on_disk if r.round == state.round and r.side == state.side_to_move]
    assert played.orders_of_this_turn() == this_turn == []  # a new turn: none yet
    first = played.submit("move gb1 > 6.0,6.0").record
    assert played.submit("message Washington hold").accepted and played.undo().accepted
    last = played.submit("move gb1 > 5.5,6.0").record
    assert [r.seq for r in played.orders_of_this_turn()] == [first, last]  # the trails of the turn, from memory


def test_undo_far_past_the_window_replays_from_the_save_to_the_very_states_of_a_full_replay(played: Game) -> None:
    for _ in range(50):  # far behind the records, orders and states kept in memory
        assert played.undo().accepted
    loaded = read_save(played.path)
    timeline = replay_journal(played.states_in_force().__next__(), played.seed, loaded.records)
    assert played.state.same(timeline.state) and played.state.round == timeline.state.round
    assert [r.seq for r in played.orders_in_force()] == list(timeline.applied) == list(range(1, 11))
    for _ in range(50):
        assert played.redo().accepted
    assert played.state.same(replay_journal(timeline.states[0], played.seed, read_save(played.path).records).state)


def test_a_long_game_keeps_a_bounded_number_of_whole_states(played: Game) -> None:
    kept = [i for i, s in enumerate(played._timeline.states) if s is not None]
    # the start, the last KEEP_RECENT and at most KEEP_GRID on the (widening) grid, whatever the length
    assert len(kept) <= 1 + 4 + 1 + 3 and kept[0] == 0 and kept[-1] == len(played._timeline.states) - 1
    assert len(played._timeline.orders) <= WINDOW
    # walking every state in force replays the ones dropped, in order, in one pass
    states = list(played.states_in_force())
    assert len(states) == 61 and states[-1] is played.state
    assert [s.round for s in states] == sorted(s.round for s in states)


def test_reopening_a_long_game_keeps_the_window_too(played: Game, small: None) -> None:
    path = played.path
    played.close()
    with Game.open(path, **LOADERS) as game:
        assert game._records.in_memory() == WINDOW and game.record_count == 60
        assert game.journal_entries() == list(read_save(path).records)
        assert game.undo().accepted and game.undo().accepted
        assert game.submit("turn").accepted
        assert game.journal_entries() == list(read_save(path).records)


def test_a_record_changed_on_disk_while_the_game_is_open_is_refused_by_name(played: Game) -> None:
    data = played.path.read_bytes()
    old = b'"command":"message Crown note 1"'
    assert data.count(old) == 1
    played.path.write_bytes(data.replace(old, b'"command":"message Crown note 9"'))
    with pytest.raises(UserError) as caught:
        played.journal_entries()
    assert str(caught.value).startswith(f"{played.path}: line 3 (record 2) no longer matches its hash since the "
                                        "game was opened")


def test_the_messages_of_consecutive_states_share_their_past(played: Game) -> None:
    states = list(played.states_in_force())
    before, after = states[-3].messages, states[-1].messages
    assert isinstance(after, SharedLog) and len(after) == 15 and after == tuple(after)
    assert after[: len(before)] == tuple(before)


def test_a_shared_log_is_a_tuple_of_its_items() -> None:
    items = tuple(range(200))
    log = SharedLog(items[:70])
    for k in range(70, 200, 13):
        log = log + items[k:k + 13]
    assert log == items and tuple(log) == items and len(log) == 200 and hash(log) == hash(items)
    assert log[0] == 0 and log[-1] == 199 and log[64] == 64 and log[130:135] == items[130:135]
    assert list(reversed(log))[:2] == [199, 198] and 150 in log and log.index(150) == 150
    longer = log + (200,)
    assert longer._chunks[:3] == log._chunks[:3] and longer._chunks[0] is log._chunks[0]  # shared, not copied
    assert log != items[:-1] and log != items + (1,) and (log == [*items]) is False
    assert (1, 2) + SharedLog((3,)) == (1, 2, 3)
    with pytest.raises(IndexError):
        log[200]
