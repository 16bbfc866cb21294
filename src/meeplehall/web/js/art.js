// The lobby's pictures of the games, drawn as inline SVG.

import { s } from "./dom.js";

// Yaxha's cube colours as in the box: orange, yellow, dark teal-blue, pale green, white; each
// with its top face and the two shaded sides a three-quarters view shows.
const YAXHA_CUBES = [
  ["#da6e2d", "#b65520", "#c8612a"],
  ["#f5d187", "#d7ae5c", "#e6c072"],
  ["#304f5e", "#1f3540", "#28434f"],
  ["#c3dcc7", "#98b99d", "#acccb1"],
  ["#dcd9de", "#aaa6ad", "#c2bec5"],
];

function yaxha() {
  // A finished four-level pyramid seen from a corner, as it stands on the table: each upper cube
  // rests on the four below it. Painted back to front, level by level.
  const edge = 15;
  const cos = Math.cos(Math.PI / 6);
  const at = (X, Y, Z) => [80 + (X - Y) * cos * edge, 62 + (X + Y) * 0.5 * edge - Z * edge];
  const face = (points, fill) => s("polygon", {
    points: points.map((p) => at(...p).map((v) => v.toFixed(1)).join(",")).join(" "),
    fill, stroke: "#00000055", "stroke-width": 0.8, "stroke-linejoin": "round",
  });
  // Colour of each cell, chosen so that groups of a colour run across levels as in a good game.
  const pattern = [
    [2, 2, 3, 1, 2, 3, 3, 1, 4, 4, 3, 2, 4, 3, 3, 0],
    [2, 1, 1, 4, 3, 2, 4, 4, 2],
    [3, 1, 3, 0],
    [1],
  ];
  const parts = [face([[-0.3, -0.3, 0], [4.3, -0.3, 0], [4.3, 4.3, 0], [-0.3, 4.3, 0]], "#e2d0aa")];
  pattern.forEach((colours, level) => {
    const side = 4 - level;
    const cells = colours.map((colour, i) => ({ x: Math.floor(i / side), y: i % side, colour }));
    cells.sort((a, b) => (a.x + a.y) - (b.x + b.y));
    for (const { x, y, colour } of cells) {
      const [X, Y, Z] = [x + level / 2, y + level / 2, level];
      const [top, left, right] = YAXHA_CUBES[colour];
      parts.push(
        face([[X + 1, Y, Z + 1], [X + 1, Y + 1, Z + 1], [X + 1, Y + 1, Z], [X + 1, Y, Z]], right),
        face([[X, Y + 1, Z + 1], [X + 1, Y + 1, Z + 1], [X + 1, Y + 1, Z], [X, Y + 1, Z]], left),
        face([[X, Y, Z + 1], [X + 1, Y, Z + 1], [X + 1, Y + 1, Z + 1], [X, Y + 1, Z + 1]], top),
      );
    }
  });
  return parts;
}

function pyramido() {
  // Dominoes stacked into a pyramid, each half with its own pattern letter.
  const colours = ["#e67e22", "#16a085", "#7f8c8d", "#2980b9", "#c0392b", "#8e44ad"];
  const parts = [];
  const rows = [[0, 1, 2], [3, 4], [5]];
  rows.forEach((row, level) => {
    row.forEach((n, i) => {
      const x = 14 + level * 22 + i * 44;
      const y = 90 - level * 30;
      parts.push(
        s("rect", { x, y, width: 42, height: 26, rx: 3, fill: "#fdf6e3", stroke: "#333" }),
        s("rect", { x: x + 2, y: y + 2, width: 18, height: 22, fill: colours[n % 6] }),
        s("rect", { x: x + 22, y: y + 2, width: 18, height: 22, fill: colours[(n + 2) % 6] }),
        s("circle", { cx: x + 11, cy: y + 13, r: 4, fill: "#fff", stroke: "#333" }),
      );
    });
  });
  return parts;
}

function hexPoints(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

function monsterhex() {
  // A patch of hexes with a gem site and two monsters.
  const parts = [];
  const cells = [[50, 40], [86, 40], [32, 71], [68, 71], [104, 71], [50, 102], [86, 102]];
  cells.forEach(([x, y], i) => {
    parts.push(s("polygon", { points: hexPoints(x + 10, y, 20), fill: i === 3 ? "#f9e79f" : "#d5f5e3", stroke: "#1e8449" }));
  });
  parts.push(
    s("polygon", { points: "78,64 88,71 78,80 68,71", fill: "#9b59b6", stroke: "#333" }),
    s("circle", { cx: 60, cy: 40, r: 11, fill: "#e74c3c", stroke: "#333" }),
    s("text", { x: 60, y: 44, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "A"),
    s("circle", { cx: 96, cy: 102, r: 11, fill: "#3498db", stroke: "#333" }),
    s("text", { x: 96, y: 106, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "B"),
  );
  return parts;
}

function meeple() {
  return [
    s("path", {
      d: "M80 20 a14 14 0 1 1 0.1 0 M56 50 h48 l26 18 -8 12 -22 -8 14 58 h-28 l-6 -26 -6 26 h-28 l14 -58 -22 8 -8 -12z",
      fill: "#d35400",
      stroke: "#333",
    }),
  ];
}

const PICTURES = { yaxha, pyramido, monsterhex };

/** An <svg> picture of the game, labelled with its title for screen readers. */
export function gamePicture(name, title) {
  const draw = PICTURES[name] || meeple;
  return s(
    "svg",
    { viewBox: "0 0 160 130", class: "game-picture", role: "img", "aria-label": title },
    s("rect", { x: 0, y: 0, width: 160, height: 130, rx: 8, fill: "#f4ecd8" }),
    draw(),
  );
}
