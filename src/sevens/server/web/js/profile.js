// A player's profile (#/profile/<name>): stars earned over every game (E3) and the games they played, each with
// its date, game, points, stars and place, linked to its replay when this server can replay it.
import { getProfile } from "./api.js";
import { fill, h, navigate } from "./dom.js";
import { t } from "./i18n.js";
import { profileHref, when } from "./players.js";
import { gameTitle } from "./rules.js";

export class ProfileView {
  constructor(root, name, catalog) {
    this.root = root;
    this.name = decodeURIComponent(name || "");
    this.catalog = catalog;
    this.profile = null;
    this.error = null;
    fill(root, h("p", { class: "muted" }, t("loading")));
    getProfile(this.name).then((profile) => {
      this.profile = profile;
      this.render();
    }).catch((err) => {
      this.error = err;
      this.render();
    });
  }

  render() {
    if (!this.profile && !this.error) return;
    const body = this.profile ? this.card(this.profile) : h("div", { class: "notice", role: "alert", "data-testid": "profile-missing" },
      t("profile.unknown", { name: this.name }));
    fill(this.root, h("div", { class: "profile-page", id: "profile" }, body, this.lookup()));
  }

  card(profile) {
    // each cell names its column too (data-label): on a phone the rows become cards
    const cell = (column, cls, content) => h("td", { class: cls, "data-label": column ? t(`profile.col.${column}`) : null }, content);
    const rows = profile.games.map((game) => h("tr", { "data-game": game.id },
      cell("date", "date", when(game.created_at)),
      cell("game", "game", gameTitle(this.catalog, game.family, game.preset)),
      cell("rounds", "num", String(game.rounds)),
      cell("points", "num", game.family === "seven27" ? t("profile.chips", { n: signed(game.points) }) : signed(game.points)),
      cell("stars", "stars", game.stars ? `★${game.stars}` : "—"),
      cell("place", "place", game.finished ? t("profile.place", { n: game.place, total: game.players }) : t("profile.unfinished")),
      cell(null, "link", game.replay ? h("a", { class: "button secondary small", href: `#/replay/${game.id}` }, t("replay")) : null)));
    const history = profile.games.length
      ? h("table", { class: "scores profile-games", "data-testid": "profile-games" },
        h("thead", {}, h("tr", {}, ["date", "game", "rounds", "points", "stars", "place"].map((c) => h("th", {}, t(`profile.col.${c}`))), h("th", {}, ""))),
        h("tbody", {}, rows))
      : h("p", { class: "muted" }, t("profile.none"));
    return h("article", { class: "panel profile-card", "aria-labelledby": "profile-title" },
      h("h2", { id: "profile-title" }, t("profile.title", { name: profile.name })),
      h("div", { class: "profile-stars", "data-testid": "profile-stars" },
        h("span", { class: "big-star", "aria-hidden": "true" }, "★"),
        h("strong", {}, t("profile.stars_total", { n: profile.stars }))),
      h("p", { class: "muted" }, t("profile.since", { date: when(profile.created_at) })),
      h("h3", {}, t("profile.history")),
      history,
      h("div", { class: "button-row" }, h("a", { class: "button secondary", href: "#/" }, t("back_to_lobby"))));
  }

  lookup() {
    const input = h("input", { type: "text", maxlength: 24, value: this.name, "aria-label": t("profile.lookup"), "data-testid": "profile-name" });
    return h("section", { class: "panel profile-lookup" }, h("h2", {}, t("profile.lookup")),
      h("form", { class: "inline", on: { submit: (e) => {
        e.preventDefault();
        const name = input.value.trim();
        if (name) navigate(profileHref(name));
      } } }, input, h("button", { type: "submit", class: "primary" }, t("profile.show"))));
  }
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
