// A player's page: who they are, their ratings with their history, their record per game and
// their last games; a guest's short page. Reached from any name (js/people.js).

import { userBox } from "./account.js";
import { api, get, post } from "./api.js";
import { h, param, replace, s } from "./dom.js";
import { renderHeader } from "./header.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { withName } from "./bidi.js";
import { agentMark, ratingText } from "./people.js";
import { dateText, gameRow, gameTitle, loadShared, recordTable } from "./records.js";
import { at } from "./paths.js";

const page = { id: param("id"), guest: param("guest"), user: null, profile: null, error: null, catalog: [], renderers: {}, status: null };

/** The rating after each rated game as a line: its lowest and highest values marked. */
function ratingChart(points) {
  const width = 320;
  const height = 110;
  const values = points.map((point) => point.rating);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(1, high - low);
  const x = (index) => 36 + (index / Math.max(1, points.length - 1)) * (width - 46);
  const y = (value) => 10 + (1 - (value - low) / span) * (height - 30);
  const line = points.map((point, index) => `${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
  return s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", role: "img", "aria-label": t("player.chart", { from: values[0], to: values[values.length - 1], games: points.length - 1 }) },
    s("line", { x1: 36, y1: height - 20, x2: width - 10, y2: height - 20, class: "axis" }),
    s("text", { x: 32, y: y(high) + 4, "text-anchor": "end", class: "chart-label" }, high),
    high !== low ? s("text", { x: 32, y: y(low) + 4, "text-anchor": "end", class: "chart-label" }, low) : null,
    s("polyline", { points: line, class: "rating-line" }),
    points.map((point, index) => s("circle", { cx: x(index), cy: y(point.rating), r: 2.5, class: "rating-point" }, s("title", {}, String(point.rating)))),
  );
}

function ratingsSection(profile) {
  const history = profile.rating_history || {};
  return h("section", { id: "ratings", "aria-labelledby": "ratings-title" },
    h("h2", { id: "ratings-title" }, t("player.ratings")),
    profile.ratings.length
      ? h("div", { class: "rating-cards" }, profile.ratings.map((rating) =>
        h("article", { class: "rating-card", dataset: { game: rating.game } },
          h("h3", {}, gameTitle(page.catalog, page.renderers, rating.game)),
          h("p", { class: "rating-value", title: rating.provisional ? t("rating.provisional_help") : null }, ratingText(rating)),
          h("p", { class: "meta" }, t("player.rated_games", { count: rating.games })),
          (history[rating.game] || []).length > 1 ? ratingChart(history[rating.game]) : null)))
      : h("p", { class: "empty" }, t("player.no_ratings")));
}

function friendButton(profile) {
  // Agents are nobody's friends (a request to an agent's name reaches nobody).
  if (!page.user || page.user.guest || profile.me || profile.user.kind === "agent") return null;
  if (profile.friend) return h("span", { class: "badge friend-badge" }, t("player.friend"));
  return h("button", { type: "button", id: "befriend", onclick: async (event) => {
    event.currentTarget.disabled = true;
    try {
      await post("/api/friends/requests", { name: profile.user.name });
      page.status = () => t("player.request_sent");
    } catch (error) {
      page.status = () => error.message;
    }
    draw();
  } }, t("player.add_friend"));
}

function privacyToggle(profile) {
  if (!profile.me) return null;
  return h("div", { class: "field field-check" },
    h("input", { type: "checkbox", id: "history-private", checked: profile.history_private, onchange: async (event) => {
      try {
        const answer = await api("PUT", "/api/me/privacy", { history_private: event.target.checked });
        profile.history_private = answer.history_private;
        page.status = () => t(answer.history_private ? "player.now_private" : "player.now_public");
      } catch (error) {
        page.status = () => error.message;
      }
      draw();
    } }),
    h("label", { for: "history-private" }, t("player.private_label")));
}

function recordSections(profile) {
  if (!profile.history_shown) {
    return h("p", { id: "history-hidden", class: "notice" }, withName("player.history_hidden", {}, profile.user.name));
  }
  const more = h("a", { href: at(`history.html?id=${encodeURIComponent(page.id)}`), class: "button-link", id: "all-games" }, t("player.all_games"));
  return [
    h("section", { id: "record", "aria-labelledby": "record-title" },
      h("h2", { id: "record-title" }, t("player.record")),
      profile.record.length ? h("div", { class: "record-cards" }, recordTable(profile.record, page)) : h("p", { class: "empty" }, t("player.no_games"))),
    h("section", { id: "last-games", "aria-labelledby": "last-games-title" },
      h("h2", { id: "last-games-title" }, t("player.last_games")),
      profile.last_games.length ? h("ul", { class: "record-list" }, profile.last_games.map((entry) => gameRow(entry, page))) : h("p", { class: "empty" }, t("player.no_games")),
      more),
  ];
}

function guestPage() {
  return [
    h("h1", {}, withName("player.guest_title", {}, page.guest)),
    h("p", { id: "guest-note" }, t("player.guest_note")),
  ];
}

function profilePage(profile) {
  return [
    h("div", { class: "player-head" },
      h("h1", { id: "player-name" }, h("bdi", {}, profile.user.name)),
      agentMark(profile.user),
      h("span", { class: `presence ${profile.online ? "online" : "offline"}`, id: "presence" }, t(profile.online ? "friends.online" : "friends.offline")),
      friendButton(profile)),
    h("p", { class: "meta", id: "member-since" }, t("player.member_since", { date: dateText(profile.member_since) })),
    privacyToggle(profile),
    page.status ? h("p", { id: "player-status", role: "status" }, page.status()) : null,
    ratingsSection(profile),
    recordSections(profile),
  ];
}

function draw() {
  renderHeader(userBox(page.user, () => location.reload()));
  const main = document.getElementById("main");
  let body;
  if (page.guest && !page.id) body = guestPage();
  else if (page.error) body = h("p", { class: "form-error", role: "alert", id: "player-error" }, page.error.message);
  else body = profilePage(page.profile);
  replace(main, body, h("p", {}, h("a", { href: at(""), class: "button-link" }, t("rules.back"))));
  const name = page.profile ? page.profile.user.name : page.guest;
  document.title = name ? `${name} · ${t("app.name")}` : t("app.name");
}

async function main() {
  await initI18n();
  onLanguageChange(draw);
  Object.assign(page, await loadShared());
  if (page.id) {
    try {
      page.profile = await get(`/api/players/${encodeURIComponent(page.id)}`);
    } catch (error) {
      page.error = error;
    }
  }
  draw();
  document.body.dataset.ready = "true";
}

main();
