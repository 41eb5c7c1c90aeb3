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
    const img = document.getElementById("board-picture");
    const screen = document.getElementById("screen-play");
    const name = document.getElementById("game-name");
    img.hidden = screen.hidden = false;
    name.textContent = picture.title || "";
    document.body.classList.add("has-picture");
    // A picture made under another colour scheme (the system's dark mode switched under the theme
    // "auto", or another theme) would show its old colour around the board: the loading frame
    // instead. Asked once the page is as it will be painted, so that the style computed here is
    // the first frame's, not computed again for it.
    if (typeof picture.backdrop === "string"
        && getComputedStyle(document.getElementById("board-area")).backgroundColor !== picture.backdrop) {
      img.hidden = screen.hidden = true;
      name.textContent = "";
      document.body.classList.remove("has-picture");
      return;
    }
    img.setAttribute("elementtiming", "last-board"); // bench/startup.py reads when it was painted
    img.decoding = "sync"; // decode with the first frame, not after it
    img.src = picture.image;
  }

  const settings = readJson("settings") || {};
  document.documentElement.lang = chooseLanguage();
  if (["light", "dark", "contrast"].includes(settings.theme)) document.documentElement.dataset.theme = settings.theme;
  if (!new URLSearchParams(location.search).has("embed")) paintLastBoard(); // an embed shows its own board
})();
