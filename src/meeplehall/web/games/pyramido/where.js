// A placement said by what is there, as a player would point at it: which side or corner of the
// stage it lies on ("in the top-left corner", "along the bottom edge") and, above the first
// stage, the colours it covers. The blocks' labels ("A1–B1", geometry.js) follow only when the
// reader shows coordinates, and always in an aria-label.

import { placeAria, placeText, tr } from "../kit.js";
import { colourName } from "./art.js";
import { blockAnchor, placementBlocks, placementLabel, stageSize } from "./geometry.js";

/** Where on the stage's edges the placement's two blocks lie: a key of the `pos_*` texts. */
function positionKey(blocks, size) {
  const is = blocks.map(([i]) => i);
  const js = blocks.map(([, j]) => j);
  const top = Math.min(...js) === 0;
  const bottom = Math.max(...js) === size[1] - 1;
  const left = Math.min(...is) === 0;
  const right = Math.max(...is) === size[0] - 1;
  // A domino touching both opposite edges (a narrow stage) is said by the other pair alone.
  const row = top && !bottom ? "top" : bottom && !top ? "bottom" : "";
  const column = left && !right ? "left" : right && !left ? "right" : "";
  return `pos_${[row, column].filter(Boolean).join("_") || "middle"}`;
}

/** The colours of the visible quarters under the placement's blocks (none on the first stage). */
function coveredColours(player, stage, blocks) {
  const under = new Set();
  for (const [i, j] of blocks) {
    const [ax, ay] = blockAnchor(stage, i, j);
    for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) under.add(`${ax + dx},${ay + dy}`);
  }
  const colours = (player.top || [])
    .filter((quarter) => quarter.stage < stage && under.has(`${quarter.x},${quarter.y}`))
    .map((quarter) => quarter.colour);
  return [...new Set(colours)];
}

/** The placement in words, without its labels; null while the base has no grid yet. */
export function placementWords(ctx, player, stage, action) {
  if (!player || !player.frame) return null;
  const blocks = placementBlocks(action);
  const position = tr(ctx, positionKey(blocks, stageSize(player.frame, stage)));
  const colours = coveredColours(player, stage, blocks).map((colour) => colourName(ctx, colour));
  if (!colours.length) return position;
  const list = colours.length === 1 ? colours[0]
    : tr(ctx, "cover_list", { list: colours.slice(0, -1).join(tr(ctx, "cover_list_sep")), last: colours[colours.length - 1] });
  return tr(ctx, "covering", { position, colours: list });
}

/** The placement for the page: its words, and its labels when the reader shows coordinates. */
export function placementText(ctx, player, stage, action) {
  const words = placementWords(ctx, player, stage, action);
  return words === null ? null : placeText(words, placementLabel(action, player.frame));
}

/** The placement for a screen reader: its words and its labels. */
export function placementAria(ctx, player, stage, action) {
  const words = placementWords(ctx, player, stage, action);
  return words === null ? null : placeAria(words, placementLabel(action, player.frame));
}
