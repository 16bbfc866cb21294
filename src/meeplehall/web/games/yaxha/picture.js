// Yaxha's picture in the lobby and on the rules page, drawn as inline SVG.

import { svg } from "../kit.js";

// Yaxha's cube colours as in the box: orange, yellow, dark teal-blue, pale green, white; each
// with its top face and the two shaded sides a three-quarters view shows.
const CUBES = [
  ["#da6e2d", "#b65520", "#c8612a"],
  ["#f5d187", "#d7ae5c", "#e6c072"],
  ["#304f5e", "#1f3540", "#28434f"],
  ["#c3dcc7", "#98b99d", "#acccb1"],
  ["#dcd9de", "#aaa6ad", "#c2bec5"],
];

/** The game's picture in the lobby and on its rules page: SVG shapes for the shell's 160x130 frame. */
export function picture() {
  // A finished four-level pyramid seen from a corner, as it stands on the table: each upper cube
  // rests on the four below it. Painted back to front, level by level.
  const edge = 15;
  const cos = Math.cos(Math.PI / 6);
  const at = (X, Y, Z) => [80 + (X - Y) * cos * edge, 62 + (X + Y) * 0.5 * edge - Z * edge];
  const face = (points, fill) => svg("polygon", {
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
      const [top, left, right] = CUBES[colour];
      parts.push(
        face([[X + 1, Y, Z + 1], [X + 1, Y + 1, Z + 1], [X + 1, Y + 1, Z], [X + 1, Y, Z]], right),
        face([[X, Y + 1, Z + 1], [X + 1, Y + 1, Z + 1], [X + 1, Y + 1, Z], [X, Y + 1, Z]], left),
        face([[X, Y, Z + 1], [X + 1, Y, Z + 1], [X + 1, Y + 1, Z + 1], [X, Y + 1, Z + 1]], top),
      );
    }
  });
  return parts;
}
