// The side panel: the seat's hand and its controls (unit, rotation, place; slot choice;
// abilities; draft), the players with their banners, and the objectives.

import { choiceButton, el, legalButton, legalWhere, seatName, section, svg, tr } from "../kit.js";
import { pieceKey } from "./board.js";
import { faction } from "./factions.js";
import { powersAt } from "./geometry.js";
import { unitShape, unitTooltip, unitName } from "./units.js";
import { whereAria, whereText } from "./where.js";

export function abilityName(ctx, id) {
  return tr(ctx, `ability_${id}`);
}

export function objectiveName(ctx, objective) {
  const name = `objective_${objective.id}`;
  const text = ctx.t(name);
  return text === name ? objective.name : text;
}

/** A unit picture for a button or the hand (not on the board). */
function unitPicture(view, ctx, id, colour, shared, rotation = 0, size = 72) {
  const type = view.unit_types[id];
  const unit = { id, rank: type.rank, red_letter: type.red_letter, colour, shared };
  const powers = powersAt(view, id, rotation);
  return svg("svg", { class: "mx-unit-picture", width: size, height: size, viewBox: "-50 -50 100 100", role: "img", "aria-label": unitTooltip(ctx, unit, powers, "") }, [
    unitShape(unit, powers, 0, 0, ctx, { title: unitTooltip(ctx, unit, powers, "") }),
  ]);
}

export function controls(view, ctx, me, state, ui, redraw) {
  const parts = [];
  const player = view.players[me];
  const pending = view.pending;
  if (state.units.length) parts.push(handPicker(view, ctx, player, state, ui, redraw));
  if (state.chosen) {
    const position = state.rotations.findIndex(({ action }) => action.rotation === ui.rotation);
    const step = (delta) => () => {
      const next = (position + delta + state.rotations.length) % state.rotations.length;
      ui.rotation = state.rotations[next].action.rotation;
      redraw();
    };
    const row = [];
    if (state.rotations.length > 1) {
      row.push(choiceButton("rotate-left", `⟲ ${tr(ctx, "rotate_left")}`, step(-1)));
      row.push(choiceButton("rotate-right", `⟳ ${tr(ctx, "rotate_right")}`, step(1)));
    }
    const rank = view.unit_types[ui.unit].rank;
    const { q, r } = state.chosen.action;
    const place = legalButton(ctx, state.chosen.index, tr(ctx, "place_unit", { id: unitName(ctx, rank), where: whereText(ctx, view, q, r) }), "mh-primary");
    place.setAttribute("aria-label", tr(ctx, "place_unit", { id: unitName(ctx, rank), where: whereAria(ctx, view, q, r) }));
    row.push(place);
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "rotation_n", { n: position + 1, total: state.rotations.length })]));
    parts.push(el("div", { class: "mh-controls" }, row));
  } else if (ui.unit && state.cells.size) {
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "pick_cell_hint")]));
  }
  if (pending && pending.kind === "slot") {
    const site = view.gems.find((g) => g.q === pending.q && g.r === pending.r);
    const slots = legalWhere(ctx.legal, (a) => a.type === "take_slot").map(({ action, index }) => {
      const slot = site.slots[action.slot];
      const bonus = slot.colour === player.colour;
      const button = legalButton(ctx, index, tr(ctx, bonus ? "take_slot_bonus" : "take_slot", { value: slot.value, colour: tr(ctx, `faction_${slot.colour}`) }), "mx-slot-button");
      button.prepend(el("span", { class: "mx-swatch", style: `background:${faction(slot.colour).main}`, "aria-hidden": "true" }));
      return button;
    });
    if (slots.length) parts.push(el("div", { class: "mh-controls" }, slots));
  }
  if (pending && (pending.kind === "ability" || pending.kind === "rush")) {
    parts.push(el("p", { class: "mh-note" }, [tr(ctx, "ability_pending", { name: abilityName(ctx, pending.ability), effect: tr(ctx, `ability_${pending.ability}_${pending.star ? "star" : "dot"}`) })]));
    if (ui.confuseCell) {
      const [q, r] = ui.confuseCell.split(",").map(Number);
      const cell = view.cells.find((c) => c.q === q && c.r === r);
      const options = state.rotates.filter(({ action }) => action.q === q && action.r === r).map(({ action, index }) => {
        const button = legalButton(ctx, index, unitPicture(view, ctx, cell.unit.id, cell.unit.colour, cell.unit.shared, action.rotation, 64), "mx-unit-button");
        button.setAttribute("aria-label", tr(ctx, "turn_to", { n: action.rotation + 1 }));
        return button;
      });
      parts.push(el("div", { class: "mh-controls" }, options));
    }
    for (const { index } of legalWhere(ctx.legal, (a) => a.type === "draw_objective")) parts.push(legalButton(ctx, index, tr(ctx, "draw_objective"), "mh-primary"));
  }
  if (pending && pending.kind === "draft") {
    const picks = legalWhere(ctx.legal, (a) => a.type === "pick").map(({ action, index }) => legalButton(ctx, index, `${abilityName(ctx, action.ability)} — ${tr(ctx, `ability_${action.ability}_dot`)}`));
    if (picks.length) parts.push(el("div", { class: "mh-controls mx-draft" }, picks));
  }
  for (const { index } of legalWhere(ctx.legal, (a) => a.type === "pass")) parts.push(el("div", { class: "mh-controls" }, [legalButton(ctx, index, tr(ctx, "pass_ability"))]));
  if (!parts.length) {
    // Not this seat's move: its hand, for planning (nothing to click).
    const hand = player.hand || [];
    const shared = player.shared_hand || [];
    if ((!hand.length && !shared.length) || view.phase === "over") return null;
    const pictures = [
      ...hand.map((id) => handPiece(view, ctx, id, player.colour, false)),
      ...shared.map((id) => handPiece(view, ctx, id, view.shared_colour, true)),
    ];
    return section(tr(ctx, "your_hand_title"), el("div", { class: "mx-hand" }, pictures), "mx-controls-section");
  }
  return section(tr(ctx, "your_move"), parts, "mx-controls-section");
}

