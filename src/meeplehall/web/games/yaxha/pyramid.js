// A pyramid drawn as on the table: cubes in three quarters view, each upper cube resting on the
// four below it, hidden cubes hidden behind them; or flat, seen from straight above. The legal
// spots of the cube in hand are ghost cubes the player clicks.

import { legalAction, svg, tr } from "../kit.js";
import { cubeFaces, project } from "./cube.js";
import { cubeId } from "./groups.js";
import { colourLetter, colourName, colourOf } from "./palette.js";
import { spotLabel, spotPlace } from "./places.js";
import { spotAria, spotText } from "./spots.js";

const EDGE = 40; // cube edge in viewBox units

/** The world footprint of a cell: a level-z cube sits half a cube in from the ones below. */
function origin(level, x, y) {
  return [x + level / 2, y + level / 2, level];
}

function frameOf(cubes, targets) {
  const base = [...cubes.filter((c) => c.level === 0), ...targets.filter((t) => t.action.level === 0).map((t) => t.action)];
  const xs = base.map((c) => c.x);
  const ys = base.map((c) => c.y);
  // Room above for one level more than the pyramid has (the next cube may go there).
  const levels = [...cubes, ...targets.map((t) => t.action)].map((c) => c.level + 1);
  return {
    top: Math.min(4, Math.max(1, ...levels) + 1),
    x0: Math.min(0, ...xs), x1: Math.max(4, ...xs.map((x) => x + 1)),
    y0: Math.min(0, ...ys), y1: Math.max(4, ...ys.map((y) => y + 1)),
  };
}

/** A cube's name: its colour, level and spot (`say`: spotText for the page, spotAria for a
 * screen reader). */
function cubeTitle(ctx, cube, origin, cubes, say = spotText) {
  const key = cube.visible === false ? "cube_title_hidden" : "cube_title";
  return tr(ctx, key, {
    colour: colourName(ctx, cube.colour), level: cube.level + 1,
    spot: say(ctx, cubes, cube.level, cube.x, cube.y, origin),
  });
}

/**
 * The board of one seat. `pieces` maps a cube id to {key}; `targets` are [{action, index}] legal
 * placements of the cube picked in hand; `spots` are the legal placements of every cube in hand,
 * each marked by a mark drawn only while the shell lights it (a hint naming another cube's spot);
 * `best` maps each colour to the cube ids of its largest group; `scored` (the game is
 * over) lets the cubes outside those groups fade, so what scored shows at a glance.
 *
 * Cubes and the ghosts of the legal spots are painted back to front, level by level, so a ghost
 * hides behind a cube as a real cube would; what the player clicks is a layer on top of
 * everything: the top face of each ghost, so no cube ever stands in the way of a click.
 */
/**
 * The fade of the cubes that did not score, once in the page: each channel moved 45% of the way
 * to white, which keeps every cube's hue and more than half its colour (an orange cube turns
 * light orange, not brown as a desaturating filter made it).
 */
function ensureFadeFilter() {
  if (document.getElementById("yx-fade-defs")) return;
  const keep = 0.55;
  const row = (channel) => [0, 1, 2, 3].map((i) => (i === channel ? keep : 0)).concat(1 - keep).join(" ");
  document.body.append(svg("svg", { id: "yx-fade-defs", width: 0, height: 0, "aria-hidden": "true", style: "position:absolute" }, [
    svg("defs", {}, [svg("filter", { id: "yx-fade", "color-interpolation-filters": "sRGB" }, [
      svg("feColorMatrix", { type: "matrix", values: `${row(0)} ${row(1)} ${row(2)} 0 0 0 1 0` }),
    ])]),
  ]));
}

