// How the reader wants boards drawn, remembered in localStorage like the zoom and the animation
// speed: the palette ("standard", or "safe": hues that stay apart under red-green and blue-yellow
// colour blindness) and whether boards show their coordinates (row letters and numbers), which
// are hidden unless asked for. Both are written on <html> (data-palette, data-coordinates) so
// the games' stylesheets see them, and the games' colour tables read paletteSetting() when they
// draw.

const PALETTE_KEY = "meeplehall.palette";
const COORDINATES_KEY = "meeplehall.coordinates";
export const PALETTES = ["standard", "safe"];

export function paletteSetting() {
  return localStorage.getItem(PALETTE_KEY) === "safe" ? "safe" : "standard";
}

export function setPalette(palette) {
  if (PALETTES.includes(palette)) localStorage.setItem(PALETTE_KEY, palette);
  showDisplay();
}

export function coordinatesShown() {
  return localStorage.getItem(COORDINATES_KEY) === "shown";
}

export function setCoordinatesShown(shown) {
  localStorage.setItem(COORDINATES_KEY, shown ? "shown" : "hidden");
  showDisplay();
}

/** Write the settings on <html>; every page calls it once by importing this module. */
export function showDisplay() {
  document.documentElement.dataset.palette = paletteSetting();
  document.documentElement.dataset.coordinates = coordinatesShown() ? "shown" : "hidden";
}

showDisplay();
