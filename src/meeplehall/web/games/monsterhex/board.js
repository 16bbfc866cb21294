// The board as one SVG: cells with their labels, gem sites, units, the seats' last moves, and
// the targets of the seat to move (cells for a unit, ability targets, a unit to Confuse), with
// the chosen unit's ghost on its cell: green bars where its edges match, turned by the wheel,
// a drag around the cell, a click, or the keyboard.

import { choice, legalAction, markLast, seatName, svg, tr } from "../kit.js";
import { counterGem, gemShape } from "./gems.js";
import { APOTHEM, SIZE, centre, extent, hexPoints, key, neighbour, powersAt, towards } from "./geometry.js";
import { placeKey, placeName } from "./labels.js";
import { gemAria, whereAria, whereText } from "./where.js";
import { lastPlaces } from "./lastmoves.js";
import { unitShape, unitTooltip } from "./units.js";

/** data-piece of a unit: its faction and its id (one of each per faction). */
export function pieceKey(colour, id) {
  return `unit-${colour || "none"}-${id}`;
}

function ownerName(ctx, unit) {
  if (unit.shared) return tr(ctx, "shared_faction");
  return unit.owner !== null && unit.owner !== undefined ? seatName(ctx, unit.owner) : "";
}

/**
 * The board. `state` is the renderer's reading of the legal actions, `ui` its local choices,
 * `redraw` redraws after a local choice, `rises` the "+N" to float over gems for a fresh update.
 */
