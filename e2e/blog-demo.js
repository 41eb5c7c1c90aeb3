// The demo blog page's script (a file of its own: the test server sends the app's CSP, no inline scripts).
// The app lives on another site: by default the same port on the other loopback name
// (localhost <-> 127.0.0.1), or ?app=<base URL>.
const here = new URL(location.href);
const other = here.hostname === "localhost" ? "127.0.0.1" : "localhost";
const app = here.searchParams.get("app") || `${here.protocol}//${other}:${here.port}/index.html`;
for (const frame of document.querySelectorAll("iframe.qipan")) {
  frame.src = app + frame.dataset.src;
}
const appOrigin = new URL(app, location.href).origin;
window.addEventListener("message", (event) => {
  if (event.origin !== appOrigin) return;  // any page may post a message: only the boards' site counts
  const data = event.data;
  if (!data || data.type !== "qipan:height" || typeof data.height !== "number") return;
  for (const frame of document.querySelectorAll("iframe.qipan")) {
    if (frame.contentWindow === event.source) frame.style.height = `${Math.min(Math.max(data.height, 100), 4000)}px`;
  }
});
