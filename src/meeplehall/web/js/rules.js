// A game's rules page: the rules document of the repository (docs/rules/) in the reader's language,
// with diagrams drawn by the game's renderer; the renderer's summary where there is no document.

import { userBox } from "./account.js";
import { currentUser, get } from "./api.js";
import { gamePicture } from "./art.js";
import { h, param, replace } from "./dom.js";
import { renderHeader } from "./header.js";
import { currentLanguage, initI18n, onLanguageChange, t } from "./i18n.js";
import { seatColour } from "./players.js";
import { loadRenderer, rendererText, translator } from "./renderers.js";
import { at } from "./paths.js";

const page = { game: param("game"), user: null, entry: null, renderer: null, rules: new Map() };

/** The game's rules document in the current language (fetched once per language), or null. */
async function loadRules(lang) {
  if (!page.rules.has(lang)) {
    try {
      page.rules.set(lang, await get(`/api/rules/${encodeURIComponent(page.game)}?lang=${lang}`));
    } catch {
      page.rules.set(lang, null); // no document: the renderer's summary stands in
    }
  }
  return page.rules.get(lang);
}

/**
 * The document's HTML (made on the server from the repository's Markdown, with raw HTML left
 * out), its diagram blocks drawn by the game's renderer (`diagram(name, ctx)`).
 */
function rulesBody(document_) {
  const body = h("div", { class: "rules-document" });
  body.innerHTML = document_.html;
  for (const code of body.querySelectorAll("pre > code.language-diagram")) {
    const name = code.textContent.trim();
    let picture = null;
    try {
      picture = typeof page.renderer.diagram === "function" ? page.renderer.diagram(name, diagramCtx()) : null;
    } catch (error) {
      console.error(error);
    }
    if (picture) code.parentElement.replaceWith(h("figure", { class: "rules-diagram", dataset: { diagram: name } }, picture));
  }
  return body;
}

function diagramCtx() {
  return { t: translator(page.renderer), lang: currentLanguage(), seat: null, legal: [], labels: [], send: () => false,
    players: [], seatName: (seat) => t("seat_n", { n: seat + 1 }), seatColour, lastMoves: [], motion: "off" };
}

function draw() {
  const focused = document.activeElement && document.activeElement.id;
  renderHeader(userBox(page.user, () => location.reload()));
  const main = document.getElementById("main");
  if (!page.entry) {
    replace(main, h("p", { class: "form-error", role: "alert" }, t("rules.unknown", { game: page.game })));
    return;
  }
  const document_ = page.rules.get(currentLanguage());
  const summary = rendererText(page.renderer, "rules") || t("rules.missing");
  replace(main, 
    h("h1", {}, t("rules.title", { game: rendererText(page.renderer, "title") || page.entry.title })),
    gamePicture(page.renderer, page.entry.title),
    h("p", { class: "players" }, t("lobby.players_range", { min: page.entry.min_players, max: page.entry.max_players })),
    h("section", { id: "rules", class: "rules", lang: document_ ? document_.lang : null },
      document_ ? rulesBody(document_) : summary.split(/\n\s*\n/).map((paragraph) => h("p", {}, paragraph))),
    page.entry.options.length
      ? h("section", { id: "rules-options" }, h("h2", {}, t("create.options")),
        h("dl", {}, page.entry.options.filter((spec) => !spec.advanced).map((spec) => [h("dt", {}, rendererText(page.renderer, `option.${spec.key}`) || spec.label || spec.key),
          h("dd", {}, rendererText(page.renderer, `option.${spec.key}.help`) || spec.help || "")])))
      : null,
    h("p", {}, h("a", { href: at(""), class: "button-link" }, t("rules.back"))),
  );
  document.title = `${page.entry.title} · ${t("app.name")}`;
  if (focused) document.getElementById(focused)?.focus();
}

async function main() {
  await initI18n();
  onLanguageChange(async (lang) => {
    draw(); // the page's own texts at once; the document when it has come
    await loadRules(lang);
    draw();
  });
  const [user, catalog] = await Promise.all([currentUser(), get("/api/games")]);
  page.user = user;
  page.entry = catalog.find((entry) => entry.name === page.game) || null;
  if (page.entry) {
    page.renderer = await loadRenderer(page.entry.name);
    await loadRules(currentLanguage());
  }
  draw();
  document.body.dataset.ready = "true";
}

main();
