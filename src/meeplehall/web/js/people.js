// People as the pages show them: a name that leads to the person's page, and a rating as
// people read it (provisional with a "?").

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { nameNode } from "./bidi.js";
import { at } from "./paths.js";

/** Where a user's page is: a registered person's by their public id, a guest's short one. */
export function playerHref(user) {
  if (user.profile) return at(`player.html?id=${encodeURIComponent(user.profile)}`);
  return at(`player.html?guest=${encodeURIComponent(user.name)}`);
}

/** A user's name as a link to their page (the name isolated in a <bdi>). */
export function playerLink(user, attrs = {}) {
  return h("a", { href: playerHref(user), class: "player-link", ...attrs }, nameNode(user.name));
}

/** "1532", or "1500?" while provisional. */
export function ratingText(rating) {
  return rating.provisional ? t("rating.provisional", { rating: rating.rating }) : String(rating.rating);
}

/** "+18", "-7", "±0". */
export function changeText(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}
