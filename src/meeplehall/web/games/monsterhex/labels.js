// Short names of the board's hexes (a row letter and a number, "C4"): drawn on the board while
// the reader shows coordinates, always in the places' aria-labels, and after a place's words
// (where.js) in a text when the reader shows coordinates.
//
// Rows run from the top of the board (A) down; numbers count the hexes of a row, gems included,
// from the left. The last board seen is remembered so that a text written without a view (a
// log line of the shell) still names the place the same way.

let remembered = { board: null, names: new Map() };

function namesOf(view) {
  const hexes = [...view.cells, ...view.gems];
  if (remembered.board === view.board && remembered.names.size === hexes.length) return remembered.names;
  const rows = [...new Set(hexes.map((h) => h.r))].sort((a, b) => a - b);
  const names = new Map();
  rows.forEach((r, index) => {
    const letter = String.fromCharCode(65 + index);
    hexes.filter((h) => h.r === r).map((h) => h.q).sort((a, b) => a - b)
      .forEach((q, n) => names.set(`${q},${r}`, `${letter}${n + 1}`));
  });
  remembered = { board: view.board, names };
  return names;
}

/** The label of the hex at (q, r): from the view, else the last board drawn, else null. */
export function placeName(view, q, r) {
  const names = view && Array.isArray(view.cells) && Array.isArray(view.gems) ? namesOf(view) : remembered.names;
  return names.get(`${q},${r}`) || null;
}

/** The data-place key of a hex (cells and gems share one grid, so one key each); it never
 * reaches a player, and does not depend on a view being at hand. */
export function placeKey(q, r) {
  return `hex-${q}_${r}`;
}
