// Hex geometry of the Monster Hex board: pointy-top hexes in axial coordinates (q, r), the
// engine's edge order E, NE, NW, W, SW, SE, and the powers a unit shows once turned.

/** Circumradius of a hex in board units (the SVG viewBox scales it to the screen). */
export const SIZE = 50;
/** Distance from a hex's centre to the middle of an edge. */
export const APOTHEM = (SIZE * Math.sqrt(3)) / 2;
/** Axial neighbour offsets for directions E, NE, NW, W, SW, SE (the engine's edge order). */
export const OFFSETS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
/** Screen angle of each direction (y grows downwards, so NE is -60 degrees). */
export const ANGLES = [0, -60, -120, 180, 120, 60].map((d) => (d * Math.PI) / 180);

export function centre(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

export function hexPoints(cx, cy, size) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = ((60 * i - 30) * Math.PI) / 180;
    points.push(`${(cx + size * Math.cos(angle)).toFixed(1)},${(cy + size * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** The point at `distance` from (cx, cy) towards the middle of edge `direction`. */
export function towards(cx, cy, direction, distance) {
  const angle = ANGLES[direction];
  return [cx + distance * Math.cos(angle), cy + distance * Math.sin(angle)];
}

export function key(q, r) {
  return `${q},${r}`;
}

export function neighbour(q, r, direction) {
  const [dq, dr] = OFFSETS[direction];
  return [q + dq, r + dr];
}

/** The powers a unit type shows towards E, NE, NW, W, SW, SE when turned to `rotation`. */
export function powersAt(view, unitId, rotation) {
  const edges = view.unit_types[unitId].edges;
  return [0, 1, 2, 3, 4, 5].map((i) => edges[(((i - rotation) % 6) + 6) % 6]);
}

/** The board's extent in board units, for the SVG viewBox: hexes need their full size, a small
 * gem (a round gem with its label and banner) less, which keeps the board wide on a phone. */
export function extent(view) {
  const spots = [
    ...view.cells.map((c) => [c, APOTHEM + 4, SIZE + 4]),
    ...view.gems.map((g) => (g.kind === "big" ? [g, APOTHEM + 4, SIZE + 4] : [g, SIZE * 0.5, SIZE * 0.85])),
  ].map(([h, padX, padY]) => { const [x, y] = centre(h.q, h.r); return { x, y, padX, padY }; });
  const minX = Math.min(...spots.map((s) => s.x - s.padX));
  const minY = Math.min(...spots.map((s) => s.y - s.padY));
  const maxX = Math.max(...spots.map((s) => s.x + s.padX));
  const maxY = Math.max(...spots.map((s) => s.y + s.padY));
  return { minX, minY, width: maxX - minX, height: maxY - minY };
}
