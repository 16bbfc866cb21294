// The end-of-game breakdown: a table of what each seat scored, and an SVG bar chart of it.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { rendererText } from "./renderers.js";
import { seatColour } from "./players.js";
import { changeText } from "./people.js";

const PART_FILLS = ["#5d6d7e", "#d4ac0d", "#148f77", "#a93226", "#6c3483", "#2874a6", "#a04000"];

function segmentName(renderer, segment) {
  return rendererText(renderer, `breakdown.${segment}`) ?? String(segment).replace(/_/g, " ");
}

/** The header row: a badge and a name per seat (on a phone the badge, the name as its tooltip). */
function seatHeaders(names) {
  return h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("result.category")), names.map((name, seat) =>
    h("th", { scope: "col", title: name, "aria-label": name, style: `--seat-colour: ${seatColour(seat)}` },
      h("span", { class: "seat-badge", "aria-hidden": "true" }, seat + 1), h("span", { class: "seat-name" }, name)))));
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

/** A cell's content: its text, or a button lighting its places. */
function cellContent(entry, onSpot) {
  const places = entry.places || [];
  return places.length
    ? h("button", { type: "button", class: "link score-spot", "aria-label": entry.aria || null, onclick: () => onSpot(places) }, entry.text)
    : entry.text;
}

/**
 * The rows of the breakdown in people's words: the renderer's `scoreRows(breakdowns, ctx)` gives
 * `[{key, label, title?, colour?, cells: [{text, aria?, points?, places?}] per seat}]`. A cell with
 * places lights them on the board when clicked (`onSpot(places)`); its `aria` (the text with the
 * board's coordinates, which the page shows only when asked) is its name for a screen reader.
 */
function explainedTable(rows, result, names, onSpot) {
  const cell = (entry) => {
    if (!entry) return h("td", {}, "–");
    return h("td", { class: (entry.places || []).length ? "has-places" : null }, cellContent(entry, onSpot));
  };
  return h(
    "table",
    { class: "breakdown explained", id: "breakdown-table" },
    h("caption", {}, t("result.breakdown")),
    seatHeaders(names),
    h(
      "tbody",
      {},
      rows.map((row) => h("tr", { dataset: { row: row.key } },
        h("th", { scope: "row", title: row.title || null, style: row.colour ? `--row-colour: ${row.colour}` : null, class: row.colour ? "row-coloured" : null }, row.label),
        row.cells.map(cell))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, t("result.total")), result.scores.map((score) => h("td", {}, score))),
      result.ranks ? h("tr", { class: "rank-row" }, h("th", { scope: "row" }, t("result.rank")), result.ranks.map((rank) => h("td", {}, rank))) : null,
    ),
  );
}

