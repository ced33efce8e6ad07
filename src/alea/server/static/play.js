// The play page: one WebSocket, the board drawn by the server, choices by click or list.
"use strict";

const id = gameId();
const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
let view = null;
let ws = null;
let backoff = 500;
let logLines = { start: 0, lines: [] };
let picture = null;  // the board picture last received: { id, lines }
let resyncing = false;  // a whole view has been asked for after a patch that did not fit
// Where the game is served: this page's server first, then the other processes it names
// (alea serve --peer). After two failed attempts in a row the next address is tried.
const peerMeta = document.querySelector('meta[name="alea-peers"]');
const addresses = [location.origin].concat(peerMeta ? peerMeta.content.split(" ").filter(Boolean) : []);
let at = 0;
let failed = 0;

function connect() {
  ws = new WebSocket(addresses[at].replace(/^http/, "ws") + "/ws/" + id);
  let opened = false;
  ws.onopen = () => {
    opened = true;
    failed = 0;
    backoff = 500;
    $("conn").className = "dot on";
    $("connText").textContent = "connected";
    $("connText").title = addresses[at];
    picture = null;
    resyncing = false;
    ws.send(JSON.stringify(token ? { type: "hello", token, patches: true } : { type: "hello", patches: true }));
    if (window.AleaOnline) AleaOnline.sender = (m) => ws.readyState === WebSocket.OPEN && (ws.send(JSON.stringify(m)), true);
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "view" && !wholePicture(msg)) return;
    if (msg.type === "view") (window.AleaPace ? AleaPace.push(msg, show) : show(msg));
    else if (msg.type === "why") toast(capitalise(msg.message), 6000);
    else if (msg.type === "error") toast(msg.message + (msg.rule ? " (" + msg.rule + ")" : ""));
    document.dispatchEvent(new CustomEvent("alea:message", { detail: msg }));
  };
  ws.onclose = (ev) => {
    $("conn").className = "dot off";
    $("connText").textContent = "reconnecting";
    if (ev.code === 4403 || ev.code === 4404) { $("connText").textContent = "no access"; return; }
    if (!opened && ++failed >= 2 && addresses.length > 1) {
      at = (at + 1) % addresses.length;
      failed = 0;
      backoff = 500;
    }
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  };
}

// A view's board picture comes whole, or as a patch to the one before it: new lines, and
// [start, count] runs of the previous picture's lines. A patch that does not fit the picture
// this page has asks the server for a whole view instead.
function wholePicture(msg) {
  if (msg.svg_patch === undefined) {
    picture = { id: msg.svg_id, lines: msg.svg.split("\n") };
    resyncing = false;
    return true;
  }
  if (!picture || picture.id !== msg.svg_base) {
    picture = null;
    if (!resyncing && ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "sync" }));
    resyncing = true;
    return false;
  }
  const lines = [];
  for (const op of msg.svg_patch) {
    if (typeof op === "string") lines.push(op);
    else for (let k = op[0]; k < op[0] + op[1]; k++) lines.push(picture.lines[k]);
  }
  picture = { id: msg.svg_id, lines };
  msg.svg = lines.join("\n");
  delete msg.svg_patch;
  return true;
}

function capitalise(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

function send(choice) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !view) return;
  hideMenu();
  ws.send(JSON.stringify({ type: "act", seq: view.seq, i: choice.i }));
  $("choices").querySelectorAll("button").forEach((b) => { b.disabled = true; });
}

function askWhy(place, from) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify(from ? { type: "why", place, from } : { type: "why", place }));
}

function show(msg) {
  view = msg;
  showHeader(msg);
  drawBoard(msg);
  showTurn(msg);
  renderChoices();
  showYou(msg);
  showScores(msg);
  showLog(msg);
  showDice($("dice"), msg.dice);
  showTools(msg);
}

function showHeader(msg) {
  const me = msg.seat === null ? "spectator" : msg.players[msg.seat];
  $("title").textContent = msg.game + " · " + me;
  document.title = "Alea — " + msg.game;
  $("rules").href = "/rules/" + msg.game;
  $("watch").href = "/watch/" + msg.id;
}

