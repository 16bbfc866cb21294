// The exploration area: five spaces, each a pile (its face-up top, or the back of its face-down
// top) and the gem area in front of it. Taking is done by choosing a gem of a space whose top is
// face up; revealing by choosing a face-down top; refilling an emptied space by choosing a pile.

import { el, legalAction, legalWhere, tr } from "../kit.js";
import { backSvg, colourName, dominoSvg, gemIcon, gemStack, gemStacks, GEM_ORDER } from "./art.js";
import { freshEvents } from "./last.js";
import { gemAreaKey, gemKey, spaceKey } from "./places.js";

/** Quarter size (px) of the dominoes here, and whether they lie upright (narrow screens). */
function layout() {
  const narrow = window.matchMedia("(max-width: 640px)").matches;
  return { q: narrow ? 24 : 26, upright: narrow };
}

function pileBadge(space, ctx) {
  return el("span", { class: "pd-pile", title: tr(ctx, "pile_size", { n: space.size }) }, [
    el("span", { class: "pd-pile-icon", "aria-hidden": "true" }),
    el("span", {}, [String(space.size)]),
  ]);
}

function topDomino(space, view, ctx, { q, upright }) {
  if (!space.top) return el("div", { class: "pd-empty-pile" }, [tr(ctx, "empty_pile")]);
  if (space.face_up) {
    // A domino turned face up by this very update grows in where its back was.
    const revealed = ctx.drawing?.type === "update" && freshEvents(ctx).some((e) => e.type === "revealed" && e.pile === space.space);
    return dominoSvg(space.top, upright ? 1 : 0, q, ctx, { "data-piece": `dom-${space.top.id}`, "data-appear": revealed });
  }
  const back = backSvg(space.top, upright, q, ctx);
  const reveal = legalWhere(ctx.legal, (a) => a.type === "reveal" && a.pile === space.space)[0];
  if (!reveal) return back;
  const button = el("button", { type: "button", class: "pd-pick pd-reveal" }, [back, el("span", {}, [tr(ctx, "reveal")])]);
  return legalAction(button, ctx, reveal.index, tr(ctx, "act_reveal", { pile: space.space }));
}

function gemArea(space, ctx) {
  const takes = legalWhere(ctx.legal, (a) => a.type === "take" && a.space === space.space);
  const area = el("div", { class: "pd-gem-area", "data-place": gemAreaKey(space.space) });
  if (!takes.length) {
    for (const kind of GEM_ORDER.filter((k) => space.gems[k])) {
      area.append(el("span", { class: "pd-gem-slot", "data-place": gemKey(space.space, kind) }, [gemStack(kind, space.gems[kind], ctx)]));
    }
    if (!area.childElementCount) area.append(el("span", { class: "pd-none" }, [tr(ctx, "no_gems")]));
    return area;
  }
  for (const { action, index } of takes) {
    const label = action.gem
      ? tr(ctx, "take_label", { n: space.space, gem: colourName(ctx, action.gem) })
      : tr(ctx, "act_take_no_gem", { n: space.space });
    const body = action.gem ? gemStack(action.gem, space.gems[action.gem], ctx) : el("span", {}, [tr(ctx, "take_no_gem")]);
    const button = el("button", { type: "button", class: "pd-pick pd-take-gem", title: label, "data-place": gemKey(space.space, action.gem) }, [body]);
    area.append(legalAction(button, ctx, index, label, { piece: true }));
  }
  return area;
}

function spaceCard(space, view, ctx, size) {
  const takes = legalWhere(ctx.legal, (a) => a.type === "take" && a.space === space.space).length > 0;
  const split = legalWhere(ctx.legal, (a) => a.type === "split" && a.pile === space.space)[0];
  const emptied = view.emptied_space === space.space;
  const classes = ["pd-space"];
  if (takes) classes.push("pd-offer");
  if (emptied) classes.push("pd-emptied");
  if (!space.face_up && space.top) classes.push("pd-face-down");
  const card = el("div", { class: classes.join(" "), "data-place": spaceKey(space.space), "data-space": space.space }, [
    el("div", { class: "pd-space-head" }, [
      el("span", { class: "pd-space-number", title: tr(ctx, "space", { n: space.space }) }, [String(space.space)]),
      pileBadge(space, ctx),
    ]),
    el("div", { class: "pd-space-top" }, [topDomino(space, view, ctx, size)]),
    gemArea(space, ctx),
  ]);
  if (split) {
    const button = el("button", { type: "button", class: "mh-btn pd-split" }, [tr(ctx, "split_short")]);
    card.append(legalAction(button, ctx, split.index, tr(ctx, "split_from", { n: view.emptied_space, pile: space.space })));
  }
  return card;
}

export function explorationArea(view, ctx) {
  const size = layout();
  return el("section", { class: "pd-exploration" }, [
    el("h3", { class: "pd-area-title" }, [tr(ctx, "exploration")]),
    el("div", { class: "pd-spaces" }, view.exploration.map((space) => spaceCard(space, view, ctx, size))),
  ]);
}

/** The bag and the discarded gems, for the top bar. */
export function supply(view, ctx) {
  return el("div", { class: "pd-supply" }, [
    el("span", { class: "pd-bag", title: tr(ctx, "bag", { n: view.bag, count: view.bag }) }, [gemIcon("mythical", ctx, 18), el("span", {}, [tr(ctx, "bag_short", { n: view.bag })])]),
    el("span", { class: "pd-discard", title: tr(ctx, "discard_pile") }, [el("span", { class: "pd-label" }, [tr(ctx, "discard_pile")]), gemStacks(view.discard || {}, ctx, 18)]),
  ]);
}
