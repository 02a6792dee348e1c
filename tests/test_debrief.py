"""The debrief (issue 33): a game of each rule set played a few turns through its session, then debriefed.

The page has one frame per round that ended (and the round in play) or per confirmed phase, every move of
the journal is in its data and drawn, each player's frames are exactly the pictures ``kriegsspiel pov`` makes
of the same turn (pixel for pixel: nothing more is shown to them), and the page asks for nothing outside its
folder. The film's frame count is read back from the file.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pygame
import pytest

from debrief_support import DEMO, V3, diplomacy_save, profiles_save, ruler_save
from kriegsspiel.cli import main
from kriegsspiel.debrief import load_debrief, write_page
from kriegsspiel.store import AreaSession
from kriegsspiel.store import Game

GAMES = ["modern-4e", "kriegsspiel-v3", "diplomacy", "unit-profiles"]


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("games")
    return {
        "modern-4e": ruler_save(folder, "demo", DEMO),
        "kriegsspiel-v3": ruler_save(folder, "v3-weistritz", V3),
        "diplomacy": diplomacy_save(folder),
        "unit-profiles": profiles_save(folder),
    }


@pytest.fixture(scope="module")
def pages(saves: dict[str, Path]) -> dict[str, Path]:
    """Each game's page, written by the command as the umpire runs it."""
    out = {}
    for name, save in saves.items():
        folder = save.parent / f"debrief-{name}"
        assert main(["debrief", str(save), "--out", str(folder)]) == 0
        out[name] = folder
    return out


