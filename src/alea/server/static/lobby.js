// The lobby: create a game, hand out links, list games, import records.
"use strict";

let catalog = null;
let ratingsByGame = {};  // game id -> account name -> shown rating

function currentGame() { return catalog.games.find((g) => g.id === $("game").value); }

function seatNames(game, n) {
  return game.seat_names.length >= n ? game.seat_names.slice(0, n) : game.seat_names;
}

function drawPlayers() {
  const g = currentGame();
  $("players").replaceChildren(...g.players.map((n) => el("option", { value: n }, n)));
  $("players").value = String(g.default_players);
  drawVariants(g);
  drawSeats();
}

function optionLabel(name) { return name.replace(/_/g, " "); }

function drawVariants(g) {
  // Every rule option of the game, at its default; only changed ones are sent.
  const rows = g.option_fields.map((f) => {
    const id = "opt-" + f.name;
    let input;
    if (f.kind === "bool") {
      input = el("input", { type: "checkbox", id, "data-option": f.name });
      input.checked = Boolean(f.default);
    } else if (f.kind === "choice") {
      input = el("select", { id, "data-option": f.name }, ...f.choices.map((c) => el("option", { value: c }, String(c))));
      input.value = String(f.default);
    } else {
      const attrs = { id, "data-option": f.name, "data-kind": f.kind };
      if (f.kind === "int" || f.kind === "float") Object.assign(attrs, { type: "number", step: f.kind === "int" ? "1" : "any" });
      input = el("input", attrs);
      input.value = f.default === null ? "" : String(f.default);
      if (f.default === null) input.placeholder = "rules' default";
    }
    return el("div", { class: "optrow" }, el("label", { for: id, title: f.description }, optionLabel(f.name)), input,
      el("small", {}, f.description));
  });
  const box = el("details", { id: "variants" }, el("summary", {}, "Rules and variants (" + rows.length + " options, all at the rules' figures)"), ...rows);
  $("variant").replaceChildren(...(rows.length ? [box] : []));
}

function chosenOptions(g) {
  const options = {};
  for (const f of g.option_fields) {
    const input = document.querySelector(`[data-option="${f.name}"]`);
    if (!input) continue;
    let v;
    if (f.kind === "bool") v = input.checked;
    else if (f.kind === "choice") v = f.choices.find((c) => String(c) === input.value);
    else if (input.value.trim() === "") v = f.optional ? null : f.default;
    else v = f.kind === "int" ? parseInt(input.value, 10) : f.kind === "float" ? parseFloat(input.value) : input.value;
    if (v !== f.default) options[f.name] = v;
  }
  return options;
}

// A bot level in a seat's menu, with how strongly it plays this game: its rating against
// normal from the ladder (the interval and the number of games in the tooltip).
function levelOption(g, level, what) {
  const r = (g.levels || {})[level];
  const rated = r && level !== "normal" ? r.text.replace("-", "\u2212") : "";
  const said = [what, rated].filter(Boolean).join(", ");
  const opt = el("option", { value: "bot:" + level }, "bot: " + level + (said ? " (" + said + ")" : ""));
  if (r) opt.title = level + ": " + r.text + "; " + r.detail;
  return opt;
}

function drawSeats() {
  const g = currentGame();
  const n = Number($("players").value);
  const names = seatNames(g, n);
  const rows = names.map((name, i) => {
    const sel = el("select", { "data-seat": i, "aria-label": "seat " + name },
      el("option", { value: "human" }, "human (a link to send)"),
      el("option", { value: "open" }, "human: open seat in the lobby"),
      levelOption(g, "easy", "makes mistakes"),
      levelOption(g, "normal", ""),
      levelOption(g, "hard", "thinks \u00bd s"),
      levelOption(g, "expert", (g.level_notes || {}).expert || "thinks \u2264 2 s"),
      el("option", { value: "bot:random" }, "bot: random moves"));
    sel.value = i === 0 ? "human" : i === 1 ? "open" : "bot:normal";
    return el("div", { class: "seatrow" }, el("span", {}, name), sel);
  });
  $("seats").replaceChildren(...rows);
}

async function create() {
  const g = currentGame();
  const name = AleaAccount.name ? "" : playerName();  // an account plays under its own name
  let named = false;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => {
    const v = s.value;
    if (v === "open") return { kind: "human", open: true };
    if (v !== "human") return { kind: "bot", agent: v.slice(4) };
    // The creator's own seat is the first one with a link: it carries the creator's name.
    const seat = name && !named ? { kind: "human", player: name } : { kind: "human" };
    named = true;
    return seat;
  });
  const options = chosenOptions(g);
  const body = { game: g.id, players: Number($("players").value), options, seats };
  const [kind, a, b] = $("clock").value.split(":");
  if (kind === "realtime") Object.assign(body, { clock: { kind, base: Number(a), increment: Number(b) }, on_timeout: $("timeout").value });
  if (kind === "move") Object.assign(body, { clock: { kind, per_move: Number(a) }, on_timeout: $("timeout").value });
  try {
    const made = await api("POST", "/api/games", body);
    const hosted = JSON.parse(localStorage.getItem("alea-host") || "{}");
    hosted[made.id] = made.host_token;
    localStorage.setItem("alea-host", JSON.stringify(hosted));
    made.seats.filter((s) => s.link).slice(0, 1).forEach((s) => rememberSeat(made.id, g.id, s));
    const items = made.seats.filter((s) => s.link || s.open).map((s) => {
      if (s.open) return el("li", {}, el("strong", {}, s.name + ": "), "open seat, listed below for anyone to join");
      const url = location.origin + s.link;
      return el("li", {}, el("strong", {}, s.name + ": "), el("a", { href: s.link, class: "seatlink" }, url));
    });
    items.push(el("li", {}, el("strong", {}, "Spectators: "), el("a", { href: made.spectator }, location.origin + made.spectator)));
    $("links").replaceChildren(...items);
    $("created").hidden = false;
    refresh();
  } catch (e) { toast(e.message); }
}

