// A pyramid's top view as it stood at the end of a stage, and its colour areas, worked out from
// the view's placements as the engine does: the highest block over a quarter shows, touching
// quarters of one colour make an area, its value is its icons, and areas are numbered by their
// first quarter in reading order (the numbering of the engine's area events).

import { blockAnchor, dominoQuarters } from "./geometry.js";

const SIDES = [[1, 0], [0, 1], [-1, 0], [0, -1]];

/** The visible quarters of the placements of stages up to `upTo`: "x,y" -> {x, y, colour, icon, stage}. */
export function topView(placements, upTo = 4) {
  const top = new Map();
  const shown = placements.filter((p) => p.stage <= upTo).sort((a, b) => a.stage - b.stage);
  for (const p of shown) {
    const [ax, ay] = blockAnchor(p.stage, p.i, p.j);
    for (const cell of dominoQuarters(p.face, p.rotation, ax, ay)) {
      top.set(`${cell.x},${cell.y}`, { x: cell.x, y: cell.y, colour: cell.colour, icon: cell.icon, stage: p.stage });
    }
  }
  return top;
}

/** The areas of a top view: [{colour, value, cells: [[x, y]], size}] in the engine's order. */
export function topAreas(top) {
  const cells = [...top.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  const seen = new Set();
  const found = [];
  for (const start of cells) {
    const key = `${start.x},${start.y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const area = { colour: start.colour, value: 0, cells: [] };
    const queue = [start];
    while (queue.length) {
      const cell = queue.pop();
      area.cells.push([cell.x, cell.y]);
      if (cell.icon) area.value += 1;
      for (const [dx, dy] of SIDES) {
        const nextKey = `${cell.x + dx},${cell.y + dy}`;
        const next = top.get(nextKey);
        if (next && !seen.has(nextKey) && next.colour === start.colour) {
          seen.add(nextKey);
          queue.push(next);
        }
      }
    }
    area.size = area.cells.length;
    found.push(area);
  }
  return found;
}

/** The areas of a player's pyramid at the end of stage `stage`. */
export function stageAreas(player, stage) {
  return topAreas(topView(player.placements || [], stage));
}
