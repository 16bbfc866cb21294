// The panels beside the own pyramid: the held domino with its rotation controls, the domino
// another seat is placing, stage scoring (areas, payment, finish, the five-gem discard) and the
// solo Legendary Explorer.

import { choiceButton, el, legalAction, legalButton, legalWhere, seatName, tr } from "../kit.js";
import { colourName, dominoSvg, gemIcon, gemStack, gemStacks } from "./art.js";
import { explorerKey, heldGemsKey } from "./places.js";

/** The rotations (0..3) that have at least one legal spot, in order. */
export function rotationsWithMoves(places) {
  return [0, 1, 2, 3].filter((r) => places.some(({ action }) => action.rotation === r));
}

/** The held domino, turned as chosen, with the buttons (and keys) that turn it. */
export function placePanel(view, ctx, rotations, ui, turn) {
  const controls = rotations.length > 1
    ? el("div", { class: "pd-rotate" }, [
      choiceButton("rotate-left", "⟲", turn(-1), { extraClass: "pd-rotate-btn" }),
      el("span", { class: "pd-rotation" }, [tr(ctx, "rotation_n", { n: rotations.indexOf(ui.rotation) + 1, total: rotations.length })]),
      choiceButton("rotate-right", "⟳", turn(1), { extraClass: "pd-rotate-btn" }),
    ])
    : null;
  if (controls) {
    controls.children[0].setAttribute("aria-label", tr(ctx, "rotate_left"));
    controls.children[0].title = tr(ctx, "rotate_left");
    controls.children[2].setAttribute("aria-label", tr(ctx, "rotate_right"));
    controls.children[2].title = tr(ctx, "rotate_right");
  }
  return el("section", { class: "pd-panel pd-place-panel" }, [
    el("h3", {}, [tr(ctx, "your_domino")]),
    el("div", { class: "pd-held" }, [dominoSvg(view.held_domino, ui.rotation, 30, ctx, { "data-piece": `dom-${view.held_domino.id}` })]),
    controls,
    el("p", { class: "pd-hint" }, [tr(ctx, rotations.length > 1 ? "place_hint_keys" : "place_hint")]),
  ]);
}

/** The domino another seat (or the Explorer) has taken and is about to place. */
export function heldByOther(view, ctx) {
  const domino = view.held_domino;
  return el("section", { class: "pd-panel pd-held-other" }, [
    el("h3", {}, [tr(ctx, "held_by", { name: seatName(ctx, view.active) })]),
    el("div", { class: "pd-held" }, [dominoSvg(domino, 0, 20, ctx, { "data-piece": `dom-${domino.id}` })]),
  ]);
}

function payText(action, area, ctx) {
  const pay = [];
  if (action.coloured) pay.push(`${action.coloured} × ${colourName(ctx, area.colour)}`);
  if (action.mythical) pay.push(`${action.mythical} × ${colourName(ctx, "mythical")}`);
  return pay.join(" + ");
}

function payButton(action, index, area, ctx) {
  const points = area.value * (action.units === 3 ? 2 : 1);
  const gems = [];
  for (let k = 0; k < action.coloured; k += 1) gems.push(gemIcon(area.colour, ctx, 18));
  for (let k = 0; k < action.mythical; k += 1) gems.push(gemIcon("mythical", ctx, 18));
  const button = el("button", { type: "button", class: "mh-btn pd-pay-btn" }, [
    el("span", { class: "pd-pay-gems" }, gems), el("strong", {}, [`+${points}`]),
  ]);
  return legalAction(button, ctx, index, tr(ctx, "pay_for", { pay: payText(action, area, ctx), points }));
}

