// The lobby: create a game, hand out links, list games, import records.
"use strict";

let catalog = null;

function currentGame() { return catalog.games.find((g) => g.id === $("game").value); }

function seatNames(game, n) {
  return game.seat_names.length >= n ? game.seat_names.slice(0, n) : game.seat_names;
}

function drawPlayers() {
  const g = currentGame();
  $("players").replaceChildren(...g.players.map((n) => el("option", { value: n }, n)));
  $("players").value = String(g.default_players);
  const variant = $("variant");
  variant.replaceChildren();
  if ("ruleset" in g.options) {
    const sel = el("select", { id: "ruleset" }, el("option", { value: "short" }, "short rules (default)"),
      el("option", { value: "complete" }, "complete rules"));
    variant.append(el("label", { for: "ruleset" }, "Rules"), sel);
  }
  drawSeats();
}

function drawSeats() {
  const g = currentGame();
  const n = Number($("players").value);
  const names = g.id === "forum" ? ["Aemilii", "Cornelii", "Licinii", "Valerii"].slice(0, n) : seatNames(g, n);
  const rows = names.map((name, i) => {
    const sel = el("select", { "data-seat": i, "aria-label": "seat " + name },
      el("option", { value: "human" }, "human"),
      el("option", { value: "bot:heuristic" }, "bot: heuristic"),
      el("option", { value: "bot:random" }, "bot: random (easy)"),
      el("option", { value: "bot:mcts:time=1" }, "bot: search, 1 s a move (strong)"));
    sel.value = i === 0 ? "human" : "bot:heuristic";
    return el("div", { class: "seatrow" }, el("span", {}, name), sel);
  });
  $("seats").replaceChildren(...rows);
}

async function create() {
  const g = currentGame();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => {
    const v = s.value;
    return v === "human" ? { kind: "human" } : { kind: "bot", agent: v.slice(4) };
  });
  const options = {};
  if ($("ruleset")) options.ruleset = $("ruleset").value;
  const body = { game: g.id, players: Number($("players").value), options, seats };
  try {
    const made = await api("POST", "/api/games", body);
    const hosted = JSON.parse(localStorage.getItem("alea-host") || "{}");
    hosted[made.id] = made.host_token;
    localStorage.setItem("alea-host", JSON.stringify(hosted));
    const items = made.seats.filter((s) => s.link).map((s) => {
      const url = location.origin + s.link;
      return el("li", {}, el("strong", {}, s.name + ": "), el("a", { href: s.link, class: "seatlink" }, url));
    });
    items.push(el("li", {}, el("strong", {}, "Spectators: "), el("a", { href: made.spectator }, location.origin + made.spectator)));
    $("links").replaceChildren(...items);
    $("created").hidden = false;
    refresh();
  } catch (e) { toast(e.message); }
}

function gameRow(g) {
  const seats = g.seats.map((s) => s.name + (s.kind === "bot" ? " (bot)" : "")).join(", ");
  const link = g.status === "finished" ? el("a", { href: "/replay/" + g.id }, "replay")
    : el("a", { href: "/watch/" + g.id }, "watch");
  return el("tr", {}, el("td", {}, g.game), el("td", {}, seats), el("td", {}, g.moves + " moves"), el("td", {}, link));
}

async function refresh() {
  for (const status of ["open", "running", "finished"]) {
    const data = await api("GET", "/api/games?status=" + status);
    const rows = data.games.map(gameRow);
    $(status).replaceChildren(...(rows.length ? rows : [el("tr", {}, el("td", {}, "none"))]));
  }
}

async function importRecord(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  try {
    const record = JSON.parse(await file.text());
    const made = await api("POST", "/api/records", record);
    location.href = made.replay;
  } catch (e) { toast(e.message); }
}

(async function main() {
  catalog = await api("GET", "/api/catalog");
  $("game").replaceChildren(...catalog.games.map((g) => el("option", { value: g.id }, g.title || g.id)));
  $("game").addEventListener("change", drawPlayers);
  $("players").addEventListener("change", drawSeats);
  $("start").addEventListener("click", create);
  $("import").addEventListener("change", importRecord);
  drawPlayers();
  refresh();
  setInterval(refresh, 10000);
})();
