// The last turn of every seat, as this page saw it: the space its domino came from, the domino,
// and where it was placed. Built from the shell's ctx.lastMoves (one entry per seat, its last
// act), remembered across that seat's acts of one turn (take, reveal, place) until its next take.

import * as kit from "../kit.js";

const turns = new Map(); // seat -> {seq, space, domino, placedDomino}
let tableKey = null;

function fallbackMarkLast(node, seat, ctx) {
  node.classList.add("mh-last");
  const colour = typeof ctx.seatColour === "function" ? ctx.seatColour(seat) : null;
  if (colour) node.style.setProperty("--last-colour", colour);
}

/** kit.markLast when the shell has it, else the same effect here. */
export function markLast(node, seat, ctx) {
  if (!node) return;
  if (typeof kit.markLast === "function") kit.markLast(node, seat, ctx);
  else fallbackMarkLast(node, seat, ctx);
}

/** Per seat, what its last turn touched: {space, domino, placed} (any may be missing). */
export function lastTurns(ctx) {
  const moves = Array.isArray(ctx.lastMoves) ? ctx.lastMoves : [];
  const key = (ctx.players || []).map((p) => p.name).join("|");
  if (key !== tableKey) { turns.clear(); tableKey = key; }
  if (!moves.some(Boolean)) { turns.clear(); return turns; }
  moves.forEach((move, seat) => {
    if (!move) { turns.delete(seat); return; }
    const known = turns.get(seat);
    if (known && known.seq === move.seq) return;
    const events = move.events || [];
    const took = events.find((e) => e.type === "took" && e.seat === seat);
    const placed = events.find((e) => e.type === "placed" && e.seat === seat);
    let turn = known ? { ...known } : {};
    if (took) turn = { space: took.space, domino: took.domino ? took.domino.id : null };
    if (placed) turn.placedDomino = placed.domino;
    turn.seq = move.seq;
    turns.set(seat, turn);
  });
  return turns;
}

/** The updates's freshest move: its events are the ones just received (for "+n" marks). */
export function freshEvents(ctx) {
  const moves = (Array.isArray(ctx.lastMoves) ? ctx.lastMoves : []).filter(Boolean);
  if (!moves.length) return [];
  const newest = moves.reduce((a, b) => (b.seq > a.seq ? b : a));
  return newest.events || [];
}
