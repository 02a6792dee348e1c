"""A player's page and the short error pages, as HTML text, for every game: the round's (or phase's) picture
and what the player was told, the order form (free text, or each line checked by the rules, with their
questions and the orders they offer), the receipt of the last sending and the rounds before. What the page
holds is what the game's desk gives (:mod:`kriegsspiel.store.desk`): the player's share only.

Everything shown is escaped here (a player named ``<script>`` is text); the pages carry no inline script or
style, so the Content-Security-Policy can forbid both. Every page loads the one script (``static/player.js``),
which does what the page offers, never what kind of game it is: the body's ``data-follow`` says how the page
follows the game (:func:`follows_in_place`), the text box's ``data-check`` where the rules check each line as
it is typed, the tap layer (where the form has a board) builds orders by touch. A page works without
JavaScript: the script only adds live updates, zoom, the countdown, the checks as typed and the taps.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from kriegsspiel.portal.records import ReceivedOrders
from kriegsspiel.portal.service import MAX_ORDER_CHARS, RoundStatus
from kriegsspiel.portal.tap_layer import tap_layer
from kriegsspiel.store.desk import Handout, LineVerdict, OrderForm

#: the most example orders listed under one unit (a wing has dozens)
MAX_EXAMPLES = 40


@dataclass(frozen=True, slots=True)
class PageInput:
    """Everything one player's page shows; nothing else reaches it. ``sent``: the player's own sendings
    (all rounds, oldest first); ``verdicts``: of the last one for the round open; ``notes``: the umpire's
    words for that round; ``key`` changes when the page would."""

    player: str
    name: str
    base: str
    csrf: str
    status: RoundStatus
    key: str
    period: str
    handouts: tuple[Handout, ...]
    form: OrderForm
    sent: tuple[ReceivedOrders, ...] = ()
    verdicts: tuple[LineVerdict, ...] = ()
    notes: tuple[str, ...] = ()
    draft: str | None = None
    problem: str | None = None
    #: the game is over and the umpire published its debrief: a link to it
    debrief: bool = False
    #: the film published with the debrief (its file name), linked beside it
    debrief_film: str | None = None

    @property
    def title(self) -> str:
        return self.name if self.name.upper() == self.player.upper() else f"{self.name} ({self.player})"


#: the players' pages' one script (served by the portal's server from ``static/``)
SCRIPT = "player.js"


def _head(title: str) -> str:
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"same-origin\">"
            f"<title>{escape(title)}</title><link rel=\"stylesheet\" href=\"/static/portal.css\">"
            f"<script src=\"/static/{SCRIPT}\" defer></script></head>\n")


def error_page(status: int, message: str) -> str:
    """A short page for a refusal or an unknown address: the status and one sentence, nothing else."""
    return (_head(f"{status}") + f"<body><main class=\"error\"><h1>{status}</h1><p>{escape(message)}</p>"
            "</main></body></html>\n")


def debrief_film_link(base: str, film: str | None) -> str:
    """`` - the film`` linking the published debrief's film, or nothing."""
    if film is None:
        return ""
    return f" &middot; <a id=\"debrief-film\" href=\"{escape(base)}/debrief/{escape(film)}\">the film</a>"


def receipt_line(orders: ReceivedOrders, phase: str) -> str:
    """The receipt of a sending of orders for ``phase`` ("round 2"), as the player reads it."""
    time = orders.at[11:19] if len(orders.at) >= 19 else orders.at
    ready = "; you are marked ready" if orders.ready else ""
    return f"Received: orders for {phase} at {time} UTC, digest {orders.digest}{ready}."


def _picture(url: str, alt: str, current: bool, focus: tuple[float, float] | None = None, layer: str = "") -> str:
    """A picture in a scrolling frame; a tap zooms it, on ``focus`` (fractions of its size). With ``layer``
    (the tap layer's SVG) taps give orders instead, and a Zoom button zooms."""
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


