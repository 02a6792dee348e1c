"""A power's page of an area game, as HTML text: the phase, the picture, the results it was told, its units,
the order form with the verdict of each line sent, the rules' questions to it with their legal answers, and
the phases before. Everything shown is escaped here; no inline script or style (the CSP forbids both). The
page works without JavaScript: the script (``area.js``) adds the check of each line as it is typed and the
reload when the phase moves on.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from kriegsspiel.portal.area_board import TapBoard, tap_layer
from kriegsspiel.portal.area_service import LineVerdict
from kriegsspiel.portal.area_sheets import PowerView, unit_line
from kriegsspiel.portal.pages import debrief_film_link
from kriegsspiel.portal.records import ReceivedOrders
from kriegsspiel.portal.service import MAX_ORDER_CHARS, RoundStatus

#: the most example orders listed under one unit (a wing has dozens)
MAX_EXAMPLES = 40


@dataclass(frozen=True, slots=True)
class AreaPageInput:
    """Everything one power's page shows; nothing else reaches it."""

    power: str
    name: str
    base: str
    csrf: str
    status: RoundStatus
    view: PowerView
    key: str
    last_phase: str | None
    notes: tuple[str, ...]
    sent: ReceivedOrders | None
    verdicts: tuple[LineVerdict, ...]
    examples: tuple[tuple[str, tuple[str, ...]], ...]
    placements: tuple[str, ...]
    history: tuple[tuple[int, str, tuple[str, ...], tuple[str, ...]], ...]
    waiting_for: tuple[str, ...]
    draft: str | None = None
    problem: str | None = None
    focus: tuple[float, float] | None = None
    #: what the rules say the power is to do this phase ("You may build 2 units ..."), from AreaRules.duty
    duty: str | None = None
    #: the map's provinces for the tap layer (orders by touch); None: no layer (no orders to give now)
    board: TapBoard | None = None
    #: the game is over and the umpire published its debrief: a link to it
    debrief: bool = False
    #: the film published with the debrief (its file name), linked beside it
    debrief_film: str | None = None


def _head(title: str) -> str:
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"same-origin\">"
            f"<title>{escape(title)}</title><link rel=\"stylesheet\" href=\"/static/portal.css\">"
            "<script src=\"/static/area.js\" defer></script></head>\n")


def _picture(url: str, alt: str, current: bool, focus: tuple[float, float] | None = None, layer: str = "") -> str:
    """A picture in a scrolling frame; a tap zooms it (area.js), on ``focus`` (fractions of its size). With
    ``layer`` (the tap layer's SVG) taps give orders instead, and a Zoom button zooms."""
    ids = (" id=\"picture-link\"", " id=\"picture\"") if current else ("", " loading=\"lazy\"")
    at = f" data-focus=\"{focus[0]},{focus[1]}\"" if focus else ""
    image = (f"<a href=\"{escape(url)}\"{ids[0]}><img{ids[1]} class=\"picture\" src=\"{escape(url)}\" "
             f"alt=\"{escape(alt)}\"{at}></a>")
    if not layer:
        return f"<div class=\"scroller\">{image}</div>"
    return (f"<div class=\"scroller\"><div class=\"board\">{image}{layer}</div></div>"
            "<div id=\"tap\" class=\"tap\" hidden><button type=\"button\" id=\"zoom\">Zoom</button>"
            "<p id=\"tap-help\" aria-live=\"polite\">Tap one of your units, then where it goes (or a second "
            "unit to support or convoy); tap it twice to hold.</p><div id=\"tap-choices\"></div></div>")


def verdict_list(verdicts: tuple[LineVerdict, ...], list_id: str = "verdicts") -> str:
    """Each line sent with its verdict: accepted (as the rules wrote it) or refused with the reason."""
    items = []
    for v in verdicts:
        if v.ok:
            items.append(f"<li class=\"ok\"><span class=\"mark\">✓</span> <code>{escape(v.text)}</code></li>")
        else:
            items.append(f"<li class=\"bad\"><span class=\"mark\">✗</span> <code>{escape(v.line)}</code>"
                         f"<span class=\"reason\">{escape(v.reason or 'refused')}</span></li>")
    return f"<ul id=\"{list_id}\" class=\"verdicts\" aria-live=\"polite\">{''.join(items)}</ul>"


