// Pyramido: the exploration area (five piles, face-up dominoes, the backs of face-down tops with
// their colours and icon counts, the gem areas), each pyramid as a top view of quarter cells with
// its stages outlined, the held domino with a rotating placement preview, the stage scoring step
// (pick an area, pay gems, see the points before finishing), the five-gem discard and the solo
// Legendary Explorer panel.

import {
  choice, choiceButton, el, ensureStyles, legalAction, legalButton, legalWhere, redrawer,
  pageText, seatName, section, svg, tr,
} from "./kit.js";
import { texts } from "./pyramido_texts.js";

export { texts };

const COLOURS = {
  orange: { hex: "#e8883a", ink: "#222", letter: "O" },
  blue: { hex: "#3a74c9", ink: "#fff", letter: "B" },
  purple: { hex: "#8a56b8", ink: "#fff", letter: "P" },
  green: { hex: "#4f9a4a", ink: "#fff", letter: "G" },
  red: { hex: "#c8423b", ink: "#fff", letter: "R" },
  mythical: { hex: "#f4f4f8", ink: "#333", letter: "M" },
};
const GEM_ORDER = ["orange", "blue", "purple", "green", "red", "mythical"];
// Block B's offset from block A for rotations 0..3 (east, south, west, north; y grows down).
const DIRECTIONS = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const QUARTER_BITS = { TL: 0, TR: 1, BL: 2, BR: 3 };

// Local choices that survive redraws.
const ui = { rotation: null, area: null, hover: null };
const drawer = redrawer(draw);
let shownSeat;

