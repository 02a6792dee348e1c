"""A power's page of an area game on the standard Diplomacy board, as a phone loads it after the umpire's
confirm: the page, then its picture drawn afresh (the phase is new: nothing cached), over loopback HTTP.

Project: GET the page + GET the picture (drawn, PNG-encoded, sent). Reference: what ``kriegsspiel pov`` does
for the same power, in the same process: its picture of the phase written to a file
(``write_phase_pictures``). Goal: ratio <= 1.5 (the portal's HTTP, page and rule-set help cost at most half
a picture more). Extra: the page alone and the picture served again (cached), in milliseconds.
"""
from __future__ import annotations

import http.client
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from benchmarks import CaseResult, case, median_seconds  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def _get(url: str) -> bytes:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", parts.path)
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200, (response.status, url)
        return body
    finally:
        connection.close()


@case("portal.area-page-diplomacy", goal="a power's page + fresh picture <= 1.5x 'kriegsspiel pov' of one picture",
      max_ratio=1.5)
def area_page(repeats: int) -> CaseResult:
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.portal.links import link_url
    from kriegsspiel.store.area import AreaSession
    from kriegsspiel.store.pictures import write_phase_pictures

    folder = Path(tempfile.mkdtemp(prefix="kriegsspiel-bench-area-portal-"))
    game = AreaSession.new(REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml", folder / "game.kssave")
    server = None
    try:
        for line in ("FRANCE: A PAR - BUR", "GERMANY: A MUN - BUR", "ENGLAND: F LON - NTH", "confirm"):
            assert game.submit(line).accepted
        portal = Portal(game)
        portal.start()
        server = PortalServer(portal, "127.0.0.1", 0)
        link = link_url(server.start(), portal.tokens()["FRANCE"])
        picture = f"{link}/picture/{portal.ordering_number()}.png"

        def fresh() -> None:
            portal.desk._current.clear()  # a new phase: the picture is drawn again, as after every confirm
            _get(link)
            _get(picture)

        project = median_seconds(fresh, repeats, warmup=2)
        page = median_seconds(lambda: _get(link), repeats, warmup=2)
        cached = median_seconds(lambda: _get(picture), repeats, warmup=2)
        before, result = game.confirmed_phases()[0]
        out = folder / "pov"
        reference = median_seconds(lambda: write_phase_pictures(game.scenario, before, result, out, ["FRANCE"]),
                                   repeats, warmup=2)
    finally:
        if server is not None:
            server.stop()
        game.close()
        shutil.rmtree(folder, ignore_errors=True)
    return CaseResult(project, reference, {"page_ms": round(page * 1000, 2),
                                           "picture_cached_ms": round(cached * 1000, 2)})
