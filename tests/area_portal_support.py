"""Shared by the area-game portal's tests: saves of the shipped Diplomacy and unit-profiles scenarios (a blind
Diplomacy variant too), a running area portal on a free loopback port, and the umpire's commands run under
the portal's lock as the serve terminal runs them."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DIPLOMACY = "diplomacy-1901.toml"
PROFILES = "unit-profiles-borderlands.toml"
#: the Borderlands plan of the session tests: NORD buys, then attacks FEL (a battle with questions to both)
PROFILES_PURCHASE = "buy 2 infantry\nbuy 1 artillery"
PROFILES_ATTACK = "move n20,n21,n23 MIT-FEL\nmove n22 MIT-FEL"


def write_area_game(folder: Path, scenario: str = DIPLOMACY, *, blind: bool = False,
                    edits: tuple[tuple[str, str], ...] = (), name: str = "game.kssave") -> Path:
    """A new save of a shipped area scenario (its map copied beside it); ``blind`` switches the scenario's
    blind rule on, each of ``edits`` replaces a text of the scenario by another. Returns the save's path."""
    from kriegsspiel.store.area import AreaSession

    (folder / "maps").mkdir(parents=True, exist_ok=True)
    (folder / "scenarios").mkdir(exist_ok=True)
    text = (REPO / "kriegsspiel" / "data" / "scenarios" / scenario).read_text(encoding="utf-8")
    map_name = text.split('map = "../maps/', 1)[1].split('"', 1)[0]
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / map_name, folder / "maps")
    if blind:
        assert "blind = false" in text
        text = text.replace("blind = false", "blind = true")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    target = folder / "scenarios" / scenario
    target.write_text(text, encoding="utf-8")
    save = folder / name
    AreaSession.new(target, save).close()
    return save


@dataclass
class LiveArea:
    """An area portal serving a game: ``urls`` maps each power to its link."""

    game: Any
    portal: Any
    server: Any
    base: str
    urls: dict[str, str]

    def umpire(self, line: str) -> Any:
        """The umpire's command, under the portal's lock (as the serve terminal gives it); the pages are told."""
        outcome = self.portal.gate.run(lambda: self.game.submit(line))
        self.portal.poll()
        return outcome


@contextmanager
def running_area_portal(save: Path) -> Iterator[LiveArea]:
    """Open ``save``, start its area portal on a free loopback port, and stop it all afterwards."""
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.portal.links import link_url
    from kriegsspiel.store.area import AreaSession

    game = AreaSession.open(save)
    server = None
    try:
        portal = Portal(game)
        portal.start()
        server = PortalServer(portal, "127.0.0.1", 0)
        base = server.start()
        urls = {power: link_url(base, token) for power, token in portal.tokens().items()}
        yield LiveArea(game, portal, server, base, urls)
    finally:
        if server is not None:
            server.stop()
        game.close()


def answer_until(live: LiveArea, chooser: str, limit: int = 40) -> Any:
    """Confirm, answering every question not put to ``chooser`` with its first option, until one is put to
    ``chooser``; returns that choice (None when the phase ended without one)."""
    for _ in range(limit):
        assert live.umpire("confirm").accepted
        if not live.game.turn.choices:
            return None
        choice = live.game.turn.choices[0]
        if choice.power == chooser:
            return choice
        assert live.umpire(f"{choice.power}: {choice.options[0]}").accepted
    raise AssertionError(f"no question for {chooser} in {limit} confirms")


def send(link: str, text: str, ready: bool = False) -> Any:
    """Send orders as the power's page does: the CSRF token and the phase number read from a fresh page."""
    import re

    from portal_support import csrf_of, fetch, post_orders

    page = fetch(link).text
    number = re.search(r'name="round" value="([0-9]+)"', page)
    assert number, "the page has no order form"
    return post_orders(link, text, round_number=int(number.group(1)), ready=ready, csrf=csrf_of(page))
