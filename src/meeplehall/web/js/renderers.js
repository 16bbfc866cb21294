// Finds the renderer of a game and gives it a translator that falls back to the shell's texts.
//
// The shell names no game: it has their names from the server's catalog (/api/games), and a
// game's renderer is web/games/<name>/index.js, with everything else of that game beside it.

import * as generic from "./generic.js";
import { currentLanguage, format, pluralForm, t as shellText } from "./i18n.js";

const loaded = new Map();

/** The renderer module of `game` (the generic one when the game has no folder of its own). */
export async function loadRenderer(game) {
  if (!loaded.has(game)) loaded.set(game, await importRenderer(game));
  return loaded.get(game);
}

async function importRenderer(game) {
  const url = new URL(`../games/${encodeURIComponent(game)}/index.js`, import.meta.url).href;
  try {
    return await import(url);
  } catch (error) {
    // A game installed without a web folder is drawn by the generic renderer; a renderer that
    // is there but fails to load is an error to see.
    if (await absent(url)) return generic;
    throw error;
  }
}

async function absent(url) {
  try {
    return (await fetch(url, { method: "HEAD" })).status === 404;
  } catch {
    return false;
  }
}

/** The renderer's own text for key in the current language, else English, else undefined. */
export function rendererText(renderer, key, params) {
  const texts = renderer.texts || {};
  const lang = currentLanguage();
  const template = pluralForm(key, params, lang, (name) => (texts[lang] || {})[name])
    ?? pluralForm(key, params, "en", (name) => (texts.en || {})[name]);
  return template === undefined ? undefined : format(String(template), params);
}

/** t(key, params) for a renderer: the game's texts first, then the shell's. */
export function translator(renderer) {
  return (key, params) => rendererText(renderer, key, params) ?? shellText(key, params);
}

/**
 * One line saying what `action` does, in the reader's language: the renderer's describeAction,
 * else the server's `label`. A move secret to the reader (the server sends action null) is
 * "a hidden move" in the reader's language. `ctx` is the renderer's ctx plus `actor`.
 */
export function actionText(renderer, action, label, ctx) {
  if (action === null || action === undefined) return shellText("log.hidden_move");
  const described = renderer && typeof renderer.describeAction === "function"
    ? safeText(() => renderer.describeAction(action, ctx))
    : "";
  return described || label;
}

/** A renderer's text from `make()`, or "" when it fails: one faulty text never stops the page. */
export function safeText(make) {
  try {
    return String(make() ?? "");
  } catch (error) {
    console.error(error);
    return "";
  }
}

/** A game's text with a fallback the server gave (option labels, help, breakdown names). */
export function gameText(renderer, key, fallback, params) {
  return rendererText(renderer, key, params) ?? fallback;
}
