// Embedded boards (embed.html?embed=1&…, docs/embed.md), before Python is ready: mark the page
// as an embed, paint the author's still picture (img=) or a sized placeholder with the caption (and
// in step mode the step controls), answer the reader's taps on them while the board starts, and
// tell the parent page our height ({type: "qipan:height", height}) whenever it changes.
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
  const body = () => document.body;

  function caption() {
    const ply = params.get("ply") || (params.get("mode") === "step" ? "0" : "");
    const keys = [`cap.${ply}.${language()}`, `cap.${ply}`, `cap.${language()}`, "cap"];
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
    const name = game.names[language()];
    still.textContent = name ? `${name} · 棋盤 Qipan` : "棋盤 Qipan";
    return still;
  }

  // The starting mark: a turning ring and its words (embed.starting), on the still from the moment the
  // board starts (body[data-embed-run=starting]) until Python takes its place; a tap moves it to the
  // middle of the still (body[data-embed-asked]). It is there before the runtime's long stretches,
  // in which no script can answer a tap (docs/embed.md).
  function status() {
    const mark = document.createElement("div");
    mark.className = "embed-status";
    mark.setAttribute("role", "status");
    const ring = document.createElement("span");
    ring.className = "embed-spinner";
    ring.setAttribute("aria-hidden", "true");
    const text = document.createElement("span");
    text.className = "embed-status-text";
    text.textContent = say("embed.starting");
    mark.append(ring, text);
    return mark;
  }

  // Step mode: the bar's step controls, where the board's own will be (links.py render_bar), so a
  // press before Python is ready is kept (body[data-embed-pressed]: their names, in order) and
  // applied once the board shows (links.EmbedPage._take_over). What they lead to is known only
  // partly without the record: at the start (0 known) « and ‹ are greyed, as the board's are.
  // ply= and autoplay= as embed_params reads them (a number out of its range is ignored).
  const number = (key, high) => {
    const text = params.get(key) || "";
    return /^\s*[0-9]{1,20}\s*$/.test(text) && Number(text) <= high ? Number(text) : 0;
  };
  const shown = { ply: number("ply", 100000), playing: number("autoplay", 60000) > 0 }; // ply null: the end, unknown
  const presses = [];

  function stepControls() {
    const box = document.createElement("div");
    box.className = "embed-steps";
    const control = (action, symbol) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.early = action;
      button.textContent = symbol;
      return button;
    };
    const ply = document.createElement("span");
    ply.className = "embed-ply";
    box.append(control("first", "«"), control("prev", "‹"), ply, control("next", "›"), control("last", "»"),
      control("play", "▶"));
    return box;
  }

  function showSteps(box) {
    for (const button of box.querySelectorAll("[data-early]")) {
      const action = button.dataset.early;
      const key = action === "play" && shown.playing ? "embed.pause" : `embed.${action}`;
      button.setAttribute("aria-label", say(key));
      button.title = say(key);
      if (action === "play") button.textContent = shown.playing ? "■" : "▶";
      button.disabled = (action === "first" || action === "prev") && shown.ply === 0;
    }
    // Where the board's bar gives the move and the record's length: the move alone (the length is not known yet).
    box.querySelector(".embed-ply").textContent =
      shown.ply === null ? say("embed.ply_end") : say("embed.ply_early").replace("{n}", String(shown.ply));
  }

  // As app/embed.py's stepped(), as far as it is known before Python (the number of moves is not).
  function press(action) {
    const at = shown.ply;
    if (action === "play") shown.playing = !shown.playing;
    else shown.playing = shown.playing && action === "next";
    if (action === "first") shown.ply = 0;
    else if (action === "last") shown.ply = null;
    else if (action === "prev" && at !== null) shown.ply = Math.max(0, at - 1);
    else if (action === "next" && at !== null) shown.ply = at + 1;
    presses.push(action);
    body().dataset.embedPressed = presses.join(" ");
  }

  function paint() {
    body().classList.add("embed");
    if (lang) root.lang = lang;
    const first = document.createElement("div");
    first.id = "embed-first";
    first.className = "embed-first";
    first.style.setProperty("--embed-aspect", String(aspect));
    const frame = document.createElement("div");
    frame.className = "embed-picture";
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
    frame.append(still, status());
    const bar = document.createElement("div");
    bar.className = "embed-bar";
    const text = document.createElement("p");
    text.className = "embed-caption";
    text.textContent = caption();
    bar.appendChild(text);
    if (params.get("mode") === "step") {
      const steps = stepControls();
      showSteps(steps);
      const move = document.createElement("p");
      move.className = "embed-move";
      bar.append(steps, move);
    }
    first.append(frame, bar);
    first.addEventListener("click", (event) => {
      if (body().dataset.embedRun !== "starting") return; // held: the start button is the way in
      const control = event.target.closest("[data-early]");
      if (control && !control.disabled) {
        press(control.dataset.early);
        for (const other of first.querySelectorAll("[data-early]")) other.toggleAttribute("data-pressed", other === control);
        showSteps(control.parentNode);
        // A control greyed by its own press (« or ‹ back at the start) hands the focus on: to ›.
        if (control.disabled) control.parentNode.querySelector("[data-early]:not(:disabled)")?.focus();
      }
      body().dataset.embedAsked = "1";
    });
    // The board's keys (links.EmbedPage._on_key) press the still's controls meanwhile, kept alike.
    document.addEventListener("keydown", (event) => {
      const action = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
      const control = action && first.isConnected && first.querySelector(`[data-early="${action}"]`);
      if (!control || body().dataset.embedRun !== "starting" || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (!control.disabled) control.click();
    });
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
  let resolveStart = null;
  window.qipanStart = new Promise((resolve) => { resolveStart = resolve; });
  const release = () => {
    body().dataset.embedRun = "starting";
    resolveStart();
  };

  function whenSeen(first, go) {
    if (!("IntersectionObserver" in window)) { go(); return; }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) { seen.disconnect(); go(); }
    });
    seen.observe(first);
  }

  function hold(first) {
    if (run === "auto") {
      body().dataset.embedRun = "waiting";
      whenSeen(first, release);
      return;
    }
    body().dataset.embedRun = "held";
    const go = () => {
      if (body().dataset.embedRun !== "held") return;
      button.remove();
      release();
    };
    const button = document.createElement("button");
    button.type = "button";
    button.className = "embed-start";
    button.textContent = `▶ ${say("embed.start")}`;
    button.addEventListener("click", go); // (and the press is a tap on the still: the mark comes to the middle)
    first.querySelector(".embed-picture").appendChild(button);
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
