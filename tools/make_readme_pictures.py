"""Make the README's two pictures, for real and headless: ``python tools/make_readme_pictures.py``.

- ``docs/images/umpire-table.png``: the umpire's window on the demo scenario after the first moves of a game
  (``kriegsspiel play SAVE --screenshot``).
- ``docs/images/player-phone.png``: Washington's page of the players' portal on a phone (360 x 740 CSS pixels),
  opened in Debian's Chromium through Playwright (``pip install playwright``, ``apt-get install chromium``).

The game is played in a temporary folder with its own user folders; nothing else is written.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images"
#: The demo's opening: the Crown's columns set off, the Rebels answer (each line an Umpire shell command).
OPENING = ["move hessians > 24.5,60.5", "message Knyphausen advance to the ford", "turn",
           "move sullivan > 60,35", "turn"]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kriegsspiel-readme-") as scratch:
        folder = Path(scratch)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "KRIEGSSPIEL_DATA_DIR": str(folder / "data"),
               "KRIEGSSPIEL_CONFIG_DIR": str(folder / "config")}
        save = folder / "evening.kssave"
        subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", "demo", "--save", str(save)], env=env, check=True,
                       input="\n".join([*OPENING, "quit", ""]), text=True, capture_output=True)
        subprocess.run([sys.executable, "-m", "kriegsspiel", "play", str(save), "--screenshot",
                        str(OUT / "umpire-table.png"), "--size", "1600x1000"], env=env, check=True)
        _phone_page(save, env)
    print(f"wrote {OUT / 'umpire-table.png'} and {OUT / 'player-phone.png'}: look at them before committing")


def _phone_page(save: Path, env: dict[str, str]) -> None:
    import json
    import time

    from playwright import sync_api

    server = subprocess.Popen([sys.executable, "-m", "kriegsspiel", "serve", str(save), "--port", "8767"], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        links: dict[str, str] = {}
        for _ in range(100):  # the portal writes its address beside the save once it listens
            done = subprocess.run([sys.executable, "-m", "kriegsspiel", "links", str(save), "--json"], env=env,
                                  capture_output=True, text=True)
            if done.returncode == 0:
                links = json.loads(done.stdout)["players"]
                break
            time.sleep(0.2)
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("KRIEGSSPIEL_CHROMIUM", "/usr/bin/chromium"),
                                                 headless=True, args=["--no-sandbox"])
            page = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True,
                                       has_touch=True).new_page()
            page.goto(links["Washington"])
            page.wait_for_load_state("networkidle")
            time.sleep(1.0)
            page.screenshot(path=str(OUT / "player-phone.png"), full_page=False)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
