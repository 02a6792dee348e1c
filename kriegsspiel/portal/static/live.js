/* What every player's page shares, served at the head of portal.js (free-text orders) and area.js (orders
   checked line by line): following the game live (server-sent events, polling every 10 s when they fail),
   the countdown to the deadline and the picture's zoom. No framework, no inline script (CSP). */
(function () {
  "use strict";

  /* Call apply(status) with every status of the page at base: pushed as "status" events, else polled. */
  function follow(base, apply) {
    var polling = null;

    function poll() {
      var request = new XMLHttpRequest();
      request.open("GET", base + "/status.json");
      request.onload = function () {
        if (request.status === 200) { apply(JSON.parse(request.responseText)); }
      };
      request.send();
    }

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
  }

  /* The element #countdown counts down, each second, to its data-deadline (UTC, ISO 8601). */
  function countdown() {
    function tick() {
      var box = document.getElementById("countdown");
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
  }

  /* A zoomed picture's frame scrolled to the player's own units (the picture's data-focus, fractions of its
     size), not to the map's top-left corner. */
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

  /* a tap on a picture zooms it (without script the link opens the PNG itself) */
  document.addEventListener("click", function (event) {
    var img = event.target;
    if (!img.classList || !img.classList.contains("picture")) { return; }
    event.preventDefault();
    zoom(img);
  });

  window.kriegsspielLive = { follow: follow, countdown: countdown, zoom: zoom, centre: centre };
}());
