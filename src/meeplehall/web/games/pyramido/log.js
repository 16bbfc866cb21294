// Pyramido's log lines: one per meaningful event, gems and dominoes with their articles and
// plurals ("an orange gem", "2 gems"), a seat's activations of one stage end on one line and its
// discards likewise, and small pieces (a gem, a domino, an area's colour) before the line.

import { seatName, svg, tr } from "../kit.js";
import { COLOURS, gemIcon } from "./art.js";
import { remember, stageOf } from "./history.js";

// Events of one merged line, in order: merge key -> [event].
const merged = new Map();

function name(ctx, seat) {
  return seat === null || seat === undefined ? tr(ctx, "explorer") : seatName(ctx, seat);
}

/** "an orange gem", "2 blue gems" (each language's own way of counting them). */
export function gemsOf(ctx, kind, count = 1) {
  return tr(ctx, `gems_${kind}`, { count });
}

/** The events of one merged line up to `event` (a rewrite says what it said then). */
function mergedUpTo(key, event) {
  if (!merged.has(key)) merged.set(key, []);
  const list = merged.get(key);
  if (!list.includes(event)) list.push(event);
  return list.slice(0, list.indexOf(event) + 1);
}

function activationPhrase(ctx, e) {
  return tr(ctx, "area_phrase", {
    colour: tr(ctx, `gem_${e.colour}`),
    icons: tr(ctx, "icons_n", { count: e.value }),
    gems: tr(ctx, "gems_n", { count: e.coloured + e.mythical }),
    points: e.points,
  });
}

function discardPhrase(ctx, events) {
  const counts = new Map();
  for (const e of events) counts.set(e.gem, (counts.get(e.gem) || 0) + 1);
  return [...counts].map(([kind, count]) => gemsOf(ctx, kind, count)).join(", ");
}

export function eventText(event, ctx) {
  remember(event);
  const who = name(ctx, event.seat);
  switch (event.type) {
    case "took":
      return event.gem
        ? tr(ctx, "ev_took", { name: who, n: event.space, gem: gemsOf(ctx, event.gem) })
        : tr(ctx, "ev_took_no_gem", { name: who, n: event.space });
    case "pile_split":
      return tr(ctx, "ev_pile_split", { name: who, from: event.from, into: event.into, moved: tr(ctx, "dominoes_n", { count: event.moved }) });
    case "revealed":
      return tr(ctx, "ev_revealed", { name: who, n: event.pile });
    case "placed":
      return tr(ctx, "ev_placed", { name: who, stage: event.stage });
    case "gems_refilled":
      return tr(ctx, "ev_gems_refilled", { n: event.space });
    case "bag_refilled":
      return tr(ctx, "ev_bag_refilled");
    case "turn_lost":
      return tr(ctx, "ev_turn_lost", { name: who });
    case "stage_started":
      return tr(ctx, "ev_stage_started", { n: event.stage, name: name(ctx, event.start_player) });
    case "frame_fixed":
      return tr(ctx, "ev_frame_fixed", { name: who, w: event.frame[0], h: event.frame[1] });
    case "area_activated": {
      const key = `act-${event.seat}-${stageOf(event)}`;
      const events = mergedUpTo(key, event);
      const points = events.reduce((sum, e) => sum + e.points, 0);
      return {
        text: tr(ctx, "ev_activated", {
          name: who, list: events.map((e) => activationPhrase(ctx, e)).join(tr(ctx, "list_sep")), points,
        }),
        merge: key,
      };
    }
    case "stage_scored":
      return event.mythical_bonus
        ? tr(ctx, "ev_stage_scored_kept", { name: who, n: event.stage, points: tr(ctx, "points_n", { count: event.points }), kept: tr(ctx, "mythical_n", { count: event.mythical_bonus }) })
        : tr(ctx, "ev_stage_scored", { name: who, n: event.stage, points: tr(ctx, "points_n", { count: event.points }) });
    case "gem_discarded": {
      const key = `discard-${event.seat}-${stageOf(event)}`;
      return { text: tr(ctx, "ev_discarded", { name: who, gems: discardPhrase(ctx, mergedUpTo(key, event)) }), merge: key };
    }
    case "explorer_took":
      return tr(ctx, "ev_explorer_took", { n: event.space, gems: tr(ctx, "gems_n", { count: event.gems.length }) });
    case "explorer_scored":
      return tr(ctx, "ev_explorer_scored", { n: event.stage, points: tr(ctx, "points_n", { count: event.points }) });
    case "explorer_bonus_gem":
      return tr(ctx, "ev_explorer_bonus_gem", { gem: gemsOf(ctx, event.gem) });
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return "";
  }
}

/** A domino in miniature: its two blocks' colours side by side. */
function miniDomino(face) {
  return svg("svg", { class: "pd-log-icon", viewBox: "0 0 24 12", width: 24, height: 12, "aria-hidden": "true" }, [
    svg("rect", { x: 0.5, y: 0.5, width: 11, height: 11, fill: COLOURS[face.a_colour].fill, stroke: COLOURS[face.a_colour].dark }),
    svg("rect", { x: 12.5, y: 0.5, width: 11, height: 11, fill: COLOURS[face.b_colour].fill, stroke: COLOURS[face.b_colour].dark }),
  ]);
}

function colourSquare(colour) {
  return svg("svg", { class: "pd-log-icon", viewBox: "0 0 12 12", width: 12, height: 12, "aria-hidden": "true" }, [
    svg("rect", { x: 0.5, y: 0.5, width: 11, height: 11, rx: 2, fill: COLOURS[colour].fill, stroke: COLOURS[colour].dark }),
  ]);
}

/** Small pieces before a log line: the domino and gem taken, the gem discarded, the area's colour. */
export function logIcons(event, ctx) {
  switch (event.type) {
    case "took":
      return [event.domino && event.domino.a_colour ? miniDomino(event.domino) : null, event.gem ? gemIcon(event.gem, ctx, 14) : null].filter(Boolean);
    case "revealed":
      return event.domino && event.domino.a_colour ? [miniDomino(event.domino)] : null;
    case "area_activated":
      // The merged line lists every area of the seat's stage end: one square per area.
      return mergedUpTo(`act-${event.seat}-${stageOf(event)}`, event).map((e) => colourSquare(e.colour));
    case "gem_discarded":
      return mergedUpTo(`discard-${event.seat}-${stageOf(event)}`, event).map((e) => gemIcon(e.gem, ctx, 14));
    case "explorer_bonus_gem":
      return [gemIcon(event.gem, ctx, 14)];
    default:
      return null;
  }
}
