// "Your turn": the tab title, the favicon, an optional sound and a browser notification.
"use strict";

(() => {
  const PREFIX = "Your turn · ";
  let mine = false;
  let sound = AleaOnline.setting("sound", "0") === "1";

  function icon(color) {
    const svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>" +
      "<circle cx='8' cy='8' r='7' fill='" + color + "'/></svg>";
    let link = document.querySelector("link[rel=icon]");
    if (!link) { link = el("link", { rel: "icon", type: "image/svg+xml" }); document.head.append(link); }
    link.href = "data:image/svg+xml," + encodeURIComponent(svg);
  }

  function beep() {
    try {
      const ctx = new AudioContext();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
      osc.onended = () => ctx.close();
    } catch (e) { /* no audio on this device */ }
  }

  function notify(view) {
    if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
    const n = new Notification("Your turn", { body: view.game + " · " + view.players[view.seat], tag: "alea-" + view.id });
    n.onclick = () => { window.focus(); n.close(); };
  }

  function controls() {
    const box = AleaOnline.panel("turn", "When it is my turn");
    const box1 = el("input", { type: "checkbox", id: "turnSound" });
    box1.checked = sound;
    box1.addEventListener("change", () => { sound = box1.checked; AleaOnline.save("sound", sound ? "1" : "0"); if (sound) beep(); });
    box.append(el("label", { for: "turnSound" }, box1, " play a sound"));
    if ("Notification" in window && Notification.permission === "default") {
      const ask = el("button", { class: "secondary", id: "notifyMe" }, "Notify me");
      ask.addEventListener("click", async () => { await Notification.requestPermission(); ask.remove(); });
      box.append(" ", ask);
    }
  }

  // A game waiting for a player to take an open seat says so (nothing is played until then).
  function waiting(v) {
    const free = v.seats.filter((s) => s.open).map((s) => s.name);
    const box = AleaOnline.panel("waiting", "Waiting for players");
    box.hidden = free.length === 0;
    if (free.length) {
      box.replaceChildren(box.firstChild, el("p", { class: "notice" },
        "Open seat" + (free.length > 1 ? "s" : "") + ": " + free.join(", ") +
        ". The game starts when someone joins from the lobby."));
    }
  }

  document.addEventListener("alea:view", (ev) => {
    const v = ev.detail;
    waiting(v);
    if (v.seat === null) return;
    if (!document.getElementById("online-turn")) controls();
    const now = !v.terminal && v.to_move === v.seat && v.legal.length > 0;
    const base = document.title.startsWith(PREFIX) ? document.title.slice(PREFIX.length) : document.title;
    document.title = now ? PREFIX + base : base;
    if (now !== mine) icon(now ? "#a4452c" : "#b8b0a0");
    if (now && !mine) {
      if (sound) beep();
      notify(v);
    }
    mine = now;
  });
})();