def _receipt(page: PageInput, mine: list[ReceivedOrders]) -> str:
    """The receipt of the last sending: green only when every line was accepted; otherwise how many were
    accepted and that the others were refused, in the colour of a problem."""
    head = escape(receipt_line(mine[-1], page.form.phase)) + \
        (f" (sent {len(mine)} times; the last counts)" if len(mine) > 1 else "")
    refused = sum(1 for v in page.verdicts if not v.ok)
    if not refused:
        return f"<p id=\"receipt\" class=\"receipt\" role=\"status\">{head}</p>"
    count = len(page.verdicts)
    return (f"<p id=\"receipt\" class=\"receipt problem\" role=\"alert\"><strong>{count - refused} of {count} "
            f"{'line' if count == 1 else 'lines'} accepted; {refused} refused</strong> (see why below): "
            f"only the accepted ones are in force. Correct the text and send again. {head}</p>")


def _what(option: str, form: OrderForm) -> str:
    """What the units an answer names are, when they are the player's own (``s55`` -> ``Inf (infantry) at FEL``)."""
    mine = {uid: line for uid, line, _ in form.units or ()}
    named = [mine[w] for w in option.replace(",", " ").split() if w in mine]
    if not named:
        return ""
    return "<span class=\"what\">" + escape("; ".join(line.split(": ", 1)[-1] for line in named)) + "</span>"


def _form(page: PageInput, mine: list[ReceivedOrders], hidden: str, action: str) -> str:
    """The order form: free text for the umpire, or lines the rules check (as typed, and when sent)."""
    form = page.form
    last = mine[-1] if mine else None
    checked = " checked" if page.draft is None and last is not None and last.ready else ""
    if not form.checked:
        text = page.draft if page.draft is not None else (last.text if last else "")
        return (f"<form id=\"order-form\" method=\"post\" enctype=\"multipart/form-data\" action=\"{action}\">{hidden}"
                f"<label for=\"orders-text\">Your orders (at most {MAX_ORDER_CHARS:,} characters; a message for "
                "another player goes through the umpire):</label>"
                f"<textarea id=\"orders-text\" name=\"orders\" rows=\"8\" maxlength=\"{MAX_ORDER_CHARS}\">"
                f"{escape(text)}</textarea>"
                f"<label class=\"ready\"><input type=\"checkbox\" name=\"ready\" value=\"1\"{checked}> Ready: these "
                f"are my orders for the {page.period}</label><button type=\"submit\">Send orders</button>"
                "<p class=\"hint\">You may send again until the umpire closes the round; the last orders count.</p>"
                "</form>")
    # the last sending as the player wrote it, unless the orders in force changed since (the umpire's hand)
    as_sent = sorted(v.text.upper() for v in page.verdicts if v.ok)
    same = last is not None and as_sent == sorted(o.upper() for o in form.in_force)
    text = page.draft if page.draft is not None else (last.text if same and last else "\n".join(form.in_force))
    duty = f"<p id=\"duty\" class=\"duty\">{escape(form.duty)}</p>" if form.duty else ""
    check = escape(f"{page.base}/check")
    return (f"{duty}<form id=\"order-form\" method=\"post\" enctype=\"multipart/form-data\" action=\"{action}\">"
            f"{hidden}<label for=\"orders-text\">Your orders, one a line, in the game's notation (each is checked "
            "as you type; what you send replaces what you sent before):</label>"
            f"<textarea id=\"orders-text\" name=\"orders\" rows=\"8\" maxlength=\"{MAX_ORDER_CHARS}\" "
            f"autocapitalize=\"characters\" autocomplete=\"off\" spellcheck=\"false\" data-check=\"{check}\">"
            f"{escape(text)}</textarea>"
            # where the player is: the board changed under the text being typed (player.js)
            "<p id=\"stale\" class=\"problem\" role=\"alert\" hidden></p>"
            "<ul id=\"verdicts\" class=\"verdicts\" aria-live=\"polite\"></ul>"
            f"<label class=\"ready\"><input type=\"checkbox\" name=\"ready\" value=\"1\"{checked}> Ready: these are "
            f"my orders for the {page.period}</label><button type=\"submit\">Send orders</button>"
            f"<p class=\"hint\">You may send again until the umpire resolves the {page.period}; the last sending "
            "counts.</p></form>")


