// Colour groups of a pyramid, as the scoring counts them: visible cubes only, joined when side
// by side on one level (never diagonally) or when one rests on the other.

export function cubeId(cube) {
  return `${cube.level}:${cube.x}:${cube.y}`;
}

function neighbours(cube) {
  const { level: z, x, y } = cube;
  const near = [[z, x + 1, y], [z, x - 1, y], [z, x, y + 1], [z, x, y - 1]];
  for (const dx of [0, 1]) {
    for (const dy of [0, 1]) {
      near.push([z - 1, x + dx, y + dy]); // the four it rests on
      near.push([z + 1, x - dx, y - dy]); // the four that may rest on it
    }
  }
  return near.map(([a, b, c]) => `${a}:${b}:${c}`);
}

/** Every visible group: [{colour, ids}], ids as cubeId gives them. */
export function visibleGroups(cubes) {
  const byId = new Map(cubes.filter((c) => c.visible !== false).map((c) => [cubeId(c), c]));
  const seen = new Set();
  const groups = [];
  for (const [id, cube] of byId) {
    if (seen.has(id)) continue;
    const ids = [];
    const stack = [id];
    seen.add(id);
    while (stack.length) {
      const here = stack.pop();
      ids.push(here);
      for (const next of neighbours(byId.get(here))) {
        const other = byId.get(next);
        if (other && other.colour === cube.colour && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    groups.push({ colour: cube.colour, ids });
  }
  return groups;
}

/** For each colour, the cube ids of its largest visible group (empty when it has none). */
export function largestGroups(cubes) {
  const best = {};
  for (const { colour, ids } of visibleGroups(cubes)) {
    if (!best[colour] || ids.length > best[colour].length) best[colour] = ids;
  }
  return best;
}