export function pyramidBoard(ctx, { seat, cubes, targets = [], spots = [], pieces, best, flat, label, scored = false }) {
  if (scored) ensureFadeFilter();
  const frame = frameOf(cubes, [...targets, ...spots.map((action) => ({ action }))]);
  const origin = [frame.x0, frame.y0];
  const draw = flat ? flatLayout(frame) : isoLayout(frame);
  const root = svg("svg", {
    class: `yx-board ${flat ? "yx-flat" : "yx-iso"}${scored ? " yx-scored" : ""}`, viewBox: draw.viewBox,
    role: "group", "aria-label": label,
  });
  root.append(draw.ground());
  const bestOf = new Map();
  for (const [colour, ids] of Object.entries(best)) for (const id of ids) bestOf.set(id, colour);
  const items = [
    ...cubes.map((cube) => ({ ...cube, cube })),
    ...targets.map(({ action }) => ({ level: action.level, x: action.x, y: action.y, ghost: action })),
  ].sort((a, b) => a.level - b.level || (a.x + a.y) - (b.x + b.y));
  for (const item of items) {
    if (item.ghost) {
      root.append(svg("g", { class: "yx-ghost", "aria-hidden": "true" }, [draw.ghost(item.ghost)]));
      continue;
    }
    const { cube } = item;
    const id = cubeId(cube);
    const piece = pieces.get(id);
    const node = svg("g", {
      class: `yx-cube${cube.visible === false ? " yx-hidden" : ""}${bestOf.has(id) ? " yx-best" : ""}`,
      "data-colour": cube.colour,
      "data-place": spotPlace(seat, cube.level, cube.x, cube.y),
      "data-piece": piece ? piece.key : undefined,
      role: "img", "aria-label": cubeTitle(ctx, cube, origin, cubes, spotAria),
    }, [svg("title", {}, [cubeTitle(ctx, cube, origin, cubes)])]);
    node.append(draw.cube(cube, colourLetter(ctx, cube.colour)));
    root.append(node);
  }
  const shown = new Set(targets.map(({ action }) => spotPlace(seat, action.level, action.x, action.y)));
  for (const action of spots) {
    const key = spotPlace(seat, action.level, action.x, action.y);
    if (shown.has(key)) continue;
    shown.add(key);
    root.append(svg("g", { class: "yx-spot-mark", "data-place": key, "aria-hidden": "true" },
      draw.hit(action, spotLabel(action.level, action.x, action.y, origin))));
  }
  for (const { action, index } of targets) {
    const said = (say) => tr(ctx, "place_here", {
      colour: colourName(ctx, action.colour), level: action.level + 1,
      spot: say(ctx, cubes, action.level, action.x, action.y, origin),
    });
    const hit = svg("g", {
      class: "yx-hit", "data-place": spotPlace(seat, action.level, action.x, action.y),
    }, [svg("title", {}, [said(spotText)]), ...draw.hit(action, spotLabel(action.level, action.x, action.y, origin))]);
    root.append(legalAction(hit, ctx, index, said(spotAria)));
  }
  return root;
}

const axisLetter = (i) => "ABCDE"[i] || "?";

// --- three quarters view --------------------------------------------------------------------

function isoLayout(frame) {
  const corners = [];
  for (const X of [frame.x0, frame.x1]) {
    for (const Y of [frame.y0, frame.y1]) corners.push(project(X, Y, 0, EDGE), project(X, Y, 1, EDGE));
  }
  corners.push(project(1.5, 1.5, frame.top, EDGE)); // room for the highest cube there may be
  const pad = EDGE * 0.55;
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) + pad - minX;
  const height = Math.max(...ys) + pad * 0.6 - minY;
  return {
    viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
    ground() {
      const ground = svg("g", { class: "yx-ground" });
      const pts = [[frame.x0, frame.y0], [frame.x1, frame.y0], [frame.x1, frame.y1], [frame.x0, frame.y1]]
        .map(([X, Y]) => project(X - 0.15, Y - 0.15, 0, EDGE).map((v) => v.toFixed(1)).join(","));
      ground.append(svg("polygon", { points: pts.join(" "), class: "yx-plinth" }));
      for (let x = frame.x0; x < frame.x1; x += 1) {
        const [lx, ly] = project(x + 0.5, frame.y0 - 0.45, 0, EDGE);
        ground.append(svg("text", { x: lx, y: ly, class: "yx-axis mh-coord", "text-anchor": "middle" }, [axisLetter(x - frame.x0)]));
      }
      for (let y = frame.y0; y < frame.y1; y += 1) {
        const [lx, ly] = project(frame.x0 - 0.45, y + 0.5, 0, EDGE);
        ground.append(svg("text", { x: lx, y: ly + 4, class: "yx-axis mh-coord", "text-anchor": "middle" }, [String(y - frame.y0 + 1)]));
      }
      return ground;
    },
    cube(cube, letter) {
      const [X, Y, Z] = origin(cube.level, cube.x, cube.y);
      return cubeFaces(cube.colour, X, Y, Z, EDGE, letter);
    },
    ghost(action) {
      const [X, Y, Z] = origin(action.level, action.x, action.y);
      return cubeFaces(action.colour, X, Y, Z, EDGE, null);
    },
    hit(action, text) {
      const [X, Y, Z] = origin(action.level, action.x, action.y);
      const top = [[X, Y], [X + 1, Y], [X + 1, Y + 1], [X, Y + 1]]
        .map(([a, b]) => project(a, b, Z + 1, EDGE).map((v) => v.toFixed(1)).join(","));
      const [cx, cy] = project(X + 0.5, Y + 0.5, Z + 1, EDGE);
      return [
        svg("polygon", { points: top.join(" "), class: "yx-hit-face" }),
        svg("text", {
          x: cx.toFixed(1), y: (cy + EDGE * 0.13).toFixed(1), "text-anchor": "middle",
          "font-size": EDGE * 0.36, class: "yx-ghost-label mh-coord",
        }, [text]),
      ];
    },
  };
}