def _orders_section(page: PageInput) -> str:
    form, status = page.form, page.status
    mine = [o for o in page.sent if o.round == status.round]
    parts = [f"<section id=\"orders\"><h2>Orders for {escape(form.phase)}</h2>"]
    if page.problem:
        parts.append(f"<p id=\"problem\" class=\"problem\" role=\"alert\">{escape(page.problem)}</p>")
    if mine:
        parts.append(_receipt(page, mine))
        if form.checked:
            parts.append(verdict_list(page.verdicts, "sent-verdicts"))
    if form.in_force:
        parts.append("<p>In force now:</p><ul id=\"in-force\">"
                     + "".join(f"<li><code>{escape(o)}</code></li>" for o in form.in_force) + "</ul>")
    hidden = (f"<input type=\"hidden\" name=\"csrf\" value=\"{escape(page.csrf)}\">"
              f"<input type=\"hidden\" name=\"round\" value=\"{status.round}\">")
    action = escape(f"{page.base}/orders")
    if not status.open:
        parts.append(f"<p id=\"closed\" class=\"closed\">{escape(status.reason or 'closed')}.</p>")
    elif form.choices:
        for question, options in form.choices:
            parts.append(f"<form class=\"choice\" method=\"post\" enctype=\"multipart/form-data\" action=\"{action}\">"
                         f"{hidden}<input type=\"hidden\" name=\"ready\" value=\"1\">"
                         f"<p class=\"question\"><strong>The rules ask you:</strong> {escape(question)}</p>"
                         + "".join(f"<button type=\"submit\" name=\"orders\" value=\"{escape(o)}\">{escape(o)}"
                                   f"{_what(o, form)}</button>" for o in options) + "</form>")
    elif form.orders_now:
        parts.append(_form(page, mine, hidden, action))
    else:
        waiting = ", ".join(form.waiting_for) or "nobody"
        parts.append(f"<p id=\"no-orders\" class=\"closed\">{escape(page.player)} gives no orders in "
                     f"{escape(form.phase)}; orders are awaited from {escape(waiting)}. This page "
                     "changes by itself when it is your turn.</p>")
    parts.append("</section>")
    return "".join(parts)


def _example(order: str) -> str:
    """An order the rules offer, as a button that puts it in the text box (player.js; inert without script)."""
    return (f"<button type=\"button\" class=\"order-example\" data-order=\"{escape(order)}\">"
            f"<code>{escape(order)}</code></button>")


def _units_section(form: OrderForm) -> str:
    units = form.units or ()
    parts = [f"<section id=\"units\"><h2>Your units ({len(units)})</h2>"]
    if not units:
        parts.append("<p>You have no unit on the board.</p>")
    parts.append("<ul class=\"units\">")
    for _, text, shown in units:
        line = f"<code>{escape(text)}</code>"
        if shown:
            more = f"<li>... {len(shown) - MAX_EXAMPLES} more</li>" if len(shown) > MAX_EXAMPLES else ""
            line = (f"<details><summary>{line}</summary><ul class=\"examples\">"
                    + "".join(f"<li>{_example(x)}</li>" for x in shown[:MAX_EXAMPLES]) + more
                    + "</ul></details>")
        parts.append(f"<li>{line}</li>")
    parts.append("</ul>")
    if form.placements:
        # open: in an adjustment phase the builds are what the power has to choose from
        parts.append("<details id=\"placements\" open><summary>Builds and placements you may order</summary><ul class=\"examples\">"
                     + "".join(f"<li>{_example(x)}</li>" for x in form.placements) + "</ul></details>")
    if form.centres:
        parts.append(f"<p id=\"centres\">You hold {len(form.centres)}: {escape(' '.join(form.centres))}</p>")
    parts.append("</section>")
    return "".join(parts)


def _told(told: tuple[str, ...], list_id: str = "") -> str:
    ident = f" id=\"{list_id}\"" if list_id else ""
    return f"<ul{ident}>" + "".join(f"<li>{escape(t)}</li>" for t in told) + "</ul>"


