// Places of the Monster Hex board said by what is there, as a player would point at them: a gem
// by its look ("red 7 gem", "small 2 gem"), a cell by the gems next to it ("next to the red 7
// gem", "between the red 7 gem and the small 2 gem") or by the nearest one ("2 hexes from the
// red 7 gem"). The hex's label ("F3", labels.js) follows only when the reader shows coordinates,
// and always in an aria-label.
//
// The last board seen is remembered, like its labels, so a text written without a view (a log
// line the shell writes again) still names the place the same way.

import { placeAria, placeText, tr } from "../kit.js";
import { OFFSETS, centre } from "./geometry.js";
import { placeName } from "./labels.js";

let remembered = { cells: [], gems: [] };

function boardOf(view) {
  if (view && Array.isArray(view.cells) && Array.isArray(view.gems)) remembered = { cells: view.cells, gems: view.gems };
  return remembered;
}

const distance = (a, b) => (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;

/** The side of the board a gem lies on, from the board's middle (one of six, as on a clock). */
function sideOf(board, gem) {
  const points = [...board.cells, ...board.gems].map((h) => centre(h.q, h.r));
  const mx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const my = points.reduce((s, p) => s + p[1], 0) / points.length;
  const [x, y] = centre(gem.q, gem.r);
  const angle = (Math.atan2(y - my, x - mx) * 180) / Math.PI; // 0 east, 90 south
  return Math.round(((angle + 360) % 360) / 60) % 6;
}

/** What a gem looks like, in words: a big gem by its high slot, a small one by its value. Two
 * gems that would read alike add their low slot (big) or the side of the board (small). */
export function gemWords(ctx, view, gem) {
  const board = boardOf(view);
  if (gem.kind === "big" && gem.slots && gem.slots.length) {
    const [high, low] = gem.slots;
    const alike = board.gems.filter((g) => g.kind === "big" && g.slots && g.slots[0].value === high.value && g.slots[0].colour === high.colour);
    const params = { colour: tr(ctx, `faction_${high.colour}`), n: high.value };
    if (alike.length > 1 && low) return tr(ctx, "gem_big_pair", { ...params, low_colour: tr(ctx, `faction_${low.colour}`), low: low.value });
    return tr(ctx, gem.centre ? "gem_big_centre" : "gem_big", params);
  }
  const alike = board.gems.filter((g) => g.kind === gem.kind && g.value === gem.value);
  if (alike.length > 1) return tr(ctx, "gem_small_side", { n: gem.value, side: tr(ctx, `side_${sideOf(board, gem)}`) });
  return tr(ctx, "gem_small", { n: gem.value });
}

function gemAt(board, q, r) {
  return board.gems.find((g) => g.q === q && g.r === r) || null;
}

/** The words for the hex at (q, r), without its coordinate. */
export function hexWords(ctx, view, q, r) {
  const board = boardOf(view);
  const gem = gemAt(board, q, r);
  if (gem) return tr(ctx, "at_gem", { gem: gemWords(ctx, view, gem) });
  const cell = board.cells.find((c) => c.q === q && c.r === r);
  if (cell && cell.counter_gem) return tr(ctx, "at_counter", { n: cell.counter_gem });
  const next = OFFSETS.map(([dq, dr]) => gemAt(board, q + dq, r + dr)).filter(Boolean)
    // Big gems first: they are the landmarks people talk about.
    .sort((a, b) => (a.kind === "big" ? 0 : 1) - (b.kind === "big" ? 0 : 1));
  if (next.length >= 2) return tr(ctx, "between_gems", { a: gemWords(ctx, view, next[0]), b: gemWords(ctx, view, next[1]) });
  if (next.length === 1) return tr(ctx, "next_to_gem", { gem: gemWords(ctx, view, next[0]) });
  if (!board.gems.length) return tr(ctx, "some_cell");
  const here = { q, r };
  const nearest = [...board.gems].sort((a, b) => distance(here, a) - distance(here, b) || (a.kind === "big" ? -1 : 1))[0];
  const n = distance(here, nearest);
  return tr(ctx, "hexes_from_gem", { gem: gemWords(ctx, view, nearest), n, count: n });
}

/** The hex at (q, r) for the page: its words, and its label when the reader shows coordinates. */
export function whereText(ctx, view, q, r) {
  return placeText(hexWords(ctx, view, q, r), placeName(view, q, r));
}

/** The hex at (q, r) for a screen reader: its words and its label. */
export function whereAria(ctx, view, q, r) {
  return placeAria(hexWords(ctx, view, q, r), placeName(view, q, r));
}

function gemOf(view, q, r) {
  return gemAt(boardOf(view), q, r);
}

/** A gem for a screen reader: its look and its label. */
export function gemAria(ctx, view, q, r) {
  const gem = gemOf(view, q, r);
  return placeAria(gem ? gemWords(ctx, view, gem) : tr(ctx, "some_gem"), placeName(view, q, r));
}

/** A gem for the page (the breakdown, a gem's line in the log): its look, and its label when the
 * reader shows coordinates. */
export function gemText(ctx, view, q, r) {
  const gem = gemOf(view, q, r);
  return placeText(gem ? gemWords(ctx, view, gem) : tr(ctx, "some_gem"), placeName(view, q, r));
}
