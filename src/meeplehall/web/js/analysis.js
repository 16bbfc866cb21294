// The analysis of a finished game on its replay page (GET/POST /api/tables/{id}/analysis): the
// request and its progress, a chart of each seat's chance to win over the game, the marks of the
// moves, what was best at a position, and a summary per seat.

import { get, post } from "./api.js";
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
// Each seat's line has its own dash and point shape besides its colour: it reads without hue.
const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 4", "12 3"];
const SHAPES = ["circle", "square", "triangle", "diamond", "circle", "square"];
const POLL_MS = 1500;
const PAD = { left: 36, right: 10, top: 12, bottom: 22 };

/** The analysis part of the page's state. */
export function analysisState() {
  return { document: null, error: null, asking: false, timer: null };
}

function query(invite) {
  return invite ? `?invite=${encodeURIComponent(invite)}` : "";
}

/** Read the table's analysis, and keep reading while it is queued or running. */
export async function loadAnalysis(state, tableId, invite, redraw) {
  clearTimeout(state.timer);
  try {
    state.document = await get(`/api/tables/${tableId}/analysis${query(invite)}`);
    state.error = null;
  } catch (error) {
    state.error = error;
  }
  redraw();
  if (state.document && ["queued", "running"].includes(state.document.status)) {
    state.timer = setTimeout(() => loadAnalysis(state, tableId, invite, redraw), POLL_MS);
  }
}

async function requestAnalysis(state, tableId, invite, redraw) {
  state.asking = true;
  state.error = null;
  redraw();
  try {
    state.document = await post(`/api/tables/${tableId}/analysis${query(invite)}`, {});
  } catch (error) {
    state.error = error;
  }
  state.asking = false;
  await loadAnalysis(state, tableId, invite, redraw);
}

/** The decision made at position `step` (the replay's step before that move), or null. */
export function decisionAt(state, step) {
  const decisions = state.document?.decisions || [];
  return decisions.find((decision) => decision.index === step) || null;
}

const percent = (win) => Math.round(win * 100);
const signed = (value) => (value > 0 ? `+${value.toFixed(1)}` : value.toFixed(1));

/** The mark of the move played at position `index` as a small node for the move list, or null. */
export function markNode(state, index, describe) {
  const decision = decisionAt(state, index);
  if (!decision || !decision.mark) return null;
  const label = t("analysis.mark_label", {
    mark: t(`analysis.mark.${decision.mark}`),
    loss: percent(decision.loss),
    best: describe(decision.best.action, decision),
  });
  return h("span", { class: `analysis-mark mark-${decision.mark}`, role: "img", "aria-label": label, title: label,
    dataset: { mark: decision.mark } }, MARKS[decision.mark]);
}

/**
 * The analysis section: the request button or the progress, then the chart, the words about the
 * position shown and the summary per seat. `view` is {tableId, invite, user, step, total,
 * names, colour(seat), describe(action, decision), go(step), redraw}.
 */
export function analysisSection(state, view) {
  const doc = state.document;
  const parts = [h("h2", { id: "analysis-title" }, t("analysis.heading"))];
  const status = doc ? doc.status : "none";
  if (status === "none" || status === "failed") {
    parts.push(h("p", { class: "help" }, t(status === "failed" ? "analysis.failed" : "analysis.none_yet")));
    if (view.user) {
      parts.push(h("button", { type: "button", id: "analyse", disabled: state.asking, title: t("analysis.request_help"),
        onclick: () => requestAnalysis(state, view.tableId, view.invite, view.redraw) }, t("analysis.request")));
    }
  } else if (status !== "done") {
    const { done, total } = doc.progress;
    parts.push(h("p", { id: "analysis-progress", role: "status" },
      status === "queued" ? t("analysis.queued") : t("analysis.running", { done, total }),
      " ", h("progress", { max: Math.max(total, 1), value: done, "aria-hidden": "true" })));
  }
  if (state.error) parts.push(h("p", { class: "form-error", role: "alert" }, state.error.message));
  if (doc && doc.seats && doc.seats.length && doc.decisions.length) {
    parts.push(chart(doc, view), here(state, view), summary(doc, view));
    parts.push(h("p", { class: "help" }, t("analysis.iterations", { iterations: doc.iterations })));
  }
  return h("section", { id: "analysis", class: "analysis", "aria-labelledby": "analysis-title",
    dataset: { status } }, parts);
}

function shape(kind, x, y, attrs) {
  if (kind === "square") return s("rect", { x: x - 4, y: y - 4, width: 8, height: 8, ...attrs });
  if (kind === "triangle") return s("polygon", { points: `${x},${y - 5} ${x + 5},${y + 4} ${x - 5},${y + 4}`, ...attrs });
  if (kind === "diamond") return s("polygon", { points: `${x},${y - 5} ${x + 5},${y} ${x},${y + 5} ${x - 5},${y}`, ...attrs });
  return s("circle", { cx: x, cy: y, r: 4.5, ...attrs });
}

