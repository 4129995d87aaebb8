import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { BuildError, buildAll } from "../build.ts";
import { fullChromiumLaunch } from "../e2e/support/browsers.ts";
import { createLogger } from "../src/server/logger.ts";
import { type RunningServer, startServer } from "../src/server/server.ts";
import { benchServerConfig } from "./bench-server-config.ts";
import { benchOptions } from "./cli-options.ts";

/**
 * The capture surfaces' costs beside the reference Gleap SDK (npm gleap@14.6.7), in one Chromium run,
 * both against our own server:
 *
 * 1. Snapshot: the report's `screenshotData` of a 5,000-element page (with 40 pictures, a canvas,
 *    form fields, linked and inline stylesheets), median of `--runs` fresh page loads each. Ours is the
 *    capture chunk's own `takePageSnapshot` (bundled from src/widget/capture); the reference's is what
 *    it does before it posts a report (`sendSilentCrashReport` with nothing excluded, timed until the
 *    report's request is sent). Also ours with the capture's picture (snapdom) made alongside.
 * 2. Replay recorder: the main-thread time the recorder adds per minute of a busy page (DOM churn,
 *    scrolling, pointer moves, clicks), from CDP `Performance.getMetrics` (TaskDuration, ScriptDuration)
 *    and long tasks over a `--replay-seconds` window, each SDK with replays on minus the same SDK with
 *    replays off (so only the recorder is counted), median of `--replay-runs` runs.
 *
 *   bun bench/capture.ts [--runs 10] [--throttle 4] [--replay-seconds 30] [--replay-runs 2] [--verbose]
 *
 * Exit 1 when our snapshot is not faster than the reference's; exit 2 when nothing was measured.
 */
const { flag, numbers } = benchOptions();
const {
  runs,
  throttle,
  "replay-seconds": replaySeconds,
  "replay-runs": replayRuns,
} = numbers({ runs: 10, throttle: 4, "replay-seconds": 30, "replay-runs": 2 });
const verbose = flag("verbose");

const root = join(import.meta.dir, "..");
const referenceBundle = join(root, "node_modules", "gleap", "build", "cjs", "index.js");
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

// ---------------------------------------------------------------------------------------------------
// Pages