export function boardSvg(view, ctx, state, ui, redraw, rises) {
  const box = extent(view);
  const root = svg("svg", {
    class: "mx-board",
    viewBox: `${box.minX.toFixed(0)} ${box.minY.toFixed(0)} ${box.width.toFixed(0)} ${box.height.toFixed(0)}`,
    role: "group",
    "aria-label": tr(ctx, "board"),
  });
  root.style.setProperty("--mx-aspect", `${box.width.toFixed(0)} / ${box.height.toFixed(0)}`);
  const marks = lastPlaces(ctx);
  const byPos = new Map(view.cells.map((c) => [key(c.q, c.r), c]));
  const cellLayer = svg("g", { class: "mx-cells" });
  const unitLayer = svg("g", { class: "mx-units" });
  const gemLayer = svg("g", { class: "mx-gems" });
  for (const cell of view.cells) {
    const [cx, cy] = centre(cell.q, cell.r);
    const label = placeName(view, cell.q, cell.r);
    const place = svg("g", { class: "mx-place", "data-place": placeKey(cell.q, cell.r) });
    const hex = svg("polygon", { points: hexPoints(cx, cy, SIZE - 1.5), class: `mx-cell${cell.start ? " mx-start" : ""}${cell.outer ? " mx-outer" : ""}` });
    // The cell says where it is in words (its tooltip), and with its label to a screen reader.
    const kind = cell.start ? "start_cell" : "cell";
    hex.setAttribute("role", "img");
    hex.setAttribute("aria-label", tr(ctx, kind, { where: whereAria(ctx, view, cell.q, cell.r) }));
    place.append(hex, svg("title", {}, [tr(ctx, kind, { where: whereText(ctx, view, cell.q, cell.r) })]));
    if (cell.start && !cell.unit) {
      place.append(svg("text", { x: cx, y: cy + 6, class: "mx-start-mark", "font-size": 15 }, [tr(ctx, "start_short")]));
    }
    place.append(svg("text", { x: cx, y: cy - SIZE * 0.66, class: "mh-coord mx-cell-label", "font-size": 11 }, [label]));
    if (marks.has(placeKey(cell.q, cell.r))) markLast(place, marks.get(placeKey(cell.q, cell.r)), ctx);
    cellLayer.append(place);
    if (cell.counter_gem) gemLayer.append(counterGem(view, cell, cx, cy, ctx));
    if (cell.unit) {
      const unit = cell.unit;
      const shape = unitShape(unit, unit.powers, cx, cy, ctx, { title: unitTooltip(ctx, unit, unit.powers, ownerName(ctx, unit)) });
      shape.dataset.piece = pieceKey(unit.colour, unit.id);
      shape.dataset.at = placeKey(cell.q, cell.r);
      // The unit answers to its cell's place too, so a log line about the cell lights the unit
      // that covers it (the shell lights every node of a place).
      shape.dataset.place = placeKey(cell.q, cell.r);
      // A unit new on the board slides in from its player's hand (the players list).
      shape.dataset.from = `hand-${unit.placed_by ?? (unit.shared ? "shared" : unit.owner)}`;
      shape.append(svg("text", { x: cx, y: cy - SIZE * 0.66, class: "mh-coord mx-cell-label mx-on-unit", "font-size": 9 }, [label]));
      if (marks.has(placeKey(cell.q, cell.r))) markLast(shape, marks.get(placeKey(cell.q, cell.r)), ctx);
      unitLayer.append(shape);
    }
  }
  for (const gem of view.gems) {
    const [cx, cy] = centre(gem.q, gem.r);
    const place = svg("g", { class: "mx-place", "data-place": placeKey(gem.q, gem.r) }, [gemShape(view, gem, cx, cy, ctx)]);
    place.setAttribute("aria-label", gemAria(ctx, view, gem.q, gem.r));
    place.append(svg("text", { x: cx, y: cy - SIZE * 0.66, class: "mh-coord mx-cell-label mx-gem-label", "font-size": 11 }, [placeName(view, gem.q, gem.r)]));
    if (marks.has(placeKey(gem.q, gem.r))) markLast(place, marks.get(placeKey(gem.q, gem.r)), ctx);
    gemLayer.append(place);
  }
  root.append(cellLayer, gemLayer, unitLayer);
  const targets = svg("g", { class: "mx-targets" });
  if (ui.unit) {
    for (const [spot, entries] of state.cells) {
      const [q, r] = spot.split(",").map(Number);
      const [cx, cy] = centre(q, r);
      const words = (where) => tr(ctx, "choose_cell", { where, n: entries.length, count: entries.length });
      const target = svg("polygon", { points: hexPoints(cx, cy, SIZE - 5), class: `mx-target${ui.cell === spot ? " mx-chosen" : ""}` }, [svg("title", {}, [words(whereText(ctx, view, q, r))])]);
      targets.append(choice(target, `cell-${q}-${r}`, () => { ui.cell = spot; redraw(); }, words(whereAria(ctx, view, q, r))));
    }
  }
  for (const { action, index } of state.targets) {
    const [cx, cy] = centre(action.q, action.r);
    const words = (where) => tr(ctx, "ability_target", { where });
    const spot = svg("polygon", { points: hexPoints(cx, cy, SIZE - 5), class: "mx-target mx-ability-target" }, [svg("title", {}, [words(whereText(ctx, view, action.q, action.r))])]);
    targets.append(legalAction(spot, ctx, index, words(whereAria(ctx, view, action.q, action.r))));
  }
  for (const spotKey of state.confuseCells) {
    const [q, r] = spotKey.split(",").map(Number);
    const [cx, cy] = centre(q, r);
    const words = (where) => tr(ctx, "confuse_unit", { where });
    const spot = svg("polygon", { points: hexPoints(cx, cy, SIZE - 5), class: `mx-target mx-ability-target${ui.confuseCell === spotKey ? " mx-chosen" : ""}` }, [svg("title", {}, [words(whereText(ctx, view, q, r))])]);
    targets.append(choice(spot, `confuse-${q}-${r}`, () => { ui.confuseCell = spotKey; redraw(); }, words(whereAria(ctx, view, q, r))));
  }
  root.append(targets);
  if (state.chosen) root.append(ghost(view, ctx, state, ui, redraw, byPos));
  for (const rise of rises) {
    const [cx, cy] = centre(rise.q, rise.r);
    root.append(svg("text", { x: cx, y: cy - SIZE * 0.2, class: "mh-rise mx-rise", "font-size": 26, fill: rise.colour }, [`+${rise.points}`]));
  }
  return root;
}