def _receipt(sent: ReceivedOrders, verdicts: tuple[LineVerdict, ...]) -> str:
    """The receipt of the last sending: green only when every line was accepted; otherwise how many were
    accepted and that the others were refused, in the colour of a problem."""
    time = sent.at[11:19] if len(sent.at) >= 19 else sent.at
    ready = "; you are marked ready" if sent.ready else ""
    head = f"Received at {escape(time)} UTC, digest {escape(sent.digest)}{ready}."
    refused = sum(1 for v in verdicts if not v.ok)
    if not refused:
        return f"<p id=\"receipt\" class=\"receipt\" role=\"status\">{head}</p>"
    accepted = len(verdicts) - refused
    return (f"<p id=\"receipt\" class=\"receipt problem\" role=\"alert\"><strong>{accepted} of {len(verdicts)} "
            f"{'line' if len(verdicts) == 1 else 'lines'} accepted; {refused} refused</strong> (see why below): "
            f"only the accepted ones are in force. Correct the text and send again. {head}</p>")


def _what(option: str, view: PowerView) -> str:
    """What the units an answer names are, when they are the power's own (``s55`` -> ``Inf (infantry) at FEL``)."""
    mine = {u.uid: u for u in view.own_units}
    named = [mine[w] for w in option.replace(",", " ").split() if w in mine]
    if not named:
        return ""
    return "<span class=\"what\">" + escape("; ".join(unit_line(u).split(": ", 1)[-1] for u in named)) + "</span>"


def _orders_section(page: AreaPageInput) -> str:
    view, status, base = page.view, page.status, page.base
    parts = [f"<section id=\"orders\"><h2>Orders for {escape(view.position.phase_label)}</h2>"]
    if page.problem:
        parts.append(f"<p id=\"problem\" class=\"problem\" role=\"alert\">{escape(page.problem)}</p>")
    if page.sent is not None:
        parts.append(_receipt(page.sent, page.verdicts))
        parts.append(verdict_list(page.verdicts, "sent-verdicts"))
    if view.orders:
        parts.append("<p>In force now:</p><ul id=\"in-force\">"
                     + "".join(f"<li><code>{escape(o)}</code></li>" for o in view.orders) + "</ul>")
    hidden = (f"<input type=\"hidden\" name=\"csrf\" value=\"{escape(page.csrf)}\">"
              f"<input type=\"hidden\" name=\"round\" value=\"{status.round}\">")
    action = escape(f"{base}/orders")
    if not status.open:
        parts.append(f"<p id=\"closed\" class=\"closed\">{escape(status.reason or 'closed')}.</p>")
    elif view.choices:
        for question, options in view.choices:
            parts.append(f"<form class=\"choice\" method=\"post\" enctype=\"multipart/form-data\" action=\"{action}\">"
                         f"{hidden}<input type=\"hidden\" name=\"ready\" value=\"1\">"
                         f"<p class=\"question\"><strong>The rules ask you:</strong> {escape(question)}</p>"
                         + "".join(f"<button type=\"submit\" name=\"orders\" value=\"{escape(o)}\">{escape(o)}"
                                   f"{_what(o, view)}</button>" for o in options) + "</form>")
    elif view.orders_now:
        # the last sending as the power wrote it, unless the orders in force changed since (the umpire's hand)
        as_sent = sorted(v.text.upper() for v in page.verdicts if v.ok)
        same = page.sent is not None and as_sent == sorted(o.upper() for o in view.orders)
        text = page.draft if page.draft is not None else (page.sent.text if same and page.sent else
                                                          "\n".join(view.orders))
        checked = " checked" if page.draft is None and page.sent is not None and page.sent.ready else ""
        if page.duty:
            parts.append(f"<p id=\"duty\" class=\"duty\">{escape(page.duty)}</p>")
        parts.append(
            f"<form id=\"order-form\" method=\"post\" enctype=\"multipart/form-data\" action=\"{action}\">{hidden}"
            "<label for=\"orders-text\">Your orders, one a line, in the game's notation (each is checked as you "
            "type; what you send replaces what you sent before):</label>"
            f"<textarea id=\"orders-text\" name=\"orders\" rows=\"8\" maxlength=\"{MAX_ORDER_CHARS}\" "
            f"autocapitalize=\"characters\" autocomplete=\"off\" spellcheck=\"false\">{escape(text)}</textarea>"
            # where the player is: the board changed under the text being typed (area.js)
            "<p id=\"stale\" class=\"problem\" role=\"alert\" hidden></p>"
            "<ul id=\"verdicts\" class=\"verdicts\" aria-live=\"polite\"></ul>"
            f"<label class=\"ready\"><input type=\"checkbox\" name=\"ready\" value=\"1\"{checked}> Ready: these are "
            "my orders for the phase</label><button type=\"submit\">Send orders</button>"
            "<p class=\"hint\">You may send again until the umpire resolves the phase; the last sending counts.</p>"
            "</form>")
    else:
        waiting = ", ".join(page.waiting_for) or "nobody"
        parts.append(f"<p id=\"no-orders\" class=\"closed\">{escape(page.power)} gives no orders in "
                     f"{escape(view.position.phase_label)}; orders are awaited from {escape(waiting)}. This page "
                     "changes by itself when it is your turn.</p>")
    parts.append("</section>")
    return "".join(parts)


