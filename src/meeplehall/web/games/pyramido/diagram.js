// Pictures for the rules page, drawn with the board's own pyramid: a small pyramid after its
// first stage and after its second (shifted half a block, covering part of the base), and one
// colour area of its top view outlined with its value, as stage scoring shows an activated area.

import { el, ensureStyles, tr } from "../kit.js";
import { colourName, ensureGemDefs } from "./art.js";
import { topAreas, topView } from "./areas.js";
import { pyramidSvg } from "./pyramid.js";

const face = (id, a, aIcons, b, bIcons) => ({ id, a_colour: a, a_icons: aIcons, b_colour: b, b_icons: bIcons });

// A base of 3 × 2 blocks (three dominoes) and one domino on stage 2 above its middle.
const SAMPLE = [
  { domino: 1, stage: 1, i: 0, j: 0, rotation: 0, face: face(1, "orange", ["TL"], "orange", ["BR"]) },
  { domino: 2, stage: 1, i: 2, j: 0, rotation: 1, face: face(2, "blue", ["TR", "BL"], "green", ["TL"]) },
  { domino: 3, stage: 1, i: 0, j: 1, rotation: 0, face: face(3, "purple", ["BL"], "orange", ["BR", "TL"]) },
  { domino: 4, stage: 2, i: 0, j: 0, rotation: 0, face: face(4, "orange", ["TR"], "red", ["TL", "BR"]) },
];

function player(placements, scoring = null) {
  const top = [...topView(placements).values()];
  return { seat: 0, frame: [3, 2], placements, top, gems: {}, scoring };
}

function picture(ctx, who, label) {
  const view = { stage: 2, phase: "over", players: [who] };
  const drawn = pyramidSvg(who, {
    q: 22, own: false, view, ctx, ui: {}, places: [], allPlaces: [], scoring: [],
    onArea: () => {}, onHover: () => {}, rises: [],
  });
  drawn.setAttribute("role", "img");
  drawn.setAttribute("aria-label", label);
  return drawn;
}

function samplePyramid(ctx) {
  const steps = [1, 2].map((stage) => {
    const label = tr(ctx, stage === 1 ? "diagram_stage_1" : "diagram_stage_2");
    return el("figure", {}, [picture(ctx, player(SAMPLE.filter((p) => p.stage <= stage)), label), el("figcaption", {}, [label])]);
  });
  return el("div", { class: "mh-game mh-pyramido pd-diagram" }, steps);
}

function scoredArea(ctx) {
  const areas = topAreas(topView(SAMPLE));
  const index = areas.reduce((best, area, i) => (area.colour === "orange" && (best < 0 || area.size > areas[best].size) ? i : best), -1);
  const area = areas[index];
  const scoring = { status: "done", points: area.value, areas: [{ area: index, colour: area.colour, value: area.value, activated: true, cells: area.cells }] };
  const caption = tr(ctx, "diagram_area", {
    colour: colourName(ctx, area.colour), squares: tr(ctx, "squares_n", { count: area.size }),
    icons: tr(ctx, "icons_n", { count: area.value }), points: tr(ctx, "points_n", { count: area.value }),
  });
  return el("div", { class: "mh-game mh-pyramido pd-diagram" }, [
    el("figure", {}, [picture(ctx, player(SAMPLE, scoring), caption), el("figcaption", {}, [caption])]),
  ]);
}

const DIAGRAMS = { "sample-pyramid": samplePyramid, "scored-area": scoredArea };

/** The rules page's picture `name`, or null for a name this game does not draw. */
export function diagram(name, ctx) {
  const make = DIAGRAMS[name];
  if (!make) return null;
  ensureStyles(new URL("./style.css", import.meta.url).href);
  ensureGemDefs();
  return make(ctx);
}