export function render(root, ctx) {
  ensureStyles(new URL("./games.css", import.meta.url).href);
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

function draw(root, ctx) {
  const view = ctx.view;
  if (!view) return; // nothing to draw before the first view arrives
  const me = mySeat(view, ctx);
  root.append(el("div", { class: "mh-game mh-pyramido" }, [
    header(view, ctx),
    explorationSection(view, ctx),
    me !== null ? actionSection(view, ctx, me) : null,
    view.held_domino && view.active !== me ? heldByOther(view, ctx) : null,
    pyramidsSection(view, ctx, me),
    view.explorer ? explorerSection(view, ctx) : null,
  ]));
}

function header(view, ctx) {
  return el("div", { class: "mh-game-header" }, [
    el("span", { class: "mh-pill" }, [tr(ctx, "stage", { n: view.stage })]),
    el("span", { class: "mh-pill" }, [tr(ctx, "turns", { n: view.turns_per_player })]),
    el("span", { class: "mh-pill" }, [tr(ctx, `phase_${view.phase}`)]),
    el("span", { class: "mh-pill" }, [tr(ctx, "bag", { n: view.bag })]),
  ]);
}

// --- small pictures ------------------------------------------------------------------------------

export function gemChip(kind, ctx, count) {
  const c = COLOURS[kind];
  const label = tr(ctx, `gem_${kind}`);
  return el("span", {
    class: "mh-gem", style: `background:${c.hex};color:${c.ink}`, title: label,
    "aria-label": count === undefined ? label : `${count} × ${label}`,
  }, [count === undefined ? c.letter : `${c.letter}${count > 1 ? count : ""}`]);
}

function gemList(gems, ctx) {
  const kinds = GEM_ORDER.filter((k) => gems[k]);
  if (!kinds.length) return el("span", { class: "mh-muted" }, [tr(ctx, "no_gems")]);
  return el("span", { class: "pd-gems" }, kinds.map((k) => gemChip(k, ctx, gems[k])));
}

function rotateIcons(names, rotation) {
  let mask = 0;
  for (const name of names) mask |= 1 << QUARTER_BITS[name];
  for (let r = 0; r < rotation; r += 1) {
    let turned = 0;
    for (let bit = 0; bit < 4; bit += 1) {
      if ((mask >> bit) & 1) {
        const qx = bit & 1;
        const qy = bit >> 1;
        turned |= 1 << ((1 - qy) + 2 * qx);
      }
    }
    mask = turned;
  }
  return mask;
}

/** The quarters of a domino placed with block A's top-left quarter at (ax, ay). */
function dominoQuarters(domino, rotation, ax, ay) {
  const [dx, dy] = DIRECTIONS[rotation];
  const cells = [];
  for (const [bx, by, colour, icons] of [
    [ax, ay, domino.a_colour, domino.a_icons],
    [ax + 2 * dx, ay + 2 * dy, domino.b_colour, domino.b_icons],
  ]) {
    const mask = rotateIcons(icons, rotation);
    for (let q = 0; q < 4; q += 1) {
      cells.push({ x: bx + (q & 1), y: by + (q >> 1), colour, icon: Boolean((mask >> q) & 1) });
    }
  }
  return cells;
}

function quarterShape(cell, x, y, q, ctx) {
  const c = COLOURS[cell.colour];
  const group = svg("g", {});
  group.append(svg("rect", { x, y, width: q, height: q, style: `fill:${c.hex}`, class: "pd-quarter" }));
  if (cell.icon) {
    const m = q / 2;
    group.append(svg("path", {
      d: `M${x + m} ${y + q * 0.15} L${x + q * 0.85} ${y + m} L${x + m} ${y + q * 0.85} L${x + q * 0.15} ${y + m} Z`,
      style: `fill:#fff;stroke:#222;stroke-width:1`,
    }, [svg("title", {}, [tr(ctx, "icon")])]));
  } else {
    group.append(svg("text", {
      x: x + q / 2, y: y + q * 0.68, "text-anchor": "middle", "font-size": q * 0.45,
      style: `fill:${c.ink};opacity:0.75;font-family:sans-serif;pointer-events:none`,
    }, [c.letter]));
  }
  return group;
}

/** A domino on its own (exploration area, held domino preview). */
function dominoSvg(domino, rotation, q, ctx, label) {
  const cells = dominoQuarters(domino, rotation, 0, 0);
  const minX = Math.min(...cells.map((c) => c.x));
  const minY = Math.min(...cells.map((c) => c.y));
  const width = (Math.max(...cells.map((c) => c.x)) - minX + 1) * q;
  const height = (Math.max(...cells.map((c) => c.y)) - minY + 1) * q;
  const root = svg("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, width: width + 4, height: height + 4, role: "img", "aria-label": label });
  for (const cell of cells) root.append(quarterShape(cell, (cell.x - minX) * q, (cell.y - minY) * q, q, ctx));
  root.append(svg("rect", { x: 0, y: 0, width, height, class: "pd-block-edge" }));
  const [dx, dy] = DIRECTIONS[rotation];
  if (dx !== 0) root.append(svg("line", { x1: width / 2, y1: 0, x2: width / 2, y2: height, class: "pd-block-edge" }));
  if (dy !== 0) root.append(svg("line", { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: "pd-block-edge" }));
  return root;
}

/** The back of a face-down domino: its two colours and how many icons each block has. */
function backSvg(back, q, ctx) {
  const width = 4 * q;
  const height = 2 * q;
  const label = tr(ctx, "back_label", {
    a: tr(ctx, `gem_${back.a_colour}`), an: back.a_icons, b: tr(ctx, `gem_${back.b_colour}`), bn: back.b_icons,
  });
  const root = svg("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, width: width + 4, height: height + 4, role: "img", "aria-label": label });
  root.append(svg("defs", {}, [svg("pattern", { id: "pd-back", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    [svg("rect", { width: 3, height: 6, fill: "#0003" })])]));
  [[back.a_colour, back.a_icons], [back.b_colour, back.b_icons]].forEach(([colour, count], i) => {
    const c = COLOURS[colour];
    root.append(svg("rect", { x: i * 2 * q, y: 0, width: 2 * q, height, style: `fill:${c.hex}` }));
    root.append(svg("rect", { x: i * 2 * q, y: 0, width: 2 * q, height, fill: "url(#pd-back)" }));
    root.append(svg("text", {
      x: i * 2 * q + q, y: q * 1.25, "text-anchor": "middle", "font-size": q * 0.8,
      style: `fill:${c.ink};font-family:sans-serif;font-weight:700`,
    }, [`${c.letter}·${count}`]));
  });
  root.append(svg("rect", { x: 0, y: 0, width, height, class: "pd-block-edge" }));
  root.append(svg("title", {}, [label]));
  return root;
}

// --- exploration area ------------------------------------------------------------------------

function explorationSection(view, ctx) {
  const spaces = view.exploration.map((space) => {
    const parts = [el("strong", {}, [tr(ctx, "space", { n: space.space })]),
      el("span", { class: "mh-muted" }, [tr(ctx, "pile_size", { n: space.size })])];
    if (!space.top) parts.push(el("span", { class: "mh-muted" }, [tr(ctx, "empty_pile")]));
    else if (space.face_up) parts.push(dominoSvg(space.top, 0, 14, ctx, tr(ctx, "domino_label", dominoParams(space.top, ctx))));
    else parts.push(backSvg(space.top, 14, ctx), el("span", { class: "mh-muted" }, [tr(ctx, "face_down")]));
    parts.push(gemList(space.gems, ctx));
    const takes = legalWhere(ctx.legal, (a) => a.type === "take" && a.space === space.space);
    if (takes.length) {
      parts.push(el("div", { class: "pd-take" }, takes.map(({ action, index }) => {
        const button = el("button", { type: "button", class: "mh-btn" }, action.gem
          ? [tr(ctx, "take_with"), gemChip(action.gem, ctx)]
          : [tr(ctx, "take_no_gem")]);
        return legalAction(button, ctx, index, action.gem
          ? tr(ctx, "take_label", { n: space.space, gem: tr(ctx, `gem_${action.gem}`) })
          : tr(ctx, "take_no_gem"));
      })));
    }
    for (const { index } of legalWhere(ctx.legal, (a) => a.type === "reveal" && a.pile === space.space)) {
      parts.push(legalButton(ctx, index, tr(ctx, "reveal")));
    }
    for (const { index } of legalWhere(ctx.legal, (a) => a.type === "split" && a.pile === space.space)) {
      parts.push(legalButton(ctx, index, tr(ctx, "split_from", { n: view.emptied_space })));
    }
    const emptied = view.emptied_space === space.space;
    return el("div", { class: `pd-space${emptied ? " pd-emptied" : ""}` }, parts);
  });
  const discard = el("p", { class: "mh-note" }, [tr(ctx, "discard_pile"), " ", gemList(view.discard || {}, ctx)]);
  return section(tr(ctx, "exploration"), [el("div", { class: "pd-spaces" }, spaces), discard]);
}

function dominoParams(domino, ctx) {
  return {
    a: tr(ctx, `gem_${domino.a_colour}`), an: domino.a_icons.length,
    b: tr(ctx, `gem_${domino.b_colour}`), bn: domino.b_icons.length,
  };
}

// --- the seat's own step: place, score, discard -------------------------------------------------

function actionSection(view, ctx, me) {
  const places = legalWhere(ctx.legal, (a) => a.type === "place");
  if (view.held_domino && view.active === me && (view.phase === "place" || places.length)) {
    return placeSection(view, ctx, places);
  }
  const player = view.players[me];
  if (view.phase === "score" && player.scoring) return scoringSection(view, ctx, me);
  return null;
}

/** The domino another player (or the Explorer) has taken and is about to place. */
function heldByOther(view, ctx) {
  const domino = view.held_domino;
  return section(tr(ctx, "held_by", { name: seatName(ctx, view.active) }), [
    dominoSvg(domino, 0, 16, ctx, tr(ctx, "domino_label", dominoParams(domino, ctx))),
  ]);
}

function rotationsWithMoves(places) {
  return [0, 1, 2, 3].filter((r) => places.some(({ action }) => action.rotation === r));
}

function placeSection(view, ctx, places) {
  const rotations = rotationsWithMoves(places);
  if (!rotations.includes(ui.rotation)) ui.rotation = rotations.length ? rotations[0] : 0;
  const domino = view.held_domino;
  const turn = (step) => () => {
    const at = rotations.indexOf(ui.rotation);
    ui.rotation = rotations[(at + step + rotations.length) % rotations.length];
    ui.hover = null;
    drawer.redraw();
  };
  const controls = rotations.length > 1
    ? [choiceButton("rotate-left", `⟲ ${tr(ctx, "rotate_left")}`, turn(-1)),
      choiceButton("rotate-right", `⟳ ${tr(ctx, "rotate_right")}`, turn(1))]
    : [];
  return section(tr(ctx, "your_domino"), [
    el("div", { class: "pd-held" }, [
      dominoSvg(domino, ui.rotation, 22, ctx, tr(ctx, "domino_label", dominoParams(domino, ctx))),
      el("div", {}, [
        el("p", { class: "mh-note" }, [tr(ctx, "rotation_n", { n: ui.rotation + 1, total: rotations.length })]),
        el("div", { class: "mh-controls" }, controls),
        el("p", { class: "mh-note" }, [places.length ? tr(ctx, "place_hint") : tr(ctx, "waiting")]),
      ]),
    ]),
  ], "pd-place-section");
}

function scoringSection(view, ctx, me) {
  const player = view.players[me];
  const scoring = player.scoring;
  const activations = legalWhere(ctx.legal, (a) => a.type === "activate");
  const finish = legalWhere(ctx.legal, (a) => a.type === "finish")[0];
  const discards = legalWhere(ctx.legal, (a) => a.type === "discard");
  const parts = [
    el("p", { class: "mh-note" }, [tr(ctx, "your_gems"), " ", gemList(player.gems, ctx)]),
  ];
  if (scoring.status === "activating") {
    const areaIds = new Set(activations.map(({ action }) => action.area));
    if (!areaIds.has(ui.area)) ui.area = null;
    const buttons = scoring.areas
      .filter((area) => areaIds.has(area.area) || area.activated)
      .map((area) => {
        const name = tr(ctx, "area_label", { colour: tr(ctx, `gem_${area.colour}`), value: area.value });
        if (area.activated) {
          return el("span", { class: "mh-pill" }, [gemChip(area.colour, ctx), " ", name, " · ", tr(ctx, "activated")]);
        }
        const selected = ui.area === area.area;
        const button = choiceButton(`area-${area.area}`, [gemChip(area.colour, ctx), " ", name], () => {
          ui.area = area.area;
          drawer.redraw();
        }, { pressed: selected });
        return button;
      });
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "choose_area_hint")]));
    parts.push(el("div", { class: "pd-pay" }, buttons));
    if (ui.area !== null) {
      const area = scoring.areas.find((a) => a.area === ui.area);
      const options = activations.filter(({ action }) => action.area === ui.area).map(({ action, index }) => {
        const points = area.value * (action.units === 3 ? 2 : 1);
        const pay = [];
        if (action.coloured) pay.push(`${action.coloured} × ${tr(ctx, `gem_${area.colour}`)}`);
        if (action.mythical) pay.push(`${action.mythical} × ${tr(ctx, "gem_mythical")}`);
        return legalButton(ctx, index, tr(ctx, "pay_for", { pay: pay.join(" + "), points }));
      });
      parts.push(el("div", { class: "pd-pay" }, options));
    }
    const mythical = player.gems.mythical || 0;
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "stage_points_so_far", { n: scoring.points, m: mythical, total: scoring.points + mythical })]));
    if (finish) parts.push(el("div", { class: "mh-controls" }, [legalButton(ctx, finish.index, tr(ctx, "finish_stage", { total: scoring.points + mythical }), "mh-primary")]));
  } else if (scoring.status === "discarding") {
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "stage_points_final", { n: scoring.points })]));
    if (discards.length) {
      parts.push(el("div", { class: "pd-pay" }, discards.map(({ action, index }) => {
        const button = el("button", { type: "button", class: "mh-btn" }, [tr(ctx, "discard_gem"), " ", gemChip(action.gem, ctx)]);
        return legalAction(button, ctx, index, tr(ctx, "discard_label", { gem: tr(ctx, `gem_${action.gem}`) }));
      })));
    }
  } else {
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "stage_points_final", { n: scoring.points })]));
  }
  return section(tr(ctx, "stage_scoring"), parts, "pd-scoring");
}

