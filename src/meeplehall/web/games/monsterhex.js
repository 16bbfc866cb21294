// Monster Hex: the hex board with its gem sites (values and colours), units with their edge dots
// turned to their rotation, the hand, choosing a unit, a cell and a rotation with a preview that
// marks the matching edges, the slot choice after a big gem, abilities (draft, use, pass),
// objectives, the shared faction and the solo target.

import {
  choice, choiceButton, el, ensureStyles, legalAction, legalButton, legalWhere, redrawer,
  pageText, seatName, section, svg, tr,
} from "./kit.js";
import { texts } from "./monsterhex_texts.js";

export { texts };

const FACTIONS = {
  red: { hex: "#e57368", light: "#f7c9c3", letter: "R" },
  blue: { hex: "#5b8fd6", light: "#cddcf3", letter: "B" },
  yellow: { hex: "#e3c145", light: "#f6ebbd", letter: "Y" },
  green: { hex: "#62a861", light: "#cde6cc", letter: "G" },
};
const NEUTRAL = { hex: "#9a9a9a", light: "#e0e0e0", letter: "?" };
// Axial neighbour offsets for directions E, NE, NW, W, SW, SE (the engine's edge order).
const OFFSETS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
// Screen angle of each direction for pointy-top hexes (y grows downwards).
const ANGLES = [0, -60, -120, 180, 120, 60].map((d) => (d * Math.PI) / 180);
const SIZE = 40;

const ui = { unit: null, cell: null, rotation: null, confuseCell: null };
const drawer = redrawer(draw);
let shownSeat;

