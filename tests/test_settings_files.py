"""The program's settings files (issue 28 item 1: the window's size and place in ``window.json``, the console's
history) are read through the border's safe-open helper and a schema: a broken or hostile one costs one message
naming the file (and the key or line) and the defaults, never a traceback, and it is moved aside to
``NAME.broken`` rather than overwritten, so nothing the umpire had is lost. What the program writes it reads back."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.app import placement, window
from kriegsspiel.app.console import HISTORY_FILE, load_history, save_history
from kriegsspiel.border.files import CAPS
from kriegsspiel.border.settings import aside_path

REPO = Path(__file__).resolve().parent.parent

#: window.json as a damaged disk, an editor or a hostile hand may leave it: (content, words of the message)
BROKEN_WINDOW_FILES: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "not-json": (b"{size: 800x600", ("not JSON",)),
    "empty": (b"", ("not JSON",)),
    "size-strings": (b'{"size": ["800", "600"]}', ("size[0]", "expected a whole number, got a string")),
    "size-nan": (b'{"size": [NaN, 600]}', ("not JSON",)),
    "size-5000-digits": (b'{"size": [' + b"9" * 5000 + b', 600]}', ("size[0]",)),
    "size-zero": (b'{"size": [0, 600]}', ("size[0]",)),
    "size-list-of-lists": (b'{"size": [[800], [600]]}', ("size[0]", "got a list")),
    "size-missing": (b'{"position": [0, 0]}', ("size", "missing")),
    "position-three": (b'{"size": [800, 600], "position": [1, 2, 3]}', ("position",)),
    "fullscreen-string": (b'{"size": [800, 600], "fullscreen": "yes"}', ("fullscreen", "true or false")),
    "a-list": (b"[800, 600]", ("expected an object",)),
    "not-utf8": (b"\xff\xfe{\"size\": [800, 600]}", ("not JSON", "UTF-8")),
    "nested-deep": (b'{"size": [800, 600], "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", ("window.json",)),
    "too-large": (b'{"size": [800, 600], "x": "' + b"a" * (CAPS["settings"].cap + 10) + b'"}', ("larger than",)),
}


@pytest.mark.parametrize("name", list(BROKEN_WINDOW_FILES))
def test_a_broken_window_file_is_one_message_the_default_and_is_kept_aside(tmp_path: Path, name: str) -> None:
    content, words = BROKEN_WINDOW_FILES[name]
    path = tmp_path / placement.FILE_NAME
    path.write_bytes(content)
    remembered, problem = placement.load(tmp_path)
    assert remembered is None and problem is not None
    assert str(path) in problem and "default" in problem and "window.json.broken" in problem, problem
    for word in words:
        assert word in problem, (word, problem)
    assert "Traceback" not in problem and len(problem.splitlines()) == 1
    assert not path.exists() and (tmp_path / "window.json.broken").read_bytes() == content
    # the next run writes the settings anew; the broken file stays where it was put
    assert placement.save(placement.Placement((900, 600), (10, 20)), tmp_path) is None
    assert placement.load(tmp_path) == (placement.Placement((900, 600), (10, 20), False), None)
    assert (tmp_path / "window.json.broken").read_bytes() == content


def test_a_second_broken_file_does_not_replace_the_first_one_kept(tmp_path: Path) -> None:
    path = tmp_path / placement.FILE_NAME
    for n, content in enumerate([b"first", b"second", b"third"]):
        path.write_bytes(content)
        assert placement.load(tmp_path)[0] is None
    assert (tmp_path / "window.json.broken").read_bytes() == b"first"
    assert (tmp_path / "window.json.broken-2").read_bytes() == b"second"
    assert (tmp_path / "window.json.broken-3").read_bytes() == b"third"
    assert aside_path(path) == tmp_path / "window.json.broken-4"


@pytest.mark.parametrize("kind", ["folder", "fifo", "device-link"])
def test_a_window_file_that_is_no_regular_file_is_refused_at_once_and_moved_aside(tmp_path: Path, kind: str) -> None:
    path = tmp_path / placement.FILE_NAME
    if kind == "folder":
        path.mkdir()
        (path / "keep.txt").write_text("mine")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    remembered, problem = placement.load(tmp_path)  # a FIFO is never waited on, /dev/zero never read
    assert remembered is None and problem is not None and str(path) in problem
    assert "folder" in problem or "not a regular file" in problem, problem
    assert os.path.lexists(tmp_path / "window.json.broken")
    if kind == "folder":
        assert (tmp_path / "window.json.broken" / "keep.txt").read_text() == "mine"
    assert placement.save(placement.Placement((900, 600)), tmp_path) is None


def test_a_broken_file_that_cannot_be_moved_aside_is_never_overwritten(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / placement.FILE_NAME
    path.write_bytes(b'{"size": "huge"}')

    def refuse(source: Any, target: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    remembered, problem = placement.load(tmp_path)
    assert remembered is None and problem is not None and "could not be moved aside" in problem
    written = placement.save(placement.Placement((900, 600)), tmp_path)
    assert written is not None and "not written" in written and str(path) in written
    assert path.read_bytes() == b'{"size": "huge"}'


def test_the_window_file_written_is_atomic_and_reads_back(tmp_path: Path) -> None:
    for kept in [placement.Placement((640, 480)), placement.Placement((3840, 2160), (-1920, 0), True)]:
        assert placement.save(kept, tmp_path) is None
        assert placement.load(tmp_path) == (kept, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["window.json"]  # no temporary file left behind


HISTORY_BROKEN: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "nul": (b"move a > 1,1\nmove b\x00 > 2,2\n", ("line 2", "control characters")),
    "escape": (b"\x1b[2Jmessage all UMPIRE: surrender\n", ("line 1", "control characters")),
    "too-long": (b"ok\n" + b"x" * 70_000 + b"\n", ("line 2", "length")),
    "not-utf8": (b"move a\n\xff\xfe\n", ("line 2", "not UTF-8")),
}


@pytest.mark.parametrize("name", list(HISTORY_BROKEN))
def test_a_broken_history_is_one_message_an_empty_history_and_is_kept_aside(tmp_path: Path, name: str) -> None:
    content, words = HISTORY_BROKEN[name]
    path = tmp_path / HISTORY_FILE
    path.write_bytes(content)
    lines, problem = load_history(tmp_path)
    assert lines == [] and problem is not None and str(path) in problem and "without its history" in problem
    for word in words:
        assert word in problem, (word, problem)
    assert (tmp_path / (HISTORY_FILE + ".broken")).read_bytes() == content
    assert save_history(tmp_path, ["move a > 1,1"]) is None
    assert load_history(tmp_path) == (["move a > 1,1"], None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.text(max_size=60),
                          st.builds(lambda n, c: c * n, st.integers(60_000, 70_000), st.sampled_from("a\x00\u00e9"))),
                max_size=25))
def test_what_the_console_keeps_it_reads_back(tmp_path: Path, history: list[str]) -> None:
    """save_history leaves out what load_history would refuse (a control character, a line beyond a command's
    length) and the oldest lines beyond the settings cap: the history written always reads back."""
    (tmp_path / HISTORY_FILE).unlink(missing_ok=True)
    assert save_history(tmp_path, history) is None
    lines, problem = load_history(tmp_path, limit=1000)
    assert problem is None
    expected = [h for h in history if h.strip() and not re.search(r"[\x00-\x1f\x7f]", h) and len(h) <= 65_536]
    assert lines == expected[len(expected) - len(lines):]
    assert (tmp_path / HISTORY_FILE).stat().st_size <= CAPS["settings"].cap


def test_a_full_history_keeps_its_newest_lines_within_the_cap(tmp_path: Path) -> None:
    history = [f"message all {i} " + "x" * 60_000 for i in range(40)]  # 2.4 MB: beyond the 1 MiB cap
    assert save_history(tmp_path, history) is None
    lines, problem = load_history(tmp_path, limit=1000)
    assert problem is None and lines and lines[-1] == history[-1] and len(lines) < len(history)


class _Quit:
    """pygame.event.get, with QUIT at the second call."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real, self.calls = pygame.event.get, 0
        monkeypatch.setattr(pygame.event, "get", self)

    def __call__(self, *args: object, **kwargs: object) -> list[pygame.event.Event]:
        self.calls += 1
        return list(self.real()) + ([pygame.event.Event(pygame.QUIT)] if self.calls == 2 else [])


