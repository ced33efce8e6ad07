// Clocks: each seat's time left (the server's figures, counted down here between views), and
// the way back to a seat a bot took over when its time ran out.
"use strict";

(() => {
  let view = null;
  let at = 0;
  let ticker = null;
  let rowsBox = null;
  // The way back to the seat: one element, shown while a bot stands in for the page's seat.
  const back = el("div", { class: "reclaim" },
    el("p", { class: "notice" }, "Your time ran out: a bot plays your seat."),
    el("button", { id: "reclaim", onclick: () => AleaOnline.send({ type: "reclaim" }) }, "Take my seat back"));

  function fmt(s) {
    s = Math.max(0, Math.floor(s));
    if (s >= 86400) return Math.floor(s / 86400) + " d " + Math.floor((s % 86400) / 3600) + " h";
    if (s >= 3600) return Math.floor(s / 3600) + " h " + String(Math.floor((s % 3600) / 60)).padStart(2, "0") + " min";
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function draw() {
    if (!view || !view.clock) return;
    const c = view.clock;
    const box = AleaOnline.panel("clock", c.kind === "move" ? "Time for the move" : "Clocks");
    const gone = (Date.now() - at) / 1000;
    const rows = view.seats.map((s, i) => {
      const left = c.left[i] - (c.running === i ? gone : 0);
      const who = s.name + (s.player ? " (" + s.player + ")" : "");
      const note = s.forfeited ? " · forfeited" : s.stand_in ? " · a bot stands in" : s.kind === "bot" ? " · bot" : "";
      const cls = "clockrow" + (c.running === i ? " running" : "") + (left <= 10 && c.running === i ? " low" : "");
      return el("div", { class: cls, "data-seat": i }, el("span", {}, who + note),
        el("span", { class: "time" }, s.kind === "bot" && !s.stand_in ? "—" : fmt(left)));
    });
    // The rows are redrawn every second and on every view; the way back to the seat is one
    // element kept across redraws, so a click on its button is never lost to a redraw.
    if (!rowsBox || rowsBox.parentNode !== box) {
      rowsBox = el("div", { class: "clockrows" });
      box.replaceChildren(box.firstChild, rowsBox);
    }
    rowsBox.replaceChildren(...rows);
    const mine = view.seat !== null ? view.seats[view.seat] : null;
    const wanted = Boolean(mine && mine.stand_in);
    if (wanted && back.parentNode !== box) box.append(back);
    if (!wanted && back.parentNode) back.remove();
  }

  document.addEventListener("alea:view", (ev) => {
    view = ev.detail;
    at = Date.now();
    if (!view.clock) return;
    draw();
    if (!ticker) ticker = setInterval(draw, 1000);
  });
})();