export function render(root, ctx) {
  ensureStyles(new URL("./games.css", import.meta.url).href);
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

function faction(name) {
  return FACTIONS[name] || NEUTRAL;
}

function draw(root, ctx) {
  const view = ctx.view;
  if (!view) return; // nothing to draw before the first view arrives
  const me = mySeat(view, ctx);
  const state = interaction(view, ctx);
  root.append(el("div", { class: "mh-game mh-monsterhex" }, [
    header(view, ctx),
    el("div", { class: "mx-layout" }, [
      el("div", {}, [boardSvg(view, ctx, state)]),
      el("div", { class: "mx-side" }, [
        me !== null ? controls(view, ctx, me, state) : null,
        gemsSection(view, ctx),
        playersSection(view, ctx, me),
        objectivesSection(view, ctx, me),
      ]),
    ]),
  ]));
}

function header(view, ctx) {
  const pills = [
    tr(ctx, "round", { n: view.round, total: view.rounds }),
    tr(ctx, `mode_${view.mode}`),
  ];
  if (view.turn_kind === "shared") pills.push(tr(ctx, "shared_turn"));
  if (view.shared_colour) pills.push(tr(ctx, "shared_colour", { colour: tr(ctx, `faction_${view.shared_colour}`) }));
  if (view.solo_target !== null && view.solo_target !== undefined) pills.push(tr(ctx, "solo_target", { n: view.solo_target }));
  return el("div", { class: "mh-game-header" }, pills.map((text) => el("span", { class: "mh-pill" }, [text])));
}

// --- geometry -----------------------------------------------------------------------------------

function centre(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(cx, cy, size) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = ((60 * i - 30) * Math.PI) / 180;
    points.push(`${(cx + size * Math.cos(angle)).toFixed(1)},${(cy + size * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

function powersAt(view, unitId, rotation) {
  const edges = view.unit_types[unitId].edges;
  return [0, 1, 2, 3, 4, 5].map((i) => edges[(((i - rotation) % 6) + 6) % 6]);
}

// --- what the seat is doing now -----------------------------------------------------------------

function interaction(view, ctx) {
  const places = legalWhere(ctx.legal, (a) => a.type === "place");
  const units = [...new Set(places.map(({ action }) => action.unit))];
  if (!units.includes(ui.unit)) { ui.unit = units.length === 1 ? units[0] : null; ui.cell = null; }
  const forUnit = places.filter(({ action }) => action.unit === ui.unit);
  const cells = new Map();
  for (const entry of forUnit) {
    const key = `${entry.action.q},${entry.action.r}`;
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key).push(entry);
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
  return { places, units, cells, rotations, chosen, targets, rotates, confuseCells };
}

// --- board ----------------------------------------------------------------------------------------

function boardSvg(view, ctx, state) {
  const spots = [...view.cells.map((c) => centre(c.q, c.r)), ...view.gems.map((g) => centre(g.q, g.r))];
  const xs = spots.map((p) => p[0]);
  const ys = spots.map((p) => p[1]);
  const pad = SIZE + 6;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) - minX + pad;
  const height = Math.max(...ys) - minY + pad;
  const root = svg("svg", {
    class: "mx-board", viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${width.toFixed(0)} ${height.toFixed(0)}`,
    width: width.toFixed(0), height: height.toFixed(0), role: "img", "aria-label": tr(ctx, "board"),
  });
  const byPos = new Map(view.cells.map((c) => [`${c.q},${c.r}`, c]));
  for (const cell of view.cells) {
    const [cx, cy] = centre(cell.q, cell.r);
    root.append(svg("polygon", {
      points: hexPoints(cx, cy, SIZE - 1),
      class: `mx-cell${cell.start ? " mx-start" : ""}${cell.outer ? " mx-outer" : ""}`,
    }, [svg("title", {}, [tr(ctx, cell.start ? "start_cell" : "cell", { q: cell.q, r: cell.r })])]));
    if (cell.start && !cell.unit) {
      root.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 10, style: "fill:#5a7a3a;font-family:sans-serif" }, [tr(ctx, "start_short")]));
    }
    if (cell.counter_gem) root.append(counterGem(cx, cy, cell.counter_gem, ctx));
    if (cell.unit) root.append(unitShape(cell.unit.powers, cell.unit, cx, cy, SIZE - 3, ctx));
  }
  for (const gem of view.gems) root.append(gemShape(gem, view, ctx));
  // Cells where the chosen unit may go.
  if (ui.unit) {
    for (const [key, entries] of state.cells) {
      const [q, r] = key.split(",").map(Number);
      const [cx, cy] = centre(q, r);
      const target = svg("polygon", { points: hexPoints(cx, cy, SIZE - 4), class: `mx-target${ui.cell === key ? " mx-chosen" : ""}` });
      const label = tr(ctx, "choose_cell", { q, r, n: entries.length });
      target.append(svg("title", {}, [label]));
      root.append(choice(target, `cell-${q}-${r}`, () => { ui.cell = key; drawer.redraw(); }, label));
    }
  }
  if (state.chosen) root.append(previewShape(view, state.chosen.action, byPos, ctx));
  // Ability targets (Reinforce, Curse, Crystallize): one click sends the action.
  for (const { action, index } of state.targets) {
    const [cx, cy] = centre(action.q, action.r);
    const spot = svg("polygon", { points: hexPoints(cx, cy, SIZE - 4), class: "mx-target" });
    const label = tr(ctx, "ability_target", { q: action.q, r: action.r });
    spot.append(svg("title", {}, [label]));
    root.append(legalAction(spot, ctx, index, label));
  }
  // Confuse: choose an enemy unit, then its new rotation.
  for (const key of state.confuseCells) {
    const [q, r] = key.split(",").map(Number);
    const [cx, cy] = centre(q, r);
    const spot = svg("polygon", { points: hexPoints(cx, cy, SIZE - 4), class: `mx-target${ui.confuseCell === key ? " mx-chosen" : ""}` });
    const label = tr(ctx, "confuse_unit", { q, r });
    spot.append(svg("title", {}, [label]));
    root.append(choice(spot, `confuse-${q}-${r}`, () => { ui.confuseCell = key; drawer.redraw(); }, label));
  }
  return root;
}

