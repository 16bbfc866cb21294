// Monster Hex in words: the prompt, the log lines and the descriptions of actions. Places are
// named by what is there (where.js: the gems beside a cell), units by their rank, never by ids;
// a hex's label follows only when the reader shows coordinates.

import { seatName, tr } from "../kit.js";
import { powersAt } from "./geometry.js";
import { abilityName, objectiveName } from "./panel.js";
import { unitName } from "./units.js";
import { gemText, whereText } from "./where.js";

function mySeat(view, ctx) {
  const seat = view.you ?? ctx.seat;
  return seat === undefined ? null : seat;
}

function rankOf(view, id) {
  return view && view.unit_types && view.unit_types[id] ? view.unit_types[id].rank : String(id)[0];
}

export function prompt(view, legal, ctx) {
  if (!view) return "";
  const me = mySeat(view, ctx);
  if (view.phase === "over") return tr(ctx, "prompt_over");
  const kinds = new Set((legal || []).map((a) => a.type));
  if (kinds.has("pick")) return tr(ctx, "prompt_draft");
  if (kinds.has("take_slot")) return tr(ctx, "prompt_slot");
  if (view.pending && (view.pending.kind === "ability" || view.pending.kind === "rush") && (kinds.has("pass") || kinds.has("target") || kinds.has("rotate") || kinds.has("draw_objective"))) {
    return tr(ctx, "prompt_ability", { name: abilityName(ctx, view.pending.ability) });
  }
  if (kinds.has("place")) return tr(ctx, view.turn_kind === "shared" ? "prompt_place_shared" : "prompt_place");
  const waiting = (view.to_move || []).filter((s) => s !== me).map((s) => seatName(ctx, s));
  return waiting.length ? tr(ctx, "prompt_wait", { names: waiting.join(", ") }) : tr(ctx, "prompt_wait_none");
}

// The private "draw" line (the units, for the seat that drew them) is followed at once by the
// public "drew" one (their number): the reader who saw the first gets no second line.
let privateDraw = null;

export function eventText(event, ctx) {
  const view = ctx.view;
  const drawnJustBefore = privateDraw;
  privateDraw = null;
  const seats = (ctx.players || []).length;
  const name = (seat) => (seat === "shared" || seat === null || seat === undefined || (seats && Number(seat) >= seats)
    ? tr(ctx, "shared_faction") : seatName(ctx, Number(seat)));
  const nobody = (seat) => seat === null || seat === undefined || seat < 0;
  const cell = () => whereText(ctx, view, event.q, event.r);
  const gem = () => gemText(ctx, view, event.q, event.r);
  switch (event.type) {
    case "place":
      return tr(ctx, event.shared ? "ev_place_shared" : "ev_place", { name: name(event.seat), id: unitName(ctx, rankOf(view, event.unit)), where: cell() });
    case "draw":
      privateDraw = { seat: event.seat, shared: Boolean(event.shared), count: event.units.length };
      return tr(ctx, "ev_draw", { name: name(event.seat), list: event.units.map((id) => unitName(ctx, rankOf(view, id))).join(tr(ctx, "list_join")) });
    case "drew":
      if (drawnJustBefore && drawnJustBefore.seat === event.seat && drawnJustBefore.shared === Boolean(event.shared)
        && drawnJustBefore.count === event.count) return "";
      return tr(ctx, "ev_drew", { name: name(event.seat), n: event.count, count: event.count });
    case "round":
      return tr(ctx, "ev_round", { n: event.round });
    case "gem_resolved":
      if (event.kind === "big") {
        return tr(ctx, "ev_big_resolved", {
          gem: gem(),
          list: Object.entries(event.totals || {}).map(([seat, total]) => `${name(seat)} ${total}`).join(tr(ctx, "list_join")),
        });
      }
      // A counter gem lies on a cell (said by the gems beside it), a small gem is one itself.
      if (nobody(event.winner)) return tr(ctx, `ev_${event.kind}_nobody`, { where: cell(), gem: gem() });
      return tr(ctx, `ev_${event.kind}`, { where: cell(), gem: gem(), name: name(event.winner), n: event.value });
    case "award":
      return tr(ctx, "ev_award", { name: name(event.seat), n: event.points, count: event.points, reason: reasonText(ctx, event.reason) });
    case "discarded":
      return tr(ctx, "ev_discarded", { n: event.points, count: event.points, reason: reasonText(ctx, event.reason) });
    case "overwhelming":
      return tr(ctx, "ev_overwhelming", { name: name(event.owner), gem: gem() });
    case "turn_skipped":
      return tr(ctx, "ev_turn_skipped", { name: name(event.seat) });
    case "ability_picked":
      return tr(ctx, "ev_ability_picked", { name: name(event.seat), ability: abilityName(ctx, event.ability), colour: tr(ctx, `faction_${event.faction}`) });
    case "shared_faction":
      return tr(ctx, "ev_shared_faction", { colour: tr(ctx, `faction_${event.faction}`) });
    case "ability_ready":
      return tr(ctx, "ev_ability_ready", { name: name(event.seat), ability: abilityName(ctx, event.ability) });
    case "ability_used":
      if (event.q !== undefined && event.r !== undefined) {
        const target = view && Array.isArray(view.cells) ? view.cells.find((c) => c.q === event.q && c.r === event.r) : null;
        if (target && target.unit) {
          return tr(ctx, "ev_ability_unit", { name: name(event.seat), ability: abilityName(ctx, event.ability), id: unitName(ctx, target.unit.rank), where: cell() });
        }
        return tr(ctx, "ev_ability_used_on", { name: name(event.seat), ability: abilityName(ctx, event.ability), where: cell() });
      }
      return tr(ctx, "ev_ability_used", { name: name(event.seat), ability: abilityName(ctx, event.ability) });
    case "ability_declined":
      return tr(ctx, "ev_ability_declined", { name: name(event.seat), ability: abilityName(ctx, event.ability) });
    case "objective_drawn": {
      const mine = view && view.you === event.seat && view.players && view.players[event.seat]
        ? (view.players[event.seat].objectives || []).find((o) => o.id === event.objective) : null;
      if (mine) return tr(ctx, "ev_objective_drawn", { name: name(event.seat), id: objectiveName(ctx, mine) });
      const text = event.objective ? ctx.t(`objective_${event.objective}`) : "";
      if (text && text !== `objective_${event.objective}`) return tr(ctx, "ev_objective_drawn", { name: name(event.seat), id: text });
      return tr(ctx, "ev_objective_drawn_secret", { name: name(event.seat) });
    }
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return "";
  }
}

