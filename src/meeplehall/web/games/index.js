// The games that have a renderer of their own in this folder (web/games/<name>.js, following the
// renderer contract in web/README.md). A game not listed here is drawn by the shell's generic
// renderer (web/js/generic.js), which lists the legal actions by their labels.
export const RENDERERS = ["yaxha", "pyramido", "monsterhex"];