function unitShape(powers, unit, cx, cy, size, ctx, extraClass = "") {
  const colour = unit.shared ? faction(unit.colour) : faction(unit.colour);
  const group = svg("g", { class: `mx-unit ${extraClass}`.trim() });
  group.append(svg("polygon", { points: hexPoints(cx, cy, size), class: "mx-unit-body", style: `fill:${colour.light};stroke:${colour.hex};stroke-width:3` }));
  powers.forEach((power, direction) => {
    const angle = ANGLES[direction];
    const inner = size * Math.sqrt(3) / 2 - size * 0.17;
    const ex = cx + inner * Math.cos(angle);
    const ey = cy + inner * Math.sin(angle);
    // Dots run along the edge, perpendicular to the direction.
    const px = -Math.sin(angle);
    const py = Math.cos(angle);
    for (let k = 0; k < power; k += 1) {
      const offset = (k - (power - 1) / 2) * size * 0.14;
      group.append(svg("circle", { cx: ex + px * offset, cy: ey + py * offset, r: size * 0.052, class: "mx-dot" }));
    }
  });
  const rankColour = unit.red_letter ? "#c62828" : "#222";
  group.append(svg("text", { x: cx, y: cy + 1, "text-anchor": "middle", "font-size": 13, class: "mx-unit-id", style: `fill:${rankColour}` }, [unit.id]));
  const badge = unit.shared ? tr(ctx, "shared_short") : colour.letter;
  group.append(svg("text", { x: cx, y: cy + 13, "text-anchor": "middle", "font-size": 9, class: "mx-unit-id" }, [badge]));
  if (unit.white) group.append(svg("text", { x: cx - 12, y: cy - 8, "font-size": 9, class: "mx-unit-id", style: "fill:#1b5e20" }, [`+${unit.white}`]));
  if (unit.black) group.append(svg("text", { x: cx + 5, y: cy - 8, "font-size": 9, class: "mx-unit-id", style: "fill:#b71c1c" }, [`−${unit.black}`]));
  const owner = unit.shared ? tr(ctx, "shared_faction") : (unit.owner !== null && unit.owner !== undefined ? seatName(ctx, unit.owner) : "");
  group.append(svg("title", {}, [tr(ctx, "unit_title", { id: unit.id, owner, powers: powers.join(" ") })]));
  return group;
}

function counterGem(cx, cy, value, ctx) {
  const group = svg("g", {});
  group.append(svg("polygon", { points: `${cx},${cy - 14} ${cx + 12},${cy} ${cx},${cy + 14} ${cx - 12},${cy}`, style: "fill:#444;stroke:#000" }));
  group.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, style: "fill:#fff;font-family:sans-serif;font-weight:700" }, [String(value)]));
  group.append(svg("title", {}, [tr(ctx, "counter_gem", { n: value })]));
  return group;
}

function gemShape(gem, view, ctx) {
  const [cx, cy] = centre(gem.q, gem.r);
  const group = svg("g", { class: "mx-gem" });
  const faded = gem.resolved ? "opacity:0.45" : "";
  if (gem.kind === "big") {
    group.append(svg("polygon", { points: hexPoints(cx, cy, SIZE - 4), class: "mx-site", style: `fill:#fff8dd;${faded}` }));
    gem.slots.forEach((slot, i) => {
      const colour = faction(slot.colour);
      const y = cy - 8 + i * 17;
      group.append(svg("rect", { x: cx - 17, y: y - 10, width: 34, height: 15, rx: 4, style: `fill:${colour.hex};${faded}` }));
      const who = slot.taken_by === null ? "" : slot.taken_by === "shared" ? "·" + tr(ctx, "shared_short") : `·${slot.taken_by + 1}`;
      group.append(svg("text", { x: cx, y: y + 1, "text-anchor": "middle", "font-size": 10, style: "font-family:sans-serif;font-weight:700;fill:#111" }, [`${slot.value}${colour.letter}${who}`]));
    });
  } else {
    group.append(svg("circle", { cx, cy, r: 11, class: "mx-site", style: `fill:#eef;${faded}` }));
    group.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, style: "font-family:sans-serif;font-weight:700" }, [String(gem.value)]));
  }
  group.append(svg("title", {}, [gemLabel(gem, ctx)]));
  return group;
}

