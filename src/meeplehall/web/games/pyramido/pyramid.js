// A pyramid seen from above: every quarter shows the colour and icon of the highest block over
// it, steps between stages drawn as shadowed edges, lower stages dimmed around the stage being
// built, block labels (letter and number) along the current stage, ghost dominoes on the legal
// spots of the held domino, and the colour areas of stage scoring.

import { choice, legalAction, placeAria, svg, tr } from "../kit.js";
import { blockLetter, COLOURS, colourName, dominoEdges, quarterShapes } from "./art.js";
import { blockAnchor, blockLabel, dominoQuarters, placementBlocks, placementLabel, stageSize } from "./geometry.js";
import { areaKey, blockKey, placedKey, pyramidKey, quarterKey } from "./places.js";
import { placementAria, placementText } from "./where.js";

const SIDES = [[1, 0], [0, 1], [-1, 0], [0, -1]];

/** Which placement shows on each quarter (the highest stage covering it). */
function owners(player) {
  const owner = new Map();
  const sorted = [...player.placements].sort((a, b) => a.stage - b.stage);
  for (const p of sorted) {
    const [ax, ay] = blockAnchor(p.stage, p.i, p.j);
    for (const cell of dominoQuarters(p.face, p.rotation, ax, ay)) owner.set(`${cell.x},${cell.y}`, p);
  }
  return owner;
}

/** The quarter-grid box to draw: the base once fixed, else what is placed plus where it may go. */
function extent(player, stage, targets) {
  if (player.frame) return { minX: -1, minY: -1, maxX: 2 * player.frame[0], maxY: 2 * player.frame[1] };
  const xs = [0, 3];
  const ys = [0, 3];
  for (const cell of player.top) { xs.push(cell.x); ys.push(cell.y); }
  for (const action of targets) {
    for (const [i, j] of placementBlocks(action)) {
      const [ax, ay] = blockAnchor(stage, i, j);
      xs.push(ax, ax + 1);
      ys.push(ay, ay + 1);
    }
  }
  // A rim of sand around it (the spots already reach a block beyond what is placed).
  return { minX: Math.min(...xs) - 1, minY: Math.min(...ys) - 1, maxX: Math.max(...xs) + 1, maxY: Math.max(...ys) + 1 };
}

/**
 * The top view of `player`'s pyramid as an SVG. `options`: {q, own, view, ctx, places (legal
 * place actions with index, for the held domino), rotation, scoring (legal activations), ui}.
 */
export function pyramidSvg(player, options) {
  const { q, view, ctx } = options;
  const stage = view.stage;
  const seat = player.seat;
  const targets = options.allPlaces || [];
  const box = extent(player, stage, targets.map((t) => t.action));
  const cols = box.maxX - box.minX + 1;
  const rows = box.maxY - box.minY + 1;
  const X = (x) => (x - box.minX) * q;
  const Y = (y) => (y - box.minY) * q;
  const width = cols * q;
  const height = rows * q;
  const root = svg("svg", {
    class: `pd-top${options.own ? " pd-top-own" : ""}`, viewBox: `0 0 ${width} ${height}`, width, height,
    role: "group", "aria-label": tr(ctx, "top_view"), "data-place": pyramidKey(seat),
  });
  root.append(svg("rect", { x: 0, y: 0, width, height, rx: q * 0.4, class: "pd-sand" }));
  if (player.frame) {
    root.append(svg("rect", { x: X(0), y: Y(0), width: 2 * player.frame[0] * q, height: 2 * player.frame[1] * q, class: "pd-frame" }));
  }
  drawPlacements(root, player, stage, X, Y, q, options);
  drawSteps(root, player, stage, X, Y, q);
  if (player.frame && view.phase !== "over") drawStageGuide(root, player, stage, X, Y, q, q >= 20);
  drawLegalSlots(root, player, stage, targets.map((t) => t.action), X, Y, q);
  if (player.scoring) drawAreas(root, player, X, Y, q, options);
  if (options.places && options.places.length) drawTargets(root, player, stage, X, Y, q, options);
  return root;
}

