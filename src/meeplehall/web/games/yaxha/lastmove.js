// The last move of every seat, outlined until that seat moves again: the tile it took (or its
// choice card before the reveal), the cubes it placed in the round it last built.

import { markLast } from "../kit.js";
import { tilePlace } from "./places.js";
import { lastBuiltRound, tileOf } from "./pieces.js";

function moveKinds(move) {
  const kinds = new Set((move.events || []).map((e) => e.type));
  if (move.action) kinds.add(`act_${move.action.type}`);
  return kinds;
}

/** Outline, inside `root`, what each seat's last move touched; `tracked` is from trackPieces. */
export function markLastMoves(root, view, ctx, tracked) {
  const moves = Array.isArray(ctx.lastMoves) ? ctx.lastMoves : [];
  const building = view.phase === "build";
  const me = view.seat ?? ctx.seat;
  moves.forEach((move, seat) => {
    if (!move || seat >= view.seats.length) return;
    const kinds = moveKinds(move);
    const outline = (selector) => root.querySelectorAll(selector).forEach((n) => markLast(n, seat, ctx));
    const outlineTray = () => tracked.tray[seat].forEach((t) => outline(`[data-piece="${t.key}"]`));
    const outlineBuilt = (round) => {
      for (const [, piece] of tracked.pyramid[seat]) if (piece.round === round) outline(`[data-piece="${piece.key}"]`);
    };
    // The tile it took this round (once revealed): where its cubes came from.
    const outlineTile = () => {
      const tile = tileOf(view, seat);
      if (tile !== null) outline(`[data-place="${tilePlace(tile)}"]`);
    };
    const choosing = kinds.has("act_tile") || kinds.has("seat_has_chosen") || kinds.has("tile_chosen");
    if (choosing || (!move.action && !building)) {
      outlineTile();
      outline(`[data-piece="yx-choice-${seat}"]`);
      outlineTray();
    } else if (building && seat !== me) {
      // Another seat's placements stay secret until the round is built: its tray stands for them.
      outlineTile();
      outlineTray();
    } else {
      if (building) outlineTile();
      outlineBuilt(lastBuiltRound(view));
    }
  });
}