/** One line saying what an action does (the hint, a replay step, the log). */
export function describeAction(action, ctx) {
  const view = ctx.view;
  // What the view says about the decision being made, when it is the actor's (a view from
  // another moment, or none, gives the plainer description).
  const pending = view && view.pending && view.pending.seat === ctx.actor ? view.pending : null;
  const where = (q, r) => whereText(ctx, view, q, r);
  switch (action.type) {
    case "place": {
      const facing = facingText(view, action.unit, action.rotation, ctx);
      const shared = view && view.phase === "place" && view.turn_kind === "shared" && (view.to_move || []).includes(ctx.actor);
      const what = { id: unitName(ctx, rankOf(view, action.unit)), where: where(action.q, action.r) };
      if (!facing) return tr(ctx, "act_place_rotation", { ...what, n: action.rotation + 1 });
      return tr(ctx, shared ? "act_place_shared" : "act_place", { ...what, ...facing });
    }
    case "take_slot": {
      const site = pending && pending.kind === "slot" ? (view.gems || []).find((g) => g.q === pending.q && g.r === pending.r) : null;
      const slot = site && site.slots ? site.slots[action.slot] : null;
      if (!slot) return tr(ctx, action.slot === 0 ? "act_slot_high" : "act_slot_low");
      const player = (view.players || [])[ctx.actor];
      const bonus = player && player.colour === slot.colour;
      return tr(ctx, bonus ? "take_slot_bonus" : "take_slot", { value: slot.value, colour: tr(ctx, `faction_${slot.colour}`) });
    }
    case "pass":
      return pending && pending.ability ? tr(ctx, "act_pass", { ability: abilityName(ctx, pending.ability) }) : tr(ctx, "pass_ability");
    case "target":
      return pending && pending.ability
        ? tr(ctx, "act_target", { ability: abilityName(ctx, pending.ability), where: where(action.q, action.r) })
        : tr(ctx, "ability_target", { where: where(action.q, action.r) });
    case "rotate": {
      const cell = view && Array.isArray(view.cells) ? view.cells.find((c) => c.q === action.q && c.r === action.r) : null;
      const facing = cell && cell.unit ? facingText(view, cell.unit.id, action.rotation, ctx) : null;
      if (!facing) return tr(ctx, "act_rotate_rotation", { where: where(action.q, action.r), n: action.rotation + 1 });
      return tr(ctx, "act_rotate", { id: unitName(ctx, cell.unit.rank), where: where(action.q, action.r), ...facing });
    }
    case "draw_objective":
      return tr(ctx, "draw_objective");
    case "pick":
      return tr(ctx, "act_pick", { ability: abilityName(ctx, action.ability) });
    default:
      return "";
  }
}

/** Where a unit turned to `rotation` shows its strongest power: {power, dirs} in words. */
function facingText(view, unitId, rotation, ctx) {
  if (!view || !view.unit_types || !view.unit_types[unitId]) return null;
  const powers = powersAt(view, unitId, rotation);
  const power = Math.max(...powers);
  const dirs = [0, 1, 2, 3, 4, 5].filter((d) => powers[d] === power).map((d) => tr(ctx, `dir_${d}`));
  return { power, dirs: dirs.join(tr(ctx, "dir_join")) };
}

function reasonText(ctx, reason) {
  const name = `reason_${String(reason).replace(/ /g, "_")}`;
  const text = ctx.t(name);
  return text === name ? reason : text;
}
