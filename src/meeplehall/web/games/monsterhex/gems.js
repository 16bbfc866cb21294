// Gem sites drawn as gems: a big gem is a stone hex holding two cut gems (its high and low
// slots, each in its slot colour with its value); a small gem is a round gem on the board's
// edge; a counter gem is a crystal on a cell. A slot or gem that was won carries the winner's
// banner in the seat's colour.

import { legalAction, legalWhere, seatName, svg, tr } from "../kit.js";
import { emblem, faction } from "./factions.js";
import { SIZE, hexPoints } from "./geometry.js";
import { gemText, whereText } from "./where.js";

/** A cut gem (crown and pavilion) of width w centred on (x, y). */
function cutGem(x, y, w, colours, extraClass = "") {
  const h = w * 0.82;
  const top = y - h / 2;
  const girdle = y - h * 0.12;
  const group = svg("g", { class: `mx-cut-gem ${extraClass}`.trim() });
  const outline = [
    [x - w * 0.28, top], [x + w * 0.28, top], [x + w / 2, girdle], [x, y + h / 2], [x - w / 2, girdle],
  ].map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ");
  group.append(svg("polygon", { points: outline, fill: colours.main, stroke: colours.dark, "stroke-width": 2, "stroke-linejoin": "round" }));
  // Facets: the girdle line and the lines down to the culet, lighter.
  group.append(svg("path", {
    d: `M${x - w / 2},${girdle} L${x + w / 2},${girdle} M${x - w * 0.14},${top} L${x - w * 0.2},${girdle} L${x},${y + h / 2} L${x + w * 0.2},${girdle} L${x + w * 0.14},${top}`,
    class: "mx-facets",
  }));
  group.append(svg("polygon", { points: `${x - w * 0.26},${top + 2} ${x - w * 0.12},${top + 2} ${x - w * 0.18},${girdle - 1}`, class: "mx-shine" }));
  return group;
}

/** Who holds a slot or a small gem, for texts. */
export function holderName(ctx, who) {
  if (who === "shared") return tr(ctx, "shared_faction");
  return seatName(ctx, who);
}

/** A holder's banner; `piece` names it so the shell fades it in on the update that planted it. */
function banner(x, y, colour, text, piece, scale = 1) {
  const w = 22 * scale;
  const h = 16 * scale;
  return svg("g", { class: "mx-banner", "data-piece": piece, "data-appear": "" }, [
    svg("path", { d: `M${x - w / 2},${y - h / 2} h${w} v${h} l${-w / 2},${-h * 0.3} l${-w / 2},${h * 0.3} Z`, fill: colour }),
    svg("text", { x, y: y - h * 0.08, "font-size": 10 * scale }, [text]),
  ]);
}

/** The banner text of a holder: its seat number, or the shared faction's short mark. */
function holderMark(ctx, who) {
  return who === "shared" ? tr(ctx, "shared_short") : String(Number(who) + 1);
}

function holderColour(ctx, view, who) {
  if (who === "shared") return faction(view.shared_colour).main;
  return ctx.seatColour ? ctx.seatColour(Number(who)) : "#555";
}

export function gemTooltip(view, gem, ctx) {
  const name = gemText(ctx, view, gem.q, gem.r);
  if (gem.kind === "big") {
    const slots = gem.slots.map((slot) => {
      const who = slot.taken_by === null ? "" : ` (${holderName(ctx, slot.taken_by)})`;
      return `${slot.value} ${tr(ctx, `faction_${slot.colour}`)}${who}`;
    }).join(", ");
    return tr(ctx, gem.resolved ? "big_gem_resolved" : "big_gem", { slots, gem: name });
  }
  const base = tr(ctx, gem.resolved ? "small_gem_resolved" : "small_gem", { n: gem.value, gem: name });
  if (gem.resolved && gem.won_by !== null && gem.won_by !== undefined) return `${base} ${tr(ctx, "won_by", { name: holderName(ctx, gem.won_by) })}`;
  return base;
}

