// Chat per game, for players and spectators: lines are shown as text, never as HTML.
"use strict";

(() => {
  const MAX = 500;
  let box = null;
  let input = null;
  let pending = null;
  let last = 0;

  function line(l) {
    const when = new Date(l.at);
    const time = isNaN(when) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const kind = l.kind === "note" ? " note" : l.seat === null ? " spectator" : "";
    return el("div", { class: "chatline" + kind, title: l.at },
      el("span", { class: "when" }, time), " ", el("strong", {}, l.author + ": "), el("span", { class: "said" }, l.text));
  }

  function panel() {
    const p = AleaOnline.panel("chat", "Chat");
    box = el("div", { class: "chatlog", id: "chat", role: "log", "aria-label": "Chat", "aria-live": "polite" });
    input = el("textarea", { id: "chatText", rows: "2", maxlength: String(MAX), "aria-label": "Chat message",
      placeholder: "Say something to the table (Enter sends)" });
    const count = el("small", { class: "count", id: "chatCount" }, "0/" + MAX);
    const sendBtn = el("button", { id: "chatSend", onclick: say }, "Send");
    input.addEventListener("input", () => { count.textContent = input.value.length + "/" + MAX; });
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); say(); }
    });
    p.append(box, el("div", { class: "chatform" }, input, sendBtn), count);
  }

  // The line stays in the box until the server has stored it: a refused line is not lost.
  function say() {
    const text = input.value.trim();
    if (!text) return;
    if (text.length > MAX) { toast("A chat line has at most " + MAX + " characters; this one has " + text.length + "."); return; }
    pending = text;
    if (!AleaOnline.send({ type: "chat", text })) toast("Not connected: the line is kept, send it again in a moment.");
  }

  document.addEventListener("alea:message", (ev) => {
    const msg = ev.detail;
    if (!box && (msg.type === "view" || msg.type === "chat")) panel();
    if (msg.type !== "chat") return;
    // A line may come twice (in the latest lines sent on connecting, then as news): once shown.
    const fresh = msg.full ? msg.lines : msg.lines.filter((l) => l.n > last);
    if (msg.full) box.replaceChildren(...fresh.map(line));
    else box.append(...fresh.map(line));
    if (fresh.length) last = Math.max(last, fresh[fresh.length - 1].n);
    while (box.childElementCount > 300) box.firstElementChild.remove();
    box.scrollTop = box.scrollHeight;
    if (msg.mine && pending !== null && msg.lines.some((l) => l.text === pending) && input.value.trim() === pending) {
      input.value = "";
      input.dispatchEvent(new Event("input"));
      pending = null;
    }
  });
})();
