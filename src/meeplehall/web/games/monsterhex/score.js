// Monster Hex's score in people's words: the end-of-game breakdown (each gem won by its look,
// its place, colour bonus and overwhelming; each objective card a row named by the card, met or
// missed), the live score
// of the shown seat, and the parts of the end-of-game bar chart, in the game's own colours.

import { pageText, tr } from "../kit.js";
import { placeKey } from "./labels.js";
import { objectiveName } from "./panel.js";
import { gemAria, gemText, whereAria, whereText } from "./where.js";

/** Row and bar colours: the gems' own (violet big and small gems, the dark counter gem). */
const COLOURS = {
  "big gems": "#7e57c2",
  "colour bonus": "#d8574b",
  "small gems": "#b9a4e8",
  "counter gems": "#4a4f5c",
  reward: "#e0b630",
  objectives: "#4f9d54",
  secret: "#24602a",
};

const PART_KEYS = ["big gems", "colour bonus", "small gems", "counter gems", "reward", "objectives"];

/** The end-of-game bar: points by kind (the solo target is not points). */
export function breakdownParts(breakdown, texts) {
  return PART_KEYS.filter((key) => typeof breakdown[key] === "number" && breakdown[key] !== 0)
    .map((key) => ({ key, label: pageText(texts, `breakdown.${key}`), points: breakdown[key], colour: COLOURS[key] }));
}

function points(ctx, n) {
  return tr(ctx, "sb_points", { count: n, n });
}

/** A gem won, for the page or for a screen reader (`aria`: with its label). A counter gem lies
 * on a cell, said by the gems beside it. */
function gemLabel(ctx, line, aria = false) {
  if (line.kind === "counter") return tr(ctx, "counter_at", { where: (aria ? whereAria : whereText)(ctx, ctx.view, line.q, line.r) });
  return (aria ? gemAria : gemText)(ctx, ctx.view, line.q, line.r);
}

function linePlaces(line) {
  return [placeKey(line.q, line.r), ...(line.cells || []).map(([q, r]) => placeKey(q, r))];
}

/** The big gems of one seat: one item per gem (both slots of an overwhelmed gem together). */
function bigItems(ctx, lines, aria) {
  const byGem = new Map();
  for (const line of lines) {
    const key = `${line.q},${line.r}`;
    if (!byGem.has(key)) byGem.set(key, []);
    byGem.get(key).push(line);
  }
  return [...byGem.values()].map((slots) => {
    const gem = gemLabel(ctx, slots[0], aria);
    const bonus = slots.reduce((sum, line) => sum + line.bonus, 0);
    const values = slots.map((line) => line.value);
    let text = slots[0].overwhelming && slots.length === 2
      ? tr(ctx, "sb_big_both", { gem, a: Math.max(...values), b: Math.min(...values) })
      : tr(ctx, slots[0].slot === 0 ? "sb_big_high" : "sb_big_low", { gem, n: values[0] });
    if (bonus) text += tr(ctx, "sb_bonus", { n: bonus });
    return text;
  });
}

/** One cell listing what a seat won of one kind, or its number alone for an old result. */
function gemCell(ctx, breakdown, kind, total) {
  if (!Array.isArray(breakdown.gems)) return { text: String(total ?? 0), points: total ?? 0 };
  const lines = breakdown.gems.filter((line) => line.kind === kind);
  const sum = lines.reduce((s, line) => s + line.points, 0);
  if (!lines.length) return { text: "–", points: 0 };
  const said = (aria) => {
    const items = kind === "big" ? bigItems(ctx, lines, aria) : lines.map((line) => gemLabel(ctx, line, aria));
    return tr(ctx, "sb_line", { points: points(ctx, sum), list: items.join(tr(ctx, "list_join")) });
  };
  return {
    text: said(false),
    aria: said(true),
    points: sum,
    places: [...new Set(lines.flatMap(linePlaces))],
  };
}

const cardName = (ctx, card) => objectiveName(ctx, { id: card.id, name: card.id });

