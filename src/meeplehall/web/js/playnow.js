// "Play now" (docs/protocol.md): choose how to play a game and let the hall find the table.
// The wait lives on the server, so a reload shows it again; the page asks about it every few
// seconds (that also tells the server the page is still open) and goes to the table once found.

import { api, get, post } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { at } from "./paths.js";

const POLL_MS = 3000;
export const playNow = { place: { state: "none" }, choosing: null, error: null, timer: null, redraw: () => {} };

/** Read my place in the queue and keep it fresh; ``redraw`` draws the section again. */
export async function startPlayNow(user, redraw) {
  playNow.redraw = redraw;
  clearInterval(playNow.timer);
  playNow.place = { state: "none" };
  if (!user) return;
  await refreshPlace();
  playNow.timer = setInterval(async () => {
    if (playNow.place.state !== "waiting") return;
    try {
      await refreshPlace();
      playNow.redraw();
    } catch {
      // The server is unreachable for a moment: ask again at the next beat.
    }
  }, POLL_MS);
}

async function refreshPlace() {
  const before = playNow.place.state;
  playNow.place = await get("/api/playnow");
  // Found while this page waited: go there. Found earlier: the section links to it.
  if (before === "waiting" && playNow.place.state === "seated") goToTable(playNow.place.table);
}

/** A table was found (the per-user socket said so, or the page asked). */
export function goToTable(tableId) {
  if (playNow.place.state === "waiting" || playNow.place.state === "seated") {
    document.body.dataset.playnowTable = String(tableId);
    location.href = at(`tables/${tableId}`);
  }
}

export function playNowButton(game, user) {
  return h(
    "button",
    {
      type: "button",
      class: "play-now",
      disabled: !user || playNow.place.state === "waiting",
      onclick: () => {
        playNow.choosing = game.name;
        playNow.error = null;
        playNow.redraw();
        document.getElementById("playnow-players")?.focus();
      },
    },
    t("playnow.button"),
  );
}

function choice(id, label, options) {
  return [h("label", { for: id }, t(label)), h("select", { id, name: id }, options.map(([value, key, params]) => h("option", { value }, t(key, params))))];
}

function form(game, user, bots, titles) {
  const least = Math.max(2, game.min_players);
  const sizes = [["any", "playnow.any"]];
  for (let n = least; n <= game.max_players; n += 1) sizes.push([String(n), "playnow.players_n", { n, count: n }]);
  const levels = [["none", "playnow.no_bots"], ...bots.levels.map((level) => [String(level), "playnow.bot_level", { level }])];
  const status = h("p", { class: "form-error", role: "alert" }, playNow.error ? playNow.error.message : "");
  return h(
    "form",
    {
      id: "playnow-form",
      class: "playnow-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const data = new FormData(event.target);
        const body = { game: game.name, mode: data.get("playnow-mode"), rated: data.get("playnow-rated") === "on" };
        if (data.get("playnow-players") !== "any") body.players = Number(data.get("playnow-players"));
        if (data.get("playnow-bots") !== "none") body.bots = { level: Number(data.get("playnow-bots")), after_seconds: Number(data.get("playnow-wait")) };
        try {
          playNow.place = await post("/api/playnow", body);
          playNow.choosing = null;
          playNow.error = null;
        } catch (error) {
          playNow.error = error;
        }
        playNow.redraw();
        document.getElementById(playNow.place.state === "waiting" ? "playnow-leave" : "playnow-players")?.focus();
      },
    },
    h("h3", {}, t("playnow.choose", { game: titles[game.name] || game.title })),
    h("div", { class: "form-grid" },
      choice("playnow-players", "playnow.players", sizes),
      choice("playnow-mode", "create.mode", [["live", "create.mode_live"], ["turn", "create.mode_turn"]]),
      user && !user.guest ? [h("label", { for: "playnow-rated" }, t("create.rated")), h("input", { type: "checkbox", id: "playnow-rated", name: "playnow-rated" })] : null,
      choice("playnow-bots", "playnow.bots", levels),
      choice("playnow-wait", "playnow.bots_after", [30, 60, 120, 300].map((s) => [String(s), "playnow.seconds", { s }])),
    ),
    h("div", { class: "form-actions" },
      h("button", { type: "submit", id: "playnow-go" }, t("playnow.queue")),
      h("button", { type: "button", class: "secondary", onclick: () => { playNow.choosing = null; playNow.redraw(); } }, t("create.cancel")),
    ),
    status,
  );
}

function waiting(place, titles) {
  const minutes = Math.floor(place.waited / 60);
  const seconds = String(Math.floor(place.waited % 60)).padStart(2, "0");
  return h(
    "div",
    { id: "playnow-waiting", class: "playnow-waiting", role: "status", dataset: { game: place.game } },
    h("p", { class: "playnow-looking" }, t("playnow.looking", { game: titles[place.game] || place.game })),
    h("p", {}, t("playnow.details", {
      players: place.sizes.length > 1 ? t("playnow.any") : t("playnow.players_n", { n: place.sizes[0], count: place.sizes[0] }),
      mode: t(place.mode === "live" ? "playnow.live" : "playnow.turn"),
      rated: t(place.rated ? "playnow.rated" : "playnow.unrated"),
    })),
    h("p", { class: "playnow-wait" }, t("playnow.waited", { time: `${minutes}:${seconds}`, count: place.waiting, window: place.window.toFixed(1) })),
    place.bots ? h("p", {}, t("playnow.bots_note", { level: place.bots.level, s: place.bots.after_seconds })) : null,
    h("button", {
      type: "button",
      id: "playnow-leave",
      class: "secondary",
      onclick: async () => {
        try {
          playNow.place = await api("DELETE", "/api/playnow");
        } catch (error) {
          if (error.code === "already_seated") goToTable(error.params.table);
          playNow.error = error;
        }
        playNow.redraw();
      },
    }, t("playnow.leave")),
  );
}

function found(place, titles) {
  return h("p", { id: "playnow-found" }, h("a", { href: at(`tables/${place.table}`), class: "button-link" }, t("playnow.found", { game: titles[place.game] || place.game, table: place.table })));
}

/** The section: the form of the game chosen, my wait, or the table found; else hidden. */
export function playNowSection(games, user, bots, titles) {
  const game = games.find((g) => g.name === playNow.choosing);
  const place = playNow.place;
  let body = null;
  if (place.state === "waiting") body = waiting(place, titles);
  else if (game) body = form(game, user, bots, titles);
  else if (place.state === "seated") body = found(place, titles);
  if (!body) return h("section", { id: "playnow", hidden: true });
  return h("section", { id: "playnow", "aria-labelledby": "playnow-title" }, h("h2", { id: "playnow-title" }, t("playnow.title")), body);
}
