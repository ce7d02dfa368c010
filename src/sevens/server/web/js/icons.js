// Small icons drawn as inline SVG: the glyphs ⏮ ⏭ ⏸ ⏱ are missing from the fonts the page can count on
// (they drew as empty boxes), a path never is.
import { s } from "./dom.js";

const PATHS = {
  first: ["M5 5h2.5v14H5z", "M19 5v14L8.5 12z"],
  last: ["M17 5h2.5v14H17z", "M2.5 5v14l7-7z", "M9.5 5v14l7-7z"],
  prev: ["M17 5v14L6 12z"],
  next: ["M5 5v14l10-7z", "M16 5h2.5v14H16z"], // a step: a triangle against a bar (play is the bare triangle)
  play: ["M7 4v16l13-8z"],
  pause: ["M6 5h4v14H6z", "M14 5h4v14h-4z"],
  clock: ["M9 1.5h6v2.2H9z", "M12 5a8 8 0 1 0 0 16a8 8 0 1 0 0-16zm0 2.2a5.8 5.8 0 1 1 0 11.6a5.8 5.8 0 1 1 0-11.6z", "M11 8.5h2v4.6l3 1.8-1 1.7-4-2.4z"],
  trophy: ["M7 3h10v2h3v3a4 4 0 0 1-4 4h-.4A5 5 0 0 1 13 14.9V17h3v3H8v-3h3v-2.1A5 5 0 0 1 8.4 12H8a4 4 0 0 1-4-4V5h3zm-1 4v1a2 2 0 0 0 1.2 1.8A5 5 0 0 1 7 9V7zm12 0v2a5 5 0 0 1-.2.8A2 2 0 0 0 18 8V7z"],
  sound: ["M4 9h4l5-4v14l-5-4H4z", "M15.5 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2z", "M18 6a8.5 8.5 0 0 1 0 12l-1.4-1.4a6.5 6.5 0 0 0 0-9.2z"],
  mute: ["M4 9h4l5-4v14l-5-4H4z", "M15 9.4l1.4-1.4 2.1 2.1 2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1-1.4 1.4-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1z"],
};

/** An icon (currentColor, 1em square) by name; decorative: the button around it carries the label. */
export function icon(name) {
  return s("svg", { viewBox: "0 0 24 24", class: `icon icon-${name}`, "aria-hidden": "true", focusable: "false", "data-icon": name },
    PATHS[name].map((d) => s("path", { d, fill: "currentColor" })));
}
