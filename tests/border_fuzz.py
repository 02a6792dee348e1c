"""The border fuzzer: hostile variants of real inputs fed to the program's readers in-process, through the
command line's own entry (``kriegsspiel.cli.main``), each under a time and memory cap. The oracle is the
program's contract: exit 0, 1 or 2 with a message, never "internal error" (exit 3), never a hang, never
memory beyond the cap.

Used by tests/test_border_fuzz.py (hypothesis, bounded, in CI) and as a campaign from the command line::

    PYTHONPATH=.:tests nice -n 10 python tests/border_fuzz.py --inputs 50000 [--seed 1] [--save-failures DIR]

Readers: a Tiled map (``check``), a tileset (``check``), a scenario (``check``), a save (``verify``, which
replays every record, then ``check``, which opens it read-only from its last snapshot), an Umpire gamefile
(``import-umpire``), a battle (``battle --batch``) and a Diplomacy phase (``adjudicate --batch``). An input is
a real one spliced with hostile tokens, a JSON input with hostile values put in its structure, or (one in
twenty) random bytes.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "kriegsspiel" / "data"
CORPUS = Path(__file__).resolve().parent / "fixtures" / "fuzz-corpus"
#: the campaign's share of inputs per reader (the slow readers, which parse a whole map, fewer of them)
SHARES = {"map": 5, "tileset": 3, "scenario": 4, "save": 20, "gamefile": 20, "battle": 24, "adjudicate": 24}
#: seconds one input may take (a hang is a finding); bytes of memory one input may add
TIME_CAP_S = 30.0
MEMORY_CAP_BYTES = 2 * 1024**3

#: pieces spliced into text inputs: structure, hostile numbers, NUL and escapes, bytes that are not UTF-8
TOKENS = [b"", b"\n", b"{", b"}", b"[", b"]", b'"', b",", b":", b"<", b">", b"</", b"/>", b"=", b"'", b"#",
          b"0", b"-1", b"1e999", b"-inf", b"nan", b"NaN", b"9" * 5000, b"2147483647", b"4294967295", b"null",
          b"true", b"[]", b"{}", b'"x"', b"\x00", b"\x1b[2J", b"\\u0000", b"\xff\xfe", b"\xc3", b"[" * 3000,
          b"{\"a\":" * 2000, b"<g>" * 3000, b"&amp;", b"&#0;", b"<!DOCTYPE x [<!ENTITY a \"b\">]>",
          b'firstgid="2147483647"', b'tilewidth="0"', b'tileheight="2000000000"', b'tilecount="99999999"',
          b'id="99999999999999999999"', b'value="-inf"', b'type="float"', b'gid="4294967295"',
          b'source="/dev/zero"', b'source="../../../../etc/passwd"', b"\r\n", b"\t",
          # saves: a line's kind, a seal, a pickle-like tag, a version of the future
          b'"kind":"snapshot"', b'"seal":"00"', b'"@c":"os:system"', b'"version":3',
          # scenarios: TOML's own structure, an inline table nested deep, an escaped lone surrogate
          b"[[units]]", b"'" * 3, b'"' * 3, b"{a=" * 500, b"\\ud800", b"inf", b"+nan"]
#: the share of inputs that are random bytes rather than a mutated real input, and their longest length
RANDOM_SHARE = 0.05
RANDOM_MAX_BYTES = 600
#: values put in place of a JSON value (structure-aware mutation of the JSON inputs)
JSON_VALUES = [None, True, 0, -1, 1.5, 2**63, 10**30, "", "x", "\u0000", "\u001b[2J", "\ud800", [], {}, [[]],
               ["x"], [1, 2], {"a": 1}, "/dev/zero", "../../etc/passwd.tmx", "a" * 10_000, [None] * 600]


class FuzzTimeout(BaseException):
    """An input took longer than TIME_CAP_S (BaseException: the command line's catch-all must not take it)."""


@dataclass(frozen=True, slots=True)
class Reader:
    """One reader: its name, its seed inputs and how to feed it one input (returns exit code and output)."""

    name: str
    seeds: tuple[bytes, ...]
    feed: Callable[[Path, bytes], tuple[int, str]]
    json: bool = False


def run_main(args: list[str], stdin: bytes = b"") -> tuple[int, str]:
    """``kriegsspiel ARGS`` in this process, stdin given, stdout and stderr captured."""
    from kriegsspiel.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue() + err.getvalue()


@contextlib.contextmanager
def capped(seconds: float = TIME_CAP_S, memory: int = MEMORY_CAP_BYTES) -> Iterator[None]:
    """Run the block under a time cap (FuzzTimeout) and an address-space cap of ``memory`` bytes beyond what
    the process holds now (MemoryError: the command line reports it as an internal error, a finding)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        now = int(statm.read().split()[0]) * resource.getpagesize()
    limit = now + memory if hard == resource.RLIM_INFINITY else min(hard, now + memory)

    def expire(signum: int, frame: object) -> None:
        raise FuzzTimeout(f"longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def problem_of(code: int, output: str) -> str | None:
    """Why a run breaks the contract, or None: exit 0, 1 or 2 with a message, no internal error."""
    if "internal error" in output or "Traceback" in output:
        return output.strip().splitlines()[-1][:300] if output.strip() else "internal error"
    if code not in (0, 1, 2):
        return f"exit {code}"
    if code == 2 and not output.strip():
        return "exit 2 without a message"
    return None


def splice(data: bytes, rng: random.Random, edits: int | None = None) -> bytes:
    """``data`` with one to four pieces replaced by TOKENS (or bytes flipped)."""
    for _ in range(edits or rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        if rng.random() < 0.15 and data:
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
            continue
        data = data[:at] + rng.choice(TOKENS) + data[at + rng.choice([0, 0, 1, 2, 5, 20, 200]):]
    return data


def mutate_json(data: bytes, rng: random.Random) -> bytes:
    """A JSON input with one value somewhere replaced by a hostile one (or spliced as text)."""
    if rng.random() < 0.3:
        return splice(data, rng)
    value = json.loads(data)
    places: list[tuple[object, object]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key in node:
                places.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for index in range(len(node)):
                places.append((node, index))
                walk(node[index])

    walk(value)
    for _ in range(rng.randint(1, 3)):
        parent, key = rng.choice(places)
        parent[key] = rng.choice(JSON_VALUES)  # type: ignore[index]
    text = json.dumps(value, allow_nan=True)
    return text.encode("utf-8", "surrogatepass")


# --- the readers ---------------------------------------------------------------------------------------


class Workspace:
    """A folder holding copies of the shipped assets, a small map, a scenario and a played save."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        shutil.copytree(DATA / "assets", folder / "assets")
        (folder / "maps").mkdir()
        for name in ("hex-valley.tmx", "brandywine.tmx"):
            shutil.copy(DATA / "maps" / name, folder / "maps" / name)
        os.environ["KRIEGSSPIEL_CONFIG_DIR"] = str(folder / "config")
        os.environ["KRIEGSSPIEL_DATA_DIR"] = str(folder / "data")
        self.scenario = (DATA / "scenarios" / "demo.toml").read_bytes()
        (folder / "maps" / "demo.toml").write_bytes(self.scenario)
        self.save = self._played()

    def _played(self) -> bytes:
        """A save with orders, a message, an undo, a redo and snapshot lines (taken every 3 records here)."""
        import kriegsspiel.store.ruler as ruler
        from kriegsspiel.store import Game

        path = self.folder / "maps" / "played.kssave"
        every, ruler.SNAPSHOT_EVERY = ruler.SNAPSHOT_EVERY, 3
        try:
            with Game.new(self.folder / "maps" / "demo.toml", path) as game:
                for line in ["turn", "message Howe report one", "turn", "undo", "redo", "turn"]:
                    game.submit(line)
        finally:
            ruler.SNAPSHOT_EVERY = every
        data = path.read_bytes()
        assert b'"kind":"snapshot"' in data
        return data

    def file(self, name: str, data: bytes) -> Path:
        path = self.folder / "maps" / name
        path.write_bytes(data)
        return path


def readers(space: Workspace) -> dict[str, Reader]:
    """Every reader with its seeds, fed through the command line."""
    from unit_profiles_helpers import battle, unit

    fight = battle([unit("a", "infantry"), unit("art", "artillery"), unit("ar", "armor")],
                   [unit("d", "infantry"), unit("f", "fortification")], [3, 9, 12, 1], seed=4)
    phase = {"id": "p", "map": "standard", "phase": "F1901M", "phase_type": "M",
             "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "PAR"},
                                  {"power": "GERMANY", "type": "A", "loc": "MUN"},
                                  {"power": "ENGLAND", "type": "F", "loc": "NTH"}],
                        "dislodged": [], "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]},
                        "homes": {"FRANCE": ["PAR"]}},
             "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"], "ENGLAND": ["F NTH C A LON - NWY"]}}
    umpire = REPO / "tests" / "fixtures" / "umpire"
    return {
        "map": Reader("map", ((DATA / "maps" / "hex-valley.tmx").read_bytes(),),
                      lambda tmp, data: run_main(["check", str(space.file("fuzz.tmx", data))])),
        "tileset": Reader("tileset", tuple((DATA / "assets" / n).read_bytes() for n in ("terrain-hex.tsx",
                                                                                        "structures.tsx")),
                          lambda tmp, data: run_main(["check", str(space.file("fuzz.tsx", data))])),
        "scenario": Reader("scenario", (space.scenario,),
                           lambda tmp, data: run_main(["check", str(space.file("fuzz.toml", data))])),
        "save": Reader("save", (space.save,), lambda tmp, data: _verify_and_check(space, data)),
        "gamefile": Reader("gamefile", tuple(p.read_bytes() for p in sorted(umpire.glob("*.py"))),
                           lambda tmp, data: _import_umpire(space, data)),
        "battle": Reader("battle", (json.dumps(fight).encode(),),
                         lambda tmp, data: run_main(["battle", "--batch"], data + b"\n"), json=True),
        "adjudicate": Reader("adjudicate", (json.dumps(phase).encode(),),
                             lambda tmp, data: run_main(["adjudicate", "--batch"], data + b"\n"), json=True),
    }


