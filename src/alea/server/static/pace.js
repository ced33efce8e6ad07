// Watchable bots: views arrive one per bot decision; they are shown at the pace the viewer
// chooses (default half a second a move), and Fast-forward shows every waiting one at once.
"use strict";

window.AleaPace = (() => {
  const choices = [["0", "at once"], ["250", "0.25 s"], ["500", "0.5 s"], ["1000", "1 s"], ["2000", "2 s"]];
  let pace = Number(AleaOnline.setting("pace", "500"));
  const queue = [];
  let timer = null;
  let last = 0;
  let show = null;
  let ff = null;

  function controls() {
    const box = AleaOnline.panel("pace", "Bot moves");
    const sel = el("select", { id: "pace", "aria-label": "Time between moves shown" },
      ...choices.map(([v, t]) => el("option", { value: v }, t)));
    sel.value = String(pace);
    sel.addEventListener("change", () => { pace = Number(sel.value); AleaOnline.save("pace", pace); pump(); });
    ff = el("button", { class: "secondary", id: "fastforward", onclick: flush }, "Fast-forward");
    ff.disabled = true;
    box.append(el("label", { for: "pace" }, "One move every "), sel, " ", ff);
  }

  function showOne() {
    last = Date.now();
    show(queue.shift());
    if (ff) ff.disabled = queue.length === 0;
  }

  // Every view is shown, in order (each carries the log lines since the one before).
  function flush() {
    clearTimeout(timer);
    timer = null;
    while (queue.length) showOne();
  }

  function pump() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    while (queue.length) {
      const wait = last + pace - Date.now();
      if (wait > 0) { timer = setTimeout(() => { timer = null; pump(); }, wait); break; }
      showOne();
    }
    if (ff) ff.disabled = queue.length === 0;
  }

  return {
    push(msg, showView) {
      show = showView;
      if (!ff) controls();
      queue.push(msg);
      pump();
    },
    flush,
    waiting: () => queue.length,
  };
})();
