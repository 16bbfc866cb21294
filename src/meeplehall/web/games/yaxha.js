// Yaxha: the market with its cubes and the initiative order, the secret choice, the pending
// picks after a tie, each pyramid as a stepped top view plus a level-by-level strip (hidden
// cubes hatched), the cubes in hand with the legal spots highlighted, undo and confirm, the
// discards, and the three bonus cards.

import {
  choiceButton, el, ensureStyles, legalAction, legalButton, legalWhere, redrawer,
  pageText, seatName, section, svg, tr,
} from "./kit.js";
import { texts } from "./yaxha_texts.js";

export { texts };

const COLOURS = {
  orange: { hex: "#da6e2d", ink: "#fff", letter: "O" },
  yellow: { hex: "#f5d187", ink: "#222", letter: "Y" },
  blue: { hex: "#304f5e", ink: "#fff", letter: "B" },
  green: { hex: "#c3dcc7", ink: "#222", letter: "G" },
  white: { hex: "#dcd9de", ink: "#222", letter: "W" },
};
const LEVEL_SIZES = [4, 3, 2, 1];

// Local choice that survives redraws: the colour of the cube in hand about to be placed.
const ui = { colour: null };

const drawer = redrawer(draw);
let shownSeat;

export function render(root, ctx) {
  ensureStyles(new URL("./games.css", import.meta.url).href);
  // A hot-seat hand-over or a replay shows another seat: forget the last seat's half-made choice.
  if (ctx.seat !== shownSeat) {
    shownSeat = ctx.seat;
    ui.colour = null;
  }
  drawer.render(root, ctx);
}

function draw(root, ctx) {
  const view = ctx.view;
  if (!view) return; // nothing to draw before the first view arrives
  const me = mySeat(view, ctx);
  root.append(
    el("div", { class: "mh-game mh-yaxha" }, [
      header(view, ctx),
      marketSection(view, ctx, me),
      me !== null && view.phase === "build" ? handSection(view, ctx, me) : null,
      pyramidsSection(view, ctx, me),
      bonusSection(view, ctx),
    ]),
  );
}

function mySeat(view, ctx) {
  const seat = view.seat ?? ctx.seat;
  return seat === undefined ? null : seat;
}

function header(view, ctx) {
  return el("div", { class: "mh-game-header" }, [
    el("span", { class: "mh-pill" }, [tr(ctx, "round", { n: view.round, total: view.rounds })]),
    el("span", { class: "mh-pill" }, [tr(ctx, `phase_${view.phase}`)]),
    el("span", { class: "mh-pill" }, [tr(ctx, "bag_left", { n: view.bag_left })]),
  ]);
}

// --- cubes ------------------------------------------------------------------------------------

function cubeChip(colour, ctx, extraClass = "") {
  const c = COLOURS[colour] || { hex: "#999", ink: "#000", letter: "?" };
  return el("span", {
    class: `yx-cube ${extraClass}`.trim(),
    style: `background:${c.hex};color:${c.ink}`,
    title: tr(ctx, `colour_${colour}`),
  }, [c.letter]);
}

// --- market and initiative ------------------------------------------------------------------------

function marketSection(view, ctx, me) {
  const tileLegal = new Map(
    legalWhere(ctx.legal, (a) => a.type === "tile").map(({ action, index }) => [action.tile, index]),
  );
  const mine = me !== null ? view.seats[me] : null;
  const tiles = view.market.map((tile) => {
    const chosenBy = view.choices
      ? view.choices.map((t, seat) => (t === tile.tile ? seat : -1)).filter((s) => s >= 0)
      : [];
    const body = [
      el("div", { class: "yx-tile-title" }, [tr(ctx, "tile", { n: tile.tile + 1 })]),
      el("div", { class: "yx-tile-cubes" }, tile.cubes.map((colour) => cubeChip(colour, ctx))),
      tile.taken_by !== null
        ? el("div", { class: "yx-tile-note" }, [tr(ctx, "taken_by", { name: seatName(ctx, tile.taken_by) })])
        : null,
      chosenBy.length && view.phase !== "select"
        ? el("div", { class: "yx-tile-note" }, [
          tr(ctx, "chosen_by", { names: chosenBy.map((s) => seatName(ctx, s)).join(", ") }),
        ])
        : null,
      mine && mine.choice === tile.tile
        ? el("div", { class: "yx-tile-note yx-mine" }, [tr(ctx, "your_secret_choice")])
        : null,
    ];
    const index = tileLegal.get(tile.tile);
    if (index !== undefined) {
      const button = el("button", { type: "button", class: "yx-tile yx-tile-legal" }, body);
      const changing = mine && mine.choice !== null && mine.choice !== undefined && view.phase === "select";
      legalAction(button, ctx, index, tr(ctx, changing ? "change_to_tile" : "take_tile", { n: tile.tile + 1 }));
      return button;
    }
    return el("div", { class: "yx-tile" }, body);
  });
  const children = [el("div", { class: "yx-market" }, tiles)];
  if (view.phase === "select") children.push(selectionStatus(view, ctx, me, tileLegal));
  if (view.phase === "pick" && view.pending.length) {
    children.push(el("p", { class: "yx-note" }, [
      tr(ctx, "pending_order", { names: view.pending.map((s) => seatName(ctx, s)).join(" → ") }),
    ]));
  }
  children.push(initiativeRow(view, ctx));
  return section(tr(ctx, "market"), children, "yx-market-section");
}

