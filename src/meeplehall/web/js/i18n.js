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

/** Fill {name} placeholders of a template with params (and pick the Korean particles after them). */
export function format(template, params) {
  return koreanParticles(template.replace(/\{(\w+)\}/g, (whole, name) =>
    params && params[name] !== undefined && params[name] !== null ? String(params[name]) : whole,
  ));
}

// Korean particles written with both forms, "이(가)", each pair as [after a final consonant,
// after a vowel]; "(으)로" takes 로 after ㄹ too.
const PARTICLES = { "이(가)": ["이", "가"], "을(를)": ["을", "를"], "은(는)": ["은", "는"], "와(과)": ["과", "와"], "과(와)": ["과", "와"], "(으)로": ["으로", "로"], "(이)": ["이", ""] };
const PARTICLE = /이\(가\)|을\(를\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로|\(이\)/g;
// How a digit is read in Korean (영 일 이 삼 사 오 육 칠 팔 구): its final consonant, if any.
const DIGIT_FINALS = ["ㅇ", "ㄹ", "", "ㅁ", "", "", "ㄱ", "ㄹ", "ㄹ", ""];

/**
 * The final consonant the reader hears at the end of `text`: "ㄹ", another consonant (as "ㄱ"),
 * "" after a vowel, null when it cannot tell. A name in Latin letters is read as English: it
 * ends in a vowel after a, e, i, o, u, w, y and a silent r ("Player"), in ㄹ after l, and in a
 * consonant after any other letter ("Bot" is 봇).
 */
function finalConsonant(text) {
  // A name followed by asides, "봇 (레벨 2) (4번 자리)", is read by the name itself.
  let word = text.trim();
  while (/\([^()]*\)$/.test(word)) word = word.replace(/\s*\([^()]*\)$/, "");
  const last = word.slice(-1);
  if (!last) return null;
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? "" : final === 8 ? "ㄹ" : "ㄱ";
  }
  if (/[0-9]/.test(last)) return DIGIT_FINALS[Number(last)];
  const letter = last.toLowerCase();
  if (/[aeiouwyr]/.test(letter)) return "";
  if (letter === "l") return "ㄹ";
  return /[a-z]/.test(letter) ? "ㄱ" : null;
}

/** Each "이(가)"-like particle of `text` in the form its preceding word takes (kept when unsure). */
function koreanParticles(text) {
  let result = "";
  let from = 0;
  for (const match of text.matchAll(PARTICLE)) {
    const [particle] = match;
    const final = finalConsonant(text.slice(0, match.index));
    const forms = PARTICLES[particle];
    const chosen = final === null ? particle : particle === "(으)로" && final === "ㄹ" ? forms[1] : final ? forms[0] : forms[1];
    result += text.slice(from, match.index) + chosen;
    from = match.index + particle.length;
  }
  return result + text.slice(from);
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
