// People as the pages show them: a name that leads to the person's page, and a rating as
// people read it (provisional with a "?").

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { nameNode, withName } from "./bidi.js";
import { at } from "./paths.js";

/** Where a user's page is: a registered person's by their public id, a guest's short one. */
export function playerHref(user) {
  if (user.profile) return at(`player.html?id=${encodeURIComponent(user.profile)}`);
  return at(`player.html?guest=${encodeURIComponent(user.name)}`);
}

/** A user's name as a link to their page (the name isolated in a <bdi>), and an agent's mark. */
export function playerLink(user, attrs = {}) {
  const link = h("a", { href: playerHref(user), class: "player-link", ...attrs }, nameNode(user.name));
  const mark = agentMark(user);
  return mark ? h("span", { class: "player-with-mark" }, link, " ", mark) : link;
}

/**
 * Beside an agent's name (a program playing with an API token): a robot mark and "agent of
 * OWNER", so nobody takes it for a person; null for a person.
 */
export function agentMark(user) {
  if (!user || user.kind !== "agent") return null;
  return h("span", { class: "agent-mark" },
    h("span", { class: "agent-robot", role: "img", "aria-label": t("agent.mark"), title: t("agent.mark") }, "\u{1F916}"),
    " ",
    h("span", { class: "agent-of" }, ...withName("agent.of", {}, user.owner || "")));
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
