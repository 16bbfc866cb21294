// The end-of-game breakdown in people's words and the live "if the game ended now" score: per
// stage, each activated area (its colour, squares, icons, the gems it took, its points) and the
// mythical gems kept, each cell lighting the area's squares on the pyramid's top view.

import { tr } from "../kit.js";
import { COLOURS, GEM_ORDER } from "./art.js";
import { stageAreas } from "./areas.js";
import { rememberAll, scoredStage } from "./history.js";
import { explorerKey, heldGemsKey, pyramidKey, quarterKey } from "./places.js";

// The four stages' parts of the bar chart, in the sandstone of the pyramid, darker as it rises.
const STAGE_COLOURS = ["#e3c48d", "#c99f5e", "#a8783a", "#7d5424"];
const STAGES = [1, 2, 3, 4];

/** The bar chart's parts: the four stage scores (held gems only break ties). */
export function breakdownParts(breakdown, label) {
  return STAGES.filter((n) => typeof breakdown[`stage ${n}`] === "number").map((n) => ({
    key: `stage ${n}`, label: label(n), points: breakdown[`stage ${n}`], colour: STAGE_COLOURS[n - 1],
  }));
}

/** The shown seat's score if the game ended now, from the view's `score_now`. */
export function liveScore(view) {
  const now = view && view.score_now;
  if (!now || typeof now.score !== "number") return null;
  return { score: now.score, breakdown: { live: true, seat: view.seat, ...now } };
}

/** One seat's stages: [{stage, points, mythical, areas: [{colour, value, size, gems, points, cells}], now}]. */
function seatStages(breakdown, seat, ctx) {
  const player = ctx.view && Array.isArray(ctx.view.players) ? ctx.view.players[seat] : null;
  const past = breakdown.live ? breakdown.stages.map((points, k) => [k + 1, points])
    : STAGES.filter((n) => typeof breakdown[`stage ${n}`] === "number").map((n) => [n, breakdown[`stage ${n}`]]);
  const stages = past.map(([stage, points]) => {
    const seen = scoredStage(seat, stage);
    if (!seen || seen.points !== points || !player) return { stage, points, mythical: null, areas: null };
    const areas = stageAreas(player, stage);
    return {
      stage, points, mythical: seen.mythical,
      areas: seen.activations.map((event) => {
        const area = areas[event.area];
        return {
          colour: event.colour, value: event.value, factor: event.units === 3 ? 2 : 1,
          gems: event.coloured + event.mythical, points: event.points,
          size: area ? area.size : null, cells: area ? area.cells : [],
        };
      }),
    };
  });
  if (breakdown.live && typeof breakdown.points === "number") {
    stages.push({
      stage: breakdown.stage, points: breakdown.points, mythical: breakdown.mythical, now: true,
      areas: breakdown.areas.map((a) => ({
        colour: a.colour, value: a.value, factor: a.units === 3 ? 2 : 1, gems: a.coloured + a.mythical,
        points: a.points, size: a.size, cells: a.cells,
      })),
    });
  }
  return stages;
}

function areaText(area, ctx) {
  const icons = tr(ctx, area.factor === 2 ? "icons_x2" : "icons_n", { count: area.value });
  const squares = area.size ? tr(ctx, "squares_n", { count: area.size }) : null;
  const gems = tr(ctx, "gems_n", { count: area.gems });
  return tr(ctx, "cell_area", { points: area.points, detail: [icons, squares, gems].filter(Boolean).join(", ") });
}

/**
 * Of an area's quarters, those the pyramid shows now; an area later stages covered whole lights
 * its pyramid instead, so that a click on its score never lights nothing.
 */
function visibleOr(seat, keys, ctx) {
  const player = ctx.view && ctx.view.players ? ctx.view.players[seat] : null;
  if (!player || !player.top || !keys.length) return keys;
  const shown = new Set(player.top.map((cell) => quarterKey(seat, cell.x, cell.y)));
  const seen = keys.filter((key) => shown.has(key));
  return seen.length ? seen : [pyramidKey(seat)];
}

