// A unit drawn as a monster of its faction: a tile in the faction's colours, a silhouette per
// rank (S a crowned dragon, A a horned beast, B a slime, C a bat), its six edge powers as numbers
// on the edges, and tokens for a red-letter unit (its ability) and for counters on it.

import { svg, tr } from "../kit.js";
import { emblem, faction } from "./factions.js";
import { APOTHEM, SIZE, hexPoints, towards } from "./geometry.js";

// Silhouettes in a 100-unit box centred on (0, 0); eyes are drawn separately.
const BODIES = {
  S: [
    "M-24,-10 L-30,-36 L-14,-22 L0,-42 L14,-22 L30,-36 L24,-10 Z",
    "M-28,-6 C-34,14 -24,32 0,34 C24,32 34,14 28,-6 C18,-14 -18,-14 -28,-6 Z",
    "M-28,0 L-46,-14 L-40,6 L-48,16 L-30,14 Z M28,0 L46,-14 L40,6 L48,16 L30,14 Z",
  ],
  A: [
    "M-16,-14 C-30,-22 -32,-38 -24,-46 C-24,-34 -16,-28 -6,-22 Z M16,-14 C30,-22 32,-38 24,-46 C24,-34 16,-28 6,-22 Z",
    "M-30,4 C-30,-18 30,-18 30,4 C30,28 14,36 0,36 C-14,36 -30,28 -30,4 Z",
  ],
  B: [
    "M-32,30 C-36,0 -20,-30 0,-30 C20,-30 36,0 32,30 C24,24 20,34 12,28 C6,36 -6,36 -12,28 C-20,34 -24,24 -32,30 Z",
  ],
  C: [
    "M-10,-4 L-44,-20 L-36,-2 L-48,8 L-30,8 L-24,18 L-12,10 Z M10,-4 L44,-20 L36,-2 L48,8 L30,8 L24,18 L12,10 Z",
    "M-14,-14 L-18,-30 L-6,-20 L6,-20 L18,-30 L14,-14 C20,0 16,24 0,26 C-16,24 -20,0 -14,-14 Z",
  ],
};
const EYES = { S: [[-10, 4], [10, 4]], A: [[-11, 2], [11, 2]], B: [[-10, 0], [10, 0]], C: [[-6, -6], [6, -6]] };
const MOUTHS = {
  S: "M-12,18 L-8,24 L-4,18 L0,24 L4,18 L8,24 L12,18",
  A: "M-10,18 L-6,24 L-2,18 M2,18 L6,24 L10,18",
  B: "M-8,16 C-4,20 4,20 8,16",
  C: "M-5,6 L-3,10 L-1,6 M1,6 L3,10 L5,6",
};