def _verify_and_check(space: Workspace, data: bytes) -> tuple[int, str]:
    """``verify`` (every record replayed) and ``check`` (opened read-only from its snapshot) of a save: the
    first run that breaks the contract, else the last."""
    path = str(space.file("fuzz.kssave", data))
    code, output = run_main(["verify", path])
    if problem_of(code, output) is not None:
        return code, output
    return run_main(["check", path])


def _import_umpire(space: Workspace, data: bytes) -> tuple[int, str]:
    out = space.folder / "maps" / "imported.toml"
    out.unlink(missing_ok=True)
    return run_main(["import-umpire", str(space.file("fuzz_game.py", data)), "--out", str(out)])


def mutate(reader: Reader, rng: random.Random) -> bytes:
    if rng.random() < RANDOM_SHARE:
        return rng.randbytes(rng.randrange(RANDOM_MAX_BYTES + 1))
    seed = rng.choice(reader.seeds)
    return mutate_json(seed, rng) if reader.json and rng.random() < 0.7 else splice(seed, rng)


def try_one(reader: Reader, space: Workspace, data: bytes) -> str | None:
    """Feed ``data`` to ``reader`` under the caps; the broken contract, or None."""
    try:
        with capped():
            code, output = reader.feed(space.folder, data)
    except FuzzTimeout as exc:
        return str(exc)
    return problem_of(code, output)


