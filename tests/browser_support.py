"""Shared by the portal's browser tests: Playwright driving Debian's Chromium, headless, as a phone.

Needs ``pip install playwright`` and ``apt-get install chromium`` (``.ci/run`` installs both); the browser is
found at ``$KRIEGSSPIEL_CHROMIUM`` or ``/usr/bin/chromium``: without either, a test module importing this is
skipped. ``KRIEGSSPIEL_SHOTS=DIR`` keeps the screenshots. A test module takes the ``browser`` fixture with
``from browser_support import browser``.
"""
from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("KRIEGSSPIEL_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

#: a small phone (CSS pixels) and the phone a player holds today
SMALL_PHONE = (360, 740)
PHONE = (390, 844)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def wait_until(page: Any, expression: str, seconds: float = 20.0) -> None:
    """Poll ``expression`` from Python until it is true. Playwright's wait_for_function may evaluate its text
    with eval in the page, which the portal's Content-Security-Policy (rightly) forbids."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if page.evaluate(expression):
                return
        except sync_api.Error:  # the page loading itself again (the game moved on): ask the new one
            pass
        assert time.monotonic() < deadline, f"still false after {seconds} s: {expression}"
        time.sleep(0.05)


def shot(page: Any, tmp_path: Path, name: str, full: bool = False) -> Path:
    """A screenshot of the page (``full``: the whole page, else the screen), kept under $KRIEGSSPIEL_SHOTS."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    keep = os.environ.get("KRIEGSSPIEL_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / path.name)
    return path


def phone(browser: Any, size: tuple[int, int] = PHONE, init_script: str | None = None) -> tuple[Any, Any, list[str]]:
    """A new phone (``size`` in CSS pixels, touch, twice the pixels) and its page; the list fills with every
    script error and CSP violation the page reports. ``init_script`` runs before each page's own."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    context.set_default_timeout(90_000)  # a loaded CI machine: slow is not wrong
    if init_script is not None:
        context.add_init_script(init_script)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return context, page, problems
