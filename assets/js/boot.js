// Runs after the page is parsed (first-paint.js has already painted the last board): it shows
// the boot progress, and then loads PyScript.
// Where the browser refuses IndexedDB (a cross-site iframe with third-party storage blocked),
// PyScript would hang at its "Loading Storage" step, so an in-memory stand-in is put in first.
// Python's boot (snapshot.js: the stored memory snapshot or a plain boot) starts before PyScript loads.
const PYSCRIPT = "../vendor/pyscript-0.7.31/core.js";

function showProgress() {
  const step = document.getElementById("loading-step");
  window.addEventListener("py:progress", (event) => {
    step.textContent = String(event.detail || "");
  });
}

function indexedDbWorks() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 2000);
    try {
      const request = indexedDB.open("qipan-probe");
      request.onsuccess = () => {
        clearTimeout(timer);
        request.result.close();
        resolve(true);
      };
      request.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
    } catch {
      clearTimeout(timer);
      resolve(false);
    }
  });
}

// Just enough of IndexedDB for PyScript's package cache: one object store of key/value pairs.
function memoryIndexedDb() {
  const later = (request, result) => setTimeout(() => {
    request.result = result;
    if (request.onsuccess) request.onsuccess({ target: request });
  });
  const store = (map) => ({
    count: () => { const r = {}; later(r, map.size); return r; },
    clear: () => { const r = {}; map.clear(); later(r, undefined); return r; },
    delete: (key) => { const r = {}; map.delete(key); later(r, undefined); return r; },
    get: (key) => { const r = {}; later(r, map.get(key)); return r; },
    getKey: (key) => { const r = {}; later(r, map.has(key) ? key : undefined); return r; },
    getAllKeys: () => { const r = {}; later(r, [...map.keys()]); return r; },
    put: (value, key) => { const r = {}; map.set(key, value); later(r, key); return r; },
  });
  const databases = new Map();
  return {
    open(name) {
      const request = {};
      setTimeout(() => {
        if (!databases.has(name)) databases.set(name, new Map());
        const stores = databases.get(name);
        const db = {
          objectStoreNames: { get length() { return stores.size; } },
          createObjectStore(storeName) { stores.set(storeName, new Map()); },
          transaction(storeName) { return { objectStore: () => store(stores.get(storeName)) }; },
          close() {},
        };
        if (!stores.size) stores.set("entries", new Map());
        request.result = db;
        if (request.onsuccess) request.onsuccess({ target: request });
      });
      return request;
    },
  };
}

// After Python is ready (so precaching does not compete with the boot), register the service
// worker that lets the app load and play offline, and offer its updates.
function registerServiceWorkerWhenReady() {
  window.addEventListener("qipan:ready", () => {
    if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
    navigator.serviceWorker.register("./sw.js").then(offerUpdates).catch(() => {
      document.body.dataset.offline = "unavailable";
    });
  }, { once: true });
}

// A new version installs in the background and then waits: this page and its computer-player
// worker keep the files of the version they started with (the waiting worker serves nothing).
// The player is told, in the page's language, and the new version takes over when they press
// Reload. Shown here, not by Python: it needs nothing of the app and works whatever version runs.
const UPDATE_WORDS = {
  en: { text: "A new version of Qipan is ready.", button: "Reload" },
  "zh-TW": { text: "棋盤有新版本了。", button: "重新載入" },
};
let acceptedUpdate = false;

function offerUpdates(registration) {
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdate(() => {
      acceptedUpdate = true;
      worker.postMessage({ type: "qipan:skip-waiting" });
    });
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    if (!incoming) return;
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "installed") offer(incoming);
    });
  });
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // This page accepted: reload into the new version. Another tab accepted: this page runs the
    // old code under the new worker, whose files are the new version's, so nothing more is
    // loaded from it (data-version-changed: the computer player's worker, if not started yet,
    // is not started; web/computer_client.py) and the reload is offered. A first visit's page
    // (no worker before) taken by the first install has nothing older: nothing to say.
    if (acceptedUpdate) location.reload();
    else if (hadController) {
      document.body.dataset.versionChanged = "1";
      showUpdate(() => location.reload());
    }
  });
}

function showUpdate(accept) {
  let bar = document.getElementById("update-ready");
  const words = UPDATE_WORDS[document.documentElement.lang] || UPDATE_WORDS.en;
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "update-ready";
    bar.className = "update-ready";
    bar.setAttribute("role", "status");
    const text = document.createElement("span");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    bar.append(text, button);
    document.body.append(bar);
  }
  bar.querySelector("span").textContent = words.text;
  const button = bar.querySelector("button");
  button.textContent = words.button;
  button.onclick = () => {
    button.disabled = true;
    accept();
  };
  document.body.dataset.updateReady = "1";
}

