/* The player's page: live updates (server-sent events, polling when they fail), picture zoom, countdown.
   The page works without this file; it only saves reloading. No framework, no inline script (CSP). */
(function () {
  "use strict";
  var body = document.body;
  var base = body.getAttribute("data-base");
  if (!base) { return; }
  var sheet = parseInt(body.getAttribute("data-sheet") || "0", 10);

  function byId(id) { return document.getElementById(id); }

  function news(text) {
    var box = byId("news");
    if (box) { box.textContent = text; box.hidden = false; }
  }

  /* The sheet being replaced goes to the top of "Earlier rounds", as a reload would show it. */
  function keepInHistory() {
    var img = byId("picture"), report = byId("report"), moment = byId("moment");
    if (!img || !report || !moment) { return; }
    var history = byId("history");
    if (!history) {
      history = document.createElement("section");
      history.id = "history";
      var title = document.createElement("h2");
      title.textContent = "Earlier rounds";
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
    var first = history.querySelector("details");
    history.insertBefore(details, first);
  }

  function apply(s) {
    if (s.sheet > sheet && s.picture) {
      keepInHistory();
      var img = byId("picture");
      if (img) {
        /* the new sheet's units are elsewhere: zoom (and a zoomed frame, once drawn) opens on them */
        if (s.focus) { img.setAttribute("data-focus", s.focus[0] + "," + s.focus[1]); }
        else { img.removeAttribute("data-focus"); }
        img.addEventListener("load", function () { window.kriegsspielLive.centre(img); }, { once: true });
        img.src = s.picture;
        img.alt = "Your picture: " + s.moment;
      }
      var link = byId("picture-link");
      if (link) { link.href = s.picture; }
      var report = byId("report");
      if (report) { report.textContent = s.report; }
      var moment = byId("moment");
      if (moment) { moment.textContent = s.moment; }
      if (!img && sheet === 0) { window.location.reload(); return; }
      sheet = s.sheet;
      body.setAttribute("data-sheet", String(sheet));
      news("New picture: " + s.moment + ".");
    }
    var form = byId("order-form");
    if (!form) {
      if (s.open) { window.location.reload(); }
      return;
    }
    var field = form.querySelector("input[name=round]");
    var heading = document.querySelector("#orders h2");
    if (field && field.value !== String(s.round)) {
      field.value = String(s.round);
      if (heading) { heading.textContent = "Orders for round " + s.round; }
      var receipt = byId("receipt");
      if (receipt) { receipt.hidden = true; }
      var ready = form.querySelector("input[name=ready]");
      if (ready) { ready.checked = false; }  /* ready was said of the round that ended */
    }
    var button = form.querySelector("button");
    if (button) { button.disabled = !s.open; }
    if (!s.open && s.reason) { news(s.reason + "."); }
    var countdown = byId("countdown");
    if (countdown && s.deadline) { countdown.setAttribute("data-deadline", s.deadline); }
  }

  window.kriegsspielLive.follow(base, apply);  /* live.js, served ahead of this file */
  window.kriegsspielLive.countdown();
}());
