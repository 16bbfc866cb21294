// The three bonus cards of the game, each worth the same points to every player who meets it.

import { el, tr } from "../kit.js";

function cardText(ctx, key, fallback) {
  const text = ctx.t(key);
  return text === key ? fallback : text;
}

export function bonusPanel(view, ctx) {
  const cards = view.bonus_cards.map((card) =>
    el("div", { class: "yx-card", title: cardText(ctx, `card_text_${card.id}`, card.text) }, [
      el("div", { class: "yx-card-points" }, [tr(ctx, "points_n", { n: view.bonus_card_points, count: view.bonus_card_points })]),
      el("div", { class: "yx-card-name" }, [cardText(ctx, `card_name_${card.id}`, card.name)]),
      el("div", { class: "yx-card-text" }, [cardText(ctx, `card_text_${card.id}`, card.text)]),
    ]));
  return el("section", { class: "yx-bonus-panel" }, [
    el("h3", { class: "yx-heading" }, [tr(ctx, "bonus_cards")]),
    el("div", { class: "yx-cards" }, cards),
  ]);
}
