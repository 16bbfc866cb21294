// Yaxha in sentences: the prompt, the description of an action and the panel's scores. Positions are
// named by their level and the cubes they touch (spots.js), with the board's label only when the
// reader shows coordinates.

import { coordinatesShown, seatName, tr } from "../kit.js";
import { aCube } from "./log.js";
import { labelOrigin, spotLabel } from "./places.js";
import { pyramidOf, spotText } from "./spots.js";

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

/** One line saying what an action does (the hint, a replay step, the log). */
export function describeAction(action, ctx) {
  switch (action.type) {
    case "tile":
      return tr(ctx, "take_tile", { n: action.tile + 1 });
    case "place": {
      // A base cube left of (or above) the base becomes its new first column (row).
      const seat = ctx.actor ?? ctx.seat;
      const cubes = pyramidOf(ctx.view, seat);
      if (!cubes) {
        // Without a view there are no cubes to say the spot by: its label, for a reader who
        // shows coordinates, else the level alone.
        const params = { cube: aCube(ctx, action.colour), level: action.level + 1 };
        if (!coordinatesShown()) return tr(ctx, "act_place_level", params);
        return tr(ctx, "act_place_label", { ...params, spot: spotLabel(action.level, action.x, action.y, labelOrigin(ctx.view, seat)) });
      }
      return tr(ctx, "act_place", {
        cube: aCube(ctx, action.colour), level: action.level + 1,
        spot: spotText(ctx, cubes, action.level, action.x, action.y, labelOrigin(ctx.view, seat)),
      });
    }
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