function selectionStatus(view, ctx, me, tileLegal) {
  const items = view.seats.map((entry) =>
    el("li", {}, [
      seatName(ctx, entry.seat), ": ",
      entry.chosen ? tr(ctx, "has_chosen") : tr(ctx, "choosing"),
    ]));
  const lines = [el("ul", { class: "yx-status" }, items)];
  const mine = me !== null ? view.seats[me] : null;
  if (mine && mine.choice !== null && mine.choice !== undefined && tileLegal.size) {
    lines.push(el("p", { class: "yx-note" }, [tr(ctx, "change_mind", { n: mine.choice + 1 })]));
  }
  return el("div", {}, lines);
}

function initiativeRow(view, ctx) {
  const tokens = view.initiative_order.map((seat) => {
    const entry = view.seats[seat];
    return el("span", { class: "yx-init" }, [
      el("span", { class: "yx-init-number", "aria-hidden": "true" }, [String(entry.initiative)]),
      tr(ctx, "initiative_of", { n: entry.initiative, name: seatName(ctx, seat) }),
    ]);
  });
  return el("div", { class: "yx-initiative" }, [
    el("span", { class: "yx-label" }, [tr(ctx, "initiative")]), ...tokens,
  ]);
}

// --- the hand: choose a cube, then a spot -------------------------------------------------------

function handSection(view, ctx, me) {
  const mine = view.seats[me];
  const hand = mine.hand || [];
  const places = legalWhere(ctx.legal, (a) => a.type === "place");
  const colours = [...new Set(hand)];
  const placeable = new Set(places.map(({ action }) => action.colour));
  if (!placeable.has(ui.colour)) ui.colour = colours.find((c) => placeable.has(c)) ?? null;
  const cubes = hand.map((colour, i) => {
    const chip = cubeChip(colour, ctx, placeable.has(colour) ? "" : "yx-cube-stuck");
    if (!placeable.has(colour)) return chip;
    const pressed = ui.colour === colour && hand.indexOf(colour) === i;
    const button = choiceButton(`cube-${colour}-${i}`, chip, () => {
      ui.colour = colour;
      drawer.redraw();
    }, { pressed, extraClass: `yx-hand-cube${pressed ? " yx-selected" : ""}` });
    button.setAttribute("aria-label", tr(ctx, "pick_cube", { colour: tr(ctx, `colour_${colour}`) }));
    return button;
  });
  const controls = [];
  const undo = legalWhere(ctx.legal, (a) => a.type === "undo")[0];
  const confirm = legalWhere(ctx.legal, (a) => a.type === "confirm")[0];
  if (confirm) {
    const text = hand.length
      ? tr(ctx, "confirm_discard", { n: hand.length })
      : tr(ctx, "confirm");
    controls.push(legalButton(ctx, confirm.index, text, "mh-primary"));
  }
  if (undo) controls.push(legalButton(ctx, undo.index, tr(ctx, "undo"), "yx-undo"));
  const info = [];
  if (mine.confirmed) info.push(tr(ctx, "you_confirmed"));
  else if (!hand.length && !ctx.legal.length) info.push(tr(ctx, "waiting_others"));
  return section(tr(ctx, "hand"), [
    el("div", { class: "yx-hand" }, cubes.length ? cubes : [tr(ctx, "hand_empty")]),
    info.length ? el("p", { class: "yx-note" }, info) : null,
    el("div", { class: "mh-controls" }, controls),
  ], "yx-hand-section");
}

