// Runs while the page is still being parsed (a plain script right after the board's markup),
// so that a return visit paints the last board as the player left it in the very first frame:
// the language and theme of the stored settings, and the picture of the board.
(() => {
  const PREFIX = "qipan/v1/";

  function stored(key) {
    try {
      return window.localStorage.getItem(PREFIX + key);
    } catch {
      return null;
    }
  }

  function readJson(key) {
    try {
      return JSON.parse(stored(key) || "null");
    } catch {
      return null;
    }
  }

  function chooseLanguage() {
    const settings = readJson("settings");
    if (settings && (settings.lang === "en" || settings.lang === "zh-TW")) return settings.lang;
    const tags = navigator.languages || [navigator.language || "en"];
    for (const tag of tags) {
      if (tag.toLowerCase().startsWith("zh")) return "zh-TW";
      if (tag.toLowerCase().startsWith("en")) return "en";
    }
    return "en";
  }

  function paintLastBoard() {
    const picture = readJson("picture");
    if (!picture || typeof picture.image !== "string" || !picture.image.startsWith("data:image/")) return;
    // A picture made under another colour scheme (the system's dark mode switched under the theme
    // "auto", or another theme) would show its old colour around the board: the loading frame instead.
    const area = document.getElementById("board-area");
    if (typeof picture.backdrop === "string" && getComputedStyle(area).backgroundColor !== picture.backdrop) return;
    const img = document.getElementById("board-picture");
    img.setAttribute("elementtiming", "last-board"); // bench/startup.py reads when it was painted
    img.decoding = "sync"; // decode with the first frame, not after it
    img.src = picture.image;
    img.hidden = false;
    document.getElementById("screen-play").hidden = false;
    document.getElementById("game-name").textContent = picture.title || "";
    document.body.classList.add("has-picture");
  }

  const settings = readJson("settings") || {};
  document.documentElement.lang = chooseLanguage();
  if (["light", "dark", "contrast"].includes(settings.theme)) document.documentElement.dataset.theme = settings.theme;
  if (!new URLSearchParams(location.search).has("embed")) paintLastBoard(); // an embed shows its own board
})();
