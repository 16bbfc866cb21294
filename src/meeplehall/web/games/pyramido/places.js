// The keys of the places the board draws (data-place), and which of them an action or a log
// event refers to, for the shell to light up (hovered log line, hint, replay step).

import { placementBlocks } from "./geometry.js";

export const spaceKey = (space) => `space-${space}`;
export const gemAreaKey = (space) => `gems-${space}`;
export const gemKey = (space, gem) => `gem-${space}-${gem || "none"}`;
export const pyramidKey = (seat) => `pyramid-${seat}`;
export const blockKey = (seat, stage, i, j) => `block-${seat}-${stage}-${i}-${j}`;
export const placedKey = (domino) => `placed-${domino}`;
export const areaKey = (seat, area) => `area-${seat}-${area}`;
export const heldGemsKey = (seat) => `held-gems-${seat}`;
/** A visible quarter of a pyramid's top view (frame quarter coordinates). */
export const quarterKey = (seat, x, y) => `quarter-${seat}-${x}-${y}`;
export const explorerKey = "explorer";

/** The seat an item is about: the event's, else the actor's, else the seat to move. */
function seatOf(item, ctx) {
  if (item.event && item.event.seat !== undefined) return item.event.seat;
  if (ctx.actor !== undefined && ctx.actor !== null) return ctx.actor;
  const view = ctx.view;
  if (view && view.active !== undefined && view.active !== null) return view.active;
  return ctx.seat;
}

function placementKeys(seat, stage, action) {
  return placementBlocks(action).map(([i, j]) => blockKey(seat, stage, i, j));
}


function areaKeys(seat, areaId, view) {
  const player = view && view.players ? view.players[seat] : null;
  if (player && player.scoring && player.scoring.areas.some((a) => a.area === areaId)) return [areaKey(seat, areaId)];
  return [pyramidKey(seat)];
}

export function places(item, ctx) {
  if (!item) return [];
  const view = ctx.view;
  const seat = seatOf(item, ctx);
  if (item.action) {
    const action = item.action;
    switch (action.type) {
      case "take":
        return [spaceKey(action.space), gemKey(action.space, action.gem)];
      case "split":
        return [spaceKey(action.pile)].concat(view && view.emptied_space ? [spaceKey(view.emptied_space)] : []);
      case "reveal":
        return [spaceKey(action.pile)];
      case "place":
        return view ? placementKeys(seat, view.stage, action) : [];
      case "activate":
        return areaKeys(seat, action.area, view);
      case "discard":
        return [heldGemsKey(seat)];
      default:
        return [];
    }
  }
  const event = item.event;
  if (!event) return [];
  switch (event.type) {
    case "took":
      return [spaceKey(event.space)];
    case "pile_split":
      return [spaceKey(event.from), spaceKey(event.into)];
    case "revealed":
      return [spaceKey(event.pile)];
    case "placed":
      // The domino itself: its place moves with it when the base is fixed and moved to the origin.
      return [placedKey(event.domino)];
    case "gems_refilled":
      return [gemAreaKey(event.space)];
    case "turn_lost":
    case "frame_fixed":
    case "stage_scored":
      return event.seat === null || event.seat === undefined ? [] : [pyramidKey(event.seat)];
    case "area_activated":
      return areaKeys(event.seat, event.area, view);
    case "gem_discarded":
      return [heldGemsKey(event.seat)];
    case "explorer_took":
      return [spaceKey(event.space), explorerKey];
    case "explorer_scored":
    case "explorer_bonus_gem":
      return [explorerKey];
    default:
      return [];
  }
}
