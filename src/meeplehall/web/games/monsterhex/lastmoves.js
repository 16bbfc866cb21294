// What each seat did last (the shell's ctx.lastMoves), as the board places to outline: the cell
// a unit went to, the cell an ability aimed at, the gem whose slot was taken.

import { placeKey } from "./labels.js";

/** Map of place key -> seat, for every seat's last move. */
export function lastPlaces(ctx) {
  const marks = new Map();
  for (const move of Array.isArray(ctx.lastMoves) ? ctx.lastMoves : []) {
    if (!move) continue;
    for (const key of movePlaces(move)) marks.set(key, move.seat);
  }
  return marks;
}

function movePlaces(move) {
  const keys = [];
  const action = move.action;
  if (action && ["place", "target", "rotate"].includes(action.type)) keys.push(placeKey(action.q, action.r));
  for (const event of move.events || []) {
    if (event.seat !== move.seat) continue;
    if (event.type === "place" || (event.type === "ability_used" && event.q !== undefined)) keys.push(placeKey(event.q, event.r));
    if (action && action.type === "take_slot" && event.type === "award" && Array.isArray(event.site)) keys.push(placeKey(event.site[0], event.site[1]));
  }
  return [...new Set(keys)];
}

/** The events of the newest update among the seats' last moves, with its seq. */
export function newestMove(ctx) {
  let newest = null;
  for (const move of Array.isArray(ctx.lastMoves) ? ctx.lastMoves : []) {
    if (move && (!newest || move.seq > newest.seq)) newest = move;
  }
  return newest;
}