// --- pyramids ---------------------------------------------------------------------------------

function pyramidsSection(view, ctx, me) {
  const order = view.players.map((p) => p.seat);
  if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const boards = order.map((seat) => {
    const player = view.players[seat];
    const own = seat === me;
    const title = own ? tr(ctx, "your_pyramid") : tr(ctx, "pyramid_of", { name: seatName(ctx, seat) });
    const info = [tr(ctx, "score_n", { n: player.score })];
    if (player.stage_scores.length) info.push(tr(ctx, "stage_scores", { list: player.stage_scores.join(" / ") }));
    return el("figure", { class: `pd-pyramid${own ? " pd-own" : ""}`, "data-seat": seat }, [
      el("figcaption", {}, [el("strong", {}, [title]), " · ", info.join(" · ")]),
      pyramidSvg(view, player, own ? ctx.legal : [], ctx, own ? 20 : 12, own),
      el("div", { class: "mh-note" }, [tr(ctx, "gems"), " ", gemList(player.gems, ctx)]),
    ]);
  });
  return section(tr(ctx, "pyramids"), el("div", { class: "pd-pyramids" }, boards));
}

function stageOffset(stage) {
  return stage - 1;
}

function pyramidSvg(view, player, legal, ctx, q, own) {
  const places = own && view.held_domino ? legalWhere(legal, (a) => a.type === "place" && a.rotation === ui.rotation) : [];
  const stage = view.stage;
  const anchor = (action) => [2 * action.i + stageOffset(stage), 2 * action.j + stageOffset(stage)];
  const xs = [0];
  const ys = [0];
  for (const cell of player.top) { xs.push(cell.x); ys.push(cell.y); }
  for (const { action } of places) {
    const [ax, ay] = anchor(action);
    const [dx, dy] = DIRECTIONS[action.rotation];
    xs.push(ax, ax + 2 * dx, ax + 1, ax + 2 * dx + 1);
    ys.push(ay, ay + 2 * dy, ay + 1, ay + 2 * dy + 1);
  }
  if (player.frame) {
    xs.push(2 * player.frame[0] - 1);
    ys.push(2 * player.frame[1] - 1);
  }
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const cols = Math.max(Math.max(...xs) - minX + 1, 4);
  const rows = Math.max(Math.max(...ys) - minY + 1, 4);
  const pad = 4;
  const width = cols * q + 2 * pad;
  const height = rows * q + 2 * pad;
  const X = (x) => pad + (x - minX) * q;
  const Y = (y) => pad + (y - minY) * q;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": tr(ctx, "top_view") });
  root.append(svg("rect", { x: 0, y: 0, width, height, rx: 4, style: "fill:#efe7d3" }));
  if (player.frame) {
    root.append(svg("rect", { x: X(0), y: Y(0), width: 2 * player.frame[0] * q, height: 2 * player.frame[1] * q, style: "fill:none;stroke:#b7a57a;stroke-dasharray:4 3" }));
  }
  const byPos = new Map(player.top.map((cell) => [`${cell.x},${cell.y}`, cell]));
  for (const cell of player.top) root.append(quarterShape(cell, X(cell.x), Y(cell.y), q, ctx));
  // Thick lines where the stage changes show the steps of the pyramid.
  for (const cell of player.top) {
    for (const [dx, dy] of [[1, 0], [0, 1], [-1, 0], [0, -1]]) {
      const other = byPos.get(`${cell.x + dx},${cell.y + dy}`);
      if (other && other.stage >= cell.stage) continue;
      const x1 = X(cell.x) + (dx === 1 ? q : 0);
      const y1 = Y(cell.y) + (dy === 1 ? q : 0);
      const x2 = dx === 0 ? x1 + q : x1;
      const y2 = dy === 0 ? y1 + q : y1;
      root.append(svg("line", { x1, y1, x2, y2, style: `stroke:#000;stroke-width:${1 + cell.stage * 0.6}` }));
    }
  }
  // The stage of each block, small in its top-left corner: the pyramid read stage by stage.
  for (const cell of player.top) {
    const offset = stageOffset(cell.stage);
    if ((cell.x - offset) % 2 !== 0 || (cell.y - offset) % 2 !== 0) continue;
    root.append(svg("text", {
      x: X(cell.x) + 1.5, y: Y(cell.y) + q * 0.32, "font-size": q * 0.3,
      style: "fill:#000;opacity:0.7;font-family:sans-serif;font-weight:700;pointer-events:none",
    }, [String(cell.stage)]));
  }
  if (own && view.phase === "score" && player.scoring && player.scoring.status === "activating") {
    drawAreas(root, player, legal, X, Y, q, ctx);
  }
  for (const { action, index } of places) {
    const [ax, ay] = anchor(action);
    const spot = svg("rect", { x: X(ax) + 2, y: Y(ay) + 2, width: 2 * q - 4, height: 2 * q - 4, rx: 3, class: "pd-target" });
    const label = tr(ctx, "place_at", { i: action.i, j: action.j });
    spot.append(svg("title", {}, [label]));
    const show = () => { ui.hover = index; paintGhost(root, view.held_domino, action, ax, ay, X, Y, q, ctx); };
    spot.addEventListener("mouseenter", show);
    spot.addEventListener("focus", show);
    root.append(legalAction(spot, ctx, index, label));
  }
  const hovered = places.find((p) => p.index === ui.hover);
  if (hovered) {
    const [ax, ay] = anchor(hovered.action);
    paintGhost(root, view.held_domino, hovered.action, ax, ay, X, Y, q, ctx);
  }
  return root;
}

