// The four factions' colours. A seat plays one faction and is shown in its colour everywhere (a
// big gem's slot of the same colour is that faction's bonus, so the two meanings agree); gem
// slots are drawn as cut gems and seats as banners and outlines, so they read as different things.
// The safe palette takes Okabe and Ito's hues, which stay apart under protanopia, deuteranopia and
// tritanopia; and every unit and gem slot also carries its faction's emblem, a shape per faction,
// so no colour has to be told by hue alone.

import { paletteTable, svg } from "../kit.js";

export const FACTIONS = paletteTable({
  red: { main: "#d8574b", dark: "#8e2a22", light: "#f9d9d4" },
  blue: { main: "#4a86d4", dark: "#1f4f8f", light: "#d6e4f7" },
  yellow: { main: "#e0b630", dark: "#8a6a05", light: "#f8ecc0" },
  green: { main: "#4f9d54", dark: "#24602a", light: "#d5ecd3" },
}, {
  red: { main: "#d55e00", dark: "#6f3100", light: "#e08c5c" },
  blue: { main: "#56b4e9", dark: "#1c5a80", light: "#d3ddf8" },
  yellow: { main: "#f0e442", dark: "#6b6300", light: "#fbf5b0" },
  green: { main: "#0b7a52", dark: "#00432b", light: "#6cc29c" },
});
/** A seat whose faction is not known yet (before the ability draft): a grey no faction uses. */
export const UNKNOWN = { main: "#7b8088", dark: "#3e434a", light: "#e4e6ea" };

export function faction(name) {
  return FACTIONS[name] || UNKNOWN;
}

// Each faction's emblem as a path in a box of radius 1 around (0, 0): a triangle, a circle, a
// four-pointed star and a square, shapes told apart at a glance and at any size.
const EMBLEMS = {
  red: "M0 -1 L0.95 0.75 L-0.95 0.75 Z",
  blue: "M-1 0 A1 1 0 1 0 1 0 A1 1 0 1 0 -1 0 Z",
  yellow: "M0 -1.1 L0.3 -0.3 L1.1 0 L0.3 0.3 L0 1.1 L-0.3 0.3 L-1.1 0 L-0.3 -0.3 Z",
  green: "M-0.78 -0.78 H0.78 V0.78 H-0.78 Z",
};

/** The emblem of faction `name` centred on (cx, cy), `r` units in radius, on a light disc. */
export function emblem(name, cx, cy, r) {
  const colours = faction(name);
  const shape = EMBLEMS[name];
  return svg("g", { class: "mx-emblem", "data-faction": name || "", "aria-hidden": "true" }, [
    svg("circle", { cx, cy, r: r * 1.25, fill: "#fff", stroke: colours.dark, "stroke-width": r * 0.18 }),
    shape ? svg("path", { d: shape, transform: `translate(${cx} ${cy}) scale(${r * 0.8})`, fill: colours.dark }) : null,
  ].filter(Boolean));
}
