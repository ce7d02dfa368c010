// The page: a router over its views (lobby, a room, a replay, a rules page, a profile) and the language switch.
import { getCatalog, loadTicket, roomInfo } from "./api.js";
import { fill, h } from "./dom.js";
import { embedView, isEmbedded } from "./embed.js";
import { getLang, loadCatalogue, setLang, t } from "./i18n.js";
import { LobbyView } from "./lobby.js";
import { ProfileView } from "./profile.js";
import { ReplayView } from "./replay.js";
import { RulesView } from "./rules.js";
import { RoomView, explain } from "./table.js";

const main = document.getElementById("main");
const langButton = document.getElementById("lang");
let catalog = null;
let current = null;

function drawChrome() {
  document.title = `${t("app_title")} — sevens`;
  document.getElementById("brand-title").textContent = t("app_title");
  document.getElementById("brand-sub").textContent = t("app_subtitle");
  document.getElementById("skip").textContent = t("skip_to_content");
  langButton.textContent = t("switch_lang");
  langButton.setAttribute("aria-label", t("switch_lang_label"));
  document.getElementById("home").setAttribute("aria-label", t("lobby"));
}

async function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  document.body.classList.remove("kids");
  const hash = location.hash.replace(/^#\/?/, "");
  const [kind, arg] = hash.split("/");
  if (kind === "room" && arg) {
    const code = arg.toUpperCase();
    const ticket = loadTicket(code);
    if (!ticket) {
      // a shared link: join the lobby with a name, or watch a game already started
      try {
        const info = await roomInfo(code);
        if (info.status === "lobby") {
          current = new LobbyView(main, catalog, code);
          return;
        }
      } catch (err) {
        fill(main, h("div", { class: "notice", role: "alert" }, explain(err.code, err.message)),
          h("a", { href: "#/", class: "button secondary" }, t("back_to_lobby")));
        return;
      }
    }
    current = new RoomView(main, code, ticket, catalog);
  } else if (kind === "replay" && arg) {
    current = new ReplayView(main, arg, catalog);
  } else if (kind === "rules") {
    current = new RulesView(main, arg, catalog);
  } else if (kind === "profile" && arg) {
    current = new ProfileView(main, arg, catalog);
  } else if (kind === "play" && arg) {
    current = new LobbyView(main, catalog, null, decodeURIComponent(arg)); // "play with these rules"
  } else {
    current = new LobbyView(main, catalog);
  }
}

langButton.addEventListener("click", () => setLang(getLang() === "ja" ? "en" : "ja"));
window.addEventListener("langchange", () => {
  drawChrome();
  if (!current) return;
  current.render(); // every view redraws in place (a room keeps its socket)
});
// an embedded table (/embed/…) is the whole page: no lobby behind it, no other view to route to
if (!isEmbedded()) window.addEventListener("hashchange", route);

async function start() {
  try {
    await loadCatalogue(); // every word below comes from it
  } catch (err) {
    fill(main, h("div", { class: "notice", role: "alert" }, "The server cannot be reached. / サーバーにつながりません。"));
    return;
  }
  drawChrome();
  fill(main, h("p", { class: "muted" }, t("loading")));
  try {
    catalog = await getCatalog();
  } catch (err) {
    fill(main, h("div", { class: "notice", role: "alert" }, explain(err.code, err.message)));
    return;
  }
  window.sevensCatalog = catalog;
  if (isEmbedded()) current = await embedView(main, catalog);
  else await route();
}

start();
