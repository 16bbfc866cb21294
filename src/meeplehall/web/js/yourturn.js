// "Your turn": the tab's title, an optional short sound (made with WebAudio, no sound file)
// and, if the reader allowed it, a browser notification, when a seat of mine becomes to move.

import { t } from "./i18n.js";

const SOUND_KEY = "meeplehall.sound";

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
}

let audio = null;

/** Two short soft tones; silent where the browser allows no audio yet. */
export function chime() {
  try {
    audio = audio || new AudioContext();
    const start = audio.currentTime;
    [660, 880].forEach((frequency, index) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      const at = start + index * 0.15;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.15);
    });
  } catch {
    // No audio here (or not allowed before a click): the title and notification remain.
  }
}

export function notificationsAllowed() {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

export async function askNotifications() {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.requestPermission();
}

/** Show a browser notification while the page is hidden (and allowed). */
export function browserNotice(title, body, link) {
  if (!notificationsAllowed() || document.visibilityState === "visible") return;
  try {
    const notice = new Notification(title, { body, tag: link });
    notice.onclick = () => {
      window.focus();
      if (link && location.pathname + location.search !== link) location.href = link;
    };
  } catch {
    // Some browsers only allow notifications from a service worker: the title says it.
  }
}

let wasMine = false;

/**
 * Called at every draw of the table page: the title says "Your turn - Game" while a seat of
 * mine is to move; the moment it becomes so, the sound and the notification come once.
 */
export function yourTurn(mine, gameTitle, fallbackTitle) {
  document.title = mine ? t("notify.your_turn", { game: gameTitle }) : fallbackTitle;
  if (mine && !wasMine) {
    if (soundOn()) chime();
    browserNotice(t("notify.your_turn", { game: gameTitle }), t("notify.your_turn_body"), location.pathname + location.search);
  }
  wasMine = mine;
}
