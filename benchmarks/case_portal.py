"""The players' portal must cost the umpire's window nothing: a drag frame while 20 phones poll the portal
against the same frame with the portal idle, in the same process. Goal: ratio <= 1.05.

The portal serves the shipped demo's game on loopback from its own thread, exactly as F9 runs it in the
window (the window pumps the portal's journal gate every frame). The 20 "phones" are threads of another
process (POSIX: paused with SIGSTOP; real phones are other machines: they must not compete for this process's interpreter), each asking
for its status once every PAGE_POLL_SECONDS (what the page does without server-sent events) or, in the
stress case, every STRESS_POLL_SECONDS (a far heavier load than a table of players makes).
"""
from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from benchmarks import CaseResult, case, median_seconds
from benchmarks.case_frame import _app, _dragging

PHONES = 20
#: the page's own polling period (without server-sent events), and a stress twenty times heavier
PAGE_POLL_SECONDS = 10.0
STRESS_POLL_SECONDS = 0.5
#: idle and busy measurements alternate this many times
BLOCKS = 4
REPO = Path(__file__).resolve().parent.parent

_PHONES_SCRIPT = textwrap.dedent("""
    import http.client, sys, threading, time
    from urllib.parse import urlsplit
    urls, period = sys.argv[2:], float(sys.argv[1])
    def phone(url):
        parts = urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        while True:
            connection.request("GET", parts.path + "/status.json")
            connection.getresponse().read()
            time.sleep(period)
    for url in urls:
        threading.Thread(target=phone, args=(url,), daemon=True).start()
    print("polling", flush=True)
    sys.stdin.read()
""")


@case("portal.drag-frame-20-phones", goal="drag frame with 20 phones polling <= 1.05x the frame with the portal idle",
      max_ratio=1.05)
def drag_frame_with_phones(repeats: int) -> CaseResult:
    return _drag_frame(repeats, PAGE_POLL_SECONDS)


@case("portal.drag-frame-20-phones-stress", goal="the same with every phone polling twice a second (<= 1.05x)",
      max_ratio=1.05)
def drag_frame_with_busy_phones(repeats: int) -> CaseResult:
    return _drag_frame(repeats, STRESS_POLL_SECONDS)


def _drag_frame(repeats: int, poll_seconds: float) -> CaseResult:
    from kriegsspiel.portal.links import link_url
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal, PumpGate
    from kriegsspiel.store import Game

    app, map_name = _app()
    unit, ends = _dragging(app)
    folder = Path(tempfile.mkdtemp(prefix="kriegsspiel-bench-portal-"))
    game = Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", folder / "demo.kssave")
    server = phones = None
    try:
        portal = Portal(game, PumpGate())
        portal.start()
        # the window pumps the portal's gate (and draws what is pending) every frame, as after F9
        app.portal.portal, app.portal.gate = portal, portal.gate
        server = PortalServer(portal, "127.0.0.1", 0)
        base = server.start()
        links = [link_url(base, token) for token in portal.tokens().values()]
        counter = iter(range(10**9))

        def frame() -> None:
            pos = ends[next(counter) % len(ends)]
            app.step([pygame_motion(pos)])

        reps = max(repeats, 30)
        phones = subprocess.Popen(
            [sys.executable, "-c", _PHONES_SCRIPT, str(poll_seconds), *(links[i % len(links)] for i in range(PHONES))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert phones.stdout is not None and phones.stdout.readline().strip() == "polling"
        # Idle and busy blocks alternate (the phones paused with SIGSTOP, let go with SIGCONT), so that the
        # machine's own drift (other programs) falls on both alike; each side is the median of its blocks.
        idle_blocks, busy_blocks = [], []
        for _ in range(BLOCKS):
            phones.send_signal(signal.SIGSTOP)
            time.sleep(0.2)  # requests under way end
            idle_blocks.append(median_seconds(frame, reps, warmup=2))
            phones.send_signal(signal.SIGCONT)
            time.sleep(0.2)
            busy_blocks.append(median_seconds(frame, reps, warmup=2))
    finally:
        if phones is not None:
            phones.kill()
        if server is not None:
            server.stop()
        game.close()
        shutil.rmtree(folder, ignore_errors=True)
    return CaseResult(statistics.median(busy_blocks), statistics.median(idle_blocks), {
        "map": map_name, "phones": PHONES, "poll_seconds": poll_seconds, "blocks": BLOCKS,
        "idle_blocks_ms": [round(b * 1000, 2) for b in idle_blocks],
        "busy_blocks_ms": [round(b * 1000, 2) for b in busy_blocks], "cpus": os.cpu_count()})


def pygame_motion(pos: tuple[int, int]):
    import pygame

    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
