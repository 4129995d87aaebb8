import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { buildAll, formatSizeTable } from "../build.ts";
import { loadConfig } from "../src/server/config.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import type { BuildManifest } from "../src/shared/build-manifest.ts";

/**
 * Size budgets: builds everything into a scratch folder and prints raw, gzip and brotli bytes of every
 * output. Then it serves that build, opens the admin in Chromium and adds up what two routes really
 * download (every script and stylesheet the browser requests, brotli as served):
 *   - the eager SDK loader: at most 12 KB brotli;
 *   - the admin sign-in route (`/login`, ALTCHA on, as shipped): at most 100 KB brotli;
 *   - the users list (`/dashboard/users` loaded afresh while signed in): printed, no budget.
 * Exit 1 when a budget is passed.
 */
const loaderBudget = 12 * 1024;
const signInBudget = 100 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Scripts and stylesheets the page requested on our origin, as build-relative paths. */
function routeAssets(requests: string[], origin: string): string[] {
  return [
    ...new Set(
      requests
        .filter((url) => url.startsWith(origin))
        .map((url) => new URL(url).pathname)
        .filter((path) => /\.(js|css)$/.test(path)),
    ),
  ];
}

async function measureRoutes(manifest: BuildManifest, distDir: string, workDir: string) {
  const config = loadConfig({
    PORT: "0",
    MESSENGER_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: join(workDir, "data"),
    DIST_DIR: distDir,
    LOG_LEVEL: "silent",
    DEMO_DATA: "minimal",
    CAPTCHA_PROVIDER: "altcha",
  });
  const server = await startServer(config, createLogger("silent"));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const origin = server.mainUrl.replace("localhost", "127.0.0.1").replace(/\/$/, "");
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(`${origin}/login`);
    await page.locator("input[name=login]").waitFor();
    // The ALTCHA solver chunk is fetched as soon as the form shows; wait for the page to go quiet.
    await page.waitForLoadState("networkidle");
    const signIn = routeAssets(requests, origin);

    await page.locator("input[name=login]").fill("admin@example.com");
    await page.locator("input[name=password]").fill("admin");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(/\/dashboard$/);
    // A fresh load of the list while signed in: everything that route needs, entry included.
    requests.length = 0;
    await page.goto(`${origin}/dashboard/users`);
    await page.getByRole("table").waitFor();
    await page.waitForLoadState("networkidle");
    const usersList = routeAssets(requests, origin);

    const sizes = new Map(
      manifest.files.filter((file) => file.origin === "main").map((file) => [file.path, file]),
    );
    const total = (paths: string[]) =>
      paths.reduce(
        (sum, path) => {
          const file = sizes.get(path);
          if (!file) throw new Error(`the browser fetched ${path}, which the build did not write`);
          return { raw: sum.raw + file.bytes, brotli: sum.brotli + file.brotli, files: sum.files + 1 };
        },
        { raw: 0, brotli: 0, files: 0 },
      );
    return { signIn: total(signIn), usersList: total(usersList) };
  } finally {
    await browser.close();
    await server.stop();
  }
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
} finally {
  await rm(outDir, { recursive: true, force: true });
}
