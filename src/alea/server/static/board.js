// The board on the play page: drawing a view, zoom and pan, picking a piece then where it
// goes, clicks and taps on places, tooltips, and the last move's marks.
"use strict";

const boardUI = {
  zoom: 1,
  selected: null,  // the place a piece was picked at, waiting for its destination
  view: null,
  onAct: null,     // (legal entry) => void
  onWhy: null,     // (place, from) => void
};

// -- drawing ------------------------------------------------------------------------------------

function drawBoard(view) {
  boardUI.view = view;
  const zoomer = $("zoomer");
  zoomer.innerHTML = view.svg;
  const svg = zoomer.querySelector("svg");
  if (svg) { svg.removeAttribute("width"); svg.removeAttribute("height"); }
  const sources = new Set(view.legal.map((a) => a.from).filter(Boolean));
  if (boardUI.selected && !sources.has(boardUI.selected)) boardUI.selected = null;
  markPlayable();
  markLastMove(view.last_move || []);
  applyZoom();
}

function eachPlace(fn) {
  $("zoomer").querySelectorAll("[data-place]").forEach((e) => fn(e, e.getAttribute("data-place")));
}

// Highlight what a click can do: every place of a legal action, or, with a piece picked,
// that piece and the places it may go.
function markPlayable() {
  const legal = boardUI.view ? boardUI.view.legal : [];
  const sel = boardUI.selected;
  const targets = new Set(legal.filter((a) => sel && a.from === sel).map((a) => a.place));
  const places = new Set(legal.flatMap((a) => [a.place, a.from]).filter(Boolean));
  eachPlace((e, p) => {
    e.classList.toggle("playable", !sel && places.has(p));
    e.classList.toggle("selected", p === sel);
    e.classList.toggle("target", targets.has(p));
  });
}

function markLastMove(places) {
  const last = new Set(places);
  eachPlace((e, p) => {
    if (last.has(p)) e.setAttribute("data-last-move", "");
    else e.removeAttribute("data-last-move");
  });
}

// -- picking and clicking ---------------------------------------------------------------------

function placeName(p) {
  const names = (boardUI.view && boardUI.view.place_names) || {};
  return names[p] || p;
}

function select(place) {
  boardUI.selected = place;
  markPlayable();
  if (typeof renderChoices === "function") renderChoices();
  if (place) toast("Picked " + placeName(place) + ": now click where it goes", 2500);
}

// Every place under the pointer: the element hit, the groups it sits in (a land in its
// area), and whatever lies beneath it (the land under an army counter).
function placesAt(x, y, target) {
  const found = [];
  const stack = [target, ...document.elementsFromPoint(x, y)];
  for (let e of stack) {
    for (; e && e.getAttribute; e = e.parentElement) {
      const p = e.getAttribute("data-place");
      if (p && !found.includes(p)) found.push(p);
    }
  }
  return found;
}

function clickPlaces(places, x, y) {
  hideMenu();
  const view = boardUI.view;
  if (!view || !places.length) return;
  const legal = view.legal;
  const sel = boardUI.selected;
  if (sel && places.includes(sel)) { select(null); return; }
  if (sel) {
    const moves = legal.filter((a) => a.from === sel && places.includes(a.place));
    if (moves.length) { chooseAmong(moves, x, y); return; }
  }
  const picked = places.find((p) => legal.some((a) => a.from === p));
  if (picked) { select(picked); return; }
  const options = legal.filter((a) => places.includes(a.place));
  if (options.length) { chooseAmong(options, x, y); return; }
  if (boardUI.onWhy) boardUI.onWhy(places[0], sel);
}

function chooseAmong(options, x, y) {
  if (options.length === 1) { boardUI.onAct(options[0]); return; }
  const menu = $("menu");
  const board = $("board");
  const box = board.getBoundingClientRect();
  menu.replaceChildren(...options.map((a) => el("button", { onclick: () => boardUI.onAct(a) }, a.text)),
    el("button", { onclick: hideMenu }, "cancel"));
  menu.style.left = Math.max(0, Math.min(x - box.left + board.scrollLeft, board.scrollLeft + box.width - 250)) + "px";
  menu.style.top = (y - box.top + board.scrollTop) + "px";
  menu.style.display = "flex";
}

function hideMenu() { $("menu").style.display = "none"; }

// -- tooltips: hover shows the SVG titles; a long press shows them in a toast ------------------

function titlesAt(x, y) {
  const seen = [];
  for (const e of document.elementsFromPoint(x, y)) {
    for (let n = e; n && n.id !== "zoomer"; n = n.parentElement) {
      const t = n.querySelector && n.querySelector(":scope > title");
      const text = t ? t.textContent.trim() : "";
      if (text && !seen.includes(text) && !n.matches("svg")) seen.push(text);
    }
  }
  return seen;
}

// -- zoom and pan -----------------------------------------------------------------------------

function applyZoom() {
  $("zoomer").style.width = (boardUI.zoom * 100) + "%";
  $("zoomFit").disabled = boardUI.zoom === 1;
  $("zoomOut").disabled = boardUI.zoom <= 1;
}

function zoomTo(z, cx, cy) {
  const board = $("board");
  const old = boardUI.zoom;
  const next = Math.max(1, Math.min(6, z));
  const box = board.getBoundingClientRect();
  const px = (cx === undefined ? box.width / 2 : cx - box.left);
  const py = (cy === undefined ? box.height / 2 : cy - box.top);
  const ux = (board.scrollLeft + px) / old;
  const uy = (board.scrollTop + py) / old;
  boardUI.zoom = next;
  applyZoom();
  board.scrollLeft = ux * next - px;
  board.scrollTop = uy * next - py;
}

function setUpBoard(onAct, onWhy) {
  boardUI.onAct = onAct;
  boardUI.onWhy = onWhy;
  const board = $("board");
  let pressTimer = null;
  let pressed = false;
  let pinch = null;
  board.addEventListener("click", (ev) => {
    if (pressed) { pressed = false; return; }
    if (ev.target.closest("#menu")) return;
    clickPlaces(placesAt(ev.clientX, ev.clientY, ev.target), ev.clientX, ev.clientY);
  });
  board.addEventListener("touchstart", (ev) => {
    if (ev.touches.length === 2) {
      clearTimeout(pressTimer);
      const [a, b] = ev.touches;
      pinch = { d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), z: boardUI.zoom };
      return;
    }
    const t = ev.touches[0];
    pressed = false;
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      const titles = titlesAt(t.clientX, t.clientY);
      if (titles.length) { pressed = true; toast(titles.join(" · "), 5000); }
    }, 550);
  }, { passive: true });
  board.addEventListener("touchmove", (ev) => {
    clearTimeout(pressTimer);
    if (pinch && ev.touches.length === 2) {
      ev.preventDefault();
      const [a, b] = ev.touches;
      const d = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
      zoomTo(pinch.z * d / pinch.d, (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2);
    }
  }, { passive: false });
  board.addEventListener("touchend", () => { clearTimeout(pressTimer); if (pinch) pinch = null; });
  board.addEventListener("contextmenu", (ev) => { if (pressed) ev.preventDefault(); });
  $("zoomIn").addEventListener("click", () => zoomTo(boardUI.zoom * 1.5));
  $("zoomOut").addEventListener("click", () => zoomTo(boardUI.zoom / 1.5));
  $("zoomFit").addEventListener("click", () => zoomTo(1));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { hideMenu(); select(null); }
  });
}
