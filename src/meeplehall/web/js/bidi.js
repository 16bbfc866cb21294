// Names shown isolated from the text around them (<bdi>): a right-to-left name (Arabic,
// Hebrew) keeps its own direction without turning the sentence or the punctuation next to it
// around. The server refuses names holding bidi controls; isolating also contains names stored
// before it did.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A name as a <bdi> element. */
export function nameNode(name) {
  return h("bdi", {}, name);
}

/** The sentence `key` with its {name} shown as a <bdi>: a list of text and nodes for h(). */
export function withName(key, params, name) {
  const mark = "\u0000";
  const parts = t(key, { ...params, name: mark }).split(mark);
  return parts.flatMap((part, index) => (index === 0 ? [part] : [nameNode(name), part]));
}
