// My games: every seat this browser holds and, signed in, every seat of the account (from any
// device), with whose turn it is and how long the game has waited.
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

// The account's seats (with their games) first, then the ones only this browser holds.
async function gather() {
  const rows = new Map();
  if (AleaAccount.name) {
    try {
      const mine = await api("GET", "/api/my/games");
      for (const h of mine.seats) {
        rows.set(h.game.id + "/" + h.seat, { h: { id: h.game.id, seat: h.seat, name: h.name, link: h.link || "/watch/" + h.game.id }, g: h.game, account: true });
      }
    } catch (e) { toast(e.message); }
  }
  const held = AleaOnline.heldSeats().filter((h) => !rows.has(h.id + "/" + h.seat));
  const ids = [...new Set(held.map((h) => h.id))];
  if (ids.length) {
    try {
      const games = (await api("GET", "/api/games?ids=" + ids.join(","))).games;
      const byId = Object.fromEntries(games.map((g) => [g.id, g]));
      for (const h of held) if (byId[h.id]) rows.set(h.id + "/" + h.seat, { h, g: byId[h.id], account: false });
    } catch (e) { toast(e.message); }
  }
  return [...rows.values()];
}

async function refresh() {
  const found = await gather();
  if (!found.length) {
    $("mine").replaceChildren(el("tr", {}, el("td", {}, "No games yet: create or join one in the "), el("td", {}, el("a", { href: "/" }, "lobby"))));
    return;
  }
  const rank = { yours: 0, waiting: 1, theirs: 2, over: 3 };
  const rows = found.map(({ h, g, account }) => {
    const [text, kind] = turnText(g, h);
    return { h, g, text, kind, account };
  }).sort((a, b) => rank[a.kind] - rank[b.kind] || (a.g.updated < b.g.updated ? 1 : -1));
  const title = (id) => AleaAccount.titles[id] || id;
  const head = el("tr", {}, ...["Game", "My seat", "Turn", "Waiting for", ""].map((t) => el("th", {}, t)));
  $("mine").replaceChildren(head, ...rows.map(({ h, g, text, kind, account }) => el("tr", { class: "my-" + kind, "data-game": g.id },
    el("td", {}, title(g.game)),
    el("td", {}, h.name, account ? el("small", { class: "rating", title: "this seat is your account's: it opens on any device you sign in on" }, " (account)") : ""),
    el("td", {}, kind === "yours" ? el("strong", {}, text) : text),
    el("td", {}, kind === "over" ? "" : ago(g.updated)),
    el("td", {}, el("a", { href: kind === "over" && g.status === "finished" ? "/replay/" + g.id : h.link }, kind === "over" ? "replay" : "play")))));
}

AleaAccount.watch(refresh);
setInterval(refresh, 30000);