function handPiece(view, ctx, id, colour, shared) {
  return el("span", { class: "mx-hand-unit", "data-piece": pieceKey(colour, id) }, [unitPicture(view, ctx, id, colour, shared, 0, 64)]);
}

function handPicker(view, ctx, player, state, ui, redraw) {
  const shared = view.turn_kind === "shared";
  const hand = shared ? player.shared_hand || [] : player.hand || [];
  const colour = shared ? view.shared_colour : player.colour;
  const buttons = hand.map((id, i) => {
    const picture = unitPicture(view, ctx, id, colour, shared);
    if (!state.units.includes(id)) return el("span", { class: "mx-hand-unit mh-muted", "data-piece": pieceKey(colour, id) }, [picture]);
    const button = choiceButton(`unit-${id}-${i}`, picture, () => { ui.unit = id; ui.cell = null; redraw(); }, { pressed: ui.unit === id, extraClass: "mx-unit-button", piece: true });
    button.dataset.piece = pieceKey(colour, id);
    button.setAttribute("aria-label", tr(ctx, "choose_unit", { id: unitName(ctx, view.unit_types[id].rank) }));
    return button;
  });
  const other = shared ? player.hand || [] : player.shared_hand || [];
  const otherColour = shared ? player.colour : view.shared_colour;
  return el("div", {}, [
    el("p", { class: "mh-note" }, [tr(ctx, shared ? "shared_hand" : "hand")]),
    el("div", { class: "mx-hand" }, buttons.length ? buttons : [tr(ctx, "hand_empty")]),
    other.length ? el("p", { class: "mh-muted" }, [tr(ctx, shared ? "own_hand_list" : "shared_hand_list", { list: "" })]) : null,
    other.length ? el("div", { class: "mx-hand mx-hand-small" }, other.map((id) => handPiece(view, ctx, id, otherColour, !shared))) : null,
  ]);
}

