// My games: every seat this browser holds, whose turn it is and how long the game has waited.
"use strict";

function ago(iso) {
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return "under a minute";
  if (s < 3600) return Math.round(s / 60) + " min";
  if (s < 86400) return Math.round(s / 3600) + " h";
  return Math.round(s / 86400) + " days";
}

function turnText(g, held) {
  if (g.status === "finished") return ["Game over", "over"];
  if (g.status === "expired") return ["Expired (no move for too long)", "over"];
  if (g.status === "open" && g.moves === 0) return ["Waiting for players", "waiting"];
  if (g.to_move === held.seat) return ["Your turn", "yours"];
  if (g.to_move !== null && g.to_move >= 0) {
    const s = g.seats[g.to_move];
    return [s.name + (s.player ? " (" + s.player + ")" : s.kind === "bot" ? " (bot)" : "") + " to move", "theirs"];
  }
  return ["Chance is being drawn", "theirs"];
}

async function refresh() {
  const held = AleaOnline.heldSeats();
  if (!held.length) {
    $("mine").replaceChildren(el("tr", {}, el("td", {}, "No games yet: create or join one in the "), el("td", {}, el("a", { href: "/" }, "lobby"))));
    return;
  }
  const ids = [...new Set(held.map((h) => h.id))];
  let games = [];
  try { games = (await api("GET", "/api/games?ids=" + ids.join(","))).games; } catch (e) { toast(e.message); return; }
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  const rank = { yours: 0, waiting: 1, theirs: 2, over: 3 };
  const rows = held.filter((h) => byId[h.id]).map((h) => {
    const g = byId[h.id];
    const [text, kind] = turnText(g, h);
    return { h, g, text, kind };
  }).sort((a, b) => rank[a.kind] - rank[b.kind] || (a.g.updated < b.g.updated ? 1 : -1));
  const title = (id) => ({ triumvirate: "The First Triumvirate", forum: "Forum", hotre: "History of the Roman Empire" })[id] || id;
  const head = el("tr", {}, ...["Game", "My seat", "Turn", "Waiting for", ""].map((t) => el("th", {}, t)));
  $("mine").replaceChildren(head, ...rows.map(({ h, g, text, kind }) => el("tr", { class: "my-" + kind },
    el("td", {}, title(g.game)),
    el("td", {}, h.name),
    el("td", {}, kind === "yours" ? el("strong", {}, text) : text),
    el("td", {}, kind === "over" ? "" : ago(g.updated)),
    el("td", {}, el("a", { href: kind === "over" && g.status === "finished" ? "/replay/" + g.id : h.link }, kind === "over" ? "replay" : "play")))));
}

refresh();
setInterval(refresh, 30000);
