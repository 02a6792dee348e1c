"""The debrief's page in a real browser (Chromium through Playwright), opened from its folder as a file: the
arrow keys and the slider step through the frames, a player's switch shows their own picture beside the truth,
and the page makes no request outside its folder."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("KRIEGSSPIEL_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

from debrief_support import DEMO, ruler_save  # noqa: E402

from kriegsspiel.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def page_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("browser")
    save = ruler_save(folder, "demo", DEMO)
    assert main(["debrief", str(save), "--out", str(folder / "page")]) == 0
    return folder / "page"


def test_the_page_steps_by_keys_and_shows_a_players_picture_beside_the_truth(page_folder: Path) -> None:
    requests: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("request", lambda request: requests.append(request.url))
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto((page_folder / "index.html").as_uri())
            label = page.locator("#label")
            assert label.inner_text() == "1 / 3: End of round 1"
            assert page.get_attribute("#umpire-img", "src") == "frames/001-umpire.png"
            assert page.locator("#seen").is_hidden()
            page.keyboard.press("ArrowRight")
            assert label.inner_text() == "2 / 3: End of round 2"
            page.keyboard.press("End")
            assert label.inner_text() == "3 / 3: Round 3 (in play)"
            page.keyboard.press("ArrowRight")  # stays on the last
            assert label.inner_text().startswith("3 / 3")
            page.keyboard.press("Home")
            page.select_option("#player", "Howe")
            assert page.locator("#seen").is_visible()
            assert page.get_attribute("#player-img", "src") == "frames/001-player-3.png"
            assert page.locator("#seen-caption").inner_text() == "What Howe saw"
            page.wait_for_function("document.getElementById('player-img').complete")
            assert page.eval_on_selector("#player-img", "img => img.naturalWidth") > 800
            page.locator("#step").fill("1")
            assert label.inner_text().startswith("2 / 3")
            assert page.get_attribute("#player-img", "src") == "frames/002-player-3.png"
            assert "hessians" in page.locator("#moves").inner_text()
            assert errors == []
        finally:
            browser.close()
    assert requests and all(url.startswith(page_folder.as_uri() + "/") for url in requests), requests
