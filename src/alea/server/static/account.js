// Optional accounts: sign in, register and sign out, in the page's #account box.
// The session lives in an HttpOnly cookie this script never sees; it only asks who is signed in.
// Pages hear "alea:account" (detail: { name, ratings }) whenever that changes; a page that
// watches (AleaAccount.watch) also hears of it at once when the first answer came before it.
"use strict";

window.AleaAccount = {
  name: null,
  ratings: {},
  known: false,
  titles: { triumvirate: "The First Triumvirate", forum: "Forum", hotre: "History of the Roman Empire" },

  async load() {
    let me = { name: null, ratings: {} };
    try { me = await api("GET", "/api/account"); } catch (e) { toast(e.message); }
    AleaAccount.set(me);
  },

  set(me) {
    AleaAccount.name = me.name || null;
    AleaAccount.ratings = me.ratings || {};
    AleaAccount.known = true;
    AleaAccount.draw();
    document.dispatchEvent(new CustomEvent("alea:account", { detail: AleaAccount.detail() }));
  },

  detail() {
    return { name: AleaAccount.name, ratings: AleaAccount.ratings };
  },

  // Calls fn(detail) on every change and, if the account is known already, at once: the answer
  // to the first question may arrive before a later script on the page has run.
  watch(fn) {
    document.addEventListener("alea:account", (ev) => fn(ev.detail));
    if (AleaAccount.known) fn(AleaAccount.detail());
  },

  ratingText(ratings) {
    const parts = Object.entries(ratings || {}).map(([game, r]) =>
      (AleaAccount.titles[game] || game) + " " + r.rating + " (" + r.games + (r.games === 1 ? " game)" : " games)"));
    return parts.length ? "Ratings: " + parts.join(", ") : "No rated games yet: finish a game against another account or a bot to get a rating.";
  },

  draw() {
    const box = $("account");
    if (!box) return;
    if (AleaAccount.name) {
      box.replaceChildren(
        el("p", { class: "who" }, "Signed in as ", el("strong", {}, AleaAccount.name)),
        el("p", { class: "hint", id: "myRatings" }, AleaAccount.ratingText(AleaAccount.ratings)),
        el("button", { type: "button", class: "secondary", id: "signOut", onclick: AleaAccount.signOut }, "Sign out"));
      return;
    }
    const name = el("input", { id: "accountName", type: "text", name: "username", autocomplete: "username", maxlength: "24", required: "" });
    const password = el("input", { id: "accountPassword", name: "password", type: "password", autocomplete: "current-password", maxlength: "256", required: "" });
    const form = el("form", { class: "accountform", id: "accountForm" },
      el("div", { class: "field" }, el("label", { for: "accountName" }, "Account name"), name),
      el("div", { class: "field" }, el("label", { for: "accountPassword" }, "Password"), password),
      el("div", { class: "buttons" },
        el("button", { type: "submit", id: "signIn" }, "Sign in"),
        el("button", { type: "button", class: "secondary", id: "register" }, "Register")));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); AleaAccount.send("/api/account/signin"); });
    form.querySelector("#register").addEventListener("click", () => {
      password.setAttribute("autocomplete", "new-password");
      AleaAccount.send("/api/account/register");
    });
    box.replaceChildren(
      el("p", { class: "hint" }, "An account is optional: it keeps your games on every device and gives you a rating. Seat links work without one."),
      form);
  },

  async send(path) {
    const name = $("accountName").value.trim();
    const password = $("accountPassword").value;
    if (!name || !password) { toast("Type an account name and a password first."); return; }
    try {
      await api("POST", path, { name, password });
      await AleaAccount.load();
    } catch (e) { toast(e.message, 6000); }
  },

  async signOut() {
    try { await api("POST", "/api/account/signout", {}); } catch (e) { toast(e.message); }
    AleaAccount.set({ name: null, ratings: {} });
  },
};

AleaAccount.load();
