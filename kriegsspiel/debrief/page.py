"""The debrief's page: ``index.html`` with its pictures in ``frames/`` beside it, for any browser without a
server. Everything is inline or a relative file: no outside request, so it works offline and can be mailed
as a zip.

The page's data (frames, moves, log, standing) is a JSON block inside the page (``<script
type="application/json" id="debrief-data">``), which the page's own script reads and tests can check.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from html import escape
from pathlib import Path

from kriegsspiel.debrief.chart import standing_chart
from kriegsspiel.debrief.model import Debrief
from kriegsspiel.debrief.pictures import FRAMES, frame_files, write_pictures
from kriegsspiel.pov.png import write_atomically

__all__ = ["FRAMES", "PAGE", "frame_files", "page_data", "page_html", "stderr_progress", "write_page"]

PAGE = "index.html"


def page_data(debrief: Debrief) -> dict[str, object]:
    """What the page's script shows, JSON-ready."""
    frames = []
    for i, frame in enumerate(debrief.frames):
        umpire, players = frame_files(i, debrief.players)
        frames.append({
            "label": frame.label, "umpire": umpire, "players": players,
            "moves": [{"who": m.who, "text": m.label, "seq": m.seq, "path": [list(p) for p in m.path]}
                      for m in frame.moves],
            "log": list(frame.log), "standing": dict(frame.standing),
        })
    return {"title": debrief.title, "kind": debrief.kind, "rule_set": debrief.rule_set,
            "players": list(debrief.players), "finished": debrief.finished, "result": debrief.result,
            "standing_unit": debrief.standing_unit,
            "player_names": debrief.extra.get("player_names", {}), "frames": frames}


def write_page(debrief: Debrief, out_dir: Path,
               progress: Callable[[int, int], None] | None = None, film: str | None = None) -> Path:
    """Write the page and its pictures into ``out_dir`` (created); returns the page's path. ``progress(done,
    total)`` is called after each frame's pictures; ``film``: the name of the debrief's film in ``out_dir``
    (``debrief.mp4``), linked from the page. Raises OSError when the folder cannot be written."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_pictures(debrief, out_dir, progress)
    page = out_dir / PAGE
    write_atomically(out_dir / "debrief.css", STYLE.encode("utf-8"), root=out_dir)
    write_atomically(out_dir / "debrief.js", SCRIPT.encode("utf-8"), root=out_dir)
    write_atomically(page, page_html(debrief, film).encode("utf-8"), root=out_dir)
    return page


def _film_link(film: str | None) -> str:
    if film is None:
        return ""
    return f'<p id="film"><a href="{escape(film)}">Watch the film of the game ({escape(film)})</a></p>\n'


def _script_json(data: object) -> str:
    # inside <script>: no "</" may end the block early, whatever a unit or player is called
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


def page_html(debrief: Debrief, film: str | None = None) -> str:
    """The page's HTML (its pictures are the files :func:`write_page` writes; ``film`` the film's file beside
    it, linked, or None)."""
    data = page_data(debrief)
    chart = standing_chart([f.standing for f in debrief.frames] or [{}], debrief.standing_unit)
    warning = "" if debrief.finished else (
        '<p class="warn">The game is still in play: this debrief shows the whole truth and is for the umpire '
        "alone. Do not hand it to the players before the game ends.</p>")
    names = data["player_names"]
    assert isinstance(names, dict)
    options = "".join(f'<option value="{escape(p)}">{escape(p)}'
                      f'{escape(" (" + names[p] + ")") if p in names else ""}</option>' for p in debrief.players)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Debrief: {escape(debrief.title)}</title>
<link rel="stylesheet" href="debrief.css"></head>
<body>
<h1>Debrief: {escape(debrief.title)}</h1>
<p>{escape(debrief.rule_set)} &middot; {escape(debrief.result)} &middot; {len(debrief.frames)} frames.
Step with the slider or the arrow keys (&larr; &rarr;, Home, End).</p>
{_film_link(film)}{warning}
<div id="controls">
<button id="prev" type="button" aria-label="previous">&#9664;</button>
<input id="step" type="range" min="0" max="{max(0, len(debrief.frames) - 1)}" value="0" aria-label="frame">
<button id="next" type="button" aria-label="next">&#9654;</button>
<span id="label"></span>
<label>Beside the truth: <select id="player"><option value="">(no player)</option>{options}</select></label>
</div>
<div id="pictures">
<figure id="truth"><figcaption>What was there (the umpire's view)</figcaption><img id="umpire-img" alt="the umpire's view"></figure>
<figure id="seen" hidden><figcaption id="seen-caption">What you saw</figcaption><img id="player-img" alt="the player's picture"></figure>
</div>
<div id="below">
<section><h2>Moves</h2><pre id="moves"></pre></section>
<section><h2>What happened</h2><pre id="log"></pre></section>
<section><h2>Standing</h2>{chart}<div id="standing-now"></div></section>
</div>
<script type="application/json" id="debrief-data">{_script_json(data)}</script>
<script src="debrief.js"></script>
</body></html>
"""


