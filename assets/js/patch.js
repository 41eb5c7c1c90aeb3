// Gives an element new HTML content by changing only the nodes that differ (morphdom, vendored
// from npm by tools/vendor.py), instead of rebuilding it as `innerHTML =` would: after a key or tap
// the browser styles and lays out again only what changed in the side panel, and the focus and
// scroll inside it stay (docs/performance.md). An element with an id or a `data-key` is matched by
// it: a new key (a new roll's dice) is a new node, so its CSS animation runs. Without morphdom it
// falls back to innerHTML, and says so once on the console.
//
// It also notes when each control (an element with a `data-action`) became what it is: added, or
// given another action or value by a patch, or the turn passed to another player (the app says so).
// `qipanShownAt(control)` gives that time (performance.now(); -Infinity if older than the page's
// patches and turns), so that a double tap's second tap on a control that replaced the first one
// under the finger, or that now acts for the next player, can be told from a tap meant for it
// (qipan/app/taps.py); `qipanFirstShownSince` finds the control a tap's answer brought.
(() => {
  let warned = false;
  const shown = new WeakMap();
  let standIns = new Set();  // the empty places made for new sections by this patch (makeRoom)
  const key = (node) => (node.nodeType === 1 ? node.id || node.getAttribute("data-key") || undefined : undefined);
  const isControl = (node) => node.nodeType === 1 && node.hasAttribute("data-action");
  const changed = (from, to) =>
    from.getAttribute("data-action") !== to.getAttribute("data-action") ||
    from.getAttribute("data-value") !== to.getAttribute("data-value");
  const options = {
    childrenOnly: true,
    getNodeKey: key,
    onNodeAdded: (node) => {
      if (isControl(node)) shown.set(node, performance.now());
      return node;
    },
    onBeforeElUpdated: (from, to) => {
      if (isControl(to) && changed(from, to)) shown.set(from, performance.now());
      if (from.localName === "details" && !standIns.has(from)) to.open = from.open;  // as the player left it (a note, a legend)
      return true;
    },
  };
  let turnPassed = -Infinity;
  // An input's answer changed the player to move (web/app.py): every control now acts for them.
  self.qipanTurnPassed = () => { turnPassed = performance.now(); };
  self.qipanShownAt = (node) => Math.max(shown.get(node) ?? -Infinity, turnPassed);
  // The first enabled control in `root` that appeared or changed, or that acts for the player the
  // turn passed to, at `since` or later; or undefined.
  self.qipanFirstShownSince = (root, since) =>
    [...root.querySelectorAll("[data-action]:not([disabled])")].find((node) => self.qipanShownAt(node) >= since);
  self.qipanPatch = (node, markup) => {
    if (!self.morphdom) {
      if (!warned) console.warn("qipan: morphdom did not load; the panel is rebuilt instead of patched");
      warned = true;
      node.innerHTML = markup;
      return;
    }
    const next = node.cloneNode(false);
    next.innerHTML = markup;
    makeRoom(node, next);
    try {
      self.morphdom(node, next, options);
    } finally {
      standIns = new Set();  // (filled now: sections like any other)
    }
  };
  // morphdom appends a keyed section that is new (Calavera's dice after its Roll button, Table
  // Gype's re-rolled dice) at the end, then moves every keyed section after it back behind it and
  // makes every unkeyed one after it anew: each is laid out and styled from scratch, and its
  // animations start again. So, first, the keyed sections that go (keyed nowhere in the new markup)
  // are taken out, and each new one gets an empty stand-in of its kind at its place, which morphdom
  // then fills like a section that stays.
  const keyed = (root) => {
    const found = new Map();
    for (const element of root.querySelectorAll("[id], [data-key]")) found.set(key(element), element);
    return found;
  };
  const makeRoom = (node, next) => {
    const wanted = keyed(next);
    for (const child of [...node.children]) {
      const name = key(child);
      if (name && wanted.get(name)?.localName !== child.localName) child.remove();  // (gone, or another kind)
    }
    const have = keyed(node);
    [...next.children].forEach((child, at) => {
      const name = key(child);
      if (!name || have.has(name)) return;
      const room = document.createElementNS(child.namespaceURI, child.localName);
      if (child.id) room.id = child.id;
      else room.setAttribute("data-key", name);
      standIns.add(room);
      node.insertBefore(room, node.children[at] ?? null);
    });
  };
})();
