import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { buildAll } from "../build.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { benchServerConfig } from "./bench-server-config.ts";
import { snippetHostPage } from "./host-page.ts";

/**
 * Time to an interactive messenger (issue 13's budget: the first screen is interactive within 1 s
 * under 4× CPU throttling in Chromium, median of 5).
 *
 * Builds into a scratch folder, serves it with the real server (demo project), and five times, each
 * in a fresh browser context (nothing cached): a host page with our loader waits for the SDK's
 * `initialized`, the CPU is throttled 4× through the DevTools protocol, and the launcher is clicked.
 * The clock runs from that click until the home screen is interactive: its first action button is
 * there and enabled, a click on it is handled and the app has moved to that action's screen. Both
 * ends are taken inside the page (`performance.timeOrigin + now()`, comparable across the host page
 * and the frame), so no polling from here adds to the figure. Prints each run and the median; exit 1
 * over 1000 ms.
 */
const runs = 5;
const throttle = 4;
const budgetMs = 1000;

/**
 * Runs in every frame before its scripts. In the messenger frame it waits for the first home action
 * to be enabled, clicks it, and notes when the click has changed the screen.
 */
function watchMessenger(messengerOrigin: string) {
  if (location.origin !== messengerOrigin) return;
  const now = () => performance.timeOrigin + performance.now();
  const state = window as unknown as { benchClicked?: number; benchDone?: number };
  const check = () => {
    if (state.benchDone) return;
    if (state.benchClicked) {
      const screen = document.querySelector<HTMLElement>("[data-testid=frame-app]")?.dataset.screen;
      if (screen && screen !== "home") {
        state.benchDone = now();
        observer.disconnect();
      }
      return;
    }
    const action = document.querySelector<HTMLButtonElement>("[data-home-action]");
    if (!action || action.disabled) return;
    state.benchClicked = now();
    action.click();
    check();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

const hostPage = snippetHostPage("A host page");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const workDir = await mkdtemp(join(tmpdir(), "bench-messenger-"));
try {
  await buildAll({ outDir: join(workDir, "dist") });
  const config = benchServerConfig(workDir, join(workDir, "dist"), { DEMO_DATA: "minimal" });
  const server = await startServer(config, createLogger("silent"));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    // Host pages fulfilled by page.route have no address: Local Network Access would block their calls.
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-features=LocalNetworkAccessChecks"],
  });
  const mainUrl = server.mainUrl.replace(/\/$/, "");
  const messengerOrigin = new URL(server.messengerUrl).origin;
  const times: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: mainUrl }]);
      await context.addInitScript(watchMessenger, messengerOrigin);
      const page = await context.newPage();
      await page.route("**/bench-host", (route) =>
        route.fulfill({ contentType: "text/html", body: hostPage }),
      );
      await page.goto(`${mainUrl}/bench-host`);
      await page.waitForFunction(() => (window as unknown as { gleapReady?: boolean }).gleapReady === true);

      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
      const started = await page.getByTestId("gleap-launcher").evaluate((launcher: HTMLElement) => {
        const at = performance.timeOrigin + performance.now();
        launcher.click();
        return at;
      });
      const frame = await (async () => {
        for (;;) {
          const found = page.frames().find((candidate) => candidate.url().startsWith(messengerOrigin));
          if (found) return found;
          await page.waitForTimeout(5);
        }
      })();
      // A cross-process frame (site isolation) has its own target: throttle it too.
      await context
        .newCDPSession(frame)
        .then((session) => session.send("Emulation.setCPUThrottlingRate", { rate: throttle }))
        .catch(() => {});
      const done = await frame.waitForFunction(
        () => (window as unknown as { benchDone?: number }).benchDone,
        null,
        {
          timeout: 30_000,
          polling: 50,
        },
      );
      const elapsed = ((await done.jsonValue()) as number) - started;
      times.push(elapsed);
      console.log(`run ${run}: ${elapsed.toFixed(0)} ms from the launcher click to a handled click on home`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const result = median(times);
  const verdict = result <= budgetMs ? "within" : "OVER";
  console.log(
    `messenger interactive, ${throttle}× CPU throttling, median of ${runs}: ${result.toFixed(0)} ms, ` +
      `${verdict} the ${budgetMs} ms budget`,
  );
  if (result > budgetMs) process.exitCode = 1;
} finally {
  await rm(workDir, { recursive: true, force: true });
}