function gemLabel(gem, ctx) {
  if (gem.kind === "big") {
    const slots = gem.slots.map((slot) => {
      const who = slot.taken_by === null ? "" : ` (${slot.taken_by === "shared" ? tr(ctx, "shared_faction") : seatName(ctx, slot.taken_by)})`;
      return `${slot.value} ${tr(ctx, `faction_${slot.colour}`)}${who}`;
    }).join(", ");
    return tr(ctx, gem.resolved ? "big_gem_resolved" : "big_gem", { slots, q: gem.q, r: gem.r });
  }
  return tr(ctx, gem.resolved ? "small_gem_resolved" : "small_gem", { n: gem.value, q: gem.q, r: gem.r });
}

/** The chosen unit drawn on the chosen cell; green marks where its edge matches a neighbour. */
function previewShape(view, action, byPos, ctx) {
  const [cx, cy] = centre(action.q, action.r);
  const powers = powersAt(view, action.unit, action.rotation);
  const me = mySeat(view, ctx);
  const player = me !== null ? view.players[me] : null;
  const colour = view.turn_kind === "shared" ? view.shared_colour : player && player.colour;
  const type = view.unit_types[action.unit];
  const group = svg("g", { class: "mx-preview" });
  group.append(unitShape(powers, { id: action.unit, red_letter: type.red_letter, colour, shared: view.turn_kind === "shared" }, cx, cy, SIZE - 3, ctx));
  powers.forEach((power, direction) => {
    const [dq, dr] = OFFSETS[direction];
    const neighbour = byPos.get(`${action.q + dq},${action.r + dr}`);
    if (!neighbour || !neighbour.unit) return;
    const facing = neighbour.unit.powers[(direction + 3) % 6];
    const angle = ANGLES[direction];
    const edge = SIZE * Math.sqrt(3) / 2;
    const ex = cx + edge * Math.cos(angle);
    const ey = cy + edge * Math.sin(angle);
    const half = SIZE / 2 - 4;
    const px = -Math.sin(angle) * half;
    const py = Math.cos(angle) * half;
    group.append(svg("line", {
      x1: ex - px, y1: ey - py, x2: ex + px, y2: ey + py,
      class: power === facing ? "mx-match" : "mx-mismatch",
    }, [svg("title", {}, [tr(ctx, power === facing ? "edge_match" : "edge_differs", { a: power, b: facing })])]));
  });
  return group;
}

// --- the controls of the seat to move -------------------------------------------------------------

