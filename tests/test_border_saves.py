"""The save's lines are decoded by the schema layer (kriegsspiel/border): a header rewritten by hand with a
value of the wrong type, and its chain recomputed, is refused by every command naming line 1 and the key, never
an internal error (issue 28, item 1). And the writer never writes a line the reader refuses (item 2), nor a
file it cannot finish (a scenario's file name that is not UTF-8, item 3)."""
from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

import pytest

from kriegsspiel.border.save_schema import MAX_COMMAND_CHARS
from kriegsspiel.cli import main
from kriegsspiel.store import Game, SaveError, read_save
from kriegsspiel.store.journal import canonical_json, content_hash
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

REPO = Path(__file__).resolve().parents[1]
BIG = "<5000 digits>"  # written as 5,000 nines in place of this string (no JSON library here writes them)


@pytest.fixture(scope="module")
def demo_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save of the shipped demo scenario (its real map) with two orders and a message."""
    folder = tmp_path_factory.mktemp("border-saves")
    text = (REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml").read_text(encoding="utf-8")
    scenario = folder / "demo.toml"
    scenario.write_text(text.replace('"../maps/', f'"{(REPO / "kriegsspiel" / "data" / "maps").as_posix()}/'), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(folder / "config"))
        with Game.new(scenario, folder / "demo.kssave") as game:
            for line in ["turn", "message Howe report one", "turn"]:
                assert game.submit(line).accepted, line
    return folder / "demo.kssave"


def _rewrite(save: Path, target: Path, change) -> Path:
    """``save`` with its header changed by ``change`` and every hash recomputed (no seal: a forger has no key)."""
    lines = save.read_bytes().splitlines()
    out, prev = [], None
    for number, raw in enumerate(lines):
        data = json.loads(raw)
        data.pop("seal", None)
        if number == 0:
            change(data)
        else:
            data["prev"] = prev
        if number == 0 and BIG in data.values():
            body = canonical_json(data).encode().replace(f'"{BIG}"'.encode(), b"9" * 5000)
            data["hash"] = prev = hashlib.sha256(body).hexdigest()
            out.append(body[:-1] + f',"hash":"{prev}"}}'.encode())  # the reader finds it at the end too
            continue
        data["hash"] = content_hash(data)
        prev = data["hash"]
        out.append(canonical_json(data).encode())
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"\n".join(out) + b"\n")
    return target


HOSTILE_HEADERS = [
    ("seed", None), ("seed", "1777"), ("seed", [1777]), ("seed", BIG), ("seed", -1), ("seed", 1.5),
    ("version", "2"), ("version", [2]), ("version", 0), ("scenario_path", ["demo.toml"]), ("scenario_path", 7),
    ("map", ["a.tmx"]), ("map", None), ("map", "a\u0000b.tmx"), ("scenario_sha256", 5), ("map_sha256", [1]),
    ("ruleset_sha256", None), ("scenario_name", "Chadds\u001b[2JFord"), ("created", {}),
]


def _set(key: str, value):
    def change(header: dict) -> None:
        header[key] = value
    return change


@pytest.mark.parametrize("key, value", HOSTILE_HEADERS, ids=[f"{k}-{str(v)[:12]}" for k, v in HOSTILE_HEADERS])
def test_a_header_value_of_the_wrong_type_is_refused_by_every_command(
        demo_save: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        key: str, value) -> None:
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KRIEGSSPIEL_DATA_DIR", str(tmp_path / "data"))
    save = _rewrite(demo_save, tmp_path / "data" / "games" / "forged.kssave", _set(key, value))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert "line 1" in str(caught.value) and key in str(caught.value), str(caught.value)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    for command in (["verify", str(save)], ["check", str(save)], ["replay", str(save)], ["shell", str(save)],
                    ["pov", str(save), "--out", str(tmp_path / "pictures")]):
        code = main(command)
        out, err = capsys.readouterr()
        assert code in (1, 2), (command, code, out, err)
        assert "internal error" not in out + err and "Traceback" not in out + err, (command, err)
        assert ("line 1" in out + err or f"{save}:1:" in out) and key in out + err, (command, out, err)
        assert "\x00" not in out + err and "\x1b" not in out + err
    assert main(["games"]) in (0, 1)
    out, err = capsys.readouterr()
    assert "forged.kssave" in out and "internal error" not in out + err and key in out, (out, err)


def test_an_untouched_header_still_reads(demo_save: Path, tmp_path: Path) -> None:
    same = _rewrite(demo_save, tmp_path / "same.kssave", lambda header: None)
    assert read_save(same).header.seed == read_save(demo_save).header.seed == 1777


def test_a_command_too_long_for_a_record_is_refused_at_entry_and_never_journaled(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "config"))
    loaders = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
    with Game.new(write_scenario(tmp_path), tmp_path / "g.kssave", **loaders) as game:
        size = (tmp_path / "g.kssave").stat().st_size
        outcome = game.submit("message Crown report " + "x" * (70 * 1024 * 1024))
        assert not outcome.accepted and f"at most {MAX_COMMAND_CHARS:,}" in (outcome.reason or "")
        assert (tmp_path / "g.kssave").stat().st_size == size
        longest = "message Crown report " + "y" * (MAX_COMMAND_CHARS - 21)
        assert game.submit(longest).accepted
    assert read_save(tmp_path / "g.kssave").records[-1].command == longest  # what is taken reads back


def test_the_writer_refuses_a_line_the_reader_would_refuse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kriegsspiel.border.save_schema as schema
    import kriegsspiel.store.journal as journal
    import kriegsspiel.store.journal_write as journal_write
    from kriegsspiel.store.journal_write import LineTooLong

    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "config"))
    loaders = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
    save = tmp_path / "g.kssave"
    with Game.new(write_scenario(tmp_path), save, **loaders) as game:
        before = save.read_bytes()
        limit = len(before.splitlines()[0]) + 1 + 600  # one shared limit: the header and a short record fit
        for module in (schema, journal, journal_write):
            monkeypatch.setattr(module, "MAX_LINE_BYTES", limit, raising=False)
        with pytest.raises(LineTooLong, match="longer than a save's line may be"):
            game.submit("message Crown report " + "z" * 2000)
        assert save.read_bytes() == before  # nothing of it written
        assert game.submit("message Crown report short").accepted
    assert [r.command for r in read_save(save).records] == ["message Crown report short"]


def test_a_scenario_whose_file_name_is_not_utf8_is_refused_and_leaves_no_save(
        demo_save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "config"))
    folder = os.fsencode(tmp_path)
    odd = os.fsdecode(folder + b"/sc\xff\xfe.toml")
    Path(odd).write_bytes((demo_save.parent / "demo.toml").read_bytes())
    save = tmp_path / "g.kssave"
    assert main(["new", odd, "--save", str(save)]) == 2
    out, err = capsys.readouterr()
    assert "internal error" not in err and "not UTF-8" in err and "scenario_path" in err, err
    assert not save.exists()  # the name stays free
    # a save named in bytes that are not UTF-8 is fine: the header does not hold its own name
    Path(odd).rename(tmp_path / "demo.toml")
    odd_save = os.fsdecode(folder + b"/g\xff.kssave")
    assert main(["new", str(tmp_path / "demo.toml"), "--save", odd_save]) == 0
    capsys.readouterr()
    assert read_save(odd_save).header.seed == 1777
