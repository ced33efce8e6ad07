// Online play around the board: a panel the modules of this page add their controls to.
"use strict";

window.AleaOnline = {
  // A titled panel in the page's side column (made once, reused by name).
  panel(key, title) {
    let p = document.getElementById("online-" + key);
    if (p) return p;
    p = el("div", { class: "panel online", id: "online-" + key }, el("h3", {}, title));
    ($("online") || document.body).append(p);
    return p;
  },
  // Send a message on the page's WebSocket (play.js sets the sender when it connects).
  send(msg) { return AleaOnline.sender ? AleaOnline.sender(msg) : false; },
  sender: null,
  setting(key, fallback) {
    const v = localStorage.getItem("alea-" + key);
    return v === null ? fallback : v;
  },
  save(key, value) { localStorage.setItem("alea-" + key, String(value)); },
  // The seats this browser holds, newest first (shown on My games).
  heldSeats() {
    try { return JSON.parse(localStorage.getItem("alea-seats") || "[]"); } catch (e) { return []; }
  },
  holdSeat(entry) {
    const held = AleaOnline.heldSeats().filter((h) => h.id !== entry.id || h.seat !== entry.seat);
    held.unshift(Object.assign({ at: Date.now() }, entry));
    localStorage.setItem("alea-seats", JSON.stringify(held.slice(0, 200)));
  },
};

// A seat link opened on this browser is remembered for My games.
document.addEventListener("alea:view", function remember(ev) {
  const v = ev.detail;
  document.removeEventListener("alea:view", remember);
  if (v.seat === null || location.hash.length < 2) return;
  AleaOnline.holdSeat({ id: v.id, game: v.game, seat: v.seat, name: v.players[v.seat], link: location.pathname + location.hash });
});