function controls(view, ctx, me, state) {
  const parts = [];
  const player = view.players[me];
  const pending = view.pending;
  if (state.units.length) parts.push(handPicker(view, ctx, player, state));
  if (state.chosen) {
    const position = state.rotations.findIndex(({ action }) => action.rotation === ui.rotation);
    const step = (delta) => () => {
      const next = (position + delta + state.rotations.length) % state.rotations.length;
      ui.rotation = state.rotations[next].action.rotation;
      drawer.redraw();
    };
    const row = [];
    if (state.rotations.length > 1) {
      row.push(choiceButton("rotate-left", `⟲ ${tr(ctx, "rotate_left")}`, step(-1)));
      row.push(choiceButton("rotate-right", `⟳ ${tr(ctx, "rotate_right")}`, step(1)));
    }
    row.push(legalButton(ctx, state.chosen.index, tr(ctx, "place_unit", { id: ui.unit }), "mh-primary"));
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "rotation_n", { n: position + 1, total: state.rotations.length })]));
    parts.push(el("div", { class: "mh-controls" }, row));
  } else if (ui.unit && state.cells.size) {
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "pick_cell_hint")]));
  }
  if (pending && pending.kind === "slot") {
    const site = view.gems.find((g) => g.q === pending.q && g.r === pending.r);
    const slots = legalWhere(ctx.legal, (a) => a.type === "take_slot").map(({ action, index }) => {
      const slot = site.slots[action.slot];
      const bonus = slot.colour === player.colour;
      return legalButton(ctx, index, tr(ctx, bonus ? "take_slot_bonus" : "take_slot", { value: slot.value, colour: tr(ctx, `faction_${slot.colour}`) }));
    });
    if (slots.length) parts.push(el("div", { class: "mh-controls" }, slots));
  }
  if (pending && (pending.kind === "ability" || pending.kind === "rush")) {
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "ability_pending", { name: abilityName(ctx, pending.ability), effect: tr(ctx, `ability_${pending.ability}_${pending.star ? "star" : "dot"}`) })]));
    if (ui.confuseCell) {
      const [q, r] = ui.confuseCell.split(",").map(Number);
      const cell = view.cells.find((c) => c.q === q && c.r === r);
      const options = state.rotates.filter(({ action }) => action.q === q && action.r === r)
        .map(({ action, index }) => {
          // Each choice shows the unit as it would stand after the turn.
          const picture = svg("svg", { width: 64, height: 64, viewBox: "-32 -32 64 64", "aria-hidden": "true" }, [
            unitShape(powersAt(view, cell.unit.id, action.rotation), cell.unit, 0, 0, 30, ctx),
          ]);
          const button = legalButton(ctx, index, picture);
          button.setAttribute("aria-label", tr(ctx, "turn_to", { n: action.rotation + 1 }));
          return button;
        });
      parts.push(el("div", { class: "mh-controls" }, options));
    }
    for (const { index } of legalWhere(ctx.legal, (a) => a.type === "draw_objective")) parts.push(legalButton(ctx, index, tr(ctx, "draw_objective"), "mh-primary"));
  }
  if (pending && pending.kind === "draft") {
    const picks = legalWhere(ctx.legal, (a) => a.type === "pick").map(({ action, index }) => {
      const button = legalButton(ctx, index, `${abilityName(ctx, action.ability)} — ${tr(ctx, `ability_${action.ability}_dot`)}`);
      return button;
    });
    if (picks.length) parts.push(el("div", { class: "mh-controls mx-draft" }, picks));
  }
  for (const { index } of legalWhere(ctx.legal, (a) => a.type === "pass")) parts.push(el("div", { class: "mh-controls" }, [legalButton(ctx, index, tr(ctx, "pass_ability"))]));
  if (!parts.length) {
    // Not this seat's move: its hand, for planning (nothing to click).
    const hand = [...(player.hand || []), ...(player.shared_hand || [])];
    if (!hand.length || view.phase === "over") return null;
    return section(tr(ctx, "your_hand_title"), el("div", { class: "mx-hand" }, hand.map((id) =>
      svg("svg", { width: 58, height: 58, viewBox: "-29 -29 58 58", role: "img", "aria-label": id }, [
        unitShape(powersAt(view, id, 0), { id, red_letter: view.unit_types[id].red_letter, colour: player.colour }, 0, 0, 27, ctx),
      ]))));
  }
  return section(tr(ctx, "your_move"), parts);
}

function handPicker(view, ctx, player, state) {
  const shared = view.turn_kind === "shared";
  const hand = shared ? player.shared_hand || [] : player.hand || [];
  const colour = shared ? view.shared_colour : player.colour;
  const buttons = hand.map((id, i) => {
    const playable = state.units.includes(id);
    const picture = svg("svg", { width: 64, height: 64, viewBox: "-32 -32 64 64", "aria-hidden": "true" }, [
      unitShape(powersAt(view, id, 0), { id, red_letter: view.unit_types[id].red_letter, colour, shared }, 0, 0, 30, ctx),
    ]);
    if (!playable) return el("span", { class: "mh-muted", title: id }, [picture]);
    const pressed = ui.unit === id;
    const button = choiceButton(`unit-${id}-${i}`, picture, () => { ui.unit = id; ui.cell = null; drawer.redraw(); }, { pressed });
    button.setAttribute("aria-label", tr(ctx, "choose_unit", { id }));
    return button;
  });
  const other = shared ? player.hand || [] : player.shared_hand || [];
  return el("div", {}, [
    el("p", { class: "mh-note" }, [tr(ctx, shared ? "shared_hand" : "hand")]),
    el("div", { class: "mx-hand" }, buttons.length ? buttons : [tr(ctx, "hand_empty")]),
    other.length ? el("p", { class: "mh-muted" }, [tr(ctx, shared ? "own_hand_list" : "shared_hand_list", { list: other.join(", ") })]) : null,
  ]);
}

// --- side panels -----------------------------------------------------------------------------------

function gemsSection(view, ctx) {
  return section(tr(ctx, "gems"), el("ul", { class: "mx-list" }, view.gems.map((gem) => el("li", {}, [gemLabel(gem, ctx)]))));
}

