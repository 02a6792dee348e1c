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

  document.addEventListener("click", function (event) {
    var img = event.target;
    if (!img.classList || !img.classList.contains("picture")) { return; }
    event.preventDefault();
    var frame = img.parentNode.parentNode;
    frame.classList.toggle("zoomed");
    /* zoomed in: open on the power's own units, not on the map's top-left corner */
    var focus = (img.getAttribute("data-focus") || "").split(",");
    if (frame.classList.contains("zoomed") && focus.length === 2) {
      var fx = parseFloat(focus[0]), fy = parseFloat(focus[1]);
      frame.scrollLeft = Math.max(0, fx * img.naturalWidth - frame.clientWidth / 2);
      frame.scrollTop = Math.max(0, fy * img.naturalHeight - frame.clientHeight / 2);
    }
  });
}());
