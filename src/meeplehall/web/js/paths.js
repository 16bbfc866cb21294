// Addresses within the hall, found from where the pages were loaded, so the client works at
// the server's root and under a sub-path alike (`meeplehall serve --root-path /games` behind a
// proxy): no address in the client starts from the server's root.

/** The hall's root as the browser sees it: the folder holding this module's `js/` folder. */
const ROOT = new URL("../", import.meta.url);

/** The path of `address` within the hall (`at("api/games")`, `at("tables/3?invite=x")`),
 * written from the root as links and fetches need it: "/api/games", or "/games/api/games"
 * under a sub-path. A leading "/" in `address` means the hall's root, not the server's. */
export function at(address) {
  const url = new URL(address.replace(/^\/+/, ""), ROOT);
  return url.pathname + url.search + url.hash;
}

/** The WebSocket URL of `address` within the hall (ws: or wss: as the page was loaded). */
export function socketAt(address) {
  const url = new URL(address.replace(/^\/+/, ""), ROOT);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}
