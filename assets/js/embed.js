// Embedded boards (embed.html?embed=1&…, docs/embed.md), before Python is ready: mark the page
// as an embed, paint the author's still picture (img=) or a sized placeholder with the caption,
// and tell the parent page our height ({type: "qipan:height", height}) whenever it changes.
// Runs before boot.js; does nothing on other URLs. Never touches storage.
(function () {
  const params = new URLSearchParams(location.search);
  // embed.html is the page other sites may frame (netlify.toml): it shows embeds only. Any other
  // address there goes to the app, which no site may frame.
  if (!params.has("embed")) {
    if (/\/embed\.html$/.test(location.pathname)) location.replace(`./${location.search}${location.hash}`);
    return;
  }
  const root = document.documentElement;
  root.dataset.embed = "1";
  const theme = params.get("theme");
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  const lang = { en: "en", zh: "zh-TW", "zh-tw": "zh-TW", "zh-TW": "zh-TW" }[params.get("lang") || ""];
  // Each game's name and board aspect, written from Python's registry by the vendor step
  // (assets/vendor/games.js, loaded just before this file), so that the placeholder says which
  // board will open, at its size, before Python can.
  const GAMES = self.QIPAN_GAMES || {};
  const game = GAMES[params.get("game") || ""] || { names: {}, aspect: 1 };
  const aspect = game.aspect;
  // The words said before Python runs, from Python's own strings (qipan.i18n.embed.EARLY), also
  // written into games.js by the vendor step.
  const WORDS = self.QIPAN_EMBED_WORDS || {};
  const language = () => lang || root.lang || "en";
  const say = (key) => (WORDS[key] || {})[language()] || (WORDS[key] || {}).en || "";

  function caption() {
    const ply = params.get("ply") || (params.get("mode") === "step" ? "0" : "");
    const language = lang || root.lang || "en";
    const keys = [`cap.${ply}.${language}`, `cap.${ply}`, `cap.${language}`, "cap"];
    for (const key of keys) if (params.get(key)) return params.get(key);
    return "";
  }

  // img=: a picture on this site only (the Content-Security-Policy blocks others: it is not even
  // requested, and Python names it among the ignored parameters once the board runs).
  function ownPicture(img) {
    if (!/^(https?:\/\/|\.{0,2}\/?[\w\-./]+\.(png|webp|jpe?g|svg|gif)(\?|$))/i.test(img)) return null;
    try {
      const url = new URL(img, location.href);
      return url.origin === location.origin ? url.href : null;
    } catch (error) {
      return null;
    }
  }

  function placeholder() {
    const still = document.createElement("div");
    still.className = "embed-still placeholder";
    const name = game.names[lang || root.lang || "en"];
    still.textContent = name ? `${name} · 棋盤 Qipan` : "棋盤 Qipan";
    return still;
  }

  function paint() {
    document.body.classList.add("embed");
    if (lang) root.lang = lang;
    const first = document.createElement("div");
    first.id = "embed-first";
    first.className = "embed-first";
    first.style.setProperty("--embed-aspect", String(aspect));
    const picture = ownPicture(params.get("img") || "");
    let still = placeholder();
    if (picture) {
      const fallback = still;
      still = document.createElement("img");
      still.className = "embed-still";
      still.alt = caption();
      still.addEventListener("error", () => still.replaceWith(fallback), { once: true });
      still.src = picture;
    }
    first.appendChild(still);
    const spinner = document.createElement("div");
    spinner.className = "embed-spinner";
    spinner.setAttribute("aria-hidden", "true");
    first.appendChild(spinner);
    const text = document.createElement("p");
    text.className = "embed-caption";
    text.textContent = caption();
    first.appendChild(text);
    const main = document.getElementById("main");
    main.parentNode.insertBefore(first, main);
  }

  let last = -1;
  function report() {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last && window.parent !== window) {
      last = height;
      window.parent.postMessage({ type: "qipan:height", height }, "*");
    }
  }

  // When the board starts its Python runtime (boot.js waits for window.qipanStart). run=click: when
  // the reader presses the button; run=visible: when the frame is scrolled into view; run=auto (the
  // default) also waits until the frame is in view, without a button. A post with four boards then
  // starts only the ones its reader sees, and boot.js boots those one at a time (docs/embed.md).
  const run = params.get("run") === "click" || params.get("run") === "visible" ? params.get("run") : "auto";
  let release = null;
  window.qipanStart = new Promise((resolve) => { release = resolve; });

  function whenSeen(first, go) {
    if (!("IntersectionObserver" in window)) { go(); return; }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) { seen.disconnect(); go(); }
    });
    seen.observe(first);
  }

  function hold(first) {
    if (run === "auto") {
      whenSeen(first, release);
      return;
    }
    document.body.dataset.embedRun = "held";
    const go = () => {
      if (document.body.dataset.embedRun !== "held") return;
      document.body.dataset.embedRun = "starting";
      button.remove();
      release();
    };
    const button = document.createElement("button");
    button.type = "button";
    button.className = "embed-start";
    button.textContent = `▶ ${say("embed.start")}`;
    button.addEventListener("click", go);
    first.appendChild(button);
    if (run === "visible") whenSeen(first, go);
  }

  function start() {
    paint();
    hold(document.getElementById("embed-first"));
    new ResizeObserver(report).observe(document.documentElement);
    report();
  }
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start, { once: true });
})();