#: the page's style (``debrief.css``): a file, not inline, so the portal's policy (no inline style) allows it
STYLE = """body { font-family: sans-serif; margin: 12px; background: #f4f2ea; color: #1a1a1a; }
h1 { font-size: 1.4em; margin: 0 0 4px; }
.warn { background: #fde2c8; border: 1px solid #c05a00; padding: 6px 10px; }
#controls { display: flex; gap: 10px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
#step { flex: 1; min-width: 200px; }
#label { font-weight: bold; min-width: 14em; }
#pictures { display: flex; gap: 10px; align-items: flex-start; }
figure { margin: 0; flex: 1; min-width: 0; }
figure img { max-width: 100%; max-height: 74vh; display: block; border: 1px solid #888; background: #fff; }
#standing { width: 100%; max-width: 560px; height: auto; }
figcaption { font-weight: bold; margin-bottom: 4px; }
#below { display: flex; gap: 16px; flex-wrap: wrap; margin-top: 10px; }
#below section { flex: 1; min-width: 320px; }
#log, #moves { font-family: monospace; font-size: 0.9em; white-space: pre-wrap; background: #fff;
  border: 1px solid #ccc; padding: 6px; max-height: 260px; overflow: auto; margin: 0; }
"""

#: the page's script (``debrief.js``): reads the data block, steps the frames, switches the player's picture
SCRIPT = r""""use strict";
const data = JSON.parse(document.getElementById("debrief-data").textContent);
const step = document.getElementById("step"), who = document.getElementById("player");
function show(i) {
  if (!data.frames.length) { document.getElementById("label").textContent = "no round has ended yet"; return; }
  i = Math.max(0, Math.min(data.frames.length - 1, i));
  step.value = i;
  const f = data.frames[i];
  document.getElementById("label").textContent = (i + 1) + " / " + data.frames.length + ": " + f.label;
  document.getElementById("umpire-img").src = f.umpire;
  const p = who.value;
  document.getElementById("seen").hidden = !p;
  if (p) {
    document.getElementById("player-img").src = f.players[p];
    document.getElementById("seen-caption").textContent = "What " + p + " saw";
  }
  document.getElementById("moves").textContent = f.moves.map(m => m.text).join("\n") || "(none)";
  document.getElementById("log").textContent = f.log.join("\n") || "(nothing)";
  document.getElementById("standing-now").textContent =
    Object.entries(f.standing).map(([k, v]) => k + ": " + v).join(" \u00b7 ");
  const m = document.getElementById("chart-marker");
  const x = Number(m.dataset.left) + Number(m.dataset.width) * i / Number(m.dataset.count);
  m.setAttribute("x1", x); m.setAttribute("x2", x);
}
step.addEventListener("input", () => show(Number(step.value)));
who.addEventListener("change", () => show(Number(step.value)));
document.getElementById("prev").addEventListener("click", () => show(Number(step.value) - 1));
document.getElementById("next").addEventListener("click", () => show(Number(step.value) + 1));
document.addEventListener("keydown", e => {
  if (e.target === who) return;
  const i = Number(step.value);
  if (e.key === "ArrowLeft") show(i - 1);
  else if (e.key === "ArrowRight") show(i + 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(data.frames.length - 1);
  else return;
  e.preventDefault();
});
show(0);
"""


def stderr_progress(what: str) -> Callable[[int, int], None]:
    """A progress bar on stderr: ``what [#####.....] done/total``."""
    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        end = "\n" if done >= total else ""
        print(f"\r{what} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end=end, file=sys.stderr,
              flush=True)
    return progress