/** The monster picture of a rank, in faction colours, scaled to fit a hex of `size`. */
export function monster(rank, colours, cx, cy, size) {
  const scale = (size / 100) * 0.95;
  const group = svg("g", { class: "mx-monster", transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${scale.toFixed(3)})` });
  for (const d of BODIES[rank] || BODIES.C) group.append(svg("path", { d, fill: colours.main, stroke: colours.dark, "stroke-width": 3, "stroke-linejoin": "round" }));
  for (const [x, y] of EYES[rank] || EYES.C) {
    group.append(svg("circle", { cx: x, cy: y, r: rank === "C" ? 4.5 : 6, fill: "#fff", stroke: colours.dark, "stroke-width": 1.5 }));
    group.append(svg("circle", { cx: x + 1, cy: y + 1, r: rank === "C" ? 2 : 2.8, fill: "#1b1b1b" }));
  }
  group.append(svg("path", { d: MOUTHS[rank] || MOUTHS.C, fill: "none", stroke: colours.dark, "stroke-width": 2.5, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  return group;
}

/**
 * A unit as an SVG group centred on (cx, cy) for a hex of circumradius `size`.
 * `unit`: {id, rank, red_letter, colour, shared, white, black}; `powers`: the six edge powers.
 */
export function unitShape(unit, powers, cx, cy, ctx, { size = SIZE, title = "" } = {}) {
  const colours = faction(unit.colour);
  const rank = unit.rank || String(unit.id || "C")[0];
  const group = svg("g", { "data-faction": unit.colour || undefined, class: `mx-unit mx-rank-${rank}${unit.shared ? " mx-shared-unit" : ""}${unit.red_letter ? " mx-red-letter" : ""}` });
  const scale = size / SIZE;
  group.append(svg("polygon", { points: hexPoints(cx, cy, size - 2 * scale), class: "mx-unit-tile", fill: colours.light, stroke: colours.dark }));
  group.append(monster(rank, colours, cx, cy - 5 * scale, size * 1.02));
  // Edge powers: a number in a disc at each edge, the strongest edges filled dark.
  const strongest = Math.max(...powers);
  powers.forEach((power, direction) => {
    const [x, y] = towards(cx, cy, direction, APOTHEM * scale * 0.75);
    const strong = power === strongest;
    group.append(svg("circle", { cx: x, cy: y, r: 10 * scale, class: `mx-edge-disc${strong ? " mx-edge-strong" : ""}`, stroke: colours.dark }));
    group.append(svg("text", { x, y, class: `mx-edge-power${strong ? " mx-edge-strong" : ""}`, "font-size": 16.5 * scale, "data-edge": direction }, [String(power)]));
  });
  // Rank plate at the bottom; red letter for a unit that triggers its faction's ability.
  // The plate sits inside the ring of edge numbers, below the monster.
  const [px, py] = [cx, cy + size * 0.3];
  // A red-letter unit (it triggers its faction's ability) has its letter on a red token.
  const plateWidth = 16 * scale;
  group.append(svg("rect", { x: px - plateWidth / 2, y: py - 7 * scale, width: plateWidth, height: 13 * scale, rx: 3 * scale, class: `mx-rank-plate${unit.red_letter ? " mx-red" : ""}`, stroke: colours.dark }));
  group.append(svg("text", { x: px, y: py, class: `mx-rank-letter${unit.red_letter ? " mx-red" : ""}`, "font-size": 11 * scale }, [rank]));
  // The faction's emblem in the bottom corner, for players who cannot tell the colours apart.
  if (unit.colour) group.append(emblem(unit.colour, cx, cy + size * 0.76, 6 * scale));
  if (unit.shared) {
    group.append(svg("polygon", { points: hexPoints(cx, cy, size - 5 * scale), class: "mx-shared-ring" }));
  }
  // Counters lie on the monster, left (white, Reinforce) and right (black, Curse).
  if (unit.white) group.append(counterToken(cx - size * 0.27, cy - size * 0.04, `+${unit.white}`, "mx-white-counter", scale));
  if (unit.black) group.append(counterToken(cx + size * 0.27, cy - size * 0.04, `−${unit.black}`, "mx-black-counter", scale));
  if (title) group.append(svg("title", {}, [title]));
  return group;
}

function counterToken(x, y, text, kind, scale) {
  return svg("g", { class: `mx-counter ${kind}` }, [
    svg("circle", { cx: x, cy: y, r: 9 * scale }),
    svg("text", { x, y, "font-size": 10 * scale }, [text]),
  ]);
}

/** The name of a unit for texts: its rank ("an A monster"), never its internal id. */
export function unitName(ctx, rank) {
  return tr(ctx, "unit_name", { rank });
}

/** The full tooltip of a unit: rank, owner, powers by direction, red letter, counters. */
export function unitTooltip(ctx, unit, powers, owner) {
  const name = unitName(ctx, unit.rank || String(unit.id)[0]);
  const parts = [tr(ctx, owner ? "unit_title" : "unit_title_hand", { id: name, owner, powers: powers.join(" ") })];
  if (unit.red_letter) parts.push(tr(ctx, "red_letter_note"));
  if (unit.white) parts.push(tr(ctx, "white_counters", { n: unit.white, count: unit.white }));
  if (unit.black) parts.push(tr(ctx, "black_counters", { n: unit.black, count: unit.black }));
  return parts.join(" ");
}
