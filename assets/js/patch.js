// Gives an element new HTML content by changing only the nodes that differ (morphdom, vendored
// from npm by tools/vendor.py), instead of rebuilding it as `innerHTML =` would: after a key or tap
// the browser styles and lays out again only what changed in the side panel, and the focus and
// scroll inside it stay (docs/performance.md). An element with an id or a `data-key` is matched by
// it: a new key (a new roll's dice) is a new node, so its CSS animation runs. Without morphdom it
// falls back to innerHTML, and says so once on the console.
(() => {
  let warned = false;
  const key = (node) => (node.nodeType === 1 ? node.id || node.getAttribute("data-key") || undefined : undefined);
  self.qipanPatch = (node, markup) => {
    if (!self.morphdom) {
      if (!warned) console.warn("qipan: morphdom did not load; the panel is rebuilt instead of patched");
      warned = true;
      node.innerHTML = markup;
      return;
    }
    const next = node.cloneNode(false);
    next.innerHTML = markup;
    self.morphdom(node, next, {childrenOnly: true, getNodeKey: key});
  };
})();