def test_the_window_opens_at_its_defaults_over_broken_settings_and_says_so_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from kriegsspiel.store import Game
    from kriegsspiel.userdirs import config_dir

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    told: list[str] = []
    monkeypatch.setattr(window.App, "tell", lambda self, text, *a, **k: told.append(text), raising=False)
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "window.json").write_bytes(b'{"size": [1e999, null]}')
    (folder / HISTORY_FILE).write_bytes(b"turn\n\x00\n")
    _Quit(monkeypatch)
    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "s.kssave") as game:
        assert window.run_window(game, "s") == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("window.json:") == 1 and err.count(HISTORY_FILE + " line 2") == 1, err
    assert any("window.json" in t for t in told) and any(HISTORY_FILE in t for t in told), told
    assert (folder / "window.json.broken").read_bytes() == b'{"size": [1e999, null]}'
    assert (folder / (HISTORY_FILE + ".broken")).read_bytes() == b"turn\n\x00\n"
    assert placement.load(folder)[1] is None and placement.load(folder)[0] is not None  # written anew at the end


@pytest.mark.parametrize("content", [b"not json", b'{"format": "kriegsspiel-links", "players": {"Blue": ["x"]}}',
                                     b'{"format": "kriegsspiel-links", "players": {"Bl\\u0000ue": "' + b"a" * 32 + b'"}}'])
def test_a_portal_over_a_broken_links_file_issues_new_links_and_keeps_the_file(tmp_path: Path,
                                                                                content: bytes) -> None:
    from kriegsspiel.portal.links import LinkBook, links_path
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game
    from portal_support import write_game

    save = write_game(tmp_path)
    path = links_path(save)
    path.write_bytes(content)
    path.chmod(0o600)
    with pytest.raises(Exception, match="links"):  # `kriegsspiel links` and a running portal refuse it in words
        LinkBook.load(save)
    game = Game.open(save)
    try:
        portal = Portal(game)
        portal.start()
        said = [n for n in portal.notes if "links" in n]
        assert said and str(path) in said[0] and "new link" in said[0] and ".links.broken" in said[0], portal.notes
        assert set(portal.tokens()) and (tmp_path / (path.name + ".broken")).read_bytes() == content
        assert LinkBook.load(save).tokens == portal.tokens()  # the new file reads back
    finally:
        game.close()


def test_a_links_file_others_may_read_is_still_refused_and_left_in_place(tmp_path: Path) -> None:
    from kriegsspiel.errors import UserError
    from kriegsspiel.portal.links import LinkBook, links_path
    from portal_support import write_game

    save = write_game(tmp_path)
    path = links_path(save)
    path.write_bytes(b"not json")
    path.chmod(0o644)
    with pytest.raises(UserError, match="chmod 600"):
        LinkBook.load_for_serving(save)
    assert path.read_bytes() == b"not json"
