"""The real window on a real X screen of 1366x768 (Xvfb): a ruler game and an area game each open wholly on
the screen, fill it with ``--fullscreen``, and quit with Ctrl+Q, through the same window frame (issue 27 item 4,
issue 30 item 1). Skipped where Xvfb, xwininfo or xdotool are missing (CI installs the xvfb and xdotool packages).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
SCREEN = (1366, 768)

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("Xvfb", "xwininfo", "xdotool")),
    reason="needs Xvfb, xwininfo and xdotool (apt-get install xvfb x11-utils xdotool)",
)


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A 1366x768 X screen of its own; -noreset: the server must not reset (refusing clients a moment) each time
    the last window closes."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-noreset"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _windows(env: dict[str, str]) -> list[str]:
    tree = subprocess.run(["xwininfo", "-root", "-children"], env=env, capture_output=True, text=True).stdout
    return re.findall(r"^\s+(0x[0-9a-f]+) \"kriegsspiel", tree, re.M)


def _open_and_quit(display: str, scenario: str, tmp_path: Path, *options: str) -> tuple[tuple[int, int, int, int], int, str]:
    """Run ``kriegsspiel play scenario`` on ``display``; return the window's (x, y, width, height) on the screen,
    the exit code after Ctrl+Q, and what it wrote to stderr."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(DISPLAY=display, PYTHONPATH=str(REPO), KRIEGSSPIEL_CONFIG_DIR=str(tmp_path / "config"),
               KRIEGSSPIEL_DATA_DIR=str(tmp_path / "data"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    game = subprocess.Popen([sys.executable, "-m", "kriegsspiel", "play", str(SCENARIOS / scenario), *options],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not _windows(env) and time.monotonic() < deadline and game.poll() is None:
            time.sleep(0.2)
        time.sleep(1.5)  # settled: SDL may make a fullscreen window again
        window = _windows(env)[-1]
        info = subprocess.run(["xwininfo", "-id", window], env=env, capture_output=True, text=True).stdout
        fields = dict(re.findall(r"(Absolute upper-left X|Absolute upper-left Y|Width|Height):\s+(-?\d+)", info))
        geometry = tuple(int(fields[k]) for k in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"))
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, check=True, timeout=10)
        subprocess.run(["xdotool", "key", "ctrl+q"], env=env, check=True, timeout=10)
        code = game.wait(timeout=30)
        return geometry, code, game.stderr.read() if game.stderr else ""  # type: ignore[return-value]
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


@pytest.mark.parametrize("scenario", ["demo.toml", "diplomacy-1901.toml"])
def test_the_window_lies_on_a_laptop_screen_fills_it_fullscreen_and_quits_with_ctrl_q(
        display: str, scenario: str, tmp_path: Path) -> None:
    (x, y, w, h), code, said = _open_and_quit(display, scenario, tmp_path / "windowed")
    assert x >= 0 and y >= 0 and x + w <= SCREEN[0] and y + h <= SCREEN[1], (x, y, w, h)
    assert code == 0 and "quit: every" in said, said
    geometry, code, said = _open_and_quit(display, scenario, tmp_path / "full", "--fullscreen")
    assert geometry == (0, 0, *SCREEN) and code == 0, (geometry, said)