def campaign(total: int, seed: int, save_to: Path | None) -> dict[str, object]:
    """``total`` inputs spread over the readers; returns counts, findings (distinct by reader and message)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="kriegsspiel-fuzz-") as folder:
        space = Workspace(Path(folder))
        every = readers(space)
        counts = {name: 0 for name in every}
        findings: dict[tuple[str, str], bytes] = {}
        started = time.monotonic()
        schedule = [name for name in every for _ in range(SHARES[name])]
        for n in range(total):
            reader = every[schedule[n % len(schedule)]]
            data = mutate(reader, rng)
            problem = try_one(reader, space, data)
            counts[reader.name] += 1
            if problem is not None:
                problem = problem.split("; details in ")[0]  # one signature per cause, not per crash file
            if problem is not None and (reader.name, problem) not in findings:
                findings[(reader.name, problem)] = data
                print(f"FINDING {reader.name}: {problem}", flush=True)
                if save_to is not None:
                    (save_to / reader.name).mkdir(parents=True, exist_ok=True)
                    (save_to / reader.name / f"finding-{len(findings)}").write_bytes(data)
            if (n + 1) % 1000 == 0:
                print(f"{n + 1} inputs, {len(findings)} findings, {time.monotonic() - started:.0f} s", flush=True)
    return {"inputs": total, "by_reader": counts, "findings": [f"{r}: {p}" for r, p in findings],
            "seconds": round(time.monotonic() - started)}


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="a fuzz campaign over the border's readers")
    parser.add_argument("--inputs", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save-failures", type=Path, default=None)
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    print(json.dumps(campaign(args.inputs, args.seed, args.save_failures), indent=2))
