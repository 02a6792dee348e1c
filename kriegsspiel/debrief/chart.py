"""The victory standing over time as a small SVG chart (inline in the page: no script, no outside file)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

#: the chart's size in CSS pixels
WIDTH, HEIGHT = 560, 200
_MARGIN_LEFT, _MARGIN_RIGHT, _MARGIN_TOP, _MARGIN_BOTTOM = 44, 130, 12, 28
#: line colours in turn (readable on white, told apart by people with the common colour blindness)
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")


def standing_chart(standings: Sequence[Mapping[str, float]], unit: str) -> str:
    """An ``<svg>`` with one line per side or power through each frame's standing; the frame marker (a line
    with id ``chart-marker``) stands at frame 0 for the page's script to move."""
    names: list[str] = []
    for standing in standings:
        names += [n for n in standing if n not in names]
    top = max([v for s in standings for v in s.values()] + [1.0])
    plot_w = WIDTH - _MARGIN_LEFT - _MARGIN_RIGHT
    plot_h = HEIGHT - _MARGIN_TOP - _MARGIN_BOTTOM
    count = max(1, len(standings) - 1)

    def x(i: int) -> float:
        return _MARGIN_LEFT + plot_w * i / count

    def y(v: float) -> float:
        return _MARGIN_TOP + plot_h * (1 - v / top)

    parts = [f'<svg id="standing" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="victory standing over time">',
             f'<rect x="{_MARGIN_LEFT}" y="{_MARGIN_TOP}" width="{plot_w}" height="{plot_h}" fill="#fafaf6" '
             'stroke="#999"/>',
             f'<text x="4" y="{_MARGIN_TOP + 10}" font-size="11">{top:g}</text>',
             f'<text x="4" y="{HEIGHT - _MARGIN_BOTTOM}" font-size="11">0</text>',
             f'<text x="{_MARGIN_LEFT}" y="{HEIGHT - 8}" font-size="11">{escape(unit)}, frame by frame</text>']
    for k, name in enumerate(names):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(float(s.get(name, 0.0))):.1f}" for i, s in enumerate(standings))
        if len(standings) == 1:
            points += f" {x(1):.1f},{y(float(standings[0].get(name, 0.0))):.1f}"
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        ly = _MARGIN_TOP + 14 * k + 10
        parts.append(f'<rect x="{WIDTH - _MARGIN_RIGHT + 8}" y="{ly - 8}" width="10" height="10" fill="{colour}"/>')
        parts.append(f'<text x="{WIDTH - _MARGIN_RIGHT + 22}" y="{ly + 1}" font-size="11">{escape(name)}</text>')
    parts.append(f'<line id="chart-marker" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{_MARGIN_TOP}" '
                 f'y2="{HEIGHT - _MARGIN_BOTTOM}" stroke="#c00" stroke-width="1.5" stroke-dasharray="4 3" '
                 f'data-left="{_MARGIN_LEFT}" data-width="{plot_w}" data-count="{count}"/>')
    parts.append("</svg>")
    return "".join(parts)