/** The renderer's explained rows for `breakdowns` (one per seat), or null without them. */
export function scoreRows(renderer, breakdowns, ctx) {
  if (!renderer || typeof renderer.scoreRows !== "function") return null;
  try {
    const rows = renderer.scoreRows(breakdowns, ctx);
    return Array.isArray(rows) ? rows : null;
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** A breakdown without a renderer's words: its leaves as rows, named by their path. */
function plainRows(result, renderer) {
  const paths = new Map();
  result.breakdown.forEach((breakdown) => {
    for (const [path] of leaves(breakdown || {})) paths.set(path.join("\u0000"), path);
  });
  const lookup = (breakdown, path) => path.reduce((node, key) => (node && typeof node === "object" ? node[key] : undefined), breakdown);
  return [...paths.values()].map((path) => ({
    key: path.join("."),
    label: path.map((segment) => segmentName(renderer, segment)).join(" › "),
    cells: result.breakdown.map((breakdown) => ({ text: cellText(lookup(breakdown || {}, path)) })),
  }));
}

function breakdownTable(result, names, renderer) {
  return h(
    "table",
    { class: "breakdown", id: "breakdown-table" },
    h("caption", {}, t("result.breakdown")),
    seatHeaders(names),
    h(
      "tbody",
      {},
      plainRows(result, renderer).map((row) =>
        h("tr", {}, h("th", { scope: "row" }, row.label), row.cells.map((entry) => h("td", {}, entry.text)))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, t("result.total")), result.scores.map((score) => h("td", {}, score))),
      h("tr", { class: "rank-row" }, h("th", { scope: "row" }, t("result.rank")), result.ranks.map((rank) => h("td", {}, rank))),
    ),
  );
}

/**
 * The same breakdown as one card per seat, headed by its badge and whole name: what a phone
 * shows instead of the table, which would scroll sideways there (the stylesheet picks one).
 */
function seatCards(rows, result, names, onSpot) {
  return h("div", { class: "breakdown-cards", id: "breakdown-cards" }, names.map((name, seat) => h(
    "section",
    { class: "breakdown-card", dataset: { seat: String(seat) }, style: `--seat-colour: ${seatColour(seat)}`, "aria-label": name },
    h("h3", {}, h("span", { class: "seat-badge", "aria-hidden": "true" }, seat + 1), " ", h("span", { class: "seat-name" }, name)),
    h("dl", {},
      rows.flatMap((row) => {
        const entry = row.cells[seat];
        return [
          h("dt", { dataset: { row: row.key }, title: row.title || null, style: row.colour ? `--row-colour: ${row.colour}` : null, class: row.colour ? "row-coloured" : null }, row.label),
          h("dd", {}, entry ? cellContent(entry, onSpot) : "–"),
        ];
      }),
      h("dt", { class: "total" }, t("result.total")), h("dd", { class: "total" }, result.scores[seat]),
      result.ranks ? [h("dt", {}, t("result.rank")), h("dd", {}, result.ranks[seat])] : null),
  )));
}

function barChart(result, names, renderer) {
  const parts = scoreParts(renderer, result);
  const keys = [...new Set(parts.flat().map((part) => part.key))];
  const max = Math.max(1, ...parts.map((seatParts) => seatParts.reduce((sum, p) => sum + Math.max(0, p.points), 0)));
  // Each seat's whole name (with its seat badge) above its bar, so no name is cut.
  const rowHeight = 52;
  const left = 10;
  const width = 480;
  // The legend wraps onto as many lines as its entries need, a few to a line.
  const legendColumn = 150;
  const perLine = Math.floor((width - 20) / legendColumn);
  const legendTop = names.length * rowHeight + 18;
  const height = legendTop + Math.ceil(keys.length / perLine) * 20 + 4;
  const bars = [];
  parts.forEach((seatParts, seat) => {
    const top = 6 + seat * rowHeight;
    bars.push(s("circle", { cx: left + 8, cy: top + 8, r: 8, fill: seatColour(seat), class: "bar-badge" }),
      s("text", { x: left + 8, y: top + 12, "text-anchor": "middle", class: "bar-badge-number" }, seat + 1),
      s("text", { x: left + 22, y: top + 13, class: "bar-name" }, names[seat]));
    const y = top + 20;
    let x = left;
    for (const part of seatParts) {
      const w = (Math.max(0, part.points) / max) * (width - left - 50);
      if (w <= 0) continue;
      const fill = part.colour || PART_FILLS[keys.indexOf(part.key) % PART_FILLS.length];
      bars.push(
        s("rect", { x, y, width: w, height: rowHeight - 8, fill, stroke: "#fff" }, s("title", {}, `${part.label}: ${part.points}`)),
      );
      if (w > 22) bars.push(s("text", { x: x + w / 2, y: y + 18, "text-anchor": "middle", class: "bar-value" }, part.points));
      x += w;
    }
    bars.push(s("text", { x: x + 6, y: y + 19, class: "bar-total" }, result.scores[seat]));
  });
  const legend = keys.map((key, index) => {
    const part = parts.flat().find((p) => p.key === key);
    const x = 10 + (index % perLine) * legendColumn;
    const y = legendTop + Math.floor(index / perLine) * 20;
    return s("g", {}, s("rect", { x, y, width: 12, height: 12, fill: part.colour || PART_FILLS[index % PART_FILLS.length], stroke: "#0003" }),
      s("text", { x: x + 16, y: y + 10, class: "legend" }, part.label));
  });
  return s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, class: "bar-chart", id: "breakdown-chart", role: "img", "aria-label": t("result.chart") },
    bars,
    legend,
  );
}

