// Pyramido's picture in the lobby and on the rules page, drawn as inline SVG.

import { svg } from "../kit.js";

/** The game's picture in the lobby and on its rules page: SVG shapes for the shell's 160x130 frame. */
export function picture() {
  // Dominoes stacked into a pyramid, each half with its own pattern letter.
  const colours = ["#e67e22", "#16a085", "#7f8c8d", "#2980b9", "#c0392b", "#8e44ad"];
  const parts = [];
  const rows = [[0, 1, 2], [3, 4], [5]];
  rows.forEach((row, level) => {
    row.forEach((n, i) => {
      const x = 14 + level * 22 + i * 44;
      const y = 90 - level * 30;
      parts.push(
        svg("rect", { x, y, width: 42, height: 26, rx: 3, fill: "#fdf6e3", stroke: "#333" }),
        svg("rect", { x: x + 2, y: y + 2, width: 18, height: 22, fill: colours[n % 6] }),
        svg("rect", { x: x + 22, y: y + 2, width: 18, height: 22, fill: colours[(n + 2) % 6] }),
        svg("circle", { cx: x + 11, cy: y + 13, r: 4, fill: "#fff", stroke: "#333" }),
      );
    });
  });
  return parts;
}