function drawPlacements(root, player, stage, X, Y, q, options) {
  const { ctx, view } = options;
  const owner = owners(player);
  const topAt = new Map(player.top.map((cell) => [`${cell.x},${cell.y}`, cell]));
  const dimmed = [];
  for (const p of player.placements) {
    const group = svg("g", { class: `pd-placed pd-stage-${p.stage}`, "data-piece": `dom-${p.domino}`, "data-place": placedKey(p.domino) });
    const [ax, ay] = blockAnchor(p.stage, p.i, p.j);
    const cells = dominoQuarters(p.face, p.rotation, ax, ay);
    const mine = cells.filter((cell) => owner.get(`${cell.x},${cell.y}`) === p);
    for (const cell of mine) {
      const shown = topAt.get(`${cell.x},${cell.y}`) || cell;
      const shapes = quarterShapes(shown, X(cell.x), Y(cell.y), q);
      // Each visible quarter is a place: a scored area's squares light in the breakdown.
      shapes[0].setAttribute("data-place", quarterKey(player.seat, cell.x, cell.y));
      group.append(...shapes);
    }
    // Lower stages stay visible around the stage being built, a little dimmed.
    if (p.stage < stage && view.phase !== "over") {
      for (const cell of mine) dimmed.push(`M${X(cell.x)} ${Y(cell.y)}h${q}v${q}h${-q}z`);
    }
    if (mine.length === 8) {
      group.append(...dominoEdges(p.rotation, X(ax), Y(ay), q));
    }
    // The colour letter of each block whose centre still shows.
    for (const block of ["a", "b"]) {
      const quarters = cells.filter((c) => c.block === block);
      const visible = quarters.filter((c) => owner.get(`${c.x},${c.y}`) === p);
      if (visible.length === 4) {
        const cx = X(Math.min(...quarters.map((c) => c.x))) + q;
        const cy = Y(Math.min(...quarters.map((c) => c.y))) + q;
        group.append(blockLetter(quarters[0].colour, cx, cy, q * 0.8, ctx));
      }
    }
    const tip = tr(ctx, "placed_tip", {
      a: colourName(ctx, p.face.a_colour), an: p.face.a_icons.length,
      b: colourName(ctx, p.face.b_colour), bn: p.face.b_icons.length, stage: p.stage,
    });
    group.append(svg("title", {}, [tip]));
    // A screen reader hears where the domino lies by its blocks' labels, once the base has its grid.
    group.setAttribute("role", "img");
    group.setAttribute("aria-label", placeAria(tip, placementLabel(p, player.frame)));
    root.append(group);
    // Each block's place, for the log and the hints to point at.
    for (const [i, j] of placementBlocks(p)) {
      const [bx, by] = blockAnchor(p.stage, i, j);
      root.append(svg("rect", { x: X(bx), y: Y(by), width: 2 * q, height: 2 * q, class: "pd-slot", "data-place": blockKey(player.seat, p.stage, i, j) }));
    }
  }
  // One shape for all the dimmed quarters (the stages below the one being built).
  if (dimmed.length) root.append(svg("path", { d: dimmed.join(""), class: "pd-dim" }));
}

/** Shadowed edges where a higher stage steps down to a lower one: the pyramid's layers. */
function drawSteps(root, player, stage, X, Y, q) {
  const byPos = new Map(player.top.map((cell) => [`${cell.x},${cell.y}`, cell]));
  const path = [];
  for (const cell of player.top) {
    if (cell.stage < 2) continue;
    for (const [dx, dy] of SIDES) {
      const other = byPos.get(`${cell.x + dx},${cell.y + dy}`);
      if (other && other.stage >= cell.stage) continue;
      const x1 = X(cell.x) + (dx === 1 ? q : 0);
      const y1 = Y(cell.y) + (dy === 1 ? q : 0);
      path.push(`M${x1} ${y1} L${dx === 0 ? x1 + q : x1} ${dy === 0 ? y1 + q : y1}`);
    }
  }
  if (path.length) root.append(svg("path", { d: path.join(" "), class: "pd-step" }));
}

