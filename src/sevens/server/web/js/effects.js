// What makes a move easy to follow: the card flies from the player to the table, and (if the player turned it
// on) a short tone sounds. Tones are made with WebAudio, no sound files. Sound is off until turned on: a page
// should not make noise unasked (and browsers only allow audio after a click anyway); the choice is kept.
import { cellFace, parseCard } from "./cards.js";
import { actionCards } from "./shichinarabe.js";

const SOUND_KEY = "sevens.sound";
const FLIGHT_MS = { slow: 650, normal: 420, fast: 160 };

export class Effects {
  constructor(pace) {
    this.pace = pace; // () => "slow" | "normal" | "fast"
    this.flight = null;
    this.audio = null;
  }

  soundOn() {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  setSound(on) {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    if (on) this.tone(660, 0.12); // a first tone says it works (and unlocks audio on this click)
  }

  /** An action frame arrived: remember the flight for the next drawing, and sound it. */
  moved(frame, yourSeat) {
    const seat = (frame.seat_players || []).indexOf(frame.player);
    const cards = typeof frame.action === "string" ? actionCards(frame.action).filter((c) => parseCard(c)) : [];
    this.flight = cards.length && seat >= 0 ? { seat, cards } : null;
    if (!this.soundOn()) return;
    if (frame.action === "pass") this.tone(300, 0.1);
    else this.tone(seat === yourSeat ? 660 : 520, 0.08);
  }

  roundOver() {
    if (!this.soundOn()) return;
    [523, 659, 784].forEach((f, i) => setTimeout(() => this.tone(f, 0.15), i * 140));
  }

  /** Fly the last move's cards from the mover's entry in the players list to their cells (after a redraw). */
  fly(root) {
    const flight = this.flight;
    this.flight = null;
    if (!flight || !Element.prototype.animate || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const from = root.querySelector(`.player-list [data-seat="${flight.seat}"]`);
    if (!from) return;
    const start = clampToView(from.getBoundingClientRect());
    for (const card of flight.cards) {
      const cell = root.querySelector(`.board [data-card="${card}"]`);
      if (!cell) continue;
      const end = cell.getBoundingClientRect();
      const ghost = document.createElement("div");
      ghost.className = "flying-card";
      ghost.setAttribute("aria-hidden", "true");
      ghost.append(cellFace(card));
      Object.assign(ghost.style, { left: `${end.left}px`, top: `${end.top}px`, width: `${end.width}px`, height: `${end.height}px` });
      document.body.append(ghost);
      const dx = start.left + start.width / 2 - (end.left + end.width / 2);
      const dy = start.top + start.height / 2 - (end.top + end.height / 2);
      const animation = ghost.animate(
        [{ transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
        { duration: FLIGHT_MS[this.pace()] || FLIGHT_MS.normal, easing: "ease-out" },
      );
      animation.finished.then(() => ghost.remove(), () => ghost.remove());
    }
  }

  tone(frequency, seconds) {
    try {
      this.audio = this.audio || new AudioContext();
      const now = this.audio.currentTime;
      const osc = this.audio.createOscillator();
      const gain = this.audio.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.15, now + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + seconds);
      osc.connect(gain).connect(this.audio.destination);
      osc.start(now);
      osc.stop(now + seconds + 0.02);
    } catch {
      // no audio device: the game goes on silently
    }
  }
}

/** A rectangle moved inside the window (a players list scrolled away on a phone still gives a direction). */
function clampToView(rect) {
  const left = Math.min(Math.max(rect.left, 0), window.innerWidth - rect.width);
  const top = Math.min(Math.max(rect.top, 0), window.innerHeight - 40);
  return { left, top, width: rect.width, height: Math.min(rect.height, 40) };
}
