import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "@playwright/test";
import {
  loaderBudget,
  messengerBudget,
  messengerFirstScreenAssets,
  routeSize,
  signInBudget,
  signInRouteAssets,
} from "../bench/size-budgets.ts";
import type { BuildManifest } from "../src/shared/build-manifest.ts";
import { altchaEnv } from "./support/e2e-servers.ts";
import { mainOrigin, messengerOrigin } from "./support/host-page.ts";
import { test } from "./support/spec-test.ts";

// The size budgets of docs/performance.md, checked on the build every browser test runs against (bench/size.ts
// prints the same figures for a scratch build). Each fails with the size it found.
const manifest = async (): Promise<BuildManifest> =>
  JSON.parse(await readFile(join(process.cwd(), "dist", "manifest.json"), "utf8")) as BuildManifest;

test("the eager SDK loader stays within its 10 KB brotli budget", async () => {
  const loader = (await manifest()).files.find(
    (file) => file.origin === "main" && file.path === "/sdk/loader.js",
  );
  expect(loader, "the build wrote no /sdk/loader.js").toBeDefined();
  expect(loader?.brotli, `loader.js is ${loader?.brotli} B brotli`).toBeLessThanOrEqual(loaderBudget);
});

test("the admin sign-in route, as shipped with ALTCHA, stays within its 100 KB brotli budget", async ({
  page,
}) => {
  const size = routeSize(
    await manifest(),
    await signInRouteAssets(page, `http://localhost:${altchaEnv.PORT}`),
    "main",
  );
  expect(size.files).toBeGreaterThan(1);
  expect(size.brotli, `/login downloads ${size.files} files, ${size.brotli} B brotli`).toBeLessThanOrEqual(
    signInBudget,
  );
});

test("the messenger's first screen stays within its 80 KB brotli budget of JavaScript", async ({ page }) => {
  const { scripts } = await messengerFirstScreenAssets(page, mainOrigin, messengerOrigin);
  const size = routeSize(await manifest(), scripts, "messenger");
  expect(size.files).toBeGreaterThan(0);
  expect(
    size.brotli,
    `the first screen loads ${size.files} scripts, ${size.brotli} B brotli`,
  ).toBeLessThanOrEqual(messengerBudget);
});