/** The current stage's blocks: a faint grid with a letter above each column, a number by each row. */
function drawStageGuide(root, player, stage, X, Y, q, labelled) {
  const [w, h] = stageSize(player.frame, stage);
  const [ox, oy] = blockAnchor(stage, 0, 0);
  const guide = svg("g", { class: "pd-guide", "aria-hidden": "true" });
  guide.append(svg("rect", { x: X(ox), y: Y(oy), width: 2 * w * q, height: 2 * h * q, class: "pd-stage-outline" }));
  const size = Math.min(q * 0.55, 14);
  // Labels only where the board is large enough to read them (texts name only those spots).
  for (let i = 0; labelled && i < w; i += 1) {
    guide.append(svg("text", { x: X(ox + 2 * i) + q, y: Y(oy) - q * 0.15 - (stage === 1 ? 0 : 0), "font-size": size, class: "pd-axis mh-coord", "text-anchor": "middle" }, [blockLabel(i, 0).slice(0, 1)]));
  }
  for (let j = 0; labelled && j < h; j += 1) {
    guide.append(svg("text", { x: X(ox) - q * 0.2, y: Y(oy + 2 * j) + q, "font-size": size, class: "pd-axis mh-coord", "text-anchor": "end", "dominant-baseline": "central" }, [String(j + 1)]));
  }
  // Every free block of the stage has a place too (hints and log lines point at it).
  const drawn = new Set([...root.querySelectorAll("[data-place]")].map((n) => n.dataset.place));
  for (let i = 0; i < w; i += 1) {
    for (let j = 0; j < h; j += 1) {
      if (drawn.has(blockKey(player.seat, stage, i, j))) continue;
      const [bx, by] = blockAnchor(stage, i, j);
      guide.append(svg("rect", { x: X(bx), y: Y(by), width: 2 * q, height: 2 * q, class: "pd-slot", "data-place": blockKey(player.seat, stage, i, j) }));
    }
  }
  root.append(guide);
}

/** Every block a legal placement would cover has its place (before the base is fixed, no grid
 * gives them one), so a hint can point at it whatever the rotation shown. */
function drawLegalSlots(root, player, stage, actions, X, Y, q) {
  const drawn = new Set([...root.querySelectorAll("[data-place]")].map((n) => n.dataset.place));
  for (const action of actions) {
    for (const [i, j] of placementBlocks(action)) {
      const key = blockKey(player.seat, stage, i, j);
      if (drawn.has(key)) continue;
      drawn.add(key);
      const [bx, by] = blockAnchor(stage, i, j);
      root.append(svg("rect", { x: X(bx), y: Y(by), width: 2 * q, height: 2 * q, class: "pd-slot", "data-place": key }));
    }
  }
}

function drawTargets(root, player, stage, X, Y, q, options) {
  const { ctx, view, places, ui, onHover } = options;
  const layer = svg("g", { class: "pd-targets" });
  const ghostLayer = svg("g", { class: "pd-ghosts", "aria-hidden": "true" });
  const showGhost = (action) => {
    ghostLayer.replaceChildren();
    if (!action) return;
    const [ax, ay] = blockAnchor(stage, action.i, action.j);
    const ghost = svg("g", { class: "pd-ghost" });
    for (const cell of dominoQuarters(view.held_domino, action.rotation, ax, ay)) ghost.append(...quarterShapes(cell, X(cell.x), Y(cell.y), q));
    ghost.append(...dominoEdges(action.rotation, X(ax), Y(ay), q));
    ghostLayer.append(ghost);
  };
  for (const { action, index } of places) {
    const [ax, ay] = blockAnchor(stage, action.i, action.j);
    // Said by its edge of the stage and what it covers; its blocks' labels are for a screen
    // reader (and for the page when the reader shows coordinates).
    const where = placementText(ctx, player, stage, action);
    const text = where
      ? tr(ctx, "place_here_at", { where, stage })
      : tr(ctx, "place_here", { side: tr(ctx, `side_${action.rotation}`) });
    const aria = where ? tr(ctx, "place_here_at", { where: placementAria(ctx, player, stage, action), stage }) : text;
    // Block A's square is the target (the spots of one rotation never overlap that way); the
    // ghost shows where block B goes.
    const spot = svg("rect", {
      x: X(ax) + 3, y: Y(ay) + 3, width: 2 * q - 6, height: 2 * q - 6, rx: q * 0.3, class: "pd-target",
    }, [svg("title", {}, [text])]);
    const show = () => { ui.hover = index; ghostLayer.classList.remove("pd-ghost-idle"); showGhost(action); onHover(index); };
    spot.addEventListener("mouseenter", show);
    spot.addEventListener("focus", show);
    layer.append(legalAction(spot, ctx, index, aria));
  }
  root.append(layer, ghostLayer);
  // Until the player points at a spot, the first one shows the domino lying there, fainter.
  const hovered = places.find((p) => p.index === ui.hover);
  if (hovered) showGhost(hovered.action);
  else {
    showGhost(places[0].action);
    ghostLayer.classList.add("pd-ghost-idle");
  }
}

