// Tiny DOM helpers: build elements from code (never from HTML strings, so nothing a player typed is parsed).

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = value;
    else if (key === "on") for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key === "value" && "value" in el) el.value = value;
    else if (key === "checked" || key === "selected" || key === "disabled") el[key] = Boolean(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "x", on: {click}}, "label"). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined) continue;
    if (key === "text") el.textContent = value;
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/** Replace the children of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Undo the server's HTML escaping of names and chat (we insert text, never HTML). */
export function unescape(text) {
  if (text === null || text === undefined) return "";
  const area = document.createElement("textarea");
  area.innerHTML = text; // a textarea's content is never parsed as markup
  return area.value;
}

/** Go to a view by its hash; going to the hash already shown (an invite link just used) redraws it too. */
export function navigate(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}