/** Each seat's chance to win after its decisions, over the game: a line and a point each. */
function chart(doc, view) {
  // A phone's chart is drawn narrower in its own units, so it fills the width and stays tall.
  const phone = matchMedia("(max-width: 600px)").matches;
  const width = phone ? 360 : 1000;
  const height = phone ? 220 : 260;
  const total = Math.max(view.total, 1);
  const x = (index) => PAD.left + (index / total) * (width - PAD.left - PAD.right);
  const y = (win) => PAD.top + (1 - win) * (height - PAD.top - PAD.bottom);
  const grid = [0, 0.5, 1].map((win) => [
    s("line", { x1: PAD.left, x2: width - PAD.right, y1: y(win), y2: y(win), class: "analysis-grid" }),
    s("text", { x: PAD.left - 4, y: y(win) + 4, "text-anchor": "end", class: "analysis-axis" }, `${percent(win)}%`),
  ]);
  const now = s("line", { x1: x(view.step), x2: x(view.step), y1: PAD.top, y2: height - PAD.bottom, class: "analysis-now" });
  const lines = doc.seats.map((seat) => {
    const colour = view.colour(seat.seat);
    const points = seat.curve.map((point) => `${x(point.index).toFixed(1)},${y(point.win).toFixed(1)}`).join(" ");
    const dots = seat.curve.map((point) => {
      const decision = doc.decisions.find((item) => item.index === point.index);
      const mark = decision && decision.mark;
      const label = t("analysis.point", { step: point.index, name: view.names[seat.seat], win: percent(point.win) })
        + (mark ? ` (${t(`analysis.mark.${mark}`)})` : "");
      return shape(SHAPES[seat.seat % SHAPES.length], x(point.index), y(point.win), {
        id: `analysis-point-${seat.seat}-${point.index}`,
        class: `analysis-point${mark ? ` mark-${mark}` : ""}${point.index === view.step ? " current" : ""}`,
        fill: colour, stroke: mark ? "currentColor" : colour, tabindex: 0, role: "button", "aria-label": label,
        dataset: { index: String(point.index), seat: String(seat.seat), win: String(point.win) },
        onclick: () => view.go(point.index),
        onkeydown: (event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          view.go(point.index);
        },
      }, s("title", {}, label));
    });
    // A marked move's symbol above its point, so the chart shows where the game was lost.
    const symbols = seat.curve.map((point) => {
      const decision = doc.decisions.find((item) => item.index === point.index);
      return decision && decision.mark ? s("text", { x: x(point.index), y: y(point.win) - 8, "text-anchor": "middle",
        class: `analysis-symbol mark-${decision.mark}`, "aria-hidden": "true" }, MARKS[decision.mark]) : null;
    });
    return s("g", { class: "analysis-seat", dataset: { seat: String(seat.seat) } },
      s("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": DASHES[seat.seat % DASHES.length] || null }),
      dots, symbols);
  });
  const legend = h("ul", { class: "analysis-legend" }, doc.seats.map((seat) => h("li", {},
    s("svg", { viewBox: "0 0 36 12", width: 36, height: 12, "aria-hidden": "true" },
      s("line", { x1: 0, x2: 36, y1: 6, y2: 6, stroke: view.colour(seat.seat), "stroke-width": 2,
        "stroke-dasharray": DASHES[seat.seat % DASHES.length] || null }),
      shape(SHAPES[seat.seat % SHAPES.length], 18, 6, { fill: view.colour(seat.seat) })),
    " ", h("bdi", {}, view.names[seat.seat]))));
  return h("figure", { class: "analysis-figure" },
    s("svg", { id: "analysis-chart", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("analysis.chart"),
      preserveAspectRatio: "xMidYMid meet" }, grid, now, lines),
    h("figcaption", {}, t("analysis.chart"), legend));
}

/** What the analysis says of the position shown: the move played there, and the best found. */
function here(state, view) {
  const decision = decisionAt(state, view.step);
  if (!decision) return h("p", { id: "analysis-best", class: "analysis-here help" }, t("analysis.no_decision"));
  const name = view.names[decision.seat];
  const played = view.describe(decision.played.action, decision);
  const best = view.describe(decision.best.action, decision);
  const same = JSON.stringify(decision.played.action) === JSON.stringify(decision.best.action);
  return h("div", { id: "analysis-best", class: "analysis-here", "aria-live": "polite",
    dataset: { index: String(decision.index), mark: decision.mark || "" } },
  h("p", {}, t("analysis.played", { name, played, win: percent(decision.played.win) }),
    decision.mark ? [" ", h("strong", { class: `mark-${decision.mark}` }, `${MARKS[decision.mark]} ${t(`analysis.mark.${decision.mark}`)}`)] : null),
  h("p", {}, same ? t("analysis.was_best")
    : t("analysis.best", { best, win: percent(decision.best.win), margin: signed(decision.best.margin) })));
}

/** Per seat: average loss per decision and the count of each mark, as cards. */
function summary(doc, view) {
  return h("ul", { id: "analysis-summary", class: "analysis-cards" }, doc.seats.map((seat) => h("li", {
    class: "analysis-card", dataset: { seat: String(seat.seat) },
  },
  h("h3", {}, h("span", { class: "seat-swatch", style: `background:${view.colour(seat.seat)}` }), " ", h("bdi", {}, view.names[seat.seat])),
  h("dl", {},
    h("dt", {}, t("analysis.average_loss")), h("dd", { dataset: { key: "average_loss" } }, `${(seat.average_loss * 100).toFixed(1)}`),
    Object.keys(MARKS).map((mark) => [
      h("dt", {}, `${MARKS[mark]} ${t(`analysis.marks.${mark}`)}`), h("dd", { dataset: { key: mark } }, String(seat[mark])),
    ])))));
}
