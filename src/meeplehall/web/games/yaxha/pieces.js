// Stable identities for the cubes (data-piece), so the shell can slide a cube from its market tile
// to its owner's tray and from the tray into the pyramid.
//
// The view names no cube: market cubes are keyed by round, tile and slot; a collected cube keeps
// its market key; a cube placed into a pyramid takes the key of a tray cube of its colour. The
// base of a pyramid floats while it is built (a cube placed left of it shifts every coordinate),
// so each redraw matches the pyramid it remembers against the new one under the shift that keeps
// the most cubes in place. Memory lives only in this page: after a reload, cubes already placed get
// keys from their position and no round.

import { cubeId } from "./groups.js";

let memory = { game: null, seats: [] };

export function marketKey(round, tile, slot) {
  return `yx-m${round}-${tile}-${slot}`;
}

/** The round whose building put a cube that appears in this view into its pyramid. */
function buildingRound(view) {
  return view.phase === "build" || view.phase === "over" ? view.round : view.round - 1;
}

/** The tile a seat collected this round, or null. */
export function tileOf(view, seat) {
  const tile = view.market.find((t) => t.taken_by === seat);
  return tile ? tile.tile : null;
}

/** Keys of the cubes a seat has collected this round, in the tile's order, with their colours. */
function collectedKeys(view, seat) {
  const entry = view.seats[seat];
  const tile = tileOf(view, seat);
  if (tile === null || !entry.collected || !entry.collected.length) return [];
  return entry.collected.map((colour, slot) => ({ key: marketKey(view.round, tile, slot), colour }));
}

function bestShift(old, cubes) {
  const here = new Map(cubes.map((c) => [cubeId(c), c.colour]));
  let best = { dx: 0, dy: 0, score: -1 };
  for (let dx = -3; dx <= 3; dx += 1) {
    for (let dy = -3; dy <= 3; dy += 1) {
      let score = 0;
      for (const c of old) {
        if (here.get(`${c.level}:${c.x + dx}:${c.y + dy}`) === c.colour) score += 1;
      }
      const better = score > best.score
        || (score === best.score && Math.abs(dx) + Math.abs(dy) < Math.abs(best.dx) + Math.abs(best.dy));
      if (better) best = { dx, dy, score };
    }
  }
  return best;
}

function trackSeat(view, seat, before) {
  const cubes = view.seats[seat].pyramid;
  const known = new Map();
  if (before) {
    const { dx, dy } = bestShift(before.cubes, cubes);
    for (const c of before.cubes) known.set(`${c.level}:${c.x + dx}:${c.y + dy}:${c.colour}`, c);
  }
  const trayNow = collectedKeys(view, seat);
  // Keys a new cube may take: the tray as it was and as it is (a cube placed from this tray).
  const spare = [...(before ? before.tray : []), ...trayNow];
  const used = new Set();
  const tracked = [];
  const fresh = [];
  for (const cube of cubes) {
    const old = known.get(`${cubeId(cube)}:${cube.colour}`);
    if (old && !used.has(old.key)) {
      used.add(old.key);
      tracked.push({ ...cube, key: old.key, round: old.round });
    } else {
      fresh.push(cube);
    }
  }
  // A round brings at most a tile's three cubes: more new cubes at once is a jump (a replay's
  // slider, a reconnection), after which the round of each is unknown.
  const round = before && fresh.length <= 3 ? buildingRound(view) : null;
  for (const cube of fresh) {
    const from = before ? spare.find((s) => s.colour === cube.colour && !used.has(s.key)) : null;
    let key = from ? from.key : `yx-c${seat}-${cube.level}-${cube.x}-${cube.y}`;
    // A kept cube may hold this position's key from before a shift of the base.
    for (let n = 2; used.has(key); n += 1) key = `yx-c${seat}-${cube.level}-${cube.x}-${cube.y}-${n}`;
    used.add(key);
    tracked.push({ ...cube, key, round });
  }
  // The tray shows what is still in hand (own seat) or what was collected (others, while the
  // round's placements are secret): the collected keys not yet inside the pyramid.
  const entry = view.seats[seat];
  let tray = trayNow.filter((s) => !used.has(s.key));
  if (Array.isArray(entry.hand)) {
    const left = [...entry.hand];
    tray = tray.filter((s) => {
      const at = left.indexOf(s.colour);
      if (at < 0) return false;
      left.splice(at, 1);
      return true;
    });
  }
  return { cubes: tracked, tray };
}

/** Track every seat's pieces for this view; returns {pyramid: [Map id -> {key, round}], tray}. */
export function trackPieces(view) {
  const sameGame = memory.game === tableKey(view) && memory.seats.length === view.seats.length;
  const seats = view.seats.map((_, seat) => trackSeat(view, seat, sameGame ? memory.seats[seat] : null));
  memory = { game: tableKey(view), seats };
  return {
    pyramid: seats.map((s) => new Map(s.cubes.map((c) => [cubeId(c), { key: c.key, round: c.round }]))),
    tray: seats.map((s) => s.tray),
  };
}

function tableKey(view) {
  // Bonus cards and player count tell two tables apart well enough for one page.
  return `${view.players}:${view.bonus_cards.map((c) => c.id).join(",")}`;
}

/** The round that just put cubes into a pyramid (for the last-move outline). */
export function lastBuiltRound(view) {
  return buildingRound(view);
}
