// Step through any game, as a spectator sees it: each move's board, its last move marked and
// the latest dice beside it, as the play page shows them.
"use strict";

const id = gameId();
let n = 0;
let k = 0;

async function go(to) {
  try {
    const f = await api("GET", "/api/games/" + id + "/frames/" + to);
    k = f.k; n = f.n;
    $("zoomer").innerHTML = f.svg;
    markLastMove(f.last_move || []);
    showDice($("dice"), f.dice);
    $("slider").max = String(n);
    $("slider").value = String(k);
    $("pos").textContent = "move " + k + " of " + n;
    $("outcome").textContent = f.outcome || "";
    $("title").textContent = "Replay · " + f.game;
    renderLog($("log"), f.log, f.log_start);
  } catch (e) { toast(e.message); }
}

$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(Math.max(0, k - 1)));
$("next").addEventListener("click", () => go(Math.min(n, k + 1)));
$("last").addEventListener("click", () => go(n));
$("slider").addEventListener("change", (e) => go(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(Math.min(n, k + 1));
  if (e.key === "ArrowLeft") go(Math.max(0, k - 1));
});
$("export").href = "/api/games/" + id + "/record";
(async () => {
  const s = await api("GET", "/api/games/" + id);
  n = s.moves;
  $("export").hidden = s.status !== "finished";
  go(s.status === "finished" ? 0 : n);
})();