function paintGhost(root, domino, action, ax, ay, X, Y, q, ctx) {
  root.querySelectorAll(".pd-ghost").forEach((node) => node.remove());
  const ghost = svg("g", { class: "pd-ghost" });
  for (const cell of dominoQuarters(domino, action.rotation, ax, ay)) ghost.append(quarterShape(cell, X(cell.x), Y(cell.y), q, ctx));
  root.append(ghost);
}

function drawAreas(root, player, legal, X, Y, q, ctx) {
  const activatable = new Set(legalWhere(legal, (a) => a.type === "activate").map(({ action }) => action.area));
  for (const area of player.scoring.areas) {
    if (area.activated) {
      for (const [x, y] of area.cells) root.append(svg("rect", { x: X(x), y: Y(y), width: q, height: q, class: "pd-area-done" }));
      continue;
    }
    if (!activatable.has(area.area)) continue;
    const selected = ui.area === area.area;
    const group = svg("g", { class: selected ? "pd-area-selected" : "pd-area-hit" });
    const inside = new Set(area.cells.map(([x, y]) => `${x},${y}`));
    const label = tr(ctx, "area_label", { colour: tr(ctx, `gem_${area.colour}`), value: area.value });
    const pick = () => { ui.area = area.area; drawer.redraw(); };
    area.cells.forEach(([x, y], n) => {
      // Every cell of the area picks it (an area need not contain its own centre); only the
      // first is a tab stop, so the keyboard visits each area once.
      const cell = svg("rect", { x: X(x), y: Y(y), width: q, height: q, style: "fill:transparent;stroke:none" });
      group.append(choice(cell, `area-map-${area.area}`, pick, label));
      if (n > 0) cell.setAttribute("tabindex", "-1");
      if (!selected) return;
      // Outline only the border of the chosen area.
      for (const [dx, dy] of [[1, 0], [0, 1], [-1, 0], [0, -1]]) {
        if (inside.has(`${x + dx},${y + dy}`)) continue;
        const x1 = X(x) + (dx === 1 ? q : 0);
        const y1 = Y(y) + (dy === 1 ? q : 0);
        group.append(svg("line", { x1, y1, x2: dx === 0 ? x1 + q : x1, y2: dy === 0 ? y1 + q : y1, style: "stroke:#ff9900;stroke-width:4;pointer-events:none" }));
      }
    });
    group.append(svg("title", {}, [label]));
    root.append(group);
  }
}

