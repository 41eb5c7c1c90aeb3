// Paints a frame that Python recorded (py/qipan/boardkit/display.py) on a 2D context in ONE call
// across Pyodide's FFI, instead of one per fill, stroke or text (docs/performance.md).
// `ops` is a JSON string: an array of [name, ...args] (a call) and ["=name", value] (a property);
// ["@layer", i] copies in `layers[i]`, a canvas holding one of the board's unchanging parts, drawn
// at the canvas's own pixels. `fresh`: start from a cleared canvas and the context's default state (a
// frame with a layer, and the layer itself, never depend on what the frame before left).
(() => {
  function reset(ctx) {
    if (ctx.reset) ctx.reset();
    else ctx.canvas.width = ctx.canvas.width;  // (older browsers: the same, by resizing)
  }

  function replay(ctx, ops, layers, fresh) {
    const list = typeof ops === "string" ? JSON.parse(ops) : ops;
    if (fresh) reset(ctx);
    for (let i = 0; i < list.length; i++) {
      const op = list[i];
      const name = op[0];
      if (name.charCodeAt(0) === 61) {  // "="
        ctx[name.slice(1)] = op[1];
        continue;
      }
      if (name === "@layer") {
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = 1;
        ctx.globalCompositeOperation = "source-over";
        ctx.drawImage(layers[op[1]], 0, 0);
        ctx.restore();
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
