/* A power's page of an area game: each order line checked as it is typed (the rule set's verdict, from
   /check), the page reloaded when the phase moves on (server-sent events, polling when they fail), picture
   zoom and the countdown. The page works without this file. No framework, no inline script (CSP). */
(function () {
  "use strict";
  var body = document.body;
  var base = body.getAttribute("data-base");
  if (!base) { return; }
  var key = body.getAttribute("data-key");
  var field = document.getElementById("orders-text");
  var typed = false;
  var timer = null;

  function byId(id) { return document.getElementById(id); }

  function news(text) {
    var box = byId("news");
    if (box) { box.textContent = text; box.hidden = false; }
  }

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
    if (!field) { return; }
    var request = new XMLHttpRequest();
    request.open("POST", base + "/check");
    request.setRequestHeader("Content-Type", "application/json");
    request.onload = function () {
      if (request.status === 200) { showVerdicts(JSON.parse(request.responseText).lines); }
    };
    request.send(JSON.stringify({ orders: field.value }));
  }

  if (field) {
    field.addEventListener("input", function () {
      typed = true;
      if (timer !== null) { window.clearTimeout(timer); }
      timer = window.setTimeout(check, 300);
    });
    /* the verdicts of the last sending are on the page already: check again only what is typed after */
    if (field.value.trim() && !byId("sent-verdicts")) { check(); }
  }

  function apply(s) {
    if (s.key === key) { return; }
    if (typed && field && field.value.trim()) {
      var words = "The umpire's board changed (" + s.phase + "): reload the page to see it; your text is not sent yet.";
      news(words);
      /* and where the player is: beside the text box, not only in the header far above it */
      var stale = byId("stale");
      if (stale) { stale.textContent = words; stale.hidden = false; }
      return;
    }
    window.location.reload();
  }

  window.kriegsspielLive.follow(base, apply);  /* live.js, served ahead of this file */
  window.kriegsspielLive.countdown();

  /* Orders by touch: taps on the board's provinces and units (the SVG over the picture) are matched against
     the orders the rules offer the chosen unit (data-orders); an order that the taps name alone goes into
     the text box and is checked as if typed, several are offered as buttons. */
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

  function addOrder(order) {
    if (!field) { return; }
    var head = order.split(/\s+/).slice(0, 2).join(" ").toUpperCase();
    var lines = field.value.split("\n").filter(function (l) { return l.trim() !== ""; });
    var kept = lines.filter(function (l) { return l.trim().split(/\s+/).slice(0, 2).join(" ").toUpperCase() !== head; });
    kept.push(order);
    field.value = kept.join("\n") + "\n";
    field.dispatchEvent(new Event("input"));  /* checked as if typed */
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
      /* the unit tapped itself, else the power's (first) unit in the province tapped */
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
      var own = ordersOf(mine);
      offer(own.filter(function (o) { return same(provinces(o), [p]); }),
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
    if (exact.length === 1 && longer.length === 0) {
      addOrder(exact[0]);
      reset("Added " + exact[0] + ". Tap another unit.");
    } else if (exact.length + longer.length === 0) {
      reset("The rules offer that unit no order to " + p + ". Tap one of your units.");
    } else if (exact.length === 1 && taps.length === 2 && taps[0] === taps[1]) {  /* the unit twice: hold */
      addOrder(exact[0]);
      reset("Added " + exact[0] + ". Tap another unit.");
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
    byId("zoom").addEventListener("click", function () { window.kriegsspielLive.zoom(byId("picture")); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.order-example") : null;
    if (button && field) {
      addOrder(button.getAttribute("data-order"));
      if (layer) { reset("Added " + button.getAttribute("data-order") + ". Tap another unit."); }
    }
  });
}());