def _current(page: PageInput, current: Handout) -> str:
    """The picture of the round or phase orders go to and what the player was told."""
    form = page.form
    layer = ""
    if form.board is not None and form.orders_now and page.status.open:
        examples = {uid: offered for uid, _, offered in form.units or ()}
        layer = tap_layer(form.board, page.player, examples, form.placements)
    parts = ["<section id=\"current\">" + _picture(f"{page.base}/picture/{current.number}.png",
                                                  f"Your picture: {current.moment}", True, current.focus, layer)]
    if current.report is not None:
        parts.append(f"<pre id=\"report\">{escape(current.report)}</pre>")
    if current.results_of is not None:
        parts.append(f"<h2>Results of {escape(current.results_of)}</h2>")
        parts.append(_told(current.told, "told") if current.told else "<p id=\"told\">Nothing you were told.</p>")
    if page.notes and current.report is None:  # a sheet's report carries the umpire's words itself
        parts.append("<h2>From the umpire</h2><ul id=\"umpire\">"
                     + "".join(f"<li>{escape(n)}</li>" for n in page.notes) + "</ul>")
    parts.append("</section>")
    return "".join(parts)


def _earlier(page: PageInput, handout: Handout) -> str:
    """One earlier round or phase, folded: its picture, the player's orders and what it was told."""
    parts = [f"<details><summary>{escape(handout.moment)}</summary>",
             _picture(f"{page.base}/picture/{handout.number}.png", f"Your picture: {handout.moment}", False)]
    if handout.report is not None:
        parts.append(f"<pre>{escape(handout.report)}</pre>")
    if handout.orders is None:
        sent = [o for o in page.sent if o.round == handout.number]
        if sent:
            parts.append(f"<p>Your orders for {page.period} {handout.number}:</p><pre>{escape(sent[-1].text)}</pre>")
    else:
        mine = "".join(f"<li><code>{escape(o)}</code></li>" for o in handout.orders) or "<li>(none)</li>"
        results = "".join(f"<li>{escape(t)}</li>" for t in handout.told or ()) or "<li>(nothing told)</li>"
        parts.append(f"<p>Your orders:</p><ul>{mine}</ul><p>Results:</p><ul>{results}</ul>")
    return "".join(parts) + "</details>"


def follows_in_place(page: PageInput) -> bool:
    """Whether the page's script follows the game by swapping in what the status carries (the newest picture,
    its report and moment; the round, whether it is open, the deadline): so when that is all of the page a
    change of the game changes, a sheet and a free-text form (or one whose lines the rules check). A page
    that shows more of what the rules make of the moment (what the player was told, orders in force, the
    units and the orders offered them, a question, a duty, the tap board, no orders due) is loaded again."""
    form = page.form
    current = page.handouts[-1] if page.handouts else None
    sheet = current is None or (current.report is not None and current.told is None
                                and current.results_of is None and current.orders is None)
    shown = (form.in_force or form.choices or form.units is not None or form.placements or form.centres
             or form.duty or form.board is not None or not form.orders_now)
    return sheet and not shown


def player_page(page: PageInput) -> str:
    """The player's page (see the module's docstring)."""
    current = page.handouts[-1] if page.handouts else None
    parts = [_head(f"Kriegsspiel: {page.title}")]
    parts.append(f"<body data-base=\"{escape(page.base)}\" data-key=\"{escape(page.key)}\" "
                 f"data-sheet=\"{current.number if current else 0}\" data-period=\"{escape(page.period)}\" "
                 f"data-follow=\"{'sheet' if follows_in_place(page) else 'page'}\">"
                 f"<header><h1>{escape(page.title)}</h1>"
                 f"<p id=\"moment\">{escape(current.moment) if current else 'No picture yet'}</p>")
    if page.status.deadline:
        parts.append(f"<p id=\"countdown\" data-deadline=\"{escape(page.status.deadline)}\">Orders due by "
                     f"{escape(page.status.deadline[11:16])} UTC</p>")
    if page.debrief:
        parts.append(f"<p id=\"debrief\"><a href=\"{escape(page.base)}/debrief/index.html\">The debrief: what "
                     f"really happened, {page.period} by {page.period}</a>"
                     + debrief_film_link(page.base, page.debrief_film) + "</p>")
    parts.append("<p id=\"news\" role=\"status\" hidden></p></header>\n<main>")
    if current is not None:
        parts.append(_current(page, current))
    parts.append(_orders_section(page))
    if page.form.units is not None:
        parts.append(_units_section(page.form))
    earlier = page.handouts[:-1]
    if earlier:
        parts.append(f"<section id=\"history\"><h2>Earlier {page.period}s</h2>")
        parts += [_earlier(page, h) for h in reversed(earlier)]
        parts.append("</section>")
    parts.append("</main></body></html>\n")
    return "".join(parts)
