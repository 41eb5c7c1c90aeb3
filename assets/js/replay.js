// Paints a frame that Python recorded (py/qipan/boardkit/display.py) on a 2D context in ONE call
// across Pyodide's FFI, instead of one per fill, stroke or text (docs/performance.md).
// `ops` is a JSON string: an array of [name, ...args] (a call) and ["=name", value] (a property).
// bench/latency.py and the e2e latency test wrap self.qipanReplay to time the end of each frame.
(() => {
  function replay(ctx, ops) {
    const list = typeof ops === "string" ? JSON.parse(ops) : ops;
    for (let i = 0; i < list.length; i++) {
      const op = list[i];
      const name = op[0];
      if (name.charCodeAt(0) === 61) {  // "="
        ctx[name.slice(1)] = op[1];
        continue;
      }
      switch (op.length) {
        case 1: ctx[name](); break;
        case 2: ctx[name](op[1]); break;
        case 3: ctx[name](op[1], op[2]); break;
        case 4: ctx[name](op[1], op[2], op[3]); break;
        case 5: ctx[name](op[1], op[2], op[3], op[4]); break;
        case 6: ctx[name](op[1], op[2], op[3], op[4], op[5]); break;
        default: ctx[name](...op.slice(1));
      }
    }
  }
  self.qipanReplay = replay;
})();
