// Monster Hex: the hex board with its gems, units drawn as monsters with their edge powers, the
// hand, choosing a unit, a cell and a rotation with a preview that marks the matching edges, the
// slot choice after a big gem, abilities (draft, use, pass), objectives, the shared faction and
// the solo target. The drawing lives beside this module (one module per part).

import { el, ensureStyles, legalWhere, redrawer, tr } from "../kit.js";
import { texts } from "./texts.js";
import { boardSvg } from "./board.js";
import { FACTIONS, faction } from "./factions.js";
import { newestMove } from "./lastmoves.js";
import { breakdownParts as partsOf } from "./score.js";
import { controls, objectivesSection, playersSection } from "./panel.js";

export { texts };
export { animate } from "./animate.js";
export { logIcons } from "./icons.js";
export { places } from "./places.js";
export { describeAction, eventText, prompt } from "./words.js";
export { liveScore, scoreRows } from "./score.js";
export { diagram } from "./diagram.js";
export { picture } from "./picture.js";

/**
 * The boards are the hall's own unless a table names other component data (option
 * `components`): the lobby's card and the create form say so (the text `community_set`).
 */
export const communitySet = { option: "components", builtIn: "standard" };

/** The round a view is in, for the replay's markers and its round-by-round buttons. */
export function chapter(view, ctx) {
  return { key: view.round, label: tr(ctx, "round", { n: view.round, total: view.rounds }) };
}

const ui = { unit: null, cell: null, rotation: null, confuseCell: null };
const drawer = redrawer(draw);
let shownSeat;
// The newest move drawn so far: its points rise over their gems once, not at every local redraw.
let risenSeq = null;

export function render(root, ctx) {
  ensureStyles(new URL("../games.css", import.meta.url).href);
  ensureStyles(new URL("./style.css", import.meta.url).href);
  // A hot-seat hand-over or a replay shows another seat: forget the last seat's half-made choice.
  if (ctx.seat !== shownSeat) {
    shownSeat = ctx.seat;
    ui.unit = null; ui.cell = null; ui.rotation = null; ui.confuseCell = null;
  }
  drawer.render(root, ctx);
}

function mySeat(view, ctx) {
  const seat = view.you ?? ctx.seat;
  return seat === undefined ? null : seat;
}

/** "+N" over each gem that scored in the update just received (once per update). */
function freshRises(ctx) {
  const newest = newestMove(ctx);
  if (!newest || newest.seq === risenSeq) return [];
  risenSeq = newest.seq;
  if (ctx.motion === "off") return [];
  return (newest.events || [])
    .filter((e) => e.type === "award" && Array.isArray(e.site))
    .map((e) => ({ q: e.site[0], r: e.site[1], points: e.points, colour: ctx.seatColour ? ctx.seatColour(e.seat) : "#222" }));
}

function draw(root, ctx) {
  const view = ctx.view;
  if (!view) return; // nothing to draw before the first view arrives
  const me = mySeat(view, ctx);
  const state = interaction(view, ctx, me);
  const redraw = () => drawer.redraw();
  const side = el("div", { class: "mx-side" }, [
    me !== null ? controls(view, ctx, me, state, ui, redraw) : null,
    playersSection(view, ctx, me),
    objectivesSection(view, ctx, me),
  ]);
  root.append(el("div", { class: "mh-game mh-monsterhex" }, [
    header(view, ctx),
    el("div", { class: "mx-layout" }, [
      el("div", { class: "mx-board-wrap" }, [boardSvg(view, ctx, state, ui, redraw, freshRises(ctx))]),
      side,
    ]),
  ]));
}

function header(view, ctx) {
  const pills = [tr(ctx, "round", { n: view.round, total: view.rounds }), tr(ctx, `mode_${view.mode}`)];
  if (view.turn_kind === "shared") pills.push(tr(ctx, "shared_turn"));
  if (view.solo_target !== null && view.solo_target !== undefined) pills.push(tr(ctx, "solo_target", { n: view.solo_target, count: view.solo_target }));
  return el("div", { class: "mh-game-header" }, pills.map((text) => el("span", { class: "mh-pill" }, [text])));
}

// --- what the seat is doing now -----------------------------------------------------------------

function interaction(view, ctx, me) {
  const places = legalWhere(ctx.legal, (a) => a.type === "place");
  const units = [...new Set(places.map(({ action }) => action.unit))];
  if (!units.includes(ui.unit)) { ui.unit = units.length === 1 ? units[0] : null; ui.cell = null; }
  const forUnit = places.filter(({ action }) => action.unit === ui.unit);
  const cells = new Map();
  for (const entry of forUnit) {
    const spot = `${entry.action.q},${entry.action.r}`;
    if (!cells.has(spot)) cells.set(spot, []);
    cells.get(spot).push(entry);
  }
  if (ui.cell && !cells.has(ui.cell)) ui.cell = null;
  const rotations = ui.cell ? cells.get(ui.cell) : [];
  if (rotations.length && !rotations.some(({ action }) => action.rotation === ui.rotation)) {
    ui.rotation = rotations[0].action.rotation;
  }
  const chosen = rotations.find(({ action }) => action.rotation === ui.rotation) || null;
  const targets = legalWhere(ctx.legal, (a) => a.type === "target");
  const rotates = legalWhere(ctx.legal, (a) => a.type === "rotate");
  const confuseCells = [...new Set(rotates.map(({ action }) => `${action.q},${action.r}`))];
  if (ui.confuseCell && !confuseCells.includes(ui.confuseCell)) ui.confuseCell = null;
  const player = me !== null ? view.players[me] : null;
  const colour = view.turn_kind === "shared" ? view.shared_colour : player && player.colour;
  return { places, units, cells, rotations, chosen, targets, rotates, confuseCells, colour };
}

// --- scores and colours ---------------------------------------------------------------------------

export function scores(view) {
  if (!view) return null;
  if (view.result && Array.isArray(view.result.scores)) return view.result.scores;
  return view.players.map((p) => p.score);
}

/** The end-of-game bar: points by kind, in the gems' colours (the solo target is not points). */
export function breakdownParts(breakdown) {
  return partsOf(breakdown, texts);
}

/**
 * Each seat in its faction's colour (the colour of its units, and of the big-gem slots that give
 * it the colour bonus). A seat whose faction is still to be drafted shows a colour no faction
 * uses, so it is never taken for a faction it may not get.
 */
const UNDRAFTED = ["#7d5ba6", "#2a9d8f", "#8d6e63", "#c2185b"];

export function seatColours(view) {
  if (!view || !Array.isArray(view.players)) return null;
  return view.players.map((p) => (p.colour && FACTIONS[p.colour] ? faction(p.colour).main : UNDRAFTED[p.seat % UNDRAFTED.length]));
}
