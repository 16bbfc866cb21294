// One cube drawn in three quarters view: its top face and its two front faces, the colour letter on
// top. Used in the pyramids (placed by the caller) and as a small picture in the market and trays.

import { svg } from "../kit.js";
import { colourOf } from "./palette.js";

export const COS30 = Math.cos(Math.PI / 6);

/** Screen point of the world point (X, Y, Z) for cubes of edge `size`. */
export function project(X, Y, Z, size) {
  return [(X - Y) * COS30 * size, (X + Y) * 0.5 * size - Z * size];
}

function polygon(points, size, attrs) {
  const text = points.map(([X, Y, Z]) => project(X, Y, Z, size).map((v) => v.toFixed(1)).join(",")).join(" ");
  return svg("polygon", { points: text, ...attrs });
}

/** The faces of a cube whose footprint starts at world (X, Y) on height Z: a <g>. */
export function cubeFaces(colour, X, Y, Z, size, letter, letterScale = 0.42) {
  const c = colourOf(colour);
  const [X1, Y1, Z1] = [X + 1, Y + 1, Z + 1];
  const group = svg("g", { class: "yx-faces" }, [
    polygon([[X1, Y, Z1], [X1, Y1, Z1], [X1, Y1, Z], [X1, Y, Z]], size, { class: "yx-side", fill: c.right }),
    polygon([[X, Y1, Z1], [X1, Y1, Z1], [X1, Y1, Z], [X, Y1, Z]], size, { class: "yx-side", fill: c.left }),
    polygon([[X, Y, Z1], [X1, Y, Z1], [X1, Y1, Z1], [X, Y1, Z1]], size, { class: "yx-top-face", fill: c.hex }),
  ]);
  if (letter) {
    const [cx, cy] = project(X + 0.5, Y + 0.5, Z1, size);
    group.append(svg("text", {
      x: cx.toFixed(1), y: (cy + size * letterScale * 0.36).toFixed(1), "text-anchor": "middle",
      "font-size": (size * letterScale).toFixed(1), fill: c.ink, class: "yx-letter",
    }, [letter]));
  }
  return group;
}

/** A lone cube as its own small <svg>, `px` pixels wide. */
export function cubePicture(colour, letter, px, attrs = {}, title = "") {
  const size = 20;
  const width = 2 * COS30 * size;
  const node = svg("svg", {
    viewBox: `${(-COS30 * size - 1).toFixed(1)} ${(-size - 1).toFixed(1)} ${(width + 2).toFixed(1)} ${2 * size + 2}`,
    width: px, height: (px * (2 * size + 2)) / (width + 2), class: "yx-cube-pic", ...attrs,
  });
  if (title) node.append(svg("title", {}, [title]));
  // A lone cube is small: its letter takes more of its top face than in a pyramid.
  node.append(cubeFaces(colour, 0, 0, 0, size, letter, 0.62));
  return node;
}
