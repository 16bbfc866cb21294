// Yaxha's score in people's words: the end-of-game breakdown (each colour's largest group, each
// bonus card), the same rows for "if the game ended now", and the parts of the bar chart.

import { pageText, tr } from "../kit.js";
import { texts } from "./texts.js";
import { cardCubes, colourGroup } from "./cardcubes.js";
import { COLOUR_ORDER, colourOf } from "./palette.js";
import { spotPlace } from "./places.js";

/** The colour of the bonus cards' rows and bar: the brown ink of the cards on the table. */
export const BONUS_COLOUR = "#7a5a10";

const placesOf = (seat, ids) => ids.map((id) => {
  const [level, x, y] = id.split(":").map(Number);
  return spotPlace(seat, level, x, y);
});

const points = (ctx, n) => tr(ctx, "pts", { count: n });

function colourRow(colour, breakdowns, seats, ctx) {
  return {
    key: `colour-${colour}`,
    label: tr(ctx, `breakdown.${colour}`),
    colour: colourOf(colour).hex,
    cells: breakdowns.map(({ seat, breakdown }) => {
      const part = (breakdown.colours || {})[colour] || { size: 0, points: 0 };
      if (!part.size) return { text: "–", points: 0 };
      return {
        // As the board's score chips say it: the points, then the group's size ("9 pts (×5)").
        text: tr(ctx, "cell_group", { size: part.size, points: points(ctx, part.points) }),
        points: part.points,
        places: placesOf(seat, colourGroup(seats[seat] || [], colour)),
      };
    }),
  };
}

function cardName(ctx, id, fallback) {
  const text = ctx.t(`card_name_${id}`);
  return text === `card_name_${id}` ? fallback || "" : text;
}

function bonusRow(id, breakdowns, seats, ctx) {
  const view = ctx.view || {};
  const card = (view.bonus_cards || []).find((c) => String(c.id) === String(id));
  const first = (breakdowns[0].breakdown.bonus || {})[id] || {};
  return {
    key: `bonus-${id}`,
    label: cardName(ctx, id, first.name),
    colour: BONUS_COLOUR,
    cells: breakdowns.map(({ seat, breakdown }) => {
      const entry = (breakdown.bonus || {})[id] || {};
      const met = entry === true || entry.met === true;
      const got = typeof entry.points === "number" ? entry.points : 0;
      const places = card ? placesOf(seat, cardCubes(card, seats, seat, view.options || {})) : [];
      return { text: met ? tr(ctx, "cell_met", { points: points(ctx, got) }) : tr(ctx, "cell_missed"), points: got, places };
    }),
  };
}

/**
 * The breakdown rows (see the shell's README): `breakdowns` are the result's, one per seat, or
 * the live one of the shown seat (which names its seat). Places are read from `ctx.view`'s
 * pyramids: the final board at the end, the board as it stands during play.
 */
export function scoreRows(breakdowns, ctx) {
  if (!Array.isArray(breakdowns) || !breakdowns.length) return null;
  const view = ctx.view || {};
  const seats = (view.seats || []).map((entry) => entry.pyramid || []);
  const named = breakdowns.map((breakdown, index) => ({
    breakdown: breakdown || {},
    seat: breakdown && typeof breakdown.seat === "number" ? breakdown.seat : index,
  }));
  const rows = COLOUR_ORDER.map((colour) => colourRow(colour, named, seats, ctx));
  for (const id of Object.keys(named[0].breakdown.bonus || {})) rows.push(bonusRow(id, named, seats, ctx));
  return rows;
}

/** The shown seat's score if the game ended now: the engine scores it in that seat's view. */
export function liveScore(view) {
  const now = view && view.score_now;
  if (!now || typeof view.seat !== "number") return null;
  return { score: now.score, breakdown: { ...now.breakdown, seat: view.seat } };
}

/** The end-of-game bar: one part per colour, in the cubes' colours, then the bonus cards. */
export function breakdownParts(breakdown) {
  const colours = breakdown.colours || {};
  return [
    ...COLOUR_ORDER.map((colour) => ({
      key: colour, label: pageText(texts, `breakdown.${colour}`),
      points: (colours[colour] || {}).points || 0, colour: colourOf(colour).hex,
    })),
    { key: "bonus", label: pageText(texts, "breakdown.bonus"), points: breakdown.bonus_points || 0, colour: BONUS_COLOUR },
  ];
}
