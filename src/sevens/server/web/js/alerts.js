// The turn alert: when it becomes your turn while the page is in the background, the tab's title and icon
// change (and, if you turned it on, a short tone and a vibration); both come back when you look at it.
import { t } from "./i18n.js";

const ALERT_KEY = "sevens.turn_alert";
const NORMAL_ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon-turn.svg";

export class TurnAlert {
  constructor(tone) {
    this.tone = tone; // (frequency, seconds) => void
    this.alerted = null; // the move it alerted for (one alert per turn)
    this.onVisible = () => { if (!document.hidden) this.clear(); };
    document.addEventListener("visibilitychange", this.onVisible);
  }

  destroy() {
    document.removeEventListener("visibilitychange", this.onVisible);
    this.clear();
  }

  soundOn() {
    return localStorage.getItem(ALERT_KEY) === "on";
  }

  setSound(on) {
    localStorage.setItem(ALERT_KEY, on ? "on" : "off");
    if (on) this.tone(880, 0.1);
  }

  /** Called on every redraw: ``move`` names the current turn, ``mine`` whether it is yours. */
  update(mine, move) {
    if (!mine) {
      this.clear();
      return;
    }
    if (!document.hidden || this.alerted === move) return;
    this.alerted = move;
    if (!this.base) this.base = document.title;
    document.title = `${t("alert_title")} — ${this.base}`;
    setIcon(TURN_ICON);
    if (this.soundOn()) {
      this.tone(880, 0.15);
      if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
    }
  }

  clear() {
    if (this.base) document.title = this.base;
    this.base = null;
    setIcon(NORMAL_ICON);
  }
}

function setIcon(href) {
  const link = document.querySelector("link[rel='icon']");
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}
