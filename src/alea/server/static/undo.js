// Undo: shown only when the server says the player may take back their last decision.
"use strict";

(() => {
  let button = null;
  let box = null;
  document.addEventListener("alea:view", (ev) => {
    const v = ev.detail;
    if (v.seat === null) return;
    if (!button) {
      box = AleaOnline.panel("undo", "Take back");
      button = el("button", { class: "secondary", id: "undo", title: "Take back your last move (nothing new has been revealed since)" }, "Undo");
      button.addEventListener("click", () => {
        button.disabled = true;
        if (!AleaOnline.send({ type: "undo" })) toast("Not connected: try again in a moment.");
      });
      box.append(button);
    }
    button.disabled = false;
    box.hidden = !v.undo;
  });
  // A refusal re-enables the button (the server explains why in the toast).
  document.addEventListener("alea:message", (ev) => {
    if (ev.detail.type === "error" && ev.detail.undo && button) button.disabled = false;
  });
})();