def page_data(folder: Path) -> dict[str, Any]:
    text = (folder / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="debrief-data">(.*?)</script>', text, re.S)
    assert block is not None
    return json.loads(block.group(1))


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    surface = pygame.image.load(str(path))
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def expected_ruler_frames(save: Path) -> list[str]:
    """From the journal, not from the debrief: each round that ended, then the round in play if ordered."""
    with Game.open(save, read_only=True) as game:
        orders = game.orders_in_force()
        final = game.state.round
    ended = sorted({r.round for r in orders if any(e.get("event") == "round-ended" for e in r.events)})
    labels = [f"End of round {n}" for n in ended]
    if any(r.round == final for r in orders):
        labels.append(f"Round {final} (in play)")
    return labels


@pytest.mark.parametrize("game", GAMES)
def test_one_frame_per_round_or_phase_and_the_timeline_steps_through_them(game: str, saves, pages) -> None:
    data = page_data(pages[game])
    labels = [f["label"] for f in data["frames"]]
    if data["kind"] == "ruler":
        assert labels == expected_ruler_frames(saves[game])
    else:
        with AreaSession.open(saves[game], read_only=True) as area:
            assert labels == [before.position.phase_label for before, _ in area.confirmed_phases()]
    assert len(labels) >= 2
    html = (pages[game] / "index.html").read_text(encoding="utf-8")
    assert f'max="{len(labels) - 1}"' in html  # the slider's last step is the last frame
    for frame in data["frames"]:
        assert (pages[game] / frame["umpire"]).is_file()
        assert set(frame["players"]) == set(data["players"])
        assert all((pages[game] / p).is_file() for p in frame["players"].values())
    assert data["rule_set"] == game


@pytest.mark.parametrize("game", ["modern-4e", "kriegsspiel-v3"])
def test_every_move_of_a_ruler_journal_is_drawn(game: str, saves, pages) -> None:
    with Game.open(saves[game], read_only=True) as played:
        journal = [(r.seq, e["unit"]) for r in played.orders_in_force() for e in r.events if e.get("event") == "moved"]
    data = page_data(pages[game])
    listed = [(m["seq"], m["who"]) for f in data["frames"] for m in f["moves"]]
    assert journal and sorted(listed) == sorted(journal)
    debrief = load_debrief(saves[game])
    for frame in debrief.frames:
        if frame.moves:  # the arrows change the umpire's picture: they are drawn, not only listed
            bare, drawn = frame.draw_umpire(), frame.umpire()
            assert pygame.image.tobytes(bare, "RGB") != pygame.image.tobytes(drawn, "RGB")
            x, y = (round(v) for v in frame.moves[0].path[-1])
            assert drawn.get_at((x, y))[:3] != bare.get_at((x, y))[:3] or any(
                drawn.get_at((x + dx, y + dy))[:3] == frame.moves[0].colour for dx in range(-3, 4) for dy in range(-3, 4))


@pytest.mark.parametrize("game", ["diplomacy", "unit-profiles"])
def test_every_order_of_an_area_journal_is_listed_with_its_path(game: str, saves, pages) -> None:
    with AreaSession.open(saves[game], read_only=True) as area:
        given = [f"{o.power}: {o.text}" for before, _ in area.confirmed_phases() for o in before.orders]
    data = page_data(pages[game])
    listed = [m["text"] for f in data["frames"] for m in f["moves"]]
    assert given and listed == given
    moving = [m for f in data["frames"] for m in f["moves"] if " - " in m["text"] or " move " in m["text"]]
    assert moving and all(len(m["path"]) == 2 for m in moving)


@pytest.mark.parametrize("game", ["modern-4e", "kriegsspiel-v3"])
def test_a_players_frames_are_exactly_their_own_pictures(game: str, saves, pages, tmp_path: Path) -> None:
    data = page_data(pages[game])
    with Game.open(saves[game], read_only=True) as played:
        names = [p.name for p in played.state.setup.players]
    from kriegsspiel.pov.png import player_file_names

    files = player_file_names(names)
    for frame in data["frames"]:
        match = re.match(r"End of round (\d+)", frame["label"])
        out = tmp_path / frame["label"].replace(" ", "-")
        args = ["pov", str(saves[game]), "--out", str(out)] + (["--round", match.group(1)] if match else [])
        assert main(args) == 0
        folder = next(out.iterdir())
        for name in names:
            assert pixels(pages[game] / frame["players"][name]) == pixels(folder / files[name]), (frame["label"], name)


@pytest.mark.parametrize("game", ["diplomacy", "unit-profiles"])
def test_a_powers_frames_are_exactly_its_own_pictures(game: str, saves, pages, tmp_path: Path) -> None:
    data = page_data(pages[game])
    assert main(["pov", str(saves[game]), "--out", str(tmp_path)]) == 0
    with AreaSession.open(saves[game], read_only=True) as area:
        phases = [before.position.phase for before, _ in area.confirmed_phases()]
    for phase, frame in zip(phases, data["frames"], strict=True):
        for power, file in frame["players"].items():
            assert pixels(pages[game] / file) == pixels(tmp_path / f"{phase}-{power}.png"), (phase, power)


class _References(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("src", "href", "action", "data", "poster") and v]


@pytest.mark.parametrize("game", GAMES)
def test_the_page_asks_for_nothing_outside_its_folder(game: str, pages) -> None:
    html = (pages[game] / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"https?:|//[a-z0-9]|@import|url\(", html, re.I)
    refs = _References()
    refs.feed(html)
    # its style and script are files beside it; the pictures are set by the script, from the page's data
    assert sorted(refs.found) == ["debrief.css", "debrief.js"]
    assert all((pages[game] / name).is_file() for name in refs.found)
    script = (pages[game] / "debrief.js").read_text(encoding="utf-8")
    assert not re.search(r"https?:|fetch\(|XMLHttpRequest|import\(", script)
    data = page_data(pages[game])
    for frame in data["frames"]:
        for file in [frame["umpire"], *frame["players"].values()]:
            assert not file.startswith(("/", ".")) and ":" not in file and (pages[game] / file).is_file()
    assert "default-src 'none'" in html  # and the browser is told to fetch nothing else


def test_a_game_in_play_is_marked_for_the_umpire_alone(pages, capsys) -> None:
    html = (pages["modern-4e"] / "index.html").read_text(encoding="utf-8")
    assert "for the umpire alone" in html
    assert page_data(pages["modern-4e"])["finished"] is False


def test_the_standing_chart_is_inline_svg_with_each_side(pages) -> None:
    html = (pages["modern-4e"] / "index.html").read_text(encoding="utf-8")
    svg = html[html.index("<svg"): html.index("</svg>")]
    data = page_data(pages["modern-4e"])
    assert svg.count("<polyline") == len(data["frames"][0]["standing"]) == 2  # Rebel and Crown
    assert all(f["standing"] for f in data["frames"])


def test_the_command_refuses_without_an_output_and_for_a_missing_save(tmp_path: Path, capsys) -> None:
    assert main(["debrief", str(tmp_path / "none.kssave"), "--out", str(tmp_path / "o")]) == 2
    assert main(["debrief", str(tmp_path / "none.kssave")]) == 2
    err = capsys.readouterr().err
    assert "--out" in err and "Traceback" not in err


def test_a_film_without_the_extra_names_it(saves, tmp_path: Path, capsys, monkeypatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name.startswith("imageio") else real(name, *a))
    assert main(["debrief", str(saves["modern-4e"]), "--movie", str(tmp_path / "f.mp4")]) == 2
    assert "pip install 'kriegsspiel[debrief]'" in capsys.readouterr().err
    assert not (tmp_path / "f.mp4").exists()
    assert main(["debrief", str(saves["modern-4e"]), "--movie", str(tmp_path / "f.avi")]) == 2


def _film_frames(path: Path) -> list[Any]:
    import imageio.v3 as iio

    plugin = "pillow" if path.suffix == ".gif" else "FFMPEG"
    return list(iio.imiter(path, plugin=plugin))


@pytest.mark.parametrize("game,suffix", [("modern-4e", ".mp4"), ("diplomacy", ".gif"), ("unit-profiles", ".webm")])
def test_the_film_has_a_title_each_frames_moves_and_holds_and_the_standing(game: str, suffix: str, saves,
                                                                           tmp_path: Path) -> None:
    pytest.importorskip("imageio_ffmpeg", reason="the debrief extra: pip install 'kriegsspiel[debrief]'")
    from kriegsspiel.debrief.movie import FILM_SIZE, Pace, write_movie

    debrief = load_debrief(saves[game])
    pace = Pace(fps=4, title_seconds=0.5, move_seconds=1.0, hold_seconds=0.5, final_seconds=0.5)
    film = tmp_path / f"film{suffix}"
    seen: list[tuple[int, int]] = []
    count = write_movie(debrief, film, pace, progress=lambda done, total: seen.append((done, total)))
    expected = 2 + len(debrief.frames) * (4 + 2) + 2
    assert count == pace.total(len(debrief.frames)) == expected
    frames = _film_frames(film)
    assert len(frames) == expected
    assert frames[0].shape[:2] == (FILM_SIZE[1], FILM_SIZE[0])
    assert seen[-1] == (expected, expected)
    # the moves grow: the first and last step of the first frame's animation differ, and the held board follows
    first = 2
    assert (frames[first].astype(int) - frames[first + 3].astype(int)).any()


def test_the_command_writes_a_film_with_a_progress_bar(saves, tmp_path: Path, capsys) -> None:
    pytest.importorskip("imageio_ffmpeg", reason="the debrief extra: pip install 'kriegsspiel[debrief]'")
    film = tmp_path / "v3.mp4"
    assert main(["debrief", str(saves["kriegsspiel-v3"]), "--movie", str(film)]) == 0
    out, err = capsys.readouterr()
    from kriegsspiel.debrief.movie import Pace

    total = Pace().total(3)
    assert f"({total} frames)" in out and f"{total}/{total}" in err and "film [" in err
    assert len(_film_frames(film)) == total


def test_the_benchmarks_game_plays_and_debriefs(tmp_path: Path) -> None:
    """benchmarks/case_debrief.py's game (there of 20 rounds), so that the benchmark cannot rot."""
    from benchmarks.case_debrief import played_game

    debrief = load_debrief(played_game(tmp_path, rounds=2))
    assert [f.label for f in debrief.frames] == ["End of round 1", "End of round 2"]
    assert [len(f.moves) for f in debrief.frames] == [2, 2]
