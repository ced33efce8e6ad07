// The play page: one WebSocket, the board drawn by the server, choices by click or list.
"use strict";

const id = gameId();
const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
let view = null;
let ws = null;
let backoff = 500;
let logLines = { start: 0, lines: [] };

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(proto + "//" + location.host + "/ws/" + id);
  ws.onopen = () => {
    backoff = 500;
    $("conn").className = "dot on";
    $("connText").textContent = "connected";
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    if (window.AleaOnline) AleaOnline.sender = (m) => ws.readyState === WebSocket.OPEN && (ws.send(JSON.stringify(m)), true);
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "view") (window.AleaPace ? AleaPace.push(msg, show) : show(msg));
    else if (msg.type === "error") toast(msg.message + (msg.rule ? " (" + msg.rule + ")" : ""));
    document.dispatchEvent(new CustomEvent("alea:message", { detail: msg }));
  };
  ws.onclose = (ev) => {
    $("conn").className = "dot off";
    $("connText").textContent = "reconnecting";
    if (ev.code === 4403 || ev.code === 4404) { $("connText").textContent = "no access"; return; }
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  };
}

function send(choice) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !view) return;
  hideMenu();
  ws.send(JSON.stringify({ type: "act", seq: view.seq, i: choice.i }));
  $("choices").querySelectorAll("button").forEach((b) => { b.disabled = true; });
}

function groupOf(text) {
  const m = text.match(/^(?:the\s+)?\S+\s+(\S+)/i);
  return m ? m[1] : "";
}

function show(msg) {
  view = msg;
  const me = msg.seat === null ? "spectator" : msg.players[msg.seat];
  $("title").textContent = msg.game + " · " + me;
  document.title = "Alea — " + msg.game;
  $("rules").href = "/rules/" + msg.game;
  $("watch").href = "/watch/" + msg.id;
  const board = $("board");
  const menu = $("menu");
  board.innerHTML = msg.svg;
  board.append(menu);
  const places = new Set(msg.legal.map((a) => a.place).filter(Boolean));
  board.querySelectorAll("[data-place]").forEach((e) => {
    if (places.has(e.getAttribute("data-place"))) e.classList.add("playable");
  });
  let turn;
  if (msg.terminal) turn = "Game over";
  else if (msg.to_move < 0) turn = "…";
  else if (msg.seat === msg.to_move) turn = "Your move, " + msg.players[msg.seat];
  else turn = msg.players[msg.to_move] + " to move" + (msg.seats[msg.to_move].kind === "bot" ? " (bot thinking)" : "");
  $("turn").textContent = turn;
  $("turn").className = "turn" + (msg.seat !== null && msg.seat === msg.to_move ? " yours" : "");
  $("outcome").textContent = msg.outcome || "";
  const choices = $("choices");
  const items = [];
  let last = null;
  for (const a of msg.legal) {
    const g = groupOf(a.text);
    if (g !== last && msg.legal.length > 8) { items.push(el("div", { class: "group" }, g)); last = g; }
    items.push(el("button", { "data-i": a.i, onclick: () => send(a) }, a.text));
  }
  if (!items.length) items.push(el("div", {}, msg.seat === null ? "You are watching." : "Waiting for the others."));
  choices.replaceChildren(...items);
  $("choicePanel").hidden = msg.seat === null;
  const keys = msg.scores.length ? Object.keys(msg.scores[0]) : [];
  const label = (k) => k.replace(/_/g, " ");
  const cell = (v) => (v === true ? "yes" : v === false ? "no" : typeof v === "object" && v !== null ? JSON.stringify(v) : v);
  const head = el("tr", {}, el("th", {}, ""), ...keys.map((k) => el("th", {}, label(k))));
  const rows = msg.scores.map((s, i) => el("tr", {}, el("td", {}, msg.players[i]), ...keys.map((k) => el("td", {}, cell(s[k])))));
  $("scores").replaceChildren(head, ...rows);
  if (msg.log_start === logLines.start + logLines.lines.length) logLines.lines.push(...msg.log);
  else logLines = { start: msg.log_start, lines: msg.log.slice() };
  if (logLines.lines.length > 600) {
    const cut = logLines.lines.length - 400;
    logLines = { start: logLines.start + cut, lines: logLines.lines.slice(cut) };
  }
  renderLog($("log"), logLines.lines, logLines.start);
  $("tools").hidden = msg.seat === null && !msg.terminal;
  $("handover").hidden = msg.seat === null || msg.terminal;
  $("export").hidden = !msg.terminal;
  $("export").href = "/api/games/" + msg.id + "/record";
  $("replay").hidden = !msg.terminal;
  $("replay").href = "/replay/" + msg.id;
  document.dispatchEvent(new CustomEvent("alea:view", { detail: msg }));
}

function hideMenu() { $("menu").style.display = "none"; }

// Every place under the pointer: the element hit, the groups it sits in (a land in its
// area), and whatever lies beneath it (the land under an army counter).
function placesAt(ev) {
  const found = [];
  const stack = [ev.target, ...document.elementsFromPoint(ev.clientX, ev.clientY)];
  for (let e of stack) {
    for (; e && e.getAttribute; e = e.parentElement) {
      const p = e.getAttribute("data-place");
      if (p && !found.includes(p)) found.push(p);
    }
  }
  return found;
}

$("board").addEventListener("click", (ev) => {
  if (!view || ev.target.closest("#menu")) return;
  const places = placesAt(ev);
  hideMenu();
  if (!places.length) return;
  const options = view.legal.filter((a) => places.includes(a.place));
  if (options.length === 0) { toast("Nothing to do at " + places[0]); return; }
  if (options.length === 1) { send(options[0]); return; }
  const menu = $("menu");
  const box = $("board").getBoundingClientRect();
  menu.replaceChildren(...options.map((a) => el("button", { onclick: () => send(a) }, a.text)),
    el("button", { onclick: hideMenu }, "cancel"));
  menu.style.left = Math.min(ev.clientX - box.left + $("board").scrollLeft, box.width - 240) + "px";
  menu.style.top = (ev.clientY - box.top + $("board").scrollTop) + "px";
  menu.style.display = "flex";
});

$("handover").addEventListener("click", async () => {
  if (!view || view.seat === null) return;
  const hosted = JSON.parse(localStorage.getItem("alea-host") || "{}");
  const key = token || hosted[id];
  try {
    await api("POST", "/api/games/" + id + "/seats/" + view.seat + "/bot", { agent: "heuristic" }, { "X-Alea-Token": key });
    toast("A bot plays this seat now.");
  } catch (e) { toast(e.message); }
});

document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideMenu(); });
connect();
