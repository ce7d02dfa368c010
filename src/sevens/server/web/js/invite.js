// Friends in one tap: the "join this table" card an invite link opens (name, seat, join, at the top of the page),
// and the waiting room's invite: the link, a share button (the Web Share API where the browser has it, else
// copy) and the link as a QR code drawn by the server (GET /api/rooms/CODE/invite.svg) for phones at the table.
import { h } from "./dom.js";
import { pick, t } from "./i18n.js";
import { presetName } from "./rules.js";

/** The page's link to a room (what the QR code holds too). */
export const inviteLink = (code) => `${location.origin}/#/room/${code}`;

/** "Join this table": the table's game, your name (the lobby's name field, passed in), a free seat, join. */
export function inviteCard(info, catalog, nameField, { join }) {
  const fam = catalog.families.find((f) => f.name === info.family);
  const game = `${fam ? pick(fam.title) : info.family} · ${presetName(info.preset)}`;
  const free = info.members.filter((m) => m.open);
  const seat = h("select", { id: "invite-seat", "data-testid": "invite-seat" },
    h("option", { value: "" }, t("invite_any_seat")),
    free.map((m) => h("option", { value: m.player }, t("seat_n", { n: m.player + 1 }))));
  const submit = (e) => {
    e.preventDefault();
    join(seat.value === "" ? null : Number(seat.value));
  };
  return h("section", { class: "panel invite-card", "data-testid": "invite-card", "aria-labelledby": "invite-title" },
    h("h2", { id: "invite-title" }, t("invite_title")),
    h("p", {}, t("invite_about", { code: info.code, game })),
    free.length
      ? h("form", { class: "invite-form", on: { submit } },
        h("label", { for: "player-name" }, t("your_name")), nameField,
        h("label", { for: "invite-seat" }, t("invite_seat")), seat,
        h("button", { type: "submit", class: "primary big", "data-testid": "invite-join" }, t("invite_join")))
      : h("p", { class: "notice" }, t("invite_full")),
    h("p", { class: "muted small" }, t("invite_other")));
}

/** Share the link: the system's share sheet where there is one, else the clipboard; says what it did. */
async function share(code, button) {
  const url = inviteLink(code);
  if (navigator.share) {
    try {
      await navigator.share({ title: t("app_title"), text: t("share_text", { code }), url });
      return;
    } catch (err) {
      if (err && err.name === "AbortError") return; // the person closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    button.closest(".invite-share").querySelector("input.share").select(); // no clipboard: select it to copy by hand
  }
  button.textContent = t("copied");
}

/** The waiting room's invite: link, share (or copy) button and QR code. */
export function invitePanel(code) {
  const link = inviteLink(code);
  const input = h("input", { class: "share", readonly: true, value: link, "aria-label": t("share_link"), "data-key": "share",
    "data-testid": "invite-link", on: { focus: (e) => e.target.select() } });
  const button = h("button", { type: "button", class: "secondary", "data-key": "share-button", "data-testid": "share",
    on: { click: () => share(code, button) } }, navigator.share ? t("share") : t("copy"));
  return h("div", { class: "invite-share" },
    h("div", { class: "share-row" }, h("label", {}, t("share_link")), input, button),
    h("figure", { class: "qr" },
      h("img", { src: `/api/rooms/${encodeURIComponent(code)}/invite.svg`, alt: t("qr_label"), width: 148, height: 148,
        "data-testid": "invite-qr" }),
      h("figcaption", { class: "muted small" }, t("qr_label"))));
}