const words = "notes team sync offline share plan draft review project idea task board calendar focus".split(
  " ",
);
const phrase = (seed: number, length: number) =>
  Array.from({ length }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(" ");

/** A shop-like page of about 5,000 elements: cards with pictures, a form, a canvas, two stylesheets. */
function snapshotPage(head: string): string {
  const cards = Array.from({ length: 380 }, (_, n) => {
    const picture = n < 40 ? `<img src="/img/${n % 2 ? "photo.jpg" : "chart.png"}?n=${n}" alt="">` : "";
    return (
      `<article class="card">${picture}<div class="thumb" style="--hue:${(n * 37) % 360}"></div>` +
      `<h3>${phrase(n, 2)} <span>${n + 1}</span></h3><p class="desc">${phrase(n, 10)} <em>${phrase(n + 3, 2)}</em></p>` +
      `<p class="price">$<b>${((n * 7.31) % 200).toFixed(2)}</b></p><ul class="tags"><li>${phrase(n, 1)}</li>` +
      `<li>${phrase(n + 1, 1)}</li></ul><button type="button">Add <i>to cart</i></button></article>`
    );
  }).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Shop</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/site.css">
<style>.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:1rem}
.card{border:1px solid #ddd;border-radius:8px;padding:.75rem}.card img{width:100%;height:auto}
.thumb{aspect-ratio:4/3;background:hsl(var(--hue),60%,75%)}</style>
<style media="print">body{color:#000}</style>${head}</head><body>
<header><strong>Acme Shop</strong><nav>${Array.from({ length: 8 }, (_, i) => `<a href="#s${i}">${phrase(i, 1)}</a>`).join("")}</nav></header>
<main><form><label>Name <input id="name" value="Ada"></label><label>Card <input class="gl-mask" value="4111 1111"></label>
<label>Password <input type="password" value="hunter2"></label><textarea>It broke</textarea>
<select><option>free</option><option selected>pro</option></select></form>
<canvas id="chart" width="800" height="300"></canvas><div class="grid">${cards}</div></main>
<script>const c=document.getElementById("chart").getContext("2d");for(let i=0;i<40;i++){c.fillStyle="hsl("+i*9+",70%,55%)";c.fillRect(i*20,300-i*7,16,i*7)}</script>
</body></html>`;
}

const siteCss = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1b1f;background:url(img/chart.png) no-repeat -9999px 0}
header{display:flex;gap:1rem;padding:1rem 2rem;background:#16324f;color:#fff}header a{color:#fff}
main{max-width:1200px;margin:0 auto;padding:1rem 2rem}.price{font-weight:700}.tags{display:flex;gap:.5rem;list-style:none;padding:0}`;

/** A page that keeps changing: rows added and removed, texts and classes changed, scrolling, pointer moves. */
function busyPage(head: string): string {
  const rows = Array.from(
    { length: 300 },
    (_, n) =>
      `<tr id="r${n}"><td>${n}</td><td class="name">${phrase(n, 3)}</td><td class="v">0</td><td><span class="badge">ok</span></td></tr>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard</title><link rel="icon" href="data:,">
<style>body{margin:0;font:14px system-ui,sans-serif}table{border-collapse:collapse;width:100%}td{padding:4px 8px;border-bottom:1px solid #eee}
.hot{background:#ffe9e0}.badge{padding:0 6px;border-radius:4px;background:#e8f4ff}.feed{height:200px;overflow:auto}</style>${head}</head>
<body><h1>Live dashboard</h1><div class="feed" id="feed"></div><table><tbody id="rows">${rows}</tbody></table><div style="height:2000px"></div>
<script>
let tick = 0;
setInterval(() => {
  tick++;
  for (let i = 0; i < 30; i++) {
    const row = document.getElementById("r" + ((tick * 31 + i * 7) % 300));
    row.querySelector(".v").textContent = String((tick * 13 + i) % 997);
    row.classList.toggle("hot", (tick + i) % 3 === 0);
  }
  const feed = document.getElementById("feed");
  const item = document.createElement("p");
  item.textContent = "event " + tick + " " + Math.random().toString(36).slice(2);
  feed.prepend(item);
  if (feed.children.length > 40) feed.lastElementChild.remove();
}, 100);
setInterval(() => window.scrollTo(0, (tick * 37) % 1500), 500);
let x = 0;
setInterval(() => {
  x = (x + 17) % 900;
  document.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: 200 + (x % 300), bubbles: true }));
}, 50);
setInterval(() => document.getElementById("r" + (tick % 300)).dispatchEvent(new MouseEvent("click", { bubbles: true })), 2000);
</script></body></html>`;
}

/** Our snippet (the documented one) for a project key. */
const ourSnippet = (server: string, key: string) =>
  `<script>window.Gleap=window.Gleap||[];window.GleapActions=[];["initialize","on"].forEach(function(m){window.Gleap[m]=function(){window.GleapActions.push({e:m,a:[].slice.call(arguments)})}});window.Gleap.invoked=true;
Gleap.on("initialized",function(){window.__sdkReady=true});Gleap.initialize(${JSON.stringify(key)});
var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(`${server}/sdk/loader.js`)};document.head.appendChild(s);</script>`;

/** The reference bundle (a classic script that defines `window.Gleap`), pointed at our server. */
const referenceSnippet = (host: string, server: string, messenger: string, key: string) =>
  `<script src="${host}/ref/index.js"></script><script>Gleap.setApiUrl(${JSON.stringify(`${server}/api/widget`)});
Gleap.setWSApiUrl(${JSON.stringify(`${server.replace(/^http/, "ws")}/api/widget/ws`)});Gleap.setFrameUrl(${JSON.stringify(messenger)});
Gleap.on("initialized",function(){window.__sdkReady=true});Gleap.initialize(${JSON.stringify(key)});</script>`;

/** Stamps when a report request is sent (the reference's snapshot ends right before it). */
const reportStamp = `(() => {
  const open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) { this.__url = String(url); return open.apply(this, arguments); };
  XMLHttpRequest.prototype.send = function (body) {
    if (this.__url && this.__url.endsWith("/bugs/v2")) window.__reportSentAt = performance.now(), window.__reportBytes = body ? body.length : 0;
    return send.apply(this, arguments);
  };
})();`;

// ---------------------------------------------------------------------------------------------------
// Setup

async function pictures(
  browser: Browser,
): Promise<{ png: Uint8Array<ArrayBuffer>; jpeg: Uint8Array<ArrayBuffer> }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.setContent(
    '<div style="width:1200px;height:800px;background:conic-gradient(from 45deg,#f80,#08f,#0c6,#f80)"></div>',
  );
  const png = await page.screenshot({ type: "png" });
  const jpeg = await page.screenshot({ type: "jpeg", quality: 85 });
  await page.close();
  return { png: Uint8Array.from(png), jpeg: Uint8Array.from(jpeg) };
}

/** Our snapshot code, bundled for the page: `window.__ours.snapshot()` and `.withImage()`. */
async function bundleOurSnapshot(workDir: string): Promise<string> {
  const entry = join(workDir, "snapshot-entry.ts");
  await Bun.write(
    entry,
    `import { takePageSnapshot } from ${JSON.stringify(join(root, "src/widget/capture/snapshot/page-snapshot.ts"))};
import { captureImage } from ${JSON.stringify(join(root, "src/widget/capture/capture-image.ts"))};
const region = () => ({ x: scrollX, y: scrollY, width: innerWidth, height: innerHeight });
(window as any).__ours = {
  snapshot: () => takePageSnapshot().then((data) => JSON.stringify({ screenshotData: data })),
  withImage: () => Promise.all([takePageSnapshot(), captureImage({ window, exclude: () => false, region: region(), drawingSvg: null })])
    .then(([data, image]) => JSON.stringify({ screenshotData: { ...data, image } })),
};`,
  );
  const result = await Bun.build({ entrypoints: [entry], target: "browser", format: "esm", minify: true });
  if (!result.success) throw new Error(result.logs.map(String).join("\n"));
  return (await result.outputs[0]?.text()) ?? "";
}

async function addProject(server: RunningServer, key: string, flowConfig: Record<string, unknown>) {
  await server.db.sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${crypto.randomUUID()}, ${key}, ${key}, ${`${key}-secret`}, ${JSON.stringify(flowConfig)}, ${new Date().toISOString()})`;
}

async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  return cdp;
}

const waitReady = (page: Page) =>
  page.waitForFunction(() => (window as { __sdkReady?: boolean }).__sdkReady === true, null, {
    timeout: 30_000,
  });

// ---------------------------------------------------------------------------------------------------
// Runs

const workDir = await mkdtemp(join(tmpdir(), "bench-capture-"));
const cleanups: Array<() => Promise<unknown> | unknown> = [
  () => rm(workDir, { recursive: true, force: true }),
];
let exitCode = 0;
try {
  const distDir = join(workDir, "dist");
  try {
    await buildAll({ outDir: distDir });
  } catch (error) {
    throw new Error(
      `our build failed, nothing measured:\n${error instanceof BuildError ? error.message : error}`,
    );
  }
  const server = await startServer(
    benchServerConfig(workDir, distDir, { DEMO_DATA: "minimal" }),
    createLogger("silent"),
  );
  cleanups.push(() => server.stop());
  await addProject(server, "bench-off", { enableWebReplays: false, enableNetworkLogs: false });
  await addProject(server, "bench-replays", { enableWebReplays: true, enableNetworkLogs: false });
  const ours = server.mainUrl.replace("localhost", "127.0.0.1").replace(/\/$/, "");
  const messenger = server.messengerUrl.replace("localhost", "127.0.0.1").replace(/\/$/, "");

  const browser = await chromium.launch(fullChromiumLaunch);
  cleanups.push(() => browser.close());
  const images = await pictures(browser);
  const ourBundle = await bundleOurSnapshot(workDir);
  const referenceSource = await Bun.file(referenceBundle).text();

  let pagesByPath: Record<string, string> = {};
  const hostServer = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      const text = (body: string, type: string) =>
        new Response(body, { headers: { "Content-Type": type, "Cache-Control": "no-store" } });
      // Pictures are cacheable, as on a real site: neither SDK should have to download them again.
      const picture = (body: Uint8Array<ArrayBuffer>, type: string) =>
        new Response(body, { headers: { "Content-Type": type, "Cache-Control": "public, max-age=3600" } });
      if (path === "/img/photo.jpg") return picture(images.jpeg, "image/jpeg");
      if (path === "/img/chart.png") return picture(images.png, "image/png");
      if (path === "/site.css") return text(siteCss, "text/css");
      if (path === "/ours.js") return text(ourBundle, "text/javascript");
      if (path === "/ref/index.js") return text(referenceSource, "text/javascript");
      const page = pagesByPath[path];
      return page ? text(page, "text/html; charset=utf-8") : new Response("Not found", { status: 404 });
    },
  });
  cleanups.push(() => hostServer.stop(true));
  const host = `http://127.0.0.1:${hostServer.port}`;
  pagesByPath = {
    "/snapshot-ours": snapshotPage('<script type="module" src="/ours.js"></script>'),
    "/snapshot-reference": snapshotPage(referenceSnippet(host, ours, messenger, "bench-off")),
    "/busy-baseline": busyPage(""),
    "/busy-ours-off": busyPage(ourSnippet(ours, "bench-off")),
    "/busy-ours-on": busyPage(ourSnippet(ours, "bench-replays")),
    "/busy-reference-off": busyPage(referenceSnippet(host, ours, messenger, "bench-off")),
    "/busy-reference-on": busyPage(referenceSnippet(host, ours, messenger, "bench-replays")),
  };
  const elements = (pagesByPath["/snapshot-ours"]?.match(/<[a-z][a-z0-9]*[\s>]/g) ?? []).length;

  // 1. Snapshots.
  const snapshot = { ours: [] as number[], oursImage: [] as number[], reference: [] as number[] };
  const sizes = { ours: [] as number[], reference: [] as number[] };
  for (let round = -1; round < runs; round++) {
    for (const variant of round % 2 ? (["ours", "reference"] as const) : (["reference", "ours"] as const)) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: host }]);
      await context.addInitScript(reportStamp);
      const page = await context.newPage();
      try {
        await throttled(page);
        await page.goto(`${host}/snapshot-${variant}`, { waitUntil: "load" });
        if (variant === "ours") {
          await page.waitForFunction(() => "__ours" in window);
          await page.waitForTimeout(300);
          const [took, bytes] = await page.evaluate(async () => {
            const ours = (window as unknown as { __ours: { snapshot(): Promise<string> } }).__ours;
            const start = performance.now();
            const body = await ours.snapshot();
            return [performance.now() - start, body.length];
          });
          const withImage = await page.evaluate(async () => {
            const ours = (window as unknown as { __ours: { withImage(): Promise<string> } }).__ours;
            const start = performance.now();
            await ours.withImage();
            return performance.now() - start;
          });
          if (round >= 0) {
            snapshot.ours.push(took);
            snapshot.oursImage.push(withImage);
            sizes.ours.push(bytes);
          }
          if (verbose)
            console.log(`snapshot ours: ${ms(took)} (with picture ${ms(withImage)}), ${bytes} chars`);
        } else {
          await waitReady(page);
          await page.waitForTimeout(300);
          const start = await page.evaluate(() => {
            const start = performance.now();
            (
              window as unknown as { Gleap: { sendSilentCrashReport(...a: unknown[]): void } }
            ).Gleap.sendSilentCrashReport("bench", "LOW", {});
            return start;
          });
          await page.waitForFunction(() => "__reportSentAt" in window, null, { timeout: 120_000 });
          const [sentAt, bytes] = await page.evaluate(() => {
            const w = window as unknown as { __reportSentAt: number; __reportBytes: number };
            return [w.__reportSentAt, w.__reportBytes];
          });
          if (round >= 0) {
            snapshot.reference.push(sentAt - start);
            sizes.reference.push(bytes);
          }
          if (verbose) console.log(`snapshot reference: ${ms(sentAt - start)}, ${bytes} chars`);
        }
      } finally {
        await context.close();
      }
    }
  }

  // 2. The replay recorder on a busy page.
  type Variant = "baseline" | "ours-off" | "ours-on" | "reference-off" | "reference-on";
  const variants: Variant[] = ["baseline", "ours-off", "ours-on", "reference-off", "reference-on"];
  const replay = new Map<
    Variant,
    Array<{ taskMs: number; scriptMs: number; longTasks: number; longTaskMs: number }>
  >();
  for (let round = 0; round < replayRuns; round++) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(i + round) % variants.length] as Variant;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: host }]);
      await context.addInitScript(`window.__longTasks = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: "longtask", buffered: true });`);
      const page = await context.newPage();
      try {
        const cdp = await throttled(page);
        await page.goto(`${host}/busy-${variant}`, { waitUntil: "load" });
        if (variant !== "baseline") await waitReady(page);
        // The recorder's start (its first full snapshot) is not part of the steady cost.
        await page.waitForTimeout(3000);
        const before = (await cdp.send("Performance.getMetrics")).metrics;
        const tasksBefore = await page.evaluate(
          () => (window as unknown as { __longTasks: number[] }).__longTasks.length,
        );
        await page.waitForTimeout(replaySeconds * 1000);
        const after = (await cdp.send("Performance.getMetrics")).metrics;
        const longTasks = await page.evaluate(
          (from) => (window as unknown as { __longTasks: number[] }).__longTasks.slice(from),
          tasksBefore,
        );
        const metric = (list: typeof before, name: string) =>
          list.find((entry) => entry.name === name)?.value ?? 0;
        const result = {
          taskMs: (metric(after, "TaskDuration") - metric(before, "TaskDuration")) * 1000,
          scriptMs: (metric(after, "ScriptDuration") - metric(before, "ScriptDuration")) * 1000,
          longTasks: longTasks.length,
          longTaskMs: longTasks.reduce((sum, duration) => sum + duration, 0),
        };
        replay.set(variant, [...(replay.get(variant) ?? []), result]);
        if (verbose)
          console.log(
            `replay ${variant}: tasks ${ms(result.taskMs)}, script ${ms(result.scriptMs)}, long tasks ${result.longTasks} (${ms(result.longTaskMs)})`,
          );
      } finally {
        await context.close();
      }
    }
  }

  // Report.
  const perMinute = 60 / replaySeconds;
  const steady = (variant: Variant, key: "taskMs" | "scriptMs" | "longTasks" | "longTaskMs") =>
    median((replay.get(variant) ?? []).map((run) => run[key]));
  const added = (on: Variant, off: Variant, key: "taskMs" | "scriptMs" | "longTasks" | "longTaskMs") =>
    (steady(on, key) - steady(off, key)) * perMinute;
  const o = median(snapshot.ours);
  const r = median(snapshot.reference);
  console.log(
    `Capture bench: CPU throttled ${throttle}x, Chromium ${browser.version()}, both SDKs against our server\n`,
  );
  console.log(
    `1. Snapshot of a ${elements}-element page (40 pictures, a canvas, form fields), median of ${runs} page loads`,
  );
  console.log(
    `   ours (takePageSnapshot, HTML with pictures inlined):     ${ms(o)}  (${(median(sizes.ours) / 1024).toFixed(0)} KB report body)`,
  );
  console.log(
    `   ours with the capture's picture (snapdom, in parallel):  ${ms(median(snapshot.oursImage))}`,
  );
  console.log(
    `   reference ${"14.6.7"} (snapshot until the report is sent):   ${ms(r)}  (${(median(sizes.reference) / 1024).toFixed(0)} KB report body)`,
  );
  console.log(`   ours / reference: ${(o / r).toFixed(2)}${o < r ? "" : "  NOT FASTER"}`);
  console.log(
    `   per run, ours: ${snapshot.ours.map((v) => v.toFixed(0)).join(", ")}; reference: ${snapshot.reference.map((v) => v.toFixed(0)).join(", ")}`,
  );
  if (!(o < r)) exitCode = 1;

  console.log(
    `\n2. Replay recorder on a busy page (DOM churn every 100 ms, scroll every 500 ms, pointer moves every 50 ms),` +
      ` ${replaySeconds} s windows, median of ${replayRuns}, scaled to a minute; each SDK with replays on minus off`,
  );
  const rows = [
    ["", "ours", "reference", "ours/ref"],
    ...(["taskMs", "scriptMs", "longTaskMs"] as const).map((key) => {
      const a = added("ours-on", "ours-off", key);
      const b = added("reference-on", "reference-off", key);
      const label = {
        taskMs: "main-thread tasks added per minute",
        scriptMs: "script time added per minute",
        longTaskMs: "long-task time added per minute",
      }[key];
      return [label, ms(a), ms(b), b > 0 && a >= 0 ? (a / b).toFixed(2) : "n/a"];
    }),
    [
      "long tasks added per minute",
      added("ours-on", "ours-off", "longTasks").toFixed(1),
      added("reference-on", "reference-off", "longTasks").toFixed(1),
      "",
    ],
  ];
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? "").length)),
  );
  for (const row of rows)
    console.log(
      `   ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ")}`,
    );
  console.log(
    `   (page alone: ${ms(steady("baseline", "taskMs") * perMinute)} of tasks per minute; SDKs with replays off: ours ` +
      `${ms(steady("ours-off", "taskMs") * perMinute)}, reference ${ms(steady("reference-off", "taskMs") * perMinute)})`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 2;
} finally {
  for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => {});
}
process.exit(exitCode);