export function playersSection(view, ctx, me) {
  const rows = view.players.map((p) => {
    const colours = faction(p.colour);
    const seatColour = ctx.seatColour ? ctx.seatColour(p.seat) : colours.main;
    const factionText = p.colour ? tr(ctx, "faction_n", { colour: tr(ctx, `faction_${p.colour}`) }) : tr(ctx, "faction_unknown");
    const line = [
      el("span", { class: "mx-seat-banner", style: `--banner:${seatColour}`, "aria-hidden": "true" }, [String(p.seat + 1)]),
      el("span", { class: "mx-player-name" }, [el("bdi", {}, [seatName(ctx, p.seat)])]),
      el("span", { class: "mx-score" }, [tr(ctx, "points_n", { n: p.score, count: p.score })]),
    ];
    const facts = [factionText, tr(ctx, "hand_deck", { hand: p.hand_size, deck: p.deck_size })];
    if (p.shared_hand_size || p.shared_deck_size) facts.push(tr(ctx, "shared_hand_deck", { hand: p.shared_hand_size, deck: p.shared_deck_size }));
    if (p.personal_objectives && p.seat !== me) facts.push(tr(ctx, "secret_objectives", { n: p.personal_objectives, count: p.personal_objectives }));
    const lines = [el("div", { class: "mx-player-line" }, line), el("div", { class: "mh-muted mx-player-facts" }, [facts.join(" · ")])];
    if (p.ability) lines.push(el("div", { class: "mh-note mx-ability" }, [el("span", { class: "mx-ability-star", "aria-hidden": "true" }, ["★"]), `${abilityName(ctx, p.ability)}: ${tr(ctx, `ability_${p.ability}_dot`)} (★★ ${tr(ctx, `ability_${p.ability}_star`)})`]));
    return el("li", { class: `mx-player${p.seat === me ? " mx-me" : ""}`, "data-place": `hand-${p.seat}`, style: `--banner:${seatColour}` }, lines);
  });
  if (view.shared_colour) {
    rows.push(el("li", { class: "mx-player", "data-place": "hand-shared", style: `--banner:${faction(view.shared_colour).main}` }, [
      el("div", { class: "mx-player-line" }, [
        el("span", { class: "mx-seat-banner", style: `--banner:${faction(view.shared_colour).main}`, "aria-hidden": "true" }, [tr(ctx, "shared_short")]),
        el("span", { class: "mx-player-name" }, [tr(ctx, "shared_colour", { colour: tr(ctx, `faction_${view.shared_colour}`) })]),
      ]),
    ]));
  }
  return section(tr(ctx, "players"), el("ul", { class: "mx-players" }, rows));
}

export function objectivesSection(view, ctx, me) {
  const mine = me !== null ? view.players[me].objectives || [] : [];
  if (!view.common_objectives.length && !mine.length) return null;
  const item = (o) => el("li", {}, [`${objectiveName(ctx, o)} — ${o.kind === "variable" ? tr(ctx, "points_variable") : tr(ctx, "points_n", { n: o.points, count: o.points })} (${tr(ctx, `kind_${o.kind}`)})`]);
  return section(tr(ctx, "objectives"), [
    view.common_objectives.length ? el("p", { class: "mh-note" }, [tr(ctx, "common_objectives")]) : null,
    el("ul", { class: "mx-list" }, view.common_objectives.map(item)),
    mine.length ? el("p", { class: "mh-note" }, [tr(ctx, "your_objectives")]) : null,
    el("ul", { class: "mx-list" }, mine.map(item)),
    el("p", { class: "mh-muted" }, [tr(ctx, "objective_pile", { n: view.objective_pile, count: view.objective_pile })]),
  ]);
}
