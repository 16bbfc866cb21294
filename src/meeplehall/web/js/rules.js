// A game's rules page: the renderer's rules summary in the current language.

import { userBox } from "./account.js";
import { currentUser, get } from "./api.js";
import { gamePicture } from "./art.js";
import { h, param, replace } from "./dom.js";
import { renderHeader } from "./header.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { loadRenderer, rendererText } from "./renderers.js";

const page = { game: param("game"), user: null, entry: null, renderer: null };

function draw() {
  const focused = document.activeElement && document.activeElement.id;
  renderHeader(userBox(page.user, () => location.reload()));
  const main = document.getElementById("main");
  if (!page.entry) {
    replace(main, h("p", { class: "form-error", role: "alert" }, t("rules.unknown", { game: page.game })));
    return;
  }
  const rules = rendererText(page.renderer, "rules") || t("rules.missing");
  replace(main, 
    h("h1", {}, t("rules.title", { game: page.entry.title })),
    gamePicture(page.entry.name, page.entry.title),
    h("p", { class: "players" }, t("lobby.players_range", { min: page.entry.min_players, max: page.entry.max_players })),
    h("section", { id: "rules", class: "rules" }, rules.split(/\n\s*\n/).map((paragraph) => h("p", {}, paragraph))),
    page.entry.options.length
      ? h("section", { id: "rules-options" }, h("h2", {}, t("create.options")),
        h("dl", {}, page.entry.options.filter((spec) => !spec.advanced).map((spec) => [h("dt", {}, rendererText(page.renderer, `option.${spec.key}`) || spec.label || spec.key),
          h("dd", {}, rendererText(page.renderer, `option.${spec.key}.help`) || spec.help || "")])))
      : null,
    h("p", {}, h("a", { href: "/", class: "button-link" }, t("rules.back"))),
  );
  document.title = `${page.entry.title} · ${t("app.name")}`;
  if (focused) document.getElementById(focused)?.focus();
}

async function main() {
  await initI18n();
  onLanguageChange(draw);
  const [user, catalog] = await Promise.all([currentUser(), get("/api/games")]);
  page.user = user;
  page.entry = catalog.find((entry) => entry.name === page.game) || null;
  if (page.entry) page.renderer = await loadRenderer(page.entry.name);
  draw();
  document.body.dataset.ready = "true";
}

main();
