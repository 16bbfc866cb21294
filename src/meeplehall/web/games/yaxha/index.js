// Yaxha: the market with its tiles and the seats' initiative and secret choice cards, every
// pyramid drawn in layers as on the table (or flat from above), the cubes in hand with the legal
// spots as ghost cubes, and the bonus cards. The parts live beside this module.

import { el, ensureStyles, redrawer, tr } from "../kit.js";
import { texts } from "./texts.js";
import { bonusPanel } from "./bonus.js";
import { seatBoard, viewToggle } from "./boards.js";
import { markLastMoves } from "./lastmove.js";
import { marketPanel } from "./market.js";
import { trackPieces } from "./pieces.js";

export { texts };
export { places } from "./places.js";
export { animate } from "./reveal.js";
export { seatColours } from "./palette.js";
export { describeAction, prompt, scores } from "./words.js";
export { eventText, hiddenMoveText, logIcons } from "./log.js";
export { breakdownParts, liveScore, scoreRows } from "./score.js";
export { diagram } from "./diagram.js";
export { picture } from "./picture.js";

/** The round a view is in, for the replay's markers and its round-by-round buttons. */
export function chapter(view, ctx) {
  return { key: view.round, label: tr(ctx, "round", { n: view.round, total: view.rounds }) };
}

/** Undo takes back the seat's latest placement: the replay folds the two (a change of mind). */
export function isTakeBack(action) {
  return Boolean(action) && action.type === "undo";
}

// Local choice that survives redraws: the colour of the cube in hand about to be placed.
const ui = { colour: null };

const drawer = redrawer(draw);
let shownSeat;
let shownRoot = null;
// The pieces of the last view drawn: a local redraw (a cube picked) must not count as an update.
let tracked = null;
let trackedView = null;

/** A local redraw (a cube picked in hand) keeps the places the shell has lit. */
function redrawKeepingSpots() {
  const root = shownRoot;
  const lit = root ? [...root.querySelectorAll(".mh-spot[data-place]")].map((n) => n.dataset.place) : [];
  drawer.redraw();
  for (const key of lit) {
    for (const node of root.querySelectorAll(`[data-place="${CSS.escape(key)}"]`)) node.classList.add("mh-spot");
  }
}

export function render(root, ctx) {
  ensureStyles(new URL("../games.css", import.meta.url).href);
  ensureStyles(new URL("./style.css", import.meta.url).href);
  // A hot-seat hand-over or a replay shows another seat: forget the last seat's half-made choice.
  if (ctx.seat !== shownSeat) {
    shownSeat = ctx.seat;
    ui.colour = null;
  }
  shownRoot = root;
  drawer.render(root, ctx);
}

function mySeat(view, ctx) {
  const seat = view.seat ?? ctx.seat;
  return seat === undefined ? null : seat;
}

function chooseColour(view, ctx, me) {
  const placeable = new Set((ctx.legal || []).filter((a) => a.type === "place").map((a) => a.colour));
  if (placeable.has(ui.colour)) return;
  const hand = me !== null ? view.seats[me].hand || [] : [];
  ui.colour = hand.find((c) => placeable.has(c)) ?? null;
}

function draw(root, ctx) {
  const view = ctx.view;
  if (!view) return; // nothing to draw before the first view arrives
  const me = mySeat(view, ctx);
  if (trackedView !== view) {
    tracked = trackPieces(view);
    trackedView = view;
  }
  chooseColour(view, ctx, me);
  const order = view.seats.map((s) => s.seat);
  if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const boards = order.map((seat) => seatBoard(view, ctx, { seat, me, tracked, ui, redraw: redrawKeepingSpots }));
  const game = el("div", { class: "mh-game mh-yaxha" }, [
    marketPanel(view, ctx, me),
    el("section", { class: "yx-pyramids-panel" }, [
      el("div", { class: "yx-pyramids-head" }, [
        el("h3", { class: "yx-heading" }, [tr(ctx, "pyramids")]),
        viewToggle(ctx, redrawKeepingSpots),
      ]),
      el("div", { class: `yx-pyramids yx-n${view.seats.length}` }, boards),
    ]),
    bonusPanel(view, ctx),
  ]);
  root.append(game);
  markLastMoves(game, view, ctx, tracked);
}