/** The chosen unit on the chosen cell, turned to the chosen rotation. */
function ghost(view, ctx, state, ui, redraw, byPos) {
  const action = state.chosen.action;
  const [cx, cy] = centre(action.q, action.r);
  const powers = powersAt(view, action.unit, action.rotation);
  const type = view.unit_types[action.unit];
  const group = svg("g", { class: "mx-preview" });
  const unit = { id: action.unit, rank: type.rank, red_letter: type.red_letter, colour: state.colour, shared: view.turn_kind === "shared" };
  group.append(unitShape(unit, powers, cx, cy, ctx));
  powers.forEach((power, direction) => {
    const [q, r] = neighbour(action.q, action.r, direction);
    const other = byPos.get(key(q, r));
    if (!other || !other.unit) return;
    const facing = other.unit.powers[(direction + 3) % 6];
    const [ex, ey] = towards(cx, cy, direction, APOTHEM);
    const angle = Math.atan2(ey - cy, ex - cx);
    const half = SIZE / 2 - 6;
    const [px, py] = [-Math.sin(angle) * half, Math.cos(angle) * half];
    group.append(svg("line", {
      x1: ex - px, y1: ey - py, x2: ex + px, y2: ey + py, class: power === facing ? "mx-match" : "mx-mismatch",
    }, [svg("title", {}, [tr(ctx, power === facing ? "edge_match" : "edge_differs", { a: power, b: facing })])]));
  });
  // The ghost's own outline: dashed, so it never reads as a unit already placed.
  group.append(svg("polygon", { points: hexPoints(cx, cy, SIZE - 2), class: "mx-ghost-ring" }));
  const label = tr(ctx, "ghost_rotate");
  group.append(svg("title", {}, [label]));
  const turn = (steps) => {
    const rotations = state.rotations.map(({ action: a }) => a.rotation);
    const at = rotations.indexOf(ui.rotation);
    ui.rotation = rotations[(((at + steps) % rotations.length) + rotations.length) % rotations.length];
    redraw();
  };
  let dragged = false;
  choice(group, "ghost-rotate", () => {
    if (dragged) { dragged = false; return; }
    turn(1);
  }, label);
  group.addEventListener("wheel", (event) => {
    if (event.ctrlKey) return; // ctrl+wheel is the page's zoom
    event.preventDefault();
    turn(event.deltaY > 0 ? 1 : -1);
  }, { passive: false });
  group.addEventListener("pointerdown", (event) => startDrag(event, group, cx, cy, ui, state, redraw, () => { dragged = true; }));
  return group;
}

/** Turning the ghost by dragging around its cell: every sixth of a turn is one rotation. */
function startDrag(event, group, cx, cy, ui, state, redraw, onTurned) {
  const board = group.ownerSVGElement;
  if (!board) return;
  const angleAt = (e) => {
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(board.getScreenCTM().inverse());
    return Math.atan2(point.y - cy, point.x - cx);
  };
  const start = angleAt(event);
  const legal = state.rotations.map(({ action }) => action.rotation);
  const from = ui.rotation;
  let shown = from;
  const move = (e) => {
    let delta = angleAt(e) - start;
    delta = Math.atan2(Math.sin(delta), Math.cos(delta));
    // Rotations count counter-clockwise on screen, where angles decrease.
    const steps = Math.round(-delta / (Math.PI / 3));
    if (!steps) return;
    const wanted = (((from + steps) % 6) + 6) % 6;
    const nearest = legal.reduce((best, r) => (ringDistance(r, wanted) < ringDistance(best, wanted) ? r : best), legal[0]);
    if (nearest !== shown) {
      shown = nearest;
      ui.rotation = nearest;
      onTurned();
      preview(group, state, nearest - from);
    }
  };
  const stop = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", stop);
    window.removeEventListener("pointercancel", stop);
    if (shown !== from) redraw();
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", stop);
  window.addEventListener("pointercancel", stop);
}

function ringDistance(a, b) {
  const d = Math.abs(a - b) % 6;
  return Math.min(d, 6 - d);
}

/** During a drag the ghost turns in place (a full redraw would lose the pointer). */
function preview(group, state, steps) {
  const unit = group.querySelector(".mx-unit");
  if (!unit) return;
  for (const bar of group.querySelectorAll(".mx-match, .mx-mismatch")) bar.remove();
  const turned = (steps * -60) % 360;
  const [cx, cy] = centre(state.chosen.action.q, state.chosen.action.r);
  unit.setAttribute("transform", `rotate(${turned} ${cx} ${cy})`);
}