function areaCentre(area, X, Y, q) {
  // The cell nearest the area's middle that belongs to it: the badge sits on the area itself.
  const mx = area.cells.reduce((s, [x]) => s + x, 0) / area.cells.length;
  const my = area.cells.reduce((s, [, y]) => s + y, 0) / area.cells.length;
  let best = area.cells[0];
  let bestD = Infinity;
  for (const cell of area.cells) {
    const d = (cell[0] - mx) ** 2 + (cell[1] - my) ** 2;
    if (d < bestD) { best = cell; bestD = d; }
  }
  return [X(best[0]) + q / 2, Y(best[1]) + q / 2];
}

function outline(cells, X, Y, q) {
  const inside = new Set(cells.map(([x, y]) => `${x},${y}`));
  const path = [];
  for (const [x, y] of cells) {
    for (const [dx, dy] of SIDES) {
      if (inside.has(`${x + dx},${y + dy}`)) continue;
      const x1 = X(x) + (dx === 1 ? q : 0);
      const y1 = Y(y) + (dy === 1 ? q : 0);
      path.push(`M${x1} ${y1} L${dx === 0 ? x1 + q : x1} ${dy === 0 ? y1 + q : y1}`);
    }
  }
  return path.join(" ");
}

/** Stage scoring: areas already activated glow with their value; the seat picks the others. */
function drawAreas(root, player, X, Y, q, options) {
  const { ctx, ui, scoring, onArea, rises } = options;
  const pickable = new Set((scoring || []).map(({ action }) => action.area));
  for (const area of player.scoring.areas) {
    const lit = area.activated;
    const selectable = !lit && pickable.has(area.area);
    if (!lit && !selectable) continue;
    const selected = selectable && ui.area === area.area;
    const label = tr(ctx, "area_label", { colour: colourName(ctx, area.colour), value: area.value });
    const group = svg("g", {
      class: `pd-area${lit ? " pd-area-lit" : ""}${selected ? " pd-area-selected" : ""}${selectable ? " pd-area-pick" : ""}`,
      "data-place": areaKey(player.seat, area.area), "data-area": area.area,
    }, [svg("title", {}, [lit ? tr(ctx, "area_lit", { colour: colourName(ctx, area.colour), value: area.value }) : label])]);
    area.cells.forEach(([x, y], n) => {
      const cell = svg("rect", { x: X(x), y: Y(y), width: q, height: q, class: "pd-area-cell" });
      if (selectable) {
        // Every cell picks the area (an area need not contain its own centre); only the first
        // is a tab stop, so the keyboard visits each area once.
        choice(cell, `area-map-${area.area}`, () => onArea(area.area), label);
        if (n > 0) cell.setAttribute("tabindex", "-1");
      }
      group.append(cell);
    });
    group.append(svg("path", { d: outline(area.cells, X, Y, q), class: "pd-area-edge" }));
    if (lit || selected) {
      const [cx, cy] = areaCentre(area, X, Y, q);
      group.append(svg("g", { class: "pd-area-value", "aria-hidden": "true" }, [
        svg("circle", { cx, cy, r: q * 0.5, fill: COLOURS[area.colour].dark }),
        svg("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", "font-size": q * 0.55 }, [String(area.value)]),
      ]));
      const rise = (rises || []).find((e) => e.area === area.area);
      if (rise) {
        group.append(svg("text", { x: cx, y: cy - q * 0.8, "text-anchor": "middle", "font-size": q * 0.8, class: "mh-rise pd-rise" }, [`+${rise.points}`]));
      }
    }
    root.append(group);
  }
}
