import { join } from "node:path";

/**
 * The messenger bench's anchor: a host page whose button opens a frame on another port (another origin
 * of the same site, as the messenger's frame is) holding the least React app (bare-react-frame-app.tsx),
 * built minified for production as ours is. Timed by the same watcher under the same throttling in the
 * same run, it is what opening any React frame costs this machine, so the messenger's time divided by
 * it travels between machines.
 */
export interface BareReactFrame {
  /** The host page; its launcher is a button with `data-testid=gleap-launcher`. */
  hostUrl: string;
  /** The frame's origin. */
  frameOrigin: string;
  stop(): void;
}

async function buildApp(): Promise<string> {
  const built = await Bun.build({
    entrypoints: [join(import.meta.dir, "bare-react-frame-app.tsx")],
    minify: true,
    target: "browser",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  const output = built.outputs[0];
  if (!built.success || !output)
    throw new Error(`the bare React frame did not build: ${built.logs.join("\n")}`);
  return output.text();
}

export async function startBareReactFrame(): Promise<BareReactFrame> {
  const script = await buildApp();
  const frame = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === "/app.js")
        return new Response(script, { headers: { "content-type": "text/javascript" } });
      return new Response(
        `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/app.js"></script></head><body><div id="root"></div></body></html>`,
        { headers: { "content-type": "text/html" } },
      );
    },
  });
  const frameOrigin = `http://127.0.0.1:${frame.port}`;
  const host = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () =>
      new Response(
        `<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body><h1>A host page</h1>
<button type="button" data-testid="gleap-launcher">Open</button>
<script>
  document.querySelector("button").addEventListener("click", function () {
    var frame = document.createElement("iframe");
    frame.src = ${JSON.stringify(`${frameOrigin}/`)};
    frame.style.cssText = "position:fixed;right:20px;bottom:90px;width:400px;height:600px;border:0";
    document.body.appendChild(frame);
  });
  window.gleapReady = true;
</script></body></html>`,
        { headers: { "content-type": "text/html" } },
      ),
  });
  return {
    hostUrl: `http://127.0.0.1:${host.port}/`,
    frameOrigin,
    stop() {
      frame.stop(true);
      host.stop(true);
    },
  };
}
