// Stamps: a fixed, kid-safe set (the catalogue's "stamps", from the server's reactions.STAMPS), sent by id in
// the "reaction" message, one per 2 s per player; each shows for a moment as a bubble by the sender's name.
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";

const SHOWN_MS = 3500;

export class Stamps {
  constructor(stamps, send, redraw) {
    this.stamps = stamps; // id -> {en, ja}
    this.send = send; // (stamp) => void
    this.redraw = redraw;
    this.recent = new Map(); // player -> {texts, until}
  }

  /** A "reaction" frame: show it by the player's name for a moment. */
  received(frame) {
    const until = performance.now() + SHOWN_MS;
    this.recent.set(frame.player, { texts: frame.texts, until });
    setTimeout(() => {
      const shown = this.recent.get(frame.player);
      if (shown && shown.until === until) {
        this.recent.delete(frame.player);
        this.redraw();
      }
    }, SHOWN_MS);
  }

  /** The bubble next to ``player``'s name, if they just sent a stamp. */
  bubble(player) {
    const shown = this.recent.get(player);
    return shown ? h("span", { class: "stamp-bubble", "data-testid": `stamp-${player}`, role: "status" }, pick(shown.texts)) : null;
  }

  /** The row of stamp buttons. */
  bar() {
    return h("div", { class: "stamp-bar", role: "group", "aria-label": t("stamps") },
      Object.entries(this.stamps).map(([id, texts]) => h("button", { type: "button", class: "stamp", "data-stamp": id,
        "data-key": `stamp-${id}`, "data-testid": `send-stamp-${id}`, on: { click: () => this.send(id) } }, pick(texts))));
  }
}
