// The four factions' colours. A seat plays one faction and is shown in its colour everywhere (a
// big gem's slot of the same colour is that faction's bonus, so the two meanings agree); gem
// slots are drawn as cut gems and seats as banners and outlines, so they read as different things.

export const FACTIONS = {
  red: { main: "#d8574b", dark: "#8e2a22", light: "#f9d9d4" },
  blue: { main: "#4a86d4", dark: "#1f4f8f", light: "#d6e4f7" },
  yellow: { main: "#e0b630", dark: "#8a6a05", light: "#f8ecc0" },
  green: { main: "#4f9d54", dark: "#24602a", light: "#d5ecd3" },
};
/** A seat whose faction is not known yet (before the ability draft): a grey no faction uses. */
export const UNKNOWN = { main: "#7b8088", dark: "#3e434a", light: "#e4e6ea" };

export function faction(name) {
  return FACTIONS[name] || UNKNOWN;
}
