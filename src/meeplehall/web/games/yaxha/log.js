// Yaxha's game log: one line per meaningful event, said to the shown seat as "you" where it is
// about that seat. The own secret choice and the own building are one line each per round (a
// change of mind or a cube taken back rewrites it); another seat's building is said once
// ("Bot 2 is building"), then what it confirmed when the round is revealed.

import { seatName, tr } from "../kit.js";
import { cubePicture } from "./cube.js";
import { COLOUR_ORDER, colourLetter, colourName } from "./palette.js";

/** The shown seat, when the log is written for one (a replay's log is not). */
function shownSeat(ctx) {
  const seat = ctx.seat ?? (ctx.view ? ctx.view.seat : null);
  return typeof seat === "number" ? seat : null;
}

/** The round the shown view is in, for merge keys; null without a view (a replay's log). */
function roundOf(ctx) {
  return ctx.view && typeof ctx.view.round === "number" ? ctx.view.round : null;
}

/** A colour's cube with its article, in the reader's language ("an orange cube"). */
export function aCube(ctx, colour) {
  return tr(ctx, `a_cube_${colour}`);
}

/** The cubes `seat` placed this round, as its own view shows them: collected minus still held. */
function placedThisRound(ctx, seat) {
  const entry = ctx.view && Array.isArray(ctx.view.seats) ? ctx.view.seats[seat] : null;
  if (!entry || !Array.isArray(entry.hand)) return [];
  const left = [...entry.hand];
  return (entry.collected || []).filter((colour) => {
    const at = left.indexOf(colour);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

function ownBuilding(event, ctx, seat) {
  const round = roundOf(ctx);
  const entry = ctx.view && ctx.view.seats ? ctx.view.seats[seat] : null;
  if (round === null || !entry || typeof entry.placed_this_round !== "number") {
    // Without the seat's own view (a replay), each cube is its own line.
    return event.type === "cube_placed"
      ? tr(ctx, "ev_cube_placed", { name: seatName(ctx, seat), cube: aCube(ctx, event.colour), level: event.level + 1 })
      : tr(ctx, "ev_placement_undone", { name: seatName(ctx, seat) });
  }
  const count = entry.placed_this_round;
  const text = count ? tr(ctx, "ev_you_placed", { count }) : tr(ctx, "ev_you_placed_none");
  return { text, merge: `yx-build-${round}-${seat}` };
}

function roundBuilt(event, ctx) {
  const me = shownSeat(ctx);
  const parts = [];
  event.placed.forEach((count, seat) => {
    const thrown = event.discarded[seat] || 0;
    if (seat === me && !thrown) return; // the own line already said it
    const name = seat === me ? tr(ctx, "you") : seatName(ctx, seat);
    const part = tr(ctx, "ev_built_part", { name, count });
    parts.push(thrown ? tr(ctx, "ev_built_discarded", { part, n: thrown }) : part);
  });
  return parts.length
    ? tr(ctx, "ev_round_built_list", { n: event.round, list: parts.join("; ") })
    : tr(ctx, "ev_round_built", { n: event.round });
}

export function eventText(event, ctx) {
  const me = shownSeat(ctx);
  const own = typeof event.seat === "number" && event.seat === me;
  const name = (seat) => seatName(ctx, seat);
  switch (event.type) {
    case "round_started":
      return tr(ctx, "ev_round_started", { n: event.round });
    case "tile_chosen": {
      if (!own) return tr(ctx, "ev_tile_chosen", { name: name(event.seat), n: event.tile + 1 });
      const text = tr(ctx, "ev_you_chose", { n: event.tile + 1 });
      const round = roundOf(ctx);
      return round === null ? text : { text, merge: `yx-choice-${round}-${event.seat}` };
    }
    case "seat_has_chosen":
      // The own choice has its line already (tile_chosen): "has chosen" is for the others.
      return own ? "" : tr(ctx, "ev_seat_has_chosen", { name: name(event.seat) });
    case "choices_revealed":
      return tr(ctx, "ev_choices_revealed", {
        list: event.choices.map((t, s) => `${s === me ? tr(ctx, "you") : name(s)} → ${t + 1}`).join(", "),
      });
    case "tile_collected":
      if (own) return tr(ctx, event.after_tie ? "ev_you_take_tie" : "ev_you_take", { n: event.tile + 1 });
      return tr(ctx, event.after_tie ? "ev_tile_collected_tie" : "ev_tile_collected", { name: name(event.seat), n: event.tile + 1 });
    case "initiative_swapped":
      return tr(ctx, "ev_initiative_swapped", {
        list: event.initiative.map((v, s) => `${s === me ? tr(ctx, "you") : name(s)} ${v}`).join(", "),
      });
    case "building_started":
      return tr(ctx, "ev_building_started", { n: event.round });
    case "cube_placed":
    case "placement_undone":
      if (own) return ownBuilding(event, ctx, event.seat);
      return event.type === "cube_placed"
        ? tr(ctx, "ev_cube_placed", { name: name(event.seat), cube: aCube(ctx, event.colour), level: event.level + 1 })
        : tr(ctx, "ev_placement_undone", { name: name(event.seat) });
    case "seat_confirmed":
      return own ? tr(ctx, "ev_you_confirmed") : tr(ctx, "ev_seat_confirmed", { name: name(event.seat) });
    case "round_built":
      return roundBuilt(event, ctx);
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return "";
  }
}

function cubeIcons(ctx, colours) {
  const order = (colour) => COLOUR_ORDER.indexOf(colour);
  return [...colours].sort((a, b) => order(a) - order(b)).map((colour) =>
    cubePicture(colour, colourLetter(ctx, colour), 16, { class: "yx-cube-pic yx-log-cube" },
      tr(ctx, "log_cube", { colour: colourName(ctx, colour) })));
}

/** The cubes a line is about, drawn small before it: a tile's three, the own cubes placed. */
export function logIcons(event, ctx) {
  switch (event.type) {
    case "tile_collected": {
      const tile = ctx.view && Array.isArray(ctx.view.market) ? ctx.view.market[event.tile] : null;
      return tile ? cubeIcons(ctx, tile.cubes) : null;
    }
    case "cube_placed":
    case "placement_undone": {
      if (event.seat !== shownSeat(ctx)) return event.colour ? cubeIcons(ctx, [event.colour]) : null;
      const placed = placedThisRound(ctx, event.seat);
      return placed.length ? cubeIcons(ctx, placed) : null;
    }
    default:
      return null;
  }
}

/** A move hidden from the reader: another seat choosing its tile again, or building. */
export function hiddenMoveText(seat, ctx) {
  const phase = ctx.view ? ctx.view.phase : null;
  return tr(ctx, phase === "select" ? "hidden_choosing" : "hidden_building", { name: seatName(ctx, seat) });
}
