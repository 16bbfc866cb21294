// Yaxha in sentences: the prompt, the log lines and the description of an action. Positions are
// named the way the board labels them (a level, then a column letter and a row number).

import { pageText, seatName, tr } from "../kit.js";
import { labelOrigin, spotLabel } from "./places.js";
import { texts } from "../yaxha_texts.js";

function mySeat(view, ctx) {
  const seat = view.seat ?? ctx.seat;
  return seat === undefined ? null : seat;
}


export function prompt(view, legal, ctx) {
  if (!view) return "";
  const me = mySeat(view, ctx);
  if (view.phase === "over") return tr(ctx, "prompt_over");
  const kinds = new Set((legal || []).map((a) => a.type));
  const mine = me !== null ? view.seats[me] : null;
  if (view.phase === "select" && kinds.has("tile")) {
    if (mine && mine.choice !== null && mine.choice !== undefined) {
      return tr(ctx, "prompt_changed", { n: mine.choice + 1 });
    }
    return tr(ctx, "prompt_select");
  }
  if (view.phase === "pick" && kinds.has("tile")) return tr(ctx, "prompt_pick");
  if (view.phase === "build" && kinds.has("place")) return tr(ctx, "prompt_build");
  if (view.phase === "build" && kinds.has("confirm")) {
    const left = mine && mine.hand ? mine.hand.length : 0;
    return left ? tr(ctx, "prompt_confirm_discard", { n: left }) : tr(ctx, "prompt_confirm");
  }
  const waiting = (view.to_move || []).filter((s) => s !== me).map((s) => seatName(ctx, s));
  return waiting.length ? tr(ctx, "prompt_wait", { names: waiting.join(", ") }) : tr(ctx, "prompt_wait_none");
}

export function eventText(event, ctx) {
  const name = (seat) => seatName(ctx, seat);
  const colour = (c) => tr(ctx, `colour_${c}`);
  switch (event.type) {
    case "round_started":
      return tr(ctx, "ev_round_started", { n: event.round });
    case "tile_chosen":
      return tr(ctx, "ev_tile_chosen", { name: name(event.seat), n: event.tile + 1 });
    case "seat_has_chosen":
      return tr(ctx, "ev_seat_has_chosen", { name: name(event.seat) });
    case "choices_revealed":
      return tr(ctx, "ev_choices_revealed", {
        list: event.choices.map((t, s) => `${name(s)} → ${t + 1}`).join(", "),
      });
    case "tile_collected":
      return tr(ctx, event.after_tie ? "ev_tile_collected_tie" : "ev_tile_collected",
        { name: name(event.seat), n: event.tile + 1 });
    case "initiative_swapped":
      return tr(ctx, "ev_initiative_swapped", {
        list: event.initiative.map((v, s) => `${name(s)} ${v}`).join(", "),
      });
    case "building_started":
      return tr(ctx, "ev_building_started", { n: event.round });
    case "cube_placed":
      // No position: the base may have shifted since, so a label from then could mislead now.
      return tr(ctx, "ev_cube_placed", { name: name(event.seat), colour: colour(event.colour), level: event.level + 1 });
    case "placement_undone":
      return tr(ctx, "ev_placement_undone", { name: name(event.seat) });
    case "seat_confirmed":
      return tr(ctx, "ev_seat_confirmed", { name: name(event.seat) });
    case "round_built": {
      const thrown = event.discarded
        .map((n, s) => (n ? tr(ctx, "ev_discard_part", { name: name(s), n }) : null))
        .filter(Boolean);
      return thrown.length
        ? tr(ctx, "ev_round_built_discards", { n: event.round, list: thrown.join(", ") })
        : tr(ctx, "ev_round_built", { n: event.round });
    }
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return event.type;
  }
}

/** One line saying what an action does (the hint, a replay step, the log). */
export function describeAction(action, ctx) {
  switch (action.type) {
    case "tile":
      return tr(ctx, "take_tile", { n: action.tile + 1 });
    case "place":
      // A base cube left of (or above) the base becomes its new first column (row).
      return tr(ctx, "act_place", {
        colour: tr(ctx, `colour_${action.colour}`), level: action.level + 1,
        spot: spotLabel(action.level, action.x, action.y, labelOrigin(ctx.view, ctx.actor ?? ctx.seat)),
      });
    case "undo":
      return tr(ctx, "act_undo");
    case "confirm":
      return tr(ctx, "confirm");
    default:
      return "";
  }
}

export function scores(view) {
  if (!view) return null;
  if (view.result && Array.isArray(view.result.scores)) return view.result.scores;
  return view.seats.map((entry) => entry.score.total);
}

/** The end-of-game bar: colour points, then bonus cards (the table itemises both). */
export function breakdownParts(breakdown) {
  return ["colour_points", "bonus_points"].map((key) => ({
    key, label: pageText(texts, `breakdown.${key}`), points: breakdown[key] || 0,
  }));
}