/** "Winner: (2) Ana": each winner's name after their seat badge (a number alone reads as a rank). */
function winnersLine(winners, names) {
  if (!winners.length) return h("p", { class: "winners" }, t("result.no_winner"));
  const [before, after = ""] = t("result.winners", { names: "\u0001" }).split("\u0001");
  const people = winners.flatMap((seat, index) => [
    index ? ", " : "",
    h("span", { class: "winner", style: `--seat-colour: ${seatColour(seat)}` },
      h("span", { class: "seat-badge", "aria-hidden": "true" }, seat + 1), names[seat]),
  ]);
  return h("p", { class: "winners" }, before, people, after);
}

/** A statistic's name: the renderer's `stats.<key>` text, else the key in words. */
export function statisticName(renderer, key) {
  return rendererText(renderer, `stats.${key}`) ?? String(key).replace(/_/g, " ");
}

/** The game's statistics of each seat (`result.statistics`, where the game declares them). */
function statisticsTable(result, names, renderer) {
  const perSeat = result.statistics;
  if (!Array.isArray(perSeat) || !perSeat.length) return null;
  const keys = [...new Set(perSeat.flatMap((stats) => Object.keys(stats || {})))];
  return h(
    "table",
    { class: "breakdown statistics", id: "statistics-table" },
    h("caption", {}, t("result.statistics")),
    seatHeaders(names),
    h("tbody", {}, keys.map((key) => h("tr", { dataset: { stat: key } },
      h("th", { scope: "row" }, statisticName(renderer, key)),
      perSeat.map((stats) => h("td", {}, cellText((stats || {})[key])))))),
  );
}

/** "Rating: 1500 → 1518 (+18)" for each rated seat (`result.rating_changes`). */
function ratingChanges(result, names) {
  const changes = result.rating_changes || [];
  if (!changes.length) return null;
  return h("ul", { class: "rating-changes", id: "rating-changes" }, changes.map((change) =>
    h("li", { dataset: { seat: String(change.seat) } },
      t("result.rating_change", { name: names[change.seat], before: change.before, after: change.after }), " ",
      h("strong", { class: `rating-delta ${change.change > 0 ? "up" : change.change < 0 ? "down" : "flat"}` }, changeText(change.change)))));
}

/**
 * The whole end-of-game block: winners, the table and the chart. `ctx` is the renderer's (for
 * its explained rows); `onSpot(places)` lights what a clicked row scored on the board.
 */
export function resultBlock(result, names, renderer, ctx = null, onSpot = () => {}) {
  const rows = ctx ? scoreRows(renderer, result.breakdown, ctx) : null;
  return h(
    "section",
    { id: "end-of-game", class: "end-of-game", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, t("result.title")),
    winnersLine(result.winners, names),
    ratingChanges(result, names),
    h("div", { class: "breakdown-wrap" }, rows ? explainedTable(rows, result, names, onSpot) : breakdownTable(result, names, renderer)),
    seatCards(rows || plainRows(result, renderer), result, names, onSpot),
    barChart(result, names, renderer),
    h("div", { class: "breakdown-wrap" }, statisticsTable(result, names, renderer)),
  );
}

let liveOpen = false;

/**
 * "If the game ended now": the renderer's `liveScore(view, ctx)` (a breakdown of the shown seat,
 * as the end-of-game one, or null where the rules keep it unknown) in the same explained rows.
 */
export function liveScoreBlock(renderer, view, ctx, onSpot) {
  if (!renderer || typeof renderer.liveScore !== "function" || ctx.seat === null) return null;
  let live = null;
  try {
    live = renderer.liveScore(view, ctx);
  } catch (error) {
    console.error(error);
  }
  if (!live) return null;
  const rows = scoreRows(renderer, [live.breakdown], ctx);
  if (!rows) return null;
  const name = ctx.seatName(ctx.seat);
  // Open or closed as the reader left it: the panel is drawn again at every update.
  return h(
    "details",
    { id: "live-score", class: "live-score", open: liveOpen, ontoggle: (event) => { liveOpen = event.target.open; } },
    h("summary", {}, t("result.if_ended_now", { points: live.score })),
    explainedTable(rows, { scores: [live.score], ranks: null }, [name], onSpot),
  );
}
