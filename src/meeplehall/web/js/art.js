// A game's picture in the lobby and on its rules page: the renderer's own (its optional export
// `picture()`, the SVG shapes of a 160x130 drawing) in the shell's frame, else a meeple.

import { s } from "./dom.js";

function meeple() {
  return [
    s("path", {
      d: "M80 20 a14 14 0 1 1 0.1 0 M56 50 h48 l26 18 -8 12 -22 -8 14 58 h-28 l-6 -26 -6 26 h-28 l14 -58 -22 8 -8 -12z",
      fill: "#d35400",
      stroke: "#333",
    }),
  ];
}

/** An <svg> picture of the game drawn by `renderer`, labelled with its title for screen readers. */
export function gamePicture(renderer, title) {
  const draw = renderer && typeof renderer.picture === "function" ? renderer.picture : meeple;
  return s(
    "svg",
    { viewBox: "0 0 160 130", class: "game-picture", role: "img", "aria-label": title },
    s("rect", { x: 0, y: 0, width: 160, height: 130, rx: 8, fill: "#f4ecd8" }),
    draw(),
  );
}