function playerName() { return $("playerName").value.trim().replace(/\s+/g, " "); }

function rememberSeat(gameId, game, seat) {
  AleaOnline.holdSeat({ id: gameId, game, seat: seat.seat, name: seat.name, link: seat.link });
}

async function join(g, i) {
  try {
    const taken = await api("POST", "/api/games/" + g.id + "/seats/" + i + "/join", { name: playerName() || null });
    rememberSeat(g.id, g.game, taken);
    location.href = taken.link;
  } catch (e) { toast(e.message); refresh(); }
}

function seatCell(g, s, i) {
  const who = s.kind === "bot" ? " (bot)" : s.player ? " (" + s.player + ")" : "";
  const rated = s.account && s.player ? (ratingsByGame[g.game] || {})[s.player] : undefined;
  if (rated !== undefined) {
    return el("span", { class: "seat" }, s.name + " (" + s.player + " ",
      el("span", { class: "rating", title: "rating in this game" }, String(rated)), ")");
  }
  if (!s.open) return el("span", { class: "seat" }, s.name + who);
  return el("span", { class: "seat free" }, s.name + ": ",
    el("button", { class: "join", title: "Take the seat of " + s.name, onclick: () => join(g, i) }, "Join"));
}

function clockText(c) {
  if (!c) return "";
  if (c.kind === "move") return c.per_move >= 86400 ? Math.round(c.per_move / 86400) + " d a move" : Math.round(c.per_move / 3600) + " h a move";
  return Math.round(c.base / 60) + " min + " + c.increment + " s";
}

function gameRow(g) {
  const seats = el("td", {}, ...g.seats.map((s, i) => seatCell(g, s, i)));
  if (g.clock) seats.append(el("small", { class: "clocknote" }, "⏱ " + clockText(g.clock)));
  const link = g.status === "finished" ? el("a", { href: "/replay/" + g.id }, "replay")
    : el("a", { href: "/watch/" + g.id }, "watch");
  const title = (catalog.games.find((c) => c.id === g.game) || {}).title || g.game;
  return el("tr", {}, el("td", {}, title), seats, el("td", {}, g.moves + " moves"), el("td", {}, link));
}

function drawRatings(boards) {
  const tables = boards.map(({ game, ratings }) => {
    const title = (catalog.games.find((c) => c.id === game) || {}).title || game;
    const head = el("tr", {}, el("th", {}, "#"), el("th", {}, "Player"), el("th", { class: "num" }, "Rating"), el("th", { class: "num" }, "Games"));
    const rows = ratings.slice(0, 8).map((r, i) => el("tr", { class: r.kind === "account" && r.name === AleaAccount.name ? "me" : "" },
      el("td", {}, String(i + 1)), el("td", {}, r.name), el("td", { class: "num" }, String(r.rating)), el("td", { class: "num" }, String(r.games))));
    const body = rows.length ? rows : [el("tr", {}, el("td", { colspan: "4" }, "no rated games yet"))];
    return el("div", {}, el("h3", {}, title), el("table", { class: "games", "aria-label": "Ratings: " + title }, head, ...body));
  });
  $("ratings").replaceChildren(el("div", { class: "leaderboards" }, ...tables));
}

async function refreshRatings() {
  const boards = await Promise.all(catalog.games.map((g) => api("GET", "/api/ratings?game=" + g.id + "&limit=100")));
  ratingsByGame = Object.fromEntries(boards.map((b) => [b.game, Object.fromEntries(b.ratings.filter((r) => r.kind === "account").map((r) => [r.name, r.rating]))]));
  drawRatings(boards);
}

async function refresh() {
  try { await refreshRatings(); } catch (e) { toast(e.message); }
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
  // What needs no catalog is set up at once: a name typed, or the account read, while the
  // catalog is on its way is neither overwritten nor missed.
  $("playerName").value = localStorage.getItem("alea-name") || "";
  $("playerName").addEventListener("change", () => localStorage.setItem("alea-name", playerName()));
  AleaAccount.watch((account) => {
    $("nameRow").hidden = Boolean(account.name);
    if (catalog) refresh();
  });
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
