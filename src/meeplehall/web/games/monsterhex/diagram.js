// Pictures for the rules page, drawn with the board's own pieces: a big gem surrounded by units
// (their powers towards the gem, each player's total and who wins which slot), and one unit with
// its parts named.

import { el, ensureStyles, svg, tr } from "../kit.js";
import { faction } from "./factions.js";
import { APOTHEM, OFFSETS, SIZE, centre, towards } from "./geometry.js";
import { gemShape } from "./gems.js";
import { unitShape } from "./units.js";

const PLAYERS = ["red", "blue", "yellow"];

// Around the gem, by direction from it (E, NE, NW, W, SW, SE): the owner, the rank and the
// power turned towards the gem. Red 4 + 3 + 2 = 9, blue 5 + 3 = 8, yellow 2.
const AROUND = [
  { owner: 0, rank: "A", power: 4 },
  { owner: 1, rank: "S", power: 5 },
  { owner: 0, rank: "B", power: 3 },
  { owner: 2, rank: "C", power: 2 },
  { owner: 1, rank: "B", power: 3 },
  { owner: 0, rank: "C", power: 2 },
];

/** Six edge powers with `power` on edge `facing` and weaker ones elsewhere. */
function powersFacing(facing, power) {
  return [0, 1, 2, 3, 4, 5].map((d) => (d === facing ? power : 1 + ((d * 2 + power) % Math.max(1, power))));
}

function frame(content, viewBox, label) {
  ensureStyles(new URL("./style.css", import.meta.url).href);
  return el("div", { class: "mh-monsterhex mx-diagram" }, [
    svg("svg", { viewBox, role: "img", "aria-label": label, style: "max-width: 520px; width: 100%; display: block; margin: 0 auto;" }, content),
  ]);
}

function gemResolution(ctx) {
  const dctx = { ...ctx, seatColour: (seat) => faction(PLAYERS[seat]).main, seatName: (seat) => tr(ctx, `faction_${PLAYERS[seat]}`) };
  const view = { pending: null, players: [], cells: [], gems: [], shared_colour: null, you: null };
  const gem = { q: 0, r: 0, kind: "big", resolved: true, centre: false,
    slots: [{ value: 7, colour: "red", taken_by: 0 }, { value: 3, colour: "green", taken_by: 1 }] };
  const content = [gemShape(view, gem, 0, 0, dctx)];
  const totals = [0, 0, 0];
  AROUND.forEach((spot, direction) => {
    const [dq, dr] = OFFSETS[direction];
    const [cx, cy] = centre(dq, dr);
    const facing = (direction + 3) % 6;
    const unit = { rank: spot.rank, red_letter: false, colour: PLAYERS[spot.owner], shared: false };
    content.push(unitShape(unit, powersFacing(facing, spot.power), cx, cy, dctx));
    // A ring around the edge that counts: the power turned towards the gem.
    const [x, y] = towards(cx, cy, facing, APOTHEM * 0.75);
    content.push(svg("circle", { cx: x, cy: y, r: 13, fill: "none", stroke: "#ff9900", "stroke-width": 3.5 }));
    totals[spot.owner] += spot.power;
  });
  // Each player's total and what it brings, under the picture.
  const outcome = ["dg_first", "dg_second", "dg_third"];
  const top = SIZE * 2.6;
  PLAYERS.forEach((colour, seat) => {
    const y = top + seat * 24;
    content.push(svg("rect", { x: -150, y: y - 8, width: 16, height: 16, rx: 3, fill: faction(colour).main, stroke: faction(colour).dark }));
    content.push(svg("text", { x: -128, y: y + 1, "font-size": 15, "dominant-baseline": "central", fill: "#222" }, [
      tr(ctx, "dg_total", { colour: tr(ctx, `faction_${colour}`), n: totals[seat], outcome: tr(ctx, outcome[seat]) }),
    ]));
  });
  const label = tr(ctx, "dg_gem_label");
  return frame(content, `${-SIZE * 3.2} ${-SIZE * 2.8} ${SIZE * 6.4} ${SIZE * 5.4 + 78}`, label);
}

function unitDiagram(ctx) {
  const unit = { rank: "A", red_letter: true, colour: "blue", shared: false, white: 1, black: 1 };
  const powers = [3, 5, 2, 1, 4, 2];
  const size = SIZE * 2.2;
  const scale = size / SIZE;
  const content = [unitShape(unit, powers, 0, 0, ctx, { size })];
  // Numbered marks on the parts, named in a legend under the unit.
  const [ex, ey] = towards(0, 0, 1, APOTHEM * scale * 0.75);
  const parts = [
    [ex + 22, ey - 22, "dg_edge"],
    [30, size * 0.3, "dg_rank"],
    [-30, size * 0.3, "dg_red_letter"],
    [-size * 0.27, -size * 0.04 - 30, "dg_white"],
    [size * 0.27, -size * 0.04 - 30, "dg_black"],
  ];
  parts.forEach(([x, y, key], index) => {
    content.push(svg("circle", { cx: x, cy: y, r: 11, fill: "#ff9900", stroke: "#7a4a00", "stroke-width": 1.5 }));
    content.push(svg("text", { x, y: y + 1, "font-size": 14, "font-weight": 700, "text-anchor": "middle", "dominant-baseline": "central", fill: "#1b1b1b" }, [String(index + 1)]));
    const ly = size + 30 + index * 26;
    content.push(svg("circle", { cx: -150, cy: ly, r: 10, fill: "#ff9900", stroke: "#7a4a00", "stroke-width": 1.5 }));
    content.push(svg("text", { x: -150, y: ly + 1, "font-size": 13, "font-weight": 700, "text-anchor": "middle", "dominant-baseline": "central", fill: "#1b1b1b" }, [String(index + 1)]));
    content.push(svg("text", { x: -132, y: ly + 1, "font-size": 16, "dominant-baseline": "central", fill: "#222" }, [tr(ctx, key)]));
  });
  return frame(content, `-170 ${-size - 8} 340 ${2 * size + 30 + parts.length * 26 + 8}`, tr(ctx, "dg_unit_label"));
}

/** The rules page's pictures: `gem-resolution` and `unit`. */
export function diagram(name, ctx) {
  if (name === "gem-resolution") return gemResolution(ctx);
  if (name === "unit") return unitDiagram(ctx);
  return null;
}
