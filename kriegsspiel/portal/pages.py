"""The player's page and the short error pages, as HTML text. Everything shown is escaped here (a player
named ``<script>`` is text); the pages carry no inline script or style, so the Content-Security-Policy can
forbid both. The page works without JavaScript: the script only adds live updates, zoom and the countdown.
"""
from __future__ import annotations

from html import escape

from kriegsspiel.portal.records import ReceivedOrders
from kriegsspiel.portal.service import MAX_ORDER_CHARS, RoundStatus
from kriegsspiel.portal.sheets import Sheet


def _head(title: str) -> str:
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"same-origin\">"
            f"<title>{escape(title)}</title><link rel=\"stylesheet\" href=\"/static/portal.css\">"
            "<script src=\"/static/portal.js\" defer></script></head>\n")


def error_page(status: int, message: str) -> str:
    """A short page for a refusal or an unknown address: the status and one sentence, nothing else."""
    return (_head(f"{status}") + f"<body><main class=\"error\"><h1>{status}</h1><p>{escape(message)}</p>"
            "</main></body></html>\n")


def receipt_line(orders: ReceivedOrders) -> str:
    """The receipt of a sending of orders, as the player reads it."""
    time = orders.at[11:19] if len(orders.at) >= 19 else orders.at
    ready = "; you are marked ready" if orders.ready else ""
    return f"Received: orders for round {orders.round} at {time} UTC, digest {orders.digest}{ready}."


def _picture(base: str, sheet: Sheet, current: bool) -> str:
    """A picture in a scrolling frame; a tap on it opens the PNG itself (the browser's own zoom)."""
    url = escape(f"{base}/picture/{sheet.number}.png")
    ids = (" id=\"picture-link\"", " id=\"picture\"") if current else ("", " loading=\"lazy\"")
    at = f" data-focus=\"{sheet.focus[0]},{sheet.focus[1]}\"" if sheet.focus else ""
    return (f"<div class=\"scroller\"><a href=\"{url}\"{ids[0]}><img{ids[1]} class=\"picture\" src=\"{url}\" "
            f"alt=\"Your picture: {escape(sheet.moment)}\"{at}></a></div>")


def debrief_film_link(base: str, film: str | None) -> str:
    """`` - the film`` linking the published debrief's film, or nothing."""
    if film is None:
        return ""
    return f" &middot; <a id=\"debrief-film\" href=\"{escape(base)}/debrief/{escape(film)}\">the film</a>"


def player_page(*, player: str, base: str, sheets: list[Sheet], status: RoundStatus, csrf: str,
                orders: list[ReceivedOrders], draft: str | None = None, problem: str | None = None,
                debrief: bool = False, debrief_film: str | None = None) -> str:
    """The player's page: the newest picture and report, the order form (or why it is closed), the receipt
    of the last orders sent for this round, and the earlier rounds. ``base`` is the player's link path
    (``/p/<token>``); ``draft`` refills the form after a refusal named in ``problem``; ``debrief``: the game
    is over and the umpire published its debrief (a link to it); ``debrief_film`` the film published with it
    (its file name, linked too)."""
    current = sheets[-1] if sheets else None
    this_round = [o for o in orders if o.round == status.round]
    parts = [_head(f"Kriegsspiel: {player}")]
    parts.append(f"<body data-sheet=\"{current.number if current else 0}\" data-base=\"{escape(base)}\">"
                 f"<header><h1>{escape(player)}</h1>")
    parts.append(f"<p id=\"moment\">{escape(current.moment) if current else 'No picture yet'}</p>")
    if status.deadline:
        parts.append(f"<p id=\"countdown\" data-deadline=\"{escape(status.deadline)}\">Orders due by "
                     f"{escape(status.deadline[11:16])} UTC</p>")
    if debrief:
        parts.append(f"<p id=\"debrief\"><a href=\"{escape(base)}/debrief/index.html\">The debrief: what really "
                     "happened, round by round</a>" + debrief_film_link(base, debrief_film) + "</p>")
    parts.append("<p id=\"news\" role=\"status\" hidden></p></header>\n<main>")
    if current is not None:
        parts.append("<section id=\"current\">" + _picture(base, current, True)
                     + f"<pre id=\"report\">{escape(current.report)}</pre></section>")
    parts.append(f"<section id=\"orders\"><h2>Orders for round {status.round}</h2>")
    if problem:
        parts.append(f"<p id=\"problem\" class=\"problem\" role=\"alert\">{escape(problem)}</p>")
    if this_round:
        parts.append(f"<p id=\"receipt\" class=\"receipt\" role=\"status\">{escape(receipt_line(this_round[-1]))}"
                     + (f" (sent {len(this_round)} times; the last counts)" if len(this_round) > 1 else "")
                     + "</p>")
    if status.open:
        text = draft if draft is not None else (this_round[-1].text if this_round else "")
        checked = " checked" if this_round and this_round[-1].ready and draft is None else ""
        parts.append(
            f"<form id=\"order-form\" method=\"post\" enctype=\"multipart/form-data\" action=\"{escape(base)}/orders\">"
            f"<input type=\"hidden\" name=\"csrf\" value=\"{escape(csrf)}\">"
            f"<input type=\"hidden\" name=\"round\" value=\"{status.round}\">"
            f"<label for=\"orders-text\">Your orders (at most {MAX_ORDER_CHARS:,} characters; a message for "
            "another player goes through the umpire):</label>"
            f"<textarea id=\"orders-text\" name=\"orders\" rows=\"8\" maxlength=\"{MAX_ORDER_CHARS}\">"
            f"{escape(text)}</textarea>"
            f"<label class=\"ready\"><input type=\"checkbox\" name=\"ready\" value=\"1\"{checked}> Ready: these "
            "are my orders for the round</label>"
            "<button type=\"submit\">Send orders</button>"
            "<p class=\"hint\">You may send again until the umpire closes the round; the last orders count.</p>"
            "</form>")
    else:
        parts.append(f"<p id=\"closed\" class=\"closed\">{escape(status.reason or 'closed')}.</p>")
    parts.append("</section>")
    earlier = sheets[:-1]
    if earlier:
        parts.append("<section id=\"history\"><h2>Earlier rounds</h2>")
        for sheet in reversed(earlier):
            sent = [o for o in orders if o.round == sheet.number]
            mine = (f"<p>Your orders for round {sheet.number}:</p><pre>{escape(sent[-1].text)}</pre>"
                    if sent else "")
            parts.append(f"<details><summary>{escape(sheet.moment)}</summary>{_picture(base, sheet, False)}"
                         f"<pre>{escape(sheet.report)}</pre>{mine}</details>")
        parts.append("</section>")
    parts.append("</main></body></html>\n")
    return "".join(parts)
