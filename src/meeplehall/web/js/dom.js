// Small helpers to build DOM and SVG trees without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      node.textContent = value;
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style") {
      // Through the CSSOM: the Content-Security-Policy forbids style attributes in markup.
      node.style.cssText = String(value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** h("button", {class: "x", onclick: f}, "label") -> HTMLElement */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** s("rect", {x: 0, ...}) -> SVGElement */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** Query-string parameter of the current page. */
export function param(name) {
  return new URLSearchParams(location.search).get(name);
}

/** Replace node's children; arrays are flattened, null/undefined/false skipped. */
export function replace(node, ...children) {
  clear(node);
  return fill(node, {}, children);
}

const toggles = (field) => field.type === "checkbox" || field.type === "radio";

/** What a form's fields (those with an id) hold now, in document order, for restoreFields(). */
export function fieldValues(form) {
  if (!form) return [];
  return Array.from(form.elements)
    .filter((field) => field.id)
    .map((field) => [field.id, toggles(field) ? field.checked : field.value]);
}

/**
 * Put fieldValues() back into a form drawn again. Each field is looked up when its turn comes
 * and a changed one fires "change", so fields the form builds from others (the seats of a player
 * count) exist and are filled in turn. A value the field no longer offers is left out.
 */
export function restoreFields(saved) {
  for (const [id, value] of saved) {
    const field = document.getElementById(id);
    if (!field) continue;
    const key = toggles(field) ? "checked" : "value";
    if (field[key] === value || (field.type === "radio" && !value)) continue;
    if (field.tagName === "SELECT" && !Array.from(field.options).some((option) => option.value === value)) continue;
    field[key] = value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
