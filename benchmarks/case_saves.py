"""Reopening and verifying a long game: a 20,000-record save of the demo scenario (Brandywine).

The save is generated once per run (orders of the Umpire shell: moves, messages, round ends, an undo and a
redo now and then; fsync turned off while it is written) into a temporary folder with its own config folder
(its own journal key). Project: ``Game.open`` (from the last snapshot) and ``kriegsspiel verify`` (every
record replayed from the start, every snapshot compared). Reference: replaying every record from the start, as
``Game.open`` did before snapshots, in the same process.
"""
from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path

from benchmarks import CaseResult, case, median_seconds

REPO = Path(__file__).resolve().parent.parent
RECORDS = 20_000
_made: dict[str, Path] = {}


def _long_save() -> Path:
    """The 20,000-record save (made on first use in this process)."""
    if "save" in _made:
        return _made["save"]
    folder = Path(tempfile.mkdtemp(prefix="kriegsspiel-bench-saves-"))
    os.environ["KRIEGSSPIEL_CONFIG_DIR"] = str(folder / "config")
    text = (REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml").read_text(encoding="utf-8")
    text = text.replace("rounds = 16", "rounds = 100000").replace('"../maps/', f'"{(REPO / "kriegsspiel" / "data" / "maps").as_posix()}/')
    scenario = folder / "long.toml"
    scenario.write_text(text, encoding="utf-8")
    from kriegsspiel.store import Game

    fsync, os.fsync = os.fsync, (lambda fd: None)  # the disk is not what is measured here
    try:
        with Game.new(scenario, folder / "long.kssave") as game:
            rng = random.Random(15)
            n = 0
            while game.record_count < RECORDS:
                n += 1
                state = game.state
                if n % 8 == 0:
                    line = "turn"
                elif n % 97 == 0:
                    line = rng.choice(["undo", "redo"])
                elif n % 4 == 1:
                    mine = [u for u in state.units.values() if u.side == state.side_to_move and not u.moved_this_turn]
                    unit = rng.choice(mine) if mine else None
                    line = "turn" if unit is None else \
                        f"move {unit.id} > {unit.position.x + rng.uniform(-1, 1):.2f},{unit.position.y + rng.uniform(-1, 1):.2f}"
                else:
                    line = f"message {'Howe' if state.side_to_move == 'Rebel' else 'Washington'} report {n}"
                game.submit(line)
    finally:
        os.fsync = fsync
    _made["save"] = folder / "long.kssave"
    return _made["save"]


def _full_replay(path: Path) -> None:
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.store import read_save
    from kriegsspiel.store.ruler import RulerSession
    from kriegsspiel.store.timeline import replay_journal

    loaded = read_save(path)
    scenario = RulerSession.scenario_of_save(loaded, [])
    start = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    replay_journal(start, loaded.header.seed, loaded.records, lenient=True)


@case("saves.reopen-20000", goal="reopening a 20,000-record save < 1 s", max_project_seconds=1.0)
def reopen(repeats: int) -> CaseResult:
    from kriegsspiel.store import Game, read_save

    path = _long_save()

    def open_it() -> None:
        Game.open(path, read_only=True).close()

    project = median_seconds(open_it, max(3, repeats // 3))
    cpu = time.process_time()
    open_it()
    cpu = time.process_time() - cpu  # the CPU it takes, whatever else the machine is doing
    reference = median_seconds(lambda: _full_replay(path), 1)
    loaded = read_save(path)
    return CaseResult(project, reference, {"records": len(loaded.records), "snapshots": len(loaded.snapshots),
                                           "megabytes": round(path.stat().st_size / 1e6, 1),
                                           "cpu_seconds": round(cpu, 3)})


@case("saves.verify-20000", goal="verify of a 20,000-record save < 10 s", max_project_seconds=10.0)
def verify(repeats: int) -> CaseResult:
    from kriegsspiel.store import verify_save

    path = _long_save()
    started, cpu = time.perf_counter(), time.process_time()
    verdict = verify_save(path)
    project, cpu = time.perf_counter() - started, time.process_time() - cpu
    if not verdict.written_here:
        raise AssertionError(verdict.describe())
    reference = median_seconds(lambda: _full_replay(path), 1)
    return CaseResult(project, reference, {"records": verdict.records, "cpu_seconds": round(cpu, 3)})
