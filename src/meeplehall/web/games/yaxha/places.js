// Place keys (data-place) of the board, and which places a legal action or a log event refers to.

const num = (n) => (n < 0 ? `n${-n}` : String(n));

export const tilePlace = (tile) => `yx-tile-${tile}`;
export const seatPlace = (seat) => `yx-seat-${seat}`;
export const pyramidPlace = (seat) => `yx-pyr-${seat}`;
export const trayPlace = (seat) => `yx-tray-${seat}`;

/** A position in a seat's pyramid; a base position left of (or above) the base has x (y) < 0. */
export function spotPlace(seat, level, x, y) {
  return `yx-pos-${seat}-${level}-${num(x)}-${num(y)}`;
}

/**
 * The short name the board draws on a position: a column letter and a row number of its level.
 * While a base is narrower than 4, the board draws one more column (row) left of (above) it for
 * the spots there, and the letters (numbers) start from that one: `origin` is [x, y] of the first.
 */
export function spotLabel(level, x, y, origin = [0, 0]) {
  // A spot left of (above) the base starts the frame itself, whatever the caller knew of it.
  const [x0, y0] = level === 0 ? [Math.min(origin[0], x), Math.min(origin[1], y)] : [0, 0];
  return `${"ABCDE"[x - x0]}${y - y0 + 1}`;
}

/** Where the board of `seat` starts its base labels in this view (see spotLabel). */
export function labelOrigin(view, seat) {
  const entry = view && Array.isArray(view.seats) ? view.seats[seat] : null;
  if (!entry || view.phase !== "build" || !Array.isArray(entry.hand) || !entry.hand.length) return [0, 0];
  const [width, height] = entry.base_size || [0, 0];
  if (!width) return [0, 0];
  return [width < 4 ? -1 : 0, height < 4 ? -1 : 0];
}

function actingSeat(ctx) {
  for (const seat of [ctx.actor, ctx.seat, ctx.view && ctx.view.seat]) {
    if (seat !== null && seat !== undefined) return seat;
  }
  return null;
}

function placementPlaces(seat, level, x, y) {
  if (seat === null) return [];
  const keys = [spotPlace(seat, level, x, y)];
  // Once placed, a cube left of (or above) the base lies at column (row) 0 of the shifted base.
  if (x < 0 || y < 0) keys.push(spotPlace(seat, level, Math.max(x, 0), Math.max(y, 0)));
  return keys;
}

function actionPlaces(action, ctx) {
  const seat = actingSeat(ctx);
  switch (action.type) {
    case "tile":
      return [tilePlace(action.tile)];
    case "place":
      return placementPlaces(seat, action.level, action.x, action.y);
    case "undo":
    case "confirm":
      return seat === null ? [] : [pyramidPlace(seat)];
    default:
      return [];
  }
}

function eventPlaces(event, ctx) {
  const seatCount = ctx.view && Array.isArray(ctx.view.seats) ? ctx.view.seats.length : 0;
  const everySeat = (make) => Array.from({ length: seatCount }, (_, s) => make(s));
  switch (event.type) {
    case "round_started":
      return (event.market || []).map((_, t) => tilePlace(t));
    case "tile_chosen":
      return [tilePlace(event.tile), seatPlace(event.seat)];
    case "seat_has_chosen":
    case "placement_undone":
      return [seatPlace(event.seat)];
    case "choices_revealed":
      return [...new Set(event.choices.map((t) => tilePlace(t)))];
    case "tile_collected":
      return [tilePlace(event.tile), trayPlace(event.seat)];
    case "initiative_swapped":
      return event.initiative.map((_, s) => seatPlace(s));
    case "cube_placed":
      return placementPlaces(event.seat, event.level, event.x, event.y);
    case "seat_confirmed":
      return [pyramidPlace(event.seat)];
    case "building_started":
    case "round_built":
    case "game_over":
      return everySeat(pyramidPlace);
    default:
      return [];
  }
}

/** The place keys an item ({action} or {event}) refers to. */
export function places(item, ctx) {
  if (!item) return [];
  if (item.action) return actionPlaces(item.action, ctx || {});
  if (item.event) return eventPlaces(item.event, ctx || {});
  return [];
}
