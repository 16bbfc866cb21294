// Shell texts in English, Japanese and Korean; the choice is remembered in localStorage.

import { h } from "./dom.js";
import { at } from "./paths.js";

export const LANGUAGES = { en: "English", ja: "日本語", ko: "한국어" };
const STORAGE_KEY = "meeplehall.lang";

let lang = "en";
let dictionary = {};
let english = {};
const listeners = [];

function initialLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && stored in LANGUAGES) return stored;
  const browser = (navigator.language || "en").slice(0, 2);
  return browser in LANGUAGES ? browser : "en";
}

async function load(code) {
  const response = await fetch(at(`i18n/${code}.json`));
  return response.json();
}

/** Load the remembered language (and English as the fallback); call once per page. */
export async function initI18n() {
  lang = initialLanguage();
  english = await load("en");
  dictionary = lang === "en" ? english : await load(lang);
  document.documentElement.lang = lang;
}

export function currentLanguage() {
  return lang;
}

/** Fill {name} placeholders of a template with params. */
export function format(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    params && params[name] !== undefined && params[name] !== null ? String(params[name]) : whole,
  );
}

const pluralRules = new Map();

/**
 * The plural form of `key` for `params.count` in language `code`: `key.one`, `key.few`... as
 * Intl.PluralRules names them, then `key.other`, then `key` itself ("1 point", "2 points"; ja
 * and ko have a single form). `lookup(name)` finds a text by its full name.
 */
export function pluralForm(key, params, code, lookup) {
  if (params && typeof params.count === "number") {
    if (!pluralRules.has(code)) pluralRules.set(code, new Intl.PluralRules(code));
    const form = pluralRules.get(code).select(params.count);
    const found = lookup(`${key}.${form}`) ?? lookup(`${key}.other`);
    if (found !== undefined) return found;
  }
  return lookup(key);
}

/** A shell text in the current language (English if missing there, the key if missing everywhere). */
export function t(key, params) {
  const template = pluralForm(key, params, lang, (name) => dictionary[name])
    ?? pluralForm(key, params, "en", (name) => english[name]);
  return template === undefined ? key : format(template, params);
}

export function hasText(key) {
  return key in dictionary || key in english;
}

export async function setLanguage(code) {
  if (!(code in LANGUAGES) || code === lang) return;
  dictionary = code === "en" ? english : await load(code);
  lang = code;
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

/** Call `listener` after every language switch (pages re-render their texts). */
export function onLanguageChange(listener) {
  listeners.push(listener);
}

/** A <select> switching the language; present on every page (pages redraw it on a switch). */
export function languagePicker() {
  const select = h(
    "select",
    { id: "language", "aria-label": "Language / 言語 / 언어", onchange: (e) => setLanguage(e.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === lang }, name)),
  );
  return select;
}
