// The last move of every seat, outlined until that seat moves again: the tile it took (or its
// choice card before the reveal), the cubes it placed in the round it last built.

import * as kit from "../kit.js";
import { tilePlace } from "./places.js";
import { lastBuiltRound, tileOf } from "./pieces.js";

function mark(node, seat, ctx) {
  if (typeof kit.markLast === "function") {
    kit.markLast(node, seat, ctx);
  } else {
    // Until the shell's helper lands: the same class and colour variable it sets.
    node.classList.add("mh-last");
    node.style.setProperty("--last-colour", ctx.seatColour ? ctx.seatColour(seat) : "#c2185b");
  }
}

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
    const outline = (selector) => root.querySelectorAll(selector).forEach((n) => mark(n, seat, ctx));
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