// --- flat view from above ---------------------------------------------------------------------

function flatLayout(frame) {
  const cell = EDGE;
  const pad = cell * 0.6;
  const width = (frame.x1 - frame.x0) * cell + 2 * pad;
  const height = (frame.y1 - frame.y0) * cell + 2 * pad;
  const px = (X) => (X - frame.x0) * cell + pad;
  const py = (Y) => (Y - frame.y0) * cell + pad;
  const square = (level, x, y) => {
    // Higher cubes are drawn a little smaller so the edge of every cube below stays in sight.
    const [X, Y] = origin(level, x, y);
    const inset = cell * 0.06 * level;
    return { x: px(X) + inset + 1, y: py(Y) + inset + 1, size: cell - 2 * inset - 2 };
  };
  return {
    viewBox: `0 0 ${width} ${height}`,
    ground() {
      const ground = svg("g", { class: "yx-ground" });
      ground.append(svg("rect", {
        x: px(frame.x0) - 4, y: py(frame.y0) - 4, width: (frame.x1 - frame.x0) * cell + 8,
        height: (frame.y1 - frame.y0) * cell + 8, rx: 6, class: "yx-plinth",
      }));
      for (let x = frame.x0; x < frame.x1; x += 1) {
        ground.append(svg("text", { x: px(x + 0.5), y: pad * 0.6, class: "yx-axis mh-coord", "text-anchor": "middle" }, [axisLetter(x - frame.x0)]));
      }
      for (let y = frame.y0; y < frame.y1; y += 1) {
        ground.append(svg("text", { x: pad * 0.45, y: py(y + 0.5) + 5, class: "yx-axis mh-coord", "text-anchor": "middle" }, [String(y - frame.y0 + 1)]));
      }
      return ground;
    },
    cube(cube, letter) {
      const c = colourOf(cube.colour);
      const { x, y, size } = square(cube.level, cube.x, cube.y);
      return svg("g", { class: "yx-faces" }, [
        cube.level ? svg("rect", { x: x + 3, y: y + 3, width: size, height: size, rx: 4, class: "yx-drop" }) : null,
        svg("rect", { x, y, width: size, height: size, rx: 4, fill: c.hex, class: "yx-top-face" }),
        svg("text", {
          x: x + size / 2, y: y + size / 2 + size * 0.14, "text-anchor": "middle",
          "font-size": size * 0.4, fill: c.ink, class: "yx-letter",
        }, [letter]),
        // From above, only a raised cube needs its level said (base cubes are all level 1).
        cube.level ? svg("text", { x: x + 4, y: y + size * 0.28, "font-size": size * 0.22, fill: c.ink, class: "yx-level-digit" },
          [String(cube.level + 1)]) : null,
      ]);
    },
    ghost(action) {
      const c = colourOf(action.colour);
      const { x, y, size } = square(action.level, action.x, action.y);
      return svg("rect", { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 4, fill: c.hex, class: "yx-top-face" });
    },
    hit(action, text) {
      const { x, y, size } = square(action.level, action.x, action.y);
      return [
        svg("rect", { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 4, class: "yx-hit-face" }),
        svg("text", {
          x: x + size / 2, y: y + size / 2 + size * 0.12, "text-anchor": "middle",
          "font-size": size * 0.32, class: "yx-ghost-label mh-coord",
        }, [text]),
      ];
    },
  };
}
