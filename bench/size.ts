import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { buildAll, formatSizeTable } from "../build.ts";
import { fullChromiumLaunch } from "../e2e/support/browsers.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import type { BuildManifest } from "../src/shared/build-manifest.ts";
import { benchServerConfig } from "./bench-server-config.ts";
import {
  loaderBudget,
  messengerBudget,
  messengerFirstScreenAssets,
  routeAssets,
  routeSize,
  signInBudget,
  signInRouteAssets,
} from "./size-budgets.ts";

/**
 * Size budgets (size-budgets.ts): builds everything into a scratch folder and prints raw, gzip and
 * brotli bytes of every output. Then it serves that build, opens the admin in Chromium and adds up what
 * the budgeted routes really download (brotli as served), and prints the users list
 * (`/dashboard/users` loaded afresh while signed in) without a budget. Exit 1 when a budget is passed;
 * `npm test` checks the same budgets on its own build (e2e/size-budgets.e2e.ts).
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measureRoutes(manifest: BuildManifest, distDir: string, workDir: string) {
  // Rate limits as shipped: the sign-in route is measured as a visitor gets it.
  const config = benchServerConfig(workDir, distDir, {
    DEMO_DATA: "minimal",
    CAPTCHA_PROVIDER: "altcha",
    RATE_LIMITS: undefined,
  });
  const server = await startServer(config, createLogger("silent"));
  const browser = await chromium.launch(fullChromiumLaunch);
  try {
    const origin = server.mainUrl.replace("localhost", "127.0.0.1").replace(/\/$/, "");
    const page = await browser.newPage();
    const signIn = await signInRouteAssets(page, origin);

    await page.locator("input[name=login]").fill("admin@example.com");
    await page.locator("input[name=password]").fill("admin");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(/\/dashboard$/);
    // A fresh load of the list while signed in: everything that route needs, entry included.
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(`${origin}/dashboard/users`);
    await page.getByRole("table").waitFor();
    await page.waitForLoadState("networkidle");
    const usersList = routeAssets(requests, origin);

    // The messenger's first screen, in a fresh browser context (nothing cached).
    const host = await browser.newContext();
    const messenger = await messengerFirstScreenAssets(
      await host.newPage(),
      server.mainUrl.replace(/\/$/, ""),
      new URL(server.messengerUrl).origin,
    );
    await host.close();
    return {
      signIn: routeSize(manifest, signIn, "main"),
      usersList: routeSize(manifest, usersList, "main"),
      messenger: routeSize(manifest, messenger.scripts, "messenger"),
      messengerCss: routeSize(manifest, messenger.styles, "messenger"),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * A lazy widget chunk's brotli size as the host page pays it when the surface is first used: its own
 * file, the chunks it imports at once (shared with other surfaces, e.g. React) and those it imports
 * later (the capture's picture renderer). Printed, no budget: neither loads on a plain page view.
 */
async function printLazyChunk(manifest: BuildManifest, distDir: string, name: string) {
  const entry = manifest.widgetChunks[name];
  if (!entry) return;
  const sizes = new Map(
    manifest.files.filter((file) => file.origin === "main").map((file) => [file.path, file]),
  );
  const brotliOf = (path: string) => sizes.get(path)?.brotli ?? 0;
  const source = await Bun.file(join(distDir, "main", entry)).text();
  const imports = (pattern: RegExp) =>
    [...source.matchAll(pattern)].map((match) => `/sdk/${(match[1] ?? "").replace(/^\.\//, "")}`);
  const shared = [...new Set(imports(/from\s*"(\.\/[^"]+\.js)"/g))];
  const later = [...new Set(imports(/import\(\s*"(\.\/[^"]+\.js)"\s*\)/g))];
  const total = (paths: string[]) => paths.reduce((sum, path) => sum + brotliOf(path), 0);
  console.log(
    `${name} chunk (lazy, loaded when used): ${kb(brotliOf(entry))} brotli itself, ` +
      `${kb(total(shared))} in ${shared.length} chunks it imports at once (shared with other surfaces${name === "capture" ? "; React" : ""})` +
      (later.length > 0 ? `, ${kb(total(later))} loaded later (${later.length} chunk)` : ""),
  );
}

const outDir = await mkdtemp(join(tmpdir(), "bench-size-"));
try {
  const manifest = await buildAll({ outDir });
  const sdk = manifest.files.filter((file) => file.origin === "main" && file.path.startsWith("/sdk/"));
  const apps = manifest.files.filter((file) => file.path.startsWith("/assets/"));
  console.log("Widget SDK (/sdk)\n");
  console.log(formatSizeTable(sdk));
  console.log("\nApps\n");
  console.log(formatSizeTable(apps));

  const loader = sdk.find((file) => file.path === "/sdk/loader.js");
  if (!loader) throw new Error("the build wrote no /sdk/loader.js");
  const verdict = loader.brotli <= loaderBudget ? "within" : "OVER";
  console.log(
    `\nloader.js: ${loader.brotli} B brotli, ${verdict} the ${loaderBudget} B budget ` +
      `(${((loader.brotli / loaderBudget) * 100).toFixed(0)} %)`,
  );
  if (loader.brotli > loaderBudget) process.exitCode = 1;
  const late = sdk.find((file) => file.path === manifest.widgetChunks.late);
  if (late)
    console.log(`loader's late file (every page view, fetched beside the session): ${late.brotli} B brotli`);
  for (const name of ["capture", "replay", "builder", "tours", "copilot", "tooltips", "checklist"])
    await printLazyChunk(manifest, outDir, name);

  const routes = await measureRoutes(manifest, outDir, outDir);
  const signInVerdict = routes.signIn.brotli <= signInBudget ? "within" : "OVER";
  console.log(
    `admin sign-in route (/login): ${routes.signIn.files} files, ${kb(routes.signIn.raw)} raw, ` +
      `${kb(routes.signIn.brotli)} brotli, ${signInVerdict} the ${kb(signInBudget)} budget ` +
      `(${((routes.signIn.brotli / signInBudget) * 100).toFixed(0)} %)`,
  );
  console.log(
    `admin users list (/dashboard/users, a fresh load signed in): ${routes.usersList.files} files, ` +
      `${kb(routes.usersList.raw)} raw, ${kb(routes.usersList.brotli)} brotli`,
  );
  if (routes.signIn.brotli > signInBudget) process.exitCode = 1;
  const messengerVerdict = routes.messenger.brotli <= messengerBudget ? "within" : "OVER";
  console.log(
    `messenger first screen (home in the frame): ${routes.messenger.files} scripts, ` +
      `${kb(routes.messenger.raw)} raw, ${kb(routes.messenger.brotli)} brotli of JavaScript, ` +
      `${messengerVerdict} the ${kb(messengerBudget)} budget ` +
      `(${((routes.messenger.brotli / messengerBudget) * 100).toFixed(0)} %); ` +
      `stylesheets ${kb(routes.messengerCss.brotli)} brotli`,
  );
  if (routes.messenger.brotli > messengerBudget) process.exitCode = 1;
} finally {
  await rm(outDir, { recursive: true, force: true });
}
