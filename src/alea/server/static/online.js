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
};
