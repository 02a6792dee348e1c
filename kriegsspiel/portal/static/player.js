/* The players' page of every game, one script. What it does is what the page offers (its data attributes and
   elements, from what the game's desk gives the page), never the kind of game:
   - the body's data-base: the page follows the game live (server-sent events; polling every 10 s when they
     fail). data-follow="sheet": all of the page a change of the game changes is what the status carries (the
     newest picture, its report and moment, the round, whether it is open), so each new sheet and round is
     swapped in and typing is never lost; data-follow="page": the page is loaded again when its data-key
     changes, or, when the player has typed text not sent yet, it says so beside the text box (#stale);
   - #countdown's data-deadline: counted down each second;
   - a picture (.picture, data-focus): a tap (or the #zoom button) zooms it, opened on the player's units;
   - the text box's data-check (the address of the rules' check): each order line checked as it is typed;
   - the tap layer (svg#touch) and offered orders (button.order-example): orders by touch.
   The page works without this file. No framework, no inline script (CSP). */
(function () {
  "use strict";
  var body = document.body;

  function byId(id) { return document.getElementById(id); }

  function news(text) {
    var box = byId("news");
    if (box) { box.textContent = text; box.hidden = false; }
  }

  /* --- zoom: a zoomed picture's frame is scrolled to the player's own units (the picture's data-focus,
     fractions of its size), not to the map's top-left corner --------------------------------------------- */

  function centre(img) {
    var frame = img.closest(".scroller");
    var focus = (img.getAttribute("data-focus") || "").split(",");
    if (frame && frame.classList.contains("zoomed") && focus.length === 2) {
      frame.scrollLeft = Math.max(0, parseFloat(focus[0]) * img.naturalWidth - frame.clientWidth / 2);
      frame.scrollTop = Math.max(0, parseFloat(focus[1]) * img.naturalHeight - frame.clientHeight / 2);
    }
  }

  function zoom(img) {
    img.closest(".scroller").classList.toggle("zoomed");
    centre(img);
  }

  /* a tap on a picture zooms it (without script the link opens the PNG itself); where taps on the picture
     give orders (the tap layer lies over it), the Zoom button does */
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target.classList && target.classList.contains("picture")) {
      event.preventDefault();
      zoom(target);
    } else if (target.closest && target.closest("#zoom")) {
      zoom(byId("picture"));
    }
  });

  var base = body.getAttribute("data-base");
  if (!base) { return; }  /* an error page: nothing to follow */

  /* --- the countdown: #countdown counts down, each second, to its data-deadline (UTC, ISO 8601) ---------- */

  function tick() {
    var box = byId("countdown");
    if (!box) { return; }
    var until = Date.parse(box.getAttribute("data-deadline"));
    var left = Math.floor((until - Date.now()) / 1000);
    if (isNaN(left)) { return; }
    if (left <= 0) { box.textContent = "The time for orders is up."; return; }
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), sec = left % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    box.textContent = (h > 0 ? h + ":" + two(m) : String(m)) + ":" + two(sec) + " left to send orders";
  }
  tick();
  window.setInterval(tick, 1000);

  /* --- each order line checked as it is typed, where the rules check them (the text box's data-check) ----- */

  var field = byId("orders-text");
  var checkAt = field ? field.getAttribute("data-check") : null;
  var typed = false;  /* the player typed (or tapped) since the page was drawn */
  var timer = null;

  function showVerdicts(lines) {
    var list = byId("verdicts");
    if (!list) { return; }
    while (list.firstChild) { list.removeChild(list.firstChild); }
    lines.forEach(function (v) {
      var item = document.createElement("li");
      item.className = v.ok ? "ok" : "bad";
      var mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = v.ok ? "\u2713" : "\u2717";
      var code = document.createElement("code");
      code.textContent = v.ok ? v.text : v.line;
      item.appendChild(mark);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(code);
      if (!v.ok) {
        var reason = document.createElement("span");
        reason.className = "reason";
        reason.textContent = v.reason || "refused";
        item.appendChild(reason);
      }
      list.appendChild(item);
    });
  }

  function check() {
    if (!checkAt) { return; }
    var request = new XMLHttpRequest();
    request.open("POST", checkAt);
    request.setRequestHeader("Content-Type", "application/json");
    request.onload = function () {
      if (request.status === 200) { showVerdicts(JSON.parse(request.responseText).lines); }
    };
    request.send(JSON.stringify({ orders: field.value }));
  }

  if (field) {
    field.addEventListener("input", function () {
      typed = true;
      if (!checkAt) { return; }
      if (timer !== null) { window.clearTimeout(timer); }
      timer = window.setTimeout(check, 300);
    });
    /* the verdicts of the last sending are on the page already: check again only what is typed after */
    if (checkAt && field.value.trim() && !byId("sent-verdicts")) { check(); }
  }

  /* --- following the game ----------------------------------------------------------------------------- */

  var key = body.getAttribute("data-key");
  var sheet = parseInt(body.getAttribute("data-sheet") || "0", 10);
  var period = body.getAttribute("data-period") || "round";

  /* The sheet being replaced goes to the top of the earlier ones, as a reload would show it. */
  function keepInHistory() {
    var img = byId("picture"), report = byId("report"), moment = byId("moment");
    if (!img || !report || !moment) { return; }
    var history = byId("history");
    if (!history) {
      history = document.createElement("section");
      history.id = "history";
      var title = document.createElement("h2");
      title.textContent = "Earlier " + period + "s";
      history.appendChild(title);
      document.querySelector("main").appendChild(history);
    }
    var details = document.createElement("details");
    var summary = document.createElement("summary");
    summary.textContent = moment.textContent;
    var frame = document.createElement("div");
    frame.className = "scroller";
    var link = document.createElement("a");
    link.href = img.getAttribute("src");
    var old = document.createElement("img");
    old.className = "picture";
    old.src = img.getAttribute("src");
    old.alt = img.alt;
    if (img.hasAttribute("data-focus")) { old.setAttribute("data-focus", img.getAttribute("data-focus")); }
    var text = document.createElement("pre");
    text.textContent = report.textContent;
    link.appendChild(old);
    frame.appendChild(link);
    details.appendChild(summary);
    details.appendChild(frame);
    details.appendChild(text);
    history.insertBefore(details, history.querySelector("details"));
  }

  /* The new sheet swapped in: its picture (a zoomed frame opens on the units once it is drawn), report and
     moment. Returns false when the page has no picture to swap (the first sheet): then it is loaded again. */
  function swapSheet(s) {
    keepInHistory();
    var img = byId("picture");
    if (img) {
      if (s.focus) { img.setAttribute("data-focus", s.focus[0] + "," + s.focus[1]); }
      else { img.removeAttribute("data-focus"); }
      img.addEventListener("load", function () { centre(img); }, { once: true });
      img.src = s.picture;
      img.alt = "Your picture: " + s.moment;
    }
    var link = byId("picture-link");
    if (link) { link.href = s.picture; }
    var report = byId("report");
    if (report) { report.textContent = s.report; }
    var moment = byId("moment");
    if (moment) { moment.textContent = s.moment; }
    if (!img && sheet === 0) { return false; }
    sheet = s.sheet;
    body.setAttribute("data-sheet", String(sheet));
    news("New picture: " + s.moment + ".");
    return true;
  }

  /* The form follows the round: orders now go to the new one, the receipt and ready were of the old one. */
  function followRound(s) {
    var form = byId("order-form");
    var round = form.querySelector("input[name=round]");
    if (round && round.value !== String(s.round)) {
      round.value = String(s.round);
      var heading = document.querySelector("#orders h2");
      if (heading) { heading.textContent = "Orders for " + s.phase; }
      ["receipt", "sent-verdicts"].forEach(function (id) { if (byId(id)) { byId(id).hidden = true; } });
      var ready = form.querySelector("input[name=ready]");
      if (ready) { ready.checked = false; }  /* ready was said of the round that ended */
      if (field && field.value.trim()) { check(); }  /* the rules may judge the text otherwise now */
    }
    var button = form.querySelector("button[type=submit]");
    if (button) { button.disabled = !s.open; }
    if (!s.open && s.reason) { news(s.reason + "."); }
  }

  /* The countdown follows the deadline the umpire sets, moves or takes back (in the header, under the moment). */
  function followDeadline(deadline) {
    var box = byId("countdown");
    if (!deadline) {
      if (box) { box.parentNode.removeChild(box); }
      return;
    }
    if (!box) {
      box = document.createElement("p");
      box.id = "countdown";
      var moment = byId("moment");
      moment.parentNode.insertBefore(box, moment.nextSibling);
    }
    box.setAttribute("data-deadline", deadline);
    tick();
  }

  function followInPlace(s) {
    if (s.sheet > sheet && s.picture && !swapSheet(s)) { window.location.reload(); return; }
    followDeadline(s.deadline);
    if (!byId("order-form")) {
      if (s.open) { window.location.reload(); }  /* orders are taken again: the form is drawn anew */
      return;
    }
    followRound(s);
  }

  /* The page drawn again, unless that would lose text the player typed: then the player is told, where
     they are (beside the text box), not only in the header far above it. */
  function drawAgain(s) {
    if (typed && field && field.value.trim()) {
      var words = "The umpire's board changed (" + s.phase + "): reload the page to see it; your text is not sent yet.";
      news(words);
      var stale = byId("stale");
      if (stale) { stale.textContent = words; stale.hidden = false; }
      return;
    }
    window.location.reload();
  }

  function apply(s) {
    if (s.key === key) { return; }  /* nothing this page shows changed */
    if (body.getAttribute("data-follow") === "sheet") {
      followInPlace(s);
      key = s.key;
    } else {
      drawAgain(s);
    }
  }

  function poll() {
    var request = new XMLHttpRequest();
    request.open("GET", base + "/status.json");
    request.onload = function () {
      if (request.status === 200) { apply(JSON.parse(request.responseText)); }
    };
    request.send();
  }

  var polling = null;
  function startPolling() {
    if (polling === null) { polling = window.setInterval(poll, 10000); poll(); }
  }

  if (window.EventSource) {
    var stream = new EventSource(base + "/events");
    stream.addEventListener("status", function (event) { apply(JSON.parse(event.data)); });
    stream.onerror = function () {
      if (stream.readyState === EventSource.CLOSED) { startPolling(); }
    };
  } else {
    startPolling();
  }

  /* --- orders by touch: taps on the board's provinces and units (the SVG over the picture) are matched
     against the orders the rules offer the chosen unit (data-orders); an order that the taps name alone goes
     into the text box and is checked as if typed, several are offered as buttons ------------------------ */

  /* an offered order's line into the text box, in place of the same unit's earlier line */
  function addOrder(order) {
    if (!field) { return; }
    var head = order.split(/\s+/).slice(0, 2).join(" ").toUpperCase();
    var lines = field.value.split("\n").filter(function (l) { return l.trim() !== ""; });
    var kept = lines.filter(function (l) { return l.trim().split(/\s+/).slice(0, 2).join(" ").toUpperCase() !== head; });
    kept.push(order);
    field.value = kept.join("\n") + "\n";
    field.dispatchEvent(new Event("input"));  /* checked as if typed */
  }

  var layer = byId("touch");
  var taps = [];      /* provinces tapped since the unit was chosen, the unit's own first */
  var chosen = null;  /* the chosen unit's shape (over its counter) */

  function provinces(order) {
    var known = layer.querySelectorAll("path.province");
    var names = {};
    for (var i = 0; i < known.length; i++) { names[known[i].getAttribute("data-p")] = true; }
    var out = [];
    /* split at dashes too: unit profiles write a path as one word (move n7 NHM-WNS-WSS) */
    order.split(/[\s-]+/).forEach(function (word) {
      var p = word.split("/")[0].toUpperCase();
      if (names[p] && out[out.length - 1] !== p) { out.push(p); }
    });
    return out;
  }

  function same(a, b) { return a.length === b.length && a.every(function (x, i) { return x === b[i]; }); }
  function startsWith(a, b) { return b.length <= a.length && b.every(function (x, i) { return x === a[i]; }); }

  function mark(p, on) {
    var shape = layer.querySelector("path.province[data-p='" + p + "']");
    if (shape) { shape.classList.toggle("picked", on); }
  }

  function reset(help) {
    taps.forEach(function (p) { mark(p, false); });
    taps = [];
    if (chosen) { chosen.classList.remove("chosen"); }
    chosen = null;
    byId("tap-choices").textContent = "";
    if (help) { byId("tap-help").textContent = help; }
  }

  function offer(orders, help) {
    var box = byId("tap-choices");
    box.textContent = "";
    orders.slice(0, 30).forEach(function (order) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "order-example";
      button.setAttribute("data-order", order);
      var code = document.createElement("code");
      code.textContent = order;
      button.appendChild(code);
      box.appendChild(button);
    });
    byId("tap-help").textContent = help;
  }

  function ordersOf(unit) {
    var text = unit.getAttribute("data-orders") || "";
    return text ? text.split("|") : [];
  }

  function tapProvince(p, unit) {
    if (chosen === null) {
      /* the unit tapped itself, else the player's (first) unit in the province tapped */
      var mine = unit || layer.querySelector(".unit.mine[data-p='" + p + "']");
      if (mine === null) {
        var builds = (layer.getAttribute("data-placements") || "").split("|").filter(function (o) {
          return o && same(provinces(o), [p]);
        });
        if (builds.length) { offer(builds, "Builds in " + p + ": tap one to add it."); return; }
        reset("No unit of yours in " + p + ": tap one of your units first.");
        return;
      }
      chosen = mine;
      chosen.classList.add("chosen");
      taps = [p];
      mark(p, true);
      offer(ordersOf(mine).filter(function (o) { return same(provinces(o), [p]); }),
            mine.getAttribute("aria-label") + ": tap where it goes, a unit to support or convoy, or it again "
            + "to hold; or tap an order below.");
      return;
    }
    taps.push(p);
    mark(p, true);
    var path = taps.filter(function (x, i) { return i === 0 || taps[i - 1] !== x; });
    var all = ordersOf(chosen);
    var exact = all.filter(function (o) { return same(provinces(o), path); });
    var longer = all.filter(function (o) { return startsWith(provinces(o), path) && !same(provinces(o), path); });
    if (exact.length === 1 && (longer.length === 0 || (taps.length === 2 && taps[0] === taps[1]))) {
      /* named alone, or the unit tapped twice: hold */
      addOrder(exact[0]);
      reset("Added " + exact[0] + ". Tap another unit.");
    } else if (exact.length + longer.length === 0) {
      reset("The rules offer that unit no order to " + p + ". Tap one of your units.");
    } else {
      offer(exact.concat(longer), exact.length ? "Tap the order you mean, or where the other unit goes."
                                               : "Now tap where the other unit goes, or an order below.");
    }
  }

  function mineOf(target) {
    return target.classList && target.classList.contains("mine") ? target : null;
  }

  if (layer && field) {
    byId("tap").hidden = false;
    layer.parentNode.classList.add("live");
    layer.addEventListener("click", function (event) {
      var p = event.target.getAttribute && event.target.getAttribute("data-p");
      if (p) { event.preventDefault(); tapProvince(p, mineOf(event.target)); }
    });
    layer.addEventListener("keydown", function (event) {
      var p = event.target.getAttribute && event.target.getAttribute("data-p");
      if (p && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        tapProvince(p, mineOf(event.target));
      }
    });
  }

  /* an order the rules offer (a unit's list, the builds, the tap layer's choices) put in the text box */
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.order-example") : null;
    if (button && field) {
      addOrder(button.getAttribute("data-order"));
      if (layer) { reset("Added " + button.getAttribute("data-order") + ". Tap another unit."); }
    }
  });
}());
