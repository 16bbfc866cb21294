// The end-of-game breakdown: a table of what each seat scored, and an SVG bar chart of it.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { rendererText } from "./renderers.js";
import { seatColour } from "./players.js";

const PART_FILLS = ["#5d6d7e", "#d4ac0d", "#148f77", "#a93226", "#6c3483", "#2874a6", "#a04000"];

function segmentName(renderer, segment) {
  return rendererText(renderer, `breakdown.${segment}`) ?? String(segment).replace(/_/g, " ");
}

/** Every leaf of a nested breakdown as [path, value], in a stable order. */
function leaves(value, path = []) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...path, key]));
  }
  return [[path, value]];
}

function cellText(value) {
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) return value.join(", ");
  return value === undefined || value === null ? "–" : String(value);
}

/**
 * The parts that add up to each seat's score: the renderer's `breakdownParts(breakdown)` if it
 * has one, else the top-level numbers of the breakdown when they add up to the score, else the
 * score alone.
 */
export function scoreParts(renderer, result) {
  return result.scores.map((score, seat) => {
    const breakdown = result.breakdown[seat] || {};
    if (typeof renderer.breakdownParts === "function") return renderer.breakdownParts(breakdown);
    const numbers = Object.entries(breakdown).filter(([key, v]) => typeof v === "number" && key !== "total");
    const sum = numbers.reduce((total, [, v]) => total + v, 0);
    if (numbers.length && sum === score) {
      return numbers.map(([key, points]) => ({ key, label: segmentName(renderer, key), points }));
    }
    return [{ key: "total", label: t("result.total"), points: score }];
  });
}

function breakdownTable(result, names, renderer) {
  const paths = new Map();
  result.breakdown.forEach((breakdown) => {
    for (const [path] of leaves(breakdown || {})) paths.set(path.join("\u0000"), path);
  });
  const lookup = (breakdown, path) => path.reduce((node, key) => (node && typeof node === "object" ? node[key] : undefined), breakdown);
  return h(
    "table",
    { class: "breakdown", id: "breakdown-table" },
    h("caption", {}, t("result.breakdown")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("result.category")), names.map((name, seat) =>
      h("th", { scope: "col", style: `--seat-colour: ${seatColour(seat)}` }, h("span", { class: "seat-badge", "aria-hidden": "true" }, seat + 1), name)))),
    h(
      "tbody",
      {},
      [...paths.values()].map((path) =>
        h("tr", {}, h("th", { scope: "row" }, path.map((segment) => segmentName(renderer, segment)).join(" › ")),
          result.breakdown.map((breakdown) => h("td", {}, cellText(lookup(breakdown || {}, path)))))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, t("result.total")), result.scores.map((score) => h("td", {}, score))),
      h("tr", { class: "rank-row" }, h("th", { scope: "row" }, t("result.rank")), result.ranks.map((rank) => h("td", {}, rank))),
    ),
  );
}

function barChart(result, names, renderer) {
  const parts = scoreParts(renderer, result);
  const keys = [...new Set(parts.flat().map((part) => part.key))];
  const max = Math.max(1, ...parts.map((seatParts) => seatParts.reduce((sum, p) => sum + Math.max(0, p.points), 0)));
  const rowHeight = 34;
  const left = 120;
  const width = 480;
  // The legend wraps onto as many lines as its entries need, a few to a line.
  const legendColumn = 150;
  const perLine = Math.floor((width - 20) / legendColumn);
  const legendTop = names.length * rowHeight + 18;
  const height = legendTop + Math.ceil(keys.length / perLine) * 20 + 4;
  const bars = [];
  parts.forEach((seatParts, seat) => {
    const y = 10 + seat * rowHeight;
    bars.push(s("text", { x: left - 8, y: y + 19, "text-anchor": "end", class: "bar-name" }, `${seat + 1}. ${names[seat]}`));
    let x = left;
    for (const part of seatParts) {
      const w = (Math.max(0, part.points) / max) * (width - left - 50);
      if (w <= 0) continue;
      const fill = PART_FILLS[keys.indexOf(part.key) % PART_FILLS.length];
      bars.push(
        s("rect", { x, y, width: w, height: rowHeight - 8, fill, stroke: "#fff" }, s("title", {}, `${part.label}: ${part.points}`)),
      );
      if (w > 22) bars.push(s("text", { x: x + w / 2, y: y + 18, "text-anchor": "middle", class: "bar-value" }, part.points));
      x += w;
    }
    bars.push(s("text", { x: x + 6, y: y + 19, class: "bar-total" }, result.scores[seat]));
  });
  const legend = keys.map((key, index) => {
    const label = parts.flat().find((part) => part.key === key).label;
    const x = 10 + (index % perLine) * legendColumn;
    const y = legendTop + Math.floor(index / perLine) * 20;
    return s("g", {}, s("rect", { x, y, width: 12, height: 12, fill: PART_FILLS[index % PART_FILLS.length] }),
      s("text", { x: x + 16, y: y + 10, class: "legend" }, label));
  });
  return s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, class: "bar-chart", id: "breakdown-chart", role: "img", "aria-label": t("result.chart") },
    bars,
    legend,
  );
}

/** The whole end-of-game block: winners, the table and the chart. */
export function resultBlock(result, names, renderer) {
  const winners = result.winners.map((seat) => `${seat + 1}. ${names[seat]}`);
  return h(
    "section",
    { id: "end-of-game", class: "end-of-game", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, t("result.title")),
    h("p", { class: "winners" }, winners.length ? t("result.winners", { names: winners.join(", ") }) : t("result.no_winner")),
    h("div", { class: "breakdown-wrap" }, breakdownTable(result, names, renderer)),
    barChart(result, names, renderer),
  );
}