// --- the Legendary Explorer (solo) -----------------------------------------------------------------

function explorerSection(view, ctx) {
  const explorer = view.explorer;
  return section(tr(ctx, "explorer"), [
    el("div", { class: "pd-held" }, [
      dominoSvg(explorer.top, 0, 14, ctx, tr(ctx, "domino_label", dominoParams(explorer.top, ctx))),
      el("div", {}, [
        el("p", { class: "mh-note" }, [tr(ctx, "explorer_pile", { n: explorer.dominoes })]),
        el("p", { class: "mh-note" }, [tr(ctx, "gems"), " ", gemList(explorer.gems, ctx)]),
        el("p", { class: "mh-note" }, [tr(ctx, "score_n", { n: explorer.score }),
          explorer.stage_scores.length ? ` · ${tr(ctx, "stage_scores", { list: explorer.stage_scores.join(" / ") })}` : ""]),
        el("p", { class: "mh-note" }, [tr(ctx, view.legend === "the_legend" ? "legend_the" : "legend_a")]),
      ]),
    ]),
  ], "pd-explorer");
}

// --- prompt, log, scores ----------------------------------------------------------------------

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

export function eventText(event, ctx) {
  const name = (seat) => (seat === null || seat === undefined ? tr(ctx, "explorer") : seatName(ctx, seat));
  const gem = (kind) => (kind ? tr(ctx, `gem_${kind}`) : tr(ctx, "no_gem"));
  switch (event.type) {
    case "took":
      return tr(ctx, "ev_took", { name: name(event.seat), n: event.space, gem: gem(event.gem) });
    case "pile_split":
      return tr(ctx, "ev_pile_split", { name: name(event.seat), from: event.from, into: event.into, moved: event.moved });
    case "revealed":
      return tr(ctx, "ev_revealed", { name: name(event.seat), n: event.pile });
    case "placed":
      return tr(ctx, "ev_placed", { name: name(event.seat), stage: event.stage });
    case "gems_refilled":
      return tr(ctx, "ev_gems_refilled", { n: event.space });
    case "bag_refilled":
      return tr(ctx, "ev_bag_refilled");
    case "turn_lost":
      return tr(ctx, "ev_turn_lost", { name: name(event.seat) });
    case "stage_started":
      return tr(ctx, "ev_stage_started", { n: event.stage, name: name(event.start_player) });
    case "frame_fixed":
      return tr(ctx, "ev_frame_fixed", { name: name(event.seat), w: event.frame[0], h: event.frame[1] });
    case "area_activated":
      return tr(ctx, "ev_area_activated", { name: name(event.seat), colour: gem(event.colour), value: event.value, points: event.points });
    case "stage_scored":
      return tr(ctx, "ev_stage_scored", { name: name(event.seat), n: event.stage, points: event.points, bonus: event.mythical_bonus });
    case "gem_discarded":
      return tr(ctx, "ev_gem_discarded", { name: name(event.seat), gem: gem(event.gem) });
    case "explorer_took":
      return tr(ctx, "ev_explorer_took", { n: event.space, count: event.gems.length });
    case "explorer_scored":
      return tr(ctx, "ev_explorer_scored", { n: event.stage, points: event.points });
    case "explorer_bonus_gem":
      return tr(ctx, "ev_explorer_bonus_gem", { gem: gem(event.gem) });
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return event.type;
  }
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
      return tr(ctx, "act_place", { i: action.i, j: action.j, side: tr(ctx, `side_${action.rotation}`) });
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

function activationText(action, ctx) {
  // The area's colour and value are in the view while its seat scores the stage.
  const player = ctx.view && Array.isArray(ctx.view.players) ? ctx.view.players[ctx.actor] : null;
  const area = player && player.scoring ? player.scoring.areas.find((a) => a.area === action.area) : null;
  const factor = action.units === 3 ? 2 : 1;
  const pay = [];
  if (action.coloured) pay.push(`${action.coloured} × ${area ? tr(ctx, `gem_${area.colour}`) : tr(ctx, "gem_area_colour")}`);
  if (action.mythical) pay.push(`${action.mythical} × ${tr(ctx, "gem_mythical")}`);
  const paid = pay.join(" + ");
  if (!area) return tr(ctx, "act_activate_area", { n: action.area + 1, pay: paid, factor });
  return tr(ctx, "act_activate", {
    colour: tr(ctx, `gem_${area.colour}`), value: area.value, pay: paid, points: area.value * factor,
  });
}

export function scores(view) {
  if (!view) return null;
  if (view.result && Array.isArray(view.result.scores)) return view.result.scores;
  return view.players.map((p) => p.score);
}

/** The end-of-game bar: the four stage scores (held gems only break ties). */
export function breakdownParts(breakdown) {
  return Object.entries(breakdown)
    .filter(([key]) => key.startsWith("stage"))
    .map(([key, points]) => ({ key, label: pageText(texts, `breakdown.${key}`), points }));
}
