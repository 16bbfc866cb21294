// What each scoring line counts in a pyramid, as cube ids: a colour's largest visible group, and
// the cubes a bonus card looks at. The breakdown lights them on the board when its cell is clicked.

import { cubeId, visibleGroups } from "./groups.js";
import { COLOUR_ORDER } from "./palette.js";

function largestOf(groups) {
  return groups.reduce((best, group) => (group.ids.length > best.length ? group.ids : best), []);
}

const levelOf = (id) => Number(id.split(":")[0]);

/** The cube ids of the largest visible group of `colour` (empty when it has none). */
export function colourGroup(cubes, colour) {
  return largestOf(visibleGroups(cubes).filter((group) => group.colour === colour));
}

function mostBy(groups, measure) {
  let best = [];
  let score = 0;
  for (const group of groups) {
    const value = measure(group.ids);
    if (value > score) [best, score] = [group.ids, value];
  }
  return best;
}

/**
 * One side of the pyramid seen from outside: per level and line, the outermost visible cube.
 * Returns the ids of a side that shows a single colour, else none.
 */
function singleColourSide(cubes) {
  const shown = cubes.filter((c) => c.visible !== false);
  // [coordinate naming the line, sign making the outermost cube the one of smallest depth]
  for (const [lineAxis, sign] of [["y", 1], ["y", -1], ["x", 1], ["x", -1]]) {
    const depthAxis = lineAxis === "y" ? "x" : "y";
    const outermost = new Map();
    for (const cube of shown) {
      const key = `${cube.level}:${cube[lineAxis]}`;
      const depth = sign * cube[depthAxis];
      if (!outermost.has(key) || depth < outermost.get(key).depth) outermost.set(key, { depth, cube });
    }
    const faces = [...outermost.values()].map((entry) => entry.cube);
    if (faces.length && new Set(faces.map((c) => c.colour)).size === 1) return faces.map(cubeId);
  }
  return [];
}

/** The group sizes of every seat's pyramid, and the largest of each. */
function tableSizes(pyramids) {
  const groups = pyramids.map((cubes) => visibleGroups(cubes || []));
  return {
    sizes: groups.map((list) => list.map((g) => g.ids.length)),
    largest: groups.map((list) => Math.max(0, ...list.map((g) => g.ids.length))),
  };
}

function secondLargest(card, pyramids, seat, mode) {
  const mine = visibleGroups(pyramids[seat] || []);
  const { sizes, largest } = tableSizes(pyramids);
  if (mode === "runner_up_player") {
    const distinct = [...new Set(largest)].sort((a, b) => b - a);
    return distinct.length >= 2 && largest[seat] === distinct[1] ? largestOf(mine) : [];
  }
  const distinct = [...new Set(sizes.flat())].sort((a, b) => b - a);
  if (distinct.length < 2) return [];
  return (mine.find((group) => group.ids.length === distinct[1]) || { ids: [] }).ids;
}

/**
 * The cube ids `card` (a view's bonus card, with its kind) counts in seat `seat`'s pyramid;
 * `pyramids` are every seat's cubes (a few cards compare seats), `options` the table's.
 */
export function cardCubes(card, pyramids, seat, options = {}) {
  const cubes = pyramids[seat] || [];
  const shown = cubes.filter((c) => c.visible !== false);
  const groups = visibleGroups(cubes);
  switch (card && card.kind) {
    case "most_colour":
    case "neighbour_colour":
      return colourGroup(cubes, COLOUR_ORDER[card.colour]);
    case "most_any_group":
      return largestOf(groups);
    case "most_level1_group":
      return mostBy(groups, (ids) => ids.filter((id) => levelOf(id) === 0).length)
        .filter((id) => levelOf(id) === 0);
    case "most_levels_spanned":
      return mostBy(groups, (ids) => new Set(ids.map(levelOf)).size);
    case "second_largest":
      return secondLargest(card, pyramids, seat, options.second_largest);
    case "colours_on_level":
      return shown.filter((c) => c.level === card.level).map(cubeId);
    case "single_colour_side":
      return singleColourSide(cubes);
    case "exact_colours":
      return shown.map(cubeId);
    default:
      return [];
  }
}