export function gemShape(view, gem, cx, cy, ctx) {
  const group = svg("g", { class: `mx-gem mx-gem-${gem.kind}${gem.resolved ? " mx-resolved" : ""}` });
  if (gem.kind === "big") {
    const pending = view.pending;
    const choosing = pending && pending.kind === "slot" && pending.q === gem.q && pending.r === gem.r;
    const slotChoices = new Map(choosing
      ? legalWhere(ctx.legal, (a) => a.type === "take_slot").map(({ action, index }) => [action.slot, index]) : []);
    group.append(svg("polygon", { points: hexPoints(cx, cy, SIZE - 1), class: `mx-gem-stone${choosing ? " mx-choosing" : ""}` }));
    gem.slots.forEach((slot, i) => {
      const colours = faction(slot.colour);
      const high = i === 0;
      const x = high ? cx - 10 : cx + 17;
      const y = high ? cy - 4 : cy + 12;
      const w = high ? 40 : 26;
      const gemNode = cutGem(x, y, w, colours, slot.taken_by === null ? "" : "mx-taken");
      gemNode.dataset.slot = String(i);
      group.append(gemNode);
      const take = slotChoices.get(i);
      if (take !== undefined) {
        // The seat that won this gem picks a slot right on the board (or with the panel's buttons).
        const bonus = view.players[view.you] && view.players[view.you].colour === slot.colour;
        const label = tr(ctx, bonus ? "take_slot_bonus" : "take_slot", { value: slot.value, colour: tr(ctx, `faction_${slot.colour}`) });
        gemNode.classList.add("mx-slot-choice");
        gemNode.append(svg("title", {}, [label]));
        legalAction(gemNode, ctx, take, label);
      }
      group.append(svg("text", { x, y: y - w * 0.02, class: "mx-gem-value", "font-size": high ? 17 : 13 }, [String(slot.value)]));
      group.append(emblem(slot.colour, x + w * 0.36, y + w * 0.3, high ? 6 : 4.5));
      if (slot.taken_by !== null && slot.taken_by !== undefined) {
        group.append(banner(high ? cx - 10 : cx + 17, high ? cy - 30 : cy - 11, holderColour(ctx, view, slot.taken_by), holderMark(ctx, slot.taken_by), `banner-${gem.q}_${gem.r}-${i}`, high ? 1 : 0.85));
      }
    });
  } else {
    group.append(svg("circle", { cx, cy, r: SIZE * 0.42, class: "mx-small-site" }));
    group.append(cutGem(cx, cy + 2, 30, { main: "#b9a4e8", dark: "#5d4596" }));
    group.append(svg("text", { x: cx, y: cy + 1, class: "mx-gem-value", "font-size": 13 }, [String(gem.value)]));
    if (gem.resolved) {
      const who = gem.won_by;
      if (who !== null && who !== undefined) group.append(banner(cx, cy - SIZE * 0.42, holderColour(ctx, view, who), holderMark(ctx, who), `banner-${gem.q}_${gem.r}`));
      else group.append(svg("text", { x: cx, y: cy - SIZE * 0.42, class: "mx-nobody", "font-size": 14 }, ["✕"]));
    }
  }
  group.append(svg("title", {}, [gemTooltip(view, gem, ctx)]));
  return group;
}

/** A counter gem made by Crystallize on a cell. */
export function counterGem(view, cell, cx, cy, ctx) {
  const group = svg("g", { class: "mx-gem mx-gem-counter", "data-piece": `counter-${cell.q}_${cell.r}`, "data-appear": "" });
  group.append(cutGem(cx, cy, 38, { main: "#4a4f5c", dark: "#111" }));
  group.append(svg("text", { x: cx, y: cy - 1, class: "mx-gem-value", "font-size": 15 }, [String(cell.counter_gem)]));
  group.append(svg("title", {}, [tr(ctx, "counter_gem", { n: cell.counter_gem, where: whereText(ctx, view, cell.q, cell.r) })]));
  return group;
}