def _example(order: str) -> str:
    """An order the rules offer, as a button that puts it in the text box (area.js; inert without script)."""
    return (f"<button type=\"button\" class=\"order-example\" data-order=\"{escape(order)}\">"
            f"<code>{escape(order)}</code></button>")


def _units_section(page: AreaPageInput) -> str:
    units = page.view.own_units
    centres = sorted(c for c, p in page.view.position.owners.items() if p == page.power)
    parts = [f"<section id=\"units\"><h2>Your units ({len(units)})</h2>"]
    if not units:
        parts.append("<p>You have no unit on the board.</p>")
    examples = dict(page.examples)
    parts.append("<ul class=\"units\">")
    for u in units:
        line = f"<code>{escape(unit_line(u))}</code>"
        shown = examples.get(u.uid, ())
        if shown:
            more = f"<li>... {len(shown) - MAX_EXAMPLES} more</li>" if len(shown) > MAX_EXAMPLES else ""
            line = (f"<details><summary>{line}</summary><ul class=\"examples\">"
                    + "".join(f"<li>{_example(x)}</li>" for x in shown[:MAX_EXAMPLES]) + more
                    + "</ul></details>")
        parts.append(f"<li>{line}</li>")
    parts.append("</ul>")
    if page.placements:
        # open: in an adjustment phase the builds are what the power has to choose from
        parts.append("<details id=\"placements\" open><summary>Builds and placements you may order</summary><ul class=\"examples\">"
                     + "".join(f"<li>{_example(x)}</li>" for x in page.placements) + "</ul></details>")
    if centres:
        parts.append(f"<p id=\"centres\">You hold {len(centres)}: {escape(' '.join(centres))}</p>")
    parts.append("</section>")
    return "".join(parts)


def area_page(page: AreaPageInput) -> str:
    """The power's page (see the module's docstring)."""
    view = page.view
    title = page.name if page.name.upper() == page.power else f"{page.name} ({page.power})"
    parts = [_head(f"Kriegsspiel: {title}")]
    parts.append(f"<body data-base=\"{escape(page.base)}\" data-key=\"{escape(page.key)}\" data-area=\"1\">"
                 f"<header><h1>{escape(title)}</h1><p id=\"moment\">{escape(view.position.phase_label)}</p>")
    if page.status.deadline:
        parts.append(f"<p id=\"countdown\" data-deadline=\"{escape(page.status.deadline)}\">Orders due by "
                     f"{escape(page.status.deadline[11:16])} UTC</p>")
    if page.debrief:
        parts.append(f"<p id=\"debrief\"><a href=\"{escape(page.base)}/debrief/index.html\">The debrief: what "
                     "really happened, phase by phase</a>" + debrief_film_link(page.base, page.debrief_film) + "</p>")
    parts.append("<p id=\"news\" role=\"status\" hidden></p></header>\n<main>")
    url = f"{page.base}/picture/{page.status.round}.png"
    layer = ""
    if page.board is not None and view.orders_now and page.status.open:
        layer = tap_layer(page.board, view.position.units, page.power, dict(page.examples), page.placements)
    parts.append("<section id=\"current\">"
                 + _picture(url, f"Your picture: {view.position.phase_label}", True, page.focus, layer))
    if page.last_phase is not None:
        parts.append(f"<h2>Results of {escape(page.last_phase)}</h2>")
        parts.append("<ul id=\"told\">" + "".join(f"<li>{escape(t)}</li>" for t in view.told) + "</ul>"
                     if view.told else "<p id=\"told\">Nothing you were told.</p>")
    if page.notes:
        parts.append("<h2>From the umpire</h2><ul id=\"umpire\">"
                     + "".join(f"<li>{escape(n)}</li>" for n in page.notes) + "</ul>")
    parts.append("</section>")
    parts.append(_orders_section(page))
    parts.append(_units_section(page))
    if page.history:
        parts.append("<section id=\"history\"><h2>Earlier phases</h2>")
        for number, label, orders, told in page.history:
            mine = "".join(f"<li><code>{escape(o)}</code></li>" for o in orders) or "<li>(none)</li>"
            results = "".join(f"<li>{escape(t)}</li>" for t in told) or "<li>(nothing told)</li>"
            parts.append(f"<details><summary>{escape(label)}</summary>"
                         + _picture(f"{page.base}/picture/{number}.png", f"Your picture: {label}", False)
                         + f"<p>Your orders:</p><ul>{mine}</ul><p>Results:</p><ul>{results}</ul></details>")
        parts.append("</section>")
    parts.append("</main></body></html>\n")
    return "".join(parts)
