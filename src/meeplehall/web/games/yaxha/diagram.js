// Pictures for the rules page, drawn with the board's own pyramid: a finished pyramid whole and
// level by level (the cubes hidden under four others faded), and a colour's largest group seen
// from above, outlined as the table outlines it when its score is pointed at, the rest faded.

import { el, ensureStyles, tr } from "../kit.js";
import { cubeId, largestGroups } from "./groups.js";
import { pyramidBoard } from "./pyramid.js";

// A finished pyramid, one row of letters per line of each level (O orange, Y yellow, B blue,
// G green, W white). Its orange cubes make one group over all four levels.
const SAMPLE = [
  ["OOYB", "OGWB", "YWOG", "BYOO"],
  ["OWB", "YBG", "GOO"],
  ["OB", "WO"],
  ["O"],
];
// A pyramid halfway built, for one colour's groups seen from above: two orange groups, of 4 and
// of 5 cubes; only the larger scores.
const HALFWAY = [
  ["OOYB", "GOWO", "YWOO", "BYGO"],
  ["O..", "..O", ".W."],
];
const LETTER_COLOUR = { O: "orange", Y: "yellow", B: "blue", G: "green", W: "white" };
// Points of a largest group by its size (the rules' table; 12 or more score 36).
const GROUP_POINTS = [0, 1, 2, 4, 6, 9, 12, 15, 18, 21, 25, 30, 36];

/** A drawn pyramid's cubes as a view lists them, each visible unless four cubes rest on it. */
function cubesOf(drawing) {
  const cubes = [];
  drawing.forEach((rows, level) => rows.forEach((row, y) => [...row].forEach((letter, x) => {
    if (LETTER_COLOUR[letter]) cubes.push({ level, x, y, colour: LETTER_COLOUR[letter] });
  })));
  const at = new Set(cubes.map(cubeId));
  for (const cube of cubes) {
    const above = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([dx, dy]) => `${cube.level + 1}:${cube.x - dx}:${cube.y - dy}`);
    cube.visible = !above.every((id) => at.has(id));
  }
  return cubes;
}

function board(ctx, cubes, { flat, label, best = {} }) {
  return pyramidBoard(ctx, { seat: 0, cubes, pieces: new Map(), best, flat, label });
}

function samplePyramid(ctx) {
  const cubes = cubesOf(SAMPLE);
  const whole = board(ctx, cubes, { flat: false, label: tr(ctx, "diagram_pyramid") });
  const levels = [0, 1, 2, 3].map((level) => {
    const name = tr(ctx, "diagram_level", { n: level + 1 });
    return el("div", { class: "yx-diagram-level" }, [
      board(ctx, cubes.filter((cube) => cube.level === level), { flat: true, label: name }),
      el("span", {}, [name]),
    ]);
  });
  return el("div", { class: "mh-game mh-yaxha yx-diagram", role: "img", "aria-label": tr(ctx, "diagram_pyramid") }, [
    el("div", { class: "yx-diagram-whole" }, [whole]),
    el("div", { class: "yx-diagram-levels" }, levels),
    el("p", { class: "yx-diagram-note" }, [tr(ctx, "diagram_hidden_note")]),
  ]);
}

function scoredGroup(ctx) {
  const cubes = cubesOf(HALFWAY);
  const best = largestGroups(cubes);
  const size = best.orange.length;
  const points = GROUP_POINTS[Math.min(size, GROUP_POINTS.length - 1)];
  const caption = tr(ctx, "diagram_group", {
    cubes: tr(ctx, "cubes_n", { count: size }), points: tr(ctx, "points_count", { count: points }),
  });
  const picture = board(ctx, cubes, { flat: true, label: caption, best: { orange: best.orange } });
  // As when the orange score is pointed at on the table: the group outlined, the rest faded.
  picture.classList.add("yx-lit");
  picture.dataset.lit = "orange";
  return el("div", { class: "mh-game mh-yaxha yx-diagram yx-diagram-group" }, [
    el("div", { class: "yx-diagram-whole" }, [picture]),
    el("p", { class: "yx-diagram-note" }, [caption]),
  ]);
}

const DIAGRAMS = { "sample-pyramid": samplePyramid, "scored-group": scoredGroup };

/** The rules page's picture `name`, or null for a name this game does not draw. */
export function diagram(name, ctx) {
  const make = DIAGRAMS[name];
  if (!make) return null;
  ensureStyles(new URL("../games.css", import.meta.url).href);
  ensureStyles(new URL("./style.css", import.meta.url).href);
  return make(ctx);
}