function playersSection(view, ctx, me) {
  const rows = view.players.map((p) => {
    const colour = faction(p.colour);
    const bits = [
      el("span", { class: "mh-gem", style: `background:${colour.hex}` }, [colour.letter]),
      " ", el("strong", {}, [seatName(ctx, p.seat)]),
      ` · ${tr(ctx, "points_n", { n: p.score })}`,
      ` · ${tr(ctx, "hand_deck", { hand: p.hand_size, deck: p.deck_size })}`,
    ];
    if (p.shared_hand_size || p.shared_deck_size) bits.push(` · ${tr(ctx, "shared_hand_deck", { hand: p.shared_hand_size, deck: p.shared_deck_size })}`);
    if (p.personal_objectives && p.seat !== me) bits.push(` · ${tr(ctx, "secret_objectives", { n: p.personal_objectives })}`);
    const lines = [el("div", {}, bits)];
    if (p.ability) lines.push(el("div", { class: "mh-note" }, [`${abilityName(ctx, p.ability)}: ${tr(ctx, `ability_${p.ability}_dot`)} ★ ${tr(ctx, `ability_${p.ability}_star`)}`]));
    return el("li", {}, lines);
  });
  return section(tr(ctx, "players"), el("ul", { class: "mx-list" }, rows));
}

function objectivesSection(view, ctx, me) {
  const mine = me !== null ? view.players[me].objectives || [] : [];
  if (!view.common_objectives.length && !mine.length) return null;
  const item = (o) => el("li", {}, [`${objectiveName(ctx, o)} — ${o.kind === "variable" ? tr(ctx, "points_variable") : tr(ctx, "points_n", { n: o.points })} (${tr(ctx, `kind_${o.kind}`)})`]);
  return section(tr(ctx, "objectives"), [
    view.common_objectives.length ? el("p", { class: "mh-note" }, [tr(ctx, "common_objectives")]) : null,
    el("ul", { class: "mx-list" }, view.common_objectives.map(item)),
    mine.length ? el("p", { class: "mh-note" }, [tr(ctx, "your_objectives")]) : null,
    el("ul", { class: "mx-list" }, mine.map(item)),
    el("p", { class: "mh-muted" }, [tr(ctx, "objective_pile", { n: view.objective_pile })]),
  ]);
}

function abilityName(ctx, id) {
  return tr(ctx, `ability_${id}`);
}

function objectiveName(ctx, objective) {
  const key = `objective_${objective.id}`;
  const text = ctx.t(key);
  return text === key ? objective.name : text;
}

// --- prompt, log, scores ------------------------------------------------------------------------------

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

export function eventText(event, ctx) {
  const seats = (ctx.players || []).length;
  const name = (seat) => (seat === "shared" || seat === null || seat === undefined || (seats && Number(seat) >= seats)
    ? tr(ctx, "shared_faction") : seatName(ctx, Number(seat)));
  const nobody = (seat) => seat === null || seat === undefined || seat < 0;
  switch (event.type) {
    case "place":
      return tr(ctx, event.shared ? "ev_place_shared" : "ev_place", { name: name(event.seat), id: event.unit, q: event.q, r: event.r });
    case "draw":
      return tr(ctx, "ev_draw", { name: name(event.seat), list: event.units.join(", ") });
    case "drew":
      return tr(ctx, "ev_drew", { name: name(event.seat), n: event.count });
    case "round":
      return tr(ctx, "ev_round", { n: event.round });
    case "gem_resolved":
      if (event.kind === "big") {
        return tr(ctx, "ev_big_resolved", {
          q: event.q, r: event.r,
          list: Object.entries(event.totals || {}).map(([seat, total]) => `${name(seat)} ${total}`).join(", "),
        });
      }
      if (nobody(event.winner)) return tr(ctx, `ev_${event.kind}_nobody`, { q: event.q, r: event.r });
      return tr(ctx, `ev_${event.kind}`, { q: event.q, r: event.r, name: name(event.winner), n: event.value });
    case "award":
      return tr(ctx, "ev_award", { name: name(event.seat), n: event.points, reason: reasonText(ctx, event.reason) });
    case "discarded":
      return tr(ctx, "ev_discarded", { n: event.points, reason: reasonText(ctx, event.reason) });
    case "overwhelming":
      return tr(ctx, "ev_overwhelming", { name: name(event.owner), q: event.q, r: event.r });
    case "turn_skipped":
      return tr(ctx, "ev_turn_skipped", { name: name(event.seat) });
    case "ability_picked":
      return tr(ctx, "ev_ability_picked", { name: name(event.seat), ability: abilityName(ctx, event.ability), colour: tr(ctx, `faction_${event.faction}`) });
    case "shared_faction":
      return tr(ctx, "ev_shared_faction", { colour: tr(ctx, `faction_${event.faction}`) });
    case "ability_ready":
      return tr(ctx, "ev_ability_ready", { name: name(event.seat), ability: abilityName(ctx, event.ability) });
    case "ability_used":
      return tr(ctx, "ev_ability_used", { name: name(event.seat), ability: abilityName(ctx, event.ability) });
    case "ability_declined":
      return tr(ctx, "ev_ability_declined", { name: name(event.seat), ability: abilityName(ctx, event.ability) });
    case "objective_drawn":
      return tr(ctx, "ev_objective_drawn", { name: name(event.seat), id: event.objective });
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return event.type;
  }
}

