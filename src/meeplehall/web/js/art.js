// The lobby's pictures of the games, drawn as inline SVG.

import { s } from "./dom.js";

const CUBE_COLOURS = ["#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#8e44ad"];

function yaxha() {
  // A stepped pyramid of lettered cubes: 4, 3, 2, 1 cubes from the bottom.
  const cubes = [];
  const letters = "RBGYP";
  let k = 0;
  for (let level = 0; level < 4; level++) {
    for (let i = 0; i < 4 - level; i++) {
      const x = 20 + level * 15 + i * 30;
      const y = 96 - level * 24;
      const colour = k % CUBE_COLOURS.length;
      cubes.push(
        s("rect", { x, y, width: 28, height: 22, rx: 3, fill: CUBE_COLOURS[colour], stroke: "#333" }),
        s("text", { x: x + 14, y: y + 16, "text-anchor": "middle", "font-size": 12, fill: "#fff" }, letters[colour]),
      );
      k += 2;
    }
  }
  return [s("rect", { x: 10, y: 118, width: 140, height: 8, fill: "#8d6e63" }), ...cubes];
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
