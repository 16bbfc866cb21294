// What the player and history pages share: one finished game as its player lived it, and the
// names of games and statistics.

import { currentUser, get } from "./api.js";
import { h } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { loadRenderer, rendererText } from "./renderers.js";
import { statisticName } from "./breakdown.js";
import { changeText, playerLink } from "./people.js";
import { at } from "./paths.js";

/** What both pages start from: the reader, the games' catalog and each game's renderer (its
 * texts name the game and its statistics). */
export async function loadShared() {
  const [user, catalog] = await Promise.all([currentUser(), get("/api/games")]);
  const renderers = Object.fromEntries(await Promise.all(catalog.map(async (entry) => [entry.name, await loadRenderer(entry.name)])));
  return { user, catalog, renderers };
}

export function gameTitle(catalog, renderers, game) {
  return rendererText(renderers[game], "title") || catalog.find((entry) => entry.name === game)?.title || game;
}

export function dateText(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(currentLanguage(), { year: "numeric", month: "short", day: "numeric" });
}

function opponentNode(other) {
  const name = other.user ? playerLink(other.user) : t("seat.bot", { level: other.bot_level });
  return h("span", { class: `opponent${other.won ? " winner" : ""}` }, name, " ", h("span", { class: "seat-score" }, other.score ?? "–"));
}

/** One finished game: game, date, won or lost, score, everyone else with their score, the
 * rating change of a rated one, and its replay. */
export function gameRow(entry, { catalog, renderers }) {
  const others = entry.everyone.filter((seat) => !entry.seats.includes(seat.seat));
  const outcome = entry.won ? "won" : "lost";
  return h(
    "li",
    { class: `record-game ${outcome}`, dataset: { table: String(entry.table) } },
    h("span", { class: `badge outcome outcome-${outcome}` }, t(`record.${outcome}`)),
    h("span", { class: "record-title" }, gameTitle(catalog, renderers, entry.game)),
    // A practice table (play from here) is listed, but counts in no record.
    entry.origin ? h("span", { class: "badge record-practice", title: t("record.practice_help") }, t("record.practice")) : null,
    h("span", { class: "meta" }, dateText(entry.finished_at)),
    h("span", { class: "record-score" }, t("record.score", { score: entry.scores.join(" / ") })),
    others.length
      ? h("span", { class: "record-opponents" }, t("record.against"), " ", others.flatMap((other, index) => (index ? [", ", opponentNode(other)] : [opponentNode(other)])))
      : null,
    entry.rating
      ? h("span", { class: `rating-delta ${entry.rating.change > 0 ? "up" : entry.rating.change < 0 ? "down" : "flat"}`, title: t("record.rating_after", { rating: entry.rating.after }) }, changeText(entry.rating.change))
      : null,
    h("a", { href: at(`replay.html?id=${entry.table}`), class: "button-link record-replay" }, t("record.replay")),
  );
}

/** Per game: games, win rate, average and best score, and the game's statistics. */
export function recordTable(record, { catalog, renderers }) {
  return record.map((game) =>
    h("article", { class: "record-card", dataset: { game: game.game } },
      h("h3", {}, gameTitle(catalog, renderers, game.game)),
      h("dl", { class: "record-numbers" },
        h("dt", {}, t("record.games")), h("dd", { dataset: { value: "games" } }, game.games),
        h("dt", {}, t("record.win_rate")), h("dd", { dataset: { value: "win_rate" } }, `${Math.round(game.win_rate * 100)}%`),
        h("dt", {}, t("record.average")), h("dd", { dataset: { value: "average" } }, game.average_score.toFixed(1)),
        h("dt", {}, t("record.best")), h("dd", { dataset: { value: "best" } }, game.best_score)),
      game.statistics.length
        ? h("table", { class: "record-stats" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("result.statistics")), h("th", { scope: "col" }, t("record.average")), h("th", { scope: "col" }, t("record.best")))),
          h("tbody", {}, game.statistics.map((stat) => h("tr", { dataset: { stat: stat.key } },
            h("th", { scope: "row" }, statisticName(renderers[game.game], stat.key)),
            h("td", {}, stat.average.toFixed(1)), h("td", {}, stat.best)))))
        : null));
}
