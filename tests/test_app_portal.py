"""The players' portal in the window (F9): the server starts on its own thread, orders from a phone reach the
journal through the window's own thread, the inbox panel marks them, a number key shows one QR code."""
from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pytest

pytest.importorskip("aiohttp")

from portal_support import BLUE, RED, fetch, post_orders, write_game  # noqa: E402

from kriegsspiel.app.app import App  # noqa: E402
from kriegsspiel.app.session import TableSession  # noqa: E402
from kriegsspiel.store import Game  # noqa: E402


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import kriegsspiel.portal.server as server

    # the test's portal stays on this machine, whatever network the test machine is on
    monkeypatch.setattr(server, "lan_address", lambda: "127.0.0.1")
    pygame.display.init()
    pygame.font.init()
    game = Game.open(write_game(tmp_path))
    app = App(TableSession(game, "Field"), pygame.Surface((1000, 640)))
    app.portal.port = 0
    app.run(max_frames=1)
    yield app
    if app.portal.server is not None:
        app.portal.server.stop()
    game.close()


def _key(app: App, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def test_f9_serves_the_game_and_orders_arrive_through_the_windows_thread(window: App, tmp_path: Path) -> None:
    from kriegsspiel.portal.links import link_url
    from kriegsspiel.store import read_save

    _key(window, pygame.K_F9)
    assert window.status.startswith("players' portal at http://127.0.0.1:")
    portal = window.portal.portal
    urls = {name: link_url(window.portal.url, token) for name, token in portal.tokens().items()}
    assert fetch(urls[RED]).status == 200
    before = window.portal.frame_key()
    answers = []
    phone = threading.Thread(target=lambda: answers.append(post_orders(urls[RED], "hold the ford", ready=True)))
    phone.start()
    while phone.is_alive():  # the window goes on drawing frames; each one journals what came in
        window.step([])
    assert answers[0].status == 303
    records = read_save(window.session.game.path).records
    assert records[-1].kind == "portal" and records[-1].events[0]["text"] == "hold the ford"
    assert window.portal.frame_key() != before  # the panel changed: the window draws it again
    pygame.image.save(window.surface, str(tmp_path / "inbox.png"))
    blank = window.surface.copy()
    _key(window, pygame.K_2)  # Red HQ is the second player
    assert window.portal.qr_player == 1
    pygame.image.save(window.surface, str(tmp_path / "qr.png"))
    assert pygame.image.tobytes(window.surface, "RGB") != pygame.image.tobytes(blank, "RGB")
    _key(window, pygame.K_ESCAPE)
    assert not window.portal.visible
    assert BLUE in portal.players


def test_the_panel_keys_are_the_panels_only_while_it_is_shown(window: App) -> None:
    assert not window.portal.key(pygame.K_1)  # no portal yet: the key is the window's
    _key(window, pygame.K_F9)
    _key(window, pygame.K_F9)  # hidden again; the portal keeps serving
    assert window.portal.server is not None and not window.portal.visible
    assert not window.portal.key(pygame.K_1)


def test_earlier_rounds_pictures_are_drawn_one_a_frame(window: App) -> None:
    game = window.session.game
    for line in ("turn", "turn", "turn", "turn"):
        assert game.submit(line).accepted
    _key(window, pygame.K_F9)
    portal = window.portal.portal
    numbers = [s.number for s in portal.handouts(RED)]
    assert numbers[-1] == 3 and len(numbers) < 3  # the newest at once; not all of history in one frame
    for _ in range(4):
        window.step([])
    assert [s.number for s in portal.handouts(RED)] == [1, 2, 3]
    assert [s.number for s in portal.handouts(BLUE)] == [1, 2, 3]
