// Pyramido: the exploration area (five spaces, their face-up dominoes or backs, their gems), the
// seat's own pyramid drawn large with the held domino's ghost on its legal spots, the other
// pyramids beside it, the stage scoring step and the solo Legendary Explorer. The other modules of
// this folder draw the parts; this one puts them together and speaks for the log and the prompt.

import { el, ensureStyles, focusPlacesIfAwaited, focusStepIfAwaited, legalWhere, pageText, redrawer, seatName, tr } from "../kit.js";
import { texts } from "./texts.js";
import { ensureGemDefs, gemStacks } from "./art.js";
import { explorationArea, supply } from "./exploration.js";
import { freshEvents, lastTurns, markLast } from "./last.js";
import { explorerPanel, heldByOther, placePanel, rotationsWithMoves, scoringPanel } from "./panels.js";
import { heldGemsKey, places, spaceKey } from "./places.js";
import { pyramidSvg } from "./pyramid.js";
import { placementText } from "./where.js";
import { breakdownParts as stageParts } from "./score.js";

export { animate } from "./motion.js";
export { diagram } from "./diagram.js";
export { picture } from "./picture.js";
export { eventText, logIcons } from "./log.js";
export { liveScore, scoreRows } from "./score.js";
export { places, texts };

/**
 * The dominoes are the hall's own set unless a table names a data file (option `dominoes`): the
 * lobby's card and the create form say so (the text `community_set`).
 */
export const communitySet = { option: "dominoes", builtIn: "" };

/** The stage a view is in, for the replay's markers and its stage-by-stage buttons. */
export function chapter(view, ctx) {
  return { key: view.stage, label: tr(ctx, "stage", { n: view.stage }) };
}

// Local choices that survive redraws.
const ui = { rotation: null, area: null, hover: null };
const drawer = redrawer(draw);
let shownSeat;
let rotateKeys = null; // the current "turn the held domino" handler for the R key

export function render(root, ctx) {
  // Not games.css: its old Pyramido rules would fight these (a phone's spaces overflowed).
  ensureStyles(new URL("./style.css", import.meta.url).href);
  ensureGemDefs();
  // A hot-seat hand-over or a replay shows another seat: forget the last seat's half-made choice.
  if (ctx.seat !== shownSeat) {
    shownSeat = ctx.seat;
    ui.rotation = null; ui.area = null; ui.hover = null;
  }
  drawer.render(root, ctx);
}

function mySeat(view, ctx) {
  const seat = view.seat ?? ctx.seat;
  return seat === undefined ? null : seat;
}

