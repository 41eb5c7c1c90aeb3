// Gives an element new HTML content by changing only the nodes that differ (morphdom, vendored
// from npm by tools/vendor.py), instead of rebuilding it as `innerHTML =` would: after a key or tap
// the browser styles and lays out again only what changed in the side panel, and the focus and
// scroll inside it stay (docs/performance.md). Without morphdom it falls back to innerHTML.
(() => {
  self.qipanPatch = (node, markup) => {
    if (!self.morphdom) {
      node.innerHTML = markup;
      return;
    }
    const next = node.cloneNode(false);
    next.innerHTML = markup;
    self.morphdom(node, next, {childrenOnly: true});
  };
})();
