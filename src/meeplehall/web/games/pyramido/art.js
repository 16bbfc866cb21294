// Pyramido's pieces drawn in SVG: gems, dominoes (blocks of four quarters with their gem icons),
// the backs of face-down dominoes, and gem stacks with a count badge.

import { el, paletteTable, svg, tr } from "../kit.js";
import { dominoQuarters, DIRECTIONS } from "./geometry.js";

export const GEM_ORDER = ["orange", "blue", "purple", "green", "red", "mythical"];

// Block fills, a darker shade for edges and backs, and a light one for the icons; the safe
// palette takes Okabe and Ito's hues (blue darker, purple lighter, for more room), which stay
// apart under protanopia, deuteranopia and tritanopia (tests/web/test_colour_vision.py
// measures them on the drawn board).
export const COLOURS = paletteTable({
  orange: { fill: "#ec8a2f", dark: "#9a4f0c", light: "#ffe2bf" },
  blue: { fill: "#2f74c8", dark: "#17427a", light: "#cfe3ff" },
  purple: { fill: "#8a50bd", dark: "#4f2572", light: "#ead8fb" },
  green: { fill: "#3f9a47", dark: "#1e5a24", light: "#d4f2d2" },
  red: { fill: "#cc3b35", dark: "#7a1814", light: "#ffd6d2" },
  mythical: { fill: "#eef3fb", dark: "#6d7f9c", light: "#ffffff" },
}, {
  orange: { fill: "#e69f00", dark: "#7a5400", light: "#ffe9b8" },
  blue: { fill: "#005a8e", dark: "#002c47", light: "#bcd8ee" },
  purple: { fill: "#e8a8e8", dark: "#7a3d7a", light: "#fbe8fb" },
  green: { fill: "#009e73", dark: "#00543d", light: "#c8efe3" },
  red: { fill: "#d55e00", dark: "#6f3100", light: "#ffd9bf" },
  mythical: { fill: "#eef3fb", dark: "#6d7f9c", light: "#ffffff" },
});

// A texture per colour, laid over every quarter, so that colours read without hue: each area
// carries its pattern wherever it shows (drawn in board units, so the pattern runs on across the
// quarters of one area).
const PATTERNS = {
  orange: [["circle", { cx: 3.5, cy: 3.5, r: 1.6 }]],
  blue: [["path", { d: "M0 3.5 H7" }]],
  purple: [["path", { d: "M0 3.5 H7 M3.5 0 V7" }]],
  green: [["path", { d: "M-1 8 L8 -1 M-1 1 L1 -1 M6 8 L8 6" }]],
  red: [["path", { d: "M3.5 0 V7" }]],
  mythical: [["path", { d: "M3.5 1.5 V5.5 M1.5 3.5 H5.5" }]],
};

/** The reader's name and short letter for a colour (letters come from the language pack). */
export function colourName(ctx, colour) {
  return tr(ctx, `gem_${colour}`);
}

export function colourLetter(ctx, colour) {
  return tr(ctx, `letter_${colour}`);
}

/** A cut gem's outline and facets in a box of `size` at (x, y): crown over a pointed pavilion. */
function gemPaths(x, y, size) {
  const p = (fx, fy) => `${(x + fx * size).toFixed(2)} ${(y + fy * size).toFixed(2)}`;
  return {
    outline: `M${p(0.08, 0.38)} L${p(0.3, 0.12)} L${p(0.7, 0.12)} L${p(0.92, 0.38)} L${p(0.5, 0.92)} Z`,
    facets: `M${p(0.08, 0.38)} L${p(0.92, 0.38)} M${p(0.3, 0.12)} L${p(0.38, 0.38)} L${p(0.5, 0.92)} L${p(0.62, 0.38)} L${p(0.7, 0.12)}`,
  };
}

/** A gem as SVG shapes (a <g>), for use inside a larger picture. */
export function gemShape(kind, x, y, size, { icon = false } = {}) {
  const c = COLOURS[kind];
  const { outline, facets } = gemPaths(x, y, size);
  const fill = icon ? c.light : kind === "mythical" ? "url(#pd-mythical)" : c.fill;
  return svg("g", { class: `pd-gem-shape pd-gem-${kind}` }, [
    svg("path", { d: outline, fill, stroke: c.dark, "stroke-width": Math.max(1, size / 14), "stroke-linejoin": "round" }),
    svg("path", { d: facets, fill: "none", stroke: c.dark, "stroke-opacity": 0.55, "stroke-width": Math.max(0.6, size / 24) }),
  ]);
}