// R turns the held domino clockwise, shift+R anticlockwise, while the page shows it.
document.addEventListener("keydown", (event) => {
  if (!rotateKeys || event.key.toLowerCase() !== "r" || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  if (!document.querySelector(".pd-place-panel")) return;
  event.preventDefault();
  rotateKeys(event.shiftKey ? -1 : 1);
});

function draw(root, ctx) {
  const view = ctx.view;
  if (!view) return;
  const me = mySeat(view, ctx);
  rotateKeys = null;
  const board = el("div", { class: "mh-game mh-pyramido pd-board" }, [
    topBar(view, ctx),
    explorationArea(view, ctx),
    mainArea(view, ctx, me),
  ]);
  root.append(board);
  markLastTurns(board, view, ctx);
  // A domino taken from the keyboard may first need a pile turned face up: focus that step.
  if (legalWhere(ctx.legal, (a) => a.type === "reveal").length) focusStepIfAwaited(".pd-reveal[data-legal]");
}

function topBar(view, ctx) {
  const stages = [1, 2, 3, 4].map((n) => el("li", {
    class: `pd-stage-pip${n === view.stage ? " pd-current" : ""}${n < view.stage || view.phase === "over" ? " pd-done" : ""}`,
    title: tr(ctx, "stage", { n }),
  }, [String(n)]));
  return el("div", { class: "pd-topbar" }, [
    el("div", { class: "pd-stages" }, [
      el("span", { class: "pd-label" }, [tr(ctx, "stage_word")]),
      el("ol", { class: "pd-stage-track", "aria-label": tr(ctx, "stage", { n: view.stage }) }, stages),
      el("span", { class: "pd-turns" }, [tr(ctx, "turns", { n: view.turns_per_player })]),
    ]),
    supply(view, ctx),
  ]);
}

function mainArea(view, ctx, me) {
  const order = view.players.map((p) => p.seat);
  const ownSeat = me !== null && view.players[me] ? me : null;
  const others = order.filter((seat) => seat !== ownSeat);
  const side = [];
  if (ownSeat !== null) {
    const places = legalWhere(ctx.legal, (a) => a.type === "place");
    if (view.held_domino && view.active === ownSeat && places.length) {
      side.push(placeSection(view, ctx, places));
      focusPlacesIfAwaited(); // the domino was taken from the keyboard: on to where it goes
    }
    else if (view.phase === "score" && view.players[ownSeat].scoring) side.push(scoringPanel(view, ctx, ownSeat, ui, pickArea));
  }
  if (view.held_domino && view.active !== ownSeat && view.phase !== "score") side.push(heldByOther(view, ctx));
  if (view.explorer) side.push(explorerPanel(view, ctx));
  const rest = others.map((seat) => pyramidFigure(view, ctx, seat, false));
  if (ownSeat === null) {
    // A spectator or a replay: every pyramid the same size, side by side.
    return el("div", { class: "pd-tables" }, [el("div", { class: "pd-others pd-all" }, rest), ...side]);
  }
  // The seat's own pyramid large; its panel, then the other pyramids beside it.
  if (rest.length) side.push(el("div", { class: "pd-others" }, rest));
  return el("div", { class: "pd-tables" }, [el("div", { class: "pd-main" }, [
    pyramidFigure(view, ctx, ownSeat, true),
    side.length ? el("div", { class: "pd-side" }, side) : null,
  ])]);
}

function placeSection(view, ctx, places) {
  const rotations = rotationsWithMoves(places);
  if (!rotations.includes(ui.rotation)) ui.rotation = rotations[0];
  const turn = (step) => () => {
    const at = rotations.indexOf(ui.rotation);
    ui.rotation = rotations[(at + step + rotations.length) % rotations.length];
    ui.hover = null;
    drawer.redraw();
  };
  if (rotations.length > 1) rotateKeys = (step) => turn(step)();
  return placePanel(view, ctx, rotations, ui, turn);
}

function pickArea(area) {
  ui.area = area;
  drawer.redraw();
}

/** Whether the page shows a seat's own pyramid (the others are then drawn smaller beside it). */
function ownSeatShown(view, ctx) {
  const me = mySeat(view, ctx);
  return me !== null && Boolean(view.players[me]);
}

function pyramidFigure(view, ctx, seat, own) {
  const player = view.players[seat];
  const allPlaces = own && view.held_domino ? legalWhere(ctx.legal, (a) => a.type === "place") : [];
  const placesNow = allPlaces.filter(({ action }) => action.rotation === ui.rotation);
  const title = own ? tr(ctx, "your_pyramid") : tr(ctx, "pyramid_of", { name: seatName(ctx, seat) });
  const narrow = window.matchMedia("(max-width: 640px)").matches;
  const top = pyramidSvg(player, {
    q: own ? (narrow ? 30 : 36) : ownSeatShown(view, ctx) ? (narrow ? 14 : 16) : 26, own, view, ctx, ui,
    places: placesNow, allPlaces,
    scoring: own ? legalWhere(ctx.legal, (a) => a.type === "activate") : [],
    onArea: pickArea,
    onHover: () => {},
    // "+n" only while drawing the update that scored it, not on a redraw.
    rises: ctx.drawing?.type === "update" ? freshEvents(ctx).filter((e) => e.type === "area_activated" && e.seat === seat) : [],
  });
  const colour = typeof ctx.seatColour === "function" ? ctx.seatColour(seat) : null;
  return el("figure", {
    class: `pd-pyramid${own ? " pd-own" : ""}${view.active === seat && view.phase !== "score" && view.phase !== "over" ? " pd-active" : ""}`,
    "data-seat": seat, style: colour ? `--seat-colour:${colour}` : null,
  }, [
    el("figcaption", {}, [
      el("span", { class: "pd-seat-dot", "aria-hidden": "true" }),
      el("strong", {}, [title]),
      el("span", { class: "pd-score", title: player.stage_scores.length ? tr(ctx, "stage_scores", { list: player.stage_scores.join(" / ") }) : null }, [tr(ctx, "score_n", { n: player.score })]),
    ]),
    top,
    el("div", { class: "pd-held-gems", "data-place": heldGemsKey(seat) }, [gemStacks(player.gems, ctx, own ? 24 : 20)]),
  ]);
}

/** Outline every seat's last turn: the space it took from, the domino, where it went. */
function markLastTurns(board, view, ctx) {
  for (const [seat, turn] of lastTurns(ctx)) {
    if (turn.space) markLast(board.querySelector(`[data-place="${spaceKey(turn.space)}"]`), seat, ctx);
    const domino = turn.placedDomino ?? turn.domino;
    if (domino !== null && domino !== undefined) {
      for (const node of board.querySelectorAll(`[data-piece="dom-${domino}"]`)) markLast(node, seat, ctx);
    }
  }
}

// --- prompt, log, descriptions, scores --------------------------------------------------------

export function prompt(view, legal, ctx) {
  if (!view) return "";
  const me = mySeat(view, ctx);
  if (view.phase === "over") return tr(ctx, "prompt_over");
  const kinds = new Set((legal || []).map((a) => a.type));
  if (kinds.has("take")) return tr(ctx, "prompt_take");
  if (kinds.has("split")) return tr(ctx, "prompt_split", { n: view.emptied_space });
  if (kinds.has("reveal")) return tr(ctx, "prompt_reveal");
  if (kinds.has("place")) return tr(ctx, "prompt_place");
  if (kinds.has("activate") || kinds.has("finish")) return tr(ctx, "prompt_score");
  if (kinds.has("discard")) return tr(ctx, "prompt_discard");
  const waiting = (view.to_move || []).filter((s) => s !== me).map((s) => seatName(ctx, s));
  return waiting.length ? tr(ctx, "prompt_wait", { names: waiting.join(", ") }) : tr(ctx, "prompt_wait_none");
}

/** One line saying what an action does (the hint, a replay step, the log). */
export function describeAction(action, ctx) {
  switch (action.type) {
    case "take":
      return action.gem
        ? tr(ctx, "take_label", { n: action.space, gem: tr(ctx, `gem_${action.gem}`) })
        : tr(ctx, "act_take_no_gem", { n: action.space });
    case "split":
      return tr(ctx, "act_split", { pile: action.pile });
    case "reveal":
      return tr(ctx, "act_reveal", { pile: action.pile });
    case "place":
      return placeText(action, ctx);
    case "activate":
      return activationText(action, ctx);
    case "finish":
      return tr(ctx, "act_finish");
    case "discard":
      return tr(ctx, "discard_label", { gem: tr(ctx, `gem_${action.gem}`) });
    default:
      return "";
  }
}

/** A placement named by its edge of the stage and what it covers, once the base has its grid. */
function placeText(action, ctx) {
  const view = ctx.view;
  const player = view && Array.isArray(view.players) ? view.players[ctx.actor ?? view.active] : null;
  const where = player ? placementText(ctx, player, view.stage, action) : null;
  if (where) return tr(ctx, "act_place_at", { where, stage: view.stage });
  const side = tr(ctx, `side_${action.rotation}`);
  return tr(ctx, player ? "act_place_base" : "act_place_side", { side });
}

function activationText(action, ctx) {
  // The area's colour and value are in the view while its seat scores the stage.
  const player = ctx.view && Array.isArray(ctx.view.players) ? ctx.view.players[ctx.actor] : null;
  const area = player && player.scoring ? player.scoring.areas.find((a) => a.area === action.area) : null;
  const factor = action.units === 3 ? 2 : 1;
  const pay = [];
  if (action.coloured) pay.push(`${action.coloured} × ${area ? tr(ctx, `gem_${area.colour}`) : tr(ctx, "gem_area_colour")}`);
  if (action.mythical) pay.push(`${action.mythical} × ${tr(ctx, "gem_mythical")}`);
  const paid = pay.join(" + ");
  if (!area) return tr(ctx, "act_activate_area", { pay: paid, factor });
  return tr(ctx, "act_activate", {
    colour: tr(ctx, `gem_${area.colour}`), value: area.value, pay: paid, points: area.value * factor,
  });
}

export function scores(view) {
  if (!view) return null;
  if (view.result && Array.isArray(view.result.scores)) return view.result.scores;
  return view.players.map((p) => p.score);
}

/** The end-of-game bar: the four stage scores in the pyramid's sandstone (held gems only break ties). */
export function breakdownParts(breakdown) {
  return stageParts(breakdown, (n) => pageText(texts, `breakdown.stage ${n}`));
}