/** Met or missed: a common card's row is named by the card, so its cells say no more. */
function cardText(ctx, card) {
  return card.points > 0 ? tr(ctx, "sb_card_met", { points: points(ctx, card.points) }) : tr(ctx, "sb_card_missed");
}

/** The secret cards of a seat, in one cell: each named, then met or missed. */
function cardCell(ctx, breakdown, personal) {
  const cards = (breakdown.cards || []).filter((card) => card.personal === personal);
  if (!cards.length) return { text: "–", points: 0 };
  const sum = cards.reduce((s, card) => s + card.points, 0);
  const text = cards.map((card) => tr(ctx, "sb_card_named", { name: cardName(ctx, card), text: cardText(ctx, card) })).join(tr(ctx, "sb_card_join"));
  return withPlaces({ text, points: sum }, cards);
}

/** A card cell lights the units its cards counted (none for a card that counts an absence). */
function withPlaces(cell, cards) {
  const places = [...new Set(cards.flatMap((card) => (card.cells || []).map(([q, r]) => placeKey(q, r))))];
  return places.length ? { ...cell, places } : cell;
}

const GEM_ROWS = [
  ["big gems", "big", "sb_row_big"],
  ["small gems", "small", "sb_row_small"],
  ["counter gems", "counter", "sb_row_counter"],
  ["reward", "reward", "sb_row_reward"],
];

/** The breakdown rows: gems by kind (a kind nobody scored and that needs an option is left
 * out), then the common objective cards one row each, then the secret cards. */
export function scoreRows(breakdowns, ctx) {
  const rows = [];
  const detailed = breakdowns.some((b) => b && Array.isArray(b.gems));
  for (const [category, kind, label] of GEM_ROWS) {
    const cells = breakdowns.map((b) => gemCell(ctx, b || {}, kind, (b || {})[category]));
    const optional = kind === "counter" || kind === "reward";
    if (optional && cells.every((cell) => !cell.points)) continue;
    rows.push({ key: category, label: tr(ctx, label), colour: COLOURS[category], cells });
  }
  if (!detailed) {
    const objectives = breakdowns.map((b) => ({ text: String((b || {}).objectives ?? 0) }));
    rows.push({ key: "objectives", label: tr(ctx, "sb_row_objectives"), colour: COLOURS.objectives, cells: objectives });
  }
  const common = [];
  for (const b of breakdowns) {
    for (const card of (b && b.cards) || []) if (!card.personal && !common.includes(card.id)) common.push(card.id);
  }
  for (const id of common) {
    rows.push({
      key: `objective-${id}`,
      label: cardName(ctx, { id }),
      title: tr(ctx, "sb_row_common"),
      colour: COLOURS.objectives,
      cells: breakdowns.map((b) => {
        const card = ((b && b.cards) || []).find((c) => c.id === id && !c.personal);
        return card ? withPlaces({ text: cardText(ctx, card), points: card.points }, [card]) : { text: "–" };
      }),
    });
  }
  if (breakdowns.some((b) => ((b && b.cards) || []).some((card) => card.personal))) {
    rows.push({ key: "secret", label: tr(ctx, "sb_row_secret"), colour: COLOURS.secret, cells: breakdowns.map((b) => cardCell(ctx, b || {}, true)) });
  }
  if (breakdowns.some((b) => b && typeof b.target === "number")) {
    rows.push({ key: "target", label: tr(ctx, "sb_row_target"), cells: breakdowns.map((b) => ({ text: points(ctx, (b || {}).target ?? 0) })) });
  }
  return rows;
}

/** The shown seat's score if the game ended now (the engine sends it to that seat only). */
export function liveScore(view, ctx) {
  const seat = view ? view.you ?? ctx.seat : null;
  const player = view && Array.isArray(view.players) && seat !== null && seat !== undefined ? view.players[seat] : null;
  if (!player || !player.score_now) return null;
  return { score: player.score_now.score, breakdown: player.score_now.breakdown };
}
