// Pyramido's geometry on the quarter grid: where a domino's quarters and icons land for a given
// rotation, where a stage's blocks sit, and the short labels the board draws on block positions.

// Block B's offset from block A for rotations 0..3 (east, south, west, north; y grows down).
export const DIRECTIONS = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const QUARTER_BITS = { TL: 0, TR: 1, BL: 2, BR: 3 };

/** The icon quarters of a block (names TL..BR) as a 4-bit mask after `rotation` quarter turns. */
export function rotateIcons(names, rotation) {
  let mask = 0;
  for (const name of names) mask |= 1 << QUARTER_BITS[name];
  for (let r = 0; r < rotation; r += 1) {
    let turned = 0;
    for (let bit = 0; bit < 4; bit += 1) {
      if ((mask >> bit) & 1) {
        const qx = bit & 1;
        const qy = bit >> 1;
        turned |= 1 << ((1 - qy) + 2 * qx);
      }
    }
    mask = turned;
  }
  return mask;
}

/** The eight quarters of a domino placed with block A's top-left quarter at (ax, ay). */
export function dominoQuarters(domino, rotation, ax, ay) {
  const [dx, dy] = DIRECTIONS[rotation];
  const cells = [];
  [[ax, ay, domino.a_colour, domino.a_icons, "a"], [ax + 2 * dx, ay + 2 * dy, domino.b_colour, domino.b_icons, "b"]]
    .forEach(([bx, by, colour, icons, block]) => {
      const mask = rotateIcons(icons, rotation);
      for (let q = 0; q < 4; q += 1) {
        cells.push({ x: bx + (q & 1), y: by + (q >> 1), colour, icon: Boolean((mask >> q) & 1), block });
      }
    });
  return cells;
}

/** The quarter-grid anchor (top-left quarter) of block (i, j) of stage k. */
export function blockAnchor(stage, i, j) {
  return [2 * i + stage - 1, 2 * j + stage - 1];
}

/** The two blocks (i, j) a placement covers: block A, then block B. */
export function placementBlocks(action) {
  const [dx, dy] = DIRECTIONS[action.rotation];
  return [[action.i, action.j], [action.i + dx, action.j + dy]];
}

/** Column letters and row numbers of a stage's blocks, counted inside the fixed base. */
export function blockLabel(i, j) {
  return `${String.fromCharCode(65 + i)}${j + 1}`;
}

/** The labels of a placement's two blocks, or null while the base is not fixed (no grid yet). */
export function placementLabel(action, frame) {
  if (!frame) return null;
  return placementBlocks(action).map(([i, j]) => blockLabel(i, j)).join("–");
}

/** How many blocks wide and tall stage k is on a base of `frame` blocks. */
export function stageSize(frame, stage) {
  return [frame[0] - stage + 1, frame[1] - stage + 1];
}
