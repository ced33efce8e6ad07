// Shared helpers of the Alea pages.
"use strict";

function $(id) { return document.getElementById(id); }

function toast(text, ms) {
  const t = $("toast");
  if (!t) return;
  t.textContent = text;
  t.style.display = "block";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.style.display = "none"; }, ms || 3500);
}

async function api(method, path, body, headers) {
  const opts = { method, headers: Object.assign({ "Content-Type": "application/json" }, headers || {}) };
  if (body !== undefined) opts.body = JSON.stringify(body);
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.detail || ("request failed: " + r.status));
  return data;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

function gameId() { return location.pathname.split("/").filter(Boolean).pop(); }

function renderLog(box, lines, start) {
  box.replaceChildren(...lines.map((line, i) => el("div", { title: "move " + (start + i + 1) }, line)));
  box.scrollTop = box.scrollHeight;
}
