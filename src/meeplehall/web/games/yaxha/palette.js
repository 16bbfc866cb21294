// Yaxha's colours: the five cube colours of the box, the letters drawn on them for colour-blind
// play (from the language pack), and seat colours chosen so none can be taken for a cube colour.

import { tr } from "../kit.js";

export const COLOUR_ORDER = ["orange", "yellow", "blue", "green", "white"];

/** Face colour, the darker and lighter shades of the sides, and the ink of the letter. */
export const COLOURS = {
  orange: { hex: "#da6e2d", left: "#b65520", right: "#c8612a", ink: "#fff" },
  yellow: { hex: "#f5d187", left: "#d7ae5c", right: "#e6c072", ink: "#3a2a00" },
  blue: { hex: "#304f5e", left: "#1f3540", right: "#28434f", ink: "#fff" },
  green: { hex: "#c3dcc7", left: "#98b99d", right: "#acccb1", ink: "#1d3a22" },
  white: { hex: "#dcd9de", left: "#aaa6ad", right: "#c2bec5", ink: "#2a2a2a" },
};

const UNKNOWN = { hex: "#999", left: "#777", right: "#888", ink: "#000" };

export function colourOf(name) {
  return COLOURS[name] || UNKNOWN;
}

/** The short letter on a cube, in the reader's language. */
export function colourLetter(ctx, name) {
  return tr(ctx, `letter_${name}`);
}

export function colourName(ctx, name) {
  return tr(ctx, `colour_${name}`);
}

// Magenta, violet, charcoal and a bright royal blue: far from orange, yellow, the dark teal-blue,
// the pale mint and the white of the cubes, so an outline in a seat's colour never reads as a cube.
const SEAT_COLOURS = ["#c2185b", "#6d3fc0", "#2b2b2b", "#1e5bd8"];

export function seatColours(view) {
  const n = view && Array.isArray(view.seats) ? view.seats.length : 4;
  return SEAT_COLOURS.slice(0, n);
}

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}