// --- pyramids -------------------------------------------------------------------------------

function pyramidsSection(view, ctx, me) {
  const order = view.seats.map((s) => s.seat);
  if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const boards = order.map((seat) => {
    const entry = view.seats[seat];
    const own = seat === me;
    const targets = own && view.phase === "build"
      ? legalWhere(ctx.legal, (a) => a.type === "place" && a.colour === ui.colour)
      : [];
    const status = [];
    if (view.phase === "build") status.push(entry.confirmed ? tr(ctx, "confirmed") : tr(ctx, "building"));
    status.push(tr(ctx, "discarded", { n: entry.discarded }));
    status.push(tr(ctx, "colour_points", { n: entry.score.total }));
    const title = own ? tr(ctx, "your_pyramid") : tr(ctx, "pyramid_of", { name: seatName(ctx, seat) });
    return el("figure", { class: `yx-pyramid${own ? " yx-own" : ""}`, "data-seat": seat }, [
      el("figcaption", {}, [el("strong", {}, [title]), " · ", status.join(" · ")]),
      el("div", { class: "yx-pyramid-views" }, [
        topView(entry.pyramid, targets, ctx, own ? 46 : 30),
        levelStrip(entry.pyramid, ctx, own ? 14 : 10),
      ]),
      own && entry.collected && entry.collected.length && view.phase === "build"
        ? el("div", { class: "yx-note" }, [tr(ctx, "collected"), " ",
          ...entry.collected.map((c) => cubeChip(c, ctx, "yx-cube-small"))])
        : null,
    ]);
  });
  return section(tr(ctx, "pyramids"), el("div", { class: "yx-pyramids" }, boards));
}

/** The pyramid seen from above: a level-z cube sits half a cube in from the one below. */
function topView(cubes, targets, ctx, size) {
  const xs = [0, 3];
  const ys = [0, 3];
  for (const cube of cubes) { xs.push(cube.x + cube.level); ys.push(cube.y + cube.level); }
  for (const { action } of targets) { xs.push(action.x); ys.push(action.y); }
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const maxX = Math.max(...xs);
  const maxY = Math.max(...ys);
  const pad = 6;
  const width = (maxX - minX + 1) * size + 2 * pad;
  const height = (maxY - minY + 1) * size + 2 * pad;
  const px = (x, z) => pad + (x - minX + z / 2) * size;
  const py = (y, z) => pad + (y - minY + z / 2) * size;
  const root = svg("svg", {
    class: "yx-top", viewBox: `0 0 ${width} ${height}`, width, height,
    role: "img", "aria-label": tr(ctx, "top_view"),
  });
  root.append(svg("rect", {
    x: pad / 2, y: pad / 2, width: width - pad, height: height - pad, rx: 6, class: "yx-ground",
  }));
  for (let level = 0; level < 4; level += 1) {
    // Higher cubes are drawn a little smaller so the centre of every cube below stays in sight.
    const shrink = size * 0.14 * level;
    for (const cube of cubes.filter((c) => c.level === level)) {
      root.append(cubeShape(cube, px(cube.x, level) + shrink / 2, py(cube.y, level) + shrink / 2,
        size - shrink, ctx));
    }
    for (const { action, index } of targets.filter((t) => t.action.level === level)) {
      const inset = size * 0.16 + size * 0.07 * level;
      const spot = svg("rect", {
        x: px(action.x, level) + inset, y: py(action.y, level) + inset,
        width: size - 2 * inset, height: size - 2 * inset, rx: 4, class: "yx-target",
        style: `fill:${COLOURS[action.colour].hex}`,
      });
      const label = tr(ctx, "place_here", {
        colour: tr(ctx, `colour_${action.colour}`), level: level + 1, x: action.x, y: action.y,
      });
      spot.append(svg("title", {}, [label]));
      root.append(legalAction(spot, ctx, index, label));
    }
  }
  return root;
}