function showTurn(msg) {
  let turn;
  if (msg.terminal) turn = "Game over";
  else if (msg.to_move < 0) turn = "…";
  else if (msg.seat === msg.to_move) turn = "Your move, " + msg.players[msg.seat];
  else turn = msg.players[msg.to_move] + " to move" + (msg.seats[msg.to_move].kind === "bot" ? " (bot thinking)" : "");
  $("turn").textContent = turn;
  $("turn").className = "turn" + (msg.seat !== null && msg.seat === msg.to_move ? " yours" : "");
  $("hint").textContent = msg.terminal ? "" : (msg.hint || "");
  $("outcome").textContent = msg.outcome || "";
  const banner = $("banner");
  banner.hidden = !msg.terminal;
  banner.replaceChildren(el("strong", {}, "Game over"), el("span", {}, msg.outcome || ""));
}

// The choice list: moves grouped by the place they start from (one entry a group, opened by
// picking it here or on the board), every other choice as a button.
function renderChoices() {
  if (!view) return;
  const msg = view;
  const items = [];
  const groups = new Map();
  for (const a of msg.legal) {
    if (a.from) {
      if (!groups.has(a.from)) groups.set(a.from, []);
      groups.get(a.from).push(a);
    } else items.push(el("button", { "data-i": a.i, onclick: () => send(a) }, a.text));
  }
  const open = groups.size === 1 ? [...groups.keys()][0] : boardUI.selected;
  for (const [from, moves] of groups) {
    const name = placeName(from);
    if (from === open) {
      items.push(el("div", { class: "group" }, "From " + name));
      for (const a of moves) items.push(el("button", { "data-i": a.i, onclick: () => send(a) }, a.text));
    } else {
      items.push(el("button", { class: "stack", "data-from": from, onclick: () => select(from) },
        "From " + name + " (" + moves.length + " moves) ▸"));
    }
  }
  if (!items.length) items.push(el("div", {}, msg.seat === null ? "You are watching." : "Waiting for the others."));
  $("choices").replaceChildren(...items);
  $("choicePanel").hidden = msg.terminal || (msg.seat === null);
}

function showYou(msg) {
  const rows = msg.panel || [];
  $("youPanel").hidden = !rows.length;
  $("youTitle").textContent = msg.seat === null ? "You" : "You · " + msg.players[msg.seat];
  $("you").replaceChildren(...rows.flatMap(([k, v, detail]) => [
    el("dt", {}, k),
    detail ? el("dd", {}, v, el("small", {}, detail)) : el("dd", {}, v),
  ]));
}

function showScores(msg) {
  const keys = msg.scores.length ? Object.keys(msg.scores[0]) : [];
  const label = (k) => k.replace(/_/g, " ");
  const cell = (v) => (v === true ? "yes" : v === false ? "no" : typeof v === "object" && v !== null ? JSON.stringify(v) : v);
  const head = el("tr", {}, el("th", {}, ""), ...keys.map((k) => el("th", {}, label(k))));
  const rows = msg.scores.map((s, i) => el("tr", {}, el("td", {}, msg.players[i]), ...keys.map((k) => el("td", {}, cell(s[k])))));
  $("scores").replaceChildren(head, ...rows);
}

function showLog(msg) {
  if (msg.log_start === logLines.start + logLines.lines.length) logLines.lines.push(...msg.log);
  else logLines = { start: msg.log_start, lines: msg.log.slice() };
  if (logLines.lines.length > 600) {
    const cut = logLines.lines.length - 400;
    logLines = { start: logLines.start + cut, lines: logLines.lines.slice(cut) };
  }
  renderLog($("log"), logLines.lines, logLines.start);
}

function showTools(msg) {
  $("tools").hidden = msg.seat === null && !msg.terminal;
  $("handover").hidden = msg.seat === null || msg.terminal;
  $("export").hidden = !msg.terminal;
  $("export").href = addresses[at] + "/api/games/" + msg.id + "/record";
  $("replay").hidden = !msg.terminal;
  $("replay").href = addresses[at] + "/replay/" + msg.id;
  document.dispatchEvent(new CustomEvent("alea:view", { detail: msg }));
}

$("handover").addEventListener("click", async () => {
  if (!view || view.seat === null) return;
  const hosted = JSON.parse(localStorage.getItem("alea-host") || "{}");
  const key = token || hosted[id];
  try {
    // To the process the page is connected to, which is not its own after a failover.
    await api("POST", addresses[at] + "/api/games/" + id + "/seats/" + view.seat + "/bot", { agent: "normal" }, { "X-Alea-Token": key });
    toast("A bot plays this seat now.");
  } catch (e) { toast(e.message); }
});

setUpBoard(send, askWhy);
connect();
