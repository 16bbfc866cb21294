// A spot of a pyramid said by what is there, as a player would point at it: above the base, by
// the cubes it rests on ("on the red and blue cubes"); in the base, by the cubes beside it. The
// board's label of the spot ("A1", places.js) follows only when the reader shows coordinates,
// and always in an aria-label.

import { placeAria, placeText, tr } from "../kit.js";
import { colourName } from "./palette.js";
import { spotLabel } from "./places.js";

/** Colour names as a list in the reader's language ("red, blue and green"). */
function colourList(ctx, colours) {
  const names = colours.map((colour) => colourName(ctx, colour));
  if (names.length <= 1) return names.join("");
  return tr(ctx, "spot_list", { list: names.slice(0, -1).join(tr(ctx, "spot_list_sep")), last: names[names.length - 1] });
}

/** The cubes a spot touches: the four below it (above the base), or its neighbours in the base. */
function touching(cubes, level, x, y) {
  if (level > 0) {
    return cubes.filter((c) => c.level === level - 1 && (c.x === x || c.x === x + 1) && (c.y === y || c.y === y + 1));
  }
  return cubes.filter((c) => c.level === 0 && Math.abs(c.x - x) + Math.abs(c.y - y) === 1);
}

/** The words for the spot (level, x, y) of a pyramid whose cubes are `cubes`, without its label. */
export function spotWords(ctx, cubes, level, x, y) {
  const near = touching(cubes, level, x, y);
  // A base spot touching nothing: the first cube, or one the view shows nothing beside (a
  // replay's public view does not show the cubes placed earlier in the same round).
  if (!near.length) return tr(ctx, cubes.length ? "spot_base" : "spot_first");
  const colours = [...new Set(near.map((c) => c.colour))];
  const params = { colours: colourList(ctx, colours), count: near.length, n: near.length };
  return tr(ctx, level > 0 ? "spot_on" : "spot_beside", params);
}

/** The spot for the page: its words, and its label when the reader shows coordinates. */
export function spotText(ctx, cubes, level, x, y, origin) {
  return placeText(spotWords(ctx, cubes, level, x, y), spotLabel(level, x, y, origin));
}

/** The spot for a screen reader: its words and its label. */
export function spotAria(ctx, cubes, level, x, y, origin) {
  return placeAria(spotWords(ctx, cubes, level, x, y), spotLabel(level, x, y, origin));
}

/** The cubes of a seat's pyramid in a view, or null without one (nothing to say a spot by). */
export function pyramidOf(view, seat) {
  const entry = view && Array.isArray(view.seats) && seat !== null && seat !== undefined ? view.seats[seat] : null;
  return entry && Array.isArray(entry.pyramid) ? entry.pyramid : null;
}
