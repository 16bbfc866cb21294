// Monster Hex's picture in the lobby and on the rules page, drawn as inline SVG.

import { svg } from "../kit.js";

function hexPoints(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** The game's picture in the lobby and on its rules page: SVG shapes for the shell's 160x130 frame. */
export function picture() {
  // A patch of hexes with a gem site and two monsters.
  const parts = [];
  const cells = [[50, 40], [86, 40], [32, 71], [68, 71], [104, 71], [50, 102], [86, 102]];
  cells.forEach(([x, y], i) => {
    parts.push(svg("polygon", { points: hexPoints(x + 10, y, 20), fill: i === 3 ? "#f9e79f" : "#d5f5e3", stroke: "#1e8449" }));
  });
  parts.push(
    svg("polygon", { points: "78,64 88,71 78,80 68,71", fill: "#9b59b6", stroke: "#333" }),
    svg("circle", { cx: 60, cy: 40, r: 11, fill: "#e74c3c", stroke: "#333" }),
    svg("text", { x: 60, y: 44, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "A"),
    svg("circle", { cx: 96, cy: 102, r: 11, fill: "#3498db", stroke: "#333" }),
    svg("text", { x: 96, y: 106, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "B"),
  );
  return parts;
}
