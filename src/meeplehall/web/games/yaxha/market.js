// The market: one tile per player with its three cubes, and beside it each seat's row with its
// initiative tile and its secret choice card (face down until the reveal).

import { el, legalAction, legalWhere, seatName, tr } from "../kit.js";
import { cubePicture } from "./cube.js";
import { colourLetter, colourName, seatColour } from "./palette.js";
import { marketKey } from "./pieces.js";
import { seatPlace, tilePlace } from "./places.js";

const CUBE_PX = 44;

function nameNode(ctx, seat) {
  return el("bdi", { class: "yx-name", style: `--seat:${seatColour(seat)}` }, [seatName(ctx, seat)]);
}

function tileNode(view, ctx, me, tile, legalIndex) {
  const mine = me !== null ? view.seats[me] : null;
  const taken = tile.taken_by !== null && tile.taken_by !== undefined;
  const cubes = taken
    ? [el("div", { class: "yx-tile-empty" }, [tr(ctx, "taken_by", { name: seatName(ctx, tile.taken_by) })])]
    : tile.cubes.map((colour, slot) => {
      const title = tr(ctx, "market_cube", { colour: colourName(ctx, colour) });
      return cubePicture(colour, colourLetter(ctx, colour), CUBE_PX, {
        "data-piece": marketKey(view.round, tile.tile, slot),
      }, title);
    });
  const body = [
    el("div", { class: "yx-tile-title" }, [tr(ctx, "tile", { n: tile.tile + 1 })]),
    el("div", { class: "yx-tile-cubes" }, cubes),
    mine && mine.choice === tile.tile
      ? el("div", { class: "yx-tile-note yx-mine" }, [tr(ctx, "your_secret_choice")])
      : null,
  ];
  const attrs = {
    class: `yx-tile${taken ? " yx-taken" : ""}`,
    "data-place": tilePlace(tile.tile),
    style: taken ? `--seat:${seatColour(tile.taken_by)}` : undefined,
    title: tr(ctx, taken ? "tile_title_taken" : "tile_title", {
      n: tile.tile + 1, name: taken ? seatName(ctx, tile.taken_by) : "",
    }),
  };
  if (legalIndex === undefined) return el("div", attrs, body);
  const button = el("button", { ...attrs, type: "button", class: `${attrs.class} yx-tile-legal` }, body);
  const changing = mine && mine.choice !== null && mine.choice !== undefined && view.phase === "select";
  legalAction(button, ctx, legalIndex, tr(ctx, changing ? "change_to_tile" : "take_tile", { n: tile.tile + 1 }));
  return button;
}

/** The secret choice card of a seat: face down once chosen, face up for its owner and after the reveal. */
function choiceCard(view, ctx, seat, me) {
  const entry = view.seats[seat];
  let tile = null;
  if (view.choices) tile = view.choices[seat];
  else if (seat === me && entry.choice !== null && entry.choice !== undefined) tile = entry.choice;
  const revealed = Boolean(view.choices);
  if (tile === null && !entry.chosen) return el("span", { class: "yx-card-slot", "aria-hidden": "true" });
  const up = tile !== null;
  return el("span", {
    class: `yx-choice-card${up ? " yx-face-up" : " yx-face-down"}${revealed ? " yx-revealed" : ""}`,
    "data-piece": `yx-choice-${seat}`,
    style: `--seat:${seatColour(seat)}`,
    title: up ? tr(ctx, "choice_card_up", { n: tile + 1 }) : tr(ctx, "choice_card_down"),
  }, [up ? String(tile + 1) : ""]);
}

function seatStatus(view, ctx, seat) {
  const entry = view.seats[seat];
  if (view.phase === "select") return entry.chosen ? tr(ctx, "has_chosen") : tr(ctx, "choosing");
  if (view.phase === "pick") {
    const at = view.pending.indexOf(seat);
    if (at === 0) return tr(ctx, "picking_now");
    if (at > 0) return tr(ctx, "picks_later");
    return "";
  }
  if (view.phase === "build") return entry.confirmed ? tr(ctx, "confirmed") : tr(ctx, "building");
  return "";
}

function seatRows(view, ctx, me) {
  // Rows stay in seat order, so after a tie the initiative tiles visibly change hands.
  const rows = view.seats.map(({ seat }) => {
    const entry = view.seats[seat];
    return el("li", {
      class: `yx-seat-row${seat === me ? " yx-me" : ""}`, "data-place": seatPlace(seat),
      style: `--seat:${seatColour(seat)}`,
    }, [
      el("span", {
        class: "yx-init", "data-piece": `yx-init-${entry.initiative}`,
        title: tr(ctx, "initiative_title", { n: entry.initiative }),
      }, [String(entry.initiative)]),
      nameNode(ctx, seat),
      choiceCard(view, ctx, seat, me),
      el("span", { class: "yx-seat-status" }, [seatStatus(view, ctx, seat)]),
    ]);
  });
  return el("div", { class: "yx-seats" }, [
    el("div", { class: "yx-seats-head" }, [tr(ctx, "initiative_head")]),
    el("ol", { class: "yx-status" }, rows),
  ]);
}

export function marketPanel(view, ctx, me) {
  const tileLegal = new Map(
    legalWhere(ctx.legal, (a) => a.type === "tile").map(({ action, index }) => [action.tile, index]),
  );
  const tiles = view.market.map((tile) => tileNode(view, ctx, me, tile, tileLegal.get(tile.tile)));
  const notes = [];
  const mine = me !== null ? view.seats[me] : null;
  if (view.phase === "select" && mine && mine.choice !== null && mine.choice !== undefined && tileLegal.size) {
    notes.push(el("p", { class: "yx-note" }, [tr(ctx, "change_mind", { n: mine.choice + 1 })]));
  }
  if (view.phase === "pick" && view.pending.length) {
    notes.push(el("p", { class: "yx-note" }, [
      tr(ctx, "pending_order", { names: view.pending.map((s) => seatName(ctx, s)).join(" → ") }),
    ]));
  }
  return el("section", { class: "yx-market-panel" }, [
    el("div", { class: "yx-market-head" }, [
      el("h3", { class: "yx-heading" }, [tr(ctx, "market")]),
      el("span", { class: "yx-pill" }, [tr(ctx, "round", { n: view.round, total: view.rounds })]),
      el("span", { class: "yx-pill" }, [tr(ctx, `phase_${view.phase}`)]),
      el("span", { class: "yx-pill", title: tr(ctx, "bag_title") }, [tr(ctx, "bag_left", { n: view.bag_left, count: view.bag_left })]),
    ]),
    el("div", { class: "yx-market-body" }, [
      el("div", { class: "yx-market" }, tiles),
      seatRows(view, ctx, me),
    ]),
    ...notes,
  ]);
}