function cubeShape(cube, x, y, size, ctx) {
  const c = COLOURS[cube.colour];
  const group = svg("g", { class: `yx-cube-svg yx-level-${cube.level + 1}` });
  if (cube.level > 0) {
    // A shadow under raised cubes makes the steps read as height.
    group.append(svg("rect", {
      x: x + 2 + cube.level, y: y + 2 + cube.level, width: size - 2, height: size - 2, rx: 3,
      class: "yx-shadow",
    }));
  }
  group.append(svg("rect", {
    x: x + 1, y: y + 1, width: size - 2, height: size - 2, rx: 3,
    style: `fill:${c.hex}`, class: "yx-face",
  }));
  group.append(svg("text", {
    x: x + size / 2, y: y + size / 2 + size * 0.13, "text-anchor": "middle",
    "font-size": size * 0.36, style: `fill:${c.ink}`, class: "yx-letter",
  }, [c.letter]));
  group.append(svg("text", {
    x: x + 4, y: y + size * 0.26, "font-size": size * 0.22, style: `fill:${c.ink}`,
    class: "yx-level-digit",
  }, [String(cube.level + 1)]));
  group.append(svg("title", {}, [tr(ctx, "cube_title", {
    colour: tr(ctx, `colour_${cube.colour}`), level: cube.level + 1,
  })]));
  return group;
}

