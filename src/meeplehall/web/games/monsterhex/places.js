// The board places an action or a log event refers to (the shell highlights them with mh-spot
// when a log line is hovered, a hint arrives or a replay step is shown).

import { placeKey } from "./labels.js";

const AT_A_CELL = new Set(["place", "target", "rotate", "gem_resolved", "overwhelming", "ability_used"]);

export function places(item, ctx) {
  if (item && item.action) {
    const action = item.action;
    if (["place", "target", "rotate"].includes(action.type)) return [placeKey(action.q, action.r)];
    const pending = ctx && ctx.view ? ctx.view.pending : null;
    if (action.type === "take_slot" && pending && pending.kind === "slot") return [placeKey(pending.q, pending.r)];
    if (action.type === "pass" && pending && pending.q !== undefined) return [placeKey(pending.q, pending.r)];
    return [];
  }
  const event = item ? item.event : null;
  if (!event) return [];
  if (AT_A_CELL.has(event.type) && event.q !== undefined && event.r !== undefined) return [placeKey(event.q, event.r)];
  if ((event.type === "award" || event.type === "discarded") && Array.isArray(event.site)) return [placeKey(event.site[0], event.site[1])];
  return [];
}
