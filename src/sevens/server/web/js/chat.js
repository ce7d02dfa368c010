// Room chat: free text, or in kids mode only the preset phrases (the server refuses anything else).
// With the ghost rule, "Reply" addresses a ghost's message (that is what makes the swap happen, B13).
import { fill, h, unescape } from "./dom.js";
import { getLang, pick, t } from "./i18n.js";

export function chatPanel({ send }) {
  let replyTo = null;
  let lastCount = -1;
  const list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat") });
  const input = h("input", { type: "text", maxlength: 200, "data-key": "chat-input", autocomplete: "off" });
  const replying = h("div", { class: "replying", hidden: true });
  const form = h("form", { class: "chat-form", on: { submit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    send(replyTo === null ? { text } : { text, reply_to: replyTo.id });
    input.value = "";
    setReply(null);
  } } }, input, h("button", { type: "submit", class: "secondary" }, t("say")));
  const phrases = h("div", { class: "phrases", role: "group" });
  const title = h("h2", {}, t("chat"));
  const el = h("section", { class: "panel chat" }, title, list, replying, form, phrases);
  let room = null;

  function setReply(line) {
    replyTo = line;
    if (line) {
      fill(replying, t("replying_to", { name: unescape(line.name) }), " ",
        h("button", { type: "button", class: "link-button", on: { click: () => setReply(null) } }, t("cancel")));
      replying.hidden = false;
      input.focus();
    } else {
      replying.hidden = true;
    }
  }

  function update(lines, nextRoom, you) {
    room = nextRoom;
    const kids = Boolean(room && room.kids);
    title.textContent = t("chat");
    input.placeholder = t("chat_placeholder");
    input.setAttribute("aria-label", t("chat_placeholder"));
    form.querySelector("button").textContent = t("say");
    form.hidden = kids;
    phrases.hidden = !kids;
    if (kids && !phrases.childElementCount) {
      for (const [id, texts] of Object.entries(window.sevensCatalog ? window.sevensCatalog.phrases : {})) {
        phrases.append(h("button", { type: "button", class: "phrase", "data-phrase": id, on: { click: () => send({ phrase: id }) } }, pick(texts)));
      }
    } else if (kids) {
      for (const button of phrases.querySelectorAll("button")) {
        const texts = window.sevensCatalog.phrases[button.dataset.phrase];
        button.textContent = pick(texts);
      }
    }
    const lang = getLang();
    if (lines.length === lastCount && list.dataset.lang === lang) return;
    lastCount = lines.length;
    list.dataset.lang = lang;
    const ghostRule = Boolean(room && room.ghost);
    fill(list, lines.map((line) => h("li", { class: ["chat-line", line.role === "ghost" ? "ghost" : ""] },
      h("strong", {}, unescape(line.name)),
      line.role === "ghost" ? h("span", { class: "tag" }, `👻 ${t("status_ghost")}`) : null,
      ": ",
      line.texts ? pick(line.texts) : unescape(line.text),
      ghostRule && you && you.role === "player" && line.player !== you.player
        ? h("button", { type: "button", class: "link-button small", on: { click: () => setReply(line) } }, t("reply"))
        : null)));
    list.scrollTop = list.scrollHeight;
  }

  return { el, update };
}
