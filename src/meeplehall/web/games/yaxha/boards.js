// Each seat's corner of the table: its pyramid, the cubes it collected this round (for the viewer,
// the cubes in hand to choose from, with undo and confirm), and its colour scores; hovering a
// colour's score outlines that colour's largest group in the pyramid.

import { choiceButton, el, legalButton, legalWhere, seatName, tr } from "../kit.js";
import { cubePicture } from "./cube.js";
import { aCube } from "./log.js";
import { largestGroups } from "./groups.js";
import { COLOUR_ORDER, colourLetter, colourName, colourOf, seatColour } from "./palette.js";
import { pyramidPlace, trayPlace } from "./places.js";
import { pyramidBoard } from "./pyramid.js";

const VIEW_KEY = "meeplehall.yaxha.view";

export function flatView() {
  try {
    return localStorage.getItem(VIEW_KEY) === "flat";
  } catch {
    return false;
  }
}

function setFlatView(flat, redraw) {
  try {
    localStorage.setItem(VIEW_KEY, flat ? "flat" : "iso");
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
  redraw();
}

export function viewToggle(ctx, redraw) {
  const flat = flatView();
  return el("button", {
    type: "button", class: "yx-toggle", "aria-pressed": flat ? "true" : "false",
    onclick: () => setFlatView(!flat, redraw),
  }, [tr(ctx, flat ? "show_3d" : "show_flat")]);
}

function scoreChips(ctx, entry, board) {
  const colours = entry.score.colours || {};
  return el("div", { class: "yx-scores" }, [
    ...COLOUR_ORDER.map((colour) => {
      const part = colours[colour] || { size: 0, points: 0 };
      const c = colourOf(colour);
      const light = (on) => {
        board.classList.toggle("yx-lit", on);
        board.dataset.lit = on ? colour : "";
      };
      // Not a tab stop: pointing at a chip only lights its group, and its words are its title.
      return el("span", {
        class: "yx-score", "data-colour": colour,
        title: tr(ctx, "score_title", { colour: colourName(ctx, colour), size: part.size, points: part.points, count: part.points }),
        onmouseenter: () => light(true), onmouseleave: () => light(false),
      }, [
        el("span", { class: "yx-score-cube", style: `background:${c.hex};color:${c.ink}` }, [colourLetter(ctx, colour)]),
        el("span", { class: "yx-score-size" }, [`×${part.size}`]),
        el("span", { class: "yx-score-points" }, [tr(ctx, "points_short", { n: part.points, count: part.points })]),
      ]);
    }),
    el("span", { class: "yx-score-total" }, [tr(ctx, "colour_points", { n: entry.score.total, count: entry.score.total })]),
  ]);
}

function trayCubes(ctx, tray, px) {
  return tray.map(({ key, colour }) => cubePicture(colour, colourLetter(ctx, colour), px, { "data-piece": key },
    tr(ctx, "tray_cube", { colour: colourName(ctx, colour) })));
}

/** The viewer's cubes in hand: pick one (a local choice), then a ghost spot in the pyramid. */
function handPanel(view, ctx, me, tray, ui, redraw) {
  const mine = view.seats[me];
  const placeable = new Set(legalWhere(ctx.legal, (a) => a.type === "place").map(({ action }) => action.colour));
  const cubes = tray.map(({ key, colour }, i) => {
    const pic = cubePicture(colour, colourLetter(ctx, colour), 44, { "data-piece": key },
      tr(ctx, "tray_cube", { colour: colourName(ctx, colour) }));
    if (!placeable.has(colour)) {
      return el("span", { class: "yx-hand-cube yx-stuck", title: tr(ctx, "cube_stuck") }, [pic]);
    }
    const pressed = ui.colour === colour && tray.findIndex((t) => t.colour === colour) === i;
    const button = choiceButton(`cube-${colour}-${i}`, pic, () => {
      ui.colour = colour;
      redraw();
    }, { pressed, extraClass: `yx-hand-cube${pressed ? " yx-selected" : ""}`, piece: true });
    button.setAttribute("aria-label", tr(ctx, "pick_cube", { cube: aCube(ctx, colour) }));
    return button;
  });
  const controls = [];
  const confirm = legalWhere(ctx.legal, (a) => a.type === "confirm")[0];
  const undo = legalWhere(ctx.legal, (a) => a.type === "undo")[0];
  if (confirm) {
    const left = (mine.hand || []).length;
    controls.push(legalButton(ctx, confirm.index,
      left ? tr(ctx, "confirm_discard", { n: left }) : tr(ctx, "confirm"), "mh-primary"));
  }
  if (undo) controls.push(legalButton(ctx, undo.index, tr(ctx, "undo"), "yx-undo"));
  let note = null;
  if (mine.confirmed) note = tr(ctx, "you_confirmed");
  else if (!tray.length && !(ctx.legal || []).length) note = tr(ctx, "waiting_others");
  return el("section", { class: "yx-hand-section", "data-place": trayPlace(me) }, [
    el("h4", { class: "yx-subheading" }, [tr(ctx, "hand")]),
    el("div", { class: "yx-hand" }, cubes.length ? cubes : [el("span", { class: "yx-muted" }, [tr(ctx, "hand_empty")])]),
    note ? el("p", { class: "yx-note" }, [note]) : null,
    controls.length ? el("div", { class: "yx-controls" }, controls) : null,
  ]);
}

function caption(view, ctx, seat, own) {
  const entry = view.seats[seat];
  const status = [];
  if (view.phase === "build") status.push(entry.confirmed ? tr(ctx, "confirmed") : tr(ctx, "building"));
  if (entry.discarded) status.push(tr(ctx, "discarded", { n: entry.discarded }));
  return el("figcaption", { class: "yx-caption" }, [
    el("span", { class: "yx-swatch", style: `background:${seatColour(seat)}`, "aria-hidden": "true" }),
    el("strong", {}, [own ? tr(ctx, "your_pyramid") : tr(ctx, "pyramid_of", { name: seatName(ctx, seat) })]),
    status.length ? el("span", { class: "yx-muted" }, [status.join(" · ")]) : null,
  ]);
}

/** One seat's figure; `tracked` is the output of trackPieces. */
export function seatBoard(view, ctx, { seat, me, tracked, ui, redraw }) {
  const own = seat === me;
  const entry = view.seats[seat];
  const targets = own && view.phase === "build"
    ? legalWhere(ctx.legal, (a) => a.type === "place" && a.colour === ui.colour)
    : [];
  const board = pyramidBoard(ctx, {
    seat, cubes: entry.pyramid, targets, pieces: tracked.pyramid[seat],
    spots: own ? legalWhere(ctx.legal, (a) => a.type === "place").map(({ action }) => action) : [],
    best: largestGroups(entry.pyramid), flat: flatView(), scored: view.phase === "over",
    label: own ? tr(ctx, "your_pyramid") : tr(ctx, "pyramid_of", { name: seatName(ctx, seat) }),
  });
  const tray = tracked.tray[seat];
  const side = [];
  if (own && view.phase === "build") {
    side.push(handPanel(view, ctx, me, tray, ui, redraw));
  } else if (tray.length) {
    side.push(el("div", { class: "yx-tray", "data-place": trayPlace(seat) }, [
      el("span", { class: "yx-muted" }, [tr(ctx, "collected")]), ...trayCubes(ctx, tray, 34),
    ]));
  }
  return el("figure", {
    class: `yx-pyramid${own ? " yx-own" : ""}`, "data-seat": seat, "data-place": pyramidPlace(seat),
    style: `--seat:${seatColour(seat)}`,
  }, [
    caption(view, ctx, seat, own),
    el("div", { class: "yx-pyramid-body" }, [
      el("div", { class: "yx-board-wrap" }, [board]),
      el("div", { class: "yx-side" }, [...side, scoreChips(ctx, entry, board)]),
    ]),
  ]);
}
