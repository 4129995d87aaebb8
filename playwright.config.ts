import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Playwright evaluates this file in the runner and again in every worker. Ports and the data folder are
// chosen once, in the runner, and handed to the workers through the environment they inherit.
if (!process.env.E2E_PORT || !process.env.E2E_MESSENGER_PORT || !process.env.E2E_DATA_DIR) {
  const script = `const net = require("node:net");
    const a = net.createServer().listen(0, "127.0.0.1", () => {
      const b = net.createServer().listen(0, "127.0.0.1", () => {
        console.log(a.address().port + " " + b.address().port); a.close(); b.close();
      });
    });`;
  const [main, messenger] = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })
    .trim()
    .split(" ");
  process.env.E2E_PORT = main;
  process.env.E2E_MESSENGER_PORT = messenger;
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "e2e-data-"));
}

export const e2eEnv = {
  PORT: process.env.E2E_PORT,
  MESSENGER_PORT: process.env.E2E_MESSENGER_PORT,
  DATA_DIR: process.env.E2E_DATA_DIR,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  CAPTCHA_PROVIDER: "off",
};

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${e2eEnv.PORT}`,
    browserName: "chromium",
    headless: true,
    launchOptions: {
      // Debian's Chromium: test tools may not download a browser on these machines.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        // Host pages that tests fulfil with page.route have no address, so Local Network Access would
        // count them as public and block their websocket to the localhost server.
        "--disable-features=LocalNetworkAccessChecks",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    // Builds first, so `playwright test` on its own always serves the current code.
    command: "./node_modules/.bin/bun build.ts --quiet && ./node_modules/.bin/bun src/server/main.ts",
    url: `http://127.0.0.1:${e2eEnv.PORT}/healthz`,
    env: e2eEnv as Record<string, string>,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
