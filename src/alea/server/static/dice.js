// Dice drawn as dice: the latest roll of the game, shown next to the board.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

// Pip positions of a six-sided die's faces on a 0..24 square.
const PIPS = {
  1: [[12, 12]],
  2: [[6, 6], [18, 18]],
  3: [[6, 6], [12, 12], [18, 18]],
  4: [[6, 6], [18, 6], [6, 18], [18, 18]],
  5: [[6, 6], [18, 6], [12, 12], [6, 18], [18, 18]],
  6: [[6, 6], [18, 6], [6, 12], [18, 12], [6, 18], [18, 18]],
};

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// One die: pips for a d6, the number on a many-sided die, or a total (``sides`` 0) of several.
function dieSvg(value, sides) {
  const label = sides ? "d" + sides + " showing " + value : "dice totalling " + value;
  const svg = svgEl("svg", { viewBox: "0 0 24 24", class: "die", role: "img", "aria-label": label, "data-value": value });
  svg.append(svgEl("rect", { x: 1, y: 1, width: 22, height: 22, rx: sides === 6 ? 4 : 7, class: "face" }));
  if (sides === 6 && PIPS[value]) {
    for (const [cx, cy] of PIPS[value]) svg.append(svgEl("circle", { cx, cy, r: 2.3, class: "pip" }));
  } else {
    const t = svgEl("text", { x: 12, y: 16.5, "text-anchor": "middle", class: "number" });
    t.textContent = String(value);
    svg.append(t);
  }
  return svg;
}

// The latest dice of a view (``null``: none rolled lately) into ``box``.
function showDice(box, dice) {
  if (!dice) { box.hidden = true; box.replaceChildren(); return; }
  const when = dice.ago === 0 ? "just now" : dice.ago === 1 ? "1 move ago" : dice.ago + " moves ago";
  box.replaceChildren(
    ...dice.dice.map((v) => dieSvg(v, dice.sides)),
    el("span", { class: "dicetext" }, dice.text + " · " + when),
  );
  box.hidden = false;
}