/** The gradient of the mythical (clear) gems, defined once per page. */
export function ensureGemDefs() {
  if (document.getElementById("pd-gem-defs")) return;
  const defs = svg("svg", { id: "pd-gem-defs", width: 0, height: 0, "aria-hidden": "true", style: "position:absolute" }, [
    svg("defs", {}, [
      svg("linearGradient", { id: "pd-mythical", x1: 0, y1: 0, x2: 1, y2: 1 }, [
        svg("stop", { offset: "0", "stop-color": "#ffffff" }),
        svg("stop", { offset: "0.5", "stop-color": "#dbe8ff" }),
        svg("stop", { offset: "1", "stop-color": "#f3dcff" }),
      ]),
      ...Object.entries(PATTERNS).map(([colour, shapes]) => svg("pattern", {
        id: `pd-pattern-${colour}`, width: 7, height: 7, patternUnits: "userSpaceOnUse", class: "pd-pattern-def",
      }, shapes.map(([tag, attrs]) => svg(tag, { ...attrs, class: "pd-pattern-ink" })))),
    ]),
  ]);
  document.body.append(defs);
}

/** A gem icon on its own (an inline SVG), with its colour name as tooltip. */
export function gemIcon(kind, ctx, size = 22) {
  const name = colourName(ctx, kind);
  return svg("svg", { class: "pd-gem", viewBox: `0 0 ${size} ${size}`, width: size, height: size, role: "img", "aria-label": name }, [
    svg("title", {}, [kind === "mythical" ? tr(ctx, "gem_tip_mythical") : tr(ctx, "gem_tip", { gem: name })]),
    gemShape(kind, 0, 0, size),
  ]);
}

/** A stack of one kind of gem: the gem with its count on a badge (no badge for a single gem). */
export function gemStack(kind, count, ctx, size = 26) {
  return el("span", { class: "pd-stack", title: tr(ctx, "gem_stack_tip", { n: count, gem: colourName(ctx, kind) }) }, [
    gemIcon(kind, ctx, size),
    count > 1 ? el("span", { class: "pd-badge", "aria-hidden": "true" }, [String(count)]) : null,
  ]);
}

/** Every kind of gem in `gems` ({colour: count}) as stacks, or a muted "none". */
export function gemStacks(gems, ctx, size = 26) {
  const kinds = GEM_ORDER.filter((kind) => gems && gems[kind]);
  if (!kinds.length) return el("span", { class: "pd-none" }, [tr(ctx, "no_gems")]);
  return el("span", { class: "pd-stacks" }, kinds.map((kind) => gemStack(kind, gems[kind], ctx, size)));
}

/** One quarter of a block: its colour and the colour's pattern, and its gem icon when it has one. */
export function quarterShapes(cell, x, y, q) {
  const c = COLOURS[cell.colour];
  const shapes = [
    svg("rect", { x, y, width: q, height: q, fill: c.fill, class: "pd-quarter", "data-colour": cell.colour }),
    svg("rect", { x, y, width: q, height: q, fill: `url(#pd-pattern-${cell.colour})`, class: "pd-pattern", "data-colour": cell.colour }),
  ];
  if (cell.icon) shapes.push(gemShape(cell.colour, x + q * 0.14, y + q * 0.12, q * 0.72, { icon: true }));
  return shapes;
}

/** The colour letter on a block's centre (for colour-blind play). */
export function blockLetter(colour, cx, cy, q, ctx) {
  const r = q * 0.3;
  return svg("g", { class: "pd-letter", "aria-hidden": "true" }, [
    svg("circle", { cx, cy, r, fill: "#fffe", stroke: COLOURS[colour].dark, "stroke-width": 1 }),
    svg("text", { x: cx, y: cy, "font-size": r * 1.25, "text-anchor": "middle", "dominant-baseline": "central", fill: COLOURS[colour].dark }, [colourLetter(ctx, colour)]),
  ]);
}

/** The full name of a domino, for its tooltip. */
export function dominoName(domino, ctx) {
  const count = (icons) => (Array.isArray(icons) ? icons.length : icons);
  return tr(ctx, "domino_label", {
    a: colourName(ctx, domino.a_colour), an: count(domino.a_icons),
    b: colourName(ctx, domino.b_colour), bn: count(domino.b_icons),
  });
}

