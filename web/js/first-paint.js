// Runs in <head>, before the first paint (a classic script: no module graph to wait for).
// 1. The page's language and direction at once, chosen as i18n.js pickLocale() chooses
//    (?lang=, then the saved choice, then the browser's): a Persian or Arabic page never
//    paints left to right first. Keep LANGS in step with i18n.js LANGUAGES.
// 2. Which page scripts/build/first_paint.py pre-rendered into index.html (English only) this
//    visit may show before the app has run: <html data-first="home">, "tradition/<id>"
//    (a tradition's page down to its games) or "game/<id>/<deck>" (the table tab of a game
//    page); the stylesheet shows only that one.
//    Another language: data-pending hides the chrome's English words until the app writes
//    them in the reader's (app.js removes it).
// 3. Outside Persian and Arabic, <main> waits unpainted for the Latin face (below).
(function () {
  var LANGS = { en: "ltr", it: "ltr", fa: "rtl", ar: "rtl", vi: "ltr" };
  var root = document.documentElement;
  function known(tag) {
    var code = String(tag || "").toLowerCase().split("-")[0];
    return Object.prototype.hasOwnProperty.call(LANGS, code) ? code : null;
  }
  function pick() {
    var q = known(new URLSearchParams(location.search).get("lang"));
    if (q) return q;
    try {
      var saved = JSON.parse(localStorage.getItem("cardavia.lang"));
      if (typeof saved === "string" && Object.prototype.hasOwnProperty.call(LANGS, saved)) return saved;
    } catch (e) { /* no storage, or not JSON */ }
    var tags = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < tags.length; i++) if (known(tags[i])) return known(tags[i]);
    return "en";
  }
  var lang = pick();
  root.lang = lang;
  root.dir = LANGS[lang];
  // the face the language's own letters need, asked for now rather than when the app first
  // draws them (css/fonts.css): the page's text then seldom changes font after its first paint
  var FACES = { fa: "vazirmatn-arabic", ar: "vazirmatn-arabic", vi: "inter-vietnamese" };
  if (FACES[lang]) {
    var link = document.createElement("link");
    link.rel = "preload";
    link.as = "font";
    link.type = "font/woff2";
    link.crossOrigin = "anonymous";
    link.href = "fonts/" + FACES[lang] + "-wght-normal.woff2";
    document.head.appendChild(link);
  }
  // The Latin face waits for its file (css/fonts.css, "block"), yet when the page is laid
  //    out before the file is in (a slow network, a cold start), its lines are broken for the
  //    fallback font and the swap moves them: 0.16 of layout shift on the home page at 390 px,
  //    a font 1 s late. <main> is not painted (data-font, app.css) until the file is in and the
  //    faces that asked for it have loaded, at most 3 s: its text would be invisible meanwhile.
  if (lang !== "fa" && lang !== "ar" && window.FontFace && document.fonts) {
    root.setAttribute("data-font", "");
    var show = function () { root.removeAttribute("data-font"); };
    new FontFace("Inter Variable", "url(fonts/inter-latin-wght-normal.woff2) format('woff2')", { weight: "100 900" })
      .load().then(function () { return document.fonts.ready; }).then(show, show);
    setTimeout(show, 3000);
  }
  if (lang !== "en") { root.setAttribute("data-pending", ""); return; }
  var raw = location.hash.replace(/^#/, "") || "/";
  var cut = raw.indexOf("?");
  var path = (cut < 0 ? raw : raw.slice(0, cut)).split("/").filter(Boolean);
  var query = new URLSearchParams(cut < 0 ? "" : raw.slice(cut + 1));
  var key = null;
  if (!path.length) key = "home";
  else if (path[0] === "tradition" && path.length === 2 && cut < 0) key = "tradition/" + path[1];
  else if (path[0] === "game" && path.length === 2) {
    // only the plain table tab of a named deck (no lesson, no deal link, no rules tab)
    var names = [];
    query.forEach(function (v, k) { names.push(k); });
    if (names.length === 1 && names[0] === "deck") key = "game/" + path[1] + "/" + query.get("deck");
  }
  if (key) root.setAttribute("data-first", key);
})();
