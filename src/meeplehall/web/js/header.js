// The header every page shares: the hall's name, navigation, the user and the language switch.

import { h, replace } from "./dom.js";
import { languagePicker, t } from "./i18n.js";
import { at } from "./paths.js";

/** Fill <header id="top"> (kept across re-renders: only its texts change). */
export function renderHeader(userBox) {
  const header = document.getElementById("top");
  const skip = document.querySelector(".skip-link");
  if (skip) skip.textContent = t("nav.skip");
  replace(header, 
    h("a", { href: at(""), class: "brand" }, h("span", { "aria-hidden": "true" }, "♜ "), t("app.name")),
    h(
      "nav",
      { "aria-label": t("nav.label") },
      h("a", { href: at("") }, t("nav.lobby")),
      h("a", { href: at("#my-games") }, t("nav.my_games")),
      h("a", { href: at("tournaments.html") }, t("nav.tournaments")),
    ),
    userBox,
    h("label", { class: "language" }, h("span", { class: "visually-hidden" }, t("nav.language")), languagePicker()),
  );
}
