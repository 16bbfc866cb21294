// Small pictures before the log's lines (the shell's optional logIcons): the unit a seat placed,
// as a hex in its faction's colour with its rank, and a gem for a gem that was won.

import { svg } from "../kit.js";
import { faction } from "./factions.js";
import { hexPoints } from "./geometry.js";

function unitIcon(colourName, rank) {
  const colours = faction(colourName);
  return svg("svg", { class: "mx-log-icon", width: 18, height: 18, viewBox: "-10 -10 20 20" }, [
    svg("polygon", { points: hexPoints(0, 0, 9.5), fill: colours.light, stroke: colours.dark, "stroke-width": 1.5 }),
    svg("text", { x: 0, y: 0.5, "font-size": 10, "font-weight": 800, "text-anchor": "middle", "dominant-baseline": "central", fill: colours.dark }, [rank]),
  ]);
}

function gemIcon(colourName) {
  const colours = colourName ? faction(colourName) : { main: "#b9a4e8", dark: "#5d4596" };
  return svg("svg", { class: "mx-log-icon", width: 16, height: 16, viewBox: "-8 -8 16 16" }, [
    svg("polygon", { points: "-4,-6 4,-6 7,-2 0,7 -7,-2", fill: colours.main, stroke: colours.dark, "stroke-width": 1.2 }),
  ]);
}

export function logIcons(event, ctx) {
  const view = ctx.view;
  if (!view || !Array.isArray(view.players)) return null;
  if (event.type === "place") {
    const owner = view.players[event.owner];
    const colour = event.shared ? view.shared_colour : owner && owner.colour;
    const type = view.unit_types && view.unit_types[event.unit];
    return type ? [unitIcon(colour, type.rank)] : null;
  }
  if (event.type === "award" && Array.isArray(event.site)) {
    const gem = (view.gems || []).find((g) => g.q === event.site[0] && g.r === event.site[1]);
    const slot = gem && gem.slots && event.slot !== undefined ? gem.slots[event.slot] : null;
    if (gem && gem.kind === "big" && !slot) return null; // a bonus (Reward) at a big gem, not a slot
    return [gemIcon(slot ? slot.colour : null)];
  }
  return null;
}