/**
 * The rows of `breakdowns` (one per seat: the result's, or the live score's of the shown seat),
 * each cell with the quarters of what scored it.
 */
export function scoreRows(breakdowns, ctx) {
  if (Array.isArray(ctx.events)) rememberAll(ctx.events);
  const live = breakdowns.length === 1 && breakdowns[0] && breakdowns[0].live;
  const seats = breakdowns.map((b, index) => (live ? (b.seat ?? ctx.seat ?? index) : index));
  const perSeat = breakdowns.map((b, index) => seatStages(b || {}, seats[index], ctx));
  const keys = (seat, cells) => visibleOr(seat, (cells || []).map(([x, y]) => quarterKey(seat, x, y)), ctx);
  const rows = [];
  const stageNumbers = [...new Set(perSeat.flatMap((stages) => stages.map((s) => s.stage)))].sort((a, b) => a - b);
  for (const stage of stageNumbers) {
    const at = perSeat.map((stages) => stages.find((s) => s.stage === stage) || null);
    const now = at.some((s) => s && s.now);
    rows.push({
      key: `stage-${stage}`,
      label: tr(ctx, now ? "row_stage_now" : "row_stage", { n: stage }),
      cells: at.map((s, i) => {
        if (!s) return { text: "–" };
        const cells = s.areas ? s.areas.flatMap((a) => keys(seats[i], a.cells)) : [pyramidKey(seats[i])];
        return { text: tr(ctx, "points_n", { count: s.points }), points: s.points, places: cells };
      }),
    });
    for (const colour of GEM_ORDER.slice(0, 5)) {
      if (!at.some((s) => s && s.areas && s.areas.some((a) => a.colour === colour))) continue;
      rows.push({
        key: `stage-${stage}-${colour}`,
        label: tr(ctx, "row_areas", { n: stage, colour: tr(ctx, `gem_${colour}`) }),
        colour: COLOURS[colour].fill,
        cells: at.map((s, i) => {
          const mine = s && s.areas ? s.areas.filter((a) => a.colour === colour) : [];
          if (!mine.length) return { text: "–" };
          return {
            text: mine.map((a) => areaText(a, ctx)).join("; "),
            points: mine.reduce((sum, a) => sum + a.points, 0),
            places: mine.flatMap((a) => keys(seats[i], a.cells)),
          };
        }),
      });
    }
    if (at.some((s) => s && s.mythical)) {
      rows.push({
        key: `stage-${stage}-mythical`,
        label: tr(ctx, "row_mythical", { n: stage }),
        colour: COLOURS.mythical.dark,
        cells: at.map((s, i) => (s && s.mythical
          ? { text: tr(ctx, "kept_n", { count: s.mythical }), points: s.mythical, places: [heldGemsKey(seats[i])] }
          : { text: "–" })),
      });
    }
  }
  if (!live && breakdowns.some((b) => b && typeof b["gems held"] === "number")) {
    rows.push({
      key: "gems-held", label: tr(ctx, "breakdown.gems held"),
      cells: breakdowns.map((b, i) => ({ text: tr(ctx, "gems_n", { count: b["gems held"] }), places: [heldGemsKey(i)] })),
    });
  }
  if (!live && breakdowns.some((b) => b && b.explorer)) {
    rows.push({
      key: "explorer", label: tr(ctx, "breakdown.explorer"),
      cells: breakdowns.map((b) => {
        const explorer = b.explorer || {};
        const stages = STAGES.map((n) => explorer[`stage ${n}`]).filter((p) => typeof p === "number");
        return { text: tr(ctx, "explorer_cell", { total: explorer.total ?? 0, stages: stages.join(" + ") }), places: [explorerKey] };
      }),
    });
  }
  return rows;
}