/** The two blocks' outlines of a domino lying with block A at (ax, ay) quarters, q px each. */
export function dominoEdges(rotation, x, y, q) {
  const [dx, dy] = DIRECTIONS[rotation];
  const bx = x + 2 * dx * q;
  const by = y + 2 * dy * q;
  const left = Math.min(x, bx);
  const top = Math.min(y, by);
  return [
    svg("rect", { x: left, y: top, width: (dx ? 4 : 2) * q, height: (dy ? 4 : 2) * q, rx: q * 0.18, class: "pd-domino-edge" }),
    svg("line", {
      x1: dx ? left + 2 * q : left, y1: dx ? top : top + 2 * q,
      x2: dx ? left + 2 * q : left + 2 * q, y2: dx ? top + 2 * q : top + 2 * q, class: "pd-block-line",
    }),
  ];
}

/** A domino on its own: face up with its icons, turned `rotation` quarter turns. */
export function dominoSvg(domino, rotation, q, ctx, extra = {}) {
  const cells = dominoQuarters(domino, rotation, 0, 0);
  const minX = Math.min(...cells.map((c) => c.x));
  const minY = Math.min(...cells.map((c) => c.y));
  const cols = Math.max(...cells.map((c) => c.x)) - minX + 1;
  const rows = Math.max(...cells.map((c) => c.y)) - minY + 1;
  const pad = 2;
  const width = cols * q + 2 * pad;
  const height = rows * q + 2 * pad;
  const name = dominoName(domino, ctx);
  const root = svg("svg", {
    class: "pd-domino", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": name, ...extra,
  }, [svg("title", {}, [name])]);
  for (const cell of cells) root.append(...quarterShapes(cell, pad + (cell.x - minX) * q, pad + (cell.y - minY) * q, q));
  const [dx, dy] = DIRECTIONS[rotation];
  const ax = pad + (0 - minX) * q;
  const ay = pad + (0 - minY) * q;
  root.append(...dominoEdges(rotation, ax, ay, q));
  root.append(blockLetter(domino.a_colour, ax + q, ay + q, q, ctx));
  root.append(blockLetter(domino.b_colour, ax + (2 * dx + 1) * q, ay + (2 * dy + 1) * q, q, ctx));
  return root;
}

/** The back of a face-down domino: each block's colour and how many icons it has (not where). */
export function backSvg(back, vertical, q, ctx, extra = {}) {
  const pad = 2;
  const width = (vertical ? 2 : 4) * q + 2 * pad;
  const height = (vertical ? 4 : 2) * q + 2 * pad;
  const tip = tr(ctx, "back_label", {
    a: colourName(ctx, back.a_colour), an: back.a_icons, b: colourName(ctx, back.b_colour), bn: back.b_icons,
  });
  const root = svg("svg", {
    class: "pd-domino pd-back", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": tip, ...extra,
  }, [svg("title", {}, [tip])]);
  [[back.a_colour, back.a_icons], [back.b_colour, back.b_icons]].forEach(([colour, count], n) => {
    const c = COLOURS[colour];
    const x = pad + (vertical ? 0 : 2 * q * n);
    const y = pad + (vertical ? 2 * q * n : 0);
    root.append(svg("rect", { x, y, width: 2 * q, height: 2 * q, fill: c.dark }));
    // A stone-like band in the block's colour: a back, not a face.
    root.append(svg("rect", { x: x + q * 0.22, y: y + q * 0.22, width: q * 1.56, height: q * 1.56, rx: q * 0.3, fill: c.fill, stroke: "#0004" }));
    root.append(svg("rect", { x: x + q * 0.22, y: y + q * 0.22, width: q * 1.56, height: q * 1.56, rx: q * 0.3, fill: `url(#pd-pattern-${colour})`, class: "pd-pattern", "data-colour": colour }));
    // The number of icons as that many small gems in a row, without their positions.
    const size = count > 2 ? q * 0.5 : q * 0.7;
    const shown = Math.max(count, 0);
    const total = shown * size;
    for (let k = 0; k < shown; k += 1) {
      root.append(gemShape(colour, x + q - total / 2 + k * size, y + q - size / 2, size, { icon: true }));
    }
    if (!shown) {
      root.append(svg("text", { x: x + q, y: y + q, "text-anchor": "middle", "dominant-baseline": "central", "font-size": q * 0.8, class: "pd-back-zero" }, ["0"]));
    }
  });
  root.append(svg("rect", { x: pad, y: pad, width: width - 2 * pad, height: height - 2 * pad, rx: q * 0.18, class: "pd-domino-edge" }));
  return root;
}