/** Each level as its own small grid; cubes hidden from above are hatched. */
function levelStrip(cubes, ctx, cell) {
  const baseCubes = cubes.filter((c) => c.level === 0);
  const shiftX = Math.min(0, ...baseCubes.map((c) => c.x));
  const shiftY = Math.min(0, ...baseCubes.map((c) => c.y));
  const gap = 10;
  const width = 4 * cell + 8;
  const height = LEVEL_SIZES.reduce((sum, n) => sum + n * cell + gap + 12, 0);
  const root = svg("svg", {
    class: "yx-levels", viewBox: `0 0 ${width} ${height}`, width, height,
    role: "img", "aria-label": tr(ctx, "by_level"),
  });
  root.append(svg("defs", {}, [
    svg("pattern", { id: "yx-hatch", width: 4, height: 4, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, [svg("rect", { width: 2, height: 4, fill: "#0008" })]),
  ]));
  let top = 0;
  LEVEL_SIZES.forEach((n, level) => {
    root.append(svg("text", { x: 2, y: top + 10, "font-size": 10, class: "yx-strip-label" },
      [tr(ctx, "level_n", { n: level + 1 })]));
    top += 12;
    const offset = (4 - n) * cell / 2 + 4;
    for (let gx = 0; gx < n; gx += 1) {
      for (let gy = 0; gy < n; gy += 1) {
        root.append(svg("rect", {
          x: offset + gx * cell, y: top + gy * cell, width: cell, height: cell, class: "yx-slot",
        }));
      }
    }
    for (const cube of cubes.filter((c) => c.level === level)) {
      const c = COLOURS[cube.colour];
      const x = offset + (cube.x - (level === 0 ? shiftX : 0)) * cell;
      const y = top + (cube.y - (level === 0 ? shiftY : 0)) * cell;
      root.append(svg("rect", { x, y, width: cell, height: cell, style: `fill:${c.hex}`, class: "yx-mini" }));
      root.append(svg("text", {
        x: x + cell / 2, y: y + cell * 0.75, "text-anchor": "middle", "font-size": cell * 0.7,
        style: `fill:${c.ink}`,
      }, [c.letter]));
      if (!cube.visible) {
        root.append(svg("rect", { x, y, width: cell, height: cell, fill: "url(#yx-hatch)", class: "yx-hidden-mark" },
          [svg("title", {}, [tr(ctx, "hidden")])]));
      }
    }
    top += n * cell + gap;
  });
  return root;
}

// --- bonus cards ------------------------------------------------------------------------------

function bonusSection(view, ctx) {
  const cards = view.bonus_cards.map((card) =>
    el("div", { class: "yx-card" }, [
      el("div", { class: "yx-card-name" }, [cardText(ctx, `card_name_${card.id}`, card.name)]),
      el("div", { class: "yx-card-text" }, [cardText(ctx, `card_text_${card.id}`, card.text)]),
      el("div", { class: "yx-card-points" }, [tr(ctx, "points_n", { n: view.bonus_card_points })]),
    ]));
  return section(tr(ctx, "bonus_cards"), el("div", { class: "yx-cards" }, cards));
}

function cardText(ctx, key, fallback) {
  const text = ctx.t(key);
  return text === key ? fallback : text;
}

// --- prompt, log, scores ------------------------------------------------------------------------

export function prompt(view, legal, ctx) {
  if (!view) return "";
  const me = mySeat(view, ctx);
  if (view.phase === "over") return tr(ctx, "prompt_over");
  const kinds = new Set((legal || []).map((a) => a.type));
  const mine = me !== null ? view.seats[me] : null;
  if (view.phase === "select" && kinds.has("tile")) {
    if (mine && mine.choice !== null && mine.choice !== undefined) {
      return tr(ctx, "prompt_changed", { n: mine.choice + 1 });
    }
    return tr(ctx, "prompt_select");
  }
  if (view.phase === "pick" && kinds.has("tile")) return tr(ctx, "prompt_pick");
  if (view.phase === "build" && kinds.has("place")) return tr(ctx, "prompt_build");
  if (view.phase === "build" && kinds.has("confirm")) {
    const left = mine && mine.hand ? mine.hand.length : 0;
    return left ? tr(ctx, "prompt_confirm_discard", { n: left }) : tr(ctx, "prompt_confirm");
  }
  const waiting = (view.to_move || []).filter((s) => s !== me).map((s) => seatName(ctx, s));
  return waiting.length ? tr(ctx, "prompt_wait", { names: waiting.join(", ") }) : tr(ctx, "prompt_wait_none");
}

export function eventText(event, ctx) {
  const name = (seat) => seatName(ctx, seat);
  const colour = (c) => tr(ctx, `colour_${c}`);
  switch (event.type) {
    case "round_started":
      return tr(ctx, "ev_round_started", { n: event.round });
    case "tile_chosen":
      return tr(ctx, "ev_tile_chosen", { name: name(event.seat), n: event.tile + 1 });
    case "seat_has_chosen":
      return tr(ctx, "ev_seat_has_chosen", { name: name(event.seat) });
    case "choices_revealed":
      return tr(ctx, "ev_choices_revealed", {
        list: event.choices.map((t, s) => `${name(s)} → ${t + 1}`).join(", "),
      });
    case "tile_collected":
      return tr(ctx, event.after_tie ? "ev_tile_collected_tie" : "ev_tile_collected",
        { name: name(event.seat), n: event.tile + 1 });
    case "initiative_swapped":
      return tr(ctx, "ev_initiative_swapped", {
        list: event.initiative.map((v, s) => `${name(s)} ${v}`).join(", "),
      });
    case "building_started":
      return tr(ctx, "ev_building_started", { n: event.round });
    case "cube_placed":
      return tr(ctx, "ev_cube_placed", { name: name(event.seat), colour: colour(event.colour), level: event.level + 1 });
    case "placement_undone":
      return tr(ctx, "ev_placement_undone", { name: name(event.seat) });
    case "seat_confirmed":
      return tr(ctx, "ev_seat_confirmed", { name: name(event.seat) });
    case "round_built": {
      const thrown = event.discarded
        .map((n, s) => (n ? tr(ctx, "ev_discard_part", { name: name(s), n }) : null))
        .filter(Boolean);
      return thrown.length
        ? tr(ctx, "ev_round_built_discards", { n: event.round, list: thrown.join(", ") })
        : tr(ctx, "ev_round_built", { n: event.round });
    }
    case "game_over":
      return tr(ctx, "ev_game_over");
    default:
      return event.type;
  }
}

/** One line saying what an action does (the hint, a replay step, the log). */
export function describeAction(action, ctx) {
  switch (action.type) {
    case "tile":
      return tr(ctx, "take_tile", { n: action.tile + 1 });
    case "place":
      // Rows and columns count from 1 at the top left of the level, as the level strip shows
      // it; a base cube left of (or above) the base makes a new first column (row).
      return tr(ctx, "act_place", {
        colour: tr(ctx, `colour_${action.colour}`), level: action.level + 1,
        col: Math.max(action.x, 0) + 1, row: Math.max(action.y, 0) + 1,
      });
    case "undo":
      return tr(ctx, "act_undo");
    case "confirm":
      return tr(ctx, "confirm");
    default:
      return "";
  }
}

export function scores(view) {
  if (!view) return null;
  if (view.result && Array.isArray(view.result.scores)) return view.result.scores;
  return view.seats.map((entry) => entry.score.total);
}

/** The end-of-game bar: colour points, then bonus cards (the table itemises both). */
export function breakdownParts(breakdown) {
  return ["colour_points", "bonus_points"].map((key) => ({
    key, label: pageText(texts, `breakdown.${key}`), points: breakdown[key] || 0,
  }));
}