// Embedded boards boot one at a time: a post with four boards that all booted at once had its first
// board interactive after about three times as long as a post with one (bench/blog.py). The frames
// of one site under one page share a BroadcastChannel, over which they keep a line (bootLine) in
// the order the page opened them, its first board first: each board holds its place from the start
// of its boot until it is ready (body[data-py-ready]) or gave up; the next waits. Not Web Locks:
// Chromium refuses them to a cross-site frame whose third-party storage is blocked, and where they
// work they go in the order the frames asked, which put a post's first board last. Without a
// BroadcastChannel, the lock; without either, no line. A board not ready after BOOT_HOLD_MS lets
// the next one go anyway, so one broken frame never holds the rest back.
const BOOT_HOLD_MS = 30000;

function untilBooted() {
  return new Promise((resolve) => {
    const body = document.body;
    const booted = () => body.dataset.pyReady || body.dataset.embedError;
    if (booted()) { resolve(); return; }
    const watch = new MutationObserver(() => {
      if (booted()) { watch.disconnect(); resolve(); }
    });
    watch.observe(body, { attributes: true, attributeFilter: ["data-py-ready", "data-embed-error"] });
    setTimeout(() => { watch.disconnect(); resolve(); }, BOOT_HOLD_MS);
  });
}

// The line over a BroadcastChannel: each board announces when its frame was opened ([time, id]); a board boots
// when it is the earliest of those it knows that have not finished, and says so when it has. Every
// board answers a newcomer with its own place, so the newcomer learns of those before it.
function bootLine(start) {
  const channel = new BroadcastChannel("qipan-boot");
  const me = [performance.timeOrigin, Math.random()]; // in the order the frames were opened: the post's order
  const waiting = new Map([[me[1], me[0]]]);
  let started = false;
  let settled = false;
  const first = () => [...waiting].every(([id, asked]) => asked > me[0] || (asked === me[0] && id >= me[1]));
  const tryStart = () => {
    if (started || !settled || !first()) return;
    started = true;
    start().finally(() => {
      channel.postMessage({ done: me[1] });
      channel.close();
    });
  };
  channel.onmessage = ({ data }) => {
    if (data.done !== undefined) waiting.delete(data.done);
    else if (!waiting.has(data.id)) {
      waiting.set(data.id, data.asked);
      channel.postMessage({ id: me[1], asked: me[0] });
    }
    tryStart();
  };
  window.addEventListener("pagehide", () => {
    try { channel.postMessage({ done: me[1] }); } catch { /* already closed: done was said */ }
  }, { once: true });
  channel.postMessage({ id: me[1], asked: me[0] });
  setTimeout(() => { settled = true; tryStart(); }, 50);  // time for the boards already in line to answer
}

function oneAtATime(boot) {
  const booted = () => boot().then(untilBooted);
  return new Promise((resolve) => {
    let ran = false;
    const run = () => { ran = true; const going = booted(); going.then(resolve, resolve); return going; };
    if ("BroadcastChannel" in window) bootLine(run);
    else if (navigator.locks) navigator.locks.request("qipan-boot", run).catch(() => { if (!ran) run(); });
    else run();
  });
}

// Where the browser refuses IndexedDB, an in-memory stand-in takes its place (for PyScript, which
// loads after it); resolves to whether the real one works.
function probeStorage() {
  return indexedDbWorks().then((works) => {
    if (!works) {
      Object.defineProperty(window, "indexedDB", { value: memoryIndexedDb(), configurable: true });
      document.body.dataset.memoryStorage = "1";
    }
    return works;
  });
}

// Once the board's stored picture (first-paint.js) is painted, or the first frame when there is
// none; at once in a hidden page (it paints nothing); at most PAINT_WAIT_MS. Python's boot holds the
// main thread in long stretches: started before, it put the picture back by tens of ms.
const PAINT_WAIT_MS = 300;

function afterFirstPaint() {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, PAINT_WAIT_MS);
    const picture = document.querySelector("#board-picture[elementtiming][src]");
    if (picture && PerformanceObserver.supportedEntryTypes.includes("element")) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some((entry) => entry.identifier === "last-board")) return;
        observer.disconnect();
        resolve();
      }).observe({ type: "element", buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(resolve, 0));
    }
  });
}

// The boot itself starts first (snapshot.js: finding the stored snapshot while the storage is
// probed, then, once the picture is painted, the runtime and the package), then PyScript loads
// beside it, once the storage is known to work or replaced, and takes the interpreter when it is ready.
async function startPython(snapshot, storage) {
  (await snapshot).prepare(storage, afterFirstPaint());
  await storage;
  await import(PYSCRIPT);
}

async function boot() {
  if (window.qipanStart) await window.qipanStart;  // an embed waits until it is in view or clicked (embed.js)
  const snapshot = import("./snapshot.js");
  showProgress();
  registerServiceWorkerWhenReady();
  const storage = probeStorage();
  if (document.documentElement.dataset.embed) await oneAtATime(() => startPython(snapshot, storage));
  else await startPython(snapshot, storage);
}

boot();