/** One line saying what an action does (the hint, a replay step, the log). */
export function describeAction(action, ctx) {
  const view = ctx.view;
  // What the view says about the decision being made, when it is the actor's (a view from
  // another moment, or none, gives the plainer description).
  const pending = view && view.pending && view.pending.seat === ctx.actor ? view.pending : null;
  switch (action.type) {
    case "place": {
      const facing = facingText(view, action.unit, action.rotation, ctx);
      const shared = view && view.phase === "place" && view.turn_kind === "shared"
        && (view.to_move || []).includes(ctx.actor);
      const where = { id: action.unit, q: action.q, r: action.r };
      if (!facing) return tr(ctx, "act_place_rotation", { ...where, n: action.rotation + 1 });
      return tr(ctx, shared ? "act_place_shared" : "act_place", { ...where, ...facing });
    }
    case "take_slot": {
      const site = pending && pending.kind === "slot"
        ? (view.gems || []).find((g) => g.q === pending.q && g.r === pending.r) : null;
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
        ? tr(ctx, "act_target", { ability: abilityName(ctx, pending.ability), q: action.q, r: action.r })
        : tr(ctx, "ability_target", { q: action.q, r: action.r });
    case "rotate": {
      const cell = view && Array.isArray(view.cells) ? view.cells.find((c) => c.q === action.q && c.r === action.r) : null;
      const facing = cell && cell.unit ? facingText(view, cell.unit.id, action.rotation, ctx) : null;
      if (!facing) return tr(ctx, "act_rotate_rotation", { q: action.q, r: action.r, n: action.rotation + 1 });
      return tr(ctx, "act_rotate", { id: cell.unit.id, q: action.q, r: action.r, ...facing });
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
  const key = `reason_${String(reason).replace(/ /g, "_")}`;
  const text = ctx.t(key);
  return text === key ? reason : text;
}

export function scores(view) {
  if (!view) return null;
  if (view.result && Array.isArray(view.result.scores)) return view.result.scores;
  return view.players.map((p) => p.score);
}

const PART_KEYS = ["big gems", "colour bonus", "small gems", "counter gems", "reward", "objectives"];

/** The end-of-game bar: points by kind (the solo target is not points). */
export function breakdownParts(breakdown) {
  return PART_KEYS.filter((key) => typeof breakdown[key] === "number" && breakdown[key] !== 0)
    .map((key) => ({ key, label: pageText(texts, `breakdown.${key}`), points: breakdown[key] }));
}

/** The factions' colours for the players panel and the breakdown (once every seat has one). */
export function seatColours(view) {
  if (!view || !Array.isArray(view.players)) return null;
  const colours = view.players.map((p) => (p.colour && FACTIONS[p.colour] ? FACTIONS[p.colour].hex : null));
  return colours.every(Boolean) ? colours : null;
}
