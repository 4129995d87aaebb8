import { defineConfig } from "@playwright/test";
import { chromiumArgs, headlessShell } from "./e2e/support/browsers.ts";
import { currentSlot, e2eLayout } from "./e2e/support/e2e-layout.ts";

/**
 * The browser tests run in parallel, each worker against servers of its own (e2e/support/e2e-layout.ts),
 * started by the global setup from seeded templates after one build. `E2E_WORKERS` sets how many
 * (3 by default: on two cores a third worker fills the time the others wait for the network and for
 * Chromium to paint).
 *
 * Playwright evaluates this file in the runner and again in every worker: the runner chooses the slots
 * and hands them on through the environment; each worker reads its own as the base URL.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);
e2eLayout(workers);
const slot = currentSlot();

// Machine-readable results for npm test's summary, when it asks for them.
const junit = process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE ? [["junit"] as const] : [];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: true,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Three workers share two cores: a test with two browser contexts and an editor can take two to
  // three times as long as it does alone. Specs that need more still set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ...junit],
  // Not test-results/ itself: npm test keeps the other stages' reports there.
  outputDir: "test-results/e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: `http://localhost:${slot.port}`,
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: headlessShell, args: chromiumArgs },
    // Recording a trace of every test to keep the failed ones costs about a fifth of the processor
    // time, and the tests are bound by it: traces on request (E2E_TRACE=1).
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // A failed test's pages are pictured by the specs' own test (e2e/support/spec-test.ts).
    screenshot: "off",
    // As a visitor who asks for less motion: the product's animations are CSS only (no script waits
    // for one to end), and a pulsing hotspot or a loading shimmer repaints every frame while a test
    // waits, 12 to 28 % of the processor time of a spec here. The specs whose subject includes the
    // entrance animations (widget-launcher, widget-outbound) run with motion.
    reducedMotion: "reduce",
  },
});
