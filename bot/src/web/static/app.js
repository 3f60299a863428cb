// The Akron web companion's only script: stepping through a game's moves, counting clocks
// down, and following live pages. Served from the site itself (the Content-Security-Policy
// allows no other script and no inline one). Everything it writes into the page is text
// (textContent, attributes), never HTML; new content comes from this site's own pages.
"use strict";
(function () {
  const main = document.getElementById("main");
  if (!main) return;
  const info = document.getElementById("info");
  if (info) info.dataset.seenAt = String(Date.now());

  // Stepping: the move list's links carry their step; the buttons and keys move along it.
  let ply = null;
  function board() { return document.getElementById("board"); }
  function moveLinks() {
    return Array.prototype.slice.call(document.querySelectorAll("#moves a[data-ply]"));
  }
  function last() { return moveLinks().length; }
  function show(target, remember) {
    const figure = board();
    if (!figure) return;
    const max = last();
    target = Math.max(0, Math.min(max, target));
    ply = target;
    figure.dataset.ply = String(target);
    const img = document.getElementById("board-img");
    const caption = document.getElementById("step-caption");
    let text = figure.dataset.start || "";
    moveLinks().forEach(function (a) {
      const here = Number(a.dataset.ply) === target;
      if (here) {
        a.setAttribute("aria-current", "step");
        text = a.dataset.caption || "";
      } else {
        a.removeAttribute("aria-current");
      }
    });
    if (target === 0) text = figure.dataset.startText || text;
    const phone = document.getElementById("board-phone");
    if (phone) {
      // The phone's pictures of the same step (its srcset is read before the img's src).
      phone.srcset = phone.srcset.replace(/\/board\/\d+\/phone/g, "/board/" + target + "/phone");
    }
    if (img) {
      img.src = figure.dataset.base + "/board/" + target;
      // The same words as the server's alt text: the prefix, a space, the step.
      img.alt = (figure.dataset.altPrefix || "") + " " + text;
    }
    if (caption) caption.textContent = text;
    boardText(figure.dataset.base, target);
    document.querySelectorAll("[data-step]").forEach(function (button) {
      const to = { first: 0, previous: target - 1, next: target + 1, last: max }[button.dataset.step];
      button.setAttribute("href", "?ply=" + Math.max(0, Math.min(max, to)));
    });
    if (remember) history.replaceState(null, "", "?ply=" + target);
  }
  // The board in words: fetched for the step shown (its lines replace the live region's, so
  // a screen reader reads the new position); a late answer for an older step is dropped.
  let wanted = null;
  function boardText(base, target) {
    const region = document.getElementById("board-text");
    if (!region || !base) return;
    wanted = target;
    fetch(base + "/text/" + target, { credentials: "omit" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (words) {
        if (words === null || wanted !== target) return;
        const now = Array.prototype.map.call(region.children, function (p) { return p.textContent; });
        if (now.join("\n") === words) return; // the same position: nothing to announce
        const lines = words.split("\n").map(function (line) {
          const p = document.createElement("p");
          p.textContent = line;
          return p;
        });
        region.replaceChildren.apply(region, lines);
      })
      .catch(function () {});
  }
  function step(kind) {
    const current = ply === null ? Number(board().dataset.ply) : ply;
    const to = { first: 0, previous: current - 1, next: current + 1, last: last() }[kind];
    show(to, true);
  }
  if (board()) {
    document.addEventListener("click", function (event) {
      const link = event.target.closest ? event.target.closest("#moves a[data-ply], #analysis a[data-ply], [data-step]") : null;
      if (!link) return;
      event.preventDefault();
      if (link.dataset.step) step(link.dataset.step); else show(Number(link.dataset.ply), true);
    });
    // Keys step only while the board or the move list has focus: elsewhere Home and End
    // scroll the page as everywhere.
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (!target || !target.closest || !target.closest("#board, #moves")) return;
      const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
      const kind = keys[event.key];
      if (!kind) return;
      event.preventDefault();
      step(kind);
    });
  }

  // Times: each <time class="local"> carries its moment in UTC (its text says it in UTC for
  // a reader without script); here it is said in the reader's own time zone, in the page's
  // language (<html lang>), with the zone's name.
  function localTimes(root) {
    if (!window.Intl || !Intl.DateTimeFormat) return;
    let format;
    try {
      format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        year: "numeric", month: "short", day: "numeric",
        hour: "2-digit", minute: "2-digit", timeZoneName: "short"
      });
    } catch (e) { return; }
    root.querySelectorAll("time.local[datetime]").forEach(function (time) {
      const at = new Date(time.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      if (!time.title) time.title = time.textContent;
      time.textContent = format.format(at);
    });
  }
  localTimes(document);

  // Clocks: every element with a deadline counts down from the server's time.
  function tick() {
    const info = document.getElementById("info");
    const serverNow = info ? Number(info.dataset.now) : NaN;
    if (isNaN(serverNow)) return;
    // A replaced #info brings a fresh server time: count from when this one arrived.
    if (!info.dataset.seenAt) info.dataset.seenAt = String(Date.now());
    const now = serverNow + (Date.now() - Number(info.dataset.seenAt)) / 1000;
    document.querySelectorAll(".clock[data-deadline]").forEach(function (clock) {
      const left = Math.max(0, Math.floor(Number(clock.dataset.deadline) - now));
      const h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
      const pad = function (n) { return (n < 10 ? "0" : "") + n; };
      if (left >= 86400 && clock.dataset.days) {
        // A day or more: days and hours, in the page's words (the server's pattern), to the
        // nearest hour as the server rounds (a fresh 3-day clock reads 3 d, not 2 d 23 h);
        // whole days in the pattern without hours.
        const hours = Math.floor((left + 1799) / 3600);
        const pattern = hours % 24 === 0 && clock.dataset.wholeDays
          ? clock.dataset.wholeDays : clock.dataset.days;
        clock.textContent = pattern.replace("%d", String(Math.floor(hours / 24)))
          .replace("%h", String(hours % 24));
        return;
      }
      clock.textContent = h > 0 ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
    });
  }
  setInterval(tick, 1000);

  // Live: on each change the page is fetched again from this site and its parts replaced;
  // a game that was shown at its last move follows to the new one.
  // When the stream is refused (too many open) or lost for good, the note says so and the
  // page looks for changes itself every half minute instead.
  const stream = main.dataset.live;
  let source = null;
  let live = true;
  function liveNote() {
    const note = document.getElementById("live-note");
    if (note && !live && note.dataset.off) note.textContent = note.dataset.off;
  }
  const POLL_MS = 30000;
  let poller = null;
  function fallBack() {
    if (!live) return;
    live = false;
    if (source) source.close();
    liveNote();
    poller = setInterval(refresh, POLL_MS);
  }
  // A change announced while a refresh is under way is not dropped: one more refresh follows
  // it, so the page always ends on the last state (a burst of moves lost its last one).
  let busy = false;
  let again = false;
  function refresh() {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      const atEnd = ply === null ? (board() && Number(board().dataset.ply) === last()) : ply === last();
      fetch(location.pathname, { cache: "no-store", credentials: "omit" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html === null) return;
          const fresh = new DOMParser().parseFromString(html, "text/html");
          const next = fresh.getElementById("main");
          if (!next) return;
          if (next.dataset.version === main.dataset.version) return;
          if (board()) {
            ["info", "moves-section", "downloads"].forEach(function (id) {
              const old = document.getElementById(id), replacement = fresh.getElementById(id);
              if (old && replacement) old.replaceWith(document.importNode(replacement, true));
              else if (!old && replacement) main.appendChild(document.importNode(replacement, true));
            });
            const freshBoard = fresh.getElementById("board");
            if (freshBoard) board().dataset.last = freshBoard.dataset.last;
            show(atEnd ? last() : (ply === null ? Number(board().dataset.ply) : ply), false);
          } else {
            main.replaceChildren.apply(main, Array.prototype.map.call(next.childNodes, function (n) {
              return document.importNode(n, true);
            }));
          }
          localTimes(main);
          liveNote();
          main.dataset.version = next.dataset.version || main.dataset.version;
          if (!next.dataset.live) {
            if (source) source.close();
            if (poller !== null) clearInterval(poller);
          }
        })
        .catch(function () {})
        .then(function () {
          busy = false;
          if (again) {
            again = false;
            refresh();
          }
        });
  }
  if (stream && window.EventSource) {
    source = new EventSource(stream + "?since=" + encodeURIComponent(main.dataset.version || ""));
    source.addEventListener("change", refresh);
    source.addEventListener("error", function () {
      // A refused stream (503) ends it: the browser will not try again.
      if (source.readyState === EventSource.CLOSED) fallBack();
    });
  } else if (stream) {
    fallBack();
  }
})();