/** Stage scoring for the seat shown: choose areas and how to pay, finish, then discard to five. */
export function scoringPanel(view, ctx, me, ui, pickArea) {
  const player = view.players[me];
  const scoring = player.scoring;
  const activations = legalWhere(ctx.legal, (a) => a.type === "activate");
  const finish = legalWhere(ctx.legal, (a) => a.type === "finish")[0];
  const discards = legalWhere(ctx.legal, (a) => a.type === "discard");
  const parts = [el("h3", {}, [tr(ctx, "stage_scoring_n", { n: view.stage })])];
  parts.push(el("div", { class: "pd-my-gems", "data-place": heldGemsKey(me) }, [el("span", { class: "pd-label" }, [tr(ctx, "your_gems")]), gemStacks(player.gems, ctx, 24)]));
  if (scoring.status === "activating") {
    const areaIds = new Set(activations.map(({ action }) => action.area));
    if (!areaIds.has(ui.area)) ui.area = null;
    const buttons = scoring.areas
      .filter((area) => areaIds.has(area.area) || area.activated)
      .map((area) => {
        const name = tr(ctx, "area_label", { colour: colourName(ctx, area.colour), value: area.value });
        if (area.activated) {
          return el("span", { class: "pd-area-chip pd-area-done", title: tr(ctx, "area_lit", { colour: colourName(ctx, area.colour), value: area.value }) }, [gemIcon(area.colour, ctx, 18), el("strong", {}, [String(area.value)]), " ✓"]);
        }
        // A compact chip: the area's gem and value; its full name in the tooltip and for readers.
        const chip = choiceButton(`area-${area.area}`, [gemIcon(area.colour, ctx, 18), el("strong", {}, [String(area.value)])], () => pickArea(area.area), { pressed: ui.area === area.area, extraClass: "pd-area-chip" });
        chip.title = name;
        chip.setAttribute("aria-label", name);
        return chip;
      });
    parts.push(el("p", { class: "pd-hint" }, [tr(ctx, "choose_area_hint")]));
    parts.push(el("div", { class: "pd-area-list" }, buttons));
    if (ui.area !== null) {
      const area = scoring.areas.find((a) => a.area === ui.area);
      parts.push(el("div", { class: "pd-pay" }, activations
        .filter(({ action }) => action.area === ui.area)
        .map(({ action, index }) => payButton(action, index, area, ctx))));
    }
    const mythical = player.gems.mythical || 0;
    parts.push(el("p", { class: "pd-hint" }, [tr(ctx, "stage_points_so_far", { n: scoring.points, m: mythical, total: scoring.points + mythical })]));
    if (finish) parts.push(legalButton(ctx, finish.index, tr(ctx, "finish_stage", { total: scoring.points + mythical }), "mh-primary"));
  } else if (scoring.status === "discarding") {
    parts.push(el("p", { class: "pd-hint" }, [tr(ctx, "stage_points_final", { n: scoring.points })]));
    if (discards.length) {
      parts.push(el("p", { class: "pd-hint" }, [tr(ctx, "prompt_discard")]));
      parts.push(el("div", { class: "pd-pay" }, discards.map(({ action, index }) => {
        const button = el("button", { type: "button", class: "mh-btn pd-discard-btn" }, [gemStack(action.gem, player.gems[action.gem], ctx, 24)]);
        return legalAction(button, ctx, index, tr(ctx, "discard_label", { gem: colourName(ctx, action.gem) }));
      })));
    }
  } else {
    parts.push(el("p", { class: "pd-hint" }, [tr(ctx, "stage_points_final", { n: scoring.points })]));
  }
  return el("section", { class: "pd-panel pd-scoring" }, parts);
}

/** The solo opponent: its wanted colours (the top of its pile), gems and score. */
export function explorerPanel(view, ctx) {
  const explorer = view.explorer;
  return el("section", { class: "pd-panel pd-explorer", "data-place": explorerKey }, [
    el("h3", {}, [tr(ctx, "explorer")]),
    el("div", { class: "pd-explorer-body" }, [
      explorer.top ? dominoSvg(explorer.top, 0, 18, ctx, { "data-piece": `dom-${explorer.top.id}` }) : null,
      el("div", {}, [
        el("p", { class: "pd-hint" }, [tr(ctx, "explorer_pile", { n: explorer.dominoes, count: explorer.dominoes })]),
        el("div", {}, [gemStacks(explorer.gems, ctx, 20)]),
        el("p", { class: "pd-score-line" }, [tr(ctx, "score_n", { n: explorer.score }),
          explorer.stage_scores.length ? ` · ${tr(ctx, "stage_scores", { list: explorer.stage_scores.join(" / ") })}` : ""]),
        el("p", { class: "pd-hint" }, [tr(ctx, view.legend === "the_legend" ? "legend_the" : "legend_a")]),
      ]),
    ]),
  ]);
}
